"""The table's narrow layout (a phone held upright, a narrow terminal pane): the opponents
as a list above the pile, and the footer's keys as tap targets that wrap.

Both are fed by the table like the other widgets and never read the game; narrow.tcss
shows them, and hides the tags round the ring and the footer, below 80 columns.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.text import Text
from textual.content import Content
from textual.widgets import Static

from ...engine import View
from ...session.keys import KEYS, key
from .controls import chip_lines
from .kept_static import KeptStatic
from .redraw import RedrawsOnChange
from .tags import ordinal


@dataclass(frozen=True)
class Opponent:
    """What the list says of one opponent (what its tag round the ring says)."""

    name: str
    cards: int
    current: bool
    called: bool
    vulnerable: bool
    out_place: int | None
    score: int | None


def opponents(view: View, name: Callable[[int], str], scores: bool) -> tuple[Opponent, ...]:
    """Every opponent of the player's `view`, in the order of play from the player."""
    return tuple(
        Opponent(name(seat), view.hand_counts[seat], view.current == seat, view.called[seat],
                 view.vulnerable == seat,
                 view.out.index(seat) + 1 if seat in view.out else None,
                 view.scores[seat] if scores else None)
        for seat in range(1, view.seats))


class OpponentList(RedrawsOnChange, KeptStatic):
    """One line an opponent: a marker for the one to play, the name, the cards held."""

    def show(self, rows: Sequence[Opponent], ascii_only: bool) -> None:
        if not self.changed((tuple(rows), ascii_only)):
            return
        width = max((len(row.name) for row in rows), default=0)
        text = Text()
        for row in rows:
            marker = (">" if ascii_only else "▶") if row.current else " "
            line = Text(f"{marker} ", style="bold")
            line.append(row.name.ljust(width), style="bold" if row.current else "")
            if row.out_place is not None:
                line.append(f"  out, {ordinal(row.out_place)}", style="dim")
            else:
                line.append(f"  {row.cards} card{'s' if row.cards != 1 else ''}")
            if row.vulnerable:
                line.append("  ", style="")
                line.append(f" ! {key('catch')}: catch ", style="bold reverse")
            elif row.called and row.cards <= 2 and row.out_place is None:
                line.append("  Last Card" if ascii_only else "  ✔ Last Card", style="bold")
            if row.score is not None:
                line.append(f"  {row.score} pt{'s' if row.score != 1 else ''}", style="dim")
            if text:
                text.append("\n")
            text.append_text(line)
        self.update(text)


TAPS: tuple[tuple[str, str], ...] = tuple(
    (k.action, "◀" if k.action == "move(-1)" else "▶" if k.action == "move(1)"
     else "⇧◀" if k.action == "shift(-1)" else "⇧▶" if k.action == "shift(1)"
     else k.display.split("/")[0])
    for k in KEYS if k.footer or k.action in ("move(1)", "shift(1)"))
"""The footer's keys, each with what its tap target shows (from the key table): moving
and arranging go one way or the other, so each way is a target of its own."""
_LABELS = {k.action: k.label for k in KEYS}


class TapKeys(RedrawsOnChange, Static):
    """The footer's keys as tap targets, over as many lines as the width needs."""

    def show(self, ascii_only: bool) -> None:
        width = self.content_size.width or self.app.size.width - 2
        if not self.changed((ascii_only, width)):
            return
        chips = [(len(plain), markup) for plain, markup in self._chips(ascii_only)]
        self.update(Content.from_markup(chip_lines(chips, width)))

    @staticmethod
    def _chips(ascii_only: bool) -> list[tuple[str, str]]:
        """(what it shows, its markup) for each key; the two ways of a key together."""
        chips = []
        before = ""
        for action, shown in TAPS:
            if ascii_only:
                shown = shown.replace("◀", "<").replace("▶", ">").replace("⇧", "Shift")
                shown = shown.replace("⏎", "Enter")
            chip = f"[@click='screen.{action}'][b reverse] {shown} [/][/]"
            if action in ("move(-1)", "shift(-1)"):
                before = chip + " "  # its other way follows, with the label
                continue
            chips.append(f"{before}{chip} [@click='screen.{action}']{_LABELS[action]}[/]")
            before = ""
        return [(_plain(markup), markup) for markup in chips]


def _plain(markup: str) -> str:
    return Content.from_markup(markup).plain
