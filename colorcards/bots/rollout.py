"""Imagined play-outs for Crazy: deal the unseen cards in a way the view allows, play on.

`sample_world` deals the cards this seat cannot see (the other hands and the draw
pile, as one multiset) into hands of the known sizes, keeping seats away from the
colours they have publicly drawn on. `Playout` is a small, fast model of the rules
(turns, matching, Skip/Reverse/draw cards, stacking, reshuffles, first out wins)
that plays a dealt world to the end with a simple shared policy. It is not the
engine: it skips Last Card calls and scoring, which a play-out does not need, and
lets a Wild Draw Four answer a penalty whatever else the hand holds.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from ..engine import COLOURS, Card, Colour, Rank, View
from .knowledge import DECK_COUNTS

_SKIP, _REV, _D2, _W, _W4 = Rank.SKIP, Rank.REVERSE, Rank.DRAW_TWO, Rank.WILD, Rank.WILD_DRAW_FOUR
_DECK_ORDER = sorted(DECK_COUNTS, key=lambda c: c.index)


def unseen_list(view: View) -> list[Card]:
    """The unseen cards in card order (so that sampling never depends on anything hidden)."""
    counts = DECK_COUNTS.copy()
    counts.subtract(view.hand)
    counts.subtract(view.discard)
    cards: list[Card] = []
    for card in _DECK_ORDER:
        n = counts[card]
        if n > 0:
            cards.extend([card] * n)
    return cards


def sample_world(view: View, pool: Sequence[Card], rng: Random,
                 respect_lacks: float = 0.85) -> tuple[list[list[Card]], list[Card]]:
    """Other hands of the right sizes and a draw pile, all drawn from `pool`.

    A seat that drew on a colour and has not played it since most likely holds none:
    with probability `respect_lacks` its hand is dealt without that colour (as far as
    the pool allows)."""
    cards = list(pool)
    rng.shuffle(cards)
    hands: list[list[Card]] = [[] for _ in range(view.seats)]
    hands[view.seat] = list(view.hand)
    counts = view.hand_counts
    order = sorted((s for s in range(view.seats) if s != view.seat),
                   key=lambda s: (not view.lacks[s], s))
    for s in order:
        need = counts[s]
        if need <= 0:
            continue
        lacking = view.lacks[s]
        if lacking and rng.random() < respect_lacks:
            took = [c for c in cards if c.colour not in lacking][:need]
            cards = _without(cards, took)
            if len(took) < need:
                more = need - len(took)
                took += cards[:more]
                cards = cards[more:]
            hands[s] = took
        else:
            hands[s] = cards[:need]
            cards = cards[need:]
    return hands, cards


def _without(cards: list[Card], taken: list[Card]) -> list[Card]:
    """`cards` minus one copy of each card in `taken`, order kept."""
    remove: dict[Card, int] = {}
    for c in taken:
        remove[c] = remove.get(c, 0) + 1
    out: list[Card] = []
    for c in cards:
        k = remove.get(c, 0)
        if k:
            remove[c] = k - 1
        else:
            out.append(c)
    return out


class Playout:
    """A small model of one round, played out with one simple policy for every seat."""

    __slots__ = ("hands", "pile", "discard", "top", "active", "direction", "pending",
                 "seats", "stacking", "any_time", "restricted", "rng", "plies")

    def __init__(self, view: View, hands: list[list[Card]], pile: list[Card], rng: Random):
        self.hands = hands
        self.pile = pile
        self.discard = list(view.discard[:-1])
        self.top = view.discard[-1]
        self.active = view.active_colour
        self.direction = view.direction
        self.pending = view.pending
        self.seats = view.seats
        rules = view.rules
        self.stacking = rules.stacking == "on"
        self.any_time = rules.draw == "any-time"
        self.restricted = rules.draw_four == "restricted"
        self.rng = rng
        self.plies = 0

    # ------------------------------------------------------------------ mechanics

    def next_seat(self, seat: int) -> int:
        n, d, hands = self.seats, self.direction, self.hands
        s = (seat + d) % n
        while not hands[s] and s != seat:
            s = (s + d) % n
        return s

    def draw(self, seat: int, count: int) -> Card | None:
        """Move `count` cards to the seat's hand; the last card drawn (or None)."""
        hand = self.hands[seat]
        pile = self.pile
        card = None
        for _ in range(count):
            if not pile:
                if not self.discard:
                    break
                pile = self.discard
                self.rng.shuffle(pile)
                self.pile = pile
                self.discard = []
            card = pile.pop()
            hand.append(card)
        return card

    def in_round(self) -> int:
        return sum(1 for h in self.hands if h)

    def put(self, seat: int, card: Card, colour: Colour | None) -> int | None:
        """`seat` plays `card`; returns the next seat to act, or None if it went out."""
        hand = self.hands[seat]
        hand.remove(card)
        self.discard.append(self.top)
        self.top = card
        self.active = colour or card.colour
        if not hand:
            return None
        rank = card.rank
        nxt = self.next_seat(seat)
        if rank is _SKIP:
            return self.next_seat(nxt)
        if rank is _REV:
            if self.in_round() == 2:
                return self.next_seat(nxt)
            self.direction = -self.direction
            return self.next_seat(seat)
        if rank is _D2 or rank is _W4:
            size = 2 if rank is _D2 else 4
            if self.stacking:
                self.pending += size
                return nxt
            self.draw(nxt, size)
            return self.next_seat(nxt)
        return nxt

    # ------------------------------------------------------------------ policy

    def choice(self, seat: int) -> tuple[Card, Colour | None] | None:
        """The policy's card for `seat` now, or None to draw.

        Follow the colour held most, keep Wilds (a Wild Draw Four above all) for when
        nothing else fits or the next seat is close to going out, and hit a close
        next seat with Skip, Reverse or Draw Two."""
        hand = self.hands[seat]
        active = self.active
        top_rank = self.top.rank
        counts = [0, 0, 0, 0, 0, 0]
        for c in hand:
            counts[c.index // 13] += 1
        has_active = active is not None and counts[_CI[active]] > 0
        danger = len(self.hands[self.next_seat(seat)]) <= 2
        best = None
        best_value = -1.0
        if self.pending:
            for c in hand:
                rank = c.rank
                if rank is _D2 and top_rank is _D2:
                    value = 2.0
                elif rank is _W4:
                    value = 1.0
                else:
                    continue
                if value > best_value:
                    best, best_value = c, value
        else:
            for c in hand:
                colour = c.colour
                if colour is None:
                    if c.rank is _W4:
                        if self.restricted and has_active:
                            continue
                        value = 3.0 if danger else 0.3
                    else:
                        value = 0.5
                elif colour is active or c.rank is top_rank:
                    value = 1.0 + counts[c.index // 13]
                    if danger and c.rank in _HITS:
                        value += 3.0
                else:
                    continue
                if value > best_value:
                    best, best_value = c, value
        if best is None:
            return None
        if best.colour is None:
            m = max(counts[:4])
            colour = COLOURS[counts.index(m)] if m else active or COLOURS[0]
            return best, colour
        return best, None

    def run(self, seat: int, me: int | frozenset[int], limit: int = 200) -> float:
        """Play from `seat`'s turn until someone goes out; `me`'s share of the win.

        `me` may be a set of seats playing as one side: then the side's share."""
        hands = self.hands
        side = me if isinstance(me, frozenset) else ()
        while self.plies < limit:
            self.plies += 1
            pick = self.choice(seat)
            if pick is None:
                if self.pending:
                    self.draw(seat, self.pending)
                    self.pending = 0
                    seat = self.next_seat(seat)
                    continue
                card = self.draw(seat, 1)
                if card is not None and (card.colour is None or card.colour is self.active
                                         or card.rank is self.top.rank):
                    if card.rank is _W4 and self.restricted and any(
                            c.colour is self.active for c in hands[seat]):
                        seat = self.next_seat(seat)
                        continue
                    colour = None
                    if card.colour is None:
                        colour = _most(hands[seat], card) or self.active or COLOURS[0]
                    nxt = self.put(seat, card, colour)
                    if nxt is None:
                        return 1.0 if seat == me or seat in side else 0.0
                    seat = nxt
                    continue
                seat = self.next_seat(seat)
                continue
            card, colour = pick
            nxt = self.put(seat, card, colour)
            if nxt is None:
                return 1.0 if seat == me or seat in side else 0.0
            seat = nxt
        return self.estimate(me)

    def estimate(self, me) -> float:
        """`me`'s (a seat's or a side's) chance of going out first, from the hand sizes."""
        seats = me if isinstance(me, frozenset) else (me,)
        hands = self.hands
        if any(not hands[s] for s in seats):
            return 1.0
        weights = [1.0 / (len(h) ** 2) if h else 0.0 for h in hands]
        return sum(weights[s] for s in seats) / sum(weights)


_CI = {c: i for i, c in enumerate(COLOURS)}
_HITS = frozenset({_SKIP, _D2, _REV})
assert all(c.index // 13 == _CI[c.colour] for c in _DECK_ORDER if c.colour is not None)


def most_held(hand: Sequence[Card], played: Card) -> Colour:
    """The colour to name with `played` (a Wild): the one the hand holds most of."""
    return _most(hand, played) or COLOURS[0]


def _most(hand: Sequence[Card], played: Card) -> Colour | None:
    counts = [0, 0, 0, 0]
    for c in hand:
        if c.colour is not None and c is not played:
            counts[_CI[c.colour]] += 1
    m = max(counts)
    return COLOURS[counts.index(m)] if m else None
