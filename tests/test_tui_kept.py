"""A box that keeps its paragraphs (`widgets/kept_static.py`) draws the very lines Textual draws.

Its lines are joined from paragraphs drawn once and moved to the row they are shown at;
these tests compare them, segment by segment and style by style (the text-selection
offsets included), with Textual's own drawing of the same text, as the text changes the
way the table's boxes change: lines added under the log's, a count shown again, a new
style from the stylesheet.
"""

from __future__ import annotations

import pytest
from rich.text import Text
from textual.app import App, ComposeResult
from textual.visual import Visual

from colorcards.tui.app import ColorCardsApp
from colorcards.tui.widgets import KeptStatic
from engine_helpers import position
from tui_table_helpers import HandClock, seat_position, wait


class Boxes(App):
    CSS = """
    KeptStatic { width: 24; height: 6; }
    #centred { text-align: center; }
    .-right { text-align: right; }
    """

    def compose(self) -> ComposeResult:
        yield KeptStatic(id="plain")
        yield KeptStatic(id="centred")


def textual_lines(box) -> list[list]:
    """The box's lines as Textual draws its text."""
    width, height = box.size
    strips = Visual.to_strips(box, box.visual, width, height, box.visual_style)
    lines = [list(strip) for strip in strips]
    return lines + [list(box.render_line(y)) for y in range(len(lines), height)]


def kept_lines(box) -> list[list]:
    return [list(box.render_line(y)) for y in range(box.size.height)]


async def shown(pilot, text: str) -> KeptStatic:
    """The plain box of `Boxes`, once it shows `text`."""
    box = pilot.app.query_one("#plain", KeptStatic)
    box.update(Text(text))
    await pilot.pause()
    return box


def record_drawing(monkeypatch, record) -> None:
    """From now on, `record(widget, visual)` each time a visual is drawn into lines."""
    to_strips = Visual.to_strips.__func__

    def counted(cls, widget, visual, *args, **kwargs):
        record(widget, visual)
        return to_strips(cls, widget, visual, *args, **kwargs)

    monkeypatch.setattr(Visual, "to_strips", classmethod(counted))


LOG = ["Max played Green 4.", "Zoe drew a card and kept it, having nothing to play.", "",
       "You played Blue 2.", "Lily played Blue 7, then called Last Card.", "Max drew."]


def texts() -> list[Text]:
    """Pictures in the order a box might show them: the log growing and scrolling (its
    lines one row higher each time, long ones wrapped), styled runs, a blank picture,
    and pictures shown again."""
    pictures = []
    for end in range(1, len(LOG) + 1):
        pictures.append(Text("\n".join(LOG[max(0, end - 4):end])))
    count = Text("Computer · Normal\n", style="dim")
    count.append("5 cards", style="bold")
    pictures += [count, Text(""), Text("\n"), count.copy(), Text("To match: ▲ Red", style="red")]
    pictures.append(Text("\n".join(LOG[2:])))  # the log's lines at rows they had before
    return pictures


@pytest.mark.parametrize("box_id", ["plain", "centred"])
async def test_kept_paragraphs_draw_what_textual_draws(box_id):
    app = Boxes()
    async with app.run_test() as pilot:
        box = app.query_one(f"#{box_id}", KeptStatic)
        for text in texts():
            box.update(text)
            await pilot.pause()
            assert kept_lines(box) == textual_lines(box), text.plain


async def test_a_paragraph_shown_again_is_not_drawn_again(monkeypatch):
    app = Boxes()
    drawn: list[str] = []
    async with app.run_test() as pilot:
        box = await shown(pilot, "Max played Green 4.\nZoe drew.")
        kept_lines(box)
        record_drawing(monkeypatch, lambda widget, visual: drawn.append(visual.plain))
        box.update(Text("Zoe drew.\nYou played Blue 2."))  # one line up, one line new
        await pilot.pause()
        assert kept_lines(box) == textual_lines(box)
        # (`textual_lines` draws the whole text once more, as Textual would)
        assert drawn == ["You played Blue 2.", "Zoe drew.\nYou played Blue 2."]


async def test_a_restyle_draws_the_box_again():
    app = Boxes()
    async with app.run_test() as pilot:
        box = await shown(pilot, "5 cards\nComputer · Hard")
        before = kept_lines(box)
        box.add_class("-right")  # the stylesheet lays its text out differently
        await pilot.pause()
        assert kept_lines(box) == textual_lines(box)
        assert kept_lines(box) != before


