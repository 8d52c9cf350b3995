"""How long the review of a game takes, on one core.

    python tests/benchmarks/review_speed.py [--games 6] [--seats 4 2] [--seed 1] [--workers 1]
                                            [--service] [--as-played [--think 3] [--gap 2.4]]

Plays Color Cards games between Hard players (seat 0 played by Hard too) and times
`replay.review.review` on each (the coach at its default budget): the player's
decisions with a real choice, wall clock and CPU time (the review runs in one thread:
CPU time is what a loaded machine disturbs least), and time until the first progress
report (the progress bar moves from then on, after each decision). The target: a
typical Color Cards game, about 30 decisions of the player, within 15 s of one core.

With `--workers N` the coach plays its deals out over N processes (`coach/pool.py`: this
one and N - 1 helpers, the verdicts the same): the wall clock is then the figure, and
the CPU time given is this process's share only.

With `--service` each game is reviewed as the Review screen has it reviewed: by the
app's coach process (`RemoteCoach`, started with N workers and warmed before the first
game), from the request to the review's last answer, on the wall clock; the CPU time
given is then the coach's processes' (its helpers included).

With `--as-played` (the service's way) each game is first played out in time, as the table
has the coach weigh it with the coach off: each of the player's decisions is sent to the
coach's process in the background's turn as the move is made (`--think` seconds after the
turn arrives, the next turn `--gap` seconds later). At the game's end (the player's last
move) what is not yet judged is dropped and the Review screen's review takes on from the
judgements made: the wall clock given is from the game's end to the review complete, with
how many decisions were left to weigh. The review from nothing of the same game, in the
same process, is timed beside it.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from coach_ponder import cpu_of

from colorcards.coach.pool import Pool
from colorcards.coach.remote import Judgement, RemoteCoach, request
from colorcards.coach.weigh import CHOOSE_DEALS, CHOOSE_PLAYOUTS, LOOKS, SEED, Coach
from colorcards.replay.background import Reviewer
from colorcards.replay.kept import KeptGame, kept_from_game
from colorcards.replay.review import Moment, Review, decisions, review, weighed_at_the_table
from colorcards.session.table_coach import DECIDE
from history_helpers import new_game, step


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seats", type=int, nargs="+", default=[4, 2])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1,
                        help="processes the coach plays out in (default 1: this one)")
    parser.add_argument("--service", action="store_true",
                        help="review in the app's coach process, as the Review screen does")
    parser.add_argument("--as-played", action="store_true",
                        help="the decisions weighed as the game is played (with --service)")
    parser.add_argument("--think", type=float, default=3.0)
    parser.add_argument("--gap", type=float, default=2.4)
    args = parser.parse_args(argv)
    args.service = args.service or args.as_played
    if args.service:
        return _run(args, None)
    pool = Pool(args.workers) if args.workers > 1 else None
    try:
        return _run(args, pool)
    finally:
        if pool is not None:
            pool.close()


def _run(args: argparse.Namespace, pool: Pool | None) -> int:
    print(f"The coach: options race on up to {CHOOSE_DEALS} deals ({CHOOSE_PLAYOUTS} "
          f"play-outs); a move not among the close ones is measured in looks of {LOOKS} "
          "fresh deals. The computers play out at Hard.")
    remote = None
    if args.service:
        remote = RemoteCoach(workers=args.workers)
        remote.start()
        child = remote.process
        assert child is not None
        time.sleep(3)  # its imports and its helpers' done
    try:
        _games(args, pool, remote)
    finally:
        if remote is not None:
            remote.close()
    return 0


def _games(args: argparse.Namespace, pool: Pool | None, remote: RemoteCoach | None) -> None:
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

            if remote is not None and args.as_played:
                _as_played(args, remote, kept, seats, g)
                continue
            if remote is not None:
                child = remote.process
                assert child is not None
                c0 = cpu_of(child.pid)
                steps: list[dict] = []

                def each(data: dict, t0: float = t0, first: list = first,
                         steps: list = steps) -> None:
                    if not first:
                        first.append(time.perf_counter() - t0)
                    steps.append(data)

                complete = Reviewer(remote).review(kept, None, each)
                wall, cpu = time.perf_counter() - t0, cpu_of(child.pid) - c0
                found = Review.from_json(steps[-1]) if steps else None
                assert complete and found is not None
                result = found
            else:
                result = review(kept, progress=progress,
                                coach=Coach(kept.difficulty, pool=pool) if pool else None)
                wall, cpu = time.perf_counter() - t0, time.thread_time() - c0
            assert result is not None
            n = len(result.moments)
            runs.append((n, cpu, wall))
            print(f"  {seats} seats, game {g + 1}: {len(kept.actions)} actions, {n} decisions "
                  f"with a choice: {wall:.2f} s wall, {cpu:.2f} s CPU "
                  f"(first progress after {first[0] * 1000:.0f} ms)")
        if not runs:
            continue  # as played: the summary is _as_played's
        most, longest, _ = max(runs)
        print(f"{seats} seats, {args.workers} process(es)"
              f"{' in the coach service' if remote else ''}: median "
              f"{statistics.median(c for _, c, _ in runs):.2f} s CPU a game, "
              f"{statistics.median(w for _, _, w in runs):.2f} s wall (worst "
              f"{max(w for _, _, w in runs):.2f} s); the game with the most decisions ({most}) "
              f"took {longest:.2f} s CPU")


def _as_played(args: argparse.Namespace, remote: RemoteCoach, kept: KeptGame, seats: int,
               g: int) -> None:
    """The game's decisions weighed in time as it is played, then the Review screen's
    review from those; and the review from nothing beside it."""
    deal = kept.new_game()
    todo = decisions(kept)
    judged: dict[int, tuple[Moment, int]] = {}
    asked_all = []

    def follow(asked: Any, d: Any) -> None:
        for update in remote.follow(asked):
            if isinstance(update, dict) and isinstance(update.get("judgement"), dict):
                verdict = Judgement.from_json(update["judgement"]).verdict
                if verdict is not None:
                    judged[d.index] = (Moment.of(d.index, d.turn, d.view, verdict),
                                       verdict.playouts)

    start = time.perf_counter()
    for i, d in enumerate(todo):
        time.sleep(max(0.0, start + args.think + i * (args.think + args.gap)
                       - time.perf_counter()))
        asked = remote.work(DECIDE, request(deal, kept.actions[:d.index], d.made,
                                            kept.difficulty, None), background=True)
        if asked is not None:
            asked_all.append(asked)
            threading.Thread(target=follow, args=(asked, d), daemon=True).start()
    so_far = weighed_at_the_table(kept.new_game(), kept.actions, dict(judged), kept.difficulty,
                                  SEED)
    for asked in asked_all:
        remote.cancel(asked)
    left = len(todo) - (len(so_far.moments) if so_far else 0)
    t0 = time.perf_counter()
    steps: list[dict] = []
    assert Reviewer(remote).review(kept, None if so_far is None else so_far.as_json(),
                                   steps.append)
    after = time.perf_counter() - t0
    t0 = time.perf_counter()
    alone: list[dict] = []
    assert Reviewer(remote).review(kept, None, alone.append)
    cold = time.perf_counter() - t0
    assert Review.from_json(steps[-1]) == Review.from_json(alone[-1])
    AS_PLAYED.append((after, cold, left, len(todo)))
    print(f"  {seats} seats, game {g + 1}: {len(todo)} decisions; at the game's end "
          f"{left} left to weigh: the review complete {after:.2f} s after the game's end "
          f"(from nothing: {cold:.2f} s)")
    if g + 1 == args.games:
        afters = sorted(a for a, _, _, _ in AS_PLAYED)
        print(f"{seats} seats, {args.workers} process(es), as played (think {args.think} s, "
              f"gap {args.gap} s): the review after the game's end median "
              f"{statistics.median(afters):.2f} s, worst {afters[-1]:.2f} s; from nothing "
              f"median {statistics.median(c for _, c, _, _ in AS_PLAYED):.2f} s, worst "
              f"{max(c for _, c, _, _ in AS_PLAYED):.2f} s; decisions left "
              f"{sum(x for _, _, x, _ in AS_PLAYED)} of {sum(n for _, _, _, n in AS_PLAYED)}")
        AS_PLAYED.clear()


AS_PLAYED: list[tuple[float, float, int, int]] = []


if __name__ == "__main__":
    sys.exit(main())
