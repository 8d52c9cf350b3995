"""The game state machine: one match of rounds under one set of rules.

`Game` holds every card and follows RULES.md §2-§6. Drive it with `legal_actions()`
and `apply()`; show a seat only `view(seat)`. It owns its random generator (seeded
from the OS's secure randomness unless a seed is given), so the same seed and the
same actions always give the same game, and it never reads a clock: the Last Card
window and the turn timer end when the caller applies `CloseWindow` or `TimeOut`.

Phases:
- ``turn``: the current seat plays, draws, stacks or accepts a pending penalty;
- ``drawn``: the current seat drew a playable card and may play it or pass;
- ``challenge``: a Wild Draw Four was played on the current seat, who may challenge;
- ``name-colour``: a Wild opened the round and the current seat names the colour;
- ``window``: the current seat went down to one card without calling Last Card and
  the catch window is open (nobody else may play until the caller closes it);
- ``round-over`` and ``match-over``.

Speed: `colorcards sim` plays thousands of whole games a second through this same
public surface, so the common steps are written out flat. Besides the public fields,
the game keeps one derived field: `_masks`, per seat a bitmask of the distinct cards
held (bit i = card index i). With it the playable cards are one AND of masks, and the
legal-actions tuple for a (playable cards, extra actions) pair is built once and
looked up afterwards. `_resync()` rebuilds it from the public fields; code that sets
fields by hand (tests, tools) then writes ``game._legal = None``, which calls it.
"""

from __future__ import annotations

import random
import secrets
from bisect import insort
from collections import Counter
from itertools import repeat, starmap
from operator import attrgetter

from . import actions as A
from . import events as E
from .cards import COLOURS, Card, Colour, Rank, full_deck
from .decision import Decision, DecisionKind
from .errors import IllegalAction, RulesError
from .outcome import Ending, Outcome
from .rngstate import copy_rng
from .rules import MAX_SEATS, MIN_SEATS, Rules

HAND_SIZE = 7
TURN, DRAWN, CHALLENGE, NAME_COLOUR, WINDOW = "turn", "drawn", "challenge", "name-colour", "window"
ROUND_OVER, MATCH_OVER = "round-over", "match-over"
PHASES = (TURN, DRAWN, CHALLENGE, NAME_COLOUR, WINDOW, ROUND_OVER, MATCH_OVER)

_SKIP, _REVERSE, _DRAW_TWO = Rank.SKIP, Rank.REVERSE, Rank.DRAW_TWO
_WILD4 = Rank.WILD_DRAW_FOUR
_WILD = Rank.WILD
_NAME_COLOURS = tuple(A.NameColour(c) for c in COLOURS)


