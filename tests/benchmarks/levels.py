"""The levels as a player lives them: a stand-in in seat 0 against computers of one level.

Each cell is `colorcards sim --fixed-seats`: the stand-in (Easy, Normal or Hard, as a
beginner, a casual and a strong player) sits in seat 0, the human's seat, which plays
first and is the seat Crazy plays against; every other seat holds the level measured.
Printed as Markdown, one table per preset, with the stand-in's win rate and its 95%
(Wilson) interval. The same seed and game count give the same figures whatever the
number of workers.

    python tests/benchmarks/levels.py [--games 5000] [--seed 2] [--workers 1]
        [--presets color-cards,duel,party] [--stand-ins easy,normal,hard]
        [--levels easy,normal,hard,crazy] [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from colorcards.bots import LEVELS
from colorcards.engine import get_preset
from colorcards.sim import run

#: Seats per preset: the party preset is measured at four, like Color Cards.
SEATS = {"color-cards": 4, "duel": 2, "party": 4}


def cell(preset: str, stand_in: str, level: str, games: int, seed: int, workers: int) -> dict:
    """One stand-in against a table of one level: its wins and interval."""
    seats = SEATS.get(preset, get_preset(preset).default_seats)
    names = [stand_in] + [level] * (seats - 1)
    summary = run(get_preset(preset).rules(), names, games, seed, workers=workers,
                  fixed_seats=True)
    data = summary.as_json()
    first = data["players"][0]
    return {"preset": preset, "seats": seats, "stand_in": stand_in, "level": level,
            "games": data["games"], "seed": seed, "wins": first["wins"],
            "win_rate": first["win_rate"], "ci95": first["ci95"],
            "seconds": data["seconds"],
            "command": (f"colorcards sim --preset {preset} --players {','.join(names)} "
                        f"--games {games} --seed {seed} --fixed-seats")}


def names(text: str, allowed) -> list[str]:
    items = [t.strip() for t in text.split(",") if t.strip()]
    for item in items:
        if item not in allowed:
            sys.exit(f"levels.py: unknown name {item!r}: choose from {', '.join(allowed)}")
    return items


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000, help="games per cell")
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--presets", default="color-cards,duel,party")
    parser.add_argument("--stand-ins", default="easy,normal,hard")
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--json", action="store_true", help="one JSON object per cell")
    args = parser.parse_args()
    presets = names(args.presets, list(SEATS))
    stand_ins = names(args.stand_ins, LEVELS)
    levels = names(args.levels, LEVELS)
    for preset in presets:
        seats = SEATS[preset]
        if not args.json:
            print(f"\n{preset}, {seats} seats, {args.games} games a cell, seed {args.seed}:\n")
            print("| stand-in at seat 0 | " + " | ".join(
                f"vs {seats - 1} {lv.capitalize()}" for lv in levels) + " |")
            print("|---" * (len(levels) + 1) + "|")
        for stand_in in stand_ins:
            row = []
            started = time.perf_counter()
            for level in levels:
                result = cell(preset, stand_in, level, args.games, args.seed, args.workers)
                if args.json:
                    print(json.dumps(result), flush=True)
                low, high = result["ci95"]
                row.append(f"{result['win_rate']:.1%} ({low:.1%}–{high:.1%})")
            if not args.json:
                print(f"| {stand_in.capitalize()} | " + " | ".join(row) + " |", flush=True)
                print(f"<!-- {time.perf_counter() - started:.0f} s -->", file=sys.stderr)


if __name__ == "__main__":
    main()
