"""One game at the table, from the deal to the last result: the one object that owns it.

The table (`GameController`) takes over a `Seating` (the game, the meta, the log, the hand
order and each computer's generator) and is given a `Clock` (clocks.py: the time it
keeps, its timers and its threads) and a listener for its messages (messages.py). Its
front end reads it (the view, the hand, what is playable, the log, the prompt's facts)
and tells it the player's input (a card, draw, a hint, take-back...); a refused move is
an `IllegalAction` with the engine's reason, and everything that happens later (the
computers' paced turns, the clocks running out, the coach's answers, a round's end) the
table tells through its messages. It never touches Textual, so it is driven as well by a
test's clock, moved on by hand, as by the app's.

Its collaborators: the log in words (table_log.py), the order the player keeps their
cards (hand_order.py), the autosave (autosave.py: every change saved through the store,
with each computer's generator state, so Continue returns to exactly the same table and
the computers then decide exactly as they would have), the two countdowns (clocks.py)
and the coach's requests (table_coach.py). With the coach on, each decision of the
player's is marked (tutor.py's `Mark`) so that T can take it back, and weighed away from
the table; a costly one gets the coach's note.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any, TypeVar

from ..bots import Player, make_player
from ..bots.drive import decide
from ..bots.reasons import reason
from ..coach import Advice
from ..coach.remote import Judgement, RemoteCoach
from ..coach.weigh import WEIGHED
from ..coach.words import hint_words
from ..engine import (
    ACCEPT,
    CALL,
    CHALLENGE,
    CLOSE_WINDOW,
    COLOURS,
    DECLINE,
    DRAW,
    NEXT_ROUND,
    PASS,
    TIMEOUT,
    Action,
    Card,
    Catch,
    Colour,
    Decision,
    DecisionKind,
    Draw,
    Game,
    IllegalAction,
    Phase,
    Play,
    Rules,
    Swap,
    View,
    copy_rng,
    next_decision,
    parse_card,
    play,
    rng_state,
)
from ..engine import HUMAN_SEAT as HUMAN
from ..engine import events as E
from ..engine.explain import why_not
from ..settings import SPEED_DELAYS, GameSettings
from . import hand_order
from .autosave import SAVE_DELAY, Autosave
from .clocks import Clock, Countdown, Timer
from .host import Recorded, TableStore
from .keys import key
from .messages import Changed, ColourAsked, Hinted, Listener, RoundOver, SwapAsked, nobody
from .meta import TABLE_KEYS, TableMeta
from .palette import card_shown, colour_name
from .seating import Seating
from .table_coach import TAKE_BACKS, TableCoach
from .table_log import LOG_KEEP, TableLog
from .tutor import Mark, OffTheLine, base_of, note_words
from .wording import Words, counted

__all__ = ["CATCH_SECONDS", "HUMAN", "JUMP_SECONDS", "LOG_KEEP", "WINDOW_SECONDS",
           "GameController", "Recorded", "TableStore", "Timer"]

T = TypeVar("T")

WINDOW_SECONDS = 3.0
"""How long the Last Card window stays open (RULES.md §5, Color Clash)."""
JUMP_SECONDS = 5.0
"""How long the player is offered a jump-in (house rule `jump_in`): time to read the line
that says so and press J or click the card. Offered only while the player holds the
very card just played, so the wait tells the computers nothing (they see no clock), and
the computers answer their own offers at once, so it tells the player nothing either."""
CATCH_SECONDS = 5.0
"""How long the player has to catch a computer that did not call Last Card: time to read
the line that says so and press C. The other computers wait as long before they catch,
so the chance is a fair race and not one only a program can take (the window's 3 s and
a computer's pause were out of a reading person's reach)."""

_OWN_KEYS: dict[Action, str] = {DRAW: "draw", PASS: "pass_turn", ACCEPT: "accept",
                                CHALLENGE: "challenge", CALL: "call"}
"""The table's key for each move that is not a card, for the hint's words."""


class GameController:
    """One game in progress at the table, from the deal to the last result."""

    def __init__(self, seating: Seating, clock: Clock, *, listen: Listener = nobody,
                 store: TableStore | None = None, delay: float | None = None,
                 window_seconds: float = WINDOW_SECONDS, turn_seconds: float | None = None,
                 catch_seconds: float = CATCH_SECONDS, remote: RemoteCoach | None = None,
                 review_as_played: bool = True) -> None:
        game = seating.game
        self.game: Game = game
        """The engine's game. The front end reads it only through the methods below."""
        self.clock = clock
        """The time the table keeps, its timers and its threads."""
        self.listen = listen
        """Where the table's messages go (the front end's)."""
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
        """Seconds the computers wait before catching the human, time enough to press L."""
        self.hurrying = False
        """The player went out and asked to skip to the round's end: the computers play
        on for the places without their pause (play-on rounds)."""
        self.window_seconds = window_seconds
        self.catch_seconds = catch_seconds
        """How long the player has to catch a computer that forgot Last Card."""
        self._catch_until: float | None = None
        """When the player's chance to catch the computer that last forgot ends (the
        clock's time; while that computer may still be caught)."""
        self.turn_seconds = turn_seconds
        """Overrides the rules' turn timer length (tests); None uses `rules.turn_timer`."""
        self.words = Words(self.meta.names, self.rules.palette, self.rules)
        """The log's and the table's sentences."""
        self.table_log = TableLog(seating.log, seating.meta.rounds, self.words)
        """The match's log in words."""
        self.record: Recorded | None = None
        """The GameRecord the store returned when the match ended."""
        self.paused = False
        self.window = Countdown(clock, self._window_closed)
        """The Last Card window's clock."""
        self.turn_timer = Countdown(clock, self._time_out)
        """The player's turn timer (when the rules have one)."""
        self.jump_clock = Countdown(clock, self._jump_let_go)
        """How long a jump-in is offered to the player (`JUMP_SECONDS`)."""
        self.jump_seconds = JUMP_SECONDS
        self._step: Timer | None = None
        self._thinking: object = None
        self._finished = game.is_over and seating.meta.finished
        self.autosave = Autosave(store, self._after_the_frame, self._save_key,
                                 self._save_contents, closed=self._finished)
        """Every change saved before it is drawn; the cursor's place after (autosave.py)."""
        self.practice = seating.meta.practice or self.settings.coach
        """A practice game (the coach was on, or a move was taken back): kept apart from
        the per-level statistics."""
        self.selected: str | None = seating.meta.extra.get("selected")
        """The card the player's cursor is on (its code), saved with the game: Continue
        after the terminal was killed puts the cursor back on it."""
        self.mark: Mark | None = Mark.from_json(seating.meta.extra.get("tutor"),
                                                len(seating.log), parse_card)
        """The player's last decision, while it may be taken back (with the coach on)."""
        self.note: str | None = seating.meta.extra.get("note") if self.mark else None
        """The coach's note on that decision, while it is the last one."""
        self.earlier: list[Mark] = []
        """The player's decisions before the last, the latest last (at most `TAKE_BACKS`
        in all, and none from before the table sat down or a round's start): T after a
        take-back takes the one before back."""
        self.taken_back = False
        """The table went back to before a move of the player's, and they have not moved
        since (T again takes back the one before, when it can)."""
        self.noted: dict[int, tuple[str, int]] = {}
        """The coach's notes on the decisions of the line played since the table sat
        down, by where each was made: the note, and the log's count when it was written."""
        unseen = seating.meta.extra.get("unseen")
        self.late_notes: list[str] = [str(n) for n in unseen] if isinstance(unseen, list) else []
        """The coach's notes on earlier decisions that came after the player had moved on,
        until the player's next key (`seen`): they stay on the status line till then, and
        in the log."""
        pending = seating.meta.extra.get("pending")
        self._left: list[int] = ([n for n in pending if type(n) is int]
                                 if isinstance(pending, list) else [])
        """Where the decisions were made whose judgements had not come when the game was
        left (the save's): `start` weighs them again."""
        self._notes_awaited = False
        """A round is over and its results wait for the coach's notes on its last moves."""
        self.hand_points: dict[int, tuple[int, ...]] = _hand_points(
            seating.meta.extra.get("scored"))
        """By round: the points each hand held when the round's winner went out, which
        the winner scored (the results show where the score came from; in a round played
        on, the hands change after)."""
        self.hinted: Action | None = None
        """The move the coach's hint recommended, until the table moves on or the player
        chooses another card: Enter makes it."""
        self.review_as_played = review_as_played
        """With the coach off, whether the player's decisions are still weighed (in the
        background's turn) for the game's review: off with the background reviews."""
        dealt = not seating.meta.extra.get("prepared")
        self.coach = TableCoach(remote, clock, self.settings.difficulty, dealt=dealt,
                                base=base_of(game, dealt) if self.settings.coach else None,
                                weighed=seating.meta.extra.get("weighed"))
        """The coach's requests: the hint, the pondering, the judgements (table_coach.py)."""
        if not self.log and game.history and not game.actions:
            # a new deal: who dealt, the first card
            self.table_log.add(self.view().history, None, False)
        self._sync_hand()

    # ---------------------------------------------------------------- what the table shows

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

    def jump_offer(self) -> Play | None:
        """The jump-in offered to the player now (house rule `jump_in`), or None: the
        card identical to the one just played, which only the player's own hand says."""
        decision = next_decision(self.game) if self.game.offers else None
        if decision is None or decision.kind is not DecisionKind.JUMP or decision.seat != HUMAN:
            return None
        return next((a for a in decision.actions if isinstance(a, Play)), None)

    def jump_left(self) -> float | None:
        """Seconds left of the player's jump-in offer, or None."""
        return self.jump_clock.left()

    def swap_choices(self) -> list[int]:
        """The seats the player may swap hands with after a 7 (none at other times)."""
        return [a.seat for a in self.legal() if isinstance(a, Swap)]

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
    def out_and_waiting(self) -> bool:
        """The player has gone out and the others play on for the places."""
        return HUMAN in self.game.out and not self.between_rounds

    @property
    def busy(self) -> bool:
        """True while a computer move, a reaction, a clock or the hint is pending."""
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
        seat = self.game.vulnerable
        if seat is None or seat == HUMAN or self._catch_until is None or self.hurrying:
            return None
        left = self._catch_until - self.clock.now()
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

    @property
    def remote(self) -> RemoteCoach | None:
        """The coach's own process, when the table has one."""
        return self.coach.remote

    @property
    def weighing(self) -> bool:
        """True while the coach is judging a move of the player's."""
        return self.coach.weighing

    @property
    def note_awaited(self) -> bool:
        """The coach is still weighing the player's last decision (its note, if any, is
        yet to come): what the status line says while that decision is the last."""
        mark = self.mark
        return (mark is not None and mark.weighed and not mark.judged
                and self.coach.weighing_at(mark.at))

    @property
    def notes_due(self) -> bool:
        """With the coach on, a judgement of the player's whose note may still come (a
        round's results wait for them)."""
        return self.settings.coach and self.coach.notes_due

    # ---------------------------------------------------------------- the human's input

    def act(self, action: Action) -> None:
        """Apply the human's action; IllegalAction (with the engine's reason) if not allowed.

        With the coach on, the decision is marked first (T can take it back until the
        next one) and, if it was a turn of the player's own, weighed away from the table
        while play goes on. A call of Last Card is no decision of its own: the card
        played after it is weighed (as the review does). With the coach off, a dealt
        game's decision with a choice is still weighed, in the coach's process at the
        background's turn, for the game's review alone (no mark, no note)."""
        self.hinted = None
        weighed = self._weighed_turn() if action is not CALL else None
        mark = None
        if self.settings.coach and action is not CALL:
            mark = Mark.take(len(self.game.actions), self.rngs, self.arrangement,
                             self.table_log.logged, tuple(self.table_log.rounds),
                             weighed is not None)
        view, at, turn = self.view(), len(self.game.actions), self.game.total_turns + 1
        self._apply(action, HUMAN)
        if action is CALL and at in self.meta.hinted:
            # A call is no decision: the card played after it is the one the hint chose.
            self.meta = self.meta.with_(hinted=(*self.meta.hinted, at + 1))
        self.taken_back = False
        if mark is not None:
            if self.mark is not None:  # T after a take-back goes back to it
                self.earlier = [*self.earlier, self.mark][-TAKE_BACKS + 1:]
            self.mark, self.note = mark, None
            if weighed is not None:
                self.coach.weigh(self.game, at, action, view, turn,
                                 lambda judgement: self._judged(at, mark, judgement))
        elif weighed is not None and self.review_as_played and self.coach.dealt:
            self.coach.weigh_for_the_review(self.game, at, action, view, turn)
        self.coach.stop_pondering()  # the judgement took the race over
        self.table_log.mine()
        self.advance()

    def _weighed_turn(self) -> Decision | None:
        """The player's decision now, if the coach weighs it: a turn of their own with a
        choice, or a jump-in offered (`WEIGHED`)."""
        decision = next_decision(self.game)
        if (decision is not None and decision.seat == HUMAN
                and decision.kind in WEIGHED and len(decision.actions) > 1):
            return decision
        return None

    def play_card(self, card: Card, colour: Colour | None = None) -> Card | None:
        """Play `card` from the hand (a Wild naming `colour`); the hint's Wild its own
        colour. A Wild without a colour is played by nothing: it is returned, for the
        front end to ask its colour (when it may be played at all: IllegalAction if not);
        None once played."""
        hint = self.hinted
        if card.is_wild and colour is None:
            if isinstance(hint, Play) and hint.card is card:
                self.act(hint)
                return None
            refusal = self.card_refusal(card)
            if refusal is not None:
                raise IllegalAction(refusal)
            return card
        self.act(play(card, colour))
        return None

    def enter(self, card: Card | None) -> Card | None:
        """Enter, with `card` selected: once the player is out, the round played to its
        end; the hint's move when the coach gave one (Last Card called first where it
        says so); else `card` played (`play_card`, whose answer it gives)."""
        if self.hurry():
            return None
        hint = self.hinted
        if hint is not None and self.my_turn:
            if not isinstance(hint, Play):
                self.act(hint)  # the hint said draw, pass, accept, challenge or call
                return None
            if self._call_first(hint):
                self.act(CALL)  # the hint said call Last Card, then play: Enter does both
                self.hinted = hint
        if card is None:
            raise IllegalAction(f"You hold only {counted(len(self.hand()), 'card')}.")
        return self.play_card(card)

    def draw(self) -> None:
        """D: draw a card, or the penalty coming your way."""
        view = self.view()
        if view.current == HUMAN and view.pending and ACCEPT in self.legal():
            self.act(ACCEPT)
        else:
            self.act(DRAW)

    def pass_turn(self) -> None:
        """P: pass (keeping a drawn card), or let a jump-in offered go by (`DECLINE`)."""
        self.act(DECLINE if self.jump_offer() is not None else PASS)

    def jump(self) -> None:
        """J: jump in with the card identical to the one just played, when offered (house
        rule `jump_in`); IllegalAction saying when one may if it is not."""
        offer = self.jump_offer()
        if offer is None:
            raise IllegalAction("No jump-in now: you may jump in only while you hold the "
                                "very card just played (the same colour and number or "
                                "symbol).")
        self.act(offer)

    def catch(self) -> None:
        """C: catch the player who did not call Last Card."""
        target = self.view().vulnerable
        if target is None or target == HUMAN:
            raise IllegalAction("Nobody can be caught now: only a player down to one card "
                                "who did not call Last Card.")
        self.act(Catch(target))

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
        self._notes_awaited = False
        self.hurrying = False
        self.table_log.mine()
        self._forget_marks()  # a round over keeps its moves
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
        """The player's cursor moved to `card` (kept with the next save). Moved to another
        card than the hint's, the player chose their own move: the hint is let go."""
        code = card.code if card is not None else None
        if code != self.selected:
            self.selected = code
            hint = self.hinted
            if hint is not None and not (isinstance(hint, Play) and hint.card is card):
                self.hinted = None
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

    # ---------------------------------------------------------------- the coach

    def hint(self) -> None:
        """H: ask the coach what to do in the human's seat (the same judge as the review),
        from the race pondered on the turn when there is one; its answer comes as a
        `Hinted` message. IllegalAction when it is not the player's turn."""
        if not self.my_turn:
            raise IllegalAction("Hints are for your own turn.")
        asked = self.moves
        pending = self.view().pending

        def advised(advice: Advice | None) -> None:
            if self.moves != asked or not self.my_turn:
                return  # the table moved on while the coach thought
            if advice is None:
                self.listen(Hinted(f"The coach could not answer just now: press "
                                   f"{key('hint')} again.", None))
                return
            action = self.hinted = advice.recommended
            at = len(self.game.actions)
            if at not in self.meta.hinted:
                # The decision made here is the coach's now, whatever is played
                # (`TableMeta.hinted`): its review leaves it out of the accuracy.
                self.meta = self.meta.with_(hinted=(*self.meta.hinted, at))
                self._save()
            self.listen(Hinted(self._hint_words(advice, pending), action))

        self.coach.hint(self.game, self._thought(advised))

    def _hint_words(self, advice: Advice, pending: int) -> str:
        """The hint in words, naming the keys that make it (D takes a penalty, as the
        prompt says)."""
        def own_key(action: Action) -> str | None:
            if action is ACCEPT and pending:
                return key("draw")
            name = _OWN_KEYS.get(action)
            return key(name) if name else None

        palette = self.rules.palette
        return hint_words(advice.close, lambda c: card_shown(c, palette),
                          lambda c: colour_name(c, palette),
                          [self.name(s) for s in range(self.game.seats)], key="Enter",
                          call_first=self._call_first(advice.recommended), own_key=own_key)

    def _call_first(self, action: Action) -> bool:
        """`action` plays the player's second-last card while Last Card is still to call:
        the coach weighs it with the call, so the hint says to call and Enter does."""
        return isinstance(action, Play) and CALL in self.legal() and len(self.hand()) == 2

    def _judged(self, at: int, mark: Mark | None, judgement: Judgement | None) -> None:
        """The coach's judgement of the decision made at `at` came (None: the coach could
        not say): it is judged now, and a costly move gets a note in the log, and on the
        status line with how to take it back while `mark` is the last decision, else
        until the player's next key (`late_notes`)."""
        if judgement is not None:
            last = mark is not None and self.mark is mark  # it may still be taken back
            if last and mark is not None:
                self.mark = mark.with_(judged=True)
            if judgement.costly:
                note = note_words(judgement, self.words.card, self.words.colour,
                                  [self.name(s) for s in range(self.game.seats)])
                self.noted[at] = (note, self.table_log.logged)
                self.table_log.coach_note(note)
                if last:
                    self.note = self._with_take_back(note)
                else:
                    self.late_notes.append(note)
        self._save()
        if self._notes_awaited and not self.notes_due:
            self.advance()  # the round's last note is in: its results go on
            return
        self.listen(Changed())

    def seen(self) -> None:
        """The player pressed a key at the table: the coach's notes that came late have
        been seen (they stay in the log)."""
        if self.late_notes:
            self.late_notes = []
            self._save()
            self.listen(Changed())

    def _forget_marks(self) -> None:
        """No move of the player's to take back (a round over, the clock decided, the
        coach turned off)."""
        self.mark = self.note = None
        self.earlier = []

    def set_coach(self, on: bool) -> None:
        """Turn the coach on or off for this game (the pause menu). Turning it on makes
        the game practice; turning it off forgets the move that could be taken back."""
        self.settings = self.settings.with_(coach=on)
        if on:
            self.practice = True
            self.coach.take_base(self.game)
        else:
            self.coach.stop()
            self._forget_marks()
        self._save()
        self.listen(Changed())

    def _with_take_back(self, note: str) -> str:
        """A costly move's note for the status line: with how to take the move back,
        while it can be (not once the round it ended is over)."""
        if self.take_back_refusal() is None:
            return f"{note} {key('take_back')}: take it back."
        return note

    def take_back_refusal(self) -> str | None:
        """Why there is no move to take back now, or None when there is one (the control
        bar lights Take back by it)."""
        mark = self.mark
        if not self.settings.coach:
            return (f"Taking a move back is for games with the coach on ({key('menu')}, then "
                    "Coach).")
        if (mark is None or mark.at >= len(self.game.actions)) and self.taken_back:
            return (f"No earlier move of yours can be taken back: {key('take_back')} goes "
                    f"back {TAKE_BACKS} moves at most, and not past a round's start or the "
                    "moment you continued the game.")
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
            before = self.coach.position_before(self.game, mark.at)
        except OffTheLine:
            return "That move was made before this table was set up: it cannot be taken back."
        self._cancel_step()
        self._thinking = None
        self.window.cancel()
        self.turn_timer.cancel()
        self.jump_clock.cancel()
        self.game = before
        self.rngs[:] = [copy_rng(r) if r else None for r in mark.rngs]
        self.arrangement[:] = list(mark.hand)
        self.meta = self.meta.with_(
            arranged=tuple(entry for entry in self.meta.arranged if entry[0] <= mark.at),
            hinted=tuple(at for at in self.meta.hinted if at <= mark.at))  # (seen there)
        self.table_log.take_back(mark.logged, mark.rounds)
        self.hinted = None
        self.mark = self.earlier.pop() if self.earlier else None
        self.note = None
        if self.mark is not None and self.mark.at in self.noted:
            self.note = self._with_take_back(self.noted[self.mark.at][0])
        self.noted = {at: n for at, n in self.noted.items() if at < mark.at}
        for at, (note, written) in sorted(self.noted.items()):
            if written >= mark.logged:  # the log lost it: the decision is still played
                self.noted[at] = (note, self.table_log.logged)
                self.table_log.coach_note(note)
        self.taken_back = True
        self.practice = True
        self.autosave.forget()
        self.advance()
        return None

    # ---------------------------------------------------------------- the loop

    def start(self) -> None:
        """As the table sits down: weigh again each decision whose judgement never came
        (the game was left before it did), the last one as the move T takes back; then
        play on."""
        mark, game = self.mark, self.game
        left, self._left = self._left, []
        if self.settings.coach:
            todo = {at for at in left if at not in self.coach.judged}
            if mark is not None and not mark.judged and mark.at not in self.coach.judged:
                todo.add(mark.at)
            for at in sorted(todo):
                if at < len(game.actions):
                    self._weigh_again(at, mark if mark is not None and mark.at == at else None)
        self.advance()

    def _weigh_again(self, at: int, mark: Mark | None) -> None:
        """The decision at `at` weighed again from the position replayed (its view was
        not kept); `mark` if it is the one T takes back."""
        game = self.game

        def judged(judgement: Judgement | None) -> None:
            self._judged(at, mark, judgement)

        self.coach.weigh(game, at, game.actions[at][1], None, 0, judged)

    def stop(self) -> None:
        """Write any waiting save and cancel every timer (the table is going away)."""
        self.flush_save()
        self._cancel_step()
        self.window.cancel()
        self.turn_timer.cancel()
        self.jump_clock.cancel()
        self._thinking = None
        self.coach.stop()

    def pause(self) -> None:
        """Hold everything while something covers the table; the turn timer keeps its time."""
        self.flush_save()
        if self.paused:
            return
        self.paused = True
        self._cancel_step()
        self.window.cancel()
        self.turn_timer.hold()  # the turn timer goes on where it stopped
        self.jump_clock.hold()  # and so does a jump-in offered
        self._thinking = None

    def resume_play(self) -> None:
        """Play on after `pause`."""
        if not self.paused:
            return
        self.paused = False
        self.advance()

    def advance(self) -> None:
        """Save, tell the front end, and set up whatever happens next."""
        self._cancel_step()
        self._sync_hand()
        self._save()
        if not self.paused:
            self._plan()
            if self.settings.coach:
                self.coach.ponder(self.game)
            else:
                self.coach.stop_pondering()
        self.listen(Changed())

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
            self.jump_clock.cancel()
            self._notes_awaited = self.notes_due
            if self._notes_awaited:
                # The coach's notes on the round's last moves belong to the round: its
                # results (and the match's record, with the review weighed at the table)
                # wait for them, so that the review lists no move the table did not
                # note. The status line says so; the last judgement, made or not, ends
                # the wait (`_judged`), as turning the coach off does.
                return
            match = decision is None
            if match:
                self._finish()
            self._after(lambda: self.listen(RoundOver(match)))
            return
        if game.phase is Phase.WINDOW:
            # Skipping to the round's end (the player is out): no one waits for a late call.
            self.window.start((len(game.actions), game.current),
                              0.0 if self.hurrying else self.window_seconds)
        else:
            self.window.cancel()
        kind, seat = decision.kind, decision.seat
        if kind is DecisionKind.JUMP:
            self.turn_timer.cancel()
            if seat == HUMAN:
                self.jump_clock.start((len(game.actions), HUMAN),
                                      0.0 if self.hurrying else self.jump_seconds)
            else:
                self.jump_clock.cancel()
                self._computers_jump()
            return
        self.jump_clock.cancel()
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
            self._step = self.clock.schedule(wait, self._react)
        elif kind is DecisionKind.WINDOW:
            return  # the window's clock closes it
        elif seat == HUMAN:
            if game.phase is Phase.NAME_COLOUR:
                self._after(lambda: self.listen(ColourAsked()))
            elif game.phase is Phase.SWAP:
                self._after(lambda: self.listen(SwapAsked()))
        else:
            self._computer_turn()

    # ---------------------------------------------------------------- computers

    def _computer_turn(self) -> None:
        """A computer thinks now (away from the loop: `Clock.work`) and plays once its
        pause is over.

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
        due = self.clock.now() + (0.0 if self.hurrying
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
            wait = due - self.clock.now()
            if wait > 0:
                self._step = self.clock.schedule(wait, lambda: play_it(action))
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
            self._step = self.clock.schedule(0.0 if self.hurrying else self.delay, self.advance)

    def _run_thinking(self, decide: Callable[[], Any], done: Callable[[Any], None]) -> None:
        """Think away from the loop: `done` only if nothing took the table on meanwhile
        (a move, a take-back, a pause)."""
        self.clock.work(decide, self._thought(done))

    def _thought(self, done: Callable[[T], None]) -> Callable[[T], None]:
        """`done`, to be called once thinking ends, only if the table is where it was:
        until then the table is `busy`."""
        marker = object()
        self._thinking = marker

        def finished(result: T) -> None:
            if self._thinking is not marker:
                return
            self._thinking = None
            done(result)

        return finished

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

    def _computers_jump(self) -> None:
        """The computers offered a jump-in answer now, in the engine's order, and a jump
        is played at once, as an offer let go passes at once: the next seat's turn
        (the player's too) comes, or the jump shows, as soon as the card is played, so
        the table's pace says nothing of who could have jumped, and the player never
        waits on a turn of theirs that a jump is about to take (RULES.md §10)."""
        game = self.game
        while True:
            decision = next_decision(game)
            if decision is None or decision.kind is not DecisionKind.JUMP \
                    or decision.seat == HUMAN or decision.seat is None:
                break
            seat = decision.seat
            own = self.rngs[seat]
            assert own is not None  # every computer has its generator
            self._apply(decide(game, decision, self.players[seat], own), seat)
        self.advance()  # saved, drawn, and what comes next planned (no computer's offer now)

    def _jump_let_go(self) -> None:
        """The player's jump-in offer ran out: it goes by, as if let go (`DECLINE`)."""
        decision = next_decision(self.game)
        if self.paused or decision is None or decision.kind is not DecisionKind.JUMP \
                or decision.seat != HUMAN:
            return
        self._apply(DECLINE, HUMAN)
        self.advance()

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

        self._step = self.clock.schedule(0, run)

    def _after_the_frame(self, save: Callable[[], None]) -> None:
        """Run `save` once the change is on screen (`SAVE_DELAY` on the table's clock)."""
        self.clock.schedule(SAVE_DELAY, save)

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
            self._forget_marks()  # the clock decided: nothing to take back
        forgot = self.game.vulnerable
        self.game.step(action, seat)
        if any(isinstance(e, E.WentOut) and e.place == 1 for e in self.game.history[start:]):
            # What the round's winner scores: the cards in every hand now, hand by hand.
            self.hand_points[self.game.round] = tuple(
                sum(c.points for c in hand) for hand in self.game.hands)
        if self.game.vulnerable not in (None, HUMAN, forgot):
            self._catch_until = self.clock.now() + self.catch_seconds  # a computer forgot
        events = self.view().history_since(start)  # as the player saw them
        self.table_log.add(events, seat, self.game.phase is Phase.DRAWN, why)

    def _sync_hand(self) -> None:
        """Keep the player's order for the cards still held; new cards go on the right."""
        self.arrangement[:] = hand_order.kept_order(self.arrangement, self.game.hands[HUMAN])

    def save_meta(self) -> TableMeta:
        """The meta the store keeps: ids and names plus what resuming exactly needs (and
        the coach's mark and note, and whether the game is practice)."""
        extra = {k: v for k, v in self.meta.extra.items() if k not in TABLE_KEYS}
        if self.selected is not None:
            extra["selected"] = self.selected
        if self.hand_points:
            extra["scored"] = {str(n): list(p) for n, p in self.hand_points.items()}
        extra.update(self.coach.saved())
        if self.settings.coach and (pending := self.coach.pending):
            extra["pending"] = pending
        if self.late_notes:
            extra["unseen"] = list(self.late_notes)
        if self.mark is not None:
            extra["tutor"] = self.mark.as_json(self.table_log.logged)
            if self.note:
                extra["note"] = self.note
        self.meta = self.meta.with_(
            settings=self.settings,
            rngs=(None, *(rng_state(r) if r else None for r in self.rngs[1:])),
            hand=tuple(c.code for c in self.arrangement), rounds=tuple(self.rounds),
            practice=self.practice, extra=extra)
        return self.meta

    def _save_key(self) -> tuple[Any, ...]:
        """What tells one saved state from another: the actions played, the hand's order,
        the computers' generators, and the coach and practice (turning the coach on
        between moves makes the game practice, and that must be saved at once)."""
        return (len(self.game.actions), tuple(c.code for c in self.arrangement),
                tuple(hash(r.getstate()) if r else 0 for r in self.rngs),
                self.practice, self.settings.coach, self.selected, self.meta.hinted,
                tuple(self.late_notes))

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
                                                 self.coach.review_so_far(self.game,
                                                                          meta.hinted))


def _hand_points(saved: Any) -> dict[int, tuple[int, ...]]:
    """`GameController.hand_points` as a save kept it (what does not read is left out)."""
    found: dict[int, tuple[int, ...]] = {}
    if isinstance(saved, dict):
        for key_, points in saved.items():
            if str(key_).isdigit() and isinstance(points, list) \
                    and all(type(p) is int for p in points):
                found[int(key_)] = tuple(points)
    return found

