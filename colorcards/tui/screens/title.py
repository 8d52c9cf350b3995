"""The first screen: the name, the four shapes, and where to go from here."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Static

from ...engine import COLOURS, PRESETS, parse_card
from ...session import palette as palettes
from ...session.palette import STYLES, glyph, marks, rank_short
from ..plain import Plain
from . import title_places
from .common import LEVEL_TITLES, MenuButton, when
from .go import Answer, Go, answer

#: "COLOR CARDS" in a three-line block font, one letter per entry.
_FONT = {
    "C": ("█▀▀", "█  ", "▀▀▀"),
    "O": ("█▀█", "█ █", "▀▀▀"),
    "L": ("█  ", "█  ", "▀▀▀"),
    "R": ("█▀█", "██▀", "▀ ▀"),
    "A": ("█▀█", "█▀█", "▀ ▀"),
    "D": ("█▀▄", "█ █", "▀▀ "),
    "S": ("█▀▀", "▀▀█", "▀▀▀"),
}


ART_WIDTH = 53
"""Columns the name in large letters takes on one line (and the fan of five cards):
narrower, the words go one above the other and the fan holds fewer cards."""


def title_art(ascii_only: bool = False, width: int = ART_WIDTH) -> Text:
    """The game's name in large letters, the letters taking the four colours in turn,
    framed by the four shapes; spaced capitals when Unicode is unavailable. Narrower
    than `ART_WIDTH`, COLOR above CARDS."""
    if width < ART_WIDTH and not ascii_only:
        return Text("\n", justify="center").join(
            [_big_word("COLOR", 0), _big_word("CARDS", 1)])
    text = Text(justify="center", no_wrap=True)
    if ascii_only:
        for colour in COLOURS:
            text.append(f"{glyph(colour, True)} ", style=STYLES[colour])
        text.append(" C O L O R   C A R D S ", style="bold")
        for colour in COLOURS:
            text.append(f" {glyph(colour, True)}", style=STYLES[colour])
        return text
    return _big_word("COLOR CARDS")


def _big_word(word: str, shift: int = 0) -> Text:
    """`word` in the block font between two shapes; `shift` moves the colours along
    (CARDS under COLOR goes on where COLOR's colours left off)."""
    text = Text(justify="center", no_wrap=True)
    for row in range(3):
        left, right = COLOURS[(row + shift) % 4], COLOURS[(3 - row + shift) % 4]
        text.append(f"{glyph(left)}  ", style=STYLES[left])
        letter_index = 0
        for ch in word:
            if ch == " ":
                text.append("  ")
                continue
            colour = COLOURS[(letter_index + shift) % 4]
            text.append(_FONT[ch][row] + " ", style=STYLES[colour])
            letter_index += 1
        text.append(f" {glyph(right)}", style=STYLES[right])
        if row < 2:
            text.append("\n")
    return text


#: The cards fanned out under the title on roomy terminals: one of each colour and a Wild.
FAN = ("R7", "BS", "Y+2", "G0", "W")

#: Rows needed before the fan is shown (it would push the menu off an 80x24 screen).
FAN_MIN_HEIGHT = 32


def card_fan(ascii_only: bool = False, width: int = ART_WIDTH) -> Text:
    """Five small face-up cards side by side (as many as `width` holds), each with its
    value in the corners and its shape in the middle, for the title of a roomy terminal."""
    cards = [parse_card(code) for code in FAN[:max(1, (width + 2) // 11)]]
    rows = [Text(no_wrap=True) for _ in range(5)]
    for i, card in enumerate(cards):
        style = STYLES[card.colour] if card.colour is not None else ""
        value = rank_short(card.rank)
        shape = glyph(card.colour, ascii_only)
        tl, tr, bl, br, h, v = (("╭", "╮", "╰", "╯", "─", "│") if not ascii_only
                                else ("+", "+", "+", "+", "-", "|"))
        inner = 7
        faces = [
            tl + h * inner + tr,
            v + f"{value:<{inner}}" + v,
            v + f"{shape:^{inner}}" + v,
            v + f"{value:>{inner}}" + v,
            bl + h * inner + br,
        ]
        for n, (row, face) in enumerate(zip(rows, faces, strict=True)):
            if i:
                row.append("  ")
            # A Wild belongs to every colour: its rows take them in turn.
            row.append(face, style=style if card.colour else STYLES[COLOURS[n % 4]])
    return Text("\n").join(rows)


def shapes_line(width: int = 80) -> Text:
    """'● Red  ■ Blue  ▲ Yellow  ◆ Green': the key to every card in the game (two and
    two where one line cannot hold them, never a shape's name broken off)."""
    text = Text(justify="center")
    for i, colour in enumerate(COLOURS):
        if i:
            text.append("\n" if i == 2 and width < 70 else "    ")
        text.append(f"{glyph(colour)} {colour.title} {colour.shape}", style=STYLES[colour])
    return text


def saved_summary(saved: dict[str, Any]) -> str:
    """What Continue picks up, what on one line and when on the next, so that neither
    is ever broken in the menu's width: 'Classic · Hard · round 2⏎saved Tue 1 Dec, 14:05'."""
    preset = saved.get("preset")
    title = PRESETS[preset].title if preset in PRESETS else str(preset or "Saved game")
    parts = [title]
    level = saved.get("difficulty")
    if level:
        parts.append(LEVEL_TITLES.get(level, str(level).title()))
    round_no = saved.get("round")
    if round_no:
        parts.append(f"round {round_no}")
    text = marks(" · ".join(parts))
    if saved.get("saved_at") is not None:
        text += f"\nsaved {when(saved['saved_at'])}"
    return text


class TitleScreen(Screen[Answer]):
    """Returns Go.CONTINUE, a place the registry lists for the title (New game,
    Statistics, ...: `screens.title_places`) or Go.QUIT; Escape returns Go.BACK, which the
    app takes as a question (leaving from the title by accident was too easy)."""

    BINDINGS = [
        Binding("up", "app.focus_previous", show=False),
        Binding("down", "app.focus_next", show=False),
        Binding("c", "choose('continue')", "Continue", show=False),
        *(Binding(p.key, f"choose('{p.name}')", p.label) for p in title_places()),
        Binding("q", "choose('quit')", "Quit"),
        Binding("escape", "choose('back')", "Quit", show=False),
    ]

    def __init__(self, saved: dict[str, Any] | None) -> None:
        super().__init__()
        self.saved = saved
        """The saved game's summary (preset, difficulty, saved_at, round), or None."""
        self._drawn_at = 0
        """The width the name and the fan were last drawn for."""

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="title-page"):
            yield Plain(title_art(ascii_only=not palettes.unicode_ok()), id="title-art")
            yield Plain(card_fan(ascii_only=not palettes.unicode_ok()), id="title-fan")
            yield Plain(shapes_line(), id="title-shapes")
            yield Plain("Match the colour, the number or the symbol. Empty your hand first.",
                         id="title-tagline")
            with Center():
                with Vertical(id="title-menu", classes="menu"):
                    if self.saved is not None:
                        yield MenuButton("Continue  (C)", id="continue", variant="primary")
                        yield Plain(saved_summary(self.saved), id="saved-summary")
                    for n, where in enumerate(title_places()):
                        first = n == 0 and self.saved is None
                        yield MenuButton(f"{where.label}  ({where.key.upper()})", id=where.name,
                                         variant="primary" if first else "default")
                    yield MenuButton("Quit  (Q)", id="quit")

    def on_resize(self) -> None:
        fan = self.query_one("#title-fan", Static)
        fan.display = self.size.height >= FAN_MIN_HEIGHT
        width = self.size.width
        if width != self._drawn_at:
            self._drawn_at = width
            ascii_only = not palettes.unicode_ok()
            self.query_one("#title-art", Static).update(title_art(ascii_only, width))
            fan.update(card_fan(ascii_only, width))
            self.query_one("#title-shapes", Static).update(shapes_line(width))

    def on_mount(self) -> None:
        self.on_resize()
        self.query_one("#title-menu").query(Button).first().focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(answer(str(event.button.id)))

    def action_choose(self, what: str) -> None:
        go = answer(what)
        if go is Go.CONTINUE and self.saved is None:
            self.app.bell()
            return
        self.dismiss(go)
