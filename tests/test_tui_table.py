"""The table's controls, each from a prepared position, driven through keys and clicks.

The app keeps time on a `HandClock`: nothing moves unless the test moves the clock on
(`wait`, `settle`), and computers wait a minute between moves besides, so every assertion
sees the table right after the player's own key.
"""

from __future__ import annotations

import gc
import re

import pytest
from textual.widgets import RichLog

from colorcards.engine import Colour, get_preset, play
from colorcards.tui.app import ColorCardsApp
from colorcards.tui.screens.chooser import ColourChooser
from colorcards.tui.screens.help import HelpScreen
from colorcards.tui.screens.pause import PauseMenu
from colorcards.tui.widgets import LogStrip
from engine_helpers import position
from tui_table_helpers import (
    HandClock,
    check_table,
    flat,
    screen_text,
    seat_position,
    settle,
    shown,
    wait,
)


def _app(tmp_path) -> ColorCardsApp:
    return ColorCardsApp(data_dir=tmp_path, delay=60, clock=HandClock())


async def _table(pilot, game, **kwargs):
    controller = seat_position(pilot.app, game, **kwargs)
    await pilot.pause()
    await pilot.pause()
    return controller


async def test_play_a_card_by_number_and_the_screen_follows(tmp_path):
    """Pressing a card's number plays it; hand, pile and tags then show the engine's state."""
    game = position("top=R3 | you: R5 B7 G2 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2")
    async with _app(tmp_path).run_test(size=(80, 24)) as pilot:
        ctl = await _table(pilot, game)
        check_table(pilot.app)
        assert "Your turn: play ● Red or 3" in shown(pilot.app)
        index = ctl.hand().index(game.hands[0][0] if game.hands[0][0].code == "R5" else
                                 next(c for c in ctl.hand() if c.code == "R5"))
        await pilot.press(str(index + 1))
        assert game.top.code == "R5"
        assert game.current == 1
        text = check_table(pilot.app)
        assert "You played Red 5." in flat(text)
        assert "Lily is playing" in flat(text)


async def test_a_new_colour_repaints_the_ring_not_the_boxes_that_stayed(tmp_path, monkeypatch):
    """A card of a new colour recolours the ring's border and title; the draw pile and the
    direction line, unchanged, are not repainted (a colour in the ring's stylesheet
    rules would repaint every box inside it)."""
    from textual.widget import Widget

    game = position("top=R3 | you: B3 B7 G2 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2")
    async with _app(tmp_path).run_test(size=(80, 24)) as pilot:
        ctl = await _table(pilot, game)
        ring = pilot.app.screen.query_one("#ring")
        assert ring.has_class("-red")
        red = ring.styles.border_top[1]
        repainted: list[str | None] = []
        refresh = Widget.refresh

        def recording(self, *args, **kwargs):
            repainted.append(self.id)
            return refresh(self, *args, **kwargs)

        monkeypatch.setattr(Widget, "refresh", recording)
        await pilot.press(str(ctl.hand().index(next(c for c in ctl.hand() if c.code == "B3")) + 1))
        assert game.top.code == "B3"
        assert ring.has_class("-blue")
        blue = ring.styles.border_top[1]
        assert blue != red
        assert "To match: ■ Blue" in check_table(pilot.app)
        assert ring.border_title == f"[{blue.hex}]To match: ■ Blue square[/{blue.hex}]"
        assert "ring" in repainted and "match" in repainted
        assert "draw-pile" not in repainted and "direction" not in repainted


@pytest.mark.parametrize("size", [(80, 24), (100, 32)])
async def test_with_two_in_play_the_ring_says_skip_and_reverse_whole(tmp_path, size):
    """Played in tmux (issue 30): with two players left the ring's line was cut to
    'Skip, Reverse = go' at 80 columns. It reads whole at both sizes."""
    from colorcards.tui.widgets.ring import two_in_play

    # Classic plays on: Lily and Zoe are out, their boxes still beside the ring.
    game = position("top=R3 out=1,3 | you: R5 B7 G2 | lily: | max: Y1 Y2 Y3 | zoe:", "classic")
    async with _app(tmp_path).run_test(size=size) as pilot:
        await _table(pilot, game, preset="classic")
        rows = [row for row in screen_text(pilot.app).splitlines() if "Skip" in row]
        assert len(rows) == 1 and two_in_play(game.rules) in rows[0]
        assert "Skip or Reverse: go again" in rows[0]


