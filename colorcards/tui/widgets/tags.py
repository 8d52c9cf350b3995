"""A name tag for each computer player round the ring.

The tag says the name, that it is a computer and at which level, how many cards it
holds, whether it is the one to play (a marker and a heavier border, so it shows
without colour) and whether it has called Last Card or may be caught.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.content import Content

from ...session.keys import key
from .kept_static import KeptStatic
from .redraw import RedrawsOnChange

WIDEST = 18
"""Columns inside the widest tag (app.tcss: 20 wide, less the border)."""


class OpponentTag(RedrawsOnChange, KeptStatic):
    """One computer player's tag; fed by the table, never reads the game itself."""

    def __init__(self, seat: int, name: str, level: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.seat = seat
        self.player_name = name
        self.level = level

    def show(self, *, cards: int, current: bool, called: bool, vulnerable: bool,
             out_place: int | None,
             score: int | None, ascii_only: bool) -> None:
        if not self.changed((cards, current, called, vulnerable, out_place, score, ascii_only,
                             self.size.width)):
            return
        marker = (">" if ascii_only else "▶") if current else ""
        compact = 0 < self.size.width < 17  # the level is in the header too
        level = self.level.title()
        # The name is text (it may come from a file), never markup.
        self.border_title = Content(f"{marker} {self.player_name}".strip())
        # One restyle (about a millisecond against the whole stylesheet), not one a class.
        self.update_classes({"-current": current, "-catchable": vulnerable,
                             "-out": out_place is not None})
        dot = "-" if ascii_only else "·"
        text = Text("Computer\n" if compact else f"Computer {dot} {level}\n", style="dim")
        if out_place is not None:
            text.append(f"out, {ordinal(out_place)}", style="bold")
        elif vulnerable:
            text.append(_count(cards), style="bold")
            text.append(f" ! {key('catch')}: catch", style="bold reverse")
        elif called and cards <= 2:
            called_mark = "Last Card" if ascii_only else "✔ Last Card"
            text.append(f"{cards} left {called_mark}", style="bold")
        else:
            text.append(_count(cards), style="bold")
        points = f" {dot} {score} pt{'s' if score != 1 else ''}"
        room = self.content_size.width or WIDEST  # not laid out yet: redrawn once it is
        if score is not None and len(text.plain.splitlines()[-1]) + len(points) <= room:
            text.append(points, style="dim")
        self.update(text, layout=False)


def _count(cards: int) -> str:
    return f"{cards} card{'s' if cards != 1 else ''}"


def ordinal(place: int) -> str:
    """1st, 2nd, 3rd, 4th ... 10th (a table has at most ten places): short enough for a tag."""
    return f"{place}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(place, 'th') }"
