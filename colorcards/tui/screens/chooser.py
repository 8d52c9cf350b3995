"""The colour chooser after a Wild: four big cards with shape, name and how many you hold."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.message import Message
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Static

from ...engine import COLOURS, Colour
from ...session import palette as palettes
from ...session.palette import STYLES, colour_name, marks
from ..plain import Plain
from .common import back_link, keys_and_back

#: Each shape drawn large, 4 lines of 7 columns, with half blocks.
BIG_SHAPES: dict[Colour, tuple[str, ...]] = {
    Colour.RED: (" ▄███▄ ", "███████", "███████", " ▀███▀ "),
    Colour.BLUE: ("▄▄▄▄▄▄▄", "███████", "███████", "▀▀▀▀▀▀▀"),
    Colour.YELLOW: ("   ▄   ", "  ▟█▙  ", " ▟███▙ ", "▟█████▙"),
    Colour.GREEN: ("   ▄   ", " ▗███▖ ", " ▝███▘ ", "   ▀   "),
}

#: The same shapes for terminals without Unicode, drawn with the ASCII glyph.
ASCII_SHAPES: dict[Colour, tuple[str, ...]] = {
    Colour.RED: ("  ooo  ", " ooooo ", " ooooo ", "  ooo  "),
    Colour.BLUE: (" ##### ", " ##### ", " ##### ", " ##### "),
    Colour.YELLOW: ("   ^   ", "  ^^^  ", " ^^^^^ ", "^^^^^^^"),
    Colour.GREEN: ("   *   ", "  ***  ", "  ***  ", "   *   "),
}


NARROW_BELOW = 72
"""Columns under which the four colours do not fit in a row, and go two and two."""


def big_shape(colour: Colour, ascii_only: bool | None = None) -> tuple[str, ...]:
    """The colour's shape drawn large, in Unicode or ASCII as the terminal allows."""
    use_ascii = (not palettes.unicode_ok()) if ascii_only is None else ascii_only
    return (ASCII_SHAPES if use_ascii else BIG_SHAPES)[colour]


def most_held(counts: dict[Colour, int]) -> Colour:
    """The colour held most; ties go to the first in COLOURS' order."""
    return max(COLOURS, key=lambda c: counts.get(c, 0))


class Swatch(Widget):
    """One big colour card; the screen marks the selected one with `-selected`."""

    class Picked(Message):
        """The swatch was clicked."""

        def __init__(self, colour: Colour) -> None:
            super().__init__()
            self.colour = colour

    def __init__(self, colour: Colour, number: int, held: int, palette: str) -> None:
        super().__init__(id=f"swatch-{colour.value}", classes=f"swatch -{colour.value}")
        self.colour = colour
        """The colour this card names."""
        self.number = number
        """Its key, 1 to 4."""
        self.held = held
        """How many cards of this colour the player holds."""
        self.palette = palette

    def render(self) -> Text:
        selected = self.has_class("-selected")
        style = STYLES[self.colour]
        text = Text(justify="center", no_wrap=True)
        pointer = ("▶ " if selected else "  ") + f"{self.number}" + (" ◀" if selected else "  ")
        text.append(marks(pointer), style="bold")
        text.append("\n\n")
        for line in big_shape(self.colour):
            text.append(line + "\n", style=style)
        text.append("\n")
        text.append(colour_name(self.colour, self.palette).upper(),
                    style=f"{style} underline" if selected else style)
        text.append("\n")
        if self.held:
            text.append(f"you hold {self.held}", style="italic")
        else:
            text.append("none in hand", style="dim italic")
        return text

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Picked(self.colour))


class ColourChooser(ModalScreen[Colour | None]):
    """Names the colour after a Wild. The colour held most is pre-selected.

    A Wild from the hand is played only once its colour is named, so that chooser is
    `cancellable`: Escape returns None and the hand is as it was. The colour of a Wild
    turned up as the first card has to be named: there Escape does nothing.
    """

    BINDINGS = [
        Binding("left,up,shift+tab", "move(-1)", "Previous", show=False),
        Binding("right,down,tab", "move(1)", "Next", show=False),
        Binding("enter,space", "confirm", "Choose"),
        Binding("1", "pick(0)", show=False),
        Binding("2", "pick(1)", show=False),
        Binding("3", "pick(2)", show=False),
        Binding("4", "pick(3)", show=False),
        Binding("escape", "cancel", "Back", show=False),
    ]

    def __init__(self, counts: dict[Colour, int], palette: str = "classic",
                 cancellable: bool = False) -> None:
        super().__init__()
        self.cancellable = cancellable
        """Whether Escape backs out without a colour (nothing has been played yet)."""
        self.counts = dict(counts)
        """Cards of each colour in the player's hand."""
        self.palette = palette
        """Colour names to show: classic or gems."""
        self.selected = COLOURS.index(most_held(self.counts))
        """Index in COLOURS of the highlighted colour."""

    def compose(self) -> ComposeResult:
        with Vertical(id="chooser", classes="dialog"):
            yield Plain("Name the colour to play next", classes="heading")
            with Horizontal(id="swatches"):
                for i, colour in enumerate(COLOURS):
                    yield Swatch(colour, i + 1, self.counts.get(colour, 0), self.palette)
            yield Plain(id="chooser-keys", classes="keys")

    def on_mount(self) -> None:
        self.on_resize()
        self._show()

    def on_resize(self) -> None:
        """Two and two where four in a row do not fit (a phone held upright): every
        colour in sight, to click or tap (narrow.tcss)."""
        narrow = self.app.size.width < NARROW_BELOW
        self.set_class(narrow, "-narrow")
        keys = marks("← → move · 1–4 or a tap chooses · Enter confirms")
        if self.cancellable:
            keys = keys_and_back(keys, back_link("cancel"), narrow)
        for line in self.query("#chooser-keys").results(Static):  # (once composed)
            line.update(Content.from_markup(keys))

    def _show(self) -> None:
        for i, swatch in enumerate(self.query(Swatch)):
            swatch.set_class(i == self.selected, "-selected")
            swatch.refresh()

    @property
    def colour(self) -> Colour:
        """The colour highlighted now."""
        return COLOURS[self.selected]

    def action_move(self, delta: int) -> None:
        self.selected = (self.selected + delta) % len(COLOURS)
        self._show()

    def action_cancel(self) -> None:
        if self.cancellable:
            self.dismiss(None)

    def action_confirm(self) -> None:
        self.dismiss(self.colour)

    def action_pick(self, index: int) -> None:
        self.selected = index
        self._show()
        self.dismiss(self.colour)

    def on_swatch_picked(self, message: Swatch.Picked) -> None:
        self.selected = COLOURS.index(message.colour)
        self._show()
        self.dismiss(message.colour)
