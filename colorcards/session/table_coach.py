"""The coach at one table: the hint, the pondering of the player's turn, the note on each
decision of theirs (and its mark, for T), and where positions are rebuilt from.

The controller (controller.py) asks this of it, and nothing else: `marking` and `marked`
around the player's move, `hint`, `ponder` as the table moves on, `turn_on`/`turn_off`
from the pause menu, `position_before` for a take-back, `resume` and `stop` as the table
sits down and goes, `saved` for the save. Everything is weighed in the coach's process
(`coach/remote.py`), the one place the coach judges anything; a table without it has no
coach to ask (the hint says so, nothing is judged). What a judgement says comes back to
the table through `CoachedTable.coach_spoke`, on the table's loop.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from ..coach import SEED, Advice
from ..coach.remote import Asked, Judgement, RemoteCoach, request
from ..coach.service import decision as judging_job
from ..coach.service import job_name
from ..engine import CALL, Action, Card, DecisionKind, Game, View, next_decision
from ..replay.review import Moment, weighed_at_the_table
from ..settings import GameSettings
from .clocks import Timer
from .seating import HUMAN
from .table_log import TableLog
from .tutor import Base, Mark, base_of, note_words
from .tutor import position_before as replayed_before
from .wording import Words

DECIDE = job_name(judging_job)
"""The coach's process's job of judging one move (with the coach off, for the review)."""


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
                 review_as_played: bool = True) -> None:
        self.table = table
        self.remote: RemoteCoach | None = remote
        """The coach's own process, where everything is weighed, off the table's
        interpreter (None: no coach to ask)."""
        self.mark = mark
        """The player's last decision, while it may be taken back (with the coach on)."""
        self.note = note if mark else None
        """The coach's note on that decision, while it is the last one."""
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
        self._weighing: set[threading.Event] = set()
        """Each judgement still running, by the event that stops it (the table goes, the
        move is taken back). A judgement outlives the player's next move: its note is
        still given, only the move can no longer be taken back."""
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
    def awaited(self) -> bool:
        """The coach is still weighing the player's last decision (its note, if any, is
        yet to come): what the status line says while that decision is the last."""
        mark = self.mark
        return mark is not None and mark.weighed and not mark.judged and bool(self._weighing)

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
            self.mark, self.note = mark, None
            if mark.weighed:
                self._weigh(mark, made, marking.view, marking.legal, marking.turn)
        self._stop_pondering()

    def forget(self) -> None:
        """No move of the player's to take back (a round over, the clock decided)."""
        self.mark = self.note = None

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
        data = self._turn_request(least=1)
        if remote is None or data is None:
            done(None)
            return
        table.run_thinking(lambda: remote.advise(data), done)

    # ---------------------------------------------------------------- on and off

    def turn_on(self) -> None:
        if self.base is None:
            self.base = base_of(self.table.game, self.dealt)

    def turn_off(self) -> None:
        """Forget the move that could be taken back; drop what is being weighed."""
        self.stop()
        self.mark = self.note = None

    # ---------------------------------------------------------------- take-back

    def position_before(self, mark: Mark) -> Game:
        """The game as it stood before the marked decision, with the same hidden cards
        and deck order (OffTheLine if it cannot be rebuilt); what is being weighed or
        pondered is dropped, and the base moves to that position if the line from the
        table's start is gone (a base must stay on the line being played)."""
        before = replayed_before(self.table.game, mark.at, self.base)
        self.stop()
        self.judged = {at: j for at, j in self.judged.items() if at < mark.at}
        if self.base is not None and mark.at < self.base.at:
            self.base = base_of(before, self.dealt)
        self.mark = self.note = None
        return before

    # ---------------------------------------------------------------- sitting and going

    def resume(self) -> None:
        """As the table sits down: weigh the last decision if its judgement never came
        (the game was left before it did)."""
        mark, game = self.mark, self.table.game
        if mark is not None and not mark.judged and self.on and mark.at < len(game.actions):
            self._weigh(mark, game.actions[mark.at][1], None, ())

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
        self._stop_pondering()

    def saved(self, logged: int) -> dict[str, Any]:
        """What the save keeps of the coach: the mark (T after Continue) and its note,
        and the decisions judged so far (the review's first steps)."""
        extra: dict[str, Any] = {}
        if self.judged:
            extra["weighed"] = [[m.as_json(), n] for _, (m, n) in sorted(self.judged.items())]
        if self.mark is None:
            return extra
        extra["tutor"] = self.mark.as_json(logged)
        if self.note:
            extra["note"] = self.note
        return extra

    def review_so_far(self) -> dict[str, Any] | None:
        """Once the match is over: its review as far as the coach weighed it at the
        table (a dealt match's, by the coach the review uses), or None."""
        game = self.table.game
        if not self.judged or not self.dealt:
            return None
        so_far = weighed_at_the_table(Game(game.rules, game.seats, game.seed), game.actions,
                                      self.judged, self.table.settings.difficulty, SEED)
        return None if so_far is None else so_far.as_json()

    # ---------------------------------------------------------------- judging

    def _weigh(self, mark: Mark, made: Action, view: View | None,
               legal: tuple[Action, ...], turn: int = 0) -> None:
        """The coach judges `made` in the host's thread (from the position replayed, when
        the view before it was not kept: after Continue); a costly move gets a note."""
        table = self.table
        remote = self.remote
        if remote is None:
            return  # no coach to ask
        stop = threading.Event()
        self._weighing.add(stop)
        game = table.game
        base = self.base
        done = tuple(game.actions[:mark.at])  # the line up to the move, taken now
        level = table.settings.difficulty
        if base is not None and not base.dealt and base.at > len(done):
            return  # made before a prepared table's start: nothing to rebuild it from

        # Asked now, before the pondering of the position is let go: the judgement
        # takes the pondered race over. Only the wait for its answer is in the thread.
        asked = remote.ask(
            request(game, done, made, level, None if base is None else base.pair), stop)

        def judge() -> Judgement | None:
            answer = None if asked is None else remote.answer(asked)
            return answer if isinstance(answer, Judgement) else None

        def judged(verdict: Judgement | None) -> None:
            self._weighing.discard(stop)
            if stop.is_set() or verdict is None:
                return
            if view is not None and turn:
                self._keep(mark.at, turn, view, verdict)
            last = self.mark is mark  # still the last decision: it may be taken back
            if last:
                self.mark = mark.with_(judged=True)
            if verdict.costly:
                words = table.words
                note = note_words(verdict, words.card, words.colour,
                                  [table.name(s) for s in range(table.game.seats)])
                table.table_log.note(note)
                if last:
                    self.note = note + " T: take it back."
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
        asked = remote.work(DECIDE, data, background=True)
        if asked is None:
            return
        stop = threading.Event()
        self._weighing.add(stop)
        self._silent[stop] = asked

        def judge() -> Judgement | None:
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
