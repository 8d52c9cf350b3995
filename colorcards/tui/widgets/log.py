"""What happened at the table, in words, newest at the bottom."""

from __future__ import annotations

from rich.style import Style
from textual.widgets import RichLog


class GameLog(RichLog):
    """The log of play; fed whole lines by the table (it keeps no game state)."""

    can_focus = False

    def __init__(self, **kwargs):
        super().__init__(wrap=True, markup=False, max_lines=300, min_width=20, **kwargs)
        self._shown = 0
        self._rich_style: Style | None = None

    @property
    def rich_style(self) -> Style:
        """The log's style, kept until its styles change.

        RichLog asks for it twice for every line it draws, and Textual works it out afresh
        from every ancestor each time: 4 ms for the 38 lines of the log column."""
        if self._rich_style is None:
            self._rich_style = super().rich_style
        return self._rich_style

    def notify_style_update(self) -> None:
        self._rich_style = None
        super().notify_style_update()

    def reset(self) -> None:
        """Forget what was written, so the next `show` rewraps every line to the new width."""
        self.clear()
        self._shown = 0

    def show(self, lines: list[str]) -> None:
        """Write the lines not yet shown (all of them after a resume or a trim)."""
        if self._shown > len(lines):
            self.clear()
            self._shown = 0
        new = lines[self._shown:]
        for line in new:
            self.write(line)
        self._shown = len(lines)
        if new:
            # RichLog scrolls to a new line only after the next refresh, so the frame that
            # shows a move would show the log a line short: scroll in this frame instead.
            self.scroll_end(animate=False, immediate=True, x_axis=False)