class Game:
    """A match in progress. Seat 0 is the human; play runs left (+1) to start."""

    def __init__(self, rules: Rules | None = None, seats: int = 4, seed: int | None = None):
        rules = rules or Rules()
        if not isinstance(seats, int) or not MIN_SEATS <= seats <= MAX_SEATS:
            raise RulesError(f"a game needs {MIN_SEATS} to {MAX_SEATS} players, not {seats}")
        self.rules = rules
        """The options in force."""
        self.seats = seats
        """Number of seats; seat 0 is the human."""
        self.seed = secrets.randbits(64) if seed is None else seed
        """The seed that, with `actions`, replays the game exactly. Never shown in play."""
        self.rng = random.Random(self.seed)
        """The game's own generator: shuffles and nothing else."""
        self.round = 0
        self.dealer = seats - 1 if rules.first_player == "human" else self.rng.randrange(seats)
        self.scores = [0] * seats
        """Match points per seat."""
        self.table_points = [0] * seats
        """Table points (3 / 1 / 0 by finishing place) summed over the rounds."""
        self.results: list[dict] = []
        """One record per finished round: winner, points, order, table points."""
        self.winners: tuple[int, ...] = ()
        """Who won the match, once it is over (several on a tie, none on a stalemate)."""
        self.total_turns = 0
        """Turns played in the whole match."""
        self.history: list[E.Event] = []
        """Every event of the match, private parts included (see `View.history`)."""
        self.actions: list[tuple[int | None, A.Action]] = []
        """Every action applied, with the seat that applied it: the replay log."""
        self._rule_flags()
        self._deal()

    # ------------------------------------------------------------------ dealing

    def _deal(self) -> None:
        n = self.seats
        rules = self.rules
        self.round += 1
        if self.round > 1 and rules.first_player == "left-of-dealer":
            self.dealer = (self.dealer + 1) % n
        self.direction = 1
        """1 while play runs left (seat order), -1 after an odd number of Reverses."""
        deck = full_deck()
        _shuffle(self.rng, deck)
        self.hands: list[list[Card]] = [
            sorted(deck[i * HAND_SIZE:(i + 1) * HAND_SIZE], key=_card_index) for i in range(n)
        ]
        """Each seat's cards, kept in card order. Never shown to other seats."""
        self.draw_pile: list[Card] = deck[n * HAND_SIZE:]
        """Face-down cards; the top is the end of the list."""
        self.discard: list[Card] = []
        """Face-up cards; the top is the end of the list."""
        self.active_colour: Colour | None = None
        """The colour to match (a wild's named colour while a wild is on top)."""
        self.pending = 0
        """A stacked draw penalty facing the current seat (stacking on only)."""
        self.drawn: Card | None = None
        """The card just drawn, in the ``drawn`` phase."""
        self.called = [False] * n
        """Seats that have called Last Card for their current one or two cards."""
        self.vulnerable: int | None = None
        """A seat down to one card without a call, who may still be caught."""
        self.after_window: tuple[int, str] | None = None
        """Where play goes when the Last Card window closes: (seat, phase)."""
        self.challenge_bluff = False
        """Whether the Wild Draw Four being challenged was a bluff (hidden)."""
        self.challenge_from: int | None = None
        """Who played the Wild Draw Four that may be challenged."""
        self.out: list[int] = []
        """Seats that have gone out this round, in order."""
        self.winner_points = 0
        """What the round's winner scored at the moment of going out."""
        self.stuck_passes = 0
        """Consecutive turns in which nobody could play or draw (stalemate count)."""
        self.turns = 0
        """Turns played in this round."""
        self.lacks: list[set[Colour]] = [set() for _ in range(n)]
        """Colours each seat has publicly drawn on and not played since."""
        self.reactions: tuple[int, ...] = ()
        """While `vulnerable` is set: the seats still to be offered a reaction to the
        missed call, in order (see `next_decision`). Stale once `vulnerable` is None."""
        first = 0 if rules.first_player == "human" else (self.dealer + 1) % n
        if rules.first_player == "human":
            self.dealer = (first - 1) % n
        self._log(E.RoundStarted(self.round, self.dealer))
        self.current = first
        """The seat to act."""
        self.phase = TURN
        self._dc = None
        self._masks = [_mask_of(h) for h in self.hands]
        self._turn_first_card(first)

    def _turn_first_card(self, first: int) -> None:
        how = self.rules.first_card
        while True:
            card = self.draw_pile.pop()
            goes_back = (
                (how == "classic" and card.rank is _WILD4)
                or (how == "number" and not card.is_number)
                or (how == "as-if-played" and card.is_wild)
            )
            if not goes_back:
                break
            self._log(E.Turned(card, returned=True))
            # Back into the pile and reshuffle: the rest of the pile is already in
            # uniformly random order, so putting the card at a uniformly random place
            # gives exactly a reshuffled pile, for a fraction of a full shuffle's cost.
            pile = self.draw_pile
            pile.insert(self.rng.randrange(len(pile) + 1), card)
        self.discard.append(card)
        self.active_colour = card.colour
        self._log(E.Turned(card))
        rank = card.rank
        before = (first - self.direction) % self.seats
        if rank is Rank.WILD:
            self.phase = NAME_COLOUR
        elif rank is _SKIP:
            self._log(E.Skipped(first))
            self.current = self._next(first)
        elif rank is _REVERSE:
            self._reverse_direction()
            if how == "classic" or self.seats == 2:
                self.current = before
            else:
                self.current = self._next(before)
        elif rank is _DRAW_TWO:
            if how == "as-if-played" and self.rules.stacking == "on":
                self.pending = 2
                self._log(E.PenaltyPending(first, 2))
            else:
                self._draw_into(first, 2, "penalty")
                self._log(E.Skipped(first))
                self.current = self._next(first)

    # ------------------------------------------------------------------ queries

    @property
    def top(self) -> Card:
        """The card on top of the discard pile."""
        return self.discard[-1]

    @property
    def is_over(self) -> bool:
        """True once the match has ended."""
        return self.phase == MATCH_OVER

    def outcome(self) -> Outcome | None:
        """Who won the match and why, once it is over; None while it is played."""
        if self.phase != MATCH_OVER:
            return None
        rules = self.rules
        if rules.match == "single":
            ending = Ending.STALEMATE if self.results[-1]["winner"] is None else Ending.WENT_OUT
        elif rules.rounds is not None:
            ending = Ending.ROUNDS_PLAYED
        else:
            ending = Ending.TARGET_REACHED
        return Outcome(self.winners, ending, tuple(self.scores), tuple(self.table_points),
                       self.round)

    @property
    def current_seat(self) -> int | None:
        """The seat to act, or None between rounds and after the match."""
        return None if self.phase in (ROUND_OVER, MATCH_OVER) else self.current

    def in_round(self, seat: int) -> bool:
        """Whether the seat still holds cards in this round."""
        return bool(self.hands[seat])

    def _next(self, seat: int) -> int:
        """The next seat after `seat` in the direction of play that still holds cards."""
        n, d, hands = self.seats, self.direction, self.hands
        s = (seat + d) % n
        while not hands[s] and s != seat:
            s = (s + d) % n
        return s

    def _active_count(self) -> int:
        """How many seats still hold cards."""
        hands = self.hands
        return len(hands) - hands.count([])

    def matches(self, card: Card) -> bool:
        """Whether the card matches the top card or the active colour (wilds always do)."""
        top = self.discard[-1]
        return card.is_wild or card.colour is self.active_colour or card.rank is top.rank

    def _can_draw(self) -> bool:
        return bool(self.draw_pile) or len(self.discard) > 1

    # -- derived state

    def _rule_flags(self) -> None:
        """The options the hot paths test, as booleans (one attribute read each)."""
        rules = self.rules
        self._restricted = rules.draw_four == "restricted"
        self._challenge_on = rules.draw_four == "challenge"
        self._any_time = rules.draw == "any-time"
        self._auto_call = rules.last_card == "auto"

    def _resync(self) -> None:
        """Rebuild the derived state (`_masks`, the rule flags, the legal-actions cache)
        from the public fields, after they were set by hand or loaded from JSON."""
        self._rule_flags()
        self._masks = [_mask_of(h) for h in self.hands]
        self._dc = None

    @property
    def _legal(self):
        """The cached legal actions of the seat to act (None: not computed yet)."""
        return None if self._dc is None else self._dc.actions

    @_legal.setter
    def _legal(self, value) -> None:
        # ``game._legal = None`` is how tests and tools say "I changed the state by
        # hand": rebuild everything derived from it, not only the cache.
        if value is not None:
            raise ValueError("only None may be written: it rebuilds the derived state")
        self._resync()

    def _playable_mask(self, seat: int) -> int:
        """The distinct cards of the seat's hand that may be played now, as a bitmask."""
        if self.phase == DRAWN:
            return _BIT[self.drawn.index]
        held = self._masks[seat]
        active = self.active_colour
        top = self.discard[-1].index
        if self.pending:
            playable = held & _STACK_MATCH[top]
        else:
            playable = held & (_COLOUR_MATCH[active] | _TOP_MATCH[top])
        if playable & _W4_BIT and self._restricted and held & _COLOURED[active]:
            playable ^= _W4_BIT
        return playable

    def _playable(self, seat: int) -> list[Card]:
        """The distinct cards of the seat's hand that may be played now, in card order."""
        return _cards_of(self._playable_mask(seat))

    def legal_actions(self, seat: int | None = None) -> tuple[A.Action, ...]:
        """What `seat` (default: the seat to act) may do now, in a fixed order.

        The clock actions (`TimeOut`, `CloseWindow`) are never listed: the caller
        applies them when its own clock runs out."""
        if seat is not None:
            return self._compute_legal(seat)
        decision = self._dc
        if decision is None:
            phase = self.phase
            if phase == ROUND_OVER or phase == MATCH_OVER:
                return self._compute_legal(None)
            decision = self._turn()
        return decision.actions

    def _turn(self) -> Decision:
        """The seat to act's turn decision (its legal actions), cached until `apply`."""
        cur = self.current
        if self.phase == TURN and not self.pending and self.vulnerable is None:
            # The ordinary turn, written out flat (it is most of every game): the
            # playable cards are one AND of masks; the decision is looked up by them.
            held = self._masks[cur]
            active = self.active_colour
            playable = held & (_COLOUR_MATCH[active] | _TOP_MATCH[self.discard[-1].index])
            if playable & _W4_BIT and self._restricted and held & _COLOURED[active]:
                playable ^= _W4_BIT
            if self.draw_pile or len(self.discard) > 1:
                key = playable | _F_DRAW if not playable or self._any_time else playable
            else:
                key = playable or _F_PASS
            if len(self.hands[cur]) == 2 and not self.called[cur] and not self._auto_call:
                key |= _F_CALL
            decision = _KEYED[cur].get(key) or _keyed_decision(cur, key)
        else:
            legal = self._compute_legal(cur)
            decision = _TURNS[cur].get(legal) or _listed_decision(cur, legal)
        self._dc = decision
        return decision

    def _compute_legal(self, seat: int | None) -> tuple[A.Action, ...]:
        phase = self.phase
        if phase == ROUND_OVER:
            return (A.NEXT_ROUND,) if seat is None else ()
        if phase == MATCH_OVER:
            return ()
        cur = self.current
        if seat is None:
            seat = cur
        v = self.vulnerable
        if seat == cur:
            if phase == TURN or phase == DRAWN:
                key = self._playable_mask(seat)
                if phase == DRAWN:
                    key |= _F_PASS
                elif self.pending:
                    key |= _F_ACCEPT
                elif self.draw_pile or len(self.discard) > 1:
                    if not key or self._any_time:
                        key |= _F_DRAW
                elif not key:
                    key = _F_PASS
                if seat == v or (len(self.hands[seat]) == 2 and not self.called[seat]
                                 and not self._auto_call):
                    key |= _F_CALL
                result = _LEGAL.get(key) or _legal_tuple(key)
            elif phase == CHALLENGE:
                result = (A.CHALLENGE, A.ACCEPT)
            elif phase == NAME_COLOUR:
                result = _NAME_COLOURS
            else:  # WINDOW: the offender may still call
                result = (A.CALL,)
        elif seat == v and phase != WINDOW:
            result = (A.CALL,)
        else:
            result = ()
        if v is not None and seat != v:
            result += (A.Catch(v),)
        return result

    @classmethod
    def _assemble(cls, fields: dict) -> "Game":
        """The game whose state is exactly `fields` (one value per name in `STATE`):
        how a saved, dealt-from-a-view or written-out game is built. The caller has
        checked the values; the derived state is rebuilt here."""
        names = set(fields)
        if names != _STATE_NAMES:
            wrong = sorted(names ^ _STATE_NAMES)
            raise TypeError(f"a game's state needs exactly the fields of STATE: {wrong}")
        game = cls.__new__(cls)
        game.__dict__.update(fields)
        game._resync()
        return game

    def copy(self, rng: random.Random | None = None) -> "Game":
        """A copy to play on, cheaply: every card, the scores, the round results and
        the whole position, but NOT the logs: the copy's `history` and `actions` start
        empty (its views show only what happens after the copy; nothing it does can
        reach this game). It shuffles with `rng` if given (a play-out passes its own
        generator, at no cost), else with a copy of this game's generator, which
        continues exactly as this game's would."""
        game = Game.__new__(Game)
        game.__dict__.update(self.__dict__)
        game.rng = copy_rng(self.rng) if rng is None else rng
        game.scores = self.scores[:]
        game.table_points = self.table_points[:]
        game.results = self.results[:]
        game.history = []
        game.actions = []
        game.hands = [h[:] for h in self.hands]
        game.draw_pile = self.draw_pile[:]
        game.discard = self.discard[:]
        game.called = self.called[:]
        game.out = self.out[:]
        game.lacks = [set(s) for s in self.lacks]
        game._masks = self._masks[:]
        return game

    def can_apply(self, action: A.Action, seat: int | None = None) -> bool:
        """Whether `apply(action, seat)` would be accepted."""
        try:
            self._check(action, seat)
        except IllegalAction:
            return False
        return True

    # ------------------------------------------------------------------ applying

    def apply(self, action: A.Action, seat: int | None = None) -> list[E.Event]:
        """Apply `action` for `seat` (default: the seat to act); return what happened.

        Raises IllegalAction, saying why in a player's words, and changes nothing."""
        decision = self._dc
        if decision is None or action not in decision.actions or (
                seat is not None and seat != decision.seat):
            return self._apply_checked(action, seat)
        # Listed just now for the seat to act: no need to check it again. The two
        # commonest steps of every game are written out flat below.
        self._dc = None
        kind = action.kind
        if kind == "play":
            seat = self.current
            self.actions.append((seat, action))
            # The seat to act plays: a missed Last Card call can no longer be caught.
            self.vulnerable = None
            self.stuck_passes = 0
            card = action.card
            hand = self.hands[seat]
            if card not in _PLAIN or len(hand) < 3:
                history = self.history
                start = len(history)
                self._play(seat, action)
                return history[start:]
            # The ordinary play: a number or a plain Wild that leaves two or more
            # cards; nothing happens but the turn passing on.
            hand.remove(card)
            if card not in hand:
                self._masks[seat] ^= _BIT[card.index]
            self.discard.append(card)
            colour = action.colour
            self.active_colour = colour or card.colour
            self.drawn = None
            event = _PLAYED[seat].get(action)
            if event is None:
                event = _PLAYED[seat][action] = E.Played(seat, card, colour)
            self.history.append(event)
            lacks = self.lacks[seat]
            if lacks:
                lacks.discard(card.colour)
            n, d, hands = self.seats, self.direction, self.hands
            s = (seat + d) % n
            while not hands[s]:
                s = (s + d) % n
            self.current = s
            self.phase = TURN
            self.turns += 1
            self.total_turns += 1
            return [event]
        if kind == "draw":
            seat = self.current
            self.actions.append((seat, action))
            self.vulnerable = None
            self.stuck_passes = 0
            return self._voluntary_draw(seat)
        if kind == "pass" and self.phase == DRAWN:
            # Keeping a drawn card: the stalemate count is untouched (the draw reset it).
            seat = self.current
            self.actions.append((seat, action))
            self.vulnerable = None
            event = _PASSED[seat]
            self.history.append(event)
            n, d, hands = self.seats, self.direction, self.hands
            s = (seat + d) % n
            while not hands[s] and s != seat:
                s = (s + d) % n
            self.current = s
            self.phase = TURN
            self.drawn = None
            self.turns += 1
            self.total_turns += 1
            return [event]
        return self._apply_listed(action, None if action is A.NEXT_ROUND else self.current)

    def _apply_checked(self, action: A.Action, seat: int | None) -> list[E.Event]:
        """`apply` for an action not just listed for the seat to act: check it first."""
        return self._apply_listed(action, self._check(action, seat))

    def _apply_listed(self, action: A.Action, seat: int | None) -> list[E.Event]:
        """`apply` for everything but the flat steps, once the action is known legal."""
        history = self.history
        start = len(history)
        self.actions.append((seat, action))
        self._dc = None
        kind = action.kind
        if kind == "play":
            self.vulnerable = None
            self.stuck_passes = 0
            self._play(seat, action)
        else:
            self._do(action, seat)
        return history[start:]

    def _check(self, action: A.Action, seat: int | None) -> int | None:
        phase = self.phase
        if seat is None:
            seat = None if phase in (ROUND_OVER, MATCH_OVER) else self.current
        if action is A.CLOSE_WINDOW:
            if phase != WINDOW:
                raise IllegalAction("There is no Last Card window open.")
            return seat
        if action is A.DECLINE:
            reactions = self.reactions
            if self.vulnerable is None or not reactions or seat != reactions[0]:
                raise IllegalAction("There is nothing to react to now.")
            return seat
        if action is A.TIMEOUT:
            if self.rules.turn_timer == 0:
                raise IllegalAction("There is no turn timer in this game.")
            if seat != self.current or phase in (WINDOW, ROUND_OVER, MATCH_OVER):
                raise IllegalAction("Only the player whose turn it is can run out of time.")
            return seat
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < self.seats):
            raise IllegalAction(f"There is no seat {seat} at this table.")
        if action in self.legal_actions(seat):
            return seat
        raise IllegalAction(self._why_not(action, seat))

    def _do(self, action: A.Action, seat: int | None) -> None:
        kind = action.kind
        handler = _HANDLERS[kind]
        if kind not in _OUT_OF_TURN:
            self.vulnerable = None
        handler(self, action, seat)

    def _on_draw(self, action: A.Action, seat: int) -> None:
        self.stuck_passes = 0
        self._voluntary_draw(seat)

    def _on_pass(self, action: A.Action, seat: int) -> None:
        if self.phase == TURN:
            self.stuck_passes += 1
        self._log(E.Passed(seat))
        self._end_turn(self._next(seat))
        if self.stuck_passes >= 2 * self._active_count():
            self._end_round(stalemate=True)

    def _on_accept(self, action: A.Action, seat: int) -> None:
        self._accept(seat)

    def _on_challenge(self, action: A.Action, seat: int) -> None:
        self._challenge(seat)

    def _on_name_colour(self, action: A.Action, seat: int) -> None:
        self.active_colour = action.colour
        self.phase = TURN
        self._log(E.ColourNamed(seat, action.colour))

    def _on_timeout(self, action: A.Action, seat: int) -> None:
        self._timeout(seat)

    def _on_catch(self, action: A.Action, seat: int) -> None:
        self._catch(seat, action.seat)

    def _on_call(self, action: A.Action, seat: int) -> None:
        self._call(seat)

    def _on_close_window(self, action: A.Action, seat: int | None) -> None:
        self._close_window()

    def _on_next_round(self, action: A.Action, seat: int | None) -> None:
        self._deal()

    def _on_decline(self, action: A.Action, seat: int) -> None:
        self.reactions = self.reactions[1:]

    def _log(self, event: E.Event) -> None:
        self.history.append(event)

    def _end_turn(self, next_seat: int, phase: str = TURN) -> None:
        self.current = next_seat
        self.phase = phase
        self.drawn = None
        self.turns += 1
        self.total_turns += 1

    # -- drawing

    def _draw_into(self, seat: int, count: int, reason: str, active: Colour | None = None) -> list[Card]:
        """Move up to `count` cards to the seat's hand, reshuffling when the pile runs out."""
        pile = self.draw_pile
        if count == 1 and pile:
            got = [pile.pop()]
            insort(self.hands[seat], got[0], key=_card_index)
            self._masks[seat] |= _BIT[got[0].index]
        else:
            got = []
            for _ in range(count):
                if not pile:
                    if len(self.discard) <= 1:
                        break
                    self._reshuffle()
                    pile = self.draw_pile
                got.append(pile.pop())
            hand = self.hands[seat]
            held = self._masks[seat]
            for card in got:
                insort(hand, card, key=_card_index)
                held |= _BIT[card.index]
            self._masks[seat] = held
        if got:
            self.called[seat] = False
            if reason != "draw" and reason != "timeout":
                self.lacks[seat].clear()
        self.history.append(E.Drew(seat, len(got), reason, active, tuple(got)))
        return got

    def _reshuffle(self) -> None:
        top = self.discard.pop()
        pile = self.discard
        self.discard = [top]
        _shuffle(self.rng, pile)
        self.draw_pile = pile
        self._log(E.Reshuffled(len(pile)))

    def _voluntary_draw(self, seat: int) -> list[E.Event]:
        """One card by choice; playable at once or the turn ends. Written out flat:
        after plays, this is the commonest step of a game. Returns the events."""
        active = self.active_colour
        pile = self.draw_pile
        history = self.history
        start = len(history)
        if not pile:
            self._reshuffle()
            pile = self.draw_pile
        card = pile.pop()
        hands = self.hands
        insort(hands[seat], card, key=_card_index)
        bit = _BIT[card.index]
        held = self._masks[seat] | bit
        self._masks[seat] = held
        self.called[seat] = False
        by_card = _DREW[seat][active]
        event = by_card.get(card)
        if event is None:
            event = by_card[card] = E.Drew(seat, 1, "draw", active, (card,))
        history.append(event)
        self.lacks[seat].add(active)
        if (bit & (_COLOUR_MATCH[active] | _TOP_MATCH[self.discard[-1].index])
                and not (bit == _W4_BIT and self._restricted and held & _COLOURED[active])):
            self.drawn = card
            self.phase = DRAWN
        else:
            n, d = self.seats, self.direction
            s = (seat + d) % n
            while not hands[s]:
                s = (s + d) % n
            self.current = s
            self.turns += 1
            self.total_turns += 1
        return history[start:] if start + 1 != len(history) else [event]

    def _accept(self, seat: int) -> None:
        if self.phase == CHALLENGE:
            total = 4
            self.challenge_from = None
        else:
            total = self.pending
            self.pending = 0
        self._draw_into(seat, total, "penalty")
        self._log(E.Skipped(seat))
        self._end_turn(self._next(seat))

    def _challenge(self, seat: int) -> None:
        offender = self.challenge_from
        self.challenge_from = None
        bluff = self.challenge_bluff
        self._log(E.Challenged(seat, offender, bluff))
        if bluff:
            self._draw_into(offender, 4, "challenge")
            self.phase = TURN
        else:
            self._draw_into(seat, 6, "challenge")
            self._log(E.Skipped(seat))
            self._end_turn(self._next(seat))

    def _timeout(self, seat: int) -> None:
        self._log(E.TimedOut(seat))
        phase = self.phase
        if phase == DRAWN:
            self._log(E.Passed(seat))
            self._end_turn(self._next(seat))
        elif phase == CHALLENGE or self.pending:
            self._accept(seat)
        else:
            if phase == NAME_COLOUR:
                counts = Counter(c.colour for c in self.hands[seat] if c.colour)
                colour = max(COLOURS, key=lambda c: counts[c])
                self.active_colour = colour
                self._log(E.ColourNamed(seat, colour))
            if self._can_draw():
                self.stuck_passes = 0
                self._draw_into(seat, 1, "timeout", self.active_colour)
                self.lacks[seat].add(self.active_colour)
            else:
                if not self._playable(seat):
                    self.stuck_passes += 1
                self._log(E.Passed(seat))
            self._end_turn(self._next(seat))
            if self.stuck_passes >= 2 * self._active_count():
                self._end_round(stalemate=True)

    # -- Last Card

    def _call(self, seat: int) -> None:
        self.called[seat] = True
        self._log(E.CalledLastCard(seat))
        if seat == self.vulnerable:
            self.vulnerable = None
            self.reactions = ()
            if self.phase == WINDOW:
                self._close_window()

    def _catch(self, catcher: int, seat: int) -> None:
        self.vulnerable = None
        self.reactions = ()
        self._log(E.Caught(catcher, seat))
        self._draw_into(seat, self.rules.last_card_penalty, "last-card")
        if self.phase == WINDOW:
            self._close_window()

    def _close_window(self) -> None:
        seat, phase = self.after_window
        self.after_window = None
        self._log(E.WindowClosed(self.current))
        self._end_turn(seat, phase)

    # -- playing

    def _play(self, seat: int, action: A.Play) -> None:
        card, colour = action.card, action.colour
        hand = self.hands[seat]
        if card.rank is _WILD4 and self._challenge_on:
            self.challenge_bluff = bool(self._masks[seat] & _COLOURED[self.active_colour])
        hand.remove(card)
        if card not in hand:
            self._masks[seat] ^= _BIT[card.index]
        self.discard.append(card)
        self.active_colour = colour or card.colour
        self.drawn = None
        event = _PLAYED[seat].get(action)
        if event is None:
            event = _PLAYED[seat][action] = E.Played(seat, card, colour)
        self.history.append(event)
        lacks = self.lacks[seat]
        if lacks:
            lacks.discard(card.colour)
        left = len(hand)
        if left > 1:
            rank = card.rank
            if rank is _SKIP or (rank is _REVERSE and self._active_count() == 2):
                # Skip, or Reverse acting as one: the next seat misses its turn. Written
                # out flat, as these are a fifth of the plays at a table of two.
                n, d, hands = self.seats, self.direction, self.hands
                victim = (seat + d) % n
                while not hands[victim]:
                    victim = (victim + d) % n
                self.history.append(_SKIPPED[victim])
                s = (victim + d) % n
                while not hands[s]:
                    s = (s + d) % n
                self._end_turn(s)
                return
            if card in _PLAIN:
                self._end_turn(self._next(seat))
                return
        missed = False
        rules = self.rules
        if left == 1:
            mode = rules.last_card
            if mode == "auto":
                self.called[seat] = True
                self._log(E.CalledLastCard(seat))
            elif not self.called[seat]:
                self._log(E.MissedLastCard(seat))
                if mode == "auto-penalty":
                    self._draw_into(seat, rules.last_card_penalty, "last-card")
                else:
                    self.vulnerable = seat
                    missed = True
        elif left == 0:
            self._go_out(seat, card)
            return
        next_seat, next_phase = self._card_effect(seat, card)
        if missed and rules.last_card_window:
            self.after_window = (next_seat, next_phase)
            self.phase = WINDOW
        else:
            self._end_turn(next_seat, next_phase)
        if missed:
            self._offer_reactions(seat)

    def _offer_reactions(self, offender: int) -> None:
        """Queue the seats to be asked whether they react to `offender`'s missed call:
        the offender first, then the others in seat order; the seat to act is asked
        only while the window is open (otherwise it may catch on its own turn)."""
        n, cur = self.seats, self.current
        window = self.phase == WINDOW
        order = ((offender + k) % n for k in range(n))
        self.reactions = tuple(s for s in order if window or s != cur)

    def _card_effect(self, seat: int, card: Card) -> tuple[int, str]:
        """Resolve the card's action; return who plays next and in which phase."""
        rank = card.rank
        if card.is_number or rank is _WILD:
            return self._next(seat), TURN
        nxt = self._next(seat)
        if rank is _SKIP:
            self.history.append(_SKIPPED[nxt])
            return self._next(nxt), TURN
        if rank is _REVERSE:
            if self._active_count() == 2:
                self.history.append(_SKIPPED[nxt])
                return self._next(nxt), TURN
            self._reverse_direction()
            return self._next(seat), TURN
        size = 2 if rank is _DRAW_TWO else 4
        if self.rules.stacking == "on":
            self.pending += size
            self._log(E.PenaltyPending(nxt, self.pending))
            return nxt, TURN
        if rank is _WILD4 and self.rules.draw_four == "challenge":
            self.challenge_from = seat
            return nxt, CHALLENGE
        self._draw_into(nxt, size, "penalty")
        self.history.append(_SKIPPED[nxt])
        return self._next(nxt), TURN

    def _reverse_direction(self) -> None:
        self.direction = -self.direction
        self._log(E.Reversed(self.direction))

    def _go_out(self, seat: int, card: Card) -> None:
        """The seat played its last card: the next player still draws, then places."""
        rank = card.rank
        self.out.append(seat)
        self.called[seat] = False
        victim = self._next(seat)
        if rank is _DRAW_TWO or rank is _WILD4:
            total = self.pending + (2 if rank is _DRAW_TWO else 4)
            self.pending = 0
            self._draw_into(victim, total, "penalty")
        if len(self.out) == 1:
            self.winner_points = sum(c.points for h in self.hands for c in h)
        self._log(E.WentOut(seat, len(self.out)))
        if self.rules.round_end == "first-out" or self.seats == 2 or self._active_count() <= 1:
            self._end_round()
            return
        if rank is _DRAW_TWO or rank is _WILD4:
            self._log(E.Skipped(victim))
            self._end_turn(self._next(victim))
        elif rank is _SKIP:
            self._log(E.Skipped(victim))
            self._end_turn(self._next(victim))
        elif rank is _REVERSE and self._active_count() > 2:
            self._reverse_direction()
            self._end_turn(self._next(seat))
        elif rank is _REVERSE:
            self._log(E.Skipped(victim))
            self._end_turn(self._next(victim))
        else:
            self._end_turn(victim)

    def _end_round(self, stalemate: bool = False) -> None:
        n = self.seats
        self.turns += 1
        self.total_turns += 1
        self.vulnerable = None
        self.after_window = None
        self.pending = 0
        self.drawn = None
        left = [s for s in range(n) if s not in self.out]
        left.sort(key=lambda s: (sum(c.points for c in self.hands[s]), s))
        order = tuple(self.out) + tuple(left)
        winner = None if stalemate else order[0]
        points = 0 if stalemate else self.winner_points
        if winner is not None:
            self.scores[winner] += points
        top_half = (n + 1) // 2
        earned = [0] * n
        for place, s in enumerate(order):
            if place == 0 and winner is not None:
                earned[s] = 3
            elif place < top_half:
                earned[s] = 1
        for s in range(n):
            self.table_points[s] += earned[s]
        self.results.append({
            "round": self.round, "winner": winner, "points": points,
            "order": list(order), "table_points": earned,
            "cards_left": [len(h) for h in self.hands],
        })
        self._log(E.RoundEnded(self.round, winner, points, order))
        self.phase = ROUND_OVER
        rules = self.rules
        best = max(self.scores)
        if rules.match == "single":
            self.winners = () if winner is None else (winner,)
        elif rules.rounds is not None and self.round >= rules.rounds:
            self.winners = tuple(s for s in range(n) if self.scores[s] == best)
        elif rules.target is not None and best >= rules.target:
            self.winners = tuple(s for s in range(n) if self.scores[s] == best)
        else:
            return
        self.phase = MATCH_OVER
        self._log(E.MatchEnded(self.winners))

    # ------------------------------------------------------------------ explaining

    def _why_not(self, action: A.Action, seat: int | None) -> str:
        from .explain import why_not

        return why_not(self, action, seat)

    # ------------------------------------------------------------------ views and JSON

    def view(self, seat: int):
        """What `seat` may know: its own hand, counts of the others, public history."""
        from .view import View

        return View.of(self, seat)

    def to_json(self) -> dict:
        """The whole state as versioned JSON-ready data (see `serial`)."""
        from .serial import game_to_json

        return game_to_json(self)

    @classmethod
    def from_json(cls, data: dict) -> "Game":
        """The game written by `to_json`; StateError if malformed or inconsistent."""
        from .serial import game_from_json

        return game_from_json(data)

    def dumps(self) -> str:
        """The state as a compact JSON string."""
        import json

        return json.dumps(self.to_json(), separators=(",", ":"))

    @classmethod
    def loads(cls, text: str) -> "Game":
        """The game from a `dumps` string; StateError if it cannot be loaded."""
        import json

        from .errors import StateError

        try:
            data = json.loads(text)
        except (ValueError, TypeError) as exc:
            raise StateError(f"the saved game is not valid JSON ({exc})") from None
        return cls.from_json(data)

    @classmethod
    def replay(cls, rules: Rules, seats: int, seed: int, actions) -> "Game":
        """The game reached by applying `actions` ((seat, action) pairs) to a new deal."""
        game = cls(rules, seats, seed)
        for seat, action in actions:
            game.apply(action, seat)
        return game

    def cards_in_play(self) -> Counter:
        """Every card in hands and piles, counted (always the 108 of the deck)."""
        counts = Counter(self.draw_pile)
        counts.update(self.discard)
        for hand in self.hands:
            counts.update(hand)
        return counts


