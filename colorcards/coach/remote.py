"""The coach's service: one process of its own for everything the coach weighs. This
module is the app's side of it (`RemoteCoach`) and its protocol; the process's own side
is desk.py (the table's requests in turns) and service.py (its program).

A judgement is pure Python for a fraction of a second to several seconds. In a thread of
the game's process it holds the interpreter's lock in turns with the event loop, and a
key waits for its turn (tests/benchmarks/TUI.md). Here it runs in a child process that
lives as long as the app: the table's thread only writes the position and waits for the
answer, which frees the lock. The child rebuilds the position from the match's own
record (the game as the table sat down at it, or the deal's seed, and the actions
since), so it judges exactly the view the player had, and the answer is the one the
review and the hint give.

The child works on every judgement asked of it in turns, a slice of its processor time
at a time (desk.py's `QUANTUM`), always on the one that has had the least so far (what
the player waits for, a hint or a move's judgement, before any pondering). Most judgements
take a fraction of a second and a few take seconds (a move whose cost is near the
coach's bar is measured on up to 8,192 deals), so a quick one asked behind a long one
is answered in about its own time instead of waiting for the long one to end. Each
judgement's answer is the one it gives alone: its streams of deals are its own. The
child plays each judgement's deals out over its helpers (pool.py): one process less
than the cores, capped by `--coach-workers` or `COLORCARDS_COACH_WORKERS` (pool.workers),
with the same answers.

The race that picks the coach's choice does not depend on the move made, so the table
asks for it as soon as the player's turn arrives (a request without `made`): the child
runs it while the player thinks, the hint (H) is then answered from it at once, and the
judgement of the move made goes on from it to the test alone (desk.py's `Coaching`). A race is
shared by every request about its position and dropped as soon as none wants it.

The same process does longer work asked for by name, a job (the reviews of kept games:
the Review screen's, and in the background the games not yet reviewed and the
exercises' options; the judgement of a decision at a table with the coach off):
service.py is the child's program, desk.py's `serve` loop with the jobs beside the
table's work. The table's work comes first: a job waits at its next deal while the table
has any request in hand, and a background job also waits while the Review screen's runs
(service.py's `Turns`). The app runs one child (`RemoteCoach`), started with `python -P`.

Protocol, one JSON line a message, each about one request `n`:

- to the child: `{"id": n, "request": {...}}`, the table's (a move to judge, or without
  `made` a position to advise on: the hint, the pondering), with the coach's `budget`
  when it is not its own (tests); `{"id": n, "job": "module:function", "work": {...}}`
  with `"background": true` for the background's, a job and what it works on (a kept
  game to review: replay/reviewing.py; a move to judge: service.py's `decision`);
  `{"id": n, "cancel": true}` to drop a request no longer wanted (the move made or taken
  back, the table or the Review screen gone, the app quitting).
- from the child: `{"id": n, "progress": {...}}` for a job, after each step (a review's:
  each decision weighed, the review so far, and each exercise weighed, `{"exercise",
  "answers"}`); `{"id": n, "answer": ...}` once a request is done, its last message
  (`Judgement.as_json` for a move, `Advice.as_json` for a position, `{"complete": bool}`
  for a job, or null), in the order the work ends.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import queue
import subprocess
import sys
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..engine import (
    Action,
    Game,
    Rules,
    action_from_json,
    game_from_text,
)
from .pool import environment

if TYPE_CHECKING:
    from .weigh import Advice, Verdict

COMMAND: tuple[str, ...] = (sys.executable, "-P", "-m", f"{__package__}.service")
"""The child's program, service.py (read when a `RemoteCoach` is made). `-P`: the
package the game runs, never a `colorcards` folder in the current directory."""

@dataclass(frozen=True)
class Judgement:
    """What the table needs of a verdict: whether the move was costly, and the note's
    figures (the chances on the reporting deals); with the whole verdict, when the coach
    made one, for the game's review (weighed as the game is played)."""

    costly: bool
    made: Action
    best: Action
    made_chance: float = 0.0
    best_chance: float = 0.0
    uncalled: bool = False
    """The card made was played down to one without calling Last Card."""
    verdict: Verdict | None = None
    """The verdict itself, every figure as the review would have it."""

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "costly": self.costly, "made": self.made.as_json(), "best": self.best.as_json(),
            "made_chance": self.made_chance, "best_chance": self.best_chance,
            "uncalled": self.uncalled}
        if self.verdict is not None:
            data["verdict"] = self.verdict.as_json()
        return data

    @classmethod
    def of(cls, verdict: Verdict) -> Judgement:
        made, best = verdict.made_tally, verdict.best_tally
        if verdict.costly and made is not None and best is not None:
            return cls(True, verdict.made, verdict.best, made.chance, best.chance,
                       verdict.uncalled, verdict)
        return cls(False, verdict.made, verdict.best, uncalled=verdict.uncalled,
                   verdict=verdict)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Judgement:
        verdict = None
        if data.get("verdict") is not None:
            from .weigh import Verdict

            verdict = Verdict.from_json(data["verdict"])
        return cls(bool(data["costly"]), action_from_json(data["made"]),
                   action_from_json(data["best"]), float(data["made_chance"]),
                   float(data["best_chance"]), bool(data["uncalled"]), verdict)


