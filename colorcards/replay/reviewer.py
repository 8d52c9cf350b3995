"""A review in a process of its own: `python -m colorcards.replay.reviewer`.

The background reviews (replay/background.py) run here, away from the game's process: a
review is pure Python arithmetic for seconds to minutes, and in a thread it would share
the interpreter's lock with the table and the title. A process of its own, at a lower
priority, takes nothing from a key press; stopping it is ending it, and since every
decision weighed has been handed back, nothing weighed is lost.

It reads one line of JSON from stdin, ``{"kept": <export>, "resume": <review or null>}``,
and writes one line of JSON to stdout after each decision weighed: the review so far.
An optional ``"exercises"`` (a list of action indices) asks, once the review is
complete, for the answers of those exercises (replay/exercises.py `weigh`), one line
each: ``{"exercise": <index>, "answers": <Answers>}``. An optional ``"budget"``
({"choose_deals", "choose_playouts", "looks"}) gives the coach
a smaller budget than its own (tests).
"""

from __future__ import annotations

import json
import sys

from ..priority import REVIEWS, lower_priority


def main() -> int:
    lower_priority(REVIEWS)  # before the imports: they take a second of CPU too
    from ..coach import Coach
    from .kept import KeptGame, ReplayError
    from .review import Review, review

    line = sys.stdin.readline()
    try:
        request = json.loads(line)
        kept = KeptGame.from_json(request["kept"])
    except (ValueError, KeyError, TypeError, ReplayError) as exc:
        print(f"colorcards reviewer: cannot read the game ({exc})", file=sys.stderr)
        return 2
    resume = Review.from_json(request.get("resume"))
    budget = request.get("budget") or {}
    coach = Coach(kept.difficulty, **budget)

    written = []

    def weighed(so_far: Review) -> None:
        sys.stdout.write(json.dumps(so_far.as_json(), separators=(",", ":")) + "\n")
        sys.stdout.flush()
        written.append(True)

    result = review(kept, resume=resume, coach=coach, weighed=weighed)
    if not written:  # nothing left to weigh (or nothing to weigh): the answer as it stands
        weighed(result)
    wanted = {int(i) for i in request.get("exercises") or ()}
    if wanted and result.complete:
        from .exercises import budget_of, exercises_of, known_answers, weigh

        for exercise in exercises_of(kept, result):
            if exercise.index not in wanted:
                continue
            answers = weigh(exercise.view, exercise.legal, coach,
                            known=known_answers(exercise, result), budget=budget_of(result))
            if answers is not None:
                sys.stdout.write(json.dumps({"exercise": exercise.index,
                                             "answers": answers.as_json()},
                                            separators=(",", ":")) + "\n")
                sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
