"""Engine speed: whole games per second with uniform random players, on one core.

    python tests/benchmarks/engine_speed.py            # duel and party (4 seats), 20,000 games each
    python tests/benchmarks/engine_speed.py --games 5000
    python tests/benchmarks/engine_speed.py --bytecodes   # the work per game, machine-free
    python tests/benchmarks/engine_speed.py --bytecodes --games 1000   # a larger sample
    python tests/benchmarks/engine_speed.py --case duel --games 1000    # one case only
    python tests/benchmarks/engine_speed.py --callgrind  # instructions a game, beside RLCard's
    python tests/benchmarks/engine_speed.py --callgrind --seed 2   # another sample of games

Machine instructions, which load does not disturb either: run one case under valgrind
with 1,020 games and with 20, and take the difference (start-up cancels out):

    valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        python tests/benchmarks/engine_speed.py --case duel --games 1020

`--callgrind` does exactly that for each case, for this engine and for RLCard 1.2.0's
UNO (`--rlcard`: a whole game between its random agents, `env.run` as its examples play
one; `pip install rlcard==1.2.0` first), side by side in one run, and prints both and
their ratio (`--games` sets the games a case, 1,000 unless given). `--beside TREE` counts
another checkout of colorcards too (its `PYTHONPATH`: main, say), in the same run.

This is the same loop `colorcards sim` runs (colorcards.sim.play_game), single process.
It reports CPU time (time.process_time), so other work on the machine disturbs it less.
`--bytecodes` counts the Python bytecodes a game executes (by tracing 200 games unless
`--games` says), which does not depend on the machine: games/s is roughly 1 / (bytecodes x
seconds a bytecode). Game lengths vary a lot, so 200 games give the figure within a few
per cent only; compare engines on the same seeds, or on 1,000 games.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from pathlib import Path

from colorcards.bots import make_player
from colorcards.engine import get_preset
from colorcards.sim import game_seed, play_game

CASES = (("duel", 2), ("party", 4), ("color-cards", 4), ("classic", 4))
START_UP_GAMES = 20
"""Games of the short run whose instructions `--callgrind` takes away (start-up)."""


def measure(preset: str, seats: int, games: int, seed: int = 1) -> tuple[float, float]:
    rules = get_preset(preset).rules()
    players = [make_player("random") for _ in range(seats)]
    turns = 0
    started = time.process_time()
    for index in range(games):
        turns += play_game(rules, players, game_seed(seed, index)).turns
    seconds = time.process_time() - started
    return games / seconds, turns / games


def rlcard_games(seats: int, games: int, seed: int = 1) -> None:
    """`games` whole games of RLCard's UNO between its random agents (seeded, so that
    every run plays the same games)."""
    import numpy as np
    import rlcard
    from rlcard.agents import RandomAgent

    np.random.seed(seed)  # its random agent draws on numpy's own generator
    env = rlcard.make("uno", config={"seed": seed})
    # Its UNO environment reads no number of players from the config (RLCard passes
    # `game_` settings to a few other games only): the game is set to the seats here.
    env.game.configure({"game_num_players": seats})
    env.num_players = seats
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(seats)])
    for _ in range(games):
        env.run(is_training=False)


def bytecodes(preset: str, seats: int, games: int = 200, seed: int = 1) -> tuple[float, float]:
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
            decisions += play_game(rules, players, game_seed(seed, index)).decisions
    finally:
        sys.settrace(None)
    return executed / games, decisions / games


def instructions(case: str, games: int, rlcard: bool, tree: str | None = None,
                 seed: int = 1) -> int:
    """Machine instructions of one run of this script under callgrind (with `tree`
    first on the path, if given)."""
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
               sys.executable, __file__, "--case", case, "--games", str(games),
               "--seed", str(seed)]
    if rlcard:
        command.append("--rlcard")
    env = None if tree is None else {**os.environ, "PYTHONPATH": tree}
    done = subprocess.run(command, capture_output=True, text=True, check=True, env=env)
    found = re.search(r"Collected : ([\d,]+)", done.stderr)
    if found is None:
        raise SystemExit(f"no count from valgrind:\n{done.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def per_game(case: str, games: int, rlcard: bool, tree: str | None = None,
             seed: int = 1) -> float:
    """Instructions a game: a run of `games` more than the start-up run, less it."""
    start_up = instructions(case, START_UP_GAMES, rlcard, tree, seed)
    return (instructions(case, games + START_UP_GAMES, rlcard, tree, seed) - start_up) / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=None,
                        help="games a case (default 20,000; 200 with --bytecodes, 1,000 "
                             "with --callgrind)")
    parser.add_argument("--all", action="store_true", help="also color-cards and classic")
    parser.add_argument("--case", choices=[preset for preset, _ in CASES],
                        help="only this case")
    parser.add_argument("--bytecodes", action="store_true",
                        help="count the bytecodes a game executes instead of timing")
    parser.add_argument("--rlcard", action="store_true",
                        help="play RLCard 1.2.0's UNO instead, with the case's seats "
                             "(its rules, not the preset's)")
    parser.add_argument("--callgrind", action="store_true",
                        help="instructions a game under valgrind, this engine beside RLCard")
    parser.add_argument("--beside", metavar="TREE",
                        help="with --callgrind: another checkout of colorcards, counted too")
    parser.add_argument("--seed", type=int, default=1,
                        help="the run's seed: which games are played (default 1)")
    args = parser.parse_args()
    cases = CASES if args.all else CASES[:2]
    if args.case:
        cases = tuple(c for c in CASES if c[0] == args.case)
    for preset, seats in cases:
        if args.callgrind:
            games = args.games or 1000
            ours = per_game(preset, games, False, None, args.seed)
            theirs = per_game(preset, games, True, None, args.seed)
            print(f"{preset:<12} {seats} seats  {ours / 1e6:6.3f} M instructions a game, "
                  f"RLCard {theirs / 1e6:6.3f} M: {theirs / ours:4.2f}x fewer "
                  f"({games:,} games each)", flush=True)
            if args.beside:
                other = per_game(preset, games, False, str(Path(args.beside).resolve()),
                                 args.seed)
                print(f"{'':<12} {seats} seats  {args.beside}: {other / 1e6:6.3f} M "
                      f"instructions a game, {other / ours:4.2f}x this tree's; RLCard "
                      f"{theirs / other:4.2f}x fewer", flush=True)
            continue
        if args.rlcard:
            started = time.process_time()
            rlcard_games(seats, args.games or 20_000, args.seed)
            rate = (args.games or 20_000) / (time.process_time() - started)
            print(f"RLCard uno   {seats} seats  {rate:8.0f} games/s")
            continue
        if args.bytecodes:
            per_game_, decisions = bytecodes(preset, seats, args.games or 200, args.seed)
            print(f"{preset:<12} {seats} seats  {per_game_:8.0f} bytecodes a game  "
                  f"{decisions:5.1f} decisions  {per_game_ / decisions:5.0f} a decision")
            continue
        rate, turns = measure(preset, seats, args.games or 20_000, args.seed)
        print(f"{preset:<12} {seats} seats  {rate:8.0f} games/s  {turns:6.1f} turns a game")


if __name__ == "__main__":
    main()