async def test_illegal_card_shakes_and_says_why(tmp_path):
    """A card that does not match stays in the hand and the engine's reason is shown."""
    game = position("top=R3 | you: B7 R5 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2")
    async with _app(tmp_path).run_test(size=(80, 24)) as pilot:
        ctl = await _table(pilot, game)
        index = next(i for i, c in enumerate(ctl.hand()) if c.code == "B7")
        await pilot.press(str(index + 1))
        assert len(game.hands[0]) == 2 and game.top.code == "R3"
        assert "Blue 7 does not match Red 3" in shown(pilot.app)
        assert pilot.app.screen.query_one("#status").has_class("-warning")


async def test_arrow_keys_select_and_enter_plays(tmp_path):
    """Left/Right move the selection; Enter plays the selected card."""
    game = position("top=R3 | you: B7 G2 R5 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2")
    async with _app(tmp_path).run_test(size=(80, 24)) as pilot:
        ctl = await _table(pilot, game)
        hand = pilot.app.screen.query_one("Hand")
        target = next(i for i, c in enumerate(ctl.hand()) if c.code == "R5")
        hand.selected = 2
        for _ in range(2 - target):
            await pilot.press("left")
        assert hand.selected == target
        await pilot.press("right", "left", "enter")
        assert game.top.code == "R5"


async def test_draw_then_pass(tmp_path):
    """D draws; a playable drawn card is selected and P passes instead of playing it."""
    game = position("top=R3 | you: B7 G2 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2 | pile: R9 ...")
    async with _app(tmp_path).run_test(size=(80, 24)) as pilot:
        ctl = await _table(pilot, game)
        await pilot.press("d")
        assert game.phase == "drawn" and game.drawn.code == "R9"
        hand = pilot.app.screen.query_one("Hand")
        assert ctl.hand()[hand.selected].code == "R9"
        text = check_table(pilot.app)
        assert "You drew Red 9" in flat(text) and "P passes" in flat(text)
        await pilot.press("p")
        assert game.current == 1 and len(game.hands[0]) == 3
        assert "You passed." in shown(pilot.app)


async def test_click_the_draw_pile_and_a_card(tmp_path):
    """A click on the pile draws; a click on a card plays it."""
    game = position("top=R3 | you: B7 G2 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2 | pile: R9 ...")
    async with _app(tmp_path).run_test(size=(80, 24)) as pilot:
        ctl = await _table(pilot, game)
        await pilot.click("#draw-pile")
        assert game.phase == "drawn"
        index = ctl.hand().index(game.drawn)
        await pilot.click("#hand", offset=(2 + 9 * index + 3, 2))
        assert game.top.code == "R9" and game.current == 1


async def test_stack_a_draw_two(tmp_path):
    """Facing +2 with stacking on, playing a Draw Two passes +4 on to the next player."""
    game = position("top=R+2 | you: B+2 G5 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2",
                    pending=2)
    async with _app(tmp_path).run_test(size=(80, 24)) as pilot:
        ctl = await _table(pilot, game)
        text = shown(pilot.app)
        assert "You must draw 2: pass them on with a Draw Two," in flat(text)
        index = next(i for i, c in enumerate(ctl.hand()) if c.code == "B+2")
        await pilot.press(str(index + 1))
        assert game.pending == 4 and game.current == 1
        text = check_table(pilot.app)
        assert "+4 on Lily" in flat(text)


async def test_take_the_penalty_with_d(tmp_path):
    """Facing +2, D (or A) takes the cards and the turn passes."""
    game = position("top=R+2 | you: B3 G5 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2", pending=2)
    async with _app(tmp_path).run_test(size=(80, 24)) as pilot:
        await _table(pilot, game)
        await pilot.press("d")
        assert len(game.hands[0]) == 4 and game.current == 1 and game.pending == 0
        check_table(pilot.app)


async def test_challenge_a_bluff(tmp_path):
    """X challenges a Wild Draw Four; a bluffer draws four and the log says so."""
    rules = get_preset("classic").rules(draw_four="challenge")
    game = position("top=W+4 colour=blue | you: B3 G5 | lily: Y1 Y2 | max: G4 G5 | zoe: R1 R2",
                    rules, phase="challenge", challenge_from=3, challenge_bluff=True)
    async with _app(tmp_path).run_test(size=(80, 24)) as pilot:
        await _table(pilot, game, preset="classic")
        assert "Zoe played a Wild Draw Four on you" in shown(pilot.app)
        await pilot.press("x")
        assert len(game.hands[3]) == 6 and game.current == 0
        text = check_table(pilot.app)
        assert "Zoe was bluffing" in flat(text)


async def test_accept_a_wild_draw_four(tmp_path):
    """A accepts the Wild Draw Four: four cards and the turn is lost."""
    rules = get_preset("classic").rules(draw_four="challenge")
    game = position("top=W+4 colour=blue | you: B3 G5 | lily: Y1 Y2 | max: G4 G5 | zoe: R1 R2",
                    rules, phase="challenge", challenge_from=3)
    async with _app(tmp_path).run_test(size=(80, 24)) as pilot:
        await _table(pilot, game, preset="classic")
        await pilot.press("a")
        assert len(game.hands[0]) == 6 and game.current == 1
        check_table(pilot.app)


