"""Small positions for the computer players' tests, built through the engine's own
position text (`position_from_text`), so that views come from the engine exactly as in
play and every position is checked as the engine checks any.

`position` names some hands and deals the others a number of cards from what is left
(shuffled with `seed`); whatever is not placed is the draw pile, so the 108 cards stay
intact.
"""

from __future__ import annotations

import math
import random
from collections import Counter

from colorcards.engine import Colour, Game, parse_card, parse_cards, position_from_text
from colorcards.engine.cards import full_deck


def position(hands, top: str, *, preset: str = "color-cards", seat: int = 0,
             active: Colour | None = None, direction: int = 1, pending: int = 0,
             lacks: dict[int, set[Colour]] | None = None, phase: str = "turn",
             vulnerable: int | None = None, challenger: int | None = None,
             under: str = "", seed: int = 0, **rules) -> Game:
    """A game where `seat` is to act. `hands` entries are card text ('R5 B+2') or a count
    (that many cards from what is left). The top card is `top`, with `under` (card text,
    bottom first) beneath it; everything else is the draw pile. `vulnerable`: a seat that
    missed its Last Card call; `challenger`: the seat a Wild Draw Four open to challenge
    was played by."""
    left = Counter(full_deck())
    named = {i: parse_cards(h) for i, h in enumerate(hands) if isinstance(h, str)}
    for cards in [*named.values(), [parse_card(top)], parse_cards(under)]:
        left.subtract(cards)
    assert all(n >= 0 for n in left.values()), "more copies than the deck holds"
    pool = sorted(left.elements(), key=lambda c: c.index)
    random.Random(seed).shuffle(pool)
    dealt = []
    for i, h in enumerate(hands):
        if isinstance(h, str):
            dealt.append(named[i])
        else:
            dealt.append(pool[:h])
            pool = pool[h:]
    words = [f"top={top}", f"rules={preset}", f"turn={seat}", f"direction={direction}",
             f"pending={pending}", f"phase={phase}", f"seed={seed}"]
    words += [f"{key}={value}" for key, value in rules.items()]
    if active is not None:
        words.append(f"colour={active.value}")
    if lacks:
        words.append("lacks=" + ",".join(
            f"{s}:" + "+".join(c.value for c in sorted(colours, key=list(Colour).index))
            for s, colours in sorted(lacks.items()) if colours))
    if vulnerable is not None:
        words.append(f"vulnerable={vulnerable}")
    if challenger is not None:
        words.append(f"challenger={challenger}")
    segments = [" ".join(words)]
    segments += [f"s{i}: " + " ".join(c.code for c in cards) for i, cards in enumerate(dealt)]
    if under:
        segments.append(f"under: {under}")
    # the draw pile is the end of the list first: the text names it from the top down
    segments.append("pile: " + " ".join(c.code for c in reversed(pool)))
    return position_from_text(" | ".join(segments))


def decide(player, game: Game, seed: int = 0):
    """The player's choice for the seat to act, with a fresh generator."""
    seat = game.current
    return player.choose(game.view(seat), game.legal_actions(), random.Random(seed))


def wilson(hits: int, trials: int, z: float = 3.29) -> tuple[float, float]:
    """The 99.9% Wilson interval of a rate seen `hits` times in `trials`."""
    rate = hits / trials
    centre = (rate + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(rate * (1 - rate) / trials + z * z / (4 * trials * trials)) / (
        1 + z * z / trials)
    return centre - half, centre + half
