"""Exercises: a reviewed game's costly moments, to be tried again until the better move
is found.

An exercise is one listed moment of a kept game's review, as the player saw it: the
position is the player's `View` only (their hand, the pile, every seat's count, what
happened in public), so nothing another seat held is kept with it or reachable from
it. Its options are the moves the rules allowed then (a call of Last Card goes with the
card, as the coach weighs it).

Each option gets the coach's answer once (`weigh`): one race (`Coach.advise`, the same
race the review ran for the position) finds the options it cannot tell apart from the
best (each one *as good*, at no further cost); every other option is measured against
the coach's choice with its 95% test on fresh deals (`Coach.testing`: *costly* as the
review calls a move so, `weigh.costly`, else *in between*), the card played with Last
Card called where it may be, as in the exercise. The answers are kept, so an answer at
the table is a lookup (`Answers.of`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..coach import Coach
from ..coach.weigh import Steps, call_due, costly, report_deals, run
from ..engine import CALL, Action, View
from ..engine import HUMAN_SEAT as PLAYER
from .kept import KeptGame, action_token, parse_token
from .review import Review, decisions

GOOD = "good"
"""As good as the coach's choice: among the options it cannot tell apart."""
BETWEEN = "between"
"""Measured worse, but not clearly costly (the 95% interval reaches below the bar, or
the chances measured apart do not show it: `weigh.costly`)."""
COSTLY = "costly"
"""Clearly costly, as the review lists a move (`weigh.costly`)."""

GRADES = (GOOD, BETWEEN, COSTLY)


def token(action: Action) -> str:
    """An option as the short token kept with the exercise ('0R7', '0W>B', '0D')."""
    return action_token(PLAYER, action)


def untoken(text: str) -> Action:
    return parse_token(text)[1]


@dataclass(frozen=True)
class Answer:
    """The coach's answer for one option of an exercise."""

    grade: str
    cost: float = 0.0
    low: float = 0.0
    high: float = 0.0
    """The cost as the test measured it and its 95% interval (0 for a good option)."""
    chance: float | None = None
    best_chance: float | None = None
    """For a costly option: the chance to win the round after it and after the coach's
    choice, on the reporting deals (as the review shows them)."""

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"grade": self.grade}
        if self.grade != GOOD:
            data.update(cost=self.cost, low=self.low, high=self.high)
        if self.chance is not None and self.best_chance is not None:
            data.update(chance=self.chance, best_chance=self.best_chance)
        return data

    @classmethod
    def from_json(cls, data: Any) -> Answer:
        grade = str(data["grade"])
        if grade not in GRADES:
            raise ValueError(f"no such grade {grade!r}")
        chance = data.get("chance")
        best = data.get("best_chance")
        return cls(grade, float(data.get("cost", 0.0)), float(data.get("low", 0.0)),
                   float(data.get("high", 0.0)),
                   None if chance is None else float(chance),
                   None if best is None else float(best))


@dataclass(frozen=True)
class Answers:
    """Every option's answer, and the coach's choice; what `weigh` keeps."""

    best: Action
    by_option: dict[str, Answer]
    playouts: int
    """Play-outs the weighing spent (its cost, beside the review's)."""

    def of(self, action: Action) -> Answer | None:
        """The answer for `action` (a lookup: nothing is weighed here)."""
        return self.by_option.get(token(action))

    def as_json(self) -> dict[str, Any]:
        return {"best": token(self.best), "playouts": self.playouts,
                "options": {k: v.as_json() for k, v in self.by_option.items()}}

    @classmethod
    def from_json(cls, data: Any) -> Answers:
        return cls(untoken(str(data["best"])),
                   {str(k): Answer.from_json(v) for k, v in dict(data["options"]).items()},
                   int(data.get("playouts", 0)))


@dataclass(frozen=True)
class Exercise:
    """One costly moment of a kept game, to be tried again."""

    game_id: str
    index: int
    """The action's position in the game (the review moment's `index`)."""
    turn: int
    level: str
    """The computers' level: the coach weighs at it."""
    view: View
    options: tuple[Action, ...]
    """The moves allowed then (Last Card's call goes with the card)."""
    legal: tuple[Action, ...]
    """The rules' legal actions, as the coach is asked about them."""
    made: Action
    best: Action
    """The move made then and the coach's choice, as the review told them."""
    words: str = ""
    """The review's sentence for the moment (shown once the exercise is answered)."""
    names: tuple[str, ...] = ()
    """The seats' names at that table (public)."""


def options_of(legal: tuple[Action, ...]) -> tuple[Action, ...]:
    return tuple(a for a in legal if a is not CALL) or legal


def worth_trying(legal: tuple[Action, ...]) -> bool:
    """Two moves or more to choose from. A moment whose one card could only be played
    (its lesson was to call Last Card, which goes with the card in an exercise) leaves
    nothing to find."""
    return len(options_of(legal)) >= 2


