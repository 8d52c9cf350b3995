"""An opponent's tag says everything it has to in its 18 columns, or leaves the points out."""

from __future__ import annotations

from textual.app import App, ComposeResult

from colorcards.tui.widgets.tags import OpponentTag


class TagApp(App):
    CSS = "OpponentTag { width: 20; height: 4; border: round white; }"

    def compose(self) -> ComposeResult:
        yield OpponentTag(1, "Lily", "hard")


async def _lines(**state) -> list[str]:
    app = TagApp()
    async with app.run_test(size=(40, 6)) as pilot:
        await pilot.pause()
        tag = app.query_one(OpponentTag)
        defaults = {"cards": 7, "current": False, "called": False, "vulnerable": False,
                    "out_place": None, "score": None, "ascii_only": False}
        tag.show(**(defaults | state))
        await pilot.pause()
        return str(tag.render()).splitlines()


async def test_a_plain_tag():
    assert await _lines(cards=7, score=120) == ["Computer · Hard", "7 cards · 120 pts"]


async def test_a_seat_that_went_out_shows_its_place_and_points():
    assert await _lines(out_place=2, score=0) == ["Computer · Hard", "out, 2nd · 0 pts"]


async def test_last_card_called_with_two_cards_fits_and_the_points_give_way():
    assert await _lines(cards=2, called=True, score=35) == ["Computer · Hard", "2 left ✔ Last Card"]
    assert await _lines(cards=1, called=True, ascii_only=True) == ["Computer - Hard",
                                                                    "1 left Last Card"]


async def test_a_catchable_seat_says_which_key_catches_it():
    assert await _lines(cards=1, vulnerable=True, score=10) == ["Computer · Hard",
                                                                "1 card ! C: catch"]
