"""A stand-in for the reviewer's process (`colorcards.replay.reviewer`) that weighs
slowly: the real review on a small budget, with a pause after each decision, so that a
test can leave the Review screen while it is still weighing. Each request's `resume` is
appended to the file named by REVIEW_CHILD_LOG (one JSON line each).

python tests/review_child.py SECONDS"""

from __future__ import annotations

import json
import os
import sys
import time

from colorcards.coach import Coach
from colorcards.replay.kept import KeptGame
from colorcards.replay.review import Review, review


def main() -> int:
    seconds = float(sys.argv[1])
    request = json.loads(sys.stdin.readline())
    with open(os.environ["REVIEW_CHILD_LOG"], "a", encoding="utf-8") as log:
        log.write(json.dumps(request.get("resume")) + "\n")
    kept = KeptGame.from_json(request["kept"])
    coach = Coach(kept.difficulty, **(request.get("budget") or {}))

    def weighed(so_far: Review) -> None:
        sys.stdout.write(json.dumps(so_far.as_json()) + "\n")
        sys.stdout.flush()
        time.sleep(seconds)

    review(kept, resume=Review.from_json(request.get("resume")), coach=coach, weighed=weighed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
