"""Scoring, written once: a round's finishing order, points and table points, who wins
the match, and the places (RULES.md §6). The game calls these at a round's end; a
record, a replay or the results read the `RoundResult` and `places` they give, never
score again."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Card
from .outcome import RoundResult
from .rules import Match


def score_round(round_no: int, hands: Sequence[Sequence[Card]], out: Sequence[int],
                winner_points: int, stalemate: bool,
                sides: Sequence[frozenset[int]] | None = None) -> RoundResult:
    """The round's result: the seats that went out in order, then the rest by the points
    left in hand (fewest first, then seat); the first wins `winner_points` (nobody after
    a stalemate); table points 3 to the winner, 1 to the rest of the top half. With
    partners (`sides`), the winner's partner comes next and shares its 3 table points."""
    n = len(hands)
    left = [s for s in range(n) if s not in out]
    left.sort(key=lambda s: (sum(c.points for c in hands[s]), s))
    order = (*out, *left)
    winner = None if stalemate else order[0]
    side = sides[order[0]] if sides is not None and winner is not None else frozenset()
    if len(side) > 1:
        order = (order[0], *(s for s in order if s in side and s != order[0]),
                 *(s for s in order if s not in side))
    top_half = (n + 1) // 2
    earned = [0] * n
    for place, s in enumerate(order):
        if (place == 0 or s in side) and winner is not None:
            earned[s] = 3
        elif place < top_half:
            earned[s] = 1
    return RoundResult(round_no, winner, 0 if stalemate else winner_points, order,
                       tuple(earned), tuple(len(h) for h in hands))


def match_winners(match: Match, scores: Sequence[int], result: RoundResult,
                  sides: Sequence[frozenset[int]] | None = None) -> tuple[int, ...] | None:
    """Who won the match once `result`'s round is scored into `scores`: the round's
    winner of a single round (with partners, its side; nobody after a stalemate), the
    highest totals once the rounds are played or the target is reached (a side's seats
    score together); None while the match goes on."""
    if match is Match.SINGLE:
        if result.winner is None:
            return ()
        return tuple(sorted(sides[result.winner])) if sides is not None else (result.winner,)
    best = max(scores)
    rounds, target = match.rounds, match.target
    if (rounds is not None and result.round >= rounds) or (
            target is not None and best >= target):
        return tuple(s for s, score in enumerate(scores) if score == best)
    return None


def match_places(scores: Sequence[int]) -> tuple[int, ...]:
    """Each seat's place by match points, 1 the best; equal totals share the better."""
    return tuple(1 + sum(other > mine for other in scores) for mine in scores)
