"""Colours, ranks and cards: the game's smallest vocabulary.

Every distinct card (54 of them: 4 colours x 13 ranks, plus the two wilds) exists
exactly once as an interned object, so the engine compares cards by identity and a
hand is a plain list of these objects. Two copies of "Blue 7" in a deck are the same
object twice.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Colour(enum.Enum):
    """A suit. Each colour carries a shape so that nothing is said by colour alone."""

    RED = "red"
    BLUE = "blue"
    YELLOW = "yellow"
    GREEN = "green"

    __hash__ = object.__hash__  # members are singletons: identity hashing is exact and fast

    @property
    def shape(self) -> str:
        """The shape's name, as the rulebook gives it."""
        return _SHAPES[self][0]

    @property
    def glyph(self) -> str:
        """The Unicode glyph for the shape."""
        return _SHAPES[self][1]

    @property
    def ascii(self) -> str:
        """A one-character ASCII fallback for the shape."""
        return _SHAPES[self][2]

    @property
    def letter(self) -> str:
        """The colour's letter in the compact card notation (R, B, Y, G)."""
        return self.value[0].upper()

    @property
    def title(self) -> str:
        """The colour's name for players: 'Red'."""
        return self.value.capitalize()

    def __repr__(self) -> str:
        return f"Colour.{self.name}"


_SHAPES = {
    Colour.RED: ("circle", "●", "o"),
    Colour.BLUE: ("square", "■", "#"),
    Colour.YELLOW: ("triangle", "▲", "^"),
    Colour.GREEN: ("diamond", "◆", "*"),
}

#: The colours in the order they are listed everywhere (menus, legal actions).
COLOURS: tuple[Colour, ...] = tuple(Colour)


class Rank(enum.Enum):
    """What a card is apart from its colour: a number, an action or a wild."""

    ZERO = "0"
    ONE = "1"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    SKIP = "S"
    REVERSE = "R"
    DRAW_TWO = "+2"
    WILD = "W"
    WILD_DRAW_FOUR = "W+4"

    __hash__ = object.__hash__  # members are singletons: identity hashing is exact and fast

    @property
    def is_number(self) -> bool:
        return self.value.isdigit()

    @property
    def is_wild(self) -> bool:
        return self is Rank.WILD or self is Rank.WILD_DRAW_FOUR

    @property
    def points(self) -> int:
        """What the card scores when left in a hand at the end of a round."""
        if self.is_number:
            return int(self.value)
        return 50 if self.is_wild else 20

    @property
    def title(self) -> str:
        """The rank's name for players: '7', 'Skip', 'Wild Draw Four'."""
        return _RANK_TITLES.get(self, self.value)

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


_RANK_TITLES = {
    Rank.SKIP: "Skip",
    Rank.REVERSE: "Reverse",
    Rank.DRAW_TWO: "Draw Two",
    Rank.WILD: "Wild",
    Rank.WILD_DRAW_FOUR: "Wild Draw Four",
}

COLOURED_RANKS: tuple[Rank, ...] = tuple(r for r in Rank if not r.is_wild)


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One card face. Interned: use `Card.of(...)` or `parse_card`, never the constructor.

    `colour` is None for the two wilds; a wild's named colour is the game's active
    colour, never written onto the card.
    """

    colour: Colour | None
    """The card's colour, or None for a wild."""
    rank: Rank
    """Number, action or wild."""
    index: int
    """Position in `ALL_CARDS`; a stable small integer for sorting and compact storage."""
    points: int
    """Score value when left in a hand."""
    is_wild: bool
    """True for Wild and Wild Draw Four."""
    is_number: bool
    """True for 0-9 (kept on the card: enum properties are slow in hot loops)."""
    code: str
    """Compact notation, e.g. 'R7', 'B+2', 'GS', 'W', 'W+4'."""

    @staticmethod
    def of(colour: Colour | None, rank: Rank) -> Card:
        """The interned card with this colour and rank."""
        try:
            return _BY_KEY[(colour, rank)]
        except KeyError:
            raise ValueError(f"there is no {colour} {rank} card") from None

    def matches(self, colour: Colour | None, rank: Rank | None) -> bool:
        """Whether this card may be played with `colour` in force on a card of `rank`:
        the same colour, the same rank or symbol, or a wild (RULES.md §3). The one
        statement of matching: the engine's tables and the players' reckoning use it."""
        return self.is_wild or self.colour is colour or self.rank is rank

    @property
    def name(self) -> str:
        """The card as a player says it: 'Blue 7', 'Red Draw Two', 'Wild Draw Four'."""
        if self.colour is None:
            return self.rank.title
        return f"{self.colour.title} {self.rank.title}"

    def __repr__(self) -> str:
        return f"Card({self.code})"

    def __str__(self) -> str:
        return self.name

    def __reduce__(self) -> tuple[object, ...]:
        # interned: copies and pickles resolve to the same object
        return (Card.of, (self.colour, self.rank))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self


def _build() -> tuple[list[Card], dict[tuple[Colour | None, Rank], Card]]:
    cards: list[Card] = []
    for colour in COLOURS:
        for rank in COLOURED_RANKS:
            code = colour.letter + rank.value
            cards.append(Card(colour, rank, len(cards), rank.points, False, rank.is_number, code))
    for rank in (Rank.WILD, Rank.WILD_DRAW_FOUR):
        cards.append(Card(None, rank, len(cards), rank.points, True, False, rank.value))
    return cards, {(c.colour, c.rank): c for c in cards}


ALL_CARDS: list[Card]
ALL_CARDS, _BY_KEY = _build()
_BY_CODE = {c.code: c for c in ALL_CARDS}


def parse_card(text: str) -> Card:
    """The card written in compact notation ('R7', 'b+2', 'W+4'); raises ValueError."""
    key = text.strip().upper()
    try:
        return _BY_CODE[key]
    except KeyError:
        raise ValueError(f"not a card: {text!r}") from None


def parse_cards(text: str) -> list[Card]:
    """Space-separated compact cards: 'R7 B+2 W'."""
    return [parse_card(t) for t in text.split()]


def _build_deck() -> tuple[Card, ...]:
    deck: list[Card] = []
    for card in ALL_CARDS:
        if card.is_wild:
            deck.extend([card] * 4)
        elif card.rank is Rank.ZERO:
            deck.append(card)
        else:
            deck.extend([card] * 2)
    return tuple(deck)


_DECK = _build_deck()


def full_deck() -> list[Card]:
    """The 108 cards in a fixed order (shuffling is the game's job)."""
    return list(_DECK)

