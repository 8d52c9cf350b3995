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


def test_an_ascii_cards_borders_share_no_character_with_a_colours_glyph():
    """Issue 12 #11: with ASCII only, the selected card's border is not drawn with a
    character that also stands for a colour (it was '#', Blue's glyph)."""
    from colorcards.engine import COLOURS, parse_cards
    from colorcards.session.palette import glyph
    from colorcards.tui.widgets.faces import large_card, small_card

    glyphs = {glyph(colour, True) for colour in COLOURS} | {glyph(None, True)}
    card = parse_cards("B7")[0]
    for draw in (small_card, large_card):
        plain = draw(card, palette="classic", ascii_only=True)
        chosen = draw(card, palette="classic", ascii_only=True, selected=True)
        borders = {line.plain[0] for line in chosen} | {chosen[0].plain[1]}
        assert not borders & glyphs, borders & glyphs
        assert [line.plain for line in plain] != [line.plain for line in chosen]
