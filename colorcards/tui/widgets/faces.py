"""Card faces drawn as lines of Rich text: small for the hand, large for the pile.

Every face carries the colour's shape and name as well as its colour, so a card reads
the same with NO_COLOR or on a monochrome terminal. With ASCII only, the borders and
shapes fall back to plain characters.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from ...engine import Card, Colour, Rank
from ...session.palette import BACKGROUNDS, colour_name, glyph, rank_short

SMALL_WIDTH = 8
"""Columns a card takes in the hand, borders included."""

WILD_BACKGROUND = "#3a3a3a"

_BORDERS = {
    # (unicode, selected): top-left, top, top-right, side, bottom-left, bottom-right
    (True, False): ("╭", "─", "╮", "│", "╰", "╯"),
    (True, True): ("┏", "━", "┓", "┃", "┗", "┛"),
    (False, False): ("+", "-", "+", "|", "+", "+"),
    # '#' is Blue's ASCII glyph, so the selected card is marked by '=' rules instead
    (False, True): ("+", "=", "+", "|", "+", "+"),
}

_TITLES = {Rank.WILD_DRAW_FOUR: "Wild", Rank.DRAW_TWO: "Draw Two"}
"""A face's title where the card's name does not fit (a Wild Draw Four says 'draw 4'
under it); one name for each card, as the words use."""


def face_style(colour: Colour | None) -> Style:
    """The face of a card: its colour as background, readable text on it."""
    if colour is None:
        return Style.parse(f"bold #ffffff on {WILD_BACKGROUND}")
    text = "#000000" if colour is Colour.YELLOW else "#ffffff"
    return Style.parse(f"bold {text} on {BACKGROUNDS[colour]}")


def _fit(text: str, width: int, align: str = "left") -> str:
    text = text[:width]
    if align == "center":
        return text.center(width)
    if align == "right":
        return text.rjust(width)
    return text.ljust(width)


def small_card(card: Card, *, palette: str, ascii_only: bool, selected: bool = False,
               label: str = "") -> list[Text]:
    """A hand card in four lines: border, shape and value, colour name, border with key."""
    tl, h, tr, side, bl, br = _BORDERS[(not ascii_only, selected)]
    inner = SMALL_WIDTH - 2
    face = face_style(card.colour)
    border = Style(bold=selected)
    line1 = _fit(f"{glyph(card.colour, ascii_only)} {rank_short(card.rank)}", inner)
    if card.colour is None:
        line2 = "draw 4" if card.rank is Rank.WILD_DRAW_FOUR else "any"
    else:
        line2 = colour_name(card.colour, palette)
    line2 = _fit(line2, inner)
    bottom = bl + _fit(h + label, inner).replace(" ", h) + br
    lines = [Text(tl + h * inner + tr, style=border)]
    for content in (line1, line2):
        text = Text(side, style=border)
        text.append(content, style=face)
        text.append(side, style=border)
        lines.append(text)
    lines.append(Text(bottom, style=border))
    return lines


LARGE_WIDTH = 10
"""Columns a hand card takes on a large terminal."""


def large_card(card: Card, *, palette: str, ascii_only: bool, selected: bool = False,
               label: str = "") -> list[Text]:
    """A hand card for large terminals: six lines, the value large in the middle."""
    inner = LARGE_WIDTH - 2
    shape, title, name = _words(card, palette, ascii_only, wild="any")
    rows = [_fit(f"{shape} {rank_short(card.rank)}", inner), _fit(title, inner, "center"),
            _fit(name, inner, "center"), _fit(shape, inner, "right")]
    return _framed(card, rows, inner, ascii_only=ascii_only, selected=selected, label=label)


ROOMY_WIDTH = 12
"""Columns a hand card takes on a roomy terminal (wide and tall)."""


def roomy_card(card: Card, *, palette: str, ascii_only: bool, selected: bool = False,
               label: str = "") -> list[Text]:
    """A hand card for roomy terminals: eight lines, twelve columns, the value in the middle."""
    inner = ROOMY_WIDTH - 2
    shape, title, name = _words(card, palette, ascii_only, wild="any colour")
    rows = [_fit(f"{shape} {rank_short(card.rank)}", inner), " " * inner,
            _fit(title, inner, "center"), _fit(name, inner, "center"), " " * inner,
            _fit(shape, inner, "right")]
    return _framed(card, rows, inner, ascii_only=ascii_only, selected=selected, label=label)


def _words(card: Card, palette: str, ascii_only: bool, wild: str) -> tuple[str, str, str]:
    """A hand card's shape, title ('Draw 2') and colour name (`wild` for a Wild)."""
    if card.colour is None:
        name = wild if card.rank is Rank.WILD else "draw 4"
    else:
        name = colour_name(card.colour, palette)
    return glyph(card.colour, ascii_only), _TITLES.get(card.rank, card.rank.title), name


