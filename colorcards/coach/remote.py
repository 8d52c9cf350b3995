"""The coach's judgement of a move at the table, in a process of its own.

A judgement is pure Python for 0.05-1.5 s. In a thread of the game's process it holds
the interpreter's lock in turns with the event loop, and a key waits for its turn
(tests/benchmarks/TUI.md). Here it runs in a child process that lives as long as the
app: the table's thread only writes the position and waits for the answer, which frees
the lock. The child rebuilds the position from the match's own record (the game as the
table sat down at it, or the deal's seed, and the actions since), so it judges exactly
the view the player had, and the answer is the one the review and the hint give.

Protocol: one JSON line a request, one JSON line an answer (`Judgement.as_json`).
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..engine import (
    Action,
    Game,
    Rules,
    action_from_json,
    game_from_text,
    next_decision,
)
from ..priority import TUTOR, lower_priority

if TYPE_CHECKING:
    from .weigh import Verdict

COMMAND: tuple[str, ...] = (sys.executable, "-m", "colorcards.coach.remote")


@dataclass(frozen=True)
class Judgement:
    """What the table needs of a verdict: whether the move was costly, and the note's
    figures (the chances on the reporting deals)."""

    costly: bool
    made: Action
    best: Action
    made_chance: float = 0.0
    best_chance: float = 0.0
    uncalled: bool = False
    """The card made was played down to one without calling Last Card."""

    def as_json(self) -> dict[str, Any]:
        return {"costly": self.costly, "made": self.made.as_json(),
                "best": self.best.as_json(), "made_chance": self.made_chance,
                "best_chance": self.best_chance, "uncalled": self.uncalled}

    @classmethod
    def of(cls, verdict: Verdict) -> Judgement:
        made, best = verdict.made_tally, verdict.best_tally
        if verdict.costly and made is not None and best is not None:
            return cls(True, verdict.made, verdict.best, made.chance, best.chance,
                       verdict.uncalled)
        return cls(False, verdict.made, verdict.best, uncalled=verdict.uncalled)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Judgement:
        return cls(bool(data["costly"]), action_from_json(data["made"]),
                   action_from_json(data["best"]), float(data["made_chance"]),
                   float(data["best_chance"]), bool(data["uncalled"]))


def request(game: Game, before: Sequence[tuple[int | None, Action]], made: Action,
            level: str, base: tuple[int, str] | None) -> dict[str, Any]:
    """The request for judging `made`, played after the actions `before` of `game`'s
    match: from `base` (the game as the table sat down at it, and its count of actions)
    when it comes before the move, else from the deal."""
    text = base[1] if base is not None and base[0] <= len(before) else None
    start = base[0] if base is not None and text is not None else 0
    return {"level": level, "base": text,
            "rules": game.rules.as_json(), "seats": game.seats, "seed": game.seed,
            "actions": [[s, a.as_json()] for s, a in before[start:]],
            "made": made.as_json()}


def position(data: dict[str, Any]) -> Game:
    """The game a request describes, before the move."""
    actions = [(s, action_from_json(a)) for s, a in data["actions"]]
    if data.get("base"):
        game = game_from_text(data["base"])
        for seat, action in actions:
            game.step(action, seat)
        return game
    return Game.replay(Rules.from_json(data["rules"]), int(data["seats"]), int(data["seed"]),
                       actions)


def judge(data: dict[str, Any]) -> Judgement | None:
    """The coach's judgement of the request's move (None: not the player's decision)."""
    from .weigh import Coach  # the table's process never needs it: only the child does

    game = position(data)
    decision = next_decision(game)
    if decision is None or decision.seat != 0:
        return None
    made = action_from_json(data["made"])
    verdict = Coach(data["level"]).judge(game.view(0), decision.actions, made)
    return None if verdict is None else Judgement.of(verdict)


class RemoteCoach:
    """The child process, started at the first judgement, ended by `close`."""

    def __init__(self, command: Sequence[str] = COMMAND) -> None:
        self.command = tuple(command)
        self._child: subprocess.Popen | None = None
        self._lock = threading.Lock()
        self._closed = False

    def judge(self, data: dict[str, Any]) -> Judgement | None:
        """Ask the child (from a worker thread: this waits for the answer); None if it
        could not answer (ended, or the app closing)."""
        with self._lock:
            if self._closed:
                return None
            child = self._child
            if child is None or child.poll() is not None:
                child = self._child = subprocess.Popen(
                    self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                    stderr=subprocess.DEVNULL, text=True)
            assert child.stdin is not None and child.stdout is not None
            try:
                child.stdin.write(json.dumps(data) + "\n")
                child.stdin.flush()
                line = child.stdout.readline()
            except (OSError, ValueError):
                return None
        try:
            answer = json.loads(line) if line else None
            return Judgement.from_json(answer) if isinstance(answer, dict) else None
        except (ValueError, KeyError, TypeError):
            return None

    def close(self) -> None:
        """End the child (a judgement under way is dropped: Continue makes it again)."""
        self._closed = True
        child = self._child
        if child is not None and child.poll() is None:
            child.kill()
            child.wait()


def serve() -> int:
    """The child: answer requests until stdin closes, below the table's priority."""
    lower_priority(TUTOR)
    for line in sys.stdin:
        try:
            result = judge(json.loads(line))
        except Exception as exc:  # a bad request must not end the child
            print(f"colorcards coach: {exc!r}", file=sys.stderr)
            result = None
        sys.stdout.write(json.dumps(result.as_json() if result else None) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(serve())
