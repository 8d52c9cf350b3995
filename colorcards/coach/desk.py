"""The coach's process at work: the table's requests judged in turns, and the loop that
reads the app's messages (`serve`). The app's side, the protocol and its messages' types
are remote.py's; the program of the process is service.py.

The child works on every judgement asked of it in turns, a slice of its processor time
at a time (`QUANTUM`), always on the one that has had the least so far (`Desk`), and
shares a position's race among every request about it (`Coaching`); see remote.py's
docstring for why.
"""

from __future__ import annotations

import json
import queue
import sys
import threading
import time
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING, Any, Generic, Protocol, TypeVar, cast

from ..engine import HUMAN_SEAT, Action, View, action_from_json, next_decision
from .remote import Judgement, position

if TYPE_CHECKING:
    from .pool import Pool
    from .weigh import Advice, Coach, SharedTests

QUANTUM = 0.05
"""Processor seconds the child gives one judgement before it looks again at what came
in and at which judgement has had the least."""


def judging(data: dict[str, Any],
            pool: Pool | None = None) -> Generator[None, None, Judgement | None]:
    """The coach's judgement of the request's move, a deal a step (None: not the
    player's decision), its deals played out over `pool` when one is given."""
    from .weigh import Coach  # the table's process never needs it: only the child does

    game = position(data)
    decision = next_decision(game)
    if decision is None or decision.seat != HUMAN_SEAT:
        return None
    made = action_from_json(data["made"])
    coach = Coach(data["level"], pool=pool, **(data.get("budget") or {}))
    verdict = yield from coach.judging(game.view(HUMAN_SEAT), decision.actions, made)
    return Judgement.of(verdict)


def judge(data: dict[str, Any], pool: Pool | None = None,
          stop: Callable[[], bool] | None = None) -> Judgement | None:
    """The coach's judgement of the request's move, made here at once (None as well if
    `stop()` says to give up before a deal)."""
    from .weigh import run

    return run(judging(data, pool), stop)


def key(data: dict[str, Any]) -> str:
    """The position a request is about (whatever the move made, pondered or not)."""
    return json.dumps({k: v for k, v in data.items() if k not in ("made", "ponder")},
                      sort_keys=True)


S = TypeVar("S")


class _Shared(Generic[S]):
    """Work shared by the requests that want it (a position's race, a move's test): each
    step of any of them plays it on; its value, once found, is kept. Dropped as soon as
    no request wants it before its end."""

    def __init__(self, steps: Generator[None, None, S]) -> None:
        self.steps = steps
        self.value: S | None = None
        self.done = False
        self.wanted = 0

    def follow(self) -> Generator[None, None, S]:
        while not self.done:
            try:
                next(self.steps)
            except StopIteration as end:
                self.value, self.done = end.value, True
                break
            yield
        return cast(S, self.value)

    def release(self) -> bool:
        """One request less wants it; True if that drops it (unfinished, unwanted)."""
        self.wanted -= 1
        if not self.done and self.wanted == 0:
            self.steps.close()
            return True
        return False


