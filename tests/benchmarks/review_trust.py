"""Can the review be trusted? Its listed moments weighed again on deals it never saw.

    python tests/benchmarks/review_trust.py [--games 20] [--seed 1] [--level hard]
        [--stand-ins hint hard normal] [--reference 800] [--workers 1]

Plays four-seat Color Cards games with a stand-in at seat 0 against three computers at
`--level`, reviews each exactly as the game does (`replay.review.review`, the coach's
default budget), and then weighs every moment the review listed once more: the coach's
choice against the move made on `--reference` fresh deals of another stream, with the
computers at the same level. A listed moment is *real* when that reference cost is at
least 3 points in the chance to win the round.

Stand-ins: `hint` plays the coach's recommended move at every turn (as a player pressing
H and Enter would), `hard` and `normal` are those levels' computer players.

It prints, for each stand-in: the moments listed and how many are real (with the
Wilson 95% interval of that share), the cost claimed against the reference cost, real
moments a game, games with any moment listed, the review's CPU time a game and the
number of decisions, and the coach's choosing time for one decision (the hint's
latency: median and 95th percentile). From the reference play-outs it also gives what
common random numbers save: the variance of the deal-by-deal difference against the
variance two independent sets of deals would have.

Targets (issue 17): >= 90% real for the Hard and the Normal stand-in; the cost claimed
within 3 points of the reference on average; >= 0.75 real moments a game for Normal;
a costly moment in at most 1 game in 10 for the hint; a review within 15 s of CPU for a
game of about 30 decisions; the hint within 1 s at the 95th percentile.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from colorcards.bots import make_player
from colorcards.bots.drive import drive
from colorcards.bots.heuristic import HARD, HeuristicPlayer
from colorcards.coach import NOTICEABLE, Coach
from colorcards.engine import CALL, Action, Game, Play, View, get_preset
from colorcards.replay.kept import kept_from_game
from colorcards.replay.review import decisions, review
from colorcards.sim import game_seed, seat_rngs, wilson


class HintPlayer(HeuristicPlayer):
    """Plays the coach's recommended move on every turn, calling Last Card first when a
    card would leave it one (as a player who presses H, then Enter, would)."""

    def __init__(self, level: str, times: list[float], budget: dict) -> None:
        super().__init__(HARD)
        self.coach = Coach(level, **budget)
        self.times = times

    def choose(self, view: View | None, legal: Sequence[Action], rng: random.Random) -> Action:
        assert view is not None
        if len(legal) == 1:
            return legal[0]
        started = time.thread_time()
        advice = self.coach.advise(view, legal)
        self.times.append(time.thread_time() - started)
        move = advice.recommended
        if CALL in legal and isinstance(move, Play) and len(view.hand) == 2:
            return CALL
        return move


@dataclass
class GameFigures:
    decisions: int = 0
    review_cpu: float = 0.0
    listed: list[tuple[float, float, float, float, bool]] = field(default_factory=list)
    """Per listed moment: (cost claimed, low bound, reference cost, reference se, and
    whether it was a card played down to one without calling Last Card)."""
    uncalled: int = 0
    """Decisions that played the second-last card without calling Last Card."""
    hint_times: list[float] = field(default_factory=list)
    crn: list[tuple[float, float]] = field(default_factory=list)
    """Per reference: (variance of the paired difference, variance if unpaired)."""


def play_one(args: tuple[str, str, int, int, int, dict]) -> GameFigures:
    stand_in, level, seed, index, reference, budget = args
    figures = GameFigures()
    rules = get_preset("color-cards").rules()
    gseed = game_seed(seed, index)
    game = Game(rules, 4, gseed)
    first = (HintPlayer(level, figures.hint_times, budget) if stand_in == "hint"
             else make_player(stand_in))
    players = [first, *(make_player(level) for _ in range(3))]
    drive(game, players, seat_rngs(gseed, 4), lambda g: g.is_over, 200_000)
    kept = kept_from_game(game, difficulty=level, preset="color-cards")
    todo = {d.index: d for d in decisions(kept)}
    started = time.thread_time()
    result = review(kept, coach=Coach(level, **budget))
    figures.review_cpu = time.thread_time() - started
    figures.decisions = len(result.moments)
    figures.uncalled = sum(1 for m in result.moments if m.uncalled)
    judge = Coach(level, seed=seed * 7919 + 17)
    for moment in result.costliest():
        d = todo[moment.index]
        rows = judge.play_off(d.view, d.legal, (moment.best, moment.made), reference,
                              "reference", (True, False) if moment.uncalled else None)
        diffs = [(b == 0) - (m == 0) for b, m in rows]
        n = len(diffs)
        mean = sum(diffs) / n
        var = sum((x - mean) ** 2 for x in diffs) / (n - 1)
        pb = sum(b == 0 for b, _ in rows) / n
        pm = sum(m == 0 for _, m in rows) / n
        figures.listed.append((moment.cost, moment.low, mean, math.sqrt(var / n),
                               moment.uncalled))
        figures.crn.append((var, pb * (1 - pb) + pm * (1 - pm)))
    return figures


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))
    return ordered[k]


def report(stand_in: str, games: list[GameFigures]) -> None:
    listed = [m for g in games for m in g.listed]
    real = sum(1 for _, _, ref, _, _ in listed if ref >= NOTICEABLE)
    n = len(games)
    print(f"\nstand-in {stand_in}: {n} games, "
          f"{sum(g.decisions for g in games)} decisions reviewed")
    if listed:
        low, high = wilson(real, len(listed))
        claimed = statistics.fmean(c for c, _, _, _, _ in listed)
        reference = statistics.fmean(r for _, _, r, _, _ in listed)
        print(f"  moments listed: {len(listed)}; real (>= 3 points on the reference): {real} "
              f"= {real / len(listed):.0%} (95% interval {low:.0%}-{high:.0%})")
        print(f"  cost claimed {claimed * 100:.1f} points on average, reference "
              f"{reference * 100:.1f} (difference {abs(claimed - reference) * 100:.1f})")
    else:
        print("  moments listed: none")
    per_game = [sum(1 for m in g.listed if m[2] >= NOTICEABLE) for g in games]
    spread = 1.96 * statistics.stdev(per_game) / math.sqrt(n) if n > 1 else float("nan")
    print(f"  real moments a game: {real / n:.2f} (95% interval {real / n - spread:.2f}-"
          f"{real / n + spread:.2f}, over the games); games with any moment listed: "
          f"{sum(1 for g in games if g.listed)} of {n}")
    uncalled = [m for m in listed if m[4]]
    print(f"  cards played down to one without calling Last Card: "
          f"{sum(g.uncalled for g in games)}; listed {len(uncalled)}, real "
          f"{sum(1 for m in uncalled if m[2] >= NOTICEABLE)}")
    cpu = [g.review_cpu for g in games]
    per = [g.review_cpu / g.decisions for g in games if g.decisions]
    print(f"  review CPU a game: median {statistics.median(cpu):.1f} s, max {max(cpu):.1f} s "
          f"(decisions a game: median {statistics.median(g.decisions for g in games)}, max "
          f"{max(g.decisions for g in games)}; {statistics.median(per):.2f} s a decision, "
          f"so 30 decisions ~ {30 * statistics.median(per):.1f} s)")
    hints = [t for g in games for t in g.hint_times]
    if hints:
        print(f"  hint (the coach's choice, one core): median {statistics.median(hints):.2f} s, "
              f"95th percentile {percentile(hints, 0.95):.2f} s, max {max(hints):.2f} s "
              f"over {len(hints)} turns")
    crn = [c for g in games for c in g.crn]
    if crn:
        paired = statistics.fmean(v for v, _ in crn)
        unpaired = statistics.fmean(u for _, u in crn)
        print(f"  common random numbers: variance of the difference {paired:.3f} paired, "
              f"{unpaired:.3f} unpaired: {unpaired / paired:.1f}x fewer deals for the "
              "same interval")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games a stand-in (default 20)")
    parser.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    parser.add_argument("--level", default="hard", help="the computers' level (default hard)")
    parser.add_argument("--stand-ins", nargs="+", default=["hint", "hard", "normal"])
    parser.add_argument("--reference", type=int, default=800,
                        help="fresh deals for each reference (default 800)")
    parser.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--drop-z", type=float, help="the coach's DROP_Z, to try another")
    parser.add_argument("--choose-deals", type=int, help="the coach's CHOOSE_DEALS")
    parser.add_argument("--choose-playouts", type=int, help="the coach's CHOOSE_PLAYOUTS")
    parser.add_argument("--looks", type=int, nargs="+", help="the coach's LOOKS")
    args = parser.parse_args(argv)
    budget = {key: value for key, value in (
        ("drop_z", args.drop_z), ("choose_deals", args.choose_deals),
        ("choose_playouts", args.choose_playouts), ("looks", args.looks)) if value is not None}
    if budget:
        print(f"The coach's budget changed: {budget}")
    print(f"Color Cards, 4 seats, computers at {args.level}, seed {args.seed}, "
          f"{args.games} games a stand-in, references on {args.reference} fresh deals.")
    for stand_in in args.stand_ins:
        jobs = [(stand_in, args.level, args.seed, i, args.reference, budget)
                for i in range(args.games)]
        if args.workers > 1:
            with ProcessPoolExecutor(args.workers) as pool:
                games = list(pool.map(play_one, jobs))
        else:
            games = [play_one(job) for job in jobs]
        report(stand_in, games)
    return 0


if __name__ == "__main__":
    sys.exit(main())
