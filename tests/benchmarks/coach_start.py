"""How long the table's first hint waits for the coach's process, which the app starts.

    python tests/benchmarks/coach_start.py [--runs 5] [--title 1.0] [--dialog 2.0]
                                           [--continue] [--code DIR ...]

Each run is a fresh `python` (nothing imported yet, as a player's start) running the app
headless at 100x32 on a data directory of its own, the coach's process started where
the app starts it. The title is read for `--title` seconds, then N opens the New game
dialog, which is read for `--dialog` seconds before Enter deals (Color Cards, Normal,
seed 1, the coach off); with `--continue`, C continues that deal, saved beforehand,
instead. At the end of the table's first frame H asks for the hint. Timed: from the end
of the table's first frame to the hint's answer back from the coach's process (what
the player waits for), and how long before that frame the process was started. The
coach's process runs at a lower priority than the table, so a loaded machine stretches
that wall-clock time most of all; the processor time the process spends between the
frame and the answer (read from Linux's /proc) is given beside it, which load does not
stretch: its start (the interpreter, the coach's imports) and the hint's race on this
deal, or the race alone once the process started early enough.

`--code` takes the folders holding the `colorcards` package to set against each other
(another commit's checkout, this one's parent folder), run by turns (A B A B) with each
first on PYTHONPATH: the coach's process inherits it.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CHILD = r"""
import asyncio, json, os, sys, time

from colorcards.tui.program import player_app
from colorcards.tui.screens.title import TitleScreen

data_dir, title, dialog, way = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
marks = {}


def cpu(coach) -> float:
    # the processor seconds the coach's process has had so far (Linux's /proc)
    child = coach.process
    if child is None:
        return 0.0
    with open(f"/proc/{child.pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def spy() -> None:
    # Once the title is drawn (the warm-up imports these meanwhile): when the coach's
    # process starts, when the table's first frame ends, and when the first advice
    # comes back.
    from colorcards.coach.remote import RemoteCoach
    from colorcards.tui.screens.table import TableScreen

    mount, advise, start = TableScreen.on_mount, RemoteCoach.advise, RemoteCoach._running

    def frame(table):
        marks["frame_cpu"] = cpu(table.controller.remote)
        marks["frame"] = time.perf_counter()

    def on_mount(table):
        mount(table)
        table.call_after_refresh(frame, table)

    def timed(coach, data, stop=None):
        answer = advise(coach, data, stop)
        if "answer" not in marks:
            at = time.perf_counter()
            marks["answer_cpu"] = cpu(coach)
            marks["answer"] = at  # last: the loop waits for it
        return answer

    def running(coach):
        marks.setdefault("started", time.perf_counter())
        return start(coach)

    TableScreen.on_mount, RemoteCoach.advise, RemoteCoach._running = on_mount, timed, running


async def until(what: str) -> None:
    while what not in marks:
        await asyncio.sleep(0.002)


async def main() -> None:
    app = player_app(data_dir=data_dir, seed=1, background_reviews=False)
    async with app.run_test(size=(100, 32)) as pilot:
        while not (isinstance(app.screen, TitleScreen) and app.screen.is_mounted):
            await asyncio.sleep(0.01)
        spy()
        await asyncio.sleep(title)
        if way == "continue":
            await pilot.press("c")
        else:
            await pilot.press("n")
            await asyncio.sleep(dialog)
            await pilot.press("enter")
        await until("frame")
        await pilot.press("h")
        await until("answer")
        print(json.dumps({"first": marks["answer"] - marks["frame"],
                          "ahead": marks["frame"] - marks["started"],
                          "cpu_ahead": marks["frame_cpu"],
                          "cpu": marks["answer_cpu"] - marks["frame_cpu"]}))
        app.exit()


asyncio.run(main())
"""

SAVE = r"""
import sys
from colorcards.session.seating import Seating
from colorcards.settings import GameSettings
from colorcards.store import Store

store = Store.open(sys.argv[1])
seating = Seating.new(GameSettings(), 1)
store.save_game(seating.game, seating.meta, seating.log)
store.close()
"""
"""A game saved at its first turn, for Continue (in a process of its own: the measured
one starts with nothing imported)."""


def one_run(code: Path, title: float, dialog: float, way: str) -> dict[str, float]:
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1",
           "PYTHONPATH": os.pathsep.join(filter(None, [str(code),
                                                       os.environ.get("PYTHONPATH")]))}
    with tempfile.TemporaryDirectory() as data_dir:
        if way == "continue":
            subprocess.run([sys.executable, "-P", "-c", SAVE, data_dir], check=True, env=env)
        done = subprocess.run([sys.executable, "-P", "-c", CHILD, data_dir, str(title),
                               str(dialog), way], capture_output=True, text=True,
                              timeout=120, env=env)
        if done.returncode != 0:
            raise SystemExit(done.stderr)
        return json.loads(done.stdout.splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs of each --code")
    parser.add_argument("--title", type=float, default=1.0,
                        help="seconds the title is read before N (or C)")
    parser.add_argument("--dialog", type=float, default=2.0,
                        help="seconds the New game dialog is read before Enter")
    parser.add_argument("--continue", dest="way", action="store_const", const="continue",
                        default="new", help="C on the title (a saved game) instead of N")
    parser.add_argument("--code", type=Path, nargs="+", default=[ROOT],
                        help="folders holding the colorcards package (default: this one's)")
    args = parser.parse_args()
    args.code = [code.resolve() for code in args.code]
    print(f"{args.way}: title {args.title} s, dialog {args.dialog} s; load "
          f"{os.getloadavg()[0]:.1f}")
    rows: dict[Path, list[dict[str, float]]] = {code: [] for code in args.code}
    for run in range(args.runs):
        for code in args.code:
            row = one_run(code, args.title, args.dialog, args.way)
            rows[code].append(row)
            print(f"  {code} run {run + 1}: first answer {row['first']:.2f} s, the "
                  f"process's CPU meanwhile {row['cpu']:.2f} s (started {row['ahead']:.2f} s "
                  f"before the table's first frame, {row['cpu_ahead']:.2f} s of CPU by "
                  f"then)", flush=True)
    for code, found in rows.items():
        firsts, cpus = [r["first"] for r in found], [r["cpu"] for r in found]
        print(f"{code}: first answer median {statistics.median(firsts):.2f} s (best "
              f"{min(firsts):.2f}, worst {max(firsts):.2f}); the process's CPU from the "
              f"frame to it, median {statistics.median(cpus):.2f} s")
    print(f"load {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