_card_index = attrgetter("index")

STATE = (
    "rules", "seats", "seed", "rng", "round", "dealer", "scores", "table_points", "results",
    "winners", "total_turns", "history", "actions", "direction", "hands", "draw_pile",
    "discard", "active_colour", "pending", "drawn", "called", "vulnerable", "after_window",
    "challenge_bluff", "challenge_from", "out", "winner_points", "stuck_passes", "turns",
    "lacks", "current", "phase", "reactions",
)
"""The names of a game's whole state: everything `to_json` writes, besides the
derived fields the game rebuilds itself."""
_STATE_NAMES = frozenset(STATE)

_DEAL = Decision(DecisionKind.DEAL, None, (A.NEXT_ROUND,))
_WINDOW_CLOSES = Decision(DecisionKind.WINDOW, None, (A.CLOSE_WINDOW,))
_TURNS: list[dict[tuple, Decision]] = [{} for _ in range(MAX_SEATS)]
"""Turn decisions by seat and legal-actions tuple: values, so built once and shared."""
_KEYED: list[dict[int, Decision]] = [{} for _ in range(MAX_SEATS)]
"""The ordinary turn's decisions by seat and legal-actions key (see `_legal_tuple`)."""
_REACTIONS: dict[tuple, Decision] = {}
"""Reaction decisions by (seat, legal actions)."""


