"""The levels stay in order under each house rule (RULES.md §10, issue 40).

For each house rule on its own (Color Cards, four seats, the rule turned on): a stand-in
of each level (Easy, Normal, Hard) in seat 0 against the same three Normal computers,
`colorcards sim --fixed-seats`; each step up must clear its 95% (Wilson) interval: the
higher level's lower bound above the lower level's upper bound. With partners the
stand-in's side is seats 0 and 2 (its partner a Normal), and besides: a side of two Hard
(seats 0 and 2) against a side of two Easy (1 and 3) must win over half the games,
its whole interval above 50%.

    python tests/benchmarks/house_levels.py [--games 3000] [--seed 2] [--workers 1]
        [--rules seven_zero,jump_in,...] [--json]

Prints one Markdown table a rule, each cell the command that reproduces it.
"""

from __future__ import annotations

import argparse
import json
from itertools import pairwise

from colorcards.engine import get_preset
from colorcards.sim import run, wilson

RULES = {
    "seven_zero": "on", "jump_in": "on", "draw_count": "until-playable",
    "drawn_card": "must-play", "stacking": "any", "partners": "on",
}
STAND_INS = ("easy", "normal", "hard")


def cell(rule: str, names: list[str], games: int, seed: int, workers: int,
         side: tuple[int, ...]) -> dict:
    """`names` in fixed seats under the house rule `rule`: the win rate of the seats in
    `side` together (their shares of each win added) and its interval."""
    value = RULES[rule]
    rules = get_preset("color-cards").rules(**{rule: value})
    summary = run(rules, names, games, seed, workers=workers, fixed_seats=True)
    wins = sum(summary.wins[s] for s in side)
    low, high = wilson(wins, summary.games)
    return {"rule": f"{rule}={value}", "players": names, "side": list(side),
            "games": summary.games, "seed": seed, "wins": round(wins, 2),
            "win_rate": wins / summary.games, "ci95": [low, high],
            "command": (f"colorcards sim --players {','.join(names)} --games {games} "
                        f"--seed {seed} --fixed-seats --rule {rule}={value}")}


def measure(rule: str, games: int, seed: int, workers: int) -> dict:
    """The stand-ins' cells for one rule, and whether each step clears its interval."""
    side = (0, 2) if rule == "partners" else (0,)
    cells = [cell(rule, [level, "normal", "normal", "normal"], games, seed, workers, side)
             for level in STAND_INS]
    steps = [lower["ci95"][1] < upper["ci95"][0]
             for lower, upper in pairwise(cells)]
    result = {"rule": rule, "cells": cells, "ordered": all(steps)}
    if rule == "partners":
        sides = cell(rule, ["hard", "easy", "hard", "easy"], games, seed, workers, (0, 2))
        result["sides"] = sides
        result["hard_side_wins"] = sides["ci95"][0] > 0.5
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000, help="games per cell")
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--rules", default=",".join(RULES))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    for rule in args.rules.split(","):
        result = measure(rule, args.games, args.seed, args.workers)
        if args.json:
            print(json.dumps(result), flush=True)
            continue
        print(f"\n### `{rule}={RULES[rule]}` — {'ordered' if result['ordered'] else 'NOT ordered'}"
              f" ({args.games} games a cell, seed {args.seed})\n")
        print("| stand-in at seat 0 | vs 3 Normal | 95% interval | command |")
        print("|---|---|---|---|")
        for c, level in zip(result["cells"], STAND_INS, strict=True):
            low, high = c["ci95"]
            print(f"| {level} | {c['win_rate']:.1%} | {low:.1%}–{high:.1%} | "
                  f"`{c['command']}` |")
        if "sides" in result:
            s = result["sides"]
            low, high = s["ci95"]
            print(f"\nTwo Hard (seats 0, 2) against two Easy: {s['win_rate']:.1%} "
                  f"({low:.1%}–{high:.1%}), {'over' if result['hard_side_wins'] else 'NOT over'}"
                  f" half: `{s['command']}`")


if __name__ == "__main__":
    main()