async def test_a_selection_is_painted_by_textual():
    app = Boxes()
    async with app.run_test() as pilot:
        box = await shown(pilot, "Max played Green 4.\nZoe drew.")
        box.text_select_all()
        await pilot.pause()
        assert box.text_selection is not None
        assert kept_lines(box) == textual_lines(box)


async def test_the_tables_boxes_draw_what_textual_draws_through_a_game(tmp_path):
    """Every kept box of the table (tags, ring, header, status, log), move after move."""
    app = ColorCardsApp(data_dir=tmp_path, delay=3600, clock=HandClock())
    literal = ("top=B7 | you: R5 B2 B3 B4 B5 G9 Y1 | lily: Y1 Y2 Y3 B1 | max: G4 G5 B6 G7 | "
               "zoe: B1 B3 B4 B5 B6")
    async with app.run_test(size=(100, 32)) as pilot:
        controller = seat_position(app, position(literal), delay=0.05)
        for _ in range(4):
            await wait(pilot, 0.3)  # on the app's clock: the computers play meanwhile
            boxes = list(app.screen.query(KeptStatic))
            assert len(boxes) >= 9  # the header, three tags, four in the ring, status, log
            for box in boxes:
                if box.size.area:
                    assert kept_lines(box) == textual_lines(box), box.id
            if controller.my_turn:
                playable = [i for i, card in enumerate(controller.hand())
                            if card in controller.playable()]
                await pilot.press(str(playable[0] + 1) if playable else "d")


async def test_what_your_move_shows_was_drawn_ahead(tmp_path, monkeypatch):
    """After your hand changes the table draws ahead what your next move may show: the
    hand's faces with their numbers moved along and each of your cards on the pile. The
    frame of the card then played draws none of them."""
    from colorcards.tui.screens.table import DRAW_AHEAD
    from colorcards.tui.widgets import Hand
    from colorcards.tui.widgets.ring import MatchPanel, TopCard

    app = ColorCardsApp(data_dir=tmp_path, delay=3600, clock=HandClock())
    literal = "top=B7 | you: R5 B2 B3 Y4 G9 | lily: Y1 Y2 Y3 | max: G4 G5 | zoe: B1 B3"
    async with app.run_test(size=(100, 32)) as pilot:
        controller = seat_position(app, position(literal), delay=3600)
        await pilot.pause()
        await wait(pilot, DRAW_AHEAD)  # the table drawn, then what comes next drawn ahead
        drawn: list[type] = []
        record_drawing(monkeypatch, lambda widget, visual: drawn.append(type(widget)))
        await pilot.press("2")  # Blue 2: the cards to its right move along
        await pilot.pause()
        assert controller.game.top.code == "B2"
        assert kept_lines(app.screen.query_one(TopCard)) == textual_lines(
            app.screen.query_one(TopCard))
        assert drawn.count(TopCard) == 1  # only `textual_lines` above, not the frame
        assert Hand not in drawn and MatchPanel not in drawn


async def test_what_a_card_drawn_shows_was_drawn_ahead(tmp_path, monkeypatch):
    """D shows a card nobody could see before (the pile is face down) and the pile one
    card lower: the lines of every kind of card and the pile's count after a draw were
    drawn ahead, so D's frame draws neither."""
    from colorcards.tui.screens.table import DRAW_AHEAD
    from colorcards.tui.widgets import DrawPile, Hand

    app = ColorCardsApp(data_dir=tmp_path, delay=3600, clock=HandClock())
    literal = "top=B7 | you: R5 R2 Y4 | lily: Y1 Y2 Y3 | max: G4 G5 | zoe: B1 B3"
    async with app.run_test(size=(100, 32)) as pilot:
        controller = seat_position(app, position(literal), delay=3600)
        await pilot.pause()
        await wait(pilot, 6 * DRAW_AHEAD)  # the kinds of card are drawn a colour at a time
        drawn: list[type] = []
        record_drawing(monkeypatch, lambda widget, visual: drawn.append(type(widget)))
        await pilot.press("d")
        await pilot.pause()
        assert len(controller.hand()) == 4
        assert Hand not in drawn
        assert DrawPile not in drawn
