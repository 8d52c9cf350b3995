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
from .tutor import Base, OffTheLine, base_of, line_position, position_before

DECIDE = job_name(judging_job)
"""The coach's process's job of judging one move (with the coach off, for the review)."""

TAKE_BACKS = 20
"""How many of the player's decisions T can take back, one after another (each keeps
the computers' generators as they were: a few kilobytes)."""


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
        self._weighing: dict[threading.Event, int] = {}
        """Each judgement still running, by the event that stops it (the table goes, the
        move is taken back), with where its decision was made. A judgement outlives the
        player's next move: its note is still given, only the move can no longer be
        taken back."""
        self._silent: dict[threading.Event, Asked] = {}
        """The judgements made for the review alone (the coach off), by their stop."""

    @property
    def weighing(self) -> bool:
        """True while the coach is judging a move of the player's."""
        return bool(self._weighing)

    def weighing_at(self, at: int) -> bool:
        """Whether the decision made at action `at` is still being judged."""
        return at in self._weighing.values()

    @property
    def notes_due(self) -> bool:
        """A judgement of the player's is still running whose note may come (not one
        made for the review alone)."""
        return any(stop not in self._silent for stop in self._weighing)

    @property
    def pending(self) -> list[int]:
        """Where the decisions were made whose judgements (with a note to come) are still
        running: weighed again if the game is left before they come (the save's)."""
        return sorted(at for stop, at in self._weighing.items() if stop not in self._silent)

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
              done: Callable[[Judgement | None], None]) -> None:
        """The coach judges `made`, the player's decision at action `at` of `game`'s line;
        the judgement is kept as the review's step (from the player's `view` before it
        on `turn`, or, not kept (after Continue), the position replayed in the wait's
        thread) and handed to `done`, or None if the coach could not say (not once the
        judgement is dropped: `stop`)."""
        remote = self.remote
        base = self.base
        line = tuple(game.actions[:at])  # the line up to the move, taken now
        if remote is None or (base is not None and not base.dealt and base.at > len(line)):
            return  # no coach to ask, or made before a prepared table's start
        stop = threading.Event()
        self._weighing[stop] = at
        # Asked now, before the pondering of the position is let go: the judgement
        # takes the pondered race over. Only the wait for its answer is in the thread.
        asked = remote.ask(
            request(game, line, made, self.level, None if base is None else base.pair), stop)
        rules, seats, seed = game.rules, game.seats, game.seed

        def answer() -> tuple[View, int, Judgement] | None:
            seen_from, on_turn = view, turn
            if seen_from is None:  # the view before the move was not kept: rebuild it
                try:
                    before = line_position(rules, seats, seed, line, base)
                except OffTheLine:
                    return None  # not a position of this line
                seen_from, on_turn = before.view(HUMAN), before.total_turns + 1
            found = None if asked is None else remote.answer(asked)
            return (seen_from, on_turn, found) if isinstance(found, Judgement) else None

        def judged(found: tuple[View, int, Judgement] | None) -> None:
            self._weighing.pop(stop, None)
            if stop.is_set():
                return
            if found is None:  # the coach could not say: nothing is waited for any more
                done(None)
                return
            seen_from, on_turn, judgement = found
            self._keep(at, on_turn, seen_from, judgement)
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
        self._weighing[stop] = at
        self._silent[stop] = asked

        def answer() -> Judgement | None:
            found = None
            for update in remote.follow(asked):
                if isinstance(update, dict) and isinstance(update.get("judgement"), dict):
                    found = Judgement.from_json(update["judgement"])
            return found

        def judged(judgement: Judgement | None) -> None:
            self._weighing.pop(stop, None)
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
        and deck order (OffTheLine if it cannot be rebuilt): what is pondered and the
        judgements of the decisions from there on are dropped (the earlier decisions'
        go on), and the base moves to that position if the line from the table's start
        is gone (a base must stay on the line being played)."""
        before = position_before(game, at, self.base)
        self.stop(since=at)
        self.judged = {n: j for n, j in self.judged.items() if n < at}
        if self.base is not None and at < self.base.at:
            self.base = base_of(before, self.dealt)
        return before

    def stop(self, since: int = 0) -> None:
        """Drop every judgement under way of a decision made at `since` or later, and the
        pondering (the table goes, a move is taken back, the coach is turned off)."""
        for stop, at in list(self._weighing.items()):
            if at >= since:
                stop.set()
                del self._weighing[stop]
        if self.remote is not None:
            for stop, asked in list(self._silent.items()):
                if stop.is_set():
                    self.remote.cancel(asked)
                    del self._silent[stop]
            self.remote.wake()  # the child drops what it was judging for them
        self.stop_pondering()

    def saved(self) -> dict[str, Any]:
        """What the save keeps of the coach: the decisions judged so far (the review's
        first steps)."""
        if not self.judged:
            return {}
        return {"weighed": [[m.as_json(), n] for _, (m, n) in sorted(self.judged.items())]}

    def review_so_far(self, game: Game, hinted: tuple[int, ...] = ()) -> dict[str, Any] | None:
        """Once `game`'s match is over: its review as far as the coach weighed it at the
        table (a dealt match's, by the coach the review uses), `hinted` its decisions
        made after a hint; or None."""
        if not self.judged or not self.dealt:
            return None
        so_far = weighed_at_the_table(Game(game.rules, game.seats, game.seed), game.actions,
                                      self.judged, self.level, SEED, hinted)
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