async def test_call_last_card_before_playing(tmp_path):
    """L with two cards calls Last Card; playing down to one then costs nothing."""
    game = position("top=R3 | you: R5 R6 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2")
    async with _app(tmp_path).run_test(size=(80, 24)) as pilot:
        ctl = await _table(pilot, game)
        assert "press L to call Last Card" in shown(pilot.app)
        await pilot.press("l")
        assert game.called[0]
        assert "LAST CARD called" in shown(pilot.app)
        await pilot.press("1")
        assert len(game.hands[0]) == 1
        assert len(ctl.hand()) == 1


async def test_forgetting_last_card_costs_two(tmp_path):
    """Playing down to one without L under auto-penalty draws two at once."""
    game = position("top=R3 | you: R5 R6 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2")
    async with _app(tmp_path).run_test(size=(80, 24)) as pilot:
        await _table(pilot, game)
        await pilot.press("1")
        assert len(game.hands[0]) == 3
        assert "Red 5 — you did not call Last Card and draw 2 cards:" in shown(pilot.app)


async def test_last_card_in_the_window(tmp_path):
    """Classic: forget the call and the 3-second window opens; L in it saves you."""
    game = position("top=R3 | you: R5 R6 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2", "classic")
    async with _app(tmp_path).run_test(size=(80, 24)) as pilot:
        await _table(pilot, game, preset="classic")
        await pilot.press("1")
        assert game.phase == "window"
        text = shown(pilot.app)
        assert "call now - you can be caught" in text and "press L now" in text
        await pilot.press("l")
        assert game.called[0] and game.phase == "turn" and game.current == 1
        assert "You called Last Card!" in shown(pilot.app)


async def test_catch_a_computer(tmp_path):
    """C catches a computer that went down to one card without calling: it draws two."""
    game = position("top=R3 | you: R5 R6 B2 | lily: Y1 | max: G4 G5 | zoe: B1 B2", "party",
                    current=2, vulnerable=1)
    async with _app(tmp_path).run_test(size=(80, 24)) as pilot:
        await _table(pilot, game, preset="party")
        text = shown(pilot.app)
        assert "Lily did not call Last Card: press C" in flat(text)
        assert pilot.app.screen.query_one("#tag-1").has_class("-catchable")
        await pilot.press("c")
        assert len(game.hands[1]) == 3 and game.vulnerable is None
        text = check_table(pilot.app)
        assert "You caught Lily without a Last Card call" in flat(text)


async def test_nobody_to_catch_says_so(tmp_path):
    """C with nobody to catch explains instead of doing nothing."""
    game = position("top=R3 | you: R5 R6 B2 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2", "party")
    async with _app(tmp_path).run_test(size=(80, 24)) as pilot:
        await _table(pilot, game, preset="party")
        await pilot.press("c")
        assert "Nobody can be caught now" in shown(pilot.app)


async def test_wild_opens_the_colour_chooser(tmp_path):
    """A Wild asks for a colour (the one held most pre-selected); 3 picks Yellow."""
    game = position("top=R3 | you: W B7 B8 G2 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2")
    async with _app(tmp_path).run_test(size=(80, 24)) as pilot:
        ctl = await _table(pilot, game)
        index = next(i for i, c in enumerate(ctl.hand()) if c.code == "W")
        await pilot.press(str(index + 1))
        await pilot.pause()
        chooser = pilot.app.screen
        assert isinstance(chooser, ColourChooser)
        assert chooser.colour is Colour.BLUE
        await pilot.press("3")
        await pilot.pause()
        assert game.active_colour is Colour.YELLOW and game.top.code == "W"
        text = check_table(pilot.app)
        assert "You played Wild and named Yellow" in flat(text)
        assert "To match: ▲ Yellow triangle" in flat(text)


def _status_said(monkeypatch) -> list[str]:
    """Every text the status line is given from now on, in order (a thinking mark is
    replaced before a test's next look at the screen)."""
    from colorcards.tui.widgets import StatusLine

    said: list[str] = []
    say = StatusLine.say
    monkeypatch.setattr(StatusLine, "say", lambda self, text, warning=False: (
        said.append(text), say(self, text, warning)))
    return said


