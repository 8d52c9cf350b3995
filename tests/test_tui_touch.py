"""On a phone (issue 42): every action the keyboard has is there to tap, and the narrow
table says its words whole. Played with Pilot at a phone's sizes: 37 columns (a 360-pixel
phone at a device pixel ratio of 2 or 3, had the page kept 16 px) and 40 (what it
gives)."""

from __future__ import annotations

import json
import re

import pytest

from bots_helpers import position as dealt
from colorcards.session.seating import Seating
from colorcards.settings import GameSettings
from colorcards.tui.app import ColorCardsApp
from colorcards.tui.screens.common import Choice
from colorcards.tui.screens.help import HelpScreen
from colorcards.tui.screens.newgame import NewGameScreen
from colorcards.tui.screens.pause import PauseMenu
from colorcards.tui.screens.title import TitleScreen
from engine_helpers import position
from test_tui_tutor_pilot import _weighed
from tui_screens_helpers import STATS, ScreenApp
from tui_table_helpers import HandClock, flat, screen_text, seat_position, settle, shown

PHONES = [(37, 30), (40, 32)]


def _lines_within(text: str, width: int) -> None:
    """Nothing on the screen runs past its right edge."""
    assert all(len(line) <= width for line in text.splitlines()), text


async def _costly_move(pilot, size):
    """A coached duel (tests/test_tui_tutor_pilot.py's), its costly card played: the
    controller, once the coach's note is on the table."""
    game = dealt(["R+2 R5", "G1"], "R3", preset="duel", called="0,1")
    settings = GameSettings(preset="duel", opponents=1, difficulty="hard", coach=True)
    ctl = pilot.app.seat(Seating.at(game, settings, game_id="touch"), delay=60,
                         window_seconds=60)
    await pilot.pause()
    await pilot.pause()
    before = json.dumps(ctl.game.to_json())
    codes = [c.code for c in ctl.hand()]
    await pilot.press(str(codes.index("R5") + 1))
    await _weighed(pilot, ctl)
    return ctl, before


def _cell(app, words: str) -> tuple[int, int]:
    """Where `words` begin on the screen (column, row)."""
    for row, line in enumerate(screen_text(app).splitlines()):
        if words in line:
            return line.index(words), row
    raise AssertionError(f"{words!r} is not on the screen:\n{screen_text(app)}")


async def _tap(pilot, words: str, offset: int = 0) -> None:
    """Click the screen where `words` are shown (`offset` cells in), as a tap does."""
    x, y = _cell(pilot.app, words)
    await pilot.click(offset=(x + offset, y))
    await pilot.pause()


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_coachs_note_is_whole_and_take_back_is_a_tap(tmp_path, size):
    """Narrow, the prompt and the coach's note are read whole (the status line takes the
    rows they need), and Take back is lit on the control bar: a tap puts back the table
    exactly as it was."""
    app = ColorCardsApp(data_dir=tmp_path, delay=60, clock=HandClock())
    async with app.run_test(size=size) as pilot:
        ctl, before = await _costly_move(pilot, size)
        note = ctl.note
        assert note and note.endswith("T: take it back.")
        text = screen_text(app)
        _lines_within(text, size[0])
        status = flat(str(app.screen.query_one("#status").render()))
        assert flat(note) in status  # all of it, none cut
        assert "T Take back" in text
        await _tap(pilot, "T Take back")
        assert json.dumps(ctl.game.to_json()) == before
        assert "Taken back" in shown(app)


async def test_take_back_is_in_the_pause_menu_with_the_coach_on(tmp_path):
    """The pause menu offers Take back to tap (with the coach on), and it takes back."""
    app = ColorCardsApp(data_dir=tmp_path, delay=60, clock=HandClock())
    async with app.run_test(size=(40, 32)) as pilot:
        ctl, before = await _costly_move(pilot, (40, 32))
        await _tap(pilot, "Menu")
        assert isinstance(app.screen, PauseMenu)
        await pilot.click("#take-back")
        await pilot.pause()
        assert json.dumps(ctl.game.to_json()) == before
        assert "Taken back" in shown(app)


@pytest.mark.parametrize("key, where", [("q", TitleScreen), ("x", None)])
async def test_quit_to_title_keeps_the_game_and_quit_the_game_ends(tmp_path, key, where):
    """Issue 41, item 13: Q in the pause menu goes to the title, which offers Continue
    (the game kept); X quits the game."""
    app = ColorCardsApp(data_dir=tmp_path, delay=60, clock=HandClock())
    game = position("top=R3 | you: R5 B7 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2")
    async with app.run_test(size=(80, 24)) as pilot:
        seat_position(app, game)
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press(key)
        await pilot.pause()
        if where is None:
            assert not app.is_running
            return
        assert isinstance(app.screen, where) and "Continue" in shown(app)
        await pilot.press("c")
        await pilot.pause()
        await pilot.pause()
        assert [c.code for c in app.controller.hand()] == ["R5", "B7"]


async def test_the_header_says_the_cards_you_hold_whole(tmp_path):
    """A match's header at 37 columns: its parts wrap whole onto a second line, never
    'You hold 10' without its cards."""
    literal = ("top=R3 | you: R5 R6 R7 R8 R9 B1 B2 B3 B4 B5 | lily: Y1 Y2 | max: G4 G5 | "
               "zoe: B6 B7")
    app = ColorCardsApp(data_dir=tmp_path, delay=60, clock=HandClock())
    async with app.run_test(size=(37, 30)) as pilot:
        seat_position(app, position(literal, "classic"), preset="classic")
        await pilot.pause()
        await pilot.pause()
        lines = screen_text(app).splitlines()
        assert any(re.search(r"\bYou hold 10 cards\b", line) for line in lines[:3]), lines[:3]
        _lines_within("\n".join(lines), 37)