class Coaching:
    """What the child makes of a request: a judgement of the move made, or the advice for
    the position (a request without `made`), both from the position's race, run once.

    A race is started by the first request about its position and shared by every
    request about it that comes before it ends (the pondering, the hint, the move made);
    a race no request wants any more is dropped, and the last `KEEP` advices are kept.
    A pondering request (`"ponder": true`) goes on once its race is run: it tests the
    options outside the close ones against the coach's choice, as the judgement of each
    would, all of them on the same deals at once (`weigh.SharedTests`: whichever the
    player makes, its test is under way), and for an option found costly the chances its
    note shows (the report), the likeliest first (the best in the race). The move made
    takes its test and its report over where they were (the other options' tests are
    let go), so that only what is left of them stands between move and note."""

    KEEP = 8

    def __init__(self, pool: Pool | None = None) -> None:
        self.pool = pool
        self.races: dict[str, _Shared[Advice]] = {}
        """Races run or under way, by position (the oldest first)."""
        self.tests: dict[tuple[str, str], _Shared[tuple[float, float, int]]] = {}
        """Tests run or under way, by position and pairing."""
        self.reports: dict[tuple[str, str], _Shared[list[list[int | None]]]] = {}
        """Reports (the chances a costly move's note shows) run or under way, by
        position and pairing."""
        self.races_run = 0
        """Races started (a measure for the tests and the benchmarks)."""
        self.tests_run = 0
        """Tests started."""
        self.reports_run = 0
        """Reports started."""

    def make(self, data: dict[str, Any]) -> Generator[None, None, Judgement | Advice | None]:
        """The request's work, what it shares found or started now (before the next
        message: the table drops the pondering as it sends the move made)."""
        from .weigh import Coach

        game = position(data)
        decision = next_decision(game)
        if decision is None or decision.seat != HUMAN_SEAT:
            return self._nothing()
        coach = Coach(data["level"], pool=self.pool, **(data.get("budget") or {}))
        view, legal = game.view(HUMAN_SEAT), decision.actions
        where = key(data)
        race = self.races.get(where)
        if race is None:
            race = self.races[where] = _Shared(coach.advising(view, legal))
            self.races_run += 1
            self._forget()
        race.wanted += 1
        made = action_from_json(data["made"]) if data.get("made") is not None else None
        test = report = None
        if made is not None and race.done and race.value is not None:
            test = self._test(where, coach, view, legal, made, race.value)
            paired = self._pairing(where, view, legal, made, race.value)
            if (paired is not None and paired[0] in self.reports and test is not None
                    and test.value is not None):  # pondered: hold it
                report = self._report(where, coach, view, legal, made, race.value,
                                      test.value[2])
        work = self._work(where, race, coach, view, legal, made, test, report,
                          bool(data.get("ponder")))
        next(work)  # started: closed from now on (dropped), it lets go what it shares
        return work

    @staticmethod
    def _nothing() -> Generator[None, None, None]:
        return None
        yield  # a generator that ends at once

    @staticmethod
    def _pairing(where: str, view: View, legal: Sequence[Action], made: Action,
                 advice: Advice) -> tuple[tuple[str, str], Action, tuple[bool, bool]] | None:
        """How `made` is tested in this position (its key, the move it is tested
        against, the calls); None when the move needs no test (among the close ones) or
        the race would have to be run again with it."""
        from .weigh import pairing

        if made not in advice.options:
            return None
        pair = pairing(view, legal, made, advice)
        if pair is None:
            return None
        best, calls = pair
        return Coaching._which(where, best, made, calls), best, calls

    @staticmethod
    def _which(where: str, best: Action, made: Action,
               calls: tuple[bool, bool]) -> tuple[str, str]:
        """The key of `made`'s test (and report) against `best` in this position."""
        return where, json.dumps([best.as_json(), made.as_json(), list(calls)])

    def _test(self, where: str, coach: Coach, view: View, legal: Sequence[Action],
              made: Action, advice: Advice) -> _Shared[tuple[float, float, int]] | None:
        """The shared test of `made` in this position (found or started, and wanted once
        more); None when the move needs no test."""
        paired = self._pairing(where, view, legal, made, advice)
        if paired is None:
            return None
        which, best, calls = paired
        test = self.tests.get(which)
        if test is None:
            test = self.tests[which] = _Shared(coach.testing(view, best, made, calls))
            self.tests_run += 1
        test.wanted += 1
        return test

    def _report(self, where: str, coach: Coach, view: View, legal: Sequence[Action],
                made: Action, advice: Advice,
                tested: int) -> _Shared[list[list[int | None]]] | None:
        """The shared report of `made` in this position, as `_test` its test (which
        listed it after `tested` deals)."""
        paired = self._pairing(where, view, legal, made, advice)
        if paired is None:
            return None
        which, best, calls = paired
        report = self.reports.get(which)
        if report is None:
            report = self.reports[which] = _Shared(
                coach.reporting(view, legal, (best, made), calls, tested))
            self.reports_run += 1
        report.wanted += 1
        return report

    def _let_go(self, where: str, shared: _Shared[Any]) -> None:
        if shared.release():
            for kept in (self.tests, self.reports):
                for which, found in list(kept.items()):
                    if found is shared:
                        del kept[which]

    def _reported(self, where: str, coach: Coach, view: View, legal: Sequence[Action],
                  made: Action, advice: Advice,
                  tested: int) -> Generator[None, None, list[list[int | None]]]:
        """The report of `made`, followed from where the pondering left it (or started)."""
        report = self._report(where, coach, view, legal, made, advice, tested)
        assert report is not None  # only asked for a move its test found costly
        try:
            return (yield from report.follow())
        finally:
            self._let_go(where, report)

    def _work(self, where: str, race: _Shared[Advice], coach: Coach, view: View,
              legal: Sequence[Action], made: Action | None,
              test: _Shared[tuple[float, float, int]] | None,
              report: _Shared[list[list[int | None]]] | None, ponder: bool
              ) -> Generator[None, None, Judgement | Advice | None]:
        try:
            try:
                yield
                advice = yield from race.follow()
            finally:
                if race.release() and self.races.get(where) is race:
                    del self.races[where]
            if made is None:
                if ponder:
                    yield from self._speculate(where, coach, view, legal, advice)
                return advice
            if test is None:
                test = self._test(where, coach, view, legal, made, advice)
            reported = None
            if made in advice.options:  # (else the race is run again with it)
                def reported(tested: int) -> Generator[None, None, list[list[int | None]]]:
                    return self._reported(where, coach, view, legal, made, advice, tested)
            verdict = yield from coach.judging(
                view, legal, made, advice, None if test is None else test.follow(), reported)
            return Judgement.of(verdict)
        finally:
            for shared in (test, report):
                if shared is not None:
                    self._let_go(where, shared)

    def _speculate(self, where: str, coach: Coach, view: View, legal: Sequence[Action],
                   advice: Advice) -> Generator[None, None, None]:
        """The pondering, once the race is run: the options outside the close ones
        tested together, and the report of each found costly, the best in the race
        first (the moves a player is likeliest to make); before them, when Last Card is
        due, each close card played without the call."""
        from .weigh import SharedTests, forgot_call

        ranked = [t.action for t in sorted(advice.race, key=lambda t: -t.chance)]
        # With Last Card due, a close card played without the call is measured against
        # the same card called (its own test, usually short): the likeliest slip first.
        likely = [a for a in ranked if a in advice.close and forgot_call(view, legal, a)]
        likely += [a for a in ranked if a not in advice.close]
        together: dict[str, tuple[Action, tuple[bool, bool], list[Action]]] = {}
        for move in likely:  # the moves tested against the same choice go together
            paired = self._pairing(where, view, legal, move, advice)
            if paired is not None and paired[0] not in self.tests:
                which, best, calls = paired
                group = json.dumps([best.as_json(), list(calls)])
                together.setdefault(group, (best, calls, []))[2].append(move)
        tests: list[tuple[Action, _Shared[tuple[float, float, int]]]] = []
        for best, calls, moves in together.values():
            joint = SharedTests(coach, view, best, moves, calls)
            for move in moves:
                which = self._which(where, best, move, calls)
                one = self._one_of(joint, move)
                next(one)  # started: closed from now on, it drops its move
                test = self.tests[which] = _Shared(one)
                self.tests_run += 1
                test.wanted += 1
                tests.append((move, test))
        try:
            for move, test in tests:  # following one plays the others on too
                mean, se, tested = yield from test.follow()
                if coach.listed(mean, se):
                    yield from self._reported(where, coach, view, legal, move, advice, tested)
        finally:
            for _, test in tests:
                self._let_go(where, test)

    @staticmethod
    def _one_of(joint: SharedTests,
                move: Action) -> Generator[None, None, tuple[float, float, int]]:
        """`move`'s test within the `joint` tests: played on until its answer is known;
        closed before that, the others go on without it."""
        try:
            yield
            while move not in joint.found and joint.step():
                yield
            return joint.found[move]
        finally:
            if move not in joint.found:
                joint.drop(move)

    def _forget(self) -> None:
        """Keep the last `KEEP` races that are run (those under way stay), and the tests
        of their positions."""
        run = [k for k, r in self.races.items() if r.done]
        for old in run[:max(0, len(self.races) - self.KEEP)]:
            del self.races[old]
        for kept in (self.tests, self.reports):
            for which in [w for w in kept if w[0] not in self.races]:
                if kept[which].done:
                    del kept[which]


