"""A stand-in for the coach's process at its protocol, for tests of the table without a
child: `LocalCoach` takes the table's requests and jobs as `coach.remote.RemoteCoach` does
and answers each with the child's own code (coach/desk.py's `judge` for a move, the
race for a position, coach/service.py's jobs), at once, in the caller's thread. Nothing
pondered is run (no one waits for it)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from colorcards.coach import Coach
from colorcards.coach.desk import judge
from colorcards.coach.remote import position
from colorcards.coach.service import resolve
from colorcards.engine import next_decision

QUICK = {"choose_deals": 64, "choose_playouts": 320, "looks": [64, 128]}
"""A small budget: whole coached games in a few seconds (what it finds differs, how the
table shows it does not)."""


@dataclass
class Done:
    """A request answered (RemoteCoach's `Asked`, already come)."""

    data: dict[str, Any]
    judgement: Any = None
    updates: list[dict[str, Any]] = field(default_factory=list)
    came: threading.Event = field(default_factory=threading.Event)


class LocalCoach:
    """The coach's process at its protocol, answered here (see the module docstring);
    `budget` as RemoteCoach's."""

    def __init__(self, budget: dict[str, Any] | None = None) -> None:
        self.budget = budget
        self.asked: list[dict[str, Any]] = []
        """Every request, in order (the table's own and its jobs' work)."""
        self.pondered: list[dict[str, Any]] = []
        self.cancelled: list[Done] = []
        self.process = None

    def start(self) -> None:
        pass

    def ask(self, data: dict[str, Any], stop: threading.Event | None = None) -> Done | None:
        if stop is not None and stop.is_set():
            return None
        data = {**data, "budget": self.budget} if self.budget is not None else data
        self.asked.append(data)
        return Done(data, judge(data) if data.get("made") is not None else self._advice(data))

    def _advice(self, data: dict[str, Any]) -> Any:
        game = position(data)
        decision = next_decision(game)
        assert decision is not None
        return Coach(data["level"], **(data.get("budget") or {})).advise(game.view(0),
                                                                         decision.actions)

    def answer(self, asked: Done) -> Any:
        return asked.judgement

    def advise(self, data: dict[str, Any], stop: threading.Event | None = None) -> Any:
        asked = self.ask(data, stop)
        return None if asked is None else asked.judgement

    def ponder(self, data: dict[str, Any]) -> Done:
        self.pondered.append(data)
        return Done(data)

    def work(self, job: str, data: dict[str, Any], background: bool = False) -> Done:
        if self.budget is not None:
            data = {"budget": self.budget, **data}
        asked = Done({**data, "background": background})
        self.asked.append(asked.data)
        complete = resolve(job)(data, lambda: False, asked.updates.append, None)
        asked.judgement = {"complete": complete}
        return asked

    def follow(self, asked: Done) -> Iterator[dict[str, Any]]:
        yield from asked.updates

    def cancel(self, asked: Done) -> None:
        self.cancelled.append(asked)

    def wake(self) -> None:
        pass

    def close(self, wait: float | None = None) -> None:
        pass


def answered(remote: Any, data: dict[str, Any]) -> Any:
    """`data` asked of the coach's process, and its answer awaited (None: none came)."""
    asked = remote.ask(data)
    return None if asked is None else remote.answer(asked)
