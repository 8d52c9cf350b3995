"""The title as a player starts it: the installed `colorcards` command in a real terminal
(tmux), side by side with a bare Textual app started the same way, in the same run.

Each run starts the two in turn (A B A B ...) in a new tmux session of 100×32 and reads
the screen every few milliseconds until the first words each one draws are there: the
title's "New game", the bare app's one line. The ratio is taken pair by pair, so a
machine that slows down meanwhile slows both. The figure is the wall clock from the
command starting to its words on the screen, as a player sees it; reading the screen
costs a little and is the same for both.

    python tests/benchmarks/title_tmux.py --runs 9

Needs tmux, and the project installed as a player installs it (`pip install .`, which
writes the modules' bytecode; an editable install under PYTHONDONTWRITEBYTECODE compiles
every module at every start), so that `colorcards` is the command a player types. The
runs share one data directory, made by the warm-up pair, as a returning player's is;
`--fresh` gives each run a new, empty one (a first start).

    python tests/benchmarks/title_tmux.py --cpu --runs 9 [--also OTHER-COMMAND]

`--cpu` counts what load disturbs less: each process, started the same way in tmux with
the real terminal driver, notes at the end of its first frame its own processor time
(user and system, from its start, the interpreter's included) and how many modules it
has imported, and quits. The game runs the command's own interpreter (read from the
command's first line) and its `colorcards.cli.main`, as the command does. `--also`
adds another install of the game to each round (an older one, to compare in one run).
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BARE = '''
from textual.app import App
from textual.widgets import Static


class Bare(App):
    def compose(self):
        yield Static("Bare Textual app: first frame")


Bare().run()
'''


PROBE = '''
import json, sys, time
from textual.screen import Screen

_OUT, _SCREEN = sys.argv[1], sys.argv[2]
del sys.argv[1:3]
_refresh = Screen._compositor_refresh


def _painted(self):
    _refresh(self)
    if type(self).__name__ == _SCREEN:
        with open(_OUT, "a", encoding="utf-8") as out:
            out.write(json.dumps({"cpu": time.process_time(), "modules": len(sys.modules)})
                      + "\\n")
        self.app.exit()


Screen._compositor_refresh = _painted
'''
"""What each process of `--cpu` runs first: at the end of the first frame of the screen
named, note the process's processor time and modules, and quit."""

GAME = PROBE + '''
from colorcards.cli import main

sys.exit(main())
'''


def interpreter(command: str) -> str:
    """The Python an installed console script runs (its first line)."""
    path = shutil.which(command)
    assert path is not None
    with open(path, encoding="utf-8") as script:
        first = script.readline()
    return first[2:].strip() if first.startswith("#!") else sys.executable


def counted(command: list[str], session: str, out: Path, timeout: float = 20.0) -> dict:
    """Run `command` (which appends one line to `out` at its first frame) in a new tmux
    session; that line."""
    before = out.read_text(encoding="utf-8").count("\n") if out.exists() else 0
    subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
    subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "100", "-y", "32",
                    *command], check=True)
    start = time.perf_counter()
    try:
        while time.perf_counter() - start < timeout:
            lines = out.read_text(encoding="utf-8").splitlines() if out.exists() else []
            if len(lines) > before:
                return json.loads(lines[-1])
            time.sleep(0.01)
        raise TimeoutError(f"no first frame from {command}")
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)