Judging = Callable[[dict[str, Any]], Generator[None, None, "Judgement | Advice | None"]]
"""What makes a request's judgement, step by step (`judging`)."""


@dataclass
class _Job:
    """A judgement in the child: its steps, the processor time it has had, and whether
    it is only the pondering of a turn (which waits while anything asked is in hand)."""

    ident: int
    steps: Generator[None, None, Judgement | Advice | None]
    spent: float = 0.0
    pondering: bool = False


class Desk:
    """The judgements the child has in hand, worked on in turns: each turn goes to the
    one that has had the least processor time (the older one on a tie), for `quantum`
    seconds of it or until a message comes. What the player is waiting for (a hint, the
    judgement of a move made) comes before any pondering: a long judgement of the last
    move is not slowed by the pondering of the next turn, which the player has only
    begun to think about."""

    def __init__(self, make: Judging = judging, clock: Callable[[], float] = time.thread_time,
                 quantum: float = QUANTUM) -> None:
        self.make = make
        self.clock = clock
        self.quantum = quantum
        self.jobs: dict[int, _Job] = {}

    def take(self, line: str) -> None:
        """A message from the table: a request to judge, or one to drop."""
        try:
            self.take_message(json.loads(line))
        except (ValueError, KeyError, TypeError) as exc:
            print(f"colorcards coach: a message not understood {exc!r}", file=sys.stderr)

    def take_message(self, message: dict[str, Any]) -> None:
        """`take`, the message read."""
        ident = int(message["id"])
        if message.get("cancel"):
            job = self.jobs.pop(ident, None)
            if job is not None:
                job.steps.close()  # what it shares with other requests lets it go
        else:
            request = message["request"]
            self.jobs[ident] = _Job(ident, self.make(request),
                                    pondering=bool(request.get("ponder")))

    def work(self, quiet: Callable[[], bool]) -> str | None:
        """One turn of work, ended early once `quiet()` is false (a message came); the
        answer's line when a judgement ended in it."""
        job = min(self.jobs.values(), key=lambda j: (j.pondering, j.spent, j.ident))
        start = self.clock()
        judgement: Judgement | Advice | None = None
        try:
            while True:
                next(job.steps)
                if self.clock() - start >= self.quantum or not quiet():
                    return None
        except StopIteration as end:
            judgement = end.value
        except Exception as exc:  # a request that cannot be judged must not end the child
            print(f"colorcards coach: {exc!r}", file=sys.stderr)
        finally:
            job.spent += self.clock() - start
        del self.jobs[job.ident]
        answer = judgement.as_json() if judgement is not None else None
        return json.dumps({"id": job.ident, "answer": answer}) + "\n"


