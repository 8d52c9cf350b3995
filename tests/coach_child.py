"""A stand-in for the coach's child process in tests: the child's own loop and desk, with
judgements that only spin the processor for a millisecond a step (`{"steps": n}`), so
that a test can ask for a long one and a short one and see which is answered first;
`{"count": true}` answers how many other judgements the desk holds (in `made_chance`)."""

from __future__ import annotations

import sys
import time
from collections.abc import Generator
from typing import Any

from colorcards.coach.desk import Desk, serve
from colorcards.coach.remote import Judgement
from colorcards.engine import DRAW, PASS

SPUN = Judgement(False, DRAW, PASS)
"""Every stand-in judgement's answer."""


def spinning(request: dict[str, Any]) -> Generator[None, None, Judgement | None]:
    if request.get("count"):
        return Judgement(False, DRAW, PASS, made_chance=len(DESK.jobs) - 1)
    for _ in range(int(request["steps"])):
        end = time.thread_time() + 0.001
        while time.thread_time() < end:
            pass
        yield
    return SPUN


DESK = Desk(spinning)

if __name__ == "__main__":
    raise SystemExit(serve(sys.stdin, sys.stdout, DESK))
