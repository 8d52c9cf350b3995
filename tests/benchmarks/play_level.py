"""The level you play like: calibrated by reviewing games of the stand-ins at seat 0.

    python tests/benchmarks/play_level.py play --level easy normal hard --games 30 \
        --out levels.jsonl [--workers 2]   # plays and reviews, one JSON line a game
    python tests/benchmarks/play_level.py report levels.jsonl [--sample 10]

`play` deals Color Cards games at four seats (one round, the house game), seat 0 played
by the Easy, Normal or Hard stand-in and the three computers at Normal, and reviews seat
0's decisions with the coach at its own budget (`replay.review.review`, the computers
playing out at Normal), as the background reviews do for a player. Each game's accuracy
(`replay.review.accuracy`) is written as it is done, so a run can be stopped at any time.

`report` prints the calibration table (mean accuracy, points lost per decision and share
of the coach's first choices, per stand-in) and checks the estimate: over many samples of
`--sample` reviewed games of each stand-in, drawn with replacement from the games played,
how often the three samples' shares (over all their decisions) are ordered Easy < Normal
< Hard, and how often each sample's estimated level (`replay.level.plays_like` with the
calibration in the code) is its stand-in's own. Choose on one half of the games, report
on the other: `--fit` fits the calibration on the even-numbered games and checks on the
odd ones.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from colorcards.bots import make_player
from colorcards.bots.drive import decide
from colorcards.engine import Game, get_preset, next_decision
from colorcards.replay.kept import kept_from_game
from colorcards.replay.plays_like import Kinds
from colorcards.replay.review import Review, accuracy, review

LEVELS3 = ("easy", "normal", "hard")


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
            "kinds": measure.kinds.as_text() if measure else None,
            "close": (sum(1 for m in result.moments if m.close) / len(result.moments)
                      if result.moments else None),
            "cpu": round(time.process_time() - started, 2), "review": result.as_json()}


def _play_one(job: tuple[str, int]) -> dict:
    return play_one(*job)


def cmd_play(args) -> int:
    jobs = [(level, args.seed + n) for n in range(args.games) for level in args.level]
    with open(args.out, "a", encoding="utf-8") as out, \
            ProcessPoolExecutor(args.workers) as pool:
        for row in pool.map(_play_one, jobs):
            out.write(json.dumps(row) + "\n")
            out.flush()
            print({k: v for k, v in row.items() if k != "review"}, flush=True)
    return 0


def _kinds(row: dict) -> Kinds | None:
    """A game's decisions by kind, from its review (None: no review of this version)."""
    review = Review.from_json(row.get("review"))
    if review is None or not review.moments:
        return None
    return Kinds.of(m.kind for m in review.moments)


def _rows(path: str) -> dict[str, list[dict]]:
    rows = [json.loads(line) for line in open(path, encoding="utf-8") if line.strip()]
    rows = [r for r in rows if r["avg_cost"] is not None and _kinds(r) is not None]
    return {lv: [r for r in rows if r["level"] == lv] for lv in LEVELS3}


def cmd_report(args) -> int:
    from colorcards.replay.plays_like import (
        CALIBRATION,
        WEIGHTS,
        fit,
        fit_weights,
        nearest,
        plays_like,
        score,
        share,
    )

    by = _rows(args.file)
    print("| Stand-in at seat 0 | Games reviewed | Decisions a game | Accuracy | "
          "Points lost per decision | Coach's first choice | Another as good | "
          "Last Card forgotten | Score (± s.e.) | CPU a review |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for lv in LEVELS3:
        got = by[lv]
        if not got:
            continue
        kinds = [_kinds(r) for r in got]
        value, se = score(kinds)
        print(f"| {lv.title()} | {len(got)} | {statistics.mean(r['decisions'] for r in got):.1f}"
              f" | {statistics.mean(r['accuracy'] for r in got):.1%}"
              f" | {100 * statistics.mean(r['avg_cost'] for r in got):.2f}"
              f" | {share(kinds, 'first'):.1%} | {share(kinds, 'as_good'):.1%}"
              f" | {share(kinds, 'forgot'):.1%} | {value:.3f} ± {se:.3f}"
              f" | {statistics.mean(r['cpu'] for r in got):.1f} s |")
    weights, calibration, check = WEIGHTS, CALIBRATION, by
    fit_on = None
    if args.check:
        fit_on, check = by, _rows(args.check)
    elif args.fit:
        fit_on = {lv: by[lv][0::2] for lv in LEVELS3}
        check = {lv: by[lv][1::2] for lv in LEVELS3}
    if fit_on is not None:
        kinds = {lv: [_kinds(r) for r in fit_on[lv]] for lv in LEVELS3}
        weights = fit_weights(kinds["easy"], kinds["hard"])
        calibration = {k: round(v, 4) for k, v in fit(kinds, weights).items()}
        print(f"\nFitted on {'the even-numbered games' if args.fit else args.file}: "
              f"weights {weights}, calibration {calibration}")
    rng = random.Random(args.seed)
    ordered = labelled = 0
    hits = dict.fromkeys(LEVELS3, 0)
    near = dict.fromkeys(LEVELS3, 0)
    wrong = dict.fromkeys(LEVELS3, 0)
    for _ in range(args.samples):
        values = {}
        for lv in LEVELS3:
            sample = [_kinds(rng.choice(check[lv])) for _ in range(args.sample)]
            values[lv] = score(sample, weights)[0]
            named = plays_like(sample, calibration, weights)
            if named == lv:
                hits[lv] += 1
            elif named is not None:
                wrong[lv] += 1
            if nearest(values[lv], calibration) == lv:
                near[lv] += 1
        ordered += values["easy"] < values["normal"] < values["hard"]
        labelled += all(nearest(values[lv], calibration) == lv for lv in LEVELS3)
    print(f"\nSamples of {args.sample} reviewed games per stand-in, {args.samples} draws "
          f"(with replacement, from {', '.join(f'{len(check[lv])} {lv}' for lv in LEVELS3)}"
          f"{' of ' + args.check if args.check else ''}):")
    print(f"- scores ordered Easy < Normal < Hard: {ordered / args.samples:.1%}")
    print(f"- all three samples nearest their own level: {labelled / args.samples:.1%}")
    for lv in LEVELS3:
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
    play.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    report = sub.add_parser("report")
    report.add_argument("file")
    report.add_argument("--sample", type=int, default=10)
    report.add_argument("--samples", type=int, default=2000)
    report.add_argument("--seed", type=int, default=7)
    report.add_argument("--fit", action="store_true",
                        help="fit on the even-numbered games, check on the odd ones")
    report.add_argument("--check", metavar="FILE",
                        help="fit on FILE's games (all of them), check on these")
    args = parser.parse_args(argv)
    return cmd_play(args) if args.command == "play" else cmd_report(args)


if __name__ == "__main__":
    raise SystemExit(main())