async def test_what_happened_since_your_turn_is_read_whole(tmp_path):
    """At 37 columns seven computers' moves since your turn take more than the strip's
    two rows, even in short: the strip shows the digest whole, from its beginning."""
    game = position("top=R3 | you: R5 B7 G2 | lily: R4 Y2 | max: R6 G5 | zoe: R7 B2 | "
                    "ava: R8 Y5 | leo: R9 Y6 | mia: R1 Y7 | sam: R2 Y8", "colour-match")
    app = ColorCardsApp(data_dir=tmp_path, delay=0, clock=HandClock())
    async with app.run_test(size=(37, 30)) as pilot:
        ctl = seat_position(app, game, preset="colour-match", delay=0)
        await pilot.pause()
        await pilot.press(str([c.code for c in ctl.hand()].index("R5") + 1))
        await settle(pilot)
        digest = ctl.digest()
        assert ctl.my_turn and digest.startswith("Since your turn")
        strip = app.screen.query_one("#log")
        assert flat(strip.text) == flat(digest)  # the whole of it, beginning included
        assert strip.size.height >= len(strip.text.splitlines()) > 2


async def test_the_keys_page_closes_with_a_tap():
    """The Keys page says how to close it by touch: its Back, tapped, closes it."""
    app = ScreenApp(lambda: HelpScreen())
    async with app.run_test(size=(40, 32)) as pilot:
        await pilot.pause()
        assert "◀ Back (Esc, ? or Q)" in shown(app)
        await _tap(pilot, "◀ Back", 2)
        assert app.results == [None]


async def test_new_game_on_a_phone_shows_every_value_whole_and_stays_put():
    """At 40 columns every value of every option is shown whole under it (its rows are
    those of its longest value), and the rows never move: not as the focus goes down
    the form (the words under it change), nor as Last Card's values come and go with
    Penalty's, nor through Stacking's (one of them forbidden with the Draw Four rule
    chosen). A tap on an option's ‹ goes back and one on its › goes on."""
    app = ScreenApp(lambda: NewGameScreen(STATS, GameSettings(), False))
    async with app.run_test(size=(40, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        form = screen.query_one("#newgame-form")
        for choice in screen.query(Choice):
            chosen = choice.value
            for value, shown_as in choice.options:
                choice.select(value)
                drawn = choice.render().plain.splitlines()  # its lines: all shown
                assert len(drawn) <= choice.size.height, (choice.label, drawn)
                assert flat(getattr(shown_as, "plain", shown_as)) in flat(" ".join(drawn[1:]))
            choice.select(chosen)

        def rows() -> dict:
            return {c.id: c.region.y + form.scroll_offset.y for c in screen.query(Choice)
                    if c.visible}

        laid_out = rows()

        def kept() -> bool:  # (Penalty has no value with Last Card called for all)
            now = rows()
            return now == {row: y for row, y in laid_out.items() if row in now}

        for _ in range(12):
            await pilot.press("down")
            await pilot.pause()
            assert kept()
        for row in ("last_card", "stacking"):
            choice = screen.query_one(f"#{row}", Choice)
            choice.focus()
            for _ in choice.options:
                await pilot.press("right")
                await pilot.pause()
                assert kept(), row
        stacking = screen.query_one("#stacking", Choice)
        stacking.scroll_visible(animate=False)
        await pilot.pause()
        start = stacking.value
        x, y = stacking.region.x, stacking.region.y
        back = stacking.size.width - 11  # the arrows end its label's line: ‹ then ›
        await pilot.click(offset=(x + back + 2, y))
        await pilot.pause()
        assert stacking.value != start
        await pilot.click(offset=(x + back + 8, y))
        await pilot.pause()
        assert stacking.value == start
        assert "Tap ‹ or › to change an option" in shown(app)


@pytest.mark.parametrize("opponents", [1, 3])
async def test_a_toast_on_a_phone_covers_neither_the_table_nor_the_hand(tmp_path, opponents):
    """Narrow, a notice covers none of the table: the opponents, the ring with its colour
    to match and the cards stay in sight (at the top a two-line one covered 'To match').
    At the table it is said on the status line (issue 41, item 12), which grows for it;
    over anything else a toast sits across the foot of the screen."""
    from colorcards.tui.widgets import Hand, Ring

    hands = " | ".join(["lily: Y1 Y2", "max: G4 G5", "zoe: B1 B2"][:opponents])
    game = position(f"top=R3 | you: R5 B7 G2 Y4 Y5 G6 G7 | {hands}",
                    "duel" if opponents == 1 else None)
    app = ColorCardsApp(data_dir=tmp_path, delay=60, clock=HandClock())
    async with app.run_test(size=(40, 32), notifications=True) as pilot:
        seat_position(app, game, preset="duel" if opponents == 1 else "color-cards")
        await pilot.pause()
        app.notify("Coach on: this game is now practice (not counted in your record).",
                   timeout=30)
        for _ in range(3):
            await pilot.pause()
        screen = app.screen
        assert not screen.query("Toast")  # (Textual's type)
        assert "Coach on: this game is now practice (not counted in your record)." in \
            shown(app)
        for kept in (screen.query_one("#opponents"), screen.query_one(Ring),
                     screen.query_one(Hand)):
            assert kept.region.height > 0
