"""The level you play like: your reviewed games' points lost per decision, set against
the same measure for the computer levels playing your seat.

The calibration is measured by `tests/benchmarks/play_level.py` (the table is in
tests/benchmarks/BOTS.md): Color Cards games at four seats, seat 0 played by the Easy,
Normal and Hard stand-ins against Normal computers, each reviewed by the coach. A
player's estimate is the level whose mean is nearest their own mean over their last
reviewed games (the boundaries half-way between neighbouring levels), named only when
their mean's interval lies wholly on that level's side of both boundaries.
"""

from __future__ import annotations

import itertools
import math
import statistics
from collections.abc import Mapping, Sequence

CALIBRATION: dict[str, float] = {"easy": 0.0061, "normal": 0.0067, "hard": 0.0045}
"""Mean points lost per decision (0.01: 1 point) of each stand-in at seat 0, from
tests/benchmarks/BOTS.md ('The level you play like'): 73 games each. Easy and Normal
come out the wrong way round (within their noise), so `plays_like` names no level."""

ORDER = ("easy", "normal", "hard")
"""The levels from the most points lost per decision to the fewest, as they should be."""

RECENT = 10
"""How many of the latest reviewed games the estimate is made from."""

FEWEST = 5
"""Reviewed games needed before an estimate is shown."""

Z = 2.0
"""Standard errors either side of the player's mean that must lie within one level's
band for the estimate to name it."""


def fit(costs: Mapping[str, Sequence[float]]) -> dict[str, float]:
    """A calibration: each level's mean cost per decision over its games."""
    return {level: sum(c) / len(c) for level, c in costs.items() if c}


def ordered(calibration: Mapping[str, float]) -> bool:
    """True if the calibration puts the levels it has in their order (`ORDER`), each
    losing fewer points than the one before: a measure that does not order the
    stand-ins cannot say which of them a player is like."""
    values = [calibration[level] for level in ORDER if level in calibration]
    return len(values) >= 2 and all(a > b for a, b in itertools.pairwise(values))


def nearest(mean: float, calibration: Mapping[str, float] = CALIBRATION) -> str:
    """The level whose mean cost per decision is nearest `mean`."""
    return min(calibration, key=lambda level: (abs(calibration[level] - mean), level))


def band(level: str, calibration: Mapping[str, float] = CALIBRATION) -> tuple[float, float]:
    """The means that are nearest `level`: half-way to its neighbours on either side."""
    own = calibration[level]
    below = [v for v in calibration.values() if v < own]
    above = [v for v in calibration.values() if v > own]
    return ((own + max(below)) / 2 if below else -math.inf,
            (own + min(above)) / 2 if above else math.inf)


def plays_like(costs: Sequence[float], calibration: Mapping[str, float] = CALIBRATION,
               z: float = Z) -> str | None:
    """The level the games' costs say, when they say it clearly: the nearest level to
    their mean, if the mean's interval (`z` standard errors either side) lies wholly in
    that level's band; None when it straddles a boundary (or with fewer than two games).
    Noise is not a finding: the stand-ins' own games, ten at a time, are far apart only
    as often as tests/benchmarks/BOTS.md says."""
    if len(costs) < 2 or not ordered(calibration):
        return None
    mean = statistics.fmean(costs)
    se = statistics.stdev(costs) / math.sqrt(len(costs))
    level = nearest(mean, calibration)
    low, high = band(level, calibration)
    return level if low <= mean - z * se and mean + z * se <= high else None


def estimate_words(costs: Sequence[float],
                   calibration: Mapping[str, float] = CALIBRATION) -> str | None:
    """'You play about like Hard (your last 10 reviewed games: 0.4 points lost per
    decision).' once there are `FEWEST` reviewed games and they say it clearly; else
    that they cannot tell yet; None before `FEWEST`."""
    recent = list(costs)[-RECENT:]
    if len(recent) < FEWEST:
        return None
    level = plays_like(recent, calibration)
    figures = (f"your last {len(recent)} reviewed games: "
               f"{100 * statistics.fmean(recent):.1f} points lost per decision")
    if level is None:
        return (f"Which level you play like cannot be told apart yet ({figures}; the "
                f"levels' own games differ by less than their noise).")
    return f"You play about like {level.title()} ({figures})."
