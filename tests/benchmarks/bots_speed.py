"""How long each level thinks per decision: median and 99th percentile, one core.

Plays whole games as in the game itself: a Hard stand-in in seat 0 (the human's
seat), every other seat a computer of the level, and times every `choose` call of
the computers' seats. With `--sizes` it does so at each table size of Color Cards
(2 to 10) and prints one row per level and size; otherwise over the tables below.
It also reports the decisions in which a level thought ahead (ran play-outs) on
their own. Times are CPU time of this process (time.process_time_ns), so other work
on the machine does not inflate them; wall-clock figures are printed beside them.

    python tests/benchmarks/bots_speed.py [--games N] [--sizes 2,4,6,8,10] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from colorcards.bots import LEVELS, make_player
from colorcards.engine import DECLINE, PRESETS, DecisionKind, Game, next_decision

TABLES = (("color-cards", 4), ("duel", 2), ("party", 6), ("classic", 4))


def searching(player, flags: list[bool]) -> list[bool]:
    """`flags` gains one entry each time the player runs play-outs (thinks ahead)."""
    inner = getattr(player, "evaluate", None)
    if inner is not None:
        def evaluate(*args, **kwargs):
            flags.append(True)
            return inner(*args, **kwargs)
        player.evaluate = evaluate
    return flags


def time_level(name: str, preset: str, seats: int,
               games: int) -> tuple[list[int], list[int], list[int]]:
    """CPU and wall nanoseconds of every decision of `name`, and the CPU nanoseconds of
    the decisions in which it thought ahead (Crazy's play-outs)."""
    rules = PRESETS[preset].rules()
    cpu: list[int] = []
    wall: list[int] = []
    thought: list[int] = []
    for g in range(games):
        game = Game(rules, seats, 1000 + g)
        players = [make_player("hard")] + [make_player(name) for _ in range(seats - 1)]
        flags: list[bool] = []
        for player in players[1:]:
            searching(player, flags)
        rngs = [random.Random(g * 31 + s) for s in range(seats)]
        steps = 0
        while (decision := next_decision(game)) is not None and steps < 3000:
            steps += 1
            seat = decision.seat
            if decision.kind is not DecisionKind.TURN:
                action = decision.actions[0]
                if decision.kind is DecisionKind.REACTION:
                    legal = decision.actions[:-1]  # DECLINE comes last
                    action = players[seat].react(game.view(seat), legal, rngs[seat]) or DECLINE
                game.apply(action, seat)
                continue
            view, legal = game.view(seat), decision.actions
            before = len(flags)
            c0, w0 = time.process_time_ns(), time.perf_counter_ns()
            action = players[seat].choose(view, legal, rngs[seat])
            c1, w1 = time.process_time_ns(), time.perf_counter_ns()
            if seat != 0:
                cpu.append(c1 - c0)
                wall.append(w1 - w0)
                if len(flags) > before:
                    thought.append(c1 - c0)
            game.apply(action, seat)
    return cpu, wall, thought


def summary(ns: list[int]) -> dict | None:
    if not ns:
        return None
    ordered = sorted(ns)
    return {
        "median_ms": round(statistics.median(ordered) / 1e6, 4),
        "p99_ms": round(ordered[int(len(ordered) * 0.99)] / 1e6, 3),
        "max_ms": round(ordered[-1] / 1e6, 3),
        "mean_ms": round(sum(ordered) / len(ordered) / 1e6, 4),
    }


def row(name: str, size: int | None, tables, games: int) -> dict:
    cpu: list[int] = []
    wall: list[int] = []
    thought: list[int] = []
    for preset, seats in tables:
        c, w, t = time_level(name, preset, seats, games)
        cpu += c
        wall += w
        thought += t
    return {"level": name, "seats": size, "decisions": len(cpu), "cpu": summary(cpu),
            "wall": summary(wall), "thinking": len(thought), "cpu_thinking": summary(thought)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per level and table")
    parser.add_argument("--sizes", help="table sizes of Color Cards, e.g. 2,4,6,8,10")
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    levels = [n.strip() for n in args.levels.split(",") if n.strip()]
    rows = []
    for name in levels:
        if args.sizes:
            for size in (int(n) for n in args.sizes.split(",")):
                rows.append(row(name, size, [("color-cards", size)], args.games))
        else:
            rows.append(row(name, None, TABLES, args.games))
    if args.json:
        print(json.dumps(rows))
        return
    print(f"{'level':<8} {'seats':>5} {'decisions':>9} {'median':>10} {'p99':>10} {'max':>10}"
          "   (CPU ms; wall median/p99)")
    for r in rows:
        c, w = r["cpu"], r["wall"]
        seats = r["seats"] or "mixed"
        print(f"{r['level']:<8} {seats:>5} {r['decisions']:>9} {c['median_ms']:>10.4f} "
              f"{c['p99_ms']:>10.3f} {c['max_ms']:>10.3f}   "
              f"({w['median_ms']:.4f} / {w['p99_ms']:.3f})")
        t = r["cpu_thinking"]
        if t:
            print(f"{'  thinking':<8} {seats:>5} {r['thinking']:>9} {t['median_ms']:>10.4f} "
                  f"{t['p99_ms']:>10.3f} {t['max_ms']:>10.3f}   (only the decisions that ran "
                  "play-outs)")


if __name__ == "__main__":
    main()