async def test_hint_selects_what_hard_would_play(tmp_path, monkeypatch):
    """H asks the coach (a thinking mark meanwhile) and selects its card; Enter plays it."""
    said = _status_said(monkeypatch)
    game = position("top=R3 | you: B7 R5 G3 Y9 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2")
    async with _app(tmp_path).run_test(size=(80, 24)) as pilot:
        ctl = await _table(pilot, game)
        await pilot.press("h")
        await pilot.app.clock.finished()  # the hint is thought out in a thread
        await pilot.pause()
        text = shown(pilot.app)
        assert "Hint: " in flat(text)
        hinted_at = next(i for i, t in enumerate(said) if t.startswith("Hint:"))
        assert any("coach is thinking" in t for t in said[:hinted_at])
        hand = pilot.app.screen.query_one("Hand")
        hinted = ctl.hand()[hand.selected]
        assert hinted.code in ("R5", "G3")
        await pilot.press("enter")
        assert game.top is hinted


async def test_a_hint_down_to_one_card_calls_last_card_and_enter_does_both(tmp_path,
                                                                            monkeypatch):
    """With two cards and one to play, the coach weighs the card with Last Card called:
    the hint says to call first, and Enter calls and plays, so nobody can catch you."""
    said = _status_said(monkeypatch)
    game = position("top=R3 | you: R5 G2 | lily: Y1 Y2 Y4 | max: G4 G5 G6 | zoe: B1 B2 B4")
    async with _app(tmp_path).run_test(size=(100, 32)) as pilot:
        await _table(pilot, game)
        await pilot.press("h")
        await pilot.app.clock.finished()  # the hint is thought out in a thread
        await pilot.pause()
        assert "Hint: call Last Card, then play Red 5 ●. Enter does both." in said
        assert "Hint: call Last Card" in flat(shown(pilot.app))
        await pilot.press("enter")
        assert game.top.code == "R5" and len(game.hands[0]) == 1
        assert game.called[0] and game.vulnerable is None


async def test_enter_follows_a_hint_to_draw(tmp_path):
    """With nothing to play the hint is to draw, and Enter then draws."""
    game = position("top=R3 | you: B7 G2 Y9 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2")
    async with _app(tmp_path).run_test(size=(80, 24)) as pilot:
        ctl = await _table(pilot, game)
        await pilot.press("h")
        await pilot.app.clock.finished()  # the hint is thought out in a thread
        await pilot.pause()
        assert "Hint: draw a card" in flat(shown(pilot.app))
        await pilot.press("enter")
        await pilot.pause()
        assert len(ctl.hand()) == 4
        assert any(e.kind == "drew" and e.seat == 0 for e in game.history)


async def test_sort_and_move_cards(tmp_path):
    """S sorts by colour then by number; Shift+Right moves the selected card."""
    game = position("top=R3 | you: G2 B7 R5 R1 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2")
    async with _app(tmp_path).run_test(size=(80, 24)) as pilot:
        ctl = await _table(pilot, game)
        assert [c.code for c in ctl.hand()] == ["R1", "R5", "B7", "G2"]  # dealt by colour
        await pilot.press("s")
        assert [c.code for c in ctl.hand()] == ["R1", "G2", "R5", "B7"]
        await pilot.press("s")
        assert [c.code for c in ctl.hand()] == ["R1", "R5", "B7", "G2"]
        await pilot.press("s")
        assert [c.code for c in ctl.hand()] == ["R1", "G2", "R5", "B7"]
        hand = pilot.app.screen.query_one("Hand")
        hand.selected = 0
        await pilot.press("shift+right")
        assert [c.code for c in ctl.hand()] == ["G2", "R1", "R5", "B7"]
        assert hand.selected == 1
        assert ctl.save_meta().as_json()["hand"] == ["G2", "R1", "R5", "B7"]


async def test_help_and_pause_menu(tmp_path):
    """? shows every key; Escape pauses; Escape again resumes the same table."""
    game = position("top=R3 | you: R5 B7 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2")
    async with _app(tmp_path).run_test(size=(80, 24)) as pilot:
        ctl = await _table(pilot, game)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(pilot.app.screen, HelpScreen)
        assert "Shift" in shown(pilot.app)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(pilot.app.screen, PauseMenu)
        assert ctl.paused
        await pilot.press("escape")
        await pilot.pause()
        assert not ctl.paused
        check_table(pilot.app)


async def test_turn_timer_draws_for_you(tmp_path):
    """When the turn timer runs out the player draws one card and the turn ends."""
    rules = get_preset("color-cards").rules(turn_timer=30)
    game = position("top=R3 | you: R5 B7 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2", rules)
    async with _app(tmp_path).run_test(size=(80, 24)) as pilot:
        ctl = await _table(pilot, game, turn_seconds=3)  # the rules' 30 s, made short
        assert ctl.turn_deadline is not None and 0 < ctl.turn_left() <= 3
        assert re.search(r"⏱ \d s", shown(pilot.app))
        await wait(pilot, 2.9)
        assert len(game.hands[0]) == 2 and game.current == 0
        await wait(pilot, 0.2)
        assert len(game.hands[0]) == 3 and game.current == 1
        assert "You ran out of time" in shown(pilot.app)