def exercises_of(kept: KeptGame, result: Review,
                 words: Callable[[Any], str] = lambda moment: "") -> list[Exercise]:
    """Every listed moment of a complete review with two moves or more to choose from as
    an exercise, in the game's order."""
    listed = {m.index: m for m in result.costliest()}
    if not listed or not result.complete:
        return []
    found = []
    for decision in decisions(kept):
        moment = listed.get(decision.index)
        if moment is None or not worth_trying(decision.legal):
            continue
        found.append(Exercise(kept.game_id, decision.index, decision.turn, kept.difficulty,
                              decision.view, options_of(decision.legal), decision.legal,
                              decision.made, moment.best, words(moment),
                              tuple(kept.seat_names)))
    return found


def known_answers(exercise: Exercise, result: Review) -> dict[str, Answer]:
    """What the review already weighed: the move made then, clearly costly, with the
    chances it showed (judged again, it would get the same verdict: the coach's streams
    depend on the view alone)."""
    for m in result.moments:
        if m.index == exercise.index and m.costly and not m.uncalled:
            return {token(m.made): Answer(COSTLY, m.cost, m.low, m.high, m.made_chance,
                                          m.best_chance)}
    return {}


def _answering(coach: Coach, view: View, legal: tuple[Action, ...], moves: list[Action],
               best: Action, budget: int | None) -> Steps[tuple[list[Answer], int]]:
    """The options told apart from the coach's choice `best` while choosing, each measured
    against it on the coach's fresh deals with its 95% test (`Coach.testing_each`: every
    option gets exactly the answer `Coach.testing` gives it alone, the best played out
    once a deal for all), a deal a step: their answers and the play-outs spent. Unlike
    the review's judgement of a move made, a card here is always played with Last Card
    called ahead of it where it may be (the call goes with the card in an exercise), for
    the option as for the coach's choice. Within a `budget`, the tests stop at the last
    look that fits (`Coach.testing_each`), and a costly option's chances are shown only
    if the reporting deals fit too."""
    call = call_due(legal)
    tested = yield from coach.testing_each(view, best, moves, (call, call), budget)
    spent = max((n for _, _, n in tested), default=0) + sum(n for _, _, n in tested)
    answers = []
    for mean, se, _ in tested:
        low, high = mean - coach.look_z * se, mean + coach.look_z * se
        answers.append(Answer(COSTLY if costly(low) else BETWEEN, mean, low, high))
    listed = [k for k, answer in enumerate(answers) if answer.grade == COSTLY]
    deals = report_deals(max((tested[k][2] for k in listed), default=0))
    if listed and (budget is None or spent + deals * (1 + len(listed)) <= budget):
        # The chances shown come from the coach's reporting deals, as the review's (the
        # test stopped when its estimate looked large); the best played out once. An
        # option they do not show costly is not (`costly`), as in the review.
        rows = yield from coach.reporting(view, legal, (best, *(moves[k] for k in listed)),
                                          [call] * (1 + len(listed)), deals)
        spent += len(rows) * (1 + len(listed))
        chance = [sum(1 for r in rows if r[j] == view.seat) / len(rows)
                  for j in range(1 + len(listed))]
        for j, k in enumerate(listed, start=1):
            low, high = answers[k].low, answers[k].high
            grade = COSTLY if costly(low, chance[j], chance[0]) else BETWEEN
            answers[k] = Answer(grade, chance[0] - chance[j], low, high, chance[j], chance[0])
    return answers, spent


def budget_of(result: Review) -> int | None:
    """The play-outs each exercise of a reviewed game may spend: the review's own
    play-outs shared among its listed moments, so that weighing the game's exercises
    costs at most what its review cost (None for a review kept before its play-outs
    were counted: no limit)."""
    listed = len(result.costliest())
    return result.playouts // listed if result.playouts and listed else None


def weigh(view: View, legal: tuple[Action, ...], coach: Coach,
          stop: Callable[[], bool] | None = None,
          known: dict[str, Answer] | None = None,
          budget: int | None = None) -> Answers | None:
    """The coach's answer for every option (None if `stop()` said to give up): one
    race (`Coach.advise`: the review's own race for this position, run again, since
    its deals depend on the view alone), then a test of each option it could tell
    apart from the best, against that best, except those `known` already (the review's
    verdict on the move made). The race is run once for all the options, not once
    each, and the tests share the best's play-outs; an option that is the same move as
    another (one token) is weighed once. Within a `budget` of play-outs (`budget_of`),
    the race is run whole and the tests stop at the last look that fits: an option
    whose test stops so is *in between*, never costly."""
    stop = stop or (lambda: False)
    advice = coach.advise(view, legal, stop=stop)
    if stop():
        return None
    by_option: dict[str, Answer] = {}
    measure: dict[str, Action] = {}
    for option in options_of(legal):
        key = token(option)
        if key in by_option or key in measure:
            continue
        if option in advice.close:
            by_option[key] = Answer(GOOD)
        elif known and key in known:
            by_option[key] = known[key]
        else:
            measure[key] = option
    spent = advice.playouts
    if measure:
        left = None if budget is None else max(0, budget - spent)
        found = run(_answering(coach, view, legal, list(measure.values()),
                               advice.recommended, left), stop)
        if found is None:
            return None
        answers, playouts = found
        by_option.update(zip(measure, answers, strict=True))
        spent += playouts
    order = [token(o) for o in options_of(legal)]
    return Answers(advice.recommended, dict(sorted(by_option.items(),
                                                   key=lambda kv: order.index(kv[0]))),
                   spent)
