"""The coach's requests at one table: the hint, the pondering of the player's turn, the
judgements of their decisions, and the review's steps those make.

A collaborator the table (controller.py) holds: it keeps what is the coach's (the coach's
process, the requests under way, the decisions judged so far, where positions are
rebuilt from) and is handed what each request is about; its answers come back to the
table through the function the table gives with each request, on the table's loop (the
waits run through the table's clock, `Clock.work`). Everything is weighed in the coach's
process (`coach/remote.py`), the one place the coach judges anything; a table without
it has no coach to ask (the hint says so, nothing is judged).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from ..coach import SEED, Advice
from ..coach.remote import Asked, Judgement, RemoteCoach, request
from ..coach.service import decision as judging_job
from ..coach.service import job_name
from ..engine import HUMAN_SEAT as HUMAN
from ..engine import Action, DecisionKind, Game, View, next_decision
from ..replay.review import Moment, weighed_at_the_table
from .clocks import COACH, Clock
from .tutor import Base, base_of, position_before

DECIDE = job_name(judging_job)
"""The coach's process's job of judging one move (with the coach off, for the review)."""


class TableCoach:
    """The coach's requests at one table (see the module docstring)."""

    def __init__(self, remote: RemoteCoach | None, clock: Clock, level: str, *, dealt: bool,
                 base: Base | None, weighed: Any = None) -> None:
        self.remote = remote
        """The coach's own process, where everything is weighed, off the table's
        interpreter (None: no coach to ask)."""
        self.clock = clock
        """The table's clock: the waits for the coach's answers run through it."""
        self.level = level
        """The level the computers play out at (the game's)."""
        self.dealt = dealt
        """The match began with a deal from its seed (not at a prepared position)."""
        self.base = base
        """The game as the table sat down at it, on the line being played: what a
        take-back and the coach rebuild positions from (past it), else the deal. Kept
        while the coach is on (`take_base`)."""
        self.judged: dict[int, tuple[Moment, int]] = _judged_of(weighed)
        """The player's decisions of the line being played that the coach has judged, by
        the action's index: each as the game's review has it, and the play-outs it took.
        They are the review's first steps once the game is over."""
        self.pondering: tuple[dict[str, Any], Asked] | None = None
        """The race of the player's turn the coach's process runs while they think (the
        request, and its ask), until the position is gone."""
        self._weighing: set[threading.Event] = set()
        """Each judgement still running, by the event that stops it (the table goes, the
        move is taken back). A judgement outlives the player's next move: its note is
        still given, only the move can no longer be taken back."""
        self._silent: dict[threading.Event, Asked] = {}
        """The judgements made for the review alone (the coach off), by their stop."""

    @property
    def weighing(self) -> bool:
        """True while the coach is judging a move of the player's."""
        return bool(self._weighing)

    def take_base(self, game: Game) -> None:
        """The coach is on: positions are rebuilt from the game as it is now (if no base
        is kept yet)."""
        if self.base is None:
            self.base = base_of(game, self.dealt)

    # ---------------------------------------------------------------- the hint

    def hint(self, game: Game, done: Callable[[Advice | None], None]) -> None:
        """Ask the coach (the same judge as the review) what to do in the human's seat of
        `game`, from the race pondered on the turn when there is one; `done` gets its
        advice, or None if the coach could not say."""
        remote = self.remote
        data = self._turn_request(game, least=1)
        if remote is None or data is None:
            done(None)
            return
        self.clock.work(lambda: remote.advise(data), done)

    # ---------------------------------------------------------------- judging

    def weigh(self, game: Game, at: int, made: Action, view: View | None, turn: int,
              done: Callable[[Judgement], None]) -> None:
        """The coach judges `made`, the player's decision at action `at` of `game`'s line;
        the judgement is kept as the review's step (when `view`, the player's before it,
        and `turn` are known) and handed to `done` (not once the judgement is dropped:
        `stop`)."""
        remote = self.remote
        base = self.base
        line = tuple(game.actions[:at])  # the line up to the move, taken now
        if remote is None or (base is not None and not base.dealt and base.at > len(line)):
            return  # no coach to ask, or made before a prepared table's start
        stop = threading.Event()
        self._weighing.add(stop)
        # Asked now, before the pondering of the position is let go: the judgement
        # takes the pondered race over. Only the wait for its answer is in the thread.
        asked = remote.ask(
            request(game, line, made, self.level, None if base is None else base.pair), stop)

        def answer() -> Judgement | None:
            found = None if asked is None else remote.answer(asked)
            return found if isinstance(found, Judgement) else None

        def judged(judgement: Judgement | None) -> None:
            self._weighing.discard(stop)
            if stop.is_set() or judgement is None:
                return
            if view is not None and turn:
                self._keep(at, turn, view, judgement)
            done(judgement)

        self.clock.work(answer, judged, COACH)

    def weigh_for_the_review(self, game: Game, at: int, made: Action, view: View,
                             turn: int) -> None:
        """With the coach off: the coach's process judges `made` in the background's
        turn, and the judgement is kept as the game's review's step (nothing is said)."""
        remote = self.remote
        if remote is None:
            return
        data = request(game, tuple(game.actions[:at]), made, self.level, None)
        asked = remote.work(DECIDE, data, background=True)
        if asked is None:
            return
        stop = threading.Event()
        self._weighing.add(stop)
        self._silent[stop] = asked

        def answer() -> Judgement | None:
            found = None
            for update in remote.follow(asked):
                if isinstance(update, dict) and isinstance(update.get("judgement"), dict):
                    found = Judgement.from_json(update["judgement"])
            return found

        def judged(judgement: Judgement | None) -> None:
            self._weighing.discard(stop)
            self._silent.pop(stop, None)
            if not stop.is_set() and judgement is not None:
                self._keep(at, turn, view, judgement)

        self.clock.work(answer, judged, COACH)

    def _keep(self, at: int, turn: int, view: View, judgement: Judgement) -> None:
        """The judgement of the decision at `at` kept as the game's review's step."""
        verdict = judgement.verdict
        if verdict is not None:
            self.judged[at] = (Moment.of(at, turn, view, verdict), verdict.playouts)

    # ---------------------------------------------------------------- pondering

    def _turn_request(self, game: Game, least: int = 2) -> dict[str, Any] | None:
        """The coach's request for the race of the player's turn in `game` (None: not a
        turn of theirs with `least` options, or a position the coach cannot rebuild)."""
        decision = next_decision(game)
        if decision is None or decision.seat != HUMAN \
                or decision.kind is not DecisionKind.TURN or len(decision.actions) < least:
            return None
        base = self.base if self.base is not None else base_of(game, self.dealt)
        line = tuple(game.actions)
        if not base.dealt and base.at > len(line):
            return None
        return request(game, line, None, self.level, base.pair)

    def ponder(self, game: Game) -> None:
        """The coach's process starts the race of the player's turn in `game` as the turn
        arrives, while the player thinks: the hint is then ready at once, and the move's
        judgement starts from it. A race for a position that is gone is let go."""
        remote = self.remote
        data = self._turn_request(game) if remote is not None else None
        if data is not None:
            data["ponder"] = True  # once the race is run, the likely moves' tests
        if self.pondering is not None and self.pondering[0] == data:
            return  # the same turn, still pondered
        self.stop_pondering()
        if data is not None and remote is not None:
            asked = remote.ponder(data)
            if asked is not None:
                self.pondering = (data, asked)

    def stop_pondering(self) -> None:
        if self.pondering is not None and self.remote is not None:
            self.remote.cancel(self.pondering[1])
        self.pondering = None

    # ---------------------------------------------------------------- the line of play

    def position_before(self, game: Game, at: int) -> Game:
        """`game` as it stood before its action number `at`, with the same hidden cards
        and deck order (OffTheLine if it cannot be rebuilt): what is being weighed or
        pondered is dropped, with the judgements of the decisions from there on, and the
        base moves to that position if the line from the table's start is gone (a base
        must stay on the line being played)."""
        before = position_before(game, at, self.base)
        self.stop()
        self.judged = {n: j for n, j in self.judged.items() if n < at}
        if self.base is not None and at < self.base.at:
            self.base = base_of(before, self.dealt)
        return before

    def stop(self) -> None:
        """Drop every judgement under way and the pondering (the table goes, a move is
        taken back, the coach is turned off)."""
        for stop in self._weighing:
            stop.set()
        self._weighing.clear()
        if self.remote is not None:
            for asked in self._silent.values():
                self.remote.cancel(asked)
            self.remote.wake()  # the child drops what it was judging for them
        self._silent.clear()
        self.stop_pondering()

    def saved(self) -> dict[str, Any]:
        """What the save keeps of the coach: the decisions judged so far (the review's
        first steps)."""
        if not self.judged:
            return {}
        return {"weighed": [[m.as_json(), n] for _, (m, n) in sorted(self.judged.items())]}

    def review_so_far(self, game: Game) -> dict[str, Any] | None:
        """Once `game`'s match is over: its review as far as the coach weighed it at the
        table (a dealt match's, by the coach the review uses), or None."""
        if not self.judged or not self.dealt:
            return None
        so_far = weighed_at_the_table(Game(game.rules, game.seats, game.seed), game.actions,
                                      self.judged, self.level, SEED)
        return None if so_far is None else so_far.as_json()


def _judged_of(saved: Any) -> dict[int, tuple[Moment, int]]:
    """The judged decisions a save kept (what cannot be read is left out: the review
    weighs it again)."""
    judged: dict[int, tuple[Moment, int]] = {}
    for entry in saved if isinstance(saved, list) else ():
        try:
            moment = Moment.from_json(entry[0])
            judged[moment.index] = (moment, int(entry[1]))
        except (AttributeError, KeyError, IndexError, TypeError, ValueError):
            continue
    return judged
