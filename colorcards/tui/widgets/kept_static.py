"""A Static that keeps the lines it drew, paragraph by paragraph.

The table feeds its boxes after every move, and what a box shows is mostly what it
showed before: a tag's "Computer · Normal" above a count it has shown already, the
pile's card borders, the log's earlier lines (one row higher). Textual draws a box's
text afresh after each change, and for a tag, the top card or the log that is most of
what the box costs a frame (tests/benchmarks/TUI.md). A `KeptStatic` draws each
paragraph (a line of its text, wrapped to the box) once and keeps it, by what the
drawing depends on: the paragraph's text and styles, the box's width, its own style and
the stylesheet's rules for laying text out. A paragraph kept, shown at another place in
the text, is moved there: only the paragraph its text-selection offsets name changes.
A restyle (a new theme, a class that changes the box) draws again what it shows, as
Textual would.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from rich.segment import Segment
from rich.style import Style
from textual.cache import LRUCache
from textual.content import Content
from textual.strip import Strip
from textual.visual import Visual, VisualType, visualize
from textual.widgets import Static


class KeptStatic(Static):
    """A Static whose paragraphs are drawn once and kept (see the module's docstring).

    For text without links: a link's look (the stylesheet's `link-*` rules) is not in
    what a paragraph is kept by, so a box with links (the control bar) stays a Static."""

    KEPT = 64
    """Paragraphs kept per box: what a box shows in a game, most of it."""

    def __init__(self, *args: Any, markup: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, markup=markup, **kwargs)  # text is text: see tui/plain.py
        self._kept: LRUCache[Hashable, tuple[int, list[Strip]]] = LRUCache(self.KEPT)
        """Paragraphs drawn: by paragraph and layout, the place in the text they were
        drawn for and their lines."""
        self._shown: tuple[object, object, list[Strip]] | None = None
        """The lines last shown, with the visual and the size they show."""

    def notify_style_update(self) -> None:
        self._shown = None  # the rules for laying text out may have changed
        super().notify_style_update()

    def render_line(self, y: int) -> Strip:
        visual = self.visual
        if not isinstance(visual, Content) or self.text_selection is not None:
            return super().render_line(y)  # Textual draws it (and paints the selection)
        shown = self._shown
        size = self.size
        if shown is None or shown[0] is not visual or shown[1] != size:
            lines = self._lines(visual)
            if lines is None:
                return super().render_line(y)
            shown = self._shown = (visual, size, lines)
        lines = shown[2]
        if y < len(lines):
            return lines[y]
        return Strip.blank(size.width, self.visual_style.rich_style)

    def warm(self, content: VisualType) -> None:
        """Draw and keep the paragraphs of `content`, not shown: a picture the box may show
        next (the card you are likely to play) then costs its frame nothing to draw."""
        if self.is_mounted and self.size.area:
            visual = visualize(self, content)
            if isinstance(visual, Content):
                self._lines(visual)

    def _lines(self, visual: Content) -> list[Strip] | None:
        """The box's lines from its paragraphs, kept or drawn; None where the box is laid
        out as a whole (content aligned other than top left)."""
        rules = self.styles
        if rules.content_align != ("left", "top"):
            return None
        width, height = self.size
        style = self.visual_style
        layout = (width, style, rules.text_align, rules.text_overflow, rules.text_wrap,
                  rules.line_pad)
        lines: list[Strip] = []
        for index, paragraph in enumerate(visual.split("\n", allow_blank=True)):
            if len(lines) >= height:
                break
            # Content's equality reads its text only: the spans say how it is styled.
            key = (paragraph.plain, tuple(paragraph.spans), layout)
            kept = self._kept.get(key)
            if kept is None or kept[0] != index:
                drawn = (Visual.to_strips(self, paragraph, width, None, style) if kept is None
                         else kept[1])
                kept = (index, [_moved(strip, index) for strip in drawn])
                self._kept.set(key, kept)
            lines.extend(kept[1])
        return lines[:height]


def _moved(strip: Strip, paragraph: int) -> Strip:
    """The strip with its text-selection offsets set to the `paragraph`-th of the text
    (they name a paragraph and a column in it, as Textual draws the whole text)."""
    segments = []
    moved = False
    for text, style, control in strip:
        if style is not None and (offset := style.meta.get("offset")) is not None:
            if offset[1] != paragraph:
                style = style + Style.from_meta({"offset": (offset[0], paragraph)})
                moved = True
        segments.append(Segment(text, style, control))
    return Strip(segments, strip.cell_length) if moved else strip
