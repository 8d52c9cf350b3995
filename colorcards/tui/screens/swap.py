"""The swap chooser after the player's 7 (house rule `seven_zero`): whose hand to take.

One button a player still in the round, with their card count and, where the player
knows it, what they hold of the player's own old cards (`View.known`: what the player
gave away, and nothing else); a partner is marked. The choice must be made: Escape does
nothing (the 7 is played), as in the colour chooser after a Wild turned up first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button

from ...session.palette import marks
from ..plain import Plain
from .common import MenuButton


@dataclass(frozen=True)
class SwapChoice:
    """One player the hands may be swapped with."""

    seat: int
    name: str
    cards: int
    """How many cards they hold."""
    known: str = ""
    """What the player knows they hold (cards the player gave them), in words; '' if
    nothing."""
    partner: bool = False
    """They are the player's partner (house rule `partners`)."""

    def label(self, number: int) -> str:
        """'1  Lily · 3 cards · you gave them Red 5, Blue 2' (the button wraps it)."""
        words = f"{number}  {self.name} · {self.cards} card{'s' if self.cards != 1 else ''}"
        if self.partner:
            words += " · your partner"
        if self.known:
            words += f" · you gave them {self.known}"
        return words


class SwapChooser(ModalScreen[int]):
    """Returns the seat whose hand the player takes for their own."""

    BINDINGS = [
        Binding("up,left,shift+tab", "app.focus_previous", show=False),
        Binding("down,right,tab", "app.focus_next", show=False),
        *(Binding(str(n), f"pick({n - 1})", show=False) for n in range(1, 10)),
    ]

    AUTO_FOCUS = "#swap MenuButton"
    """The first player has the focus (`tui/screens/__init__.py` says why not `on_mount`)."""

    def __init__(self, choices: Sequence[SwapChoice], card: str = "7") -> None:
        super().__init__()
        self.choices = tuple(choices)
        """The players still in the round, in seat order."""
        self.card = card
        """The card that swaps (its rank's name: '7')."""

    def compose(self) -> ComposeResult:
        with Vertical(id="swap", classes="dialog menu"):
            yield Plain(f"Your {self.card}: swap hands with whom?", classes="heading")
            for number, choice in enumerate(self.choices, start=1):
                yield MenuButton(marks(choice.label(number)), id=f"swap-{choice.seat}")
            yield Plain(marks("↑ ↓ move · Enter, 1–9 or click to choose"), classes="keys")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(int((event.button.id or "swap-0").removeprefix("swap-")))

    def action_pick(self, index: int) -> None:
        if 0 <= index < len(self.choices):
            self.dismiss(self.choices[index].seat)
