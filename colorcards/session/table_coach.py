"""The coach at one table: the hint, the pondering of the player's turn, the note on each
decision of theirs (and its mark, for T), and where positions are rebuilt from.

The controller (controller.py) asks this of it, and nothing else: `marking` and `marked`
around the player's move, `hint`, `ponder` as the table moves on, `turn_on`/`turn_off`
from the pause menu, `position_before` for a take-back, `resume` and `stop` as the table
sits down and goes, `saved` for the save. Everything is weighed in the coach's process
(`coach/remote.py`) when the table has one; a host without one (the controller's own
tests) weighs in its thread instead. What a judgement says comes back to the table
through `CoachedTable.coach_spoke`, on the table's loop.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from ..coach import Advice, Coach
from ..coach.remote import Asked, Judgement, RemoteCoach, request
from ..engine import CALL, Action, Card, DecisionKind, Game, View, next_decision
from ..replay.review import Moment, weighed_at_the_table
from ..settings import GameSettings
from .clocks import Timer
from .seating import HUMAN
from .table_log import TableLog
from .tutor import Base, Mark, OffTheLine, base_of, line_position, note_words
from .tutor import position_before as replayed_before
from .wording import Words

TAKE_BACKS = 20
"""How many of the player's decisions T can take back, one after another (each keeps
the computers' generators as they were: a few kilobytes)."""


class CoachHost(Protocol):
    """What the coach needs of the host the table is played at."""

    def schedule(self, seconds: float, callback: Callable[[], None]) -> Timer: ...

    def weigh(self, judge: Callable[[], Any], done: Callable[[Any], None]) -> None:
        """Run `judge` away from the event loop; then `done(result)` on the loop."""


class CoachedTable(Protocol):
    """What the coach needs of the table (the controller)."""

    @property
    def game(self) -> Game: ...

    @property
    def settings(self) -> GameSettings: ...

    @property
    def host(self) -> CoachHost: ...

    @property
    def words(self) -> Words: ...

    @property
    def table_log(self) -> TableLog: ...

    @property
    def rngs(self) -> list[random.Random | None]: ...

    @property
    def arrangement(self) -> list[Card]: ...


    def view(self) -> View: ...

    def name(self, seat: int) -> str: ...

    def run_thinking(self, decide: Callable[[], Any], done: Callable[[Any], None]) -> None:
        """Think away from the loop as the computers do; `done` only if still wanted."""

    def coach_spoke(self) -> None:
        """A judgement came back (a note, or a mark now judged): save and redraw."""


@dataclass(frozen=True)
class Marking:
    """The player's decision as it is about to be made: its mark, and the view and
    options to weigh it in (none when it is not weighed)."""

    mark: Mark | None
    """None: the coach is off, and the decision is weighed for the game's review alone."""
    view: View | None
    legal: tuple[Action, ...]
    turn: int = 0
    """The turn of the match it is made on (1-based)."""
    at: int = 0
    """Where in the match's actions it is made."""


