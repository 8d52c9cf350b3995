"""The coach's play-outs in machine instructions: what a play-out costs, and a judgement.

    python tests/benchmarks/coach_playouts.py --seed 43 --games 4 --player easy
    python tests/benchmarks/coach_playouts.py --seed 43 --player easy --callgrind 0:30,1:1
    python tests/benchmarks/coach_playouts.py --callgrind 0:0-11 --beside ../main

The positions are `coach_ponder.py`'s: each turn of the player's with a choice in the
first round of `--games` four-seat Color Cards games (Normal computers, the player's
moves `--player`'s), named game:turn. Without `--callgrind`, every one is judged cold
with one worker (`Coach.judging`, the coach's process alone), and its play-outs listed,
with the judgements that ran to the last look and found the move fine (a fine move at
the bar: the slowest kind, 16,000 play-outs and more).

`--callgrind G:T,...` (a range G:T-U takes turns T to U) judges the named positions under
valgrind, once with the judgements and once without (the games played, the positions
built: start-up and all cancel), and prints the machine instructions of the judgements,
in all and a play-out, which load cannot disturb. `--beside TREE` measures another checkout
of colorcards (its `PYTHONPATH`) in the same run and prints the ratio; the judgements'
verdicts are compared too (they must be identical).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent


def positions(seed: int, games: int, player: str) -> dict[str, tuple]:
    """game:turn -> (view, legal actions, move made), as the coach's process gets them."""
    from colorcards.coach.remote import position  # (first: the tree on PYTHONPATH)
    from colorcards.engine import action_from_json, next_decision

    sys.path.insert(0, str(HERE))
    from coach_ponder import turns

    found = {}
    for g, game_turns in enumerate(turns(seed, games, player)):
        for t, (_, move) in enumerate(game_turns):
            game = position(move)
            decision = next_decision(game)
            assert decision is not None
            found[f"{g}:{t}"] = (game.view(0), decision.actions,
                                 action_from_json(move["made"]))
    return found


def judge(position: tuple):
    """The cold verdict, with one worker."""
    from colorcards.coach.weigh import Coach, finish

    view, legal, made = position
    return finish(Coach("normal").judging(view, legal, made))


def names(spec: str, games: int) -> list[str]:
    """The positions `spec` names (G:T or G:T-U, comma-separated)."""
    found = []
    for part in spec.split(","):
        g, turns = part.split(":")
        first, _, last = turns.partition("-")
        found += [f"{g}:{t}" for t in range(int(first), int(last or first) + 1)]
    return found


def run(args: argparse.Namespace) -> None:
    """The inner run, under valgrind: judge `--run`'s positions (none: start-up only)
    and print the play-outs and the verdicts."""
    import colorcards.coach.weigh  # noqa: F401  (what judging imports: in the start-up
    # run too, so that a module compiled afresh, with no .pyc, cancels out)

    found = positions(args.seed, args.games, args.player)
    wanted = [name for name in names(args.run, args.games) if name in found] if args.run else []
    playouts = 0
    for name in wanted:
        verdict = judge(found[name])
        playouts += verdict.playouts
        print(f"verdict {name} {verdict!r}")
    print(f"playouts {playouts}")


def instructions(tree: str, args: argparse.Namespace, spec: str) -> tuple[int, str]:
    """Machine instructions of one inner run with `tree` first on the path, and its
    output."""
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
               sys.executable, __file__, "--seed", str(args.seed), "--games",
               str(args.games), "--player", args.player, "--run", spec]
    env = {**os.environ, "PYTHONPATH": tree}
    done = subprocess.run(command, capture_output=True, text=True, check=True, env=env)
    found = re.search(r"Collected : ([\d,]+)", done.stderr)
    if found is None:
        raise SystemExit(f"no count from valgrind:\n{done.stderr[-2000:]}")
    return int(found.group(1).replace(",", "")), done.stdout


def measured(tree: str, args: argparse.Namespace) -> tuple[int, int, list[str]]:
    """The judgements' instructions (the run less its start-up), play-outs, verdicts."""
    base, _ = instructions(tree, args, "")
    total, out = instructions(tree, args, args.callgrind)
    playouts = int(re.search(r"playouts (\d+)", out).group(1))  # type: ignore[union-attr]
    return total - base, playouts, [line for line in out.splitlines()
                                    if line.startswith("verdict")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=43)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--player", default="easy")
    parser.add_argument("--callgrind", metavar="G:T,...",
                        help="the positions whose judgements valgrind counts")
    parser.add_argument("--beside", metavar="TREE",
                        help="another checkout of colorcards, measured in the same run")
    parser.add_argument("--run", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.run is not None:
        run(args)
        return
    if args.callgrind:
        trees = [("this tree", str(ROOT))]
        if args.beside:
            trees.append((args.beside, str(Path(args.beside).resolve())))
        results = []
        for label, tree in trees:
            work, playouts, verdicts = measured(tree, args)
            results.append((work, playouts, verdicts))
            print(f"{label}: {args.callgrind}: {work / 1e9:.3f} G instructions, "
                  f"{playouts:,} play-outs, {work / playouts / 1e6:.3f} M a play-out",
                  flush=True)
        if len(results) == 2:
            (ours, _, mine), (theirs, _, other) = results
            print(f"{theirs / ours:.2f}x fewer instructions here; verdicts "
                  f"{'identical' if mine == other else 'DIFFERENT'} ({len(mine)})")
        return
    found = positions(args.seed, args.games, args.player)
    print(f"seed {args.seed}, {args.games} games, the player's moves {args.player}'s: "
          f"{len(found)} positions")
    from colorcards.coach.weigh import LOOKS

    slowest = []
    for name, position in found.items():
        start = time.thread_time()
        verdict = judge(position)
        took = time.thread_time() - start
        kind = "close" if verdict.close else "costly" if verdict.costly else "fine"
        at_bar = kind == "fine" and verdict.playouts >= 2 * LOOKS[-1]
        if at_bar:
            slowest.append((verdict.playouts, name))
        print(f"{name:>6} {kind:<6} {verdict.playouts:6,} play-outs  {took:5.2f} s CPU"
              f"{'  at the bar' if at_bar else ''}", flush=True)
    print("fine moves at the bar:", ", ".join(f"{n} ({p:,})" for p, n in sorted(slowest)))


if __name__ == "__main__":
    main()