def request(game: Game, before: Sequence[tuple[int | None, Action]], made: Action | None,
            level: str, base: tuple[int, str] | None) -> dict[str, Any]:
    """The request for judging `made`, played after the actions `before` of `game`'s
    match: from `base` (the game as the table sat down at it, and its count of actions)
    when it comes before the move, else from the deal. Without `made`: the request for
    the coach's advice in that position (the race alone)."""
    text = base[1] if base is not None and base[0] <= len(before) else None
    start = base[0] if base is not None and text is not None else 0
    return {"level": level, "base": text,
            "rules": game.rules.as_json(), "seats": game.seats, "seed": game.seed,
            "actions": [[s, a.as_json()] for s, a in before[start:]],
            "made": None if made is None else made.as_json()}


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


ENDED = object()
"""What a review's `Asked.updates` holds last: its answer came, or it was let go."""


@dataclass
class Asked:
    """A request made of the child: `came` is set once its answer (`judgement`) came,
    or once it is let go (`RemoteCoach.wake`) or the child ended without answering."""

    ident: int
    child: subprocess.Popen[str]
    stop: threading.Event | None = None
    """Set when the answer is no longer wanted."""
    came: threading.Event = field(default_factory=threading.Event)
    judgement: Judgement | Advice | dict[str, Any] | None = None
    updates: queue.SimpleQueue[Any] | None = None
    """A review's progress as it comes, then `ENDED` (None: not a review)."""

    def give(self, judgement: Judgement | Advice | dict[str, Any] | None) -> None:
        self.judgement = judgement
        self.came.set()
        if self.updates is not None:
            self.updates.put(ENDED)