class TableCoach:
    """The coach of one table (see the module docstring)."""

    def __init__(self, table: CoachedTable, remote: RemoteCoach | None, *, dealt: bool,
                 mark: Mark | None, note: str | None, weighed: Any = None,
                 review_as_played: bool = True, unseen: Any = None,
                 pending: Any = None) -> None:
        self.table = table
        self.coach = Coach(table.settings.difficulty)
        """The coach behind the hint and the tutor (the review's judge), for a host
        without the coach's process."""
        self.remote: RemoteCoach | None = remote
        """The coach's own process, when the table has one: everything is weighed there,
        off the table's interpreter (else in the host's thread)."""
        self.mark = mark
        """The player's last decision, while it may be taken back (with the coach on)."""
        self.note = note if mark else None
        """The coach's note on that decision, while it is the last one."""
        self.earlier: list[Mark] = []
        """The player's decisions before the last, the latest last (at most `TAKE_BACKS`
        in all, and none from before the table sat down or a round's start): T after a
        take-back takes the one before back."""
        self.noted: dict[int, tuple[str, int]] = {}
        """The coach's notes on the decisions of the line played since the table sat
        down, by where each was made: the note, and the log's count when it was written."""
        self.unseen: list[str] = [str(n) for n in unseen] if isinstance(unseen, list) else []
        """The notes on earlier decisions that came after the player had moved on, until
        the player's next key (`seen`): they stay on the status line till then, and in
        the log."""
        self._left: list[int] = ([int(n) for n in pending if isinstance(n, int)]
                                 if isinstance(pending, list) else [])
        """Where the decisions were made whose judgements had not come when the game was
        left (the save's): `resume` weighs them again."""
        self.dealt = dealt
        """The match began with a deal from its seed (not at a prepared position)."""
        self.base: Base | None = base_of(table.game, dealt) if table.settings.coach else None
        """The game as the table sat down at it, on the line being played: what a
        take-back and the coach rebuild positions from (past it), else the deal."""
        self.pondering: tuple[dict[str, Any], Asked] | None = None
        """The race of the player's turn the coach's process runs while they think (the
        request, and its ask), until the position is gone."""
        self.judged: dict[int, tuple[Moment, int]] = _judged_of(weighed)
        """The player's decisions of the line being played that the coach has judged, by
        the action's index: each as the game's review has it, and the play-outs it took.
        They are the review's first steps once the game is over."""
        self.review_as_played = review_as_played
        """With the coach off, whether the player's decisions are still weighed (in the
        background's turn) for the game's review: off with the background reviews."""
        self._weighing: dict[threading.Event, int] = {}
        """Each judgement still running, by the event that stops it (the table goes, the
        move is taken back), with where its decision was made. A judgement outlives the
        player's next move: its note is still given, only the move can no longer be
        taken back."""
        self._silent: dict[threading.Event, Asked] = {}
        """The judgements made for the review alone (the coach off), by their stop."""

    @property
    def on(self) -> bool:
        return self.table.settings.coach

    @property
    def weighing(self) -> bool:
        """True while the coach is judging a move of the player's (tests wait on it)."""
        return bool(self._weighing)

    @property
    def notes_due(self) -> bool:
        """With the coach on, a judgement of the player's whose note may still come."""
        return self.on and any(stop not in self._silent for stop in self._weighing)

    @property
    def awaited(self) -> bool:
        """The coach is still weighing the player's last decision (its note, if any, is
        yet to come): what the status line says while that decision is the last."""
        mark = self.mark
        return (mark is not None and mark.weighed and not mark.judged
                and mark.at in self._weighing.values())

    # ---------------------------------------------------------------- the player's move

    def marking(self, action: Action) -> Marking | None:
        """Before the player's `action` is applied, with the coach on: the mark T takes
        back to, and what to weigh it in if it is a turn of their own with a choice (a
        call of Last Card is no decision: the card played after it is weighed). With the
        coach off, a dealt game's decision with a choice is still weighed, in the coach's
        process at the background's turn, for the game's review alone (no mark, no note)."""
        if action is CALL or not (self.on or (self.remote is not None and self.dealt
                                               and self.review_as_played)):
            return None
        table = self.table
        decision = next_decision(table.game)
        weighed = (decision is not None and decision.seat == HUMAN
                   and decision.kind is DecisionKind.TURN and len(decision.actions) > 1)
        if not self.on:
            if not weighed or decision is None:
                return None
            return Marking(None, table.view(), decision.actions, table.game.total_turns + 1,
                           len(table.game.actions))
        mark = Mark.take(len(table.game.actions), table.rngs, table.arrangement,
                         table.table_log.logged, tuple(table.table_log.rounds), weighed)
        if weighed and decision is not None:
            return Marking(mark, table.view(), decision.actions, table.game.total_turns + 1,
                           mark.at)
        return Marking(mark, None, (), at=mark.at)

    def marked(self, marking: Marking | None, made: Action) -> None:
        """After the player's move: it is the one T takes back, weighed if it is to be;
        the race pondered on the position is let go (the judgement took it over)."""
        mark = None if marking is None else marking.mark
        if marking is not None and mark is None and marking.view is not None:
            self._weigh_for_the_review(marking.at, made, marking.view, marking.turn)
        elif marking is not None and mark is not None:
            if self.mark is not None:  # T after a take-back goes back to it
                self.earlier = [*self.earlier, self.mark][-TAKE_BACKS + 1:]
            self.mark, self.note = mark, None
            if mark.weighed:
                self._weigh(mark.at, made, marking.view, marking.legal, marking.turn, mark)
        self._stop_pondering()

    def forget(self) -> None:
        """No move of the player's to take back (a round over, the clock decided)."""
        self.mark = self.note = None
        self.earlier = []

    def seen(self) -> bool:
        """The player pressed a key: the notes that came late have been seen (they stay
        in the log). Whether there were any."""
        if not self.unseen:
            return False
        self.unseen = []
        return True

    # ---------------------------------------------------------------- the hint

    def hint(self, done: Callable[[Advice | None], None]) -> None:
        """Ask the coach (the same judge as the review) what to do in the human's seat,
        in its own process (from the race pondered on the turn, when there is one);
        `done` gets its advice, or None if the coach could not say."""
        table = self.table
        decision = next_decision(table.game)
        if decision is None or decision.seat != HUMAN or decision.kind is not DecisionKind.TURN:
            return
        remote = self.remote
        if remote is not None:
            data = self._turn_request(least=1)
            if data is None:
                done(None)
                return
            table.run_thinking(lambda: remote.advise(data), done)
            return
        view = table.view()  # a host without the coach's process (tests): judged here
        coach = self.coach

        def decide() -> Advice:
            return coach.advise(view, decision.actions)

        table.run_thinking(decide, done)

    # ---------------------------------------------------------------- on and off

    def turn_on(self) -> None:
        if self.base is None:
            self.base = base_of(self.table.game, self.dealt)

    def turn_off(self) -> None:
        """Forget the move that could be taken back; drop what is being weighed."""
        self.stop()
        self.mark = self.note = None
        self.earlier = []

    # ---------------------------------------------------------------- take-back

    def position_before(self, mark: Mark) -> Game:
        """The game as it stood before the marked decision, with the same hidden cards
        and deck order (OffTheLine if it cannot be rebuilt); what is being weighed or
        pondered is dropped, and the base moves to that position if the line from the
        table's start is gone (a base must stay on the line being played)."""
        before = replayed_before(self.table.game, mark.at, self.base)
        self.stop(since=mark.at)  # the earlier decisions' judgements go on
        self.judged = {at: j for at, j in self.judged.items() if at < mark.at}
        if self.base is not None and mark.at < self.base.at:
            self.base = base_of(before, self.dealt)
        self.mark = self.earlier.pop() if self.earlier else None
        self.note = None
        if self.mark is not None and self.mark.at in self.noted:
            self.note = self.noted[self.mark.at][0] + " T: take it back."
        self.noted = {at: n for at, n in self.noted.items() if at < mark.at}
        return before

    def taken_back(self, mark: Mark) -> None:
        """Once the log has lost the lines written since `mark`: the notes on the earlier
        decisions that came after it are written again (those decisions are still
        played)."""
        log = self.table.table_log
        for at, (note, written) in sorted(self.noted.items()):
            if written >= mark.logged:
                self.noted[at] = (note, log.logged)
                log.coach_note(note)

    # ---------------------------------------------------------------- sitting and going

    def resume(self) -> None:
        """As the table sits down: weigh again each decision whose judgement never came
        (the game was left before it did), the last one as the move T takes back."""
        mark, game = self.mark, self.table.game
        left, self._left = self._left, []
        if not self.on:
            return
        todo = {at for at in left if at not in self.judged}
        if mark is not None and not mark.judged and mark.at not in self.judged:
            todo.add(mark.at)
        for at in sorted(todo):
            if at < len(game.actions):
                self._weigh(at, game.actions[at][1], None, (),
                            mark=mark if mark is not None and mark.at == at else None)

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
        self._stop_pondering()

    def saved(self, logged: int) -> dict[str, Any]:
        """What the save keeps of the coach: the mark (T after Continue) and its note,
        and the decisions judged so far (the review's first steps)."""
        extra: dict[str, Any] = {}
        if self.judged:
            extra["weighed"] = [[m.as_json(), n] for _, (m, n) in sorted(self.judged.items())]
        pending = sorted(at for stop, at in self._weighing.items() if stop not in self._silent)
        if pending and self.on:
            extra["pending"] = pending
        if self.unseen:
            extra["unseen"] = list(self.unseen)
        if self.mark is None:
            return extra
        extra["tutor"] = self.mark.as_json(logged)
        if self.note:
            extra["note"] = self.note
        return extra

    def review_so_far(self, hinted: tuple[int, ...] = ()) -> dict[str, Any] | None:
        """Once the match is over: its review as far as the coach weighed it at the
        table (a dealt match's, by the coach the review uses), `hinted` its decisions
        made after a hint; or None."""
        game = self.table.game
        if not self.judged or not self.dealt:
            return None
        so_far = weighed_at_the_table(Game(game.rules, game.seats, game.seed), game.actions,
                                      self.judged, self.coach.level, self.coach.seed, hinted)
        return None if so_far is None else so_far.as_json()

    # ---------------------------------------------------------------- judging

    def _weigh(self, at: int, made: Action, view: View | None, legal: tuple[Action, ...],
               turn: int = 0, mark: Mark | None = None) -> None:
        """The coach judges `made`, the decision at `at`, in the host's thread (from the
        position replayed there when the view before it was not kept: after Continue);
        the judgement is kept as the review's step, and a costly move gets a note: on
        the status line with T while `mark` is the last decision, else until the
        player's next key (`unseen`); in the log either way."""
        table = self.table
        stop = threading.Event()
        coach, remote = self.coach, self.remote
        game = table.game
        base = self.base
        done = tuple(game.actions[:at])  # the line up to the move, taken now
        level = table.settings.difficulty
        if base is not None and not base.dealt and base.at > len(done):
            return  # made before a prepared table's start: nothing to rebuild it from
        self._weighing[stop] = at

        # Asked now, before the pondering of the position is let go: the judgement
        # takes the pondered race over. Only the wait for its answer is in the thread.
        asked = None if remote is None else remote.ask(
            request(game, done, made, level, None if base is None else base.pair), stop)

        def judge() -> tuple[View, int, Judgement] | None:
            nonlocal view, legal, turn
            if view is None:  # the view before the move was not kept: rebuild it here
                try:
                    before = line_position(game.rules, game.seats, game.seed, done, base)
                except OffTheLine:
                    return None  # not a position of this line: no note
                decision = next_decision(before)
                if decision is None:
                    return None
                view, legal = before.view(HUMAN), decision.actions
                turn = before.total_turns + 1
            if remote is not None:
                answer = None if asked is None else remote.answer(asked)
                judgement = answer if isinstance(answer, Judgement) else None
            else:
                verdict = coach.judge(view, legal, made, stop=stop.is_set)
                judgement = None if verdict is None else Judgement.of(verdict)
            return None if judgement is None else (view, turn, judgement)

        def judged(found: tuple[View, int, Judgement] | None) -> None:
            self._weighing.pop(stop, None)
            if stop.is_set():
                return
            if found is None:  # the coach could not say: nothing is waited for any more
                table.coach_spoke()
                return
            seen_from, on_turn, judgement = found
            self._keep(at, on_turn, seen_from, judgement)
            last = mark is not None and self.mark is mark  # it may still be taken back
            if last and mark is not None:
                self.mark = mark.with_(judged=True)
            if judgement.costly:
                words = table.words
                note = note_words(judgement, words.card, words.colour,
                                  [table.name(s) for s in range(table.game.seats)])
                self.noted[at] = (note, table.table_log.logged)
                table.table_log.coach_note(note)
                if last:
                    self.note = note + " T: take it back."
                else:
                    self.unseen.append(note)
            table.coach_spoke()

        table.host.weigh(judge, judged)

    def _weigh_for_the_review(self, at: int, made: Action, view: View, turn: int) -> None:
        """With the coach off: the coach's process judges `made` in the background's
        turn, and the judgement is kept as the game's review's step (nothing is said)."""
        remote, table = self.remote, self.table
        if remote is None:
            return
        game = table.game
        data = request(game, tuple(game.actions[:at]), made, table.settings.difficulty, None)
        asked = remote.review({"decision": data}, background=True)
        if asked is None:
            return
        stop = threading.Event()
        self._weighing[stop] = at
        self._silent[stop] = asked

        def judge() -> Judgement | None:
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

        table.host.weigh(judge, judged)

    def _keep(self, at: int, turn: int, view: View, judgement: Judgement) -> None:
        """The judgement of the decision at `at` kept as the game's review's step."""
        verdict = judgement.verdict
        if verdict is not None:
            self.judged[at] = (Moment.of(at, turn, view, verdict), verdict.playouts)

    # ---------------------------------------------------------------- pondering

    def _turn_request(self, least: int = 2) -> dict[str, Any] | None:
        """The coach's request for the race of the player's turn now (None: not a turn of
        theirs with `least` options, or a position the coach cannot rebuild)."""
        game = self.table.game
        decision = next_decision(game)
        if decision is None or decision.seat != HUMAN \
                or decision.kind is not DecisionKind.TURN or len(decision.actions) < least:
            return None
        base = self.base if self.base is not None else base_of(game, self.dealt)
        done = tuple(game.actions)
        if not base.dealt and base.at > len(done):
            return None
        return request(game, done, None, self.table.settings.difficulty, base.pair)

    def ponder(self) -> None:
        """With the coach on, its process starts the race of the player's turn as the
        turn arrives, while the player thinks: the hint is then ready at once, and the
        move's judgement starts from it. A race for a position that is gone is let go."""
        remote = self.remote
        data = self._turn_request() if remote is not None and self.on else None
        if data is not None:
            data["ponder"] = True  # once the race is run, the likely moves' tests
        if self.pondering is not None and self.pondering[0] == data:
            return  # the same turn, still pondered
        self._stop_pondering()
        if data is not None and remote is not None:
            asked = remote.ponder(data)
            if asked is not None:
                self.pondering = (data, asked)

    def _stop_pondering(self) -> None:
        if self.pondering is not None and self.remote is not None:
            self.remote.cancel(self.pondering[1])
        self.pondering = None


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
