"""When the coach's note and hint come, with the coach thinking on the player's time.

    python tests/benchmarks/coach_ponder.py [--games 6] [--seed 29] [--workers 1,2]
        [--think 3] [--gap 2.4] [--counts-only] [--player normal] [--live pondered,cold]
        [--slow]

The positions: the first round of `--games` four-seat Color Cards games (Normal
computers; a Normal player at seat 0, or `--player`'s level, whose choices are the moves
made), every turn of the player's with a choice. For each number of workers in
`--workers` (the coach's process and its helpers, `COLORCARDS_COACH_WORKERS`):

1. **Pondered, live** (wall clock): a fresh coach process, as the table drives it. At
   each turn the race is asked as the turn arrives (`RemoteCoach.ponder`: the race, then
   the likely moves' tests, as the table asks); the player
   presses H after `--think` seconds (the hint's time from H to its answer is taken),
   then makes their move at once: the move's judgement is asked and the pondering let
   go (the time from the move to the answer is the note's). The next turn arrives
   `--gap` seconds after the move (three computers at Normal speed), whether or not the
   answer came; a judgement not answered by the player's next decision is counted.
2. **Cold, live** (wall clock): another fresh process, each position asked without
   pondering: the hint (H as the turn arrives), then the move's judgement alone.
3. **Counts** (no wall clock): every judgement made here with a pool of that many
   processes, cold: play-outs, round trips to the helpers, this process's own processor
   time (which load does not stretch), the verdicts compared with one process's. Then
   the coach's own desk, driven here as the table drives the coach's process: the turn
   pondered for `--think` seconds of this process's processor time, H, the move: the
   times from H to the hint and from the move to its answer, on the same clock, are the
   projection for a quiet machine (each judgement alone: a judgement still running when
   the next turn comes is not counted against the next), and each answer is checked to
   be the cold verdict.

On a shared machine the wall-clock figures of 1 and 2 are disturbed by the other load
(the machine's load average is printed); the counts of 3 are not.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from colorcards.bots import make_player  # noqa: E402
from colorcards.bots.drive import decide  # noqa: E402
from colorcards.coach.pool import ENVIRONMENT, Pool  # noqa: E402
from colorcards.coach.remote import RemoteCoach, request  # noqa: E402
from colorcards.engine import DecisionKind, Game, get_preset, next_decision  # noqa: E402
from colorcards.sim import game_seed, seat_rngs  # noqa: E402

LEVEL = "normal"


def turns(seed: int, games: int, player: str = LEVEL) -> list[list[tuple[dict, dict]]]:
    """Per game: each turn of the player's with a choice in its first round, as the
    position's request and the request with the move made (the choices of a computer
    at `player`'s level)."""
    rules = get_preset("color-cards").rules()
    found = []
    for index in range(games):
        gseed = game_seed(seed, index)
        game = Game(rules, 4, gseed)
        players = [make_player(player if seat == 0 else LEVEL) for seat in range(4)]
        rngs = seat_rngs(gseed, 4)
        these = []
        while not game.results and not game.is_over:
            decision = next_decision(game)
            if decision is None:
                break
            if decision.seat is None:
                game.step(decision.actions[0])
                continue
            action = decide(game, decision, players[decision.seat], rngs[decision.seat])
            if decision.seat == 0 and decision.kind is DecisionKind.TURN \
                    and len(decision.actions) > 1:
                before = list(game.actions)
                these.append((request(game, before, None, LEVEL, None),
                              request(game, before, action, LEVEL, None)))
            game.step(action, decision.seat)
        found.append(these)
    return found


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def cpu_of(pid: int) -> float:
    """Processor seconds of a process and of its children still running."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    pids = [pid]
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as kids:
            pids += [int(p) for p in kids.read().split()]
    except OSError:
        pass
    for p in pids:
        try:
            with open(f"/proc/{p}/stat") as stat:
                fields = stat.read().rsplit(") ", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick
        except OSError:
            pass
    return total


def live(games: list[list[tuple[dict, dict]]], think: float, gap: float,
         ponder: bool) -> dict:
    """Pass 1 (`ponder`) or 2: the times from H to the hint and from the move to the
    judgement's answer, and the coach's processor time."""
    remote = RemoteCoach()
    hints: list[float] = []
    notes: list[float] = []
    costly_notes: list[float] = []
    late = 0
    waits: list[tuple[float, threading.Thread]] = []
    slow: list[str] = []
    warm = remote.advise(games[0][0][0]) if games and games[0] else None  # start-up
    assert warm is not None or not games
    child = remote.process
    cpu0 = cpu_of(child.pid) if child is not None else 0.0
    for turns_of_game in games:
        for position, move in turns_of_game:
            arrived = time.perf_counter()
            pondering = remote.ponder({**position, "ponder": True}) if ponder else None
            if ponder:
                time.sleep(max(0.0, arrived + think - time.perf_counter()))
            pressed = time.perf_counter()
            if remote.advise(position) is None:
                raise SystemExit("the coach's process gave no hint")
            hints.append(time.perf_counter() - pressed)
            if not ponder:
                time.sleep(max(0.0, arrived + think - time.perf_counter()))
            moved = time.perf_counter()
            behind = sum(1 for _, w in waits if w.is_alive())
            asked = remote.ask(move)
            if pondering is not None:
                remote.cancel(pondering)
            assert asked is not None
            deadline = moved + gap + think  # the player's next decision

            turn = len(waits)

            def wait(asked=asked, moved=moved, deadline=deadline, behind=behind,
                     turn=turn) -> None:
                nonlocal late
                judgement = remote.answer(asked)
                took = time.perf_counter() - moved
                notes.append(took)
                if took > 1:
                    slow.append(f"turn {turn}: {took:.2f} s, "
                                f"{'costly' if getattr(judgement, 'costly', False) else 'fine'}"
                                f", {behind} judgement(s) still running when it was made")
                if judgement is not None and getattr(judgement, "costly", False):
                    costly_notes.append(took)
                if time.perf_counter() > deadline:
                    late += 1

            waiter = threading.Thread(target=wait, daemon=True)
            waiter.start()
            waits.append((moved, waiter))
            time.sleep(max(0.0, moved + gap - time.perf_counter()))
    for _, waiter in waits:
        waiter.join()
    cpu = (cpu_of(child.pid) - cpu0) if child is not None else 0.0
    remote.close()
    return {"hints": hints, "notes": notes, "costly": costly_notes, "late": late,
            "cpu": cpu, "slow": sorted(slow, key=lambda line: int(line.split(":")[0][5:]))}


def counts(games: list[list[tuple[dict, dict]]], size: int, think: float) -> dict:
    """Pass 3, with a pool of `size`, on this process's processor time (which load does
    not stretch): each judgement made cold (play-outs, round trips, its time, the
    verdict to compare), and the coach's own desk (`Coaching`, `Desk`) driven here as
    the table drives the coach's process, the pondering given `think` seconds before H
    and the move: the time from H to the hint and from the move to its answer."""
    from colorcards.coach.desk import Coaching, Desk
    from colorcards.coach.remote import Judgement
    from colorcards.coach.remote import position as position_of
    from colorcards.coach.weigh import Coach, finish
    from colorcards.engine import action_from_json

    pool = Pool(size)
    verdicts: list = []
    cold: list[float] = []
    hints: list[float] = []
    notes: list[float] = []
    playouts = 0

    def until(desk: Desk, ident: int) -> dict | None:
        while True:
            line = desk.work(lambda: True)
            if line is not None:
                answer = json.loads(line)
                if answer["id"] == ident:
                    return answer["answer"]

    try:
        for turns_of_game in games:
            for position, move in turns_of_game:
                game = position_of(move)
                decision = next_decision(game)
                assert decision is not None and decision.seat == 0
                start = time.thread_time()
                verdict = finish(Coach(LEVEL, pool=pool).judging(
                    game.view(0), decision.actions, action_from_json(move["made"])))
                cold.append(time.thread_time() - start)
                verdicts.append(verdict)
                desk = Desk(Coaching(pool).make)
                desk.take_message({"id": 1, "request": {**position, "ponder": True}})
                start = time.thread_time()
                while desk.jobs and time.thread_time() - start < think:
                    desk.work(lambda: True)
                desk.take_message({"id": 2, "request": position})
                start = time.thread_time()
                until(desk, 2)
                hints.append(time.thread_time() - start)
                desk.take_message({"id": 3, "request": move})
                desk.take_message({"id": 1, "cancel": True})
                start = time.thread_time()
                answer = until(desk, 3)
                notes.append(time.thread_time() - start)
                assert answer == Judgement.of(verdict).as_json()  # the cold verdict
        trips = pool.round_trips
    finally:
        pool.close()
    for verdict in verdicts:
        playouts += verdict.playouts
    return {"verdicts": verdicts, "cold": cold, "hints": hints, "notes": notes,
            "playouts": playouts, "trips": trips}


def projected(found: dict) -> str:
    """The hint's and the note's times on a quiet machine, from the processor times of
    pass 3 (this process plays its share while the helpers play theirs), each judgement
    alone."""
    hints, notes, cold = found["hints"], found["notes"], found["cold"]
    return (f"projected on a quiet machine: hint pondered 95th pct "
            f"{percentile(hints, 0.95):.2f} s; note pondered median "
            f"{percentile(notes, 0.5):.2f} s, 95th pct {percentile(notes, 0.95):.2f} s, "
            f"over 1 s {sum(1 for x in notes if x > 1)} of {len(notes)}; cold (the whole "
            f"judgement) median {percentile(cold, 0.5):.2f} s, 95th pct "
            f"{percentile(cold, 0.95):.2f} s, over 1 s {sum(1 for x in cold if x > 1)}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=29)
    parser.add_argument("--workers", default="1,2")
    parser.add_argument("--think", type=float, default=3.0)
    parser.add_argument("--gap", type=float, default=2.4)
    parser.add_argument("--counts-only", action="store_true")
    parser.add_argument("--player", default=LEVEL,
                        help="the level whose choices are the player's moves (easy: more "
                             "costly moves, so more notes)")
    parser.add_argument("--live", default="pondered,cold",
                        help="the live passes to run: pondered, cold or both")
    parser.add_argument("--slow", action="store_true",
                        help="list each answer that took over 1 s, and what ran beside it")
    args = parser.parse_args(argv)
    sizes = [int(w) for w in args.workers.split(",")]
    games = turns(args.seed, args.games, args.player)
    n = sum(len(g) for g in games)
    print(f"{args.games} games, seed {args.seed}, the player's moves {args.player}'s: {n} "
          f"turns of the player's with a choice; "
          f"load average {os.getloadavg()[0]:.1f}")
    alone = None
    for size in sizes:
        found = counts(games, size, args.think)
        if alone is None:
            alone = found["verdicts"]
        same = "identical" if found["verdicts"] == alone else "DIFFERENT"
        cpu = found["cold"]
        print(f"workers {size}: counts: {found['playouts'] / n:,.0f} play-outs and "
              f"{found['trips'] / n:.1f} round trips a judgement (pondering included); this "
              f"process's CPU a judgement median {1000 * percentile(cpu, 0.5):.0f} ms, 95th "
              f"pct {1000 * percentile(cpu, 0.95):.0f} ms, total {sum(cpu):.1f} s; verdicts "
              f"{same} to {sizes[0]} worker(s)")
        print(f"  {projected(found)}")
    if args.counts_only:
        return 0
    for size in sizes:
        os.environ[ENVIRONMENT] = str(size)
        for ponder in (True, False):
            if ("pondered" if ponder else "cold") not in args.live.split(","):
                continue
            found = live(games, args.think, args.gap, ponder)
            name = "pondered" if ponder else "cold"
            notes, costly = found["notes"], found["costly"]
            print(f"workers {size}, {name} (wall clock, load {os.getloadavg()[0]:.1f}): "
                  f"hint median {percentile(found['hints'], 0.5):.2f} s, 95th pct "
                  f"{percentile(found['hints'], 0.95):.2f} s; the move's answer median "
                  f"{percentile(notes, 0.5):.2f} s, 95th pct {percentile(notes, 0.95):.2f} s,"
                  f" over 1 s {sum(1 for t in notes if t > 1)} of {len(notes)}; notes "
                  f"(costly) {len(costly)}, 95th pct {percentile(costly, 0.95):.2f} s; "
                  f"after the next decision {found['late']}; the coach's CPU "
                  f"{found['cpu']:.1f} s")
            if args.slow:
                for line in found["slow"]:
                    print(f"    {line}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