def _keyed_decision(seat: int, key: int) -> Decision:
    keyed = _KEYED[seat]
    if len(keyed) >= _LEGAL_LIMIT:
        keyed.clear()
    decision = keyed[key] = Decision(DecisionKind.TURN, seat, _LEGAL.get(key) or _legal_tuple(key))
    return decision


def _listed_decision(seat: int, legal: tuple) -> Decision:
    turns = _TURNS[seat]
    if len(turns) >= _LEGAL_LIMIT:
        turns.clear()
    decision = turns[legal] = Decision(DecisionKind.TURN, seat, legal)
    return decision


def next_decision(game: Game) -> Decision | None:
    """What is decided next in `game`, by whom; None once the match is over.

    In order: a seat's optional reaction to a missed Last Card call (the offender
    first, then the other seats in seat order, each answering with an action or
    `DECLINE`); the window closing once every seat let it go by; the next deal
    between rounds; otherwise the turn of the seat to act. Apply the chosen action
    with ``game.apply(action, decision.seat)``. Declining is recorded in the action
    log like any action; logs written before `DECLINE` existed replay unchanged (a
    seat taking its turn ends the reactions, as it always did)."""
    if game.vulnerable is None:
        decision = game._dc
        if decision is None:
            phase = game.phase
            if phase == ROUND_OVER:
                return _DEAL
            if phase == MATCH_OVER:
                return None
            decision = game._turn()
        return decision
    if game.reactions:
        seat = game.reactions[0]
        key = (seat, game.legal_actions(seat))
        decision = _REACTIONS.get(key)
        if decision is None:
            decision = _REACTIONS[key] = Decision(
                DecisionKind.REACTION, seat, (*key[1], A.DECLINE))
        return decision
    if game.phase == WINDOW:
        return _WINDOW_CLOSES
    return game._dc or game._turn()


