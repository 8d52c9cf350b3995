"""Results that add up (issue 41, item 10): where a round's points came from, hand by
hand, and 'Table pts' said in words wherever it is shown."""

from __future__ import annotations

from colorcards.engine import parse_card, play
from colorcards.session.results import results_data
from colorcards.tui.screens.results import ResultsScreen, points_came_from
from test_tui_controller import ManualHost, controller, prepared
from test_tui_screens import shown
from tui_screens_helpers import ScreenApp


def _played_on():
    """A Classic round: you go out first with Red 5; the others play on for the places
    (two of them go out after you, with nothing left in hand at the round's end)."""
    host = ManualHost()
    ctl = controller(prepared("top=R3 | you: R5 | lily: G1 R2 | max: R7 Y9 | zoe: W B8 B9",
                              preset="classic", current=0), host)
    ctl.start()
    ctl.act(play(parse_card("R5")))
    for _ in range(200):
        if ctl.between_rounds:
            break
        host.run(1)
    assert ctl.between_rounds
    return ctl


def test_the_winners_points_are_shown_hand_by_hand():
    """Issue 41, item 10: 'you score 178 points' while the table showed two players with
    '0 pts' in hand (they went out after) and one with 32. The results now say what each
    hand held when you went out, and it adds up."""
    ctl = _played_on()
    data = results_data(ctl)
    assert data.hand_points == [0, 3, 16, 67]  # as dealt here: what you scored from
    assert sum(data.hand_points) == data.round_points == 86
    assert any(len(cards) == 0 for cards in data.cards_left[1:])  # someone went out after
    assert points_came_from(data) == (" — the cards held when you went out: Lily 3, Max 16, "
                                      "Zoe 67")


async def test_the_results_say_where_the_points_came_from_and_what_table_pts_are():
    """On the results of a round of a match: the sentence, and the note on table points
    under the standings that show them (it was shown after the first round only)."""
    ctl = _played_on()
    data = results_data(ctl)
    app = ScreenApp(lambda: ResultsScreen(data))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        text = shown(app)
        assert ("you score 86 points — the cards held when you went out: Lily 3, Max 16, "
                "Zoe 67") in text
        assert "Table pts: 3 for a round's winner" in text
