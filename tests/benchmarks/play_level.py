"""The level you play like: calibrated by reviewing games of the stand-ins at seat 0.

    python tests/benchmarks/play_level.py play --level easy normal hard --games 30 \
        --out levels.jsonl                 # plays and reviews, one JSON line a game
    python tests/benchmarks/play_level.py report levels.jsonl [--sample 10]

`play` deals Color Cards games at four seats (one round, the house game), seat 0 played
by the Easy, Normal or Hard stand-in and the three computers at Normal, and reviews seat
0's decisions with the coach at its own budget (`replay.review.review`, the computers
playing out at Normal), as the background reviews do for a player. Each game's accuracy
(`replay.review.accuracy`) is written as it is done, so a run can be stopped at any time.

`report` prints the calibration table (mean accuracy and points lost per decision, per
stand-in) and checks the estimate: over many samples of `--sample` reviewed games of
each stand-in, drawn with replacement from the games played, how often the three
samples' mean costs are ordered Easy > Normal > Hard, and how often each sample's
estimated level (`replay.level.plays_like` with the calibration in the code) is its
stand-in's own. Choose on one half of the games, report on the other: `--fit` fits the
calibration on the even-numbered games and checks on the odd ones.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from colorcards.bots import make_player
from colorcards.bots.drive import decide
from colorcards.engine import Game, get_preset, next_decision
from colorcards.replay.kept import kept_from_game
from colorcards.replay.review import accuracy, review


def play_one(level: str, seed: int) -> dict:
    game = Game(get_preset("color-cards").rules(), 4, seed=seed)
    players = [make_player(level)] + [make_player("normal") for _ in range(3)]
    rng = random.Random(seed ^ 0xBEEF)
    while not game.is_over:
        decision = next_decision(game)
        if decision is None:
            break
        if decision.seat is None:
            game.apply(decision.actions[0])
            continue
        game.apply(decide(game, decision, players[decision.seat], rng), decision.seat)
    kept = kept_from_game(game, difficulty="normal", preset="color-cards",
                          game_id=f"{level}-{seed}")
    started = time.process_time()
    result = review(kept)
    measure = accuracy(result)
    return {"level": level, "seed": seed, "decisions": len(result.moments),
            "accuracy": measure.share if measure else None,
            "avg_cost": measure.cost if measure else None,
            "close": (sum(1 for m in result.moments if m.close) / len(result.moments)
                      if result.moments else None),
            "cpu": round(time.process_time() - started, 2), "review": result.as_json()}


def cmd_play(args) -> int:
    with open(args.out, "a", encoding="utf-8") as out:
        for n in range(args.games):
            for level in args.level:
                row = play_one(level, args.seed + n)
                out.write(json.dumps(row) + "\n")
                out.flush()
                print({k: v for k, v in row.items() if k != "review"}, flush=True)
    return 0


def cmd_report(args) -> int:
    from colorcards.replay.level import CALIBRATION, fit, nearest, plays_like

    rows = [json.loads(line) for line in open(args.file, encoding="utf-8") if line.strip()]
    rows = [r for r in rows if r["avg_cost"] is not None]
    levels = ("easy", "normal", "hard")
    by = {lv: [r for r in rows if r["level"] == lv] for lv in levels}
    print("| Stand-in at seat 0 | Games reviewed | Decisions a game | Accuracy | "
          "Points lost per decision | CPU a review |")
    print("|---|---:|---:|---:|---:|---:|")
    for lv in levels:
        got = by[lv]
        if not got:
            continue
        print(f"| {lv.title()} | {len(got)} | {statistics.mean(r['decisions'] for r in got):.1f}"
              f" | {statistics.mean(r['accuracy'] for r in got):.1%}"
              f" | {100 * statistics.mean(r['avg_cost'] for r in got):.2f}"
              f" ± {100 * statistics.stdev(r['avg_cost'] for r in got) / len(got) ** .5:.2f}"
              f" | {statistics.mean(r['cpu'] for r in got):.1f} s |")
    calibration = CALIBRATION
    check = by
    if args.fit:
        fit_on = {lv: [r["avg_cost"] for r in by[lv][0::2]] for lv in levels}
        check = {lv: by[lv][1::2] for lv in levels}
        calibration = fit(fit_on)
        print(f"\nCalibration fitted on the even-numbered games: "
              f"{ {k: round(v, 4) for k, v in calibration.items()} }")
    rng = random.Random(args.seed)
    ordered = labelled = 0
    hits = dict.fromkeys(levels, 0)
    near = dict.fromkeys(levels, 0)
    wrong = dict.fromkeys(levels, 0)
    for _ in range(args.samples):
        means = {}
        for lv in levels:
            sample = [rng.choice(check[lv])["avg_cost"] for _ in range(args.sample)]
            means[lv] = statistics.mean(sample)
            named = plays_like(sample, calibration)
            if named == lv:
                hits[lv] += 1
            elif named is not None:
                wrong[lv] += 1
            if nearest(means[lv], calibration) == lv:
                near[lv] += 1
        ordered += means["easy"] > means["normal"] > means["hard"]
        labelled += all(nearest(means[lv], calibration) == lv for lv in levels)
    print(f"\nSamples of {args.sample} reviewed games per stand-in, {args.samples} draws "
          f"(with replacement, from {', '.join(f'{len(check[lv])} {lv}' for lv in levels)}):")
    print(f"- mean cost ordered Easy > Normal > Hard: {ordered / args.samples:.1%}")
    print(f"- all three samples nearest their own level: {labelled / args.samples:.1%}")
    for lv in levels:
        print(f"- a {lv.title()} sample: nearest {lv.title()} {near[lv] / args.samples:.1%}; "
              f"named {lv.title()} (clear of the boundaries) {hits[lv] / args.samples:.1%}, "
              f"named another level {wrong[lv] / args.samples:.1%}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play")
    play.add_argument("--level", nargs="+", default=["easy", "normal", "hard"])
    play.add_argument("--games", type=int, default=30)
    play.add_argument("--seed", type=int, default=1000)
    play.add_argument("--out", required=True)
    report = sub.add_parser("report")
    report.add_argument("file")
    report.add_argument("--sample", type=int, default=10)
    report.add_argument("--samples", type=int, default=2000)
    report.add_argument("--seed", type=int, default=7)
    report.add_argument("--fit", action="store_true")
    args = parser.parse_args(argv)
    return cmd_play(args) if args.command == "play" else cmd_report(args)


if __name__ == "__main__":
    raise SystemExit(main())
