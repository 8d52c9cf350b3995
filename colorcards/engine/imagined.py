"""A whole game dealt from one seat's view: what a thinking-ahead player imagines.

`deal_from_view(view, rng)` places the cards the seat cannot see (the other hands and
the draw pile's order) at random from the seat's own generator, consistently with
everything the view shows, and returns a full `Game` on which any action from that
point plays by the real rules (stacking, the Draw Four rule, Last Card, scoring,
matches). It reads nothing but the view, so the dealt game can hold nothing the seat
does not know: the same view and the same generator state always deal the same game.
"""

from __future__ import annotations

import random
from itertools import islice

from .cards import Card
from .events import Played
from .game import Game
from .phase import Phase
from .precomputed import breaks_draw_four, mask_of
from .turns import seat_after
from .view import View


def unseen_cards(view: View) -> list[Card]:
    """The cards the seat cannot see (other hands and the draw pile), one by one in
    card order (`View.unseen`)."""
    return list(view.unseen_cards())


def deal_from_view(view: View, rng: random.Random, *, lacks: bool = True,
                   history: bool = False, offered: bool = False) -> Game:
    """A full game consistent with `view`, its hidden cards placed from `rng`.

    What the view shows is kept exactly: the seat's own hand, every hand's size, the
    discard pile, top card and active colour, pending penalty, direction, seat to act
    and phase, Last Card calls and who may be caught (and who is still to react),
    the window, scores, table points, round results, rules and turn counts.

    Placed at random: the other hands and the draw pile, less the cards the seat knows
    another holds (`View.known`, under `seven_zero`: dealt to that seat). With `lacks`
    (the default),
    a seat that publicly drew on a colour and has not played it since is dealt no card
    of that colour as far as the unseen cards allow (under ``draw=when-stuck`` that is
    what the draw proved; under ``any-time`` it is a strong hint). Another seat that
    is deciding on a card it just drew (the ``drawn`` phase) gets any unseen card as
    that card (the table cannot tell whether it can be played). Hidden facts of the
    past are rebuilt from the dealt cards:
    whether a Wild Draw Four now open to a challenge was a bluff (the offender's dealt
    hand against the colour in force before it), and in a play-on round the points
    the round's winner scored when going out (the dealt hands' points now).

    The dealt game shuffles with `rng` itself when its draw pile runs out; its `seed`
    is 0 (it is not a replay of anything) and its `actions` start empty. Its `history`
    starts empty too (a play-out reads none), unless `history` is set: then it starts
    with the events as the seat saw them (others' drawn cards hidden), so the seat's
    view of the dealt game is exactly `view`, history and all (what a test needs to
    show that no decision depends on a card the seat could not see).

    `offered`: the seat is deciding on a jump-in with the card on top (house rule
    `jump_in`; its own decision, which its view does not hold): the dealt game offers
    it, and after it every seat later in the offer's order that the deal gave an
    identical card (those before it have let theirs go)."""
    me = view.seat
    seats = view.seats
    pool = list(view.unseen_cards())
    _shuffle(rng, pool)
    hands: list[list[Card]] = [[] for _ in range(seats)]
    hands[me] = list(view.hand)
    drawn = view.drawn
    deciding = view.current
    if view.phase is Phase.DRAWN and deciding is not None and deciding != me:
        drawn = pool.pop()  # the card another seat drew and is deciding on
        hands[deciding].append(drawn)
    others = [s for s in range(seats) if s != me]
    for s in others:  # what this seat knows another holds (`seven_zero`): it holds them
        for card in view.known[s] if view.known else ():
            pool.remove(card)
            hands[s].append(card)
    if lacks:
        others.sort(key=lambda s: not view.lacks[s])  # the constrained seats first
    for s in others:
        need = view.hand_counts[s] - len(hands[s])
        lacking = view.lacks[s] if lacks else frozenset()
        if lacking:  # the first `need` cards of the colours it may hold, else any
            took = list(islice((i for i, c in enumerate(pool) if c.colour not in lacking), need))
            if len(took) < need:
                chosen = set(took)
                took += [i for i in range(len(pool)) if i not in chosen][:need - len(took)]
            hands[s] += [pool[i] for i in took]
            for i in sorted(took, reverse=True):
                del pool[i]
        else:
            hands[s] += pool[:need]
            pool = pool[need:]
    for hand in hands:
        hand.sort(key=_index)
    challenge_from = view.challenge_from
    bluff = False
    if view.phase is Phase.CHALLENGE and challenge_from is not None:
        before = view.colour_before_top()
        bluff = before is not None and breaks_draw_four(mask_of(hands[challenge_from]), before)
    sides = view.rules.sides(seats)
    winner_points = sum(c.points for s, h in enumerate(hands) if s not in sides[view.out[0]]
                        for c in h) if view.out else 0
    known: list[list[list[Card]]] | None = None
    if view.known:
        known = [[[] for _ in range(seats)] for _ in range(seats)]
        known[me] = [list(cards) for cards in view.known]
    return Game.from_state({
        "rules": view.rules, "seats": seats, "seed": 0, "rng": rng,
        "round": view.round, "dealer": view.dealer, "scores": list(view.scores),
        "table_points": list(view.table_points), "results": list(view.results),
        "winners": tuple(view.winners), "total_turns": view.total_turns,
        "history": list(view.history) if history else [], "actions": [],
        "direction": view.direction, "hands": hands,
        "draw_pile": pool, "discard": list(view.discard), "active_colour": view.active_colour,
        "pending": view.pending, "drawn": drawn, "called": list(view.called),
        "vulnerable": view.vulnerable, "after_window": view.after_window,
        "challenge_bluff": bluff, "challenge_from": challenge_from, "out": list(view.out),
        "winner_points": winner_points, "stuck_passes": view.stuck_passes,
        "turns": view.turns, "lacks": [set(s) for s in view.lacks],
        "current": 0 if view.current is None else view.current, "phase": view.phase,
        "reactions": tuple(view.reactions),
        "offers": _offers(view, hands) if offered else (),
        "known": known,
    })


def _offers(view: View, hands: list[list[Card]]) -> tuple[int, ...]:
    """The jump-in offers still to come in the dealt game, the seat's own first: in the
    direction of play from the seat, up to the card's player (the last seat to play),
    passing over the seat to act next."""
    player = next((e.seat for e in view._public_backwards()  # (the newest first)
                   if type(e) is Played), None)
    top = view.top
    offers = [view.seat]
    s = view.seat
    for _ in range(view.seats):
        s = seat_after(hands, s, view.direction)
        if s in (player, view.seat):
            break
        if s != view.current and top in hands[s]:
            offers.append(s)
    return tuple(offers)


def _index(card: Card) -> int:
    return card.index


def _shuffle(rng: random.Random, cards: list[Card]) -> None:
    """`rng.shuffle(cards)` exactly (the same draws, the same order: the imagined deals
    stay what they were), without a Python call per card: `random.shuffle`'s loop with
    its `_randbelow` written in line. For a `random.Random`, whose `_randbelow` draws
    `getrandbits` of the bound's length until one falls below it."""
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]