def _framed(card: Card, rows: list[str], inner: int, *, ascii_only: bool, selected: bool,
            label: str) -> list[Text]:
    """`rows` in the card's face colours inside its border, `label` in the bottom edge."""
    tl, h, tr, side, bl, br = _BORDERS[(not ascii_only, selected)]
    face = face_style(card.colour)
    border = Style(bold=selected)
    lines = [Text(tl + h * inner + tr, style=border)]
    for content in rows:
        text = Text(side, style=border)
        text.append(content, style=face)
        text.append(side, style=border)
        lines.append(text)
    lines.append(Text(bl + _fit(h + label, inner).replace(" ", h) + br, style=border))
    return lines


def big_card(card: Card, active: Colour | None, *, palette: str, ascii_only: bool) -> list[Text]:
    """The top of the discard pile in five lines, ten columns."""
    tl, h, tr, side, bl, br = _BORDERS[(not ascii_only, False)]
    inner = 8
    face = face_style(card.colour)
    shape = glyph(card.colour, ascii_only)
    title = _TITLES.get(card.rank, card.rank.title)
    if card.colour is None:
        first = _fit(f"{shape} Wild", inner)
        named = glyph(active, ascii_only) if active else "?"
        last = _fit(f"named {named}", inner, "right")
    else:
        first = _fit(f"{shape} {colour_name(card.colour, palette)}", inner)
        last = _fit(shape, inner, "right")
    rows = [first, _fit(title, inner, "center"), last]
    lines = [Text(tl + h * inner + tr)]
    for content in rows:
        text = Text(side)
        text.append(content, style=face)
        text.append(side)
        lines.append(text)
    lines.append(Text(bl + h * inner + br))
    return lines


def card_back(count: int, *, ascii_only: bool, label: str = "DRAW") -> list[Text]:
    """The draw pile, face down, with how many cards it holds."""
    tl, h, tr, side, bl, br = _BORDERS[(not ascii_only, False)]
    inner = 8
    fill = ":" if ascii_only else "░"
    back = Style(dim=True)
    rows = [fill * inner, _fit(label, inner, "center"), _fit(f"{count} left", inner, "center")]
    lines = [Text(tl + h * inner + tr)]
    for i, content in enumerate(rows):
        text = Text(side)
        text.append(content, style=back if i == 0 else Style(bold=True))
        text.append(side)
        lines.append(text)
    lines.append(Text(bl + h * inner + br))
    return lines


#: Each shape as a 3x5 mask: '#' marks where the colour's own glyph is drawn.
_BIG_SHAPES = {
    Colour.RED: (" ### ", "#####", " ### "),
    Colour.BLUE: ("#####", "#####", "#####"),
    Colour.YELLOW: ("  #  ", " ### ", "#####"),
    Colour.GREEN: ("  #  ", " ### ", "  #  "),
}


def big_shape(colour: Colour | None, ascii_only: bool) -> list[str]:
    """The colour's shape drawn large with its own glyph, three lines of five."""
    if colour is None:
        return ["  ?  ", " ? ? ", "  ?  "]
    mark = glyph(colour, ascii_only)
    return [row.replace("#", mark) for row in _BIG_SHAPES[colour]]
