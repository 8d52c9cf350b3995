"""The house rules at the real table (Textual, Pilot; its clock by hand): a jump-in
offered with its card lit and selected, taken by J or by a click on the card; the swap
chooser after the player's 7."""

from __future__ import annotations

from colorcards.engine import get_preset
from colorcards.tui.app import ColorCardsApp
from colorcards.tui.screens.swap import SwapChooser
from colorcards.tui.widgets import Hand
from engine_helpers import position
from tui_table_helpers import HandClock, seat_position, shown, wait

OFFER = "top=R5 offers=0 | you: B7 R5 G1 | lily: Y2 Y3 | max: G4 G5 | zoe: B1 B2"


def _app(tmp_path) -> ColorCardsApp:
    return ColorCardsApp(data_dir=tmp_path, delay=60, clock=HandClock())


async def _offered(pilot):
    game = position(OFFER, get_preset("color-cards").rules(jump_in="on"), current=1)
    ctl = seat_position(pilot.app, game)
    await pilot.pause()
    await pilot.pause()
    return game, ctl


async def test_a_jump_in_offered_lights_the_card_and_j_plays_it(tmp_path):
    async with _app(tmp_path).run_test(size=(100, 32)) as pilot:
        game, ctl = await _offered(pilot)
        hand = pilot.app.screen.query_one(Hand)
        assert ctl.hand()[hand.selected].code == "R5"
        assert {c.code for c in hand.playable} == {"R5"}
        assert "Jump in? You hold Red 5" in shown(pilot.app)
        await pilot.press("j")
        assert game.top.code == "R5" and len(game.hands[0]) == 2 and game.current == 1
        assert "You jumped in with Red 5." in shown(pilot.app)


async def test_a_click_on_the_card_jumps_in(tmp_path):
    async with _app(tmp_path).run_test(size=(100, 32)) as pilot:
        game, ctl = await _offered(pilot)
        index = [c.code for c in ctl.hand()].index("R5")
        await pilot.click("#hand", offset=(2 + 9 * index + 3, 2))
        assert len(game.hands[0]) == 2 and "You jumped in with Red 5." in shown(pilot.app)


async def test_the_players_seven_opens_the_swap_chooser(tmp_path):
    game = position("top=R3 | you: R7 B2 G5 | lily: Y1 | max: G1 G2 G3 | zoe: B5 B6",
                    get_preset("color-cards").rules(seven_zero="on"))
    async with _app(tmp_path).run_test(size=(100, 32)) as pilot:
        seat_position(pilot.app, game)
        await pilot.pause()
        await pilot.press("1")
        await wait(pilot, 0)  # the chooser comes once the table shows the 7
        assert isinstance(pilot.app.screen, SwapChooser)
        await pilot.press("1")  # the first player listed: Lily
        await pilot.pause()
        assert [c.code for c in game.hands[0]] == ["Y1"]
        assert "You swapped hands with Lily." in shown(pilot.app)


async def test_practice_plays_a_jump_in_and_a_swap_with_the_tables_keys():
    """An exercise of a jump-in offered: J jumps, P lets it go; an exercise of the choice
    after a 7: the table's swap chooser asks whose hand, and a number picks it."""
    from colorcards.engine import DECLINE, Swap, next_decision
    from colorcards.replay.exercises import GOOD, Answer, Answers, token, untoken
    from colorcards.session.exercises import Item
    from colorcards.tui.screens.practice import PracticeScreen
    from test_exercises import practice_app

    def item(game, index: int, legal) -> Item:
        options = tuple(token(a) for a in legal)
        answers = {option: Answer(GOOD) for option in options}
        return Item("g", index, 4, "normal",
                    {**game.view(0).as_json(), "names": ["You", "Lily", "Max", "Zoe"]},
                    options, options[0], options[0], "", Answers(untoken(options[0]),
                                                                answers, 1))

    offered = position(OFFER, get_preset("color-cards").rules(jump_in="on"), current=1)
    jump = item(offered, 1, next_decision(offered).actions)
    let_go = item(offered, 2, next_decision(offered).actions)
    seven = position("top=R7 | you: B2 G5 | lily: Y1 | max: G1 G2 G3 | zoe: B5 B6",
                     get_preset("color-cards").rules(seven_zero="on"), phase="swap")
    swap = item(seven, 3, seven.legal_actions(0))
    app, answered = practice_app([jump, let_go, swap])
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PracticeScreen) and screen.item is jump
        await pilot.press("j")
        assert answered == [(1, token(next_decision(offered).actions[0]))]
        await pilot.press("n")
        assert screen.item is let_go
        await pilot.press("p")
        assert answered[-1] == (2, token(DECLINE))
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, SwapChooser)
        await pilot.press("2")  # Max
        await pilot.pause()
        assert answered[-1] == (3, token(Swap(2)))