_HANDLERS = {
    "draw": Game._on_draw, "pass": Game._on_pass, "accept": Game._on_accept,
    "challenge": Game._on_challenge, "name-colour": Game._on_name_colour,
    "timeout": Game._on_timeout, "catch": Game._on_catch, "call": Game._on_call,
    "close-window": Game._on_close_window, "next-round": Game._on_next_round,
    "decline": Game._on_decline,
}
#: Actions that are not the seat to act taking its turn (they leave a missed call catchable).
_OUT_OF_TURN = frozenset({"catch", "call", "close-window", "next-round", "decline"})


def _shuffle(rng: random.Random, cards: list[Card]) -> None:
    """Shuffle in place by sorting on one uniform key per card (fast, and unbiased)."""
    keys = list(starmap(rng.random, repeat((), len(cards))))  # map & co: no Python loop
    order = sorted(range(len(cards)), key=keys.__getitem__)
    cards[:] = map(cards.__getitem__, order)


from .cards import ALL_CARDS  # noqa: E402  (after Card is complete)

_PLAYS = {c: A.play(c) for c in ALL_CARDS if not c.is_wild}
_CARD_PLAYS = {c: (_PLAYS[c],) for c in _PLAYS}
_WILD_PLAYS = {c: tuple(A.play(c, col) for col in COLOURS) for c in ALL_CARDS if c.is_wild}
_CARD_PLAYS.update(_WILD_PLAYS)

