"""Variance before brute force: does any way of drawing the coach's deals need fewer of them?

    python tests/benchmarks/coach_variance.py --games 8 --seed 29 --deals 256
    python tests/benchmarks/coach_variance.py --games 8 --seed 31 --deals 256  # confirm

The moves the coach's test measures (the move made was not among the close options):
the first round of `--games` four-seat Color Cards games, a Normal player at seat 0
against Normal computers. For each, `--deals` deals of the test's own stream, and on
each deal the deal-by-deal difference the test averages, d = (the coach's choice won)
- (the move made won), as the coach plays it out. Three ways to make its mean surer
for the same play-outs, each measured as an *efficiency*: the deals plain drawing needs
over the deals the way needs for the same standard error (above 1: a gain).

- **Antithetic deals**: each deal paired with its mirror, the unseen cards dealt in the
  reverse order (what went to the hands goes to the pile), the rest of the round shuffled
  alike. Efficiency var(d) / (2 var((d + d')/2)): the pair costs two deals.
- **A control variate**: the rule of thumb's own reading of the position, c = whether
  the next seat can follow the coach's choice minus whether it can follow the move made
  (known before any play-out; its mean over 8 times the deals, without play-outs).
  Efficiency var(d) / var(d - b (c - E c)), b fitted on the first half of each move's
  deals and measured on the second half.
- **Stratified deals** (post-stratified): the deals grouped by what the next seat holds
  of the colour in force after each move (none, some; for both moves). Efficiency
  var(d) / the pooled variance within the groups (n - groups degrees of freedom).

Each move's efficiency is a ratio of two variance estimates; the figure is the geometric
mean over the moves with a 95% interval (t on the log ratios). A way is kept only if its
interval lies above 1 on the choosing seed and again on the confirming one.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from coach_ponder import LEVEL, turns

from colorcards.coach.playout import PLY_LIMIT, first_out
from colorcards.coach.remote import position
from colorcards.coach.weigh import Coach, pairing, view_seed
from colorcards.engine import (
    CALL,
    Play,
    View,
    action_from_json,
    deal_from_view,
    next_decision,
)


class Mirror(Random):
    """A generator whose first shuffle comes out reversed: the antithetic deal."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.first = True

    def shuffle(self, x) -> None:  # type: ignore[override]
        super().shuffle(x)
        if self.first:
            self.first = False
            x.reverse()


def played(view: View, pair: Sequence, calls: Sequence[bool], tunings, deal_rng: Random,
           play_seed: int) -> tuple[list[int], list[int], list[int]]:
    """On one deal: for each move, whether the seat won, whether the next seat can follow,
    and how many cards of the colour in force the next seat holds."""
    world = deal_from_view(view, deal_rng)
    won, follows, holds = [], [], []
    for action, call in zip(pair, calls, strict=True):
        game = world.copy(rng=Random(play_seed))
        if call and isinstance(action, Play):
            game.step(CALL, view.seat)
        game.step(action, view.seat)
        decision = next_decision(game)
        nxt = decision.seat if decision is not None else None
        follows.append(int(nxt is not None and nxt != view.seat
                           and any(isinstance(a, Play) for a in decision.actions)))
        colour = game.active_colour
        holds.append(int(nxt is not None and nxt != view.seat and colour is not None and any(
            c.colour is colour for c in game.hands[nxt])))
        who = first_out(game, tunings, Random(play_seed ^ 0x9E37), PLY_LIMIT)
        won.append(int(who == view.seat))
    return won, follows, holds


