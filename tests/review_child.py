"""A stand-in for the coach's process (`colorcards.coach.service`) whose reviews weigh
slowly: the real service, its reviews on their own small budget, with a pause after each
step, so that a test can leave the Review screen while it is still weighing. Each
review's `resume` is appended to the file named by REVIEW_CHILD_LOG (one JSON line each).

python tests/review_child.py SECONDS"""

from __future__ import annotations

import json
import os
import sys
import time
from typing import Any

from colorcards.coach import service
from colorcards.coach.pool import Pool
from colorcards.replay.reviewing import JOB, reviewing


def main() -> int:
    seconds = float(sys.argv[1])

    def slowly(request: dict[str, Any], stop: service.Stop, send: service.Send,
               pool: Pool | None) -> bool:
        with open(os.environ["REVIEW_CHILD_LOG"], "a", encoding="utf-8") as log:
            log.write(json.dumps(request.get("resume")) + "\n")

        def sent(data: dict[str, Any]) -> None:
            send(data)
            time.sleep(seconds)

        return reviewing(request, stop, sent, pool)

    def find(name: str) -> service.Job:
        return slowly if name == JOB else service.resolve(name)

    return service.main(find)


if __name__ == "__main__":
    raise SystemExit(main())
