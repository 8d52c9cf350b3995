"""The hand drawn from kept card faces is the very picture Textual draws from `Hand.render`.

The hand's lines are joined from face lines styled once (see `widgets/hand.py`); these
tests compare them, segment by segment and style by style, with Textual's own drawing of
the same hand, in the states a game goes through.
"""

from __future__ import annotations

import pytest
from textual.visual import Visual, visualize

from colorcards.tui.app import ColorCardsApp
from engine_helpers import position
from tui_table_helpers import seat_position

HAND = "top=B7 | you: R5 B2 B+2 G9 Y1 W W+4 | lily: Y1 Y2 Y3 | max: G4 G5 G6 G7 | zoe: B1 B3"
MANY = ("top=B7 | you: R5 B2 B3 B4 B5 B6 G9 Y1 Y2 R1 R2 Rs Gr B+2 Y+2 W W+4 G1 G2 G3 G4 Y7 | "
        "lily: Y1 Y2 Y3 | max: G4 G5 G6 G7 | zoe: B1 B3 B4 B5 B6")


def _textual_lines(hand) -> list[list]:
    width, height = hand.size
    strips = Visual.to_strips(hand, visualize(hand, hand.render()), width, height,
                              hand.visual_style)
    return [list(strip) for strip in strips]


def _kept_lines(hand) -> list[list]:
    return [list(hand.render_line(y)) for y in range(hand.size.height)]


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (42, 40)],
                         ids=["small cards", "large cards", "narrow, in rows"])
@pytest.mark.parametrize("literal, selected, shake, ascii_only", [
    (HAND, 0, 0, False),
    (HAND, 3, 1, False),
    (HAND, 6, 0, True),
    (MANY, 0, 0, False),
    (MANY, 12, 1, False),
    (MANY, 21, 0, True),
], ids=["first", "shaken", "ascii", "more to the right", "both ways", "last"])
async def test_kept_faces_draw_what_textual_draws(tmp_path, size, literal, selected, shake,
                                                  ascii_only):
    """Selection, raised playable cards, the shake, the arrows and ASCII, style for style."""
    async with ColorCardsApp(data_dir=tmp_path, delay=60).run_test(size=size) as pilot:
        seat_position(pilot.app, position(literal))
        await pilot.pause()
        hand = pilot.app.screen.query_one("Hand")
        hand.ascii_only = ascii_only
        hand.selected = selected
        hand.shake = shake
        await pilot.pause()
        kept, textual = _kept_lines(hand), _textual_lines(hand)
        assert kept[:len(textual)] == textual
        # In rows, a short hand leaves the rest of the hand's box blank below its cards.
        assert all("".join(segment.text for segment in line).strip() == ""
                   for line in kept[len(textual):])


async def test_a_card_played_redraws_the_kept_faces(tmp_path):
    """After a play the hand closes up, the labels move down by one, the picture is exact."""
    async with ColorCardsApp(data_dir=tmp_path, delay=60).run_test(size=(100, 32)) as pilot:
        ctl = seat_position(pilot.app, position(HAND))
        await pilot.pause()
        hand = pilot.app.screen.query_one("Hand")
        index = next(i for i, c in enumerate(ctl.hand()) if c.code == "B2")
        await pilot.press(str(index + 1))
        assert ctl.game.top.code == "B2"
        assert _kept_lines(hand) == _textual_lines(hand)


async def test_dragging_over_the_hand_selects_its_text(tmp_path):
    """Text selection still reads and paints the cards; the drag plays nothing."""
    async with ColorCardsApp(data_dir=tmp_path, delay=60).run_test(size=(100, 32)) as pilot:
        ctl = seat_position(pilot.app, position(HAND))
        await pilot.pause()
        await pilot.mouse_down("#hand", offset=(3, 1))
        await pilot.hover("#hand", offset=(30, 3))
        await pilot.mouse_up("#hand", offset=(30, 3))
        await pilot.pause()
        selected = pilot.app.screen.get_selected_text()
        assert "Red" in selected and "Blue" in selected
        assert ctl.game.top.code == "B7" and len(ctl.hand()) == 7


@pytest.mark.parametrize("selected", [0, 9, 21])
async def test_a_narrow_hand_in_rows_shows_the_selection_and_taps_the_card_under_it(
        tmp_path, selected):
    """In rows (42 columns, a phone held upright): the selected card's row is among those
    shown, each row holds whole cards, and a tap on the second card of the second row
    shown asks for that card."""
    from colorcards.tui.widgets import Hand

    clicked: list[int] = []

    def hook(message) -> None:
        if isinstance(message, Hand.CardClicked):
            clicked.append(message.index)

    app = ColorCardsApp(data_dir=tmp_path, delay=60)
    async with app.run_test(size=(42, 40), message_hook=hook) as pilot:
        seat_position(pilot.app, position(MANY))
        await pilot.pause()
        hand = pilot.app.screen.query_one(Hand)
        assert hand.wrap
        hand.selected = selected
        await pilot.pause()
        start, stop = hand.shown_range()
        per_row = hand.visible_count()
        assert start <= selected < stop and start % per_row == 0
        assert stop - start <= per_row * hand.visible_rows() and hand.visible_rows() >= 2
        # The second row's second card, on its face's middle line (raised or not).
        await pilot.click(hand, offset=(2 + hand.slot + 3, hand.band_height + 2))
        await pilot.pause()
        assert clicked and set(clicked) == {start + per_row + 1}  # (seen as it bubbles up)
