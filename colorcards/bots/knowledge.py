"""What a seat can work out from its view: threats, unseen cards, colour counts, bluffs.

Everything here reads only public parts of a `View` (counts, the discard pile, the
`lacks` sets, the history as the seat saw it) and the seat's own hand, so any player
built on it is fair by construction: re-dealing the cards the seat cannot see never
changes what these functions return.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable
from math import comb

from ..engine import COLOURS, HUMAN_SEAT, Card, Colour, DrawRule, Rank, View
from ..engine.events import Drew, Played


def threat(count: int) -> float:
    """How urgently a seat holding `count` cards must be stopped."""
    if count <= 0:
        return 0.0
    if count == 1:
        return 10.0
    if count == 2:
        return 5.0
    if count == 3:
        return 2.0
    return 1.0 / (count - 2)


def seat_threat(view: View, seat: int, focus_human: bool = False) -> float:
    """`threat` of a seat's count; with `focus_human` the human's weighs more."""
    t = threat(view.hand_counts[seat])
    if focus_human and seat == HUMAN_SEAT and view.seat != HUMAN_SEAT:
        t = t * 1.6 + 0.5
    return t


def turns_until(view: View, seat: int, direction: int | None = None) -> int:
    """How many turns from now until `seat` plays (1: it plays next), play running
    `direction` (default: the view's) and passing over empty hands; 0 if it never does."""
    s = view.seat
    for steps in range(1, view.seats + 1):
        s = view.next_seat(s, direction=direction)
        if s == seat:
            return steps
        if s == view.seat:
            break
    return 0


def stuck(view: View, seat: int, lookback: int = 80) -> bool:
    """Whether `seat` drew under ``draw=when-stuck`` and has not played since: its hand
    then held nothing playable, so no Wild (the only cards it may hold since are the
    one it drew and kept, and any penalty cards). Public: draws and plays are seen."""
    if view.rules.draw is not DrawRule.WHEN_STUCK or view.hand_counts[seat] == 0:
        return False
    for event in reversed(view.recent(lookback)):
        if getattr(event, "seat", None) != seat:
            continue
        if isinstance(event, Played):
            return False
        if isinstance(event, Drew) and event.reason == "draw":
            return True
    return False


def in_round(view: View) -> int:
    """How many seats still hold cards."""
    return view.in_round


def colour_counts(cards: Iterable[Card]) -> dict[Colour, int]:
    """Cards of each colour (wilds not counted)."""
    counts = dict.fromkeys(COLOURS, 0)
    for card in cards:
        if card.colour is not None:
            counts[card.colour] += 1
    return counts


def follow_chance(pool: Counter[Card], lacking: Collection[Colour], held: int, colour: Colour,
                  rank: Rank) -> float:
    """The chance that a hand of `held` cards, dealt at random from `pool` away from the
    colours in `lacking`, holds a card to play on `colour` and `rank`: a card of that
    colour or rank, or a Wild (a Wild's rank no coloured card has, so on a Wild only
    the colour and the Wilds count)."""
    total = fits = 0
    for card, copies in pool.items():
        if card.colour in lacking:
            continue
        if card.matches(colour, rank):
            fits += copies
        total += copies
    return any_dealt(held, fits, total)


def any_dealt(held: int, fits: int, total: int) -> float:
    """The chance that `held` cards dealt at random from `total`, of which `fits` would
    do, include at least one that does (all `total` if `held` is more)."""
    held = min(held, total)
    if held <= 0:
        return 0.0
    return 1.0 - comb(total - fits, held) / comb(total, held)


def bluff_chance(view: View) -> float:
    """The chance that the Wild Draw Four on top was played holding the active colour.

    The player held its remaining cards plus nothing else; if it had drawn on that
    colour and not played it since, it very likely held none. Otherwise the chance
    that its other cards, drawn from what this seat cannot see, include the colour."""
    offender = view.challenge_from
    if offender is None:
        return 0.0
    colour = view.colour_before_top()
    if colour is None:
        return 0.0
    if colour in view.lacks[offender]:
        return 0.05
    pool = view.unseen()
    of_colour = sum(n for card, n in pool.items() if card.colour is colour)
    return any_dealt(view.hand_counts[offender], of_colour, sum(pool.values()))


def hits_next(view: View, rank: Rank) -> bool:
    """Whether a card of `rank` played now costs the next seat its turn or hands it a
    penalty, by the engine's own rule (`View.card_turn`, `Turn.hits`)."""
    return view.card_turn(rank).hits


def next_to_play(view: View, card: Card) -> int:
    """The seat that will play after this seat plays `card` (the one a stacked penalty
    or a challenge goes to), by the engine's own rule (`View.next_after`)."""
    return view.next_after(card)
