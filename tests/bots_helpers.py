"""Small positions for the computer players' tests, built on a real Game.

`position` deals a real game and then sets the hands, the discard pile and the rest
of the state directly, keeping the 108 cards intact (whatever is not named goes to
the draw pile), so that views come from the engine exactly as in play.
"""

from __future__ import annotations

import random
from collections import Counter

from colorcards.engine import PRESETS, Colour, Game, parse_card, parse_cards
from colorcards.engine.cards import full_deck


def position(hands, top: str, *, preset: str = "color-cards", seat: int = 0,
             active: Colour | None = None, direction: int = 1, pending: int = 0,
             lacks: dict[int, set[Colour]] | None = None, phase: str = "turn",
             seed: int = 0, **rules) -> Game:
    """A game where `seat` is to act. `hands` entries are card text ('R5 B+2') or a count
    (that many cards from what is left). The top card is `top`; everything else is the
    draw pile."""
    game = Game(PRESETS[preset].rules(**rules), len(hands), seed)
    left = Counter(full_deck())
    named = {i: parse_cards(h) for i, h in enumerate(hands) if isinstance(h, str)}
    top_card = parse_card(top)
    for cards in named.values():
        left.subtract(cards)
    left[top_card] -= 1
    assert all(n >= 0 for n in left.values()), "more copies than the deck holds"
    pool = sorted(left.elements(), key=lambda c: c.index)
    random.Random(seed).shuffle(pool)
    result = []
    for i, h in enumerate(hands):
        if isinstance(h, str):
            result.append(sorted(named[i], key=lambda c: c.index))
        else:
            result.append(sorted(pool[:h], key=lambda c: c.index))
            pool = pool[h:]
    game.hands = result
    game.discard = [top_card]
    game.draw_pile = pool
    game.active_colour = active or top_card.colour
    game.direction = direction
    game.pending = pending
    game.current = seat
    game.phase = phase
    game.drawn = None
    game.vulnerable = None
    game.challenge_from = None
    game.called = [False] * len(hands)
    game.lacks = [set((lacks or {}).get(s, ())) for s in range(len(hands))]
    game._legal = None
    assert sum(game.cards_in_play().values()) == 108
    return game


def decide(player, game: Game, seed: int = 0):
    """The player's choice for the seat to act, with a fresh generator."""
    seat = game.current
    return player.choose(game.view(seat), game.legal_actions(), random.Random(seed))
