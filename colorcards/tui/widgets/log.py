"""What happened at the table, in words, newest at the bottom."""

from __future__ import annotations

import re
import textwrap
from typing import Any

from rich.style import Style
from rich.text import Text
from textual.message import Message
from textual.widgets import RichLog

from ...session.wording import ascii_text
from .kept_static import KeptStatic

SHOWN = 150
"""Lines written when the log is (re)filled: the last ones (the history screen has all)."""

_SHAPES = re.compile(r" (?=[●■▲◆✦])|(?<=[●■▲◆✦]) ")
"""The spaces either side of a colour's shape: a row never ends at one ('Zoe ●' then
'2' on the next row read as two things)."""


def wrapped(line: str, width: int) -> list[str]:
    """`line` in rows of `width` (at least one), a shape kept with the name before it
    and the card after it."""
    rows = textwrap.wrap(_SHAPES.sub("\x1f", line), width, break_on_hyphens=False)
    return [row.replace("\x1f", " ") for row in rows] or [""]


class GameLog(RichLog):
    """The log of play; fed whole lines by the table (it keeps no game state)."""

    can_focus = False

    def __init__(self, *, ascii_only: bool = False, **kwargs: Any) -> None:
        super().__init__(wrap=True, markup=False, max_lines=300, min_width=20, **kwargs)
        self.ascii_only = ascii_only
        """Write every line in plain ASCII."""
        self._shown = 0
        """How many lines of the table's log (counted as `logged`) are written."""
        self._rich_style: Style | None = None

    @property
    def rich_style(self) -> Style:
        """The log's style, kept until its styles change.

        RichLog asks for it twice for every line it draws, and Textual works it out afresh
        from every ancestor each time: for the log column, a visible part of a frame."""
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

    def show(self, lines: list[str], logged: int | None = None) -> None:
        """Write the lines not yet shown. `logged` counts every line the table has logged,
        `lines` being the last of them (the table keeps a bounded log): lines past the
        count already shown are new, even once the oldest are dropped."""
        if logged is None:
            logged = len(lines)
        if logged < self._shown:
            self.reset()
        fresh = logged - self._shown
        if fresh <= 0:
            return
        if self._shown == 0 or fresh > SHOWN:
            self.clear()
            fresh = SHOWN
        fresh = min(fresh, len(lines))
        width = self.scrollable_content_region.width
        for line in lines[len(lines) - fresh:]:
            text = ascii_text(line) if self.ascii_only else line
            # Wrapped here where the width is known, so that a shape stays with its card.
            self.write("\n".join(wrapped(text, width)) if width >= 20 else text)
        self._shown = logged
        # RichLog scrolls to a new line only after the next refresh, so the frame that
        # shows a move would show the log a line short: scroll in this frame instead.
        self.scroll_end(animate=False, immediate=True, x_axis=False)



class LogStrip(KeptStatic):
    """The last lines of the log in a strip under the ring, where the terminal has no
    room for the column: the whole lines the table chose to fit, or a digest.

    A Static, not a RichLog: it never scrolls, so a move redraws its lines and lays out
    nothing. (A RichLog cleared and written afresh changed its virtual size, and each
    change laid out the whole table again, with every card played.)"""

    class Resized(Message):
        """The strip was laid out at another size: the table writes its lines again."""

    def __init__(self, *, ascii_only: bool = False, **kwargs: Any) -> None:
        super().__init__("", markup=False, **kwargs)
        self.ascii_only = ascii_only
        """Write every line in plain ASCII."""
        self._text: str | None = None

    def on_resize(self) -> None:
        self.post_message(self.Resized())

    @property
    def text(self) -> str:
        """The lines shown."""
        return self._text or ""

    def show_text(self, text: str) -> None:
        """Show `text`, which fits the strip (the table wraps and chooses the lines)."""
        if text == self._text:
            return
        self._text = text
        self.update(Text(ascii_text(text) if self.ascii_only else text), layout=False)

    def reset(self) -> None:
        """Forget what is shown, so the next `show_text` draws afresh (after a resize)."""
        self._text = None
