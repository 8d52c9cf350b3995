"""The order the player keeps their hand in.

The engine keeps a hand in the order the cards came; the player sorts it and moves
cards about, and that order is theirs: it survives plays, draws and a Continue.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..engine import COLOURS, Card, Rank

_RANK_ORDER = {rank: i for i, rank in enumerate(Rank)}
_COLOUR_ORDER = {colour: i for i, colour in enumerate(COLOURS)}


def by_colour(card: Card) -> tuple[int, int]:
    """Sort key: colour first (wilds last), then rank, as most people hold a hand."""
    return (_COLOUR_ORDER.get(card.colour, 4), _RANK_ORDER[card.rank])  # type: ignore[arg-type]


def by_rank(card: Card) -> tuple[int, int]:
    """Sort key: rank first (numbers, actions, wilds), then colour."""
    return (_RANK_ORDER[card.rank], _COLOUR_ORDER.get(card.colour, 4))  # type: ignore[arg-type]


def kept_order(order: Sequence[Card], held: Sequence[Card]) -> list[Card]:
    """The cards `held`, in the player's `order` for those still held; new cards go on the right."""
    left = Counter(held)
    ordered = []
    for card in order:
        if left[card] > 0:
            ordered.append(card)
            left[card] -= 1
    for card in held:
        if left[card] > 0:
            ordered.append(card)
            left[card] -= 1
    return ordered


def sort_again(order: Sequence[Card]) -> tuple[list[Card], str]:
    """Sorted by colour, or by number if already sorted by colour; and which it was."""
    colour_first = sorted(order, key=by_colour)
    if list(order) != colour_first:
        return colour_first, "colour"
    return sorted(order, key=by_rank), "number"


def move(order: Sequence[Card], index: int, step: int) -> tuple[list[Card], int]:
    """The card at `index` moved one place by `step` (-1 or 1), and its new index."""
    cards = list(order)
    target = index + step
    if not (0 <= index < len(cards) and 0 <= target < len(cards)):
        return cards, index
    cards[index], cards[target] = cards[target], cards[index]
    return cards, target
