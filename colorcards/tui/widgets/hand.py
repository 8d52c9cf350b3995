"""The player's hand: every card face up with shape, value and colour name.

Playable cards sit one line higher than the rest, the selected card has a heavy
border, and the first nine carry their number key in brackets ('[4]'). The widget is
fed its cards and state by the table and only ever posts `CardClicked`; it never looks
at the game.

`render` says what the hand looks like, as Rich text. Restyling all of it was a large
part of a change's frame, so `render_line` draws the same lines from card faces and gaps that were
each styled once and kept: a card played or the selection moved is then a join of
strips. Textual draws `render` itself while text is being selected in the hand (it
paints the selection) and for an empty hand.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, TypeVar, cast

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.cache import LRUCache
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.visual import Visual, visualize
from textual.widget import Widget

from ...engine import ALL_CARDS, COLOURS, Card
from .faces import LARGE_WIDTH, ROOMY_WIDTH, SMALL_WIDTH, large_card, roomy_card, small_card

MARGIN = 2
"""Columns kept at each end for the 'more cards' arrows."""
PLAIN = Text(" ")
"""Unstyled text: styled, it gives the style of the gaps between the cards."""

Line = TypeVar("Line", Text, Strip)
"""A line of a card's face: Rich text for `render`, a styled strip for `render_line`."""


