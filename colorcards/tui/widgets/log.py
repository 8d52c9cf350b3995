"""What happened at the table, in words, newest at the bottom."""

from __future__ import annotations

from textual.widgets import RichLog


class GameLog(RichLog):
    """The log of play; fed whole lines by the table (it keeps no game state)."""

    can_focus = False

    def __init__(self, **kwargs):
        super().__init__(wrap=True, markup=False, max_lines=300, min_width=20, **kwargs)
        self._shown = 0

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
