"""The level you play like: the kinds of your reviewed games' decisions, set against the
same measure for the computer levels playing your seat.

A level's play differs from another's mostly in small things: a random card where a
better one was there, a stack missed, Last Card forgotten. Most such moves cost less
than the review can tell apart from the best (`weigh.NOTICEABLE`), so the chance lost per
decision hardly separate the levels in ten games. What does is the kind of each
decision (`Kinds`): the coach's very first choice, another it could not tell apart
from it, a move measured and not clearly costly, a costly one, a card played down to
one without calling Last Card. Each kind carries a weight, the logarithm of how much
more often Hard's games hold it than Easy's (`WEIGHTS`); a game's score is the mean
weight of its decisions, and the levels' own scores (`CALIBRATION`) are measured by
`tests/benchmarks/play_level.py` (the table is in tests/benchmarks/BOTS.md): Color
Cards games at four seats, seat 0 played by the Easy, Normal and Hard stand-ins against
Normal computers, each reviewed by the coach. A player's estimate is the level whose
score is nearest their own over their last reviewed games (the boundaries half-way
between neighbouring levels), named outright only when their score's interval lies
wholly on that level's side of both boundaries.

Imports nothing heavy: the Statistics screen reads it.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple


class Kinds(NamedTuple):
    """A reviewed game's decisions by kind. Each decision is of exactly one kind."""

    first: int
    """The coach's own first choice: the move the hint would have selected."""
    as_good: int
    """Another move the coach could not tell apart from its first choice."""
    measured: int
    """Measured against the coach's choice on fresh deals, and not clearly costly."""
    costly: int
    """Clearly costly: listed in the review."""
    forgot: int
    """The second-last card played without calling Last Card (costly or not)."""

    @property
    def decisions(self) -> int:
        return sum(self)

    def as_text(self) -> str:
        """'9,1,2,1,0': as the store keeps it."""
        return ",".join(str(n) for n in self)

    @classmethod
    def from_text(cls, text: str | None) -> Kinds | None:
        """The counts the store kept (None if there are none or they are damaged)."""
        try:
            counts = [int(n) for n in (text or "").split(",")]
        except ValueError:
            return None
        if len(counts) != len(cls._fields) or min(counts) < 0 or not sum(counts):
            return None
        return cls(*counts)

    @classmethod
    def of(cls, kinds: Iterable[str]) -> Kinds:
        """Counted from each decision's kind (a field's name)."""
        found = Counter(kinds)
        return cls(*(found[kind] for kind in cls._fields))


WEIGHTS: dict[str, float] = {"first": 0.27, "as_good": -2.506, "measured": -0.19,
                              "costly": -0.383, "forgot": -2.778}
"""Each kind's weight: the logarithm of its rate in Hard's games over its rate in Easy's
(`fit_weights`; 60 games a stand-in, seeds 3000-3059: tests/benchmarks/BOTS.md, 'The
level you play like'). Another move as good as the coach's first choice, and Last Card
forgotten, are what set Easy apart: Hard's games hold them 12 and 16 times less often."""

CALIBRATION: dict[str, float] = {"easy": -0.2999, "normal": -0.0607, "hard": 0.1587}
"""Each stand-in's score (the mean weight of its decisions, over all its games'), from
the same games."""

ORDER = ("easy", "normal", "hard")
"""The levels from the lowest score to the highest, as they should be."""

RECENT = 10
"""How many of the latest reviewed games the estimate is made from."""

FEWEST = 5
"""Reviewed games needed before an estimate is shown."""

Z = 2.0
"""Standard errors either side of the player's score that must lie within one level's
band for the estimate to name it outright."""


def score(games: Sequence[Kinds],
          weights: Mapping[str, float] = WEIGHTS) -> tuple[float, float]:
    """The mean weight of all the games' decisions, and its standard error as a ratio of
    sums (games differ in length: a short game says less)."""
    decisions = sum(g.decisions for g in games)
    if not decisions:
        return 0.0, math.inf
    each = [weights[kind] for kind in Kinds._fields]
    totals = [sum(n * w for n, w in zip(g, each, strict=True)) for g in games]
    mean = sum(totals) / decisions
    k = len(games)
    if k < 2:
        return mean, math.inf
    spread = sum((t - mean * g.decisions) ** 2 for t, g in zip(totals, games, strict=True))
    return mean, math.sqrt(spread / (k - 1) / k) / (decisions / k)


