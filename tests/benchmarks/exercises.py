"""Exercises: are answers instant, what does weighing them cost, and can they be trusted?

    python tests/benchmarks/exercises.py [--games 4] [--seed 1] [--level normal]
        [--stand-in normal] [--reference 800] [--small] [--no-cap] [--rows FILE]

Plays four-seat Color Cards games with a stand-in at seat 0 (a computer player of
`--stand-in`'s level) against three computers at `--level`, reviews each as the game
does (`replay.review.review`), makes every listed moment an exercise
(`replay.exercises.exercises_of`) and weighs every option of each exercise as the
background does (`replay.exercises.weigh`, the same coach). Then:

- **Answer time**: every option of every exercise answered as Practice answers it
  (`session.exercises.answer_words`), counting the coach's weighings and play-outs made
  at answer time (the figure load cannot disturb: it should be 0, a lookup) and the
  wall time of the slowest answer.
- **Cost**: play-outs of weighing a game's exercises against play-outs of its review
  (target: at most as many, i.e. a ratio <= 1, over all games and for the worst one).
  Each exercise may spend its share of the review's play-outs (`budget_of`); `--no-cap`
  weighs without that budget.
- **Trust**: each option called costly weighed again on `--reference` fresh deals of
  another stream by a coach with another seed; it is *real* when that cost is at least
  3 points (target: >= 90% real, the review's own standard; Wilson 95% interval shown).
  Also shown for a stricter 'costly' on the same options: the cost at least 3 points on
  the coach's reporting deals too (a third stream the test never saw; the test's own
  estimate where those deals did not fit the budget). `--rows FILE`
  keeps each costly option's test low bound, reporting cost and reference cost.

`--small` gives the coach a smaller budget (for a loaded machine): fewer moments are
listed and fewer options called costly, but the same questions are asked.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from colorcards.bots import make_player
from colorcards.bots.drive import drive
from colorcards.coach import NOTICEABLE, Coach, Verdict
from colorcards.engine import Game, get_preset
from colorcards.replay.exercises import (
    COSTLY,
    budget_of,
    exercises_of,
    known_answers,
    token,
    untoken,
    weigh,
)
from colorcards.replay.kept import kept_from_game
from colorcards.replay.review import review
from colorcards.session.exercises import Item, answer_words
from colorcards.sim import game_seed, seat_rngs, wilson

ASKED: list[str] = []
"""The coach's weighings asked for while answering (there should be none)."""

SMALL = {"choose_deals": 128, "choose_playouts": 640, "looks": (256, 512, 1024)}


