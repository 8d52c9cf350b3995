"""How colours are named and drawn: palettes, shapes and the ASCII fallback.

Nothing is said by colour alone: every colour is drawn with its shape and named in
words. The "gems" palette renames the colours (Ruby, Amber, Teal, Violet); the shapes
never change.
"""

from __future__ import annotations

import os
import sys

from ..engine import Card, Colour, Rank

PALETTES: dict[str, dict[Colour, str]] = {
    "classic": {Colour.RED: "Red", Colour.BLUE: "Blue", Colour.YELLOW: "Yellow",
                Colour.GREEN: "Green"},
    "gems": {Colour.RED: "Ruby", Colour.BLUE: "Violet", Colour.YELLOW: "Amber",
             Colour.GREEN: "Teal"},
}

#: Rich styles for each colour (foreground on a dark or light background).
STYLES: dict[Colour, str] = {
    Colour.RED: "bold #ff5f5f",
    Colour.BLUE: "bold #5fafff",
    Colour.YELLOW: "bold #ffd75f",
    Colour.GREEN: "bold #5fd75f",
}

#: Card faces' background colours for the hand.
BACKGROUNDS: dict[Colour, str] = {
    Colour.RED: "#b22222",
    Colour.BLUE: "#1f5fbf",
    Colour.YELLOW: "#c9a100",
    Colour.GREEN: "#1e8c3a",
}

_RANK_SHORT = {Rank.SKIP: "Skip", Rank.REVERSE: "Rev", Rank.DRAW_TWO: "+2",
               Rank.WILD: "Wild", Rank.WILD_DRAW_FOUR: "W+4"}


def unicode_ok() -> bool:
    """Whether to draw Unicode shapes (off with COLORCARDS_ASCII=1 or a non-UTF terminal)."""
    if os.environ.get("COLORCARDS_ASCII"):
        return False
    encoding = (getattr(sys.stdout, "encoding", None) or "utf-8").lower()
    return "utf" in encoding


#: Pointers, arrows and punctuation beyond ASCII, as an ASCII terminal shows them.
_ASCII_MARKS = str.maketrans({"▶": ">", "◀": "<", "‹": "<", "›": ">",
                              "←": "<-", "→": "->", "↑": "^", "↓": "v", "⇧": "Shift+",
                              "·": "-", "—": "-", "–": "-", "…": "...", "✗": "x",
                              "✓": "ok", "’": "'", "‘": "'", "“": '"', "”": '"'})

#: A Wild's glyph: it has no colour, so it must not look like any colour's shape
#: (Green's ASCII diamond is `*`).
WILD_GLYPH = "✦"
WILD_ASCII = "@"


def marks(text: str) -> str:
    """`text` with its pointers, arrows and punctuation in ASCII when the terminal has
    no Unicode."""
    return text if unicode_ok() else text.translate(_ASCII_MARKS)


def glyph(colour: Colour | None, ascii_only: bool | None = None) -> str:
    """The colour's shape as one character ('●', or 'o' in ASCII); '✦' ('@') for a
    Wild, which has no colour."""
    if colour is None:
        return WILD_ASCII if _ascii(ascii_only) else WILD_GLYPH
    return colour.ascii if _ascii(ascii_only) else colour.glyph


def _ascii(ascii_only: bool | None) -> bool:
    return (not unicode_ok()) if ascii_only is None else ascii_only


def colour_name(colour: Colour, palette: str = "classic") -> str:
    """The colour's name in the palette: 'Red' or 'Ruby'."""
    return PALETTES.get(palette, PALETTES["classic"])[colour]


def rank_short(rank: Rank) -> str:
    """A rank in at most four characters: '7', 'Skip', 'Rev', '+2', 'Wild', 'W+4'."""
    return _RANK_SHORT.get(rank, rank.value)


def card_name(card: Card, palette: str = "classic") -> str:
    """The card as the player reads it in the log: 'Ruby 7', 'Wild Draw Four'."""
    if card.colour is None:
        return card.rank.title
    return f"{colour_name(card.colour, palette)} {card.rank.title}"


def card_shown(card: Card, palette: str = "classic", ascii_only: bool = False) -> str:
    """A card as the status line names it, with its shape: 'Green 7 ◆', 'Wild Draw
    Four'."""
    if card.colour is None:
        return card.name
    return f"{colour_name(card.colour, palette)} {card.rank.title} {glyph(card.colour, ascii_only)}"


#: Marks a listener would hear as symbols, in words or plain punctuation (`spoken`).
_SPOKEN_MARKS = str.maketrans({"·": ";", "—": "-", "–": "-", "…": "...", "⏎": "Enter",
                               "←": "left", "→": "right", "⇧": "Shift", "’": "'",
                               "‘": "'", "“": '"', "”": '"', "⏱": "time", "×": "x",
                               "§": "section ", "✓": "yes", "✔": "yes", "✗": "no",
                               "★": "", "↻": "", "↺": "", "▶": "", "◀": "", "‹": "",
                               "›": ""})


def spoken(text: str, palette: str = "classic") -> str:
    """`text` as a screen reader or a braille display should meet it: each shape named in
    words after its colour ('● Red' and 'Red 7 ●' both say 'Red circle' / 'Red 7
    circle'), a Wild's mark left out (its name says it), and the marks above in plain
    ASCII. The plain front end's one filter: the words themselves are the table's."""
    for colour in Colour:
        name = colour_name(colour, palette)
        text = text.replace(f"{colour.glyph} {name}", f"{name} {colour.shape}")
        text = text.replace(colour.glyph, colour.shape)
    text = text.replace(f"{WILD_GLYPH} ", "").replace(WILD_GLYPH, "").replace(" · ", "; ")
    text = text.translate(_SPOKEN_MARKS)
    return text.encode("ascii", "replace").decode("ascii")


def card_label(card: Card, ascii_only: bool | None = None) -> str:
    """A compact face: '● 7', '■ +2', '✦ W+4'."""
    return f"{glyph(card.colour, ascii_only)} {rank_short(card.rank)}"
