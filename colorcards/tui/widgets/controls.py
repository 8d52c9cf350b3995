"""The status line (what to do now, or why a card was refused) and the control bar.

The control bar shows the keys of the table's rules (Draw and Pass always; Last Card,
Catch, Accept and Challenge where the rules use them), from the key table; the ones
that can be used now are bold, the rest dim; each can be clicked. It also shows the
Last Card window and the turn timer counting down.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from rich.text import Text
from textual.content import Content
from textual.widgets import Static

from ...session.keys import Key
from .kept_static import KeptStatic
from .redraw import RedrawsOnChange


class StatusLine(RedrawsOnChange, KeptStatic):
    """The prompt, or a warning that stays until the next change: two rows in play,
    so that a long message does not change the table's layout; in the narrow layout
    (`grows`), as many as the message takes, so that none is cut."""

    grows = False
    """Take the rows the message needs (never fewer than two): set by the table where
    the width cannot hold a prompt with the coach's note in two."""

    def say(self, text: str, warning: bool = False) -> None:
        width = self.app.size.width - self.styles.gutter.width  # the box spans the table
        if not self.changed((text, warning, self.grows and width)):
            return
        self.set_class(warning, "-warning")
        if self.grows:
            self.styles.height = max(2, rows_for(text, width))  # laid out if it changed
        self.update(Text(text, style="bold" if warning else ""), layout=False)


def rows_for(text: str | Text, width: int) -> int:
    """The rows `text` takes in a box `width` columns wide, wrapped as a Static wraps it."""
    content = Content.from_rich_text(text) if isinstance(text, Text) else Content(text)
    return len(content.wrap(max(1, width)))


class ControlBar(RedrawsOnChange, Static):
    """Clickable controls, enabled ones picked out, plus the clocks."""

    def show(self, keys: Sequence[Key], enabled: set[str], labels: dict[str, str],
             clock: str = "") -> None:
        """`keys` (the table's, from the key table): the enabled ones always, the dim ones
        too when the line has room for them."""
        items = []  # (plain width, markup, enabled)
        for control in keys:
            action, key = control.action, control.display
            label = labels.get(action, control.label)
            if action in enabled:
                markup = (f"[@click=screen.{action}][b reverse]{key}[/b reverse]"
                          f"[b] {label}[/b][/]")
                items.append((len(key) + 1 + len(label), markup, True))
            else:
                items.append((len(key) + 1 + len(label), f"[dim]{key} {label}[/dim]", False))
        width = max(20, (self.size.width or self.app.size.width) - 2)
        if sum(w + 2 for w, _, _ in items) > width - (len(clock) + 4 if clock else 0):
            items = [item for item in items if item[2]]
        parts = [(len(clock) + 2, f"[b reverse] {clock} [/b reverse]")] if clock else []
        parts += [(w, markup) for w, markup, _ in items]
        line = chip_lines(parts, width)
        if self.changed(line):
            # A second line (the narrow layout's, where its height follows) is laid out.
            self.update(_parsed(line), layout="\n" in line or self.size.height > 1)


def chip_lines(chips: Sequence[tuple[int, str]], width: int) -> str:
    """Tap targets, each (its width, its markup), two columns apart in lines of `width`:
    a target is never broken in two."""
    lines: list[list[str]] = [[]]
    used = 0
    for size, markup in chips:
        if used and used + 2 + size > width:
            lines.append([])
            used = 0
        lines[-1].append(markup)
        used += size + (2 if used else 0)
    return "\n".join("  ".join(line) for line in lines)


@lru_cache(maxsize=256)
def _parsed(line: str) -> Content:
    """The control bar's markup, parsed once: a line comes back move after move (the
    keys of your turn, of the others'), and parsing one takes most of a millisecond."""
    return Content.from_markup(line)
