"""How long each level thinks per decision: median and 99th percentile, one core.

Plays whole games (the level in seat 0 against copies of itself; Crazy against
Hard) and times every `choose` call of seat 0. For Crazy it also reports the
decisions in which it thought ahead (ran play-outs) on their own. Times are CPU time of this
process (time.process_time_ns), so other work on the machine does not inflate them;
wall-clock figures are printed beside them.

    /tmp/venv/bin/python tests/benchmarks/bots_speed.py [--games N] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from colorcards.bots import LEVELS, make_player
from colorcards.engine import CLOSE_WINDOW, NEXT_ROUND, PRESETS, Game

TABLES = (("color-cards", 4), ("duel", 2), ("party", 6), ("classic", 4))


def searching(player) -> list[bool]:
    """Flags, one per decision, set when the player ran play-outs (Crazy only)."""
    flags: list[bool] = []
    inner = getattr(player, "evaluate", None)
    if inner is not None:
        def evaluate(*args, **kwargs):
            flags.append(True)
            return inner(*args, **kwargs)
        player.evaluate = evaluate
    return flags


def time_level(name: str, preset: str, seats: int, games: int) -> tuple[list[int], list[int], list[int]]:
    """CPU and wall nanoseconds of every decision of `name`, and the CPU nanoseconds of
    the decisions in which it thought ahead (Crazy's play-outs)."""
    rules = PRESETS[preset].rules()
    cpu: list[int] = []
    wall: list[int] = []
    thought: list[int] = []
    opponent = "hard" if name == "crazy" else name
    for g in range(games):
        game = Game(rules, seats, 1000 + g)
        players = [make_player(name)] + [make_player(opponent) for _ in range(seats - 1)]
        flags = searching(players[0])
        rngs = [random.Random(g * 31 + s) for s in range(seats)]
        steps = 0
        while game.phase != "match-over" and steps < 3000:
            steps += 1
            if game.phase == "round-over":
                game.apply(NEXT_ROUND)
                continue
            if game.phase == "window":
                game.apply(CLOSE_WINDOW)
                continue
            seat = game.current
            view, legal = game.view(seat), game.legal_actions()
            before = len(flags)
            c0, w0 = time.process_time_ns(), time.perf_counter_ns()
            action = players[seat].choose(view, legal, rngs[seat])
            c1, w1 = time.process_time_ns(), time.perf_counter_ns()
            if seat == 0:
                cpu.append(c1 - c0)
                wall.append(w1 - w0)
                if len(flags) > before:
                    thought.append(c1 - c0)
            game.apply(action)
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per level and table")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    for name in LEVELS:
        cpu: list[int] = []
        wall: list[int] = []
        thought: list[int] = []
        for preset, seats in TABLES:
            c, w, t = time_level(name, preset, seats, args.games)
            cpu += c
            wall += w
            thought += t
        rows.append({"level": name, "decisions": len(cpu), "cpu": summary(cpu),
                     "wall": summary(wall), "thinking": len(thought),
                     "cpu_thinking": summary(thought)})
    if args.json:
        print(json.dumps(rows))
        return
    print(f"{'level':<8} {'decisions':>9} {'median':>10} {'p99':>10} {'max':>10}   (CPU ms; wall median/p99)")
    for r in rows:
        c, w = r["cpu"], r["wall"]
        print(f"{r['level']:<8} {r['decisions']:>9} {c['median_ms']:>10.4f} {c['p99_ms']:>10.3f} "
              f"{c['max_ms']:>10.3f}   ({w['median_ms']:.4f} / {w['p99_ms']:.3f})")
        t = r["cpu_thinking"]
        if t:
            print(f"{'  thinking':<8} {r['thinking']:>9} {t['median_ms']:>10.4f} {t['p99_ms']:>10.3f} "
                  f"{t['max_ms']:>10.3f}   (only the decisions that ran play-outs)")


if __name__ == "__main__":
    main()