async def test_resize_moves_the_log_beside_the_table(tmp_path):
    """Wide terminals get the log in a column; narrow ones a strip under the ring."""
    game = position("top=R3 | you: R5 B7 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2")
    async with _app(tmp_path).run_test(size=(80, 24)) as pilot:
        await _table(pilot, game)
        screen = pilot.app.screen
        assert screen.query_one("#log").display and not screen.query_one("#side-log").display
        await pilot.resize_terminal(130, 40)
        await pilot.pause()
        assert screen.has_class("-wide")
        assert screen.query_one("#side-log").display and not screen.query_one("#log").display
        check_table(pilot.app)


@pytest.mark.parametrize("size", [(80, 24), (130, 40)], ids=["log strip", "log column"])
async def test_the_log_shows_a_move_in_the_frame_that_shows_the_move(tmp_path, size):
    """A long log is scrolled to its new line at once, not a refresh later."""
    game = position("top=R3 | you: R5 B7 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2")
    async with _app(tmp_path).run_test(size=size) as pilot:
        ctl = await _table(pilot, game, log=[f"Earlier move {n}." for n in range(60)])
        screen = pilot.app.screen
        log = screen.query_one("#side-log" if screen.has_class("-wide") else "#log")
        if not screen.has_class("-wide"):  # the strip holds the last whole lines only
            ctl.act(play(game.hands[0][0]))
            assert "You played" in log.text
            return
        assert log.max_scroll_y > 0
        ctl.act(play(game.hands[0][0]))  # a move the table is told of at once
        assert log.scroll_y == log.max_scroll_y


async def test_the_logs_kept_style_follows_a_change_of_theme(tmp_path):
    """The log keeps its style between redraws, and takes the new one when the theme changes."""
    game = position("top=R3 | you: R5 B7 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2")
    async with _app(tmp_path).run_test(size=(130, 40)) as pilot:
        await _table(pilot, game)
        log = pilot.app.screen.query_one("#side-log")
        dark = log.rich_style
        pilot.app.theme = "textual-light"
        await pilot.pause()
        assert log.rich_style != dark
        assert log.rich_style == RichLog.rich_style.fget(log)  # worked out afresh


async def test_the_footer_lets_go_of_the_keys_it_replaced(tmp_path):
    """Each change of the usable keys composes the footer again; the old keys are freed."""
    game = position("top=R3 | you: R5 B7 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2")
    async with _app(tmp_path).run_test(size=(80, 24)) as pilot:
        await _table(pilot, game)
        screen = pilot.app.screen
        for _ in range(5):
            screen.refresh_bindings()
            await pilot.pause()
            await pilot.pause()
        gc.collect()
        alive = [o for o in gc.get_objects() if type(o).__name__ == "FooterKey"]
        assert alive and all(key.is_attached for key in alive)


async def test_the_table_leaves_its_objects_out_of_collections_while_it_is_up(tmp_path):
    """Frozen for the garbage collector while the table is up, thawed when it goes."""
    game = position("top=R3 | you: R5 B7 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2")
    async with _app(tmp_path).run_test(size=(80, 24)) as pilot:
        await _table(pilot, game)
        assert gc.get_freeze_count() > 0
        pilot.app.show_title()
        await pilot.pause()
        await pilot.pause()
        assert gc.get_freeze_count() == 0


async def test_collections_wait_for_the_frame_after_a_key(tmp_path):
    """A key holds Python's garbage collector until its frame is drawn, then lets it go:
    once the hold is over on the app's clock, and when the app closes whatever the hold."""
    game = position("top=R3 | you: R5 B7 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2")
    from colorcards.tui.collector import HOLD as hold

    async with _app(tmp_path).run_test(size=(80, 24)) as pilot:
        await _table(pilot, game)
        assert gc.isenabled()
        await pilot.press("right")
        assert not gc.isenabled()  # the frame is drawn; the hold is not over on the clock
        await wait(pilot, hold / 2)
        await pilot.press("left")  # already held: the hold goes on from the first key
        assert not gc.isenabled()
        await wait(pilot, hold / 2)
        assert gc.isenabled()
        await pilot.press("right")
        assert not gc.isenabled()
    assert gc.isenabled()  # the app closed inside the hold: collections run again


async def test_collections_held_elsewhere_are_left_alone(tmp_path):
    """The collector turned off by someone else stays off after a key and after the app."""
    game = position("top=R3 | you: R5 B7 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2")
    gc.disable()
    try:
        async with _app(tmp_path).run_test(size=(80, 24)) as pilot:
            await _table(pilot, game)
            await pilot.press("right")
            await pilot.pause()
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()


