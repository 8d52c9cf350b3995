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
    so that a long message does not change the table's layout."""

    def say(self, text: str, warning: bool = False) -> None:
        if not self.changed((text, warning)):
            return
        self.set_class(warning, "-warning")
        self.update(Text(text, style="bold" if warning else ""), layout=False)


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
        width = max(20, self.size.width - 2) - (len(clock) + 4 if clock else 0)
        if sum(w + 2 for w, _, _ in items) > width:
            items = [item for item in items if item[2]]
        parts = [f"[b reverse] {clock} [/b reverse]"] if clock else []
        parts += [markup for _, markup, _ in items]
        line = "  ".join(parts)
        if self.changed(line):
            self.update(_parsed(line), layout=False)


@lru_cache(maxsize=256)
def _parsed(line: str) -> Content:
    """The control bar's markup, parsed once: a line comes back move after move (the
    keys of your turn, of the others'), and parsing one takes most of a millisecond."""
    return Content.from_markup(line)
