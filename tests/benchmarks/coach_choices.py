"""What the coach's choices of method change: the computers' level, and the play-out policy.

    python tests/benchmarks/coach_choices.py [--games 6] [--seed 3] [--levels easy crazy]
        [--reference 800]

1. **Each computer at its own level.** Plays four-seat Color Cards games (a Hard
   stand-in at seat 0) against three computers of each level in `--levels`, and at each
   of the stand-in's decisions asks the coach twice: with the computers playing out at
   the table's level, and all at Hard (as the review did before). Where the two
   recommend different moves, both moves are played off on `--reference` fresh deals at
   the table's real level: which recommendation was better at this table, and by how much.
2. **The play-out policy.** The same decisions weighed by the quick rule of thumb with
   each level's lapses (the coach's) and by each level's full judgement
   (`Coach(full=True)`): play-outs a second of each, and how often they recommend
   different moves.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from colorcards.bots import make_player
from colorcards.bots.drive import drive
from colorcards.coach import Coach
from colorcards.engine import Game, get_preset
from colorcards.replay.kept import kept_from_game
from colorcards.replay.review import decisions
from colorcards.sim import game_seed, seat_rngs, wilson


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="games a level (default 6)")
    parser.add_argument("--seed", type=int, default=3, help="the run's seed (default 3)")
    parser.add_argument("--levels", nargs="+", default=["easy", "crazy"])
    parser.add_argument("--reference", type=int, default=800)
    args = parser.parse_args(argv)
    rules = get_preset("color-cards").rules()
    for level in args.levels:
        todo = []
        for index in range(args.games):
            seed = game_seed(args.seed, index)
            game = Game(rules, 4, seed)
            players = [make_player("hard"), *(make_player(level) for _ in range(3))]
            drive(game, players, seat_rngs(seed, 4), lambda g: g.is_over, 200_000)
            todo += decisions(kept_from_game(game, difficulty=level))
        own, hard = Coach(level), Coach("hard")
        full = Coach(level, full=True)
        differ = better = worse = 0
        gains = []
        policy_differ = 0
        quick_time = full_time = 0.0
        quick_playouts = full_playouts = 0
        referee = Coach(level, seed=args.seed * 7919 + 5)
        for d in todo:
            started = time.thread_time()
            mine = own.advise(d.view, d.legal)
            quick_time += time.thread_time() - started
            quick_playouts += mine.playouts
            started = time.thread_time()
            slow = full.advise(d.view, d.legal)
            full_time += time.thread_time() - started
            full_playouts += slow.playouts
            policy_differ += slow.recommended != mine.recommended
            theirs = hard.advise(d.view, d.legal)
            if theirs.recommended == mine.recommended:
                continue
            differ += 1
            rows = referee.play_off(d.view, d.legal, (mine.recommended, theirs.recommended),
                                    args.reference, "levels")
            diffs = [(a == 0) - (b == 0) for a, b in rows]
            mean = statistics.fmean(diffs)
            se = statistics.stdev(diffs) / len(diffs) ** 0.5
            gains.append(mean)
            better += mean - 1.96 * se > 0
            worse += mean + 1.96 * se < 0
        n = len(todo)
        low, high = wilson(differ, n)
        print(f"\nComputers at {level}: {n} decisions of a Hard stand-in in {args.games} games "
              f"(seed {args.seed}).")
        print(f"  the table's level against all-Hard play-outs: a different recommendation in "
              f"{differ} ({differ / n:.0%}, 95% interval {low:.0%}-{high:.0%})")
        if gains:
            print(f"  on {args.reference} fresh deals at {level}, the table-level choice won "
                  f"{statistics.fmean(gains) * 100:+.1f} points on average; clearly better in "
                  f"{better}, clearly worse in {worse} of {differ}")
        print(f"  play-out policy: quick rule of thumb {quick_playouts / quick_time:.0f} "
              f"play-outs/s, full judgement {full_playouts / full_time:.0f} play-outs/s "
              f"({(quick_playouts / quick_time) / (full_playouts / full_time):.1f}x); "
              f"different recommendations in {policy_differ} of {n} decisions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