async def test_a_computer_catches_you(tmp_path):
    """Forget Last Card in Party and a Hard computer catches you: two cards, said in words."""
    game = position("top=R3 | you: R5 R6 | lily: Y1 Y2 Y3 | max: G4 G5 | zoe: B1 B2", "party")
    async with _app(tmp_path).run_test(size=(80, 24)) as pilot:
        ctl = await _table(pilot, game, preset="party", difficulty="hard", delay=0)
        ctl.grace = 0  # no time to call it late: the computers react at once
        await pilot.press("1")
        await settle(pilot)
        caught = [e for e in game.history if e.kind == "caught"]
        assert caught and caught[0].seat == 0
        assert "caught you without a Last Card call" in " ".join(ctl.log)


async def test_controls_can_be_clicked(tmp_path):
    """The control bar's Draw is a button too."""
    game = position("top=R3 | you: B7 G2 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2 | pile: G9 ...")
    async with _app(tmp_path).run_test(size=(80, 24)) as pilot:
        await _table(pilot, game)
        await pilot.click("#controls", offset=(2, 0))
        assert len(game.hands[0]) == 3 and game.current == 1


async def test_ascii_only_table(tmp_path, monkeypatch):
    """With COLORCARDS_ASCII=1 the table draws shapes and borders in plain ASCII."""
    monkeypatch.setenv("COLORCARDS_ASCII", "1")
    game = position("top=R3 | you: R5 B7 Y1 G2 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2")
    async with _app(tmp_path).run_test(size=(80, 24)) as pilot:
        await _table(pilot, game)
        text = shown(pilot.app)
        assert "To match: o Red circle" in text
        assert all(face in text for face in ("o 5", "# 7", "^ 1", "* 2"))
        assert not any(glyph in text for glyph in "●■▲◆╭")


