"""Drives one game at the table: the human's input, the computers' paced turns, the clocks.

The controller takes over a `Seating` (the game, the meta, the log, the hand order and
each computer's generator) and is built with its host, the `TableHost` protocol (host.py): a
timer (`schedule`), a thread to think in (`think`), and what to tell the host (the
table changed, a round is over, a colour must be named). It never touches Textual, so
it is tested on its own with a host that keeps time by hand; the table screen is the
host in the game. The log in words is a `TableLog` (table_log.py); the order the
player keeps their cards is hand_order.py's. Every change is saved through the store,
with each computer's generator state, so Continue returns to exactly the same table and
the computers then decide exactly as they would have. With the coach on (the tutor,
tutor.py), each decision of the player's is marked so that T can take it back, and
weighed away from the table: all of that, the hint and the pondering are the table's
coach's (table_coach.py), which the controller asks at each step of the player's. What
the screen reads of the table (the queries, none of which changes anything) is the base
class's, `TableReading` (reading.py).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ..bots import Player, make_player
from ..bots.drive import decide
from ..bots.reasons import reason
from ..coach import Advice
from ..coach.remote import RemoteCoach
from ..engine import (
    CLOSE_WINDOW,
    DECLINE,
    NEXT_ROUND,
    TIMEOUT,
    Action,
    Card,
    Decision,
    DecisionKind,
    Draw,
    Game,
    Phase,
    Play,
    copy_rng,
    next_decision,
    parse_card,
    rng_state,
)
from ..settings import SPEED_DELAYS, GameSettings
from . import hand_order
from .autosave import Autosave
from .clocks import Countdown, Timer
from .host import Recorded, TableHost, TableStore
from .meta import TableMeta
from .reading import TableReading
from .seating import HUMAN, Seating
from .table_coach import TableCoach
from .table_log import LOG_KEEP, TableLog
from .tutor import Mark, OffTheLine
from .wording import Words

__all__ = ["CATCH_SECONDS", "HUMAN", "LOG_KEEP", "WINDOW_SECONDS", "GameController",
           "Recorded", "TableHost", "TableStore", "Timer"]

WINDOW_SECONDS = 3.0
"""How long the Last Card window stays open (RULES.md §5, Color Clash)."""
CATCH_SECONDS = 5.0
"""How long the player has to catch a computer that did not call Last Card: time to read
the line that says so and press C. The other computers wait as long before they catch,
so the chance is a fair race and not one only a program can take (the window's 3 s and
a computer's pause were out of a reading person's reach)."""



class GameController(TableReading):
    """One game in progress at the table, from the deal to the last result."""

    def __init__(self, seating: Seating, host: TableHost, *, store: TableStore | None = None,
                 delay: float | None = None, window_seconds: float = WINDOW_SECONDS,
                 turn_seconds: float | None = None, catch_seconds: float = CATCH_SECONDS,
                 clock: Callable[[], float] = time.monotonic,
                 remote: RemoteCoach | None = None, review_as_played: bool = True) -> None:
        game = seating.game
        self.game: Game = game
        """The engine's game. The table reads it only through the methods below."""
        self.host = host
        """The table the game is played at."""
        self.meta: TableMeta = seating.meta
        """What the store keeps beside the game (brought up to date at each save)."""
        self.settings: GameSettings = seating.meta.settings
        self.arrangement = seating.arrangement
        """The human's cards in the order they keep them (the engine keeps card order)."""
        self.rngs = seating.rngs
        """Each computer's own generator (None for the human)."""
        self.players: dict[int, Player] = {
            seat: make_player(self.settings.difficulty) for seat in range(1, game.seats)}
        """Each computer's player, by seat."""
        self.store = store
        self.delay = SPEED_DELAYS.get(self.settings.speed, 0.8) if delay is None else delay
        """Seconds between computer moves."""
        self.grace = self.delay * 2
        self.hurrying = False
        """The player went out and asked to skip to the round's end: the computers play
        on for the places without their pause (play-on rounds)."""
        """Seconds the computers wait before catching the human, time enough to press L."""
        self.window_seconds = window_seconds
        self.catch_seconds = catch_seconds
        """How long the player has to catch a computer that forgot Last Card."""
        self._catch_until: float | None = None
        """When the player's chance to catch the computer that last forgot ends (the
        clock's time; while that computer may still be caught)."""
        self.turn_seconds = turn_seconds
        """Overrides the rules' turn timer length (tests); None uses `rules.turn_timer`."""
        self.clock = clock
        """Seconds, for the clocks' deadlines (the timers themselves are the host's)."""
        self.words = Words(self.meta.names, self.rules.palette, self.rules)
        """The log's and the table's sentences."""
        self.table_log = TableLog(seating.log, seating.meta.rounds, self.words)
        """The match's log in words."""
        self.record: Recorded | None = None
        """The GameRecord the store returned when the match ended."""
        self.paused = False
        self.window = Countdown(host.schedule, clock, self._window_closed)
        """The Last Card window's clock."""
        self.turn_timer = Countdown(host.schedule, clock, self._time_out)
        """The player's turn timer (when the rules have one)."""
        self._step: Timer | None = None
        self._thinking: object = None
        self._finished = game.is_over and seating.meta.finished
        self.autosave = Autosave(store, host.defer_save, self._save_key, self._save_contents,
                                 closed=self._finished)
        """Every change saved before it is drawn (autosave.py)."""
        self.practice = seating.meta.practice or self.settings.coach
        """A practice game (the coach was on, or a move was taken back): kept apart from
        the per-level statistics."""
        self.selected: str | None = seating.meta.extra.get("selected")
        """The card the player's cursor is on (its code), saved with the game: Continue
        after the terminal was killed puts the cursor back on it."""
        mark = Mark.from_json(seating.meta.extra.get("tutor"), len(seating.log), parse_card)
        self.tutor = TableCoach(self, remote, dealt=not seating.meta.extra.get("prepared"),
                                mark=mark, note=seating.meta.extra.get("note"),
                                weighed=seating.meta.extra.get("weighed"),
                                review_as_played=review_as_played)
        """The table's coach: the hint, the pondering, the notes and the marks."""
        if not self.log and game.history and not game.actions:
            # a new deal: who dealt, the first card
            self.table_log.add(self.view().history, None, False)
        self._sync_hand()

    # ---------------------------------------------------------------- the human's input

    def act(self, action: Action) -> None:
        """Apply the human's action; IllegalAction (with the engine's reason) if not allowed.

        With the coach on, the decision is marked first (T can take it back until the
        next one) and, if it was a turn of the player's own, weighed in the host's
        thread while play goes on. A call of Last Card is no decision of its own: the
        card played after it is weighed (as the review does)."""
        marking = self.tutor.marking(action)
        self._apply(action, HUMAN)
        self.tutor.marked(marking, action)
        self.table_log.mine()
        self.advance()

    @property
    def out_and_waiting(self) -> bool:
        """The player has gone out and the others play on for the places."""
        return HUMAN in self.game.out and not self.between_rounds

    def hurry(self) -> bool:
        """Skip to the round's end once the player is out: the computers play on without
        their pause. Whether there was anything to skip."""
        if not self.out_and_waiting:
            return False
        self.hurrying = True
        self.advance()
        return True

    def next_round(self) -> None:
        """Deal the next round after the results (the digest starts again with the deal)."""
        self.hurrying = False
        self.table_log.mine()
        self.tutor.forget()  # a round over keeps its moves
        if self.game.phase is Phase.ROUND_OVER:
            self._apply(NEXT_ROUND, None)
        self.advance()

    def move_card(self, index: int, step: int) -> int:
        """Move the card at `index` one place left or right; return its new index."""
        self.arrangement[:], index = hand_order.move(self.arrangement, index, step)
        self._arranged()
        self._save()
        return index

    def select(self, card: Card | None) -> None:
        """The player's cursor moved to `card` (kept with the next save)."""
        code = card.code if card is not None else None
        if code != self.selected:
            self.selected = code
            self.autosave.request_soon()  # the cursor: no move, written after its frame

    def sort_hand(self) -> str:
        """Sort by colour, or by number if already sorted by colour; say which."""
        self.arrangement[:], how = hand_order.sort_again(self.arrangement)
        self._arranged()
        self._save()
        return how

    def _arranged(self) -> None:
        """Keep the order the player just gave their hand, with the moment, for the replay
        (a second change before the next action replaces the first)."""
        at = len(self.game.actions)
        kept = [entry for entry in self.meta.arranged if entry[0] < at]
        kept.append((at, tuple(c.code for c in self.arrangement)))
        self.meta = self.meta.with_(arranged=tuple(kept))

    def hint(self, done: Callable[[Advice | None], None]) -> None:
        """Ask the coach what to do in the human's seat (`TableCoach.hint`); `done` gets
        its advice, or None if the coach could not say."""
        self.tutor.hint(done)

    # ---------------------------------------------------------------- the tutor

    def set_coach(self, on: bool) -> None:
        """Turn the coach on or off for this game (the pause menu). Turning it on makes
        the game practice; turning it off forgets the move that could be taken back."""
        self.settings = self.settings.with_(coach=on)
        if on:
            self.practice = True
            self.tutor.turn_on()
        else:
            self.tutor.turn_off()
        self._save()
        self.host.changed()

    def take_back_refusal(self) -> str | None:
        """Why there is no move to take back now, or None when there is one (the control
        bar lights Take back by it)."""
        mark = self.mark
        if not self.settings.coach:
            return "Taking a move back is for games with the coach on (Esc, then Coach)."
        if mark is None or mark.at >= len(self.game.actions):
            return "There is no move of yours to take back yet."
        if self.between_rounds:
            return "The round is over: its moves can no longer be taken back."
        return None

    def take_back(self) -> str | None:
        """Return the table exactly to before the player's last decision: the same
        cards, deck order and computers' generators. None once done; else why not."""
        refusal = self.take_back_refusal()
        if refusal is not None:
            return refusal
        mark = self.mark
        assert mark is not None
        try:
            before = self.tutor.position_before(mark)
        except OffTheLine:
            return "That move was made before this table was set up: it cannot be taken back."
        self._cancel_step()
        self._thinking = None
        self.window.cancel()
        self.turn_timer.cancel()
        self.game = before
        self.rngs[:] = [copy_rng(r) if r else None for r in mark.rngs]
        self.arrangement[:] = list(mark.hand)
        self.meta = self.meta.with_(arranged=tuple(
            entry for entry in self.meta.arranged if entry[0] <= mark.at))
        self.table_log.take_back(mark.logged, mark.rounds)
        self.practice = True
        self.autosave.forget()
        self.advance()
        return None

    # ---------------------------------------------------------------- for the table's coach

    def run_thinking(self, decide: Callable[[], Any], done: Callable[[Any], None]) -> None:
        """Think away from the loop as the computers do: `done` only if nothing took
        the table on meanwhile (a move, a take-back, a pause)."""
        self._run_thinking(decide, done)

    def coach_spoke(self) -> None:
        """A judgement came back: save its note (or the mark now judged) and redraw."""
        self._save()
        self.host.changed()

    # ---------------------------------------------------------------- the loop

    def start(self) -> None:
        self.tutor.resume()
        self.advance()

    def stop(self) -> None:
        """Write any waiting save and cancel every timer (the table is going away)."""
        self.flush_save()
        self._cancel_step()
        self.window.cancel()
        self.turn_timer.cancel()
        self._thinking = None
        self.tutor.stop()

    def pause(self) -> None:
        """Hold everything while something covers the table; the turn timer keeps its time."""
        self.flush_save()
        if self.paused:
            return
        self.paused = True
        self._cancel_step()
        self.window.cancel()
        self.turn_timer.hold()  # the turn timer goes on where it stopped
        self._thinking = None

    def resume_play(self) -> None:
        """Play on after `pause`."""
        if not self.paused:
            return
        self.paused = False
        self.advance()

    def advance(self) -> None:
        """Save, redraw, and set up whatever happens next."""
        self._cancel_step()
        self._sync_hand()
        self._save()
        if not self.paused:
            self._plan()
            self.tutor.ponder()
        self.host.changed()

    def _plan(self) -> None:
        """Start the clocks and schedule what happens next, as the engine's next decision
        says: a computer's turn after `delay`, the reactions to a missed Last Card call
        after the time to call it late, the results between rounds. The player's own
        decisions wait for their keys (the turn timer, the window's clock and the
        reactions' wait bound them)."""
        game = self.game
        decision = next_decision(game)
        if decision is None or decision.kind is DecisionKind.DEAL:
            self.window.cancel()
            self.turn_timer.cancel()
            match = decision is None
            if match:
                self._finish()
            self._after(lambda: self.host.round_over(match))
            return
        if game.phase is Phase.WINDOW:
            # Skipping to the round's end (the player is out): no one waits for a late call.
            self.window.start((len(game.actions), game.current),
                              0.0 if self.hurrying else self.window_seconds)
        else:
            self.window.cancel()
        kind, seat = decision.kind, decision.seat
        seconds = self.rules.turn_timer if self.turn_seconds is None else self.turn_seconds
        if kind is DecisionKind.TURN and seat == HUMAN and self.rules.turn_timer:
            self.turn_timer.start((game.round, game.total_turns), seconds)
        else:
            self.turn_timer.cancel()
        if kind is DecisionKind.REACTION:
            if self.hurrying:
                wait = 0.0
            elif game.vulnerable == HUMAN:
                wait = self.grace
            elif seat == game.vulnerable:
                wait = self.delay  # the computer that forgot: calls late or lets it go
            else:
                wait = max(self.delay, self.catch_left() or 0.0)  # the player's chance first
            self._step = self.host.schedule(wait, self._react)
        elif kind is DecisionKind.WINDOW:
            return  # the window's clock closes it
        elif seat == HUMAN:
            if game.phase is Phase.NAME_COLOUR:
                self._after(self.host.name_colour)
        else:
            self._computer_turn()

    # ---------------------------------------------------------------- computers

    def _computer_turn(self) -> None:
        """A computer thinks now (in the host's thread) and plays once its pause is over.

        The pause runs while it thinks, so a move comes `delay` after the last one however
        long the thinking took (up to `delay`): the timing says nothing about the choice,
        e.g. whether a drawn card it keeps could have been played."""
        game = self.game
        decision = next_decision(game)
        if decision is None or decision.kind is not DecisionKind.TURN or self.paused:
            return
        seat = decision.seat
        if seat is None or seat == HUMAN:
            return
        view = game.view(seat)
        legal = decision.actions
        own = self.rngs[seat]
        assert own is not None  # every computer has its generator
        rng = copy_rng(own)
        player = self.players[seat]
        token = len(game.actions)
        due = self.clock() + (0.0 if self.hurrying
                              else max(self.delay, self.catch_left() or 0.0))

        def decide() -> Action:
            return player.choose(view, legal, rng)

        def play_it(action: Action) -> None:
            self._step = None
            if token != len(self.game.actions) or self.paused:
                self.advance()  # the table moved on meanwhile (a catch): think again
                return
            self.rngs[seat] = rng
            self._apply(action, seat)
            if isinstance(action, Draw):
                self._drew(seat)
                return
            self.advance()

        def decided(action: Action) -> None:
            wait = due - self.clock()
            if wait > 0:
                self._step = self.host.schedule(wait, lambda: play_it(action))
            else:
                play_it(action)

        self._run_thinking(decide, decided)

    def _drew(self, seat: int) -> None:
        """A computer drew: the table shows it one pause later, with what became of the
        card. A card it can play is a second decision (play or keep), thought about now
        and applied after that pause; one it cannot play was kept in the same step, and
        the table waits the same pause before showing it and moving on. Either way the
        draw appears with its outcome and the next seat moves two pauses after the
        draw was decided, so the timing never tells whether a kept card fitted. The draw
        is saved at once, as every other change: quitting in that pause keeps it."""
        self._save()
        game = self.game
        if game.phase is Phase.DRAWN and game.current == seat:
            self._computer_turn()
        else:
            self._step = self.host.schedule(0.0 if self.hurrying else self.delay, self.advance)

    def _run_thinking(self, decide: Callable[[], Any], done: Callable[[Any], None]) -> None:
        marker = object()
        self._thinking = marker

        def finished(result: Any) -> None:
            if self._thinking is not marker:
                return
            self._thinking = None
            done(result)

        self.host.think(decide, finished)

    def _react(self) -> None:
        """The reactions to a missed Last Card call, after their wait: the player's
        chance goes by (they had the wait to press L or C), the computers answer at once,
        in the engine's order (the offender first). A computer that forgot answers alone
        (its late call or not); the others wait for the player's chance to catch it."""
        self._step = None
        if self.paused:
            return
        if self._offender_answers():
            self.advance()
            return
        decision = next_decision(self.game)
        if decision is not None and decision.kind is DecisionKind.REACTION \
                and decision.seat == HUMAN:
            self._apply(DECLINE, HUMAN)
        self._computers_react()
        self.advance()

    def _offender_answers(self) -> bool:
        """A computer that forgot Last Card answers its own reaction (a late call, or
        not) if it is the one to answer now; whether it did."""
        game = self.game
        decision = next_decision(game)
        seat = game.vulnerable
        if seat is None or seat == HUMAN or decision is None \
                or decision.kind is not DecisionKind.REACTION or decision.seat != seat:
            return False
        own = self.rngs[seat]
        assert own is not None  # every computer has its generator
        self._apply(decide(game, decision, self.players[seat], own), seat)
        return True

    def _computers_react(self) -> Decision | None:
        """Let each computer asked in turn answer the missed call; the next decision."""
        game = self.game
        while True:
            decision = next_decision(game)
            if decision is None or decision.kind is not DecisionKind.REACTION \
                    or decision.seat == HUMAN or decision.seat is None:
                return decision
            seat = decision.seat
            own = self.rngs[seat]
            assert own is not None  # every computer has its generator
            self._apply(decide(game, decision, self.players[seat], own), seat)

    # ---------------------------------------------------------------- clocks

    def _window_closed(self) -> None:
        """Time is up: whoever was still to answer lets the chance go, the window closes."""
        if self.game.phase is not Phase.WINDOW or self.paused:
            return
        self._cancel_step()
        if self.catch_left() is not None:
            # The late call's 3 s are over, but the player's time to catch the computer
            # that forgot is not: the window closes, the other seats' answers wait
            # (a catch stays open until the next move, RULES.md §5).
            self._offender_answers()
            if self.game.phase is Phase.WINDOW:
                self._apply(CLOSE_WINDOW, None)
            self.advance()
            return
        while True:
            decision = self._computers_react()
            if decision is None or decision.kind is not DecisionKind.REACTION:
                break
            self._apply(DECLINE, HUMAN)
        if decision is not None and decision.kind is DecisionKind.WINDOW:
            self._apply(CLOSE_WINDOW, None)
        self.advance()

    def _time_out(self) -> None:
        """The player's time is up: the engine draws for them (`TIMEOUT`)."""
        game = self.game
        if self.paused or game.current_seat != HUMAN or game.phase is Phase.WINDOW:
            return
        self._apply(TIMEOUT, HUMAN)
        self.advance()

    # ---------------------------------------------------------------- plumbing

    def _after(self, callback: Callable[[], None]) -> None:
        """Run `callback` once the table has been redrawn (results, the colour chooser)."""
        def run() -> None:
            self._step = None
            callback()

        self._step = self.host.schedule(0, run)

    def _cancel_step(self) -> None:
        if self._step is not None:
            self._step.stop()
        self._step = None

    def _apply(self, action: Action, seat: int | None) -> None:
        """Apply `action` and log what it did in one line. A drawn card that cannot be
        played is kept in the same step (the engine ends the turn): 'You drew Green 7
        and passed'. A computer's draw is shown with its outcome (`_drew`)."""
        why = None
        if seat is not None and seat != HUMAN and isinstance(action, Play):
            # A move that goes against the player says the public fact behind it, so a
            # table of computers playing as a side can be seen not to cheat.
            why = reason(self.game.view(seat), action, self.words.colour)
        start = len(self.game.history)
        if seat == HUMAN and action is TIMEOUT:
            self.tutor.forget()  # the clock decided: nothing to take back
        forgot = self.game.vulnerable
        self.game.step(action, seat)
        if self.game.vulnerable not in (None, HUMAN, forgot):
            self._catch_until = self.clock() + self.catch_seconds  # a computer forgot
        events = self.view().history_since(start)  # as the player saw them
        self.table_log.add(events, seat, self.game.phase is Phase.DRAWN, why)

    def _sync_hand(self) -> None:
        """Keep the player's order for the cards still held; new cards go on the right."""
        self.arrangement[:] = hand_order.kept_order(self.arrangement, self.game.hands[HUMAN])

    def save_meta(self) -> TableMeta:
        """The meta the store keeps: ids and names plus what resuming exactly needs (and
        the tutor's mark and note, and whether the game is practice)."""
        extra = {k: v for k, v in self.meta.extra.items()
                 if k not in ("tutor", "note", "selected", "weighed")}
        if self.selected is not None:
            extra["selected"] = self.selected
        extra.update(self.tutor.saved(self.table_log.logged))
        self.meta = self.meta.with_(
            settings=self.settings,
            rngs=(None, *(rng_state(r) if r else None for r in self.rngs[1:])),
            hand=tuple(c.code for c in self.arrangement), rounds=tuple(self.rounds),
            practice=self.practice, extra=extra)
        return self.meta

    def _save_key(self) -> tuple:
        """What tells one saved state from another: the actions played, the hand's order,
        the computers' generators, and the coach and practice (turning the coach on
        between moves makes the game practice, and that must be saved at once)."""
        return (len(self.game.actions), tuple(c.code for c in self.arrangement),
                tuple(hash(r.getstate()) if r else 0 for r in self.rngs),
                self.practice, self.settings.coach, self.selected)

    def _save_contents(self) -> tuple[Game, TableMeta, list[str]]:
        """The game, its meta and its log, as the store keeps them."""
        return self.game, self.save_meta(), list(self.log)

    def _save(self) -> None:
        """Save now, before the change is drawn (a save waiting is written with it)."""
        self.autosave.request()

    def flush_save(self) -> None:
        """Write the save if a change is waiting."""
        self.autosave.flush()

    def retry_save(self) -> bool:
        """Write the game again if its last save failed (a full disk); whether what the
        table shows is saved now."""
        return self.autosave.retry()

    def _finish(self) -> None:
        """Record the finished match once (statistics, the save cleared)."""
        if self._finished:
            return
        self.autosave.close()
        self._finished = True
        self._cancel_step()
        if self.store is not None:
            meta = self.save_meta().with_(finished=True)
            self.record = self.store.finish_game(self.game, meta, list(self.log),
                                                 self.tutor.review_so_far())
