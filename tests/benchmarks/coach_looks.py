"""How the coach's test should look at its deals: designs compared on the same data.

    python tests/benchmarks/coach_looks.py collect --games 48 --seed 2 --workers 2 \
        --out looks.jsonl
    python tests/benchmarks/coach_looks.py report looks.jsonl

`collect` plays four-seat Color Cards games with the Normal stand-in at seat 0 against
three Hard computers (as `review_trust.py` does) and, at every decision the review tests
(the move made was not among the close options, or it played the second-last card
without calling Last Card), records the test's own stream of deals as far as
`--deals` (the coach's `play_off` on the "measure" stream reproduces the test's deals
exactly), and a reference on `--reference` deals of a stream of its own, as
`review_trust.py` weighs a listed moment. One JSON line a decision.

`report` replays each design of the test on those recorded deals: where the looks fall,
the bound each look must clear, the futility stop. For each design: moments listed,
how many are real (at least 3 points on the reference), real moments a game, and the
deals the tests spent (the review's time goes with them). The designs are fixed in the
script; choose on one seed's data and confirm the choice with `review_trust.py` on
another seed.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from colorcards.bots import make_player
from colorcards.bots.drive import drive
from colorcards.coach import NOTICEABLE, Coach
from colorcards.coach.weigh import forgot_call, pairing
from colorcards.engine import Game, get_preset
from colorcards.replay.kept import kept_from_game
from colorcards.replay.review import decisions
from colorcards.sim import game_seed, seat_rngs


def collect_one(args: tuple[int, int, int, int]) -> tuple[int, list[dict]]:
    seed, index, deals, reference = args
    rules = get_preset("color-cards").rules()
    gseed = game_seed(seed, index)
    game = Game(rules, 4, gseed)
    players = [make_player("normal"), *(make_player("hard") for _ in range(3))]
    drive(game, players, seat_rngs(gseed, 4), lambda g: g.is_over, 200_000)
    kept = kept_from_game(game, difficulty="hard", preset="color-cards")
    coach = Coach("hard")
    judge = Coach("hard", seed=seed * 7919 + 17)
    rows = []
    todo = decisions(kept)
    for d in todo:
        advice = coach.advise(d.view, d.legal, d.made)
        pair = pairing(d.view, d.legal, d.made, advice)
        if pair is None:
            continue
        best, calls = pair
        uncalled = forgot_call(d.view, d.legal, d.made)
        seat = d.view.seat
        test = coach.play_off(d.view, d.legal, (best, d.made), deals, "measure", calls)
        ref = judge.play_off(d.view, d.legal, (best, d.made), reference, "reference", calls)
        rows.append({"game": index, "index": d.index, "uncalled": uncalled,
                     "diffs": "".join("+" if (b == seat) > (m == seat) else
                                      "-" if (b == seat) < (m == seat) else "0"
                                      for b, m in test),
                     "reference": sum((b == seat) - (m == seat) for b, m in ref) / reference})
    return len(todo), rows


def cmd_collect(args: argparse.Namespace) -> int:
    jobs = [(args.seed, i, args.deals, args.reference) for i in range(args.games)]
    with ProcessPoolExecutor(args.workers) as pool, open(args.out, "w") as out:
        out.write(json.dumps({"seed": args.seed, "games": args.games, "deals": args.deals,
                              "reference": args.reference}) + "\n")
        for count, rows in pool.map(collect_one, jobs):
            out.write(json.dumps({"decisions": count}) + "\n")
            for row in rows:
                out.write(json.dumps(row) + "\n")
            out.flush()
    return 0


DESIGNS: dict[str, tuple[tuple[int, ...], float, float]] = {
    # name: (looks, bound in standard errors, futility in standard errors)
    "now: 256-4096, Pocock two-sided 2.413": ((256, 512, 1024, 2048, 4096), 2.413, 1.0),
    "256-4096, one-sided 5% 2.20": ((256, 512, 1024, 2048, 4096), 2.20, 1.0),
    "256-8192, Pocock two-sided 2.453": ((256, 512, 1024, 2048, 4096, 8192), 2.453, 1.0),
    "256-8192, one-sided 5% 2.28": ((256, 512, 1024, 2048, 4096, 8192), 2.28, 1.0),
    "256-4096, 2.413, futility 1.5": ((256, 512, 1024, 2048, 4096), 2.413, 1.5),
    "256-8192, 2.453, futility 1.5": ((256, 512, 1024, 2048, 4096, 8192), 2.453, 1.5),
    "256-8192, 2.28, futility 1.5": ((256, 512, 1024, 2048, 4096, 8192), 2.28, 1.5),
}


def run_test(diffs: str, looks: tuple[int, ...], bound: float,
             futile: float) -> tuple[bool, int]:
    """The coach's sequential test replayed on recorded deals: (listed, deals spent)."""
    total = square = 0
    n = 0
    for look in looks:
        for c in diffs[n:look]:
            x = 1 if c == "+" else -1 if c == "-" else 0
            total += x
            square += x * x
        n = look
        mean = total / n
        var = (square - n * mean * mean) / max(1, n - 1)
        se = math.sqrt(var / n)
        if mean - bound * se >= NOTICEABLE:
            return True, n
        if mean + bound * se < NOTICEABLE or mean + futile * se < NOTICEABLE:
            return False, n
    return False, n


def cmd_report(args: argparse.Namespace) -> int:
    lines = [json.loads(line) for line in open(args.file)]
    head, rows = lines[0], [r for r in lines[1:] if "diffs" in r]
    games = head["games"]
    decided = sum(r["decisions"] for r in lines[1:] if "decisions" in r)
    print(f"Seed {head['seed']}: {games} games, {decided} decisions, {len(rows)} tested "
          f"({sum(r['uncalled'] for r in rows)} cards left uncalled); recorded "
          f"{head['deals']} deals a test, references on {head['reference']}.")
    print("| design | listed | real | real a game | false | deals the tests spent |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, (looks, bound, futile) in DESIGNS.items():
        if looks[-1] > head["deals"]:
            continue
        listed = real = spent = 0
        for r in rows:
            hit, n = run_test(r["diffs"], looks, bound, futile)
            spent += n
            if hit:
                listed += 1
                real += r["reference"] >= NOTICEABLE
        print(f"| {name} | {listed} | {real} | {real / games:.2f} | {listed - real} | "
              f"{spent:,} |")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    collect = sub.add_parser("collect")
    collect.add_argument("--games", type=int, default=48)
    collect.add_argument("--seed", type=int, default=2)
    collect.add_argument("--deals", type=int, default=8192)
    collect.add_argument("--reference", type=int, default=800)
    collect.add_argument("--workers", type=int, default=1)
    collect.add_argument("--out", required=True)
    report = sub.add_parser("report")
    report.add_argument("file")
    args = parser.parse_args(argv)
    return cmd_collect(args) if args.command == "collect" else cmd_report(args)


if __name__ == "__main__":
    raise SystemExit(main())