def cpu_counts(args: argparse.Namespace, bare: Path, tmp: Path) -> int:
    """`--cpu`: processor time and modules at the first frame, the bare app and each
    game in turn, round by round (`-P`: never a `colorcards` folder in the current
    directory instead of the install)."""
    games = [args.command, *args.also]
    figures: dict[str, list[dict]] = {name: [] for name in ["bare", *games]}
    for run in range(args.runs + 1):  # the first round warms the caches: not counted
        data = tmp / (f"data-{run}" if args.fresh else "data")
        out = tmp / "counts.jsonl"
        row = {"bare": counted([sys.executable, "-P", "-c", PROBE + bare.read_text(), str(out),
                                "Screen"], "title-bench-bare", out)}
        for name in games:
            row[name] = counted([interpreter(name), "-P", "-c", GAME, str(out), "TitleScreen",
                                 "--data-dir", str(data)], "title-bench-game", out)
        if run:
            for name, value in row.items():
                figures[name].append(value)
    bare_cpu = [f["cpu"] for f in figures["bare"]]
    print(f"runs: {args.runs} rounds (one warm-up round not counted)")
    for name, rows in figures.items():
        cpu = [f["cpu"] for f in rows]
        ratios = [c / b for c, b in zip(cpu, bare_cpu, strict=True)]
        print(f"{name}: processor time to the first frame median "
              f"{statistics.median(cpu) * 1000:.0f} ms "
              f"(min {min(cpu) * 1000:.0f}, max {max(cpu) * 1000:.0f}), {rows[0]['modules']} "
              f"modules; against the bare app, round by round: median "
              f"{statistics.median(ratios):.2f} (min {min(ratios):.2f}, max {max(ratios):.2f})")
    return 0


def first_words(command: list[str], words: str, session: str, timeout: float = 20.0) -> float:
    """Seconds from starting `command` in a new tmux session until `words` are on screen."""
    subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
    start = time.perf_counter()
    subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "100", "-y", "32",
                    *command], check=True)
    try:
        while time.perf_counter() - start < timeout:
            screen = subprocess.run(["tmux", "capture-pane", "-p", "-t", session],
                                    capture_output=True, text=True).stdout
            if words in screen:
                return time.perf_counter() - start
            time.sleep(0.003)
        raise TimeoutError(f"{words!r} never appeared for {command}")
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--command", default="colorcards", help="the game's command")
    parser.add_argument("--fresh", action="store_true",
                        help="a new, empty data directory for each run (a first start)")
    parser.add_argument("--cpu", action="store_true",
                        help="processor time and modules at the first frame, not the clock")
    parser.add_argument("--also", action="append", default=[], metavar="COMMAND",
                        help="with --cpu: another install of the game, in the same rounds")
    args = parser.parse_args()
    if shutil.which("tmux") is None or shutil.which(args.command) is None:
        print("needs tmux and the installed command", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        bare = Path(tmp) / "bare.py"
        bare.write_text(BARE, encoding="utf-8")
        if args.cpu:
            return cpu_counts(args, bare, Path(tmp))
        game_times, bare_times, ratios = [], [], []
        for run in range(args.runs + 1):  # the first pair warms the caches: not counted
            data = Path(tmp) / (f"data-{run}" if args.fresh else "data")
            game = first_words([args.command, "--data-dir", str(data)], "New game",
                               "title-bench-game")
            plain = first_words([sys.executable, str(bare)], "Bare Textual app",
                                "title-bench-bare")
            if run:
                game_times.append(game)
                bare_times.append(plain)
                ratios.append(game / plain)
    print(f"runs: {args.runs} pairs (one warm-up pair not counted)")
    print(f"colorcards title: median {statistics.median(game_times) * 1000:.0f} ms "
          f"(min {min(game_times) * 1000:.0f}, max {max(game_times) * 1000:.0f})")
    print(f"bare Textual app: median {statistics.median(bare_times) * 1000:.0f} ms "
          f"(min {min(bare_times) * 1000:.0f}, max {max(bare_times) * 1000:.0f})")
    print(f"ratio, pair by pair: median {statistics.median(ratios):.2f} "
          f"(min {min(ratios):.2f}, max {max(ratios):.2f})")
    rng = random.Random(0)  # the median's 95% interval, resampling the pairs
    medians = sorted(statistics.median(rng.choices(ratios, k=len(ratios)))
                     for _ in range(2000))
    print(f"the median ratio's 95% bootstrap interval: {medians[50]:.2f}-{medians[1949]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
