"""Engine speed: whole games per second with uniform random players, on one core.

    python tests/benchmarks/engine_speed.py            # duel and party (4 seats), 20,000 games each
    python tests/benchmarks/engine_speed.py --games 5000
    python tests/benchmarks/engine_speed.py --bytecodes   # the work per game, machine-free
    python tests/benchmarks/engine_speed.py --bytecodes --games 1000   # a larger sample
    python tests/benchmarks/engine_speed.py --case duel --games 1000    # one case only

Machine instructions, which load does not disturb either: run one case under valgrind
with 1,020 games and with 20, and take the difference (start-up cancels out):

    valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        python tests/benchmarks/engine_speed.py --case duel --games 1020

This is the same loop `colorcards sim` runs (colorcards.sim.play_game), single process.
It reports CPU time (time.process_time), so other work on the machine disturbs it less.
`--bytecodes` counts the Python bytecodes a game executes (by tracing 200 games unless
`--games` says), which does not depend on the machine: games/s is roughly 1 / (bytecodes x
seconds a bytecode). Game lengths vary a lot, so 200 games give the figure within a few
per cent only; compare engines on the same seeds, or on 1,000 games.
"""

from __future__ import annotations

import argparse
import sys
import time

from colorcards.bots import make_player
from colorcards.engine import get_preset
from colorcards.sim import game_seed, play_game

CASES = (("duel", 2), ("party", 4), ("color-cards", 4), ("classic", 4))


def measure(preset: str, seats: int, games: int) -> tuple[float, float]:
    rules = get_preset(preset).rules()
    players = [make_player("random") for _ in range(seats)]
    turns = 0
    started = time.process_time()
    for index in range(games):
        turns += play_game(rules, players, game_seed(1, index)).turns
    seconds = time.process_time() - started
    return games / seconds, turns / games


def bytecodes(preset: str, seats: int, games: int = 200) -> tuple[float, float]:
    """Bytecodes executed per game, and decisions (applied actions) per game."""
    rules = get_preset(preset).rules()
    players = [make_player("random") for _ in range(seats)]
    executed = 0

    def trace(frame, event, arg):
        nonlocal executed
        frame.f_trace_opcodes = True
        if event == "opcode":
            executed += 1
        return trace

    decisions = 0
    sys.settrace(trace)
    try:
        for index in range(games):
            decisions += play_game(rules, players, game_seed(1, index)).decisions
    finally:
        sys.settrace(None)
    return executed / games, decisions / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=None,
                        help="games a case (default 20,000; 200 with --bytecodes)")
    parser.add_argument("--all", action="store_true", help="also color-cards and classic")
    parser.add_argument("--case", choices=[preset for preset, _ in CASES],
                        help="only this case")
    parser.add_argument("--bytecodes", action="store_true",
                        help="count the bytecodes a game executes instead of timing")
    args = parser.parse_args()
    cases = CASES if args.all else CASES[:2]
    if args.case:
        cases = tuple(c for c in CASES if c[0] == args.case)
    for preset, seats in cases:
        if args.bytecodes:
            per_game, decisions = bytecodes(preset, seats, args.games or 200)
            print(f"{preset:<12} {seats} seats  {per_game:8.0f} bytecodes a game  "
                  f"{decisions:5.1f} decisions  {per_game / decisions:5.0f} a decision")
            continue
        rate, turns = measure(preset, seats, args.games or 20_000)
        print(f"{preset:<12} {seats} seats  {rate:8.0f} games/s  {turns:6.1f} turns a game")


if __name__ == "__main__":
    main()