class Counting(Coach):
    """The coach, counting the play-outs its judgements spend."""

    playouts = 0

    def judge(self, *args, **kwargs) -> Verdict | None:  # type: ignore[override]
        verdict = super().judge(*args, **kwargs)
        if verdict is not None:
            self.playouts += verdict.playouts
        return verdict


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--stand-in", default="normal")
    parser.add_argument("--reference", type=int, default=800)
    parser.add_argument("--small", action="store_true")
    parser.add_argument("--rows", help="write each costly option's figures to this file")
    parser.add_argument("--no-cap", action="store_true",
                        help="weigh without the budget a review sets (as before the cap)")
    args = parser.parse_args(argv)
    budget = SMALL if args.small else {}

    rules = get_preset("color-cards").rules()
    review_cost = weigh_cost = exercises = options = 0
    answer_weighings = 0
    slowest = 0.0
    costly = real = 0
    called: list[tuple[float, float, float]] = []
    """Per option called costly: its test's low bound, its cost on the reporting deals and
    its cost on the reference deals."""
    ratios = []
    started = time.monotonic()
    for index in range(args.games):
        gseed = game_seed(args.seed, index)
        game = Game(rules, 4, gseed)
        players = [make_player(args.stand_in), *(make_player(args.level) for _ in range(3))]
        drive(game, players, seat_rngs(gseed, 4), lambda g: g.is_over, 200_000)
        kept = kept_from_game(game, difficulty=args.level, preset="color-cards",
                              game_id=f"bench-{index}")
        reviewer = Counting(args.level, **budget)
        result = review(kept, coach=reviewer)
        game_weigh = 0
        judge = Coach(args.level, seed=args.seed * 7919 + 17)
        for exercise in exercises_of(kept, result):
            answers = weigh(exercise.view, exercise.legal, Coach(args.level, **budget),
                            known=known_answers(exercise, result),
                            budget=None if args.no_cap else budget_of(result))
            assert answers is not None
            exercises += 1
            game_weigh += answers.playouts
            item = Item(kept.game_id, exercise.index, exercise.turn, args.level,
                        exercise.view.as_json(), tuple(token(a) for a in exercise.options),
                        token(exercise.made), token(exercise.best), "", answers)
            # Answer every option as Practice does, with the coach's weighing made to
            # count anything it is asked at answer time.
            asked = ASKED
            asked.clear()
            real_judge, real_advise = Coach.judge, Coach.advise
            Coach.judge = lambda *a, **k: ASKED.append("judge")  # type: ignore[method-assign]
            Coach.advise = lambda *a, **k: ASKED.append("advise")  # type: ignore[method-assign]
            try:
                for option in item.options:
                    before = time.perf_counter()
                    answer_words(item, untoken(option))
                    slowest = max(slowest, time.perf_counter() - before)
                    options += 1
            finally:
                Coach.judge, Coach.advise = real_judge, real_advise  # type: ignore[method-assign]
            answer_weighings += len(asked)
            for key, answer in answers.by_option.items():
                if answer.grade != COSTLY:
                    continue
                rows = judge.play_off(exercise.view, exercise.legal,
                                      (answers.best, untoken(key)), args.reference,
                                      "reference")
                cost = sum((b == 0) - (m == 0) for b, m in rows) / len(rows)
                costly += 1
                real += cost >= NOTICEABLE
                called.append((answer.low, answer.cost, cost))
        assert result.playouts == reviewer.playouts, "the review counts its own play-outs"
        review_cost += reviewer.playouts
        weigh_cost += game_weigh
        ratios.append(game_weigh / reviewer.playouts if reviewer.playouts else 0.0)
        print(f"game {index}: {len(result.moments)} decisions, review {reviewer.playouts} "
              f"play-outs; {len(exercises_of(kept, result))} exercises, weighing "
              f"{game_weigh} play-outs ({ratios[-1]:.2f} of the review)", flush=True)

    print(f"\n{args.games} games (seed {args.seed}, stand-in {args.stand_in}, computers "
          f"{args.level}, {'small' if args.small else 'default'} budget), {exercises} "
          f"exercises, {options} options; {time.monotonic() - started:.0f} s")
    print(f"answer time: {answer_weighings} weighings asked of the coach at answer time "
          f"(target 0: a lookup); slowest answer {slowest * 1000:.2f} ms (target < 100 ms)")
    cap = ("no cap (--no-cap)" if args.no_cap else
           "cap: each exercise within its share of its review's play-outs")
    print(f"cost ({cap}): weighing {weigh_cost} play-outs against the reviews' "
          f"{review_cost}: mean {weigh_cost / max(review_cost, 1):.2f} of the review, worst "
          f"game {max(ratios, default=0):.2f} (target <= 1 for both)")
    if costly:
        low, high = wilson(real, costly)
        print(f"trust: {real} of {costly} options called costly are real on "
              f"{args.reference} fresh deals ({real / costly:.0%}, 95% interval "
              f"{low:.0%}-{high:.0%}; target >= 90%)")
        # A stricter 'costly', checked on the same options: also at least 3 points on
        # the reporting deals (a third stream, which the test never saw).
        strict = [(r, c) for _, r, c in called if r >= NOTICEABLE]
        if strict:
            hits = sum(1 for _, c in strict if c >= NOTICEABLE)
            low, high = wilson(hits, len(strict))
            print(f"trust, costly also on the reporting deals: {hits} of {len(strict)} real "
                  f"({hits / len(strict):.0%}, 95% interval {low:.0%}-{high:.0%})")
        if args.rows:
            Path(args.rows).write_text("".join(f"{a:.4f} {b:.4f} {c:.4f}\n"
                                               for a, b, c in called))
    else:
        print("trust: no option was called costly")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
