"""What the table reads of the game in progress: the queries of the controller, apart
from what it does (controller.py). Nothing here changes the game, the clocks or the log.

`TableReading` is the controller's base class: the screen draws from these, the tests
read them, and the controller's commands (input, pacing, clocks, take-back) live in
`GameController`. The attributes below are the controller's, set in its `__init__`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from ..coach.remote import RemoteCoach
from ..engine import COLOURS, Action, Card, Colour, Game, Phase, Play, Rules, View
from ..engine.explain import why_not
from .clocks import Countdown
from .seating import HUMAN
from .table_coach import TableCoach
from .table_log import TableLog
from .tutor import Mark
from .wording import Words


class TableReading:
    """The game at the table as the screen reads it (see the module docstring)."""

    game: Game
    arrangement: list[Card]
    words: Words
    table_log: TableLog
    tutor: TableCoach
    window: Countdown
    turn_timer: Countdown
    clock: Callable[[], float]
    hurrying: bool
    _catch_until: float | None
    _step: Any
    _thinking: object
    _finished: bool

    # ---------------------------------------------------------------- what the table reads

    def view(self) -> View:
        """The human's view: what the table shows of the game."""
        return self.game.view(HUMAN)

    @property
    def rules(self) -> Rules:
        """The rules in force."""
        return self.game.rules

    def name(self, seat: int) -> str:
        """A seat's name ('You' for the player)."""
        return self.words.name(seat)

    def hand(self) -> list[Card]:
        """The human's cards in their chosen order."""
        return self.arrangement

    def legal(self) -> tuple[Action, ...]:
        """What the human may do now (their turn, or a catch or late call out of turn)."""
        if self.game.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            return ()
        return self.game.legal_actions(HUMAN)

    def playable(self) -> set[Card]:
        """The cards the human may play now."""
        return {a.card for a in self.legal() if isinstance(a, Play)}

    def card_refusal(self, card: Card) -> str | None:
        """Why `card` may not be played now (None if it may, a Wild with any colour)."""
        if card in self.playable():
            return None
        return why_not(self.game, Play(card, COLOURS[0] if card.is_wild else None), HUMAN)

    @property
    def my_turn(self) -> bool:
        return self.game.current_seat == HUMAN

    def turn_id(self) -> tuple[int, int] | None:
        """Which turn of the match it is while it is the human's (None on others' turns):
        it changes each time the turn comes back, even straight back in a duel."""
        if not self.my_turn:
            return None
        return (self.game.round, self.game.total_turns)

    @property
    def moves(self) -> int:
        """Actions applied so far in the match (a change means the table moved on)."""
        return len(self.game.actions)

    @property
    def between_rounds(self) -> bool:
        """True once a round (or the match) is over, until the next deal."""
        return self.game.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER)

    @property
    def busy(self) -> bool:
        """True while a computer move, a reaction or a clock is pending (tests wait on it)."""
        return self._step is not None or self._thinking is not None

    @property
    def finished(self) -> bool:
        """True once the match is over and recorded."""
        return self._finished

    @property
    def turn_deadline(self) -> float | None:
        """When the human's turn timer runs out, while it runs."""
        return self.turn_timer.deadline

    @property
    def window_deadline(self) -> float | None:
        """When the Last Card window closes, while it is open."""
        return self.window.deadline

    def turn_left(self) -> float | None:
        """Seconds left on the human's turn timer, or None."""
        return self.turn_timer.left()

    def window_left(self) -> float | None:
        """Seconds left in the Last Card window, or None."""
        return self.window.left()

    def catch_left(self) -> float | None:
        """Seconds the player has left to catch a computer that did not call Last Card
        before anyone else may act on it (None: nobody to catch, or that time is up)."""
        game = self.game
        seat = game.vulnerable
        if seat is None or seat == HUMAN or self._catch_until is None or self.hurrying:
            return None
        left = self._catch_until - self.clock()
        return left if left > 0 else None

    def colour_counts(self) -> dict[Colour, int]:
        """How many cards of each colour the human holds (the chooser pre-selects the most)."""
        counts = Counter(c.colour for c in self.arrangement if c.colour is not None)
        return {colour: counts.get(colour, 0) for colour in COLOURS}

    @property
    def log(self) -> list[str]:
        """What happened, in words, oldest first (the whole match, up to LOG_KEEP lines)."""
        return self.table_log.lines

    @property
    def logged(self) -> int:
        """Lines written to the log since the table sat down, the first ones included: a
        log widget shows the lines past the count it has shown, even after a trim."""
        return self.table_log.logged

    @property
    def rounds(self) -> list[int]:
        """The log line each round's story starts at."""
        return self.table_log.rounds

    def since_mine(self) -> list[str]:
        """The log lines written since the player's own last move."""
        return self.table_log.since_mine()

    def digest(self) -> str:
        """What happened since the player's own last move, in short."""
        return self.table_log.digest()

    def story(self) -> list[tuple[int, list[str]]]:
        """The whole log by round: (round, its lines), oldest first."""
        return self.table_log.story(self.game.round)

    # ---------------------------------------------------------------- its coach

    @property
    def mark(self) -> Mark | None:
        """The player's last decision, while it may be taken back (with the coach on)."""
        return self.tutor.mark

    @mark.setter
    def mark(self, mark: Mark | None) -> None:
        self.tutor.mark = mark

    @property
    def note(self) -> str | None:
        """The coach's note on that decision, while it is the last one."""
        return self.tutor.note

    @note.setter
    def note(self, note: str | None) -> None:
        self.tutor.note = note

    @property
    def remote(self) -> RemoteCoach | None:
        """The coach's own process, when the table has one."""
        return self.tutor.remote

    @remote.setter
    def remote(self, remote: RemoteCoach | None) -> None:
        self.tutor.remote = remote

    @property
    def weighing(self) -> bool:
        """True while the coach is judging a move of the player's (tests wait on it)."""
        return self.tutor.weighing

    @property
    def note_awaited(self) -> bool:
        """The coach is still weighing the player's last decision."""
        return self.tutor.awaited