def _read(stream: IO[str], inbox: queue.SimpleQueue[str | None]) -> None:
    for line in stream:
        inbox.put(line)
    inbox.put(None)


class Outbox:
    """The child's messages to the app, one whole line at a time from any thread."""

    def __init__(self, stream: IO[str]) -> None:
        self.stream = stream
        self._lock = threading.Lock()

    def send(self, message: dict[str, Any]) -> None:
        self.write(json.dumps(message, separators=(",", ":")) + "\n")

    def write(self, line: str) -> None:
        with self._lock:
            self.stream.write(line)
            self.stream.flush()


class Beside(Protocol):
    """Work the child does beside the table's (service.py's jobs: the reviews)."""

    def take(self, message: dict[str, Any]) -> bool:
        """Take a message if it is about this work (a cancel is offered to both); True
        if it is this work's alone."""
        ...

    def table(self, busy: bool) -> None:
        """Whether the table has a request in hand: while it has, this work waits."""
        ...


def serve(stdin: IO[str], stdout: IO[str] | Outbox, desk: Desk | None = None,
          beside: Beside | None = None) -> int:
    """The child: answer requests until `stdin` closes, the table's in turns (see the
    module docstring) and the others `beside` them. Its messages are read in a thread,
    so that a turn of work can end as soon as one comes."""
    desk = desk or Desk()
    out = stdout if isinstance(stdout, Outbox) else Outbox(stdout)
    inbox: queue.SimpleQueue[str | None] = queue.SimpleQueue()
    threading.Thread(target=_read, args=(stdin, inbox), daemon=True).start()
    while True:
        while not desk.jobs or not inbox.empty():  # wait for a message only when idle
            line = inbox.get()
            if line is None:
                return 0
            try:
                message = json.loads(line)
                if beside is None or not beside.take(message):
                    desk.take_message(message)
            except (ValueError, KeyError, TypeError, AttributeError) as exc:
                print(f"colorcards coach: a message not understood {exc!r}", file=sys.stderr)
            if beside is not None:
                beside.table(bool(desk.jobs))
        answer = desk.work(inbox.empty)
        if answer is not None:
            out.write(answer)
            if beside is not None:
                beside.table(bool(desk.jobs))