class Hand(Widget):
    """A row of face-up cards with a selection; scrolls to keep the selection in view."""

    @dataclass
    class CardClicked(Message):
        """The player clicked the card at `index` (in the hand's order)."""

        index: int

    cards: reactive[tuple[Card, ...]] = reactive(tuple, layout=False)
    """The cards in the player's order."""
    playable: reactive[frozenset[Card]] = reactive(frozenset)
    """Cards that may be played now: drawn raised."""
    selected: reactive[int] = reactive(0)
    """Index of the selected card."""
    shake: reactive[int] = reactive(0)
    """Columns the selected card is pushed sideways (a refused play shakes it)."""
    large: reactive[bool] = reactive(False)
    """Draw the big cards (the table sets this on large terminals)."""
    roomy: reactive[bool] = reactive(False)
    """Draw larger cards still (the table sets this on wide and tall terminals)."""
    wrap: reactive[bool] = reactive(False)
    """Lay the cards out in rows, as many as the widget's height holds (the table's
    narrow layout, for a phone held upright): the rows scroll to keep the selection."""

    def __init__(self, *, palette: str = "classic", ascii_only: bool = False,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.palette = palette
        self.ascii_only = ascii_only
        self._start = 0
        self._faces: LRUCache[tuple[Any, ...], list[Strip]] = LRUCache(256)
        """Card faces already styled, by card, selection, label and how they are drawn."""
        self._styled: LRUCache[tuple[Any, ...], Strip] = LRUCache(1024)
        """Lines of faces already styled, by `_key`: faces share borders and labels."""
        self._styled_with: object = None
        """The widget's style the faces were styled on (a new theme restyles them)."""
        self._lines: tuple[object, list[Strip]] = ((), [])
        """The lines last drawn by `render_line`, with what they were drawn from."""
        self._kinds_look: object = None
        """The look the lines of every kind of card are being styled ahead for (`warm`)."""
        self._kinds_left: list[tuple[list[Card], list[str]]] = []
        """The kinds of card (and the number keys) whose lines are still to be styled
        ahead for that look, a group a call of `warm`."""

    @property
    def card_width(self) -> int:
        if self.roomy:
            return ROOMY_WIDTH
        return LARGE_WIDTH if self.large else SMALL_WIDTH

    @property
    def slot(self) -> int:
        """Columns per card: the card and a gap a shake can move into."""
        return self.card_width + 1

    def visible_count(self) -> int:
        """How many cards a row of the hand shows."""
        return max(1, (self.size.width - 2 * MARGIN) // self.slot)

    @property
    def band_height(self) -> int:
        """Lines a row of cards takes: the cards and the line a playable one rises into."""
        return 9 if self.roomy else 7 if self.large else 5

    def visible_rows(self) -> int:
        """How many rows of cards the hand shows (one, unless it wraps)."""
        return max(1, self.size.height // self.band_height) if self.wrap else 1

    def shown_range(self) -> tuple[int, int]:
        """The cards shown, from the first to just past the last: whole rows of them, the
        selected card among them."""
        per_row = self.visible_count()
        if self.wrap:
            return self._rows_window(per_row)
        count = per_row
        total = len(self.cards)
        start = min(self._start, max(0, total - count))
        if self.selected < start:
            start = self.selected
        elif self.selected >= start + count:
            start = self.selected - count + 1
        self._start = max(0, start)
        return self._start, min(total, self._start + count)

    def _rows_window(self, per_row: int) -> tuple[int, int]:
        total = len(self.cards)
        bands, shown = -(-total // per_row), self.visible_rows()
        first = min(self._start // per_row, max(0, bands - shown))
        chosen = self.selected // per_row
        if chosen < first:
            first = chosen
        elif chosen >= first + shown:
            first = chosen - shown + 1
        self._start = max(0, first) * per_row
        return self._start, min(total, self._start + shown * per_row)

    def _rows(self, face: Callable[[Card, bool, str], list[Line]]) -> list[list[str | Line]]:
        """The hand line by line: runs of plain text between lines of card faces, a row
        of cards after another when it wraps.

        `face(card, selected, label)` gives one card's face as a list of lines."""
        start, stop = self.shown_range()
        per_row = self.visible_count() if self.wrap else max(1, stop - start)
        rows: list[list[str | Line]] = []
        for first in range(start, max(stop, start + 1), per_row):
            last = min(stop, first + per_row)
            rows += self._band(face, first, last, first == start > 0,
                               last == stop < len(self.cards))
        return rows

    def _band(self, face: Callable[[Card, bool, str], list[Line]], start: int, stop: int,
              before: bool, after: bool) -> list[list[str | Line]]:
        """One row of cards, from `start` to just before `stop`, with an arrow at either
        end when there are cards `before` or `after` it."""
        slot, width = self.slot, self.card_width
        height = self.band_height
        arrows = ("<", ">") if self.ascii_only else ("◀", "▶")
        rows: list[list[str | Line]] = [
            [(arrows[0] if (before and r == height // 2) else " ") + " "] for r in range(height)]
        for index in range(start, stop):
            card = self.cards[index]
            selected = index == self.selected
            # In brackets, as a key is written: a bare '4' under '▲ 0' read as a value.
            lines = face(card, selected, f"[{index + 1}]" if index < 9 else "")
            top = 0 if card in self.playable else 1
            shift = self.shake if selected else 0
            for r, row in enumerate(rows):
                line = r - top
                if 0 <= line < len(lines):
                    _add(row, " " * shift)
                    row.append(lines[line])
                    _add(row, " " * (slot - width - shift))
                else:
                    _add(row, " " * slot)
        for r, row in enumerate(rows):
            _add(row, arrows[1] if (after and r == height // 2) else " ")
        return rows

    def _face_text(self, card: Card, selected: bool, label: str) -> list[Text]:
        draw = roomy_card if self.roomy else large_card if self.large else small_card
        return draw(card, palette=self.palette, ascii_only=self.ascii_only, selected=selected,
                    label=label)

    def render(self) -> Text:
        rows = []
        for runs in self._rows(self._face_text):
            row = Text()
            for run in runs:
                if isinstance(run, Text):
                    row.append_text(run)
                else:
                    row.append(run)
            rows.append(row)
        if not self.cards:
            rows[len(rows) // 2] = Text("  (no cards)", style="dim")
        return Text("\n").join(rows)

    # ---------------------------------------------------------------- drawing from kept faces

    def render_line(self, y: int) -> Strip:
        if self.text_selection is not None or not self.cards:
            return super().render_line(y)  # Textual draws `render`, the selection painted
        lines = self._drawn_lines()
        if y < len(lines):
            return lines[y]
        return Strip.blank(self.size.width, self.visual_style.rich_style)

    def _drawn_lines(self) -> list[Strip]:
        """Every line of the hand, joined again only when what it shows has changed."""
        start, stop = self.shown_range()
        key = (self.cards, self.playable, self.selected, self.shake, self.large, self.roomy,
               start, stop, self.wrap, self.size.width,
               self.palette, self.ascii_only, self.visual_style)
        drawn_from, lines = self._lines
        if key != drawn_from:
            if self._styled_with != self.visual_style:
                self._faces.clear()
                self._styled.clear()
                self._styled_with = self.visual_style
            (plain,) = self._style([PLAIN])
            rows = self._rows(self._face_strips)
            lines = [_join(runs, y, plain) for y, runs in enumerate(rows)]
            self._lines = (key, lines)
        return lines

    def warm(self) -> bool:
        """Style ahead, after a frame, the faces a move of yours may show next: each card
        with its number key now and the one before it (a card played to its left moves it
        along), picked out or not; the key that plays then only joins kept faces. And the
        lines of every kind of card and of every number key, for a card drawn (any card:
        the pile is face down), once for each look: a colour's cards a call, so that no
        call holds the loop for long. True while some are left (call again)."""
        if not self.cards or self._styled_with != self.visual_style:
            return False  # nothing to show, or styled afresh at the next drawing anyway
        for index, card in enumerate(self.cards):
            for at in (index, index - 1):
                if at >= 0:
                    for selected in (False, True):
                        self._face_strips(card, selected, f"[{at + 1}]" if at < 9 else "")
        look = (self.large, self.roomy, self.palette, self.ascii_only, self.visual_style)
        if look != self._kinds_look:
            self._kinds_look = look
            self._kinds_left = [([card for card in ALL_CARDS if card.colour is colour], [""])
                                for colour in (*COLOURS, None)]
            self._kinds_left[-1][1].extend(f"[{n}]" for n in range(1, 10))
        if self._kinds_left:
            cards, labels = self._kinds_left.pop(0)
            self._style([line for selected in (False, True) for card in cards
                         for label in labels
                         for line in self._face_text(card, selected, label)])
        return bool(self._kinds_left)

    def _face_strips(self, card: Card, selected: bool, label: str) -> list[Strip]:
        key = (card, selected, label, self.large, self.roomy, self.palette, self.ascii_only)
        strips = self._faces.get(key)
        if strips is None:
            strips = self._style(self._face_text(card, selected, label))
            self._faces.set(key, strips)
        return strips

    def _style(self, lines: list[Text]) -> list[Strip]:
        """The lines styled exactly as Textual styles `render` (each line once, then kept)."""
        keys = [_key(line) for line in lines]
        styled = [self._styled.get(key) for key in keys]  # `get` keeps them from eviction
        missing = {key: line for key, line, strip in zip(keys, lines, styled, strict=True)
                   if strip is None}
        if missing:
            text = Text("\n").join(missing.values())
            width = max(line.cell_len for line in missing.values())
            strips = Visual.to_strips(self, visualize(self, text), width, None, self.visual_style)
            for key, strip in zip(missing, strips, strict=True):
                self._styled.set(key, strip.discard_meta())
            styled = [self._styled[key] for key in keys]
        return cast("list[Strip]", styled)  # every line found or styled above

    def on_click(self, event: events.Click) -> None:
        start, stop = self.shown_range()
        column = (event.x - MARGIN) // self.slot
        if self.wrap:
            per_row = self.visible_count()
            if column >= per_row:
                return
            index = start + event.y // self.band_height * per_row + column
        else:
            index = start + column
        if event.x >= MARGIN and start <= index < stop:
            self.post_message(self.CardClicked(index))

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        """Every row of cards when it wraps (a `height: auto` hand grows with it)."""
        if not self.wrap:
            return self.band_height
        per_row = max(1, (width - 2 * MARGIN) // self.slot)
        return self.band_height * max(1, -(-len(self.cards) // per_row))


def _add(row: list[str | Line], run: str) -> None:
    """Add plain text to a row, joined to the plain text before it (as Rich text joins it)."""
    if not run:
        return
    if row and isinstance(row[-1], str):
        row[-1] += run
    else:
        row.append(run)


@lru_cache(maxsize=4096)
def _at(style: Style, x: int, y: int) -> Style:
    """The style with the offset in the widget that Textual's text selection reads."""
    return style + Style.from_meta({"offset": (x, y)})


def _join(runs: list[str | Strip], y: int, plain: Strip) -> Strip:
    """One line from its runs, each segment with the offset Textual's text selection reads.

    Plain runs take the style of `plain`, a styled space."""
    (space,) = plain
    segments = []
    x = 0
    for run in runs:
        for text, style, _ in [space._replace(text=run)] if isinstance(run, str) else run:
            segments.append(Segment(text, _at(style, x, y)))
            x += len(text)
    return Strip(segments)


def _key(line: Text) -> tuple[Any, ...]:
    """What a line's styling depends on: its text and its styles."""
    return line.plain, tuple(line.spans), line.style