def measured(move: dict, deals: int) -> dict | None:
    game = position(move)
    decision = next_decision(game)
    view, legal = game.view(0), decision.actions
    made = action_from_json(move["made"])
    coach = Coach(LEVEL)
    pair = pairing(view, legal, made, coach.advise(view, legal, made))
    if pair is None:
        return None
    best, calls = pair
    tunings = coach._tunings(view)
    rng = Random(view_seed(view, coach.seed, "measure"))
    d, a, c, s = [], [], [], []
    for _ in range(deals):
        deal_seed, play_seed = rng.getrandbits(64), rng.getrandbits(64)
        won, follows, holds = played(view, (best, made), calls, tunings, Random(deal_seed),
                                     play_seed)
        mirror, _, _ = played(view, (best, made), calls, tunings, Mirror(deal_seed), play_seed)
        d.append(won[0] - won[1])
        a.append(mirror[0] - mirror[1])
        c.append(follows[0] - follows[1])
        s.append(holds[0] * 2 + holds[1])
    extra = Random(view_seed(view, coach.seed, "control"))
    means = []
    for _ in range(8 * deals):  # the control's mean: deals alone, no play-outs
        world = deal_from_view(view, Random(extra.getrandbits(64)))
        f = []
        for action, call in zip((best, made), calls, strict=True):
            g = world.copy(rng=Random(0))
            if call and isinstance(action, Play):
                g.step(CALL, view.seat)
            g.step(action, view.seat)
            dec = next_decision(g)
            f.append(int(dec is not None and dec.seat is not None and dec.seat != view.seat
                         and any(isinstance(x, Play) for x in dec.actions)))
        means.append(f[0] - f[1])
    return {"d": d, "a": a, "c": c, "s": s, "ec": sum(means) / len(means)}


def var(xs: Sequence[float]) -> float:
    return statistics.variance(xs) if len(xs) > 1 else 0.0


def efficiencies(m: dict) -> dict[str, float] | None:
    d = m["d"]
    vd = var(d)
    if vd == 0:
        return None
    out = {}
    pairs = [(x + y) / 2 for x, y in zip(d, m["a"], strict=True)]
    out["antithetic"] = vd / max(1e-12, 2 * var(pairs))
    half = len(d) // 2
    c = [x - m["ec"] for x in m["c"]]
    vc = var(c[:half])
    b = (sum((x - statistics.fmean(d[:half])) * (y - statistics.fmean(c[:half]))
             for x, y in zip(d[:half], c[:half], strict=True)) / half / vc) if vc else 0.0
    adjusted = [x - b * y for x, y in zip(d[half:], c[half:], strict=True)]
    out["control variate"] = var(d[half:]) / max(1e-12, var(adjusted))
    groups: dict[int, list[int]] = {}
    for x, g in zip(d, m["s"], strict=True):
        groups.setdefault(g, []).append(x)
    within = sum((len(xs) - 1) * var(xs) for xs in groups.values()) / (len(d) - len(groups))
    out["stratified"] = vd / max(1e-12, within)
    return out


def summary(values: Sequence[float]) -> str:
    logs = [math.log(v) for v in values]
    n = len(logs)
    mean = statistics.fmean(logs)
    se = statistics.stdev(logs) / math.sqrt(n) if n > 1 else float("inf")
    t = 2.0 if n > 30 else {5: 2.57, 10: 2.23, 15: 2.13, 20: 2.09, 30: 2.04}[
        min((5, 10, 15, 20, 30), key=lambda k: abs(k - n))]
    low, high = math.exp(mean - t * se), math.exp(mean + t * se)
    verdict = "clears 1" if low > 1 else ("below 1" if high < 1 else "does not clear 1")
    return f"{math.exp(mean):.3f} (95% interval {low:.3f}-{high:.3f}; {verdict})"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--seed", type=int, default=29)
    parser.add_argument("--deals", type=int, default=256)
    args = parser.parse_args(argv)
    found: dict[str, list[float]] = {}
    moves = 0
    for game in turns(args.seed, args.games):
        for _, move in game:
            m = measured(move, args.deals)
            if m is None:
                continue
            e = efficiencies(m)
            if e is None:
                continue
            moves += 1
            for k, v in e.items():
                found.setdefault(k, []).append(v)
    print(f"seed {args.seed}, {args.games} games: {moves} tested moves, "
          f"{args.deals} deals each")
    for k, values in found.items():
        print(f"  {k}: efficiency {summary(values)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
