"""What happened at the table, in words, newest at the bottom."""

from __future__ import annotations

from typing import Any

from rich.style import Style
from textual.widgets import RichLog

from ..wording import ascii_text

SHOWN = 150
"""Lines written when the log is (re)filled: the last ones (the history screen has all)."""


class GameLog(RichLog):
    """The log of play; fed whole lines by the table (it keeps no game state)."""

    can_focus = False

    def __init__(self, *, ascii_only: bool = False, **kwargs: Any) -> None:
        super().__init__(wrap=True, markup=False, max_lines=300, min_width=20, **kwargs)
        self.ascii_only = ascii_only
        """Write every line in plain ASCII."""
        self._shown = 0
        """How many lines of the table's log (counted as `logged`) are written."""
        self._text: str | None = None
        """The short text shown instead of the lines (`show_text`), if any."""
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
        self._text = None

    def show(self, lines: list[str], logged: int | None = None) -> None:
        """Write the lines not yet shown. `logged` counts every line the table has logged,
        `lines` being the last of them (the table keeps a bounded log): lines past the
        count already shown are new, even once the oldest are dropped."""
        if logged is None:
            logged = len(lines)
        if self._text is not None or logged < self._shown:
            self.reset()
        fresh = logged - self._shown
        if fresh <= 0:
            return
        if self._shown == 0 or fresh > SHOWN:
            self.clear()
            fresh = SHOWN
        fresh = min(fresh, len(lines))
        for line in lines[len(lines) - fresh:]:
            self.write(ascii_text(line) if self.ascii_only else line)
        self._shown = logged
        # RichLog scrolls to a new line only after the next refresh, so the frame that
        # shows a move would show the log a line short: scroll in this frame instead.
        self.scroll_end(animate=False, immediate=True, x_axis=False)

    def show_text(self, text: str) -> None:
        """Show `text` in place of the lines (a digest of many moves), until `show`."""
        if text == self._text:
            return
        self.clear()
        self._shown = 0
        self._text = text
        self.write(ascii_text(text) if self.ascii_only else text)
        self.scroll_end(animate=False, immediate=True, x_axis=False)