# ---------------------------------------------------------------------- card masks
# Bit i of a mask stands for the card with index i (ALL_CARDS order, which is also the
# order hands are kept in), so listing a mask's bits low to high lists cards in order.

_BIT = tuple(1 << c.index for c in ALL_CARDS)
_BIT_OF = {c: 1 << c.index for c in ALL_CARDS}
_CARD_OF_BIT = {1 << c.index: c for c in ALL_CARDS}
_W4_BIT = _BIT_OF[Card.of(None, _WILD4)]
_WILD_BITS = _W4_BIT | _BIT_OF[Card.of(None, _WILD)]
#: The coloured cards of each colour (None, while a colour is still to be named: none).
_COLOURED = {col: sum(_BIT_OF[c] for c in ALL_CARDS if c.colour is col) for col in COLOURS}
_COLOURED[None] = 0
#: What matches the active colour: its cards and the wilds.
_COLOUR_MATCH = {col: bits | _WILD_BITS for col, bits in _COLOURED.items()}
#: What matches the top card (by its index) on rank or symbol, wilds included.
_TOP_MATCH = tuple(
    sum(_BIT_OF[c] for c in ALL_CARDS if c.rank is top.rank) | _WILD_BITS for top in ALL_CARDS
)
#: What may answer a pending penalty with this card on top (stacking): Draw Two on Draw
#: Two, Wild Draw Four on either.
_STACK_MATCH = tuple(
    (sum(_BIT_OF[c] for c in ALL_CARDS if c.rank is _DRAW_TWO) if top.rank is _DRAW_TWO else 0)
    | _W4_BIT for top in ALL_CARDS
)

