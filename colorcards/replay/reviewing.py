"""A kept game's review, as a job of the coach's process (coach/service.py): what the
Review screen and the background reviews ask it for (`JOB`).

The request is `{"kept": <export>, "resume": <review so far or null>, "budget": <the
coach's, or null>, "exercises": [<action index>, ...]}`, answered by a progress message
after each decision weighed (the review so far) and each exercise weighed (`{"exercise",
"answers"}`), then `{"complete": bool}`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..coach import Coach
from ..coach.service import Send, Stop, job_name
from .exercises import budget_of, exercises_of, known_answers, weigh
from .kept import KeptGame
from .review import Review, review

if TYPE_CHECKING:
    from ..coach.pool import Pool


def reviewing(request: dict[str, Any], stop: Stop, send: Send,
              pool: Pool | None = None) -> bool:
    """Review the request's game from its `resume`, then weigh the options of the
    exercises it lists, sending each step, the deals played out over `pool`; whether
    the review is complete."""
    kept = KeptGame.from_json(request["kept"])
    coach = Coach(kept.difficulty, pool=pool, **(request.get("budget") or {}))
    written = []

    def weighed(so_far: Review) -> None:
        send(so_far.as_json())
        written.append(True)

    result = review(kept, resume=Review.from_json(request.get("resume")), coach=coach,
                    stop=stop, weighed=weighed)
    if not written and not stop():  # nothing left to weigh: the review as it stands
        weighed(result)
    wanted = {int(i) for i in request.get("exercises") or ()}
    if wanted and result.complete:
        for exercise in exercises_of(kept, result):
            if exercise.index not in wanted:
                continue
            answers = weigh(exercise.view, exercise.legal, coach, stop=stop,
                            known=known_answers(exercise, result), budget=budget_of(result))
            if answers is None:
                return False
            send({"exercise": exercise.index, "answers": answers.as_json()})
    return result.complete and not stop()


JOB = job_name(reviewing)
"""The name the coach's process runs a review by."""