class RemoteCoach:
    """The child process, started at the first request, ended by `close`. Requests may
    be made from several threads at once; each waits for its own answer."""

    def __init__(self, command: Sequence[str] | None = None,
                 workers: int | None = None, budget: dict[str, Any] | None = None) -> None:
        self.command = tuple(COMMAND if command is None else command)
        self.workers = workers
        """The processes the child plays out in (pool.workers's `setting`; None: it
        decides from the environment)."""
        self.budget = budget
        """A smaller budget for the table's requests than the coach's own (tests: whole
        games coached in a few seconds); None: its own."""
        self._child: subprocess.Popen[str] | None = None
        self._lock = threading.Lock()
        """Held while the child is started or written to, and around `_awaited`."""
        self._closed = False
        self._ids = itertools.count(1)
        self._awaited: dict[int, Asked] = {}

    @property
    def process(self) -> subprocess.Popen[str] | None:
        """The child's process (None before the first request or `start`, and after
        `close`): what watches its life (the tests, a benchmark's CPU) reads it here."""
        return self._child

    def advise(self, data: dict[str, Any],
               stop: threading.Event | None = None) -> Advice | None:
        """The coach's advice for the position of `data` (a request without `made`; the
        hint): from the race pondered on it when there is one. From a worker thread."""
        from .weigh import Advice

        asked = self.ask(data, stop)
        answer = None if asked is None else self.answer(asked)
        return answer if isinstance(answer, Advice) else None

    def start(self) -> None:
        """Start the child now, if it is not running, so that the first hint does not
        wait for it to start (it imports the coach as it starts)."""
        with self._lock:
            if not self._closed:
                self._running()

    def ponder(self, data: dict[str, Any]) -> Asked | None:
        """Have the child run the race of the position of `data` now, while the player
        thinks (nobody waits for it): the hint and the move's judgement then start from
        it. `cancel` it once the position is gone."""
        return self.ask(data)

    def cancel(self, asked: Asked) -> None:
        """The child drops `asked` if it is still at work on it (a race another request
        shares goes on for that one)."""
        with self._lock:
            if self._awaited.pop(asked.ident, None) is not None:
                self._send(asked.child, {"id": asked.ident, "cancel": True})
        asked.came.set()
        if asked.updates is not None:
            asked.updates.put(ENDED)

    def ask(self, data: dict[str, Any], stop: threading.Event | None = None) -> Asked | None:
        """Send the table's request to the child, starting it if need be, without
        waiting; None if it cannot be asked (the app closing, `stop` already set, the
        child gone)."""
        if self.budget is not None:
            data = {**data, "budget": self.budget}
        return self._ask({"request": data}, stop)

    def work(self, job: str, data: dict[str, Any], background: bool = False) -> Asked | None:
        """Have the child do the job named `job` (service.py's `job_name`) on `data`, in
        the background's turn when `background` (after the Review screen's); its
        progress comes in `updates` (`follow`). None if it cannot be asked. Work that
        names no budget of its own (a move to judge) is done on this coach's."""
        if self.budget is not None:
            data = {"budget": self.budget, **data}
        return self._ask({"job": job, "work": data, "background": background}, None,
                         updates=True)

    def follow(self, asked: Asked) -> Iterator[dict[str, Any]]:
        """A job's progress as it comes (from the thread that asked for it), until
        its answer (then in `asked.judgement`), its `cancel` or the child's end."""
        assert asked.updates is not None
        while True:
            update = asked.updates.get()
            if update is ENDED:
                return
            yield update

    def _ask(self, message: dict[str, Any], stop: threading.Event | None,
             updates: bool = False) -> Asked | None:
        with self._lock:
            if self._closed or (stop is not None and stop.is_set()):
                return None
            child = self._running()
            asked = Asked(next(self._ids), child, stop,
                          updates=queue.SimpleQueue() if updates else None)
            self._awaited[asked.ident] = asked
            if not self._send(child, {"id": asked.ident, **message}):
                del self._awaited[asked.ident]
                return None
        return asked

    def answer(self, asked: Asked) -> Judgement | Advice | None:
        """Wait for the table's answer; None if the child could not answer (ended, or the app
        closing), or once its `stop` is set and `wake` called: the child is then told to
        drop the judgement."""
        asked.came.wait()
        if asked.stop is not None and asked.stop.is_set():
            with self._lock:
                if self._awaited.pop(asked.ident, None) is not None:
                    self._send(asked.child, {"id": asked.ident, "cancel": True})
            return None
        answer = asked.judgement
        return None if isinstance(answer, dict) else answer  # a review's: not the table's

    def wake(self) -> None:
        """Let go of every judgement whose `stop` is set (call it after setting them): its
        wait ends without an answer. Waiting costs the table nothing until then."""
        with self._lock:
            for asked in self._awaited.values():
                if asked.stop is not None and asked.stop.is_set():
                    asked.came.set()

    def _running(self) -> subprocess.Popen[str]:
        """The child, started (with its listener) if it is not running."""
        child = self._child
        if child is None or child.poll() is not None:
            child = self._child = subprocess.Popen(
                self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL, text=True, env=environment(self.workers))
            threading.Thread(target=self._listen, args=(child,), daemon=True,
                             name="coach answers").start()
        return child

    @staticmethod
    def _send(child: subprocess.Popen[str], message: dict[str, Any]) -> bool:
        assert child.stdin is not None
        try:
            child.stdin.write(json.dumps(message) + "\n")
            child.stdin.flush()
        except (OSError, ValueError):
            return False
        return True

    def _listen(self, child: subprocess.Popen[str]) -> None:
        """Hand each answer of `child` to the thread that waits for it, and a review's
        progress to its `updates`; once the child has ended, every request still awaited
        of it gets none. The only reader of the child's messages."""
        assert child.stdout is not None
        with contextlib.suppress(OSError, ValueError):
            for line in child.stdout:
                try:
                    message = json.loads(line)
                    ident = int(message["id"])
                except (ValueError, KeyError, TypeError):
                    continue
                if "progress" in message:
                    with self._lock:
                        awaited = self._awaited.get(ident)
                    if awaited is not None and awaited.updates is not None:
                        awaited.updates.put(message["progress"])
                    continue
                with self._lock:
                    awaited = self._awaited.pop(ident, None)
                if awaited is None:
                    continue
                answer = message.get("answer")
                try:
                    judgement = answer if awaited.updates is not None else _answer(answer)
                except (ValueError, KeyError, TypeError):
                    judgement = None
                awaited.give(judgement)
        with self._lock:
            orphans = [i for i, a in self._awaited.items() if a.child is child]
            left = [self._awaited.pop(i) for i in orphans]
        for awaited in left:
            awaited.give(None)

    def close(self, wait: float | None = None) -> None:
        """End the child (a judgement under way is dropped: Continue makes it again),
        waiting at most `wait` seconds (None: however long) for it to be gone."""
        with self._lock:
            self._closed = True
            child = self._child
        if child is not None and child.poll() is None:
            child.kill()
            with contextlib.suppress(subprocess.TimeoutExpired):
                child.wait(wait)


def _answer(data: Any) -> Judgement | Advice | None:
    """An answer as the child sends it: a judgement, the advice for a position, or none."""
    if not isinstance(data, dict):
        return None
    if "options" in data:
        from .weigh import Advice

        return Advice.from_json(data)
    return Judgement.from_json(data)
