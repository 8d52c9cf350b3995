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
"""

from __future__ import annotations

import argparse
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
    args = parser.parse_args()
    if shutil.which("tmux") is None or shutil.which(args.command) is None:
        print("needs tmux and the installed command", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        bare = Path(tmp) / "bare.py"
        bare.write_text(BARE, encoding="utf-8")
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
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
