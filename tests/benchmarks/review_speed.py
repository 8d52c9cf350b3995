"""How long the review of a game takes, on one core.

    python tests/benchmarks/review_speed.py [--games 6] [--seats 4 2] [--seed 1]

Plays Color Cards games between Hard players (seat 0 played by Hard too) and times
`replay.review.review` on each (the coach at its default budget): the player's
decisions with a real choice, wall clock and CPU time (the review runs in one thread:
CPU time is what a loaded machine disturbs least), and time until the first progress
report (the progress bar moves from then on, after each decision). The target: a
typical Color Cards game, about 30 decisions of the player, within 15 s of one core.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from colorcards.coach.weigh import CHOOSE_DEALS, CHOOSE_PLAYOUTS, LOOKS
from colorcards.replay.kept import kept_from_game
from colorcards.replay.review import review
from history_helpers import new_game, step


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seats", type=int, nargs="+", default=[4, 2])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"The coach: options race on up to {CHOOSE_DEALS} deals ({CHOOSE_PLAYOUTS} "
          f"play-outs); a move not among the close ones is measured in looks of {LOOKS} "
          "fresh deals. The computers play out at Hard.")
    for seats in args.seats:
        runs = []
        for g in range(args.games):
            game, _, players = new_game(0, args.seed * 10_000 + seats * 100 + g,
                                        plan=(("color-cards", seats, "hard"),))
            rng = random.Random(args.seed + g)
            while not game.is_over:
                step(game, players, rng)
            kept = kept_from_game(game, difficulty="hard")
            first: list[float] = []
            t0, c0 = time.perf_counter(), time.thread_time()

            def progress(done: int, total: int, t0: float = t0, first: list = first) -> None:
                if not first:
                    first.append(time.perf_counter() - t0)

            result = review(kept, progress=progress)
            wall, cpu = time.perf_counter() - t0, time.thread_time() - c0
            assert result is not None
            n = len(result.moments)
            runs.append((n, cpu))
            print(f"  {seats} seats, game {g + 1}: {len(kept.actions)} actions, {n} decisions "
                  f"with a choice: {wall:.2f} s wall, {cpu:.2f} s CPU "
                  f"(first progress after {first[0] * 1000:.0f} ms)")
        most, longest = max(runs)
        print(f"{seats} seats: median {statistics.median(c for _, c in runs):.2f} s CPU a game; "
              f"the game with the most decisions ({most}) took {longest:.2f} s CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