# Extra actions of a turn, as flag bits above the card bits of a legal-actions key.
_F_DRAW, _F_PASS, _F_ACCEPT, _F_CALL = (1 << (len(ALL_CARDS) + k) for k in range(4))
_CARD_BITS = (1 << len(ALL_CARDS)) - 1
_LEGAL: dict[int, tuple] = {}
"""Legal-actions tuples by key (playable-cards mask | flags), shared by every game:
actions are interned values, so equal keys always mean equal tuples."""
_LEGAL_LIMIT = 200_000

#: Numbers and the plain Wild: cards whose play does nothing beyond passing the turn.
_PLAIN = frozenset(c for c in ALL_CARDS if c.is_number or c.rank is _WILD)

# Events are read-only values, so the two commonest are interned like actions: one
# Played per (seat, Play action), one voluntary Drew per (seat, active colour, card).
_PLAYED: list[dict] = [{} for _ in range(MAX_SEATS)]
_PASSED = tuple(E.Passed(s) for s in range(MAX_SEATS))
_SKIPPED = tuple(E.Skipped(s) for s in range(MAX_SEATS))
_DREW: list[dict] = [{col: {} for col in (*COLOURS, None)} for _ in range(MAX_SEATS)]


def _mask_of(hand) -> int:
    """The bitmask of the distinct cards in `hand`."""
    return sum(set(map(_BIT_OF.__getitem__, hand)))


def _cards_of(mask: int) -> list[Card]:
    """The cards whose bits are set in `mask`, in card order."""
    cards = []
    while mask:
        low = mask & -mask
        cards.append(_CARD_OF_BIT[low])
        mask ^= low
    return cards


def _legal_tuple(key: int) -> tuple:
    """The legal actions for `key`: plays of the cards in order, then Draw / Pass /
    Accept, then Call (the order `legal_actions` documents). Built once per key."""
    result = []
    for card in _cards_of(key & _CARD_BITS):
        result += _CARD_PLAYS[card]
    if key & _F_DRAW:
        result.append(A.DRAW)
    if key & _F_PASS:
        result.append(A.PASS)
    if key & _F_ACCEPT:
        result.append(A.ACCEPT)
    if key & _F_CALL:
        result.append(A.CALL)
    legal = tuple(result)
    if len(_LEGAL) >= _LEGAL_LIMIT:
        _LEGAL.clear()
    _LEGAL[key] = legal
    return legal
