"""Each prompt states the rule that applies now, from the engine's own answer, and a
refusal always says why (issue 41, items 5 to 9)."""

from __future__ import annotations

import pytest

from colorcards.engine import DRAW, IllegalAction, parse_card, play
from colorcards.session.prompts import prompt
from colorcards.session.seating import Seating
from colorcards.settings import GameSettings
from test_tui_controller import ManualHost, controller, human_move, prepared
from test_tui_tutor import _to_my_turn


def _said(literal: str, **kwargs) -> str:
    ctl = controller(prepared(literal, **kwargs))
    return prompt(ctl, ctl.view(), "classic", False)


def test_the_drawn_cards_prompt_reminds_of_last_card():
    """Item 5: holding one card, a playable Red 9 drawn: 'Enter plays it' and then the
    penalty for not calling. The drawn card's prompt now says to call first, as the
    turn's prompt does; where the call is not wanted, it says nothing of it."""
    literal = "top=R3 | you: B7 R9 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2"
    assert _said(literal, phase="drawn", drawn="R9") == (
        "You drew Red 9 ●: press L to call Last Card, then Enter plays it; P passes and "
        "keeps it for later.")
    three = "top=R3 | you: B7 B8 R9 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2"
    assert _said(three, phase="drawn", drawn="R9") == (
        "You drew Red 9 ●: Enter plays it, P passes and keeps it for later.")
    automatic = controller(prepared(literal, preset="family-night", phase="drawn",
                                    drawn="R9"))  # Last Card called for everyone
    assert "Last Card" not in prompt(automatic, automatic.view(), "classic", False)


def test_a_card_that_cannot_pass_a_penalty_on_says_why():
    """Item 6: facing a Draw Two with stacking on, Enter on a Blue 4 showed a line that
    read as the prompt again ('You must draw 2: pass them on ...'): the card was not
    named. Now the refusal starts with the card."""
    ctl = controller(prepared("top=Y+2 | you: B4 Y+2 | lily: Y1 Y5 | max: G4 | zoe: B1 B2",
                              pending=2))
    with pytest.raises(IllegalAction) as refused:
        ctl.act(play(parse_card("B4")))
    assert str(refused.value) == ("Blue 4 cannot pass on the 2 cards you must draw: only a "
                                  "Draw Two or a Wild Draw Four can pass them on.")


def test_a_card_refused_while_a_penalty_waits_and_nothing_may_pass_it_on_says_so():
    """Without stacking (Classic) no card passes a penalty on: a Wild pressed then said
    'only  can pass them on', the list of cards empty. It says what is due instead."""
    ctl = controller(prepared("top=Y+2 stacking=off | you: W Y+2 | lily: Y1 Y5 | max: G4 "
                              "| zoe: B1 B2", pending=2))
    for card in ("W", "Y+2"):
        with pytest.raises(IllegalAction) as refused:
            ctl.act(play(parse_card(card), None if card == "Y+2" else ctl.view().top.colour))
        assert str(refused.value) == (
            f"{parse_card(card).name} cannot be played now: you must draw the 2 cards, and "
            "in this game no card can pass them on.")


def test_nothing_to_pass_a_penalty_on_says_the_real_reason():
    """Item 7: a Yellow Draw Two to answer, holding Yellow 3 and a Wild Draw Four: the
    prompt said 'nothing you hold can pass them on'; only pressing the card said why.
    Now the prompt says it, in the engine's words (`explain.cannot_answer`, issue 40's:
    the two issues met here)."""
    said = _said("top=Y+2 | you: Y3 W+4 | lily: Y1 Y5 | max: G4 | zoe: B1 B2", pending=2)
    assert said == ("You must draw 2: a Wild Draw Four may not be played while you hold a "
                    "yellow card — press D to draw them.")
    assert _said("top=Y+2 | you: Y3 B4 | lily: Y1 Y5 | max: G4 | zoe: B1 B2", pending=2) == (
        "You must draw 2: nothing you hold can pass them on — press D to draw them.")


def test_t_after_a_take_back_takes_the_move_before_back():
    """Item 8: T after a take-back said 'There is no move of yours to take back yet'.
    Now each T goes one decision further back, to the round's start at most."""
    host = ManualHost()
    settings = GameSettings(preset="color-cards", opponents=3, difficulty="normal", coach=True)
    ctl = controller(Seating.new(settings, seed=77), host)
    ctl.start()
    before = []
    for _ in range(4):
        _to_my_turn(ctl, host)
        before.append(ctl.game.dumps())
        ctl.act(human_move(ctl))
    _to_my_turn(ctl, host)
    assert ctl.take_back() is None
    assert ctl.game.dumps() == before[-1]
    assert ctl.take_back() is None  # the one before
    assert ctl.game.dumps() == before[-2]
    while (why := ctl.take_back()) is None:
        pass
    assert ctl.game.dumps() == before[0]
    assert why.startswith("No earlier move of yours can be taken back")


async def test_nothing_is_played_while_the_table_waits_to_fit(tmp_path):
    """Item 9: at 60×20 the header said the game waits until the table fits, but D still
    drew a card. Now no key plays: each says why, as the header does, until it fits."""
    from colorcards.tui.app import ColorCardsApp
    from engine_helpers import position
    from tui_table_helpers import seat_position, shown

    app = ColorCardsApp(data_dir=tmp_path, delay=60)
    async with app.run_test(size=(60, 20)) as pilot:
        seat_position(app, position("top=R3 | you: B7 R5 | lily: Y1 Y2 | max: G4 | zoe: B1"))
        await pilot.pause()
        ctl = app.controller
        moves = ctl.moves
        for key in ("d", "enter", "1", "t", "h"):
            await pilot.press(key)
            await pilot.pause()
            assert ctl.moves == moves, key
        assert DRAW in ctl.legal()
        assert "the game waits until the table fits" in shown(app)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        # It fits: the status line says so at once (it said the game waits for 4 s more).
        assert "the game waits until the table fits" not in shown(app)
        await pilot.press("d")
        await pilot.pause()
        assert ctl.moves == moves + 1
