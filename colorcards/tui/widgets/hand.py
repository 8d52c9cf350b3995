"""The player's hand: every card face up with shape, value and colour name.

Playable cards sit one line higher than the rest, the selected card has a heavy
border, and the first nine carry their number key. The widget is fed its cards and
state by the table and only ever posts `CardClicked`; it never looks at the game.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ...engine import Card
from .faces import LARGE_WIDTH, SMALL_WIDTH, large_card, small_card
MARGIN = 2
"""Columns kept at each end for the 'more cards' arrows."""


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

    def __init__(self, *, palette: str = "classic", ascii_only: bool = False, **kwargs):
        super().__init__(**kwargs)
        self.palette = palette
        self.ascii_only = ascii_only
        self._start = 0

    @property
    def card_width(self) -> int:
        return LARGE_WIDTH if self.large else SMALL_WIDTH

    @property
    def slot(self) -> int:
        """Columns per card: the card and a gap a shake can move into."""
        return self.card_width + 1

    def visible_count(self) -> int:
        return max(1, (self.size.width - 2 * MARGIN) // self.slot)

    def _window(self) -> tuple[int, int]:
        count = self.visible_count()
        total = len(self.cards)
        start = min(self._start, max(0, total - count))
        if self.selected < start:
            start = self.selected
        elif self.selected >= start + count:
            start = self.selected - count + 1
        self._start = max(0, start)
        return self._start, min(total, self._start + count)

    def render(self) -> Text:
        slot, width = self.slot, self.card_width
        draw = large_card if self.large else small_card
        height = 7 if self.large else 5
        rows = [Text() for _ in range(height)]
        start, stop = self._window()
        arrows = ("<", ">") if self.ascii_only else ("◀", "▶")
        for r, row in enumerate(rows):
            row.append(arrows[0] if (start > 0 and r == height // 2) else " ")
            row.append(" ")
        for index in range(start, stop):
            card = self.cards[index]
            selected = index == self.selected
            label = str(index + 1) if index < 9 else ""
            face = draw(card, palette=self.palette, ascii_only=self.ascii_only,
                              selected=selected, label=label)
            top = 0 if card in self.playable else 1
            shift = self.shake if selected else 0
            for r, row in enumerate(rows):
                line = r - top
                if 0 <= line < len(face):
                    row.append(" " * shift)
                    row.append_text(face[line])
                    row.append(" " * (slot - width - shift))
                else:
                    row.append(" " * slot)
        more = stop < len(self.cards)
        for r, row in enumerate(rows):
            row.append(arrows[1] if (more and r == height // 2) else " ")
        if not self.cards:
            rows[height // 2] = Text("  (no cards)", style="dim")
        return Text("\n").join(rows)

    def on_click(self, event) -> None:
        start, stop = self._window()
        index = start + (event.x - MARGIN) // self.slot
        if event.x >= MARGIN and start <= index < stop:
            self.post_message(self.CardClicked(index))