def fit(games: Mapping[str, Sequence[Kinds]],
        weights: Mapping[str, float] = WEIGHTS) -> dict[str, float]:
    """A calibration: each level's score over all its games."""
    return {level: score(g, weights)[0] for level, g in games.items() if g}


def fit_weights(easy: Sequence[Kinds], hard: Sequence[Kinds]) -> dict[str, float]:
    """Each kind's weight from Easy's and Hard's games: the logarithm of its rate in
    Hard's over its rate in Easy's (one decision of each kind added to either, so that a
    kind one of them never shows still gets a finite weight)."""
    def rates(games: Sequence[Kinds]) -> list[float]:
        counts = [sum(g[i] for g in games) + 1 for i in range(len(Kinds._fields))]
        return [c / sum(counts) for c in counts]

    return {kind: round(math.log(h / e), 3)
            for kind, h, e in zip(Kinds._fields, rates(hard), rates(easy), strict=True)}


def share(games: Sequence[Kinds], kind: str) -> float:
    """The share of all the games' decisions that were of `kind`."""
    decisions = sum(g.decisions for g in games)
    return sum(getattr(g, kind) for g in games) / decisions if decisions else 0.0


def ordered(calibration: Mapping[str, float]) -> bool:
    """True if the calibration puts the levels it has in their order (`ORDER`), each
    scoring above the one before: a measure that does not order the stand-ins cannot
    say which of them a player is like."""
    values = [calibration[level] for level in ORDER if level in calibration]
    return len(values) >= 2 and all(a < b for a, b in itertools.pairwise(values))


def nearest(value: float, calibration: Mapping[str, float] = CALIBRATION) -> str:
    """The level whose score is nearest `value`."""
    return min(calibration, key=lambda level: (abs(calibration[level] - value), level))


def band(level: str, calibration: Mapping[str, float] = CALIBRATION) -> tuple[float, float]:
    """The scores that are nearest `level`: half-way to its neighbours on either side."""
    own = calibration[level]
    below = [v for v in calibration.values() if v < own]
    above = [v for v in calibration.values() if v > own]
    return ((own + max(below)) / 2 if below else -math.inf,
            (own + min(above)) / 2 if above else math.inf)


def plays_like(games: Sequence[Kinds], calibration: Mapping[str, float] = CALIBRATION,
               weights: Mapping[str, float] = WEIGHTS, z: float = Z) -> str | None:
    """The level the games say, when they say it clearly: the nearest level to their
    score, if its interval (`z` standard errors either side) lies wholly in that level's
    band; None when it straddles a boundary (or with fewer than two games). Noise is not
    a finding: the stand-ins' own games, ten at a time, are told apart only as often as
    tests/benchmarks/BOTS.md says."""
    if len(games) < 2 or not ordered(calibration):
        return None
    value, se = score(games, weights)
    level = nearest(value, calibration)
    low, high = band(level, calibration)
    return level if low <= value - z * se and value + z * se <= high else None


def estimate_words(games: Sequence[Kinds], calibration: Mapping[str, float] = CALIBRATION,
                   weights: Mapping[str, float] = WEIGHTS) -> str | None:
    """'You play about like Hard (your last 10 reviewed games: the coach's first choice
    in 84% of your decisions, another as good in 1%, Last Card forgotten in 0%).' once
    there are `FEWEST` reviewed games and they say it clearly; where they do not, the
    nearest level and that it is not sure; None before `FEWEST`, or while the
    calibration cannot order the levels."""
    recent = list(games)[-RECENT:]
    if len(recent) < FEWEST or not ordered(calibration):
        return None
    level = plays_like(recent, calibration, weights)
    figures = (f"your last {len(recent)} reviewed games: the coach's first choice in "
               f"{round(100 * share(recent, 'first'))}% of your decisions, another as good "
               f"in {round(100 * share(recent, 'as_good'))}%, Last Card forgotten in "
               f"{round(100 * share(recent, 'forgot'))}%")
    if level is None:
        closest = nearest(score(recent, weights)[0], calibration)
        return (f"You play closest to {closest.title()} ({figures}), but so few games "
                f"cannot tell it apart from the level beside it for sure.")
    return f"You play about like {level.title()} ({figures})."