async def test_title_statistics_and_back(tmp_path):
    """From the title, Statistics and Rules open and come back to the title."""
    from colorcards.tui.screens.stats import StatsScreen
    from colorcards.tui.screens.title import TitleScreen

    async with _app(tmp_path).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(pilot.app.screen, TitleScreen)
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(pilot.app.screen, StatsScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(pilot.app.screen, TitleScreen)
        await pilot.press("q")
        await pilot.pause()
    assert pilot.app.return_value == 0


# ---------------------------------------------------------------- issue 12: what a new player hit


def _log_text(log) -> str:
    """What a log widget holds, flattened (wrapped lines joined)."""
    if isinstance(log, LogStrip):
        return flat(log.text)
    return flat(" ".join(strip.text for strip in log.lines))


@pytest.mark.parametrize("size", [(80, 24), (130, 40)], ids=["log strip", "log column"])
async def test_a_full_log_does_not_freeze_the_table(tmp_path, size):
    """Continue a match whose log is full (the controller keeps LOG_KEEP lines and drops
    the oldest): each new move still reaches the screen's log."""
    from colorcards.session.controller import LOG_KEEP

    game = position("top=R3 | you: R5 R6 B7 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2")
    full = [f"Earlier move {n}." for n in range(LOG_KEEP)]
    async with _app(tmp_path).run_test(size=size) as pilot:
        ctl = await _table(pilot, game, log=full)
        screen = pilot.app.screen
        log = screen.query_one("#side-log" if screen.has_class("-wide") else "#log")
        assert _log_text(log).endswith(f"Earlier move {LOG_KEEP - 1}.")
        await pilot.press("1")  # R5 (the hand is sorted by colour)
        await pilot.pause()
        assert len(ctl.log) == LOG_KEEP and ctl.log[-1] == "You played Red 5."
        assert _log_text(log).endswith("You played Red 5.")


async def test_the_keys_page_pauses_the_turn_timer(tmp_path):
    """? over the table stops the turn timer (no card drawn behind it); it goes on after."""
    rules = get_preset("color-cards").rules(turn_timer=30)
    game = position("top=R3 | you: R5 B7 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2", rules)
    async with _app(tmp_path).run_test(size=(80, 24)) as pilot:
        ctl = await _table(pilot, game, turn_seconds=6.0)  # the rules' 30 s, made short
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(pilot.app.screen, HelpScreen)
        assert ctl.paused and ctl.turn_left() is None
        await wait(pilot, 60)
        assert len(game.hands[0]) == 2 and game.current == 0  # nothing drawn behind it
        await pilot.press("escape")
        await pilot.pause()
        assert not ctl.paused and ctl.turn_left() == 6.0  # where it stopped
        await wait(pilot, 5.9)
        assert len(game.hands[0]) == 2
        await wait(pilot, 0.2)  # and it runs out
        assert len(game.hands[0]) == 3 and "You ran out of time" in shown(pilot.app)


async def test_the_colour_chooser_and_the_story_pause_the_computers(tmp_path):
    """While the colour chooser or the match story is up, no computer plays."""
    game = position("top=R3 | you: W B7 B8 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2")
    async with _app(tmp_path).run_test(size=(80, 24)) as pilot:
        ctl = await _table(pilot, game, delay=0.5)
        index = next(i for i, c in enumerate(ctl.hand()) if c.code == "W")
        await pilot.press(str(index + 1))
        await pilot.pause()
        assert isinstance(pilot.app.screen, ColourChooser) and ctl.paused
        await pilot.press("3")  # Yellow: Lily holds yellow
        await pilot.press("r")
        await pilot.pause()
        assert type(pilot.app.screen).__name__ == "MatchStory" and ctl.paused
        assert game.current == 1
        moves = ctl.moves
        await wait(pilot, 60)
        assert ctl.moves == moves  # Lily waits behind the story
        await pilot.press("escape")
        await wait(pilot, 1.0)
        assert ctl.moves > moves


async def test_the_pause_menu_says_when_nothing_is_saved(tmp_path):
    """With a data directory that cannot be written the menu does not promise a save."""
    from colorcards.store import Store

    blocked = tmp_path / "file"
    blocked.write_text("not a directory")
    store = Store.open(blocked / "data")
    assert not store.saving
    app = ColorCardsApp(store=store, delay=60)
    game = position("top=R3 | you: R5 B7 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2")
    async with app.run_test(size=(80, 24)) as pilot:
        await _table(pilot, game)
        await pilot.press("escape")
        await pilot.pause()
        text = shown(pilot.app)
        assert isinstance(pilot.app.screen, PauseMenu)
        assert "already saved" not in text and "not being saved" in text


async def test_the_story_shows_the_whole_match_by_round(tmp_path):
    """R opens every line of the log under a heading per round; Escape goes back."""
    game = position("top=R3 | you: R5 B7 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2")
    async with _app(tmp_path).run_test(size=(80, 24)) as pilot:
        ctl = await _table(pilot, game)
        ctl.log[:] = ["Round 1: Lily dealt seven cards each.", "Max played Red 9.",
                      "Round 2: Max dealt seven cards each.", "Zoe played Blue 9."]
        ctl.rounds[:] = [0, 2]
        await pilot.press("r")
        await pilot.pause()
        text = shown(pilot.app)
        assert "The match so far" in text
        assert text.index("Round 1") < text.index("Max played Red 9.") < text.index(
            "Round 2") < text.index("Zoe played Blue 9.")
        await pilot.press("escape")
        await pilot.pause()
        assert pilot.app.screen.query("#hand")


@pytest.mark.parametrize("size", [(80, 24), (80, 32)])
async def test_a_ten_seat_table_shows_everything_since_your_turn_in_short(tmp_path, size):
    """Nine computers between two of your turns do not fit the log strip: the strip then
    says all of it in short, each player's moves together; in its two rows at 80x24, the
    end of it (the latest moves), in its five at 80x32, the whole of it."""
    literal = ("top=R3 | you: R5 B7 G2 | lily: R4 Y2 | max: R6 G5 | zoe: R7 B2 | ava: R8 Y5 | "
               "leo: R9 Y6 | mia: R1 Y7 | sam: R2 Y8 | ivy: R3 Y9 | ben: R4 G9")
    game = position(literal, "colour-match")
    async with _app(tmp_path).run_test(size=size) as pilot:
        ctl = await _table(pilot, game, preset="colour-match", delay=0)
        await pilot.press("1")  # Red 5: then nine computers play
        await settle(pilot)
        assert ctl.my_turn and len(ctl.since_mine()) >= 9
        strip = " ".join(pilot.app.screen.query_one("#log").text.split())
        assert strip == " ".join(ctl.digest().split())[-len(strip):]
        assert "Lily" in strip and "Ben" in strip
        if size[1] >= 32:
            assert strip.startswith("Since your turn:")
            for name in ("Lily", "Max", "Zoe", "Ava", "Leo", "Mia", "Sam", "Ivy", "Ben"):
                assert name in strip


async def test_a_long_refusal_is_read_whole_and_the_prompt_comes_back(tmp_path):
    """At 80 columns a long reason wraps to the status line's second row; then the prompt
    returns, and the rows stay as they were (a change of height relays the table out)."""
    game = position("top=R+2 | you: B7 G5 W+4 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2",
                    pending=2)
    async with _app(tmp_path).run_test(size=(80, 24)) as pilot:
        ctl = await _table(pilot, game)
        screen = pilot.app.screen
        index = next(i for i, c in enumerate(ctl.hand()) if c.code == "B7")
        reason = ctl.card_refusal(ctl.hand()[index])
        await pilot.press(str(index + 1))
        assert reason and len(reason) > 76
        status, strip = screen.query_one("#status"), screen.query_one("#log")
        assert status.size.height == 2 and strip.size.height == 2  # two rows in play
        assert flat(reason) in shown(pilot.app)
        await wait(pilot, 3.9)
        assert flat(reason) in shown(pilot.app)
        await wait(pilot, 0.2)
        assert "You must draw 2: pass them on" in shown(pilot.app)
        assert not status.has_class("-warning")
        assert status.size.height == 2 and strip.size.height == 2  # no change of layout


async def test_two_cards_and_nothing_to_play_says_draw_not_last_card(tmp_path):
    """With two cards and nothing that matches the prompt says to draw, not to call."""
    game = position("top=R3 | you: B7 G2 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2")
    async with _app(tmp_path).run_test(size=(80, 24)) as pilot:
        await _table(pilot, game)
        text = shown(pilot.app)
        assert "nothing matches ● Red or 3 — press D to draw" in text
        assert "press L" not in text


async def test_digits_play_and_the_cursor_comes_back_to_a_playable_card(tmp_path):
    """A digit always plays its card (an unplayable one says why); when the turn comes
    back the cursor sits on a card that can be played."""
    game = position("top=R3 | you: G4 B7 R5 R9 | lily: R1 Y2 | max: G4 G5 | zoe: B1 B2")
    async with _app(tmp_path).run_test(size=(80, 24)) as pilot:
        ctl = await _table(pilot, game, delay=0)
        hand = pilot.app.screen.query_one("Hand")
        assert ctl.hand()[hand.selected] in ctl.playable()
        blue = next(i for i, c in enumerate(ctl.hand()) if c.code == "B7")
        await pilot.press(str(blue + 1))
        assert "Blue 7 does not match" in shown(pilot.app) and len(game.hands[0]) == 4
        await pilot.press(str(next(i for i, c in enumerate(ctl.hand()) if c.code == "R5") + 1))
        await settle(pilot)
        assert ctl.my_turn
        assert ctl.hand()[hand.selected] in ctl.playable()


async def test_every_byte_of_an_ascii_table_is_ascii_and_the_footer_fits(tmp_path, monkeypatch):
    """COLORCARDS_ASCII=1: header, tags, ring, log, status, hand and footer all ASCII, and
    the footer's last key is on screen at 80 columns."""
    monkeypatch.setenv("COLORCARDS_ASCII", "1")
    game = position("top=R3 | you: R5 B7 W | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2")
    async with _app(tmp_path).run_test(size=(80, 24)) as pilot:
        ctl = await _table(pilot, game, log=["Lily played Wild and named Red ● — you miss…"])
        await pilot.press("1")
        await pilot.pause()
        text = screen_text(pilot.app)
        assert text.isascii(), [ch for ch in text if not ch.isascii()]
        assert "You played Red 5." in flat(text)
        footer = text.splitlines()[-1]
        assert footer.rstrip().endswith("Esc Menu"), footer
        assert ctl.log[0].startswith("Lily played Wild")


@pytest.mark.parametrize("size", [(80, 24), (100, 32)])
async def test_the_footer_keeps_its_keys_when_accept_is_possible(tmp_path, size):
    """Facing +2, A Accept is on the control bar; the footer still ends with its last key."""
    game = position("top=R+2 | you: B+2 G5 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2", pending=2)
    async with _app(tmp_path).run_test(size=size) as pilot:
        await _table(pilot, game)
        text = screen_text(pilot.app)
        assert "A Accept" in text
        assert text.splitlines()[-1].rstrip().endswith("Esc Menu")
        assert "⇧← → Arrange" in text.splitlines()[-1]


async def test_a_roomy_terminal_uses_its_rows_for_the_log_and_larger_cards(tmp_path):
    """At 200x50 the log under the ring takes the spare rows (no column, no empty band)
    and the hand's cards are drawn larger."""
    game = position("top=R3 | you: R5 B7 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2")
    async with _app(tmp_path).run_test(size=(200, 50)) as pilot:
        await _table(pilot, game, log=[f"Earlier move {n}." for n in range(40)])
        screen = pilot.app.screen
        log = screen.query_one("#log")
        assert log.display and not screen.query_one("#side-log").display
        assert log.size.height >= 15 and log.size.width > 150
        hand = screen.query_one("Hand")
        assert hand.roomy and hand.size.height == 9
        rows = screen_text(pilot.app).splitlines()
        blank = max(len(run) for run in "".join(
            "." if row.strip() else " " for row in rows).split("."))
        assert blank <= 3, rows
