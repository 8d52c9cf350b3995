"""When the tutor's notes come: the coach's judgements of whole games, replayed on one core.

    python tests/benchmarks/coach_notes.py [--seeds 9-40] [--record FILE | --load FILE]

1. **Asked**: whole coached games are played as `tui_speed.py --coach-game` plays them
   (four seats, Color Cards, Normal, fast speed, a key 0.25 s after each of the player's
   turns), and each judgement the table asks for is noted with the moment it was asked.
   Nothing answers them: when the table asks does not depend on the answers.
2. **Judged**: each of those judgements is made alone (`coach.desk.judge`) and timed in
   this thread's processor time, which a busy machine does not stretch; whether it was
   costly (a note) is kept.
3. **Replayed**: each game's judgements go through one processor, as the coach's child
   works: one at a time in the order asked, and in turns (the child's way, 50 ms slices
   to whichever has had the least, a turn ending when a judgement is asked). The time
   from the move to each note is given, and again with every judgement made k times
   faster, to show what the 2 s target needs.

`--record FILE` keeps what steps 1 and 2 found; `--load FILE` replays it without playing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
QUANTUM = 0.05
TARGET = 2.0

Job = tuple[float, float, bool]
"""When a judgement was asked (seconds into the game), its processor seconds, and whether
it gave a note."""


def asked(seeds: Sequence[int]) -> dict[int, list[tuple[float, dict]]]:
    """Each game's judgements, with when they were asked."""
    sys.path.insert(0, str(Path(__file__).parent))
    import tui_speed

    from colorcards.coach import remote

    found: list[tuple[float, dict]] = []

    def ask(self, data, stop=None):
        if data.get("made") is not None:  # a move to judge (not the hint, the pondering)
            found.append((time.perf_counter(), data))
        return None  # nothing answers

    remote.RemoteCoach.ask = ask  # type: ignore[method-assign]
    games = {}
    for seed in seeds:
        found.clear()
        asyncio.run(tui_speed.coach_game(seed, (100, 32)))
        start = found[0][0] if found else 0.0
        games[seed] = [(at - start, data) for at, data in found]
    return games


def judged(games: dict[int, list[tuple[float, dict]]]) -> dict[int, list[Job]]:
    from colorcards.coach.desk import judge

    timed = {}
    for seed, requests in games.items():
        rows = []
        for at, data in requests:
            start = time.thread_time()
            judgement = judge(data)
            rows.append((at, time.thread_time() - start, bool(judgement and judgement.costly)))
        timed[seed] = rows
        print(f"  game {seed}: {len(rows)} judgements, {sum(r[1] for r in rows):.1f} s",
              file=sys.stderr)
    return timed


def one_at_a_time(jobs: Sequence[Job]) -> list[float]:
    """Seconds from each judgement asked to its answer, in the order asked."""
    now, waits = 0.0, []
    for at, cost, _ in jobs:
        now = max(now, at) + cost
        waits.append(now - at)
    return waits


def in_turns(jobs: Sequence[Job], quantum: float = QUANTUM) -> list[float]:
    """The same, in turns as `coach.desk.Desk` works (the least served first)."""
    spent = [0.0] * len(jobs)
    answered = [0.0] * len(jobs)
    now, arrived, active = 0.0, 0, []
    while arrived < len(jobs) or active:
        if not active:
            now = max(now, jobs[arrived][0])
        while arrived < len(jobs) and jobs[arrived][0] <= now:
            active.append(arrived)
            arrived += 1
        job = min(active, key=lambda k: (spent[k], k))
        turn = min(quantum, jobs[job][1] - spent[job])
        if arrived < len(jobs):
            turn = min(turn, max(jobs[arrived][0] - now, 1e-9))
        now += turn
        spent[job] += turn
        if spent[job] >= jobs[job][1] - 1e-12:
            answered[job] = now - jobs[job][0]
            active.remove(job)
    return answered


def percentile(values: Sequence[float], share: float = 0.95) -> float:
    ranked = sorted(values)
    return ranked[max(0, int(len(ranked) * share) - 1)]


def notes(games: dict[int, list[Job]], way: Callable[[Sequence[Job]], list[float]],
          faster: float = 1.0) -> list[float]:
    found = []
    for jobs in games.values():
        scaled = [(at, cost / faster, costly) for at, cost, costly in jobs]
        found += [wait for wait, job in zip(way(scaled), scaled, strict=True) if job[2]]
    return found


def report(title: str, games: dict[int, list[Job]]) -> None:
    solo = [cost for jobs in games.values() for _, cost, costly in jobs if costly]
    every = [cost for jobs in games.values() for _, cost, _ in jobs]
    print(f"{title}: {len(games)} games, {len(every)} judgements ({sum(every):.0f} s of one "
          f"core), {len(solo)} notes")
    if not solo:
        return
    print(f"  a note's judgement alone: median {percentile(solo, 0.5):.2f} s, 95th percentile "
          f"{percentile(solo):.2f} s; {sum(1 for s in solo if s > TARGET)} over {TARGET:.0f} s")
    for faster in (1.0, 1.5, 2.0):
        cells = []
        for name, way in (("one at a time", one_at_a_time), ("in turns", in_turns)):
            came = notes(games, way, faster)
            cells.append(f"{name} {percentile(came):.2f} s "
                         f"({sum(1 for c in came if c > TARGET)} over {TARGET:.0f} s)")
        speed = "as measured" if faster == 1 else f"judging {faster:g}x faster"
        print(f"  notes' 95th percentile, {speed}: " + "; ".join(cells))


def seed_range(text: str) -> list[int]:
    first, _, last = text.partition("-")
    return list(range(int(first), int(last or first) + 1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=seed_range, default=seed_range("9-40"))
    parser.add_argument("--record", type=Path, help="keep the judgements found in FILE")
    parser.add_argument("--load", type=Path, help="replay the judgements kept in FILE")
    args = parser.parse_args()
    if args.load:
        games = {int(k): [tuple(j) for j in v]
                 for k, v in json.loads(args.load.read_text()).items()}
    else:
        games = judged(asked(args.seeds))
        if args.record:
            args.record.write_text(json.dumps(games))
    seeds = sorted(games)
    half = seeds[len(seeds) // 2] if len(seeds) > 1 else seeds[0] + 1
    report("all games", games)
    report(f"games {seeds[0]}-{half - 1}", {s: games[s] for s in seeds if s < half})
    report(f"games {half}-{seeds[-1]}", {s: games[s] for s in seeds if s >= half})


if __name__ == "__main__":
    main()
