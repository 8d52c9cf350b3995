"""The game state machine: one match of rounds under one set of rules.

`Game` holds every card and follows RULES.md §2-§6. Drive it with `next_decision`
(or `legal_actions()`) and `apply()`; show a seat only `view(seat)`. It owns its
random generator (seeded from the OS's secure randomness unless a seed is given), so
the same seed and the same actions always give the same game, and it never reads a
clock: the Last Card window and the turn timer end when the caller applies
`CloseWindow` or `TimeOut`. The phases are `Phase`'s.

One step path: `apply` checks an action (or trusts one it listed itself for the seat
to act) and hands it to the one step of its type (`_play`, `_draw`, `_pass`, ...),
each written once. Who acts next is `next_decision`'s alone, and `legal_actions(seat)`
lists exactly what it offers that seat (see there). Speed: `colorcards sim` plays
thousands of whole games a second through this same surface, so those steps are lean.
Besides its state the game keeps derived fields: the rule flags; `_masks`, per seat a
bitmask of the distinct cards held (see `precomputed`); `_match`, the mask of what
matches the top card and the active colour (set wherever either changes); `_after`, the
next seat after each seat; and `_dc`, the seat to act's decision once listed.
`_resync()` rebuilds them all from the state.

The state is read through read-only properties (`game.phase`, `game.hands`, ...) over
private slots: only the game's own steps change it (`actions`, the replay log, is the
one field a caller may still rebind). The containers returned (hands, piles, scores)
are the game's own: read them, never write into them.

Fair by construction: `history` holds every event, drawn cards included, and never
leaves the game for a seat. A seat gets a `View`, a snapshot that shares nothing
mutable with the game: the public record (each event as every seat saw it) as full
chunks of frozen events shared between views plus a copy of the last part, and the
seat's own draws as a tuple. The record is brought up to date from `history` when a
view is taken (`_record`), so a loop whose players need no view pays nothing for it.
"""

from __future__ import annotations

import os
import random
from bisect import insort
from collections import Counter, deque
from collections.abc import Callable, Iterable, Sequence
from itertools import repeat, starmap
from operator import attrgetter, itemgetter
from typing import Any, TypeVar

from . import actions as A
from . import events as E
from . import turns as card_rules
from .cards import COLOURS, Card, Colour, Rank, full_deck
from .decision import Choice, Decision, DecisionKind
from .errors import IllegalAction, RulesError
from .explain import why_not
from .outcome import Ending, Outcome, RoundResult
from .phase import Phase
from .precomputed import (
    AFTER_PLAY,
    BIT,
    CALLED,
    COLOUR_MATCH,
    DEAL,
    F_ACCEPT,
    F_CALL,
    F_DRAW,
    F_PASS,
    FLAG_ACTIONS,
    FLAG_SHIFT,
    MISSED,
    NAME_COLOURS,
    NO_CARD_TURNS,
    PASSED,
    PLAYED,
    PLAYS,
    REVERSED,
    SKIPPED,
    TOP_MATCH,
    W4_BIT,
    WILD,
    WILD4,
    WINDOW_CLOSES,
    breaks_draw_four,
    mask_of,
    plays_of,
    reaction_decision,
    rule_tables,
)
from .rngstate import copy_rng
from .rules import (
    MAX_SEATS,
    MIN_SEATS,
    DrawCount,
    DrawFour,
    DrawnCard,
    DrawRule,
    FirstCard,
    FirstPlayer,
    JumpIn,
    LastCard,
    Match,
    Partners,
    RoundEnd,
    Rules,
    SevenZero,
    Stacking,
)
from .scoring import match_places, match_winners, score_round
from .turns import Hands, Turn, seat_after
from .view import CHUNK, View

FORMAT = "colorcards-game"
"""What a saved game's JSON says it is (`to_json`; `serial` reads it back)."""
VERSION = 1
HAND_SIZE = 7
ALONE = tuple(tuple(frozenset({s}) for s in range(n)) for n in range(MAX_SEATS + 1))
"""Each seat its own side, at a table of each size (`Rules.sides` without partners)."""
HUMAN_SEAT = 0
"""The seat of the person at the table (the others are computer players)."""
TURN, DRAWN, CHALLENGE, NAME_COLOUR = Phase.TURN, Phase.DRAWN, Phase.CHALLENGE, Phase.NAME_COLOUR
WINDOW, ROUND_OVER, MATCH_OVER, SWAP = (Phase.WINDOW, Phase.ROUND_OVER, Phase.MATCH_OVER,
                                        Phase.SWAP)
# The options read every game, under plain names like the phases above: an enum member
# read off its class costs several times a global's read (Python 3.11's enum).
_HUMAN_FIRST, _LEFT_OF_DEALER = FirstPlayer.HUMAN, FirstPlayer.LEFT_OF_DEALER
_CLASSIC_FIRST, _NUMBER_FIRST = FirstCard.CLASSIC, FirstCard.NUMBER
_AS_IF_PLAYED = FirstCard.AS_IF_PLAYED
_RESTRICTED, _CHALLENGE_RULE = DrawFour.RESTRICTED, DrawFour.CHALLENGE
_ANY_TIME, _STACKING_OFF, _FIRST_OUT = DrawRule.ANY_TIME, Stacking.OFF, RoundEnd.FIRST_OUT
_AUTO_CALL, _AUTO_PENALTY = LastCard.AUTO, LastCard.AUTO_PENALTY

STATE = (
    "rules", "seats", "seed", "rng", "round", "dealer", "scores", "table_points", "results",
    "winners", "total_turns", "history", "actions", "direction", "hands", "draw_pile",
    "discard", "active_colour", "pending", "drawn", "called", "vulnerable", "after_window",
    "challenge_bluff", "challenge_from", "out", "winner_points", "stuck_passes", "turns",
    "lacks", "current", "phase", "reactions", "offers", "known",
)
"""The names of a game's whole state: everything `to_json` writes and `from_state`
takes, besides the derived fields the game rebuilds itself. Each is a read-only
property over a private slot of the same name with a leading underscore (`actions`
excepted: a plain attribute)."""
_STATE_NAMES = frozenset(STATE)
_SLOT = {name: name if name == "actions" else "_" + name for name in STATE}
DERIVED = (
    "_restricted", "_challenge_on", "_any_time", "_auto_call", "_stacking", "_plain", "_answers",
    "_draws", "_turns_by_count", "_turn_of", "_seven_zero", "_jump_in", "_house",
    "_until_playable", "_must_play",
    "_sides", "_masks",
    "_match",
    "_orders", "_after", "_dc", "_sealed", "_tail", "_own", "_seen",
)
"""The fields a game rebuilds from its state (`_resync`): the rule flags, each hand's
card mask, what matches the top card, the seat order, the decision kept and the public
record."""
_SHARED = tuple(_SLOT.get(name, name) for name in (*STATE, *DERIVED) if name not in {
    "rng", "scores", "table_points", "results", "history", "actions", "hands", "draw_pile",
    "discard", "called", "out", "lacks", "known", "_masks", "_sealed", "_tail", "_own",
    "_seen"})
"""What `Game.copy` shares with the original: values never changed in place."""
_shared_values = attrgetter(*_SHARED)
_exhaust = deque[object](maxlen=0).extend
"""Runs an iterator to its end, keeping nothing (`Game.copy`'s loop, in C)."""
_TURN_KIND = DecisionKind.TURN
_PLAY = A.Play
_OPTIONAL = (DecisionKind.REACTION, DecisionKind.JUMP)
"""The decisions a seat may let go by (`DECLINE`)."""
_DRAW, _PASS, _ACCEPT, _CALL = (flag >> FLAG_SHIFT for flag in (F_DRAW, F_PASS, F_ACCEPT, F_CALL))
"""The flags of a turn's extra actions, as `FLAG_ACTIONS` indexes them."""
_new = tuple.__new__
"""Builds a `Decision` or a `Drew` from a tuple of its fields, in C (their own
constructors are Python code)."""


def _orders(held: Sequence[object]) -> tuple[tuple[int, ...], ...]:
    """The next seat after each seat (whose entry in `held` is not empty), each way
    round, indexed by the direction of play itself: [1] and [-1] (the last; [0] unused)."""
    return ((), *(tuple(seat_after(held, seat, d) for seat in range(len(held)))
                    for d in (1, -1)))


_FULL_ORDERS = tuple(_orders([True] * n) for n in range(MAX_SEATS + 1))
"""`_orders` while every seat holds cards (as dealt), for each size of table: shared by
every game, and immutable."""


def _field(slot: str, doc: str) -> Any:
    """A read-only property over `slot`, read in C (no Python frame per read)."""
    return property(attrgetter(slot), doc=doc)


class Game:
    """A match in progress. Seat 0 is the human; play runs left (+1) to start."""

    # Slots, not a __dict__: every step reads and writes a dozen of these, and a slot is
    # the cheapest attribute Python has (a game has too many fields for a shared dict).
    __slots__ = (*_SLOT.values(), *DERIVED)

    rules: Rules = _field("_rules", "The options in force.")
    seats: int = _field("_seats", "Number of seats; seat 0 is the human.")
    seed: int = _field("_seed", "The seed that, with `actions`, replays the game exactly. "
                                "Never shown in play.")
    rng: random.Random = _field("_rng", "The game's own generator: shuffles and nothing else.")
    round: int = _field("_round", "The round being played (1 the first).")
    dealer: int = _field("_dealer", "Who dealt this round.")
    scores: list[int] = _field("_scores", "Match points per seat.")
    table_points: list[int] = _field(
        "_table_points", "Table points (3 / 1 / 0 by finishing place) summed over the rounds.")
    results: list[RoundResult] = _field("_results", "One record per finished round.")
    winners: tuple[int, ...] = _field(
        "_winners", "Who won the match, once it is over (several on a tie, none on a "
                    "stalemate).")
    total_turns: int = _field("_total_turns", "Turns played in the whole match.")
    history: list[E.Event] = _field(
        "_history", "Every event of the match, private parts included: never handed to a "
                    "seat (a seat's `view` holds the public record and its own draws).")
    direction: int = _field(
        "_direction", "1 while play runs left (seat order), -1 after an odd number of "
                      "Reverses.")
    hands: list[list[Card]] = _field(
        "_hands", "Each seat's cards, kept in card order. Never shown to other seats.")
    draw_pile: list[Card] = _field(
        "_draw_pile", "Face-down cards; the top is the end of the list.")
    discard: list[Card] = _field("_discard", "Face-up cards; the top is the end of the list.")
    active_colour: Colour | None = _field(
        "_active_colour", "The colour to match (a wild's named colour while a wild is on "
                          "top).")
    pending: int = _field(
        "_pending", "A stacked draw penalty facing the current seat (stacking on only).")
    drawn: Card | None = _field("_drawn", "The card just drawn, in the ``drawn`` phase.")
    called: list[bool] = _field(
        "_called", "Seats that have called Last Card for their current one or two cards.")
    vulnerable: int | None = _field(
        "_vulnerable", "A seat down to one card without a call, who may still be caught.")
    after_window: tuple[int, Phase] | None = _field(
        "_after_window", "Where play goes when the Last Card window closes: (seat, phase).")
    challenge_bluff: bool = _field(
        "_challenge_bluff", "Whether the Wild Draw Four that may be challenged was a bluff "
                            "(hidden).")
    challenge_from: int | None = _field(
        "_challenge_from", "Who played the Wild Draw Four that may be challenged.")
    out: list[int] = _field("_out", "Seats that have gone out this round, in order.")
    winner_points: int = _field(
        "_winner_points", "What the round's winner scored at the moment of going out.")
    stuck_passes: int = _field(
        "_stuck_passes", "Consecutive turns in which nobody could play or draw (stalemate "
                         "count).")
    turns: int = _field("_turns", "Turns played in this round.")
    lacks: list[set[Colour]] = _field(
        "_lacks", "Colours each seat has publicly drawn on and not played since.")
    current: int = _field("_current", "The seat to act (see `current_seat`).")
    sides: tuple[frozenset[int], ...] = _field(
        "_sides", "Each seat's side: itself and its partner under `partners`, else itself "
                  "alone (`Rules.sides`).")
    phase: Phase = _field("_phase", "What the game waits for.")
    reactions: tuple[int, ...] = _field(
        "_reactions", "While `vulnerable` is set: the seats still to be offered a reaction "
                      "to the missed call, in order (see `next_decision`). Stale once "
                      "`vulnerable` is None.")
    offers: tuple[int, ...] = _field(
        "_offers", "The seats still to be offered a jump-in with a card identical to the "
                   "one on top, in order (house rule `jump_in`; see `next_decision`). "
                   "Never shown to a seat: who holds that card is nobody else's to know.")
    known: list[list[list[Card]]] | None = _field(
        "_known", "With `seven_zero`: for each seat, the cards it knows each seat to hold "
                  "(those it gave away in a swap or a pass, until they are played); None "
                  "without the rule.")

    def __init__(self, rules: Rules | None = None, seats: int = 4, seed: int | None = None):
        rules = rules or Rules()
        if not isinstance(seats, int) or not MIN_SEATS <= seats <= MAX_SEATS:
            raise RulesError(f"a game needs {MIN_SEATS} to {MAX_SEATS} players, not {seats}")
        if rules.partners is not Partners.OFF:
            rules.check_seats(seats)
        self._rules = rules
        self._seats = seats
        self._seed = int.from_bytes(os.urandom(8)) if seed is None else seed
        self._rng = random.Random(self._seed)
        self._round = 0
        human_first = rules.first_player is _HUMAN_FIRST
        self._dealer = seats - 1 if human_first else self._rng.randrange(seats)
        self._scores = [0] * seats
        self._table_points = [0] * seats
        self._results: list[RoundResult] = []
        self._winners: tuple[int, ...] = ()
        self._total_turns = 0
        self._history: list[E.Event] = []
        self.actions: list[tuple[int | None, A.Action]] = []
        """Every action applied, with the seat that applied it: the replay log."""
        self._new_record()
        self._rule_flags()
        self._deal()

    # ------------------------------------------------------------------ dealing

    def _deal(self) -> None:
        n = self._seats
        rules = self._rules
        self._round += 1
        if self._round > 1 and rules.first_player is _LEFT_OF_DEALER:
            self._dealer = (self._dealer + 1) % n
        self._direction = 1
        deck = full_deck()
        _shuffle(self._rng, deck)
        self._hands: list[list[Card]] = [
            sorted(deck[i * HAND_SIZE:(i + 1) * HAND_SIZE], key=_card_index) for i in range(n)
        ]
        self._draw_pile: list[Card] = deck[n * HAND_SIZE:]
        self._discard: list[Card] = []
        self._active_colour: Colour | None = None
        self._pending = 0
        self._drawn: Card | None = None
        self._called = [False] * n
        self._vulnerable: int | None = None
        self._after_window: tuple[int, Phase] | None = None
        self._challenge_bluff = False
        self._challenge_from: int | None = None
        self._out: list[int] = []
        self._winner_points = 0
        self._stuck_passes = 0
        self._turns = 0
        self._lacks: list[set[Colour]] = [set() for _ in range(n)]
        self._reactions: tuple[int, ...] = ()
        self._offers: tuple[int, ...] = ()
        self._known: list[list[list[Card]]] | None = (
            [[[] for _ in range(n)] for _ in range(n)] if self._seven_zero else None)
        human_first = rules.first_player is _HUMAN_FIRST
        first = HUMAN_SEAT if human_first else (self._dealer + 1) % n
        if human_first:
            self._dealer = (first - 1) % n
        self._history.append(E.RoundStarted(self._round, self._dealer))
        self._current = first
        self._phase = TURN
        self._dc: Choice | None = None
        self._masks = [mask_of(h) for h in self._hands]
        self._seat_order()
        self._turn_first_card(first)

    def _turn_first_card(self, first: int) -> None:
        how = self._rules.first_card
        while True:
            card = self._draw_pile.pop()
            goes_back = (
                (how is _CLASSIC_FIRST and card.rank is WILD4)
                or (how is _NUMBER_FIRST and not card.is_number)
                or (how is _AS_IF_PLAYED and card.is_wild)
            )
            if not goes_back:
                break
            self._history.append(E.Turned(card, returned=True))
            # Back into the pile and reshuffle: the rest of the pile is already in
            # uniformly random order, so putting the card at a uniformly random place
            # gives exactly a reshuffled pile, for a fraction of a full shuffle's cost.
            pile = self._draw_pile
            pile.insert(self._rng.randrange(len(pile) + 1), card)
        self._discard.append(card)
        self._active_colour = card.colour
        self._match = COLOUR_MATCH[card.colour] | TOP_MATCH[card.index]
        self._history.append(E.Turned(card))
        if card.rank is WILD:  # (classic only: the others send it back)
            self._phase = NAME_COLOUR
            return
        if card in self._plain or card_rules.card_turn(
                card.rank, self._active_count(), False, False) is Turn.ON:
            return  # a number (a 7 or 0 turned up is not played: it moves no hands)
        # An action card acts as though the seat before the first player had just
        # played it (as-if-played), or at once (classic: nothing answers it, and a
        # Reverse lets that seat, the dealer, start the other way round).
        before = (first - self._direction) % self._seats
        classic = how is _CLASSIC_FIRST
        turn = card_rules.card_turn(card.rank, self._active_count(),
                                    self._stacking and not classic, False)
        if classic and turn is card_rules.REVERSE:
            self._reverse_direction()
            self._current = before
            return
        self._current, self._phase = self._card_effect(before, card, out=classic)

    # ------------------------------------------------------------------ queries

    @property
    def top(self) -> Card:
        """The card on top of the discard pile."""
        return self._discard[-1]

    @property
    def is_over(self) -> bool:
        """True once the match has ended."""
        return self._phase is MATCH_OVER

    def outcome(self) -> Outcome | None:
        """Who won the match and why, once it is over; None while it is played."""
        if self._phase is not MATCH_OVER:
            return None
        rules = self._rules
        if rules.match is Match.SINGLE:
            ending = Ending.STALEMATE if self._results[-1].winner is None else Ending.WENT_OUT
        elif rules.rounds is not None:
            ending = Ending.ROUNDS_PLAYED
        else:
            ending = Ending.TARGET_REACHED
        return Outcome(self._winners, ending, tuple(self._scores), tuple(self._table_points),
                       self._round)

    def places(self) -> tuple[int, ...]:
        """Each seat's place so far, 1 the best: a single round's finishing order, or
        over several rounds by match points, equal totals sharing (`scoring`)."""
        if self._rules.match is Match.SINGLE and self._results:
            return self._results[-1].places
        return match_places(self._scores)

    @property
    def current_seat(self) -> int | None:
        """The seat to act, or None between rounds and after the match."""
        return None if self._phase is ROUND_OVER or self._phase is MATCH_OVER else self._current

    def next_seat(self, seat: int) -> int:
        """The next seat after `seat` in the direction of play that still holds cards
        (a lookup: the walk round the table is `_seat_order`'s)."""
        return self._after[seat]

    def _seat_order(self) -> None:
        """Work out, for each direction of play, the next seat after each seat that
        still holds cards (`_orders`; `_after` is the one in force): the walk round
        the table, written once, and what each card does to the turn order (which
        depends on how many seats hold cards). Called when a hand empties (and on
        dealing), so the end of a turn is one lookup and a Reverse one assignment."""
        hands = self._hands
        # (every seat holding cards, as dealt: the table's own order, worked out once)
        orders = _FULL_ORDERS[self._seats] if all(hands) else _orders(hands)
        self._orders = orders
        self._after = orders[self._direction]
        self._turn_of = self._turns_by_count[self._active_count() == 2]
        """What a card of each rank does to the turn order now (a Reverse between two
        is a Skip): `turns.card_turn`, looked up."""

    def _active_count(self) -> int:
        """How many seats still hold cards."""
        hands = self._hands
        return len(hands) - hands.count([])

    def matches(self, card: Card) -> bool:
        """Whether the card matches the top card or the active colour (wilds always do)."""
        return card.matches(self._active_colour, self._discard[-1].rank)

    def can_draw(self) -> bool:
        """Whether a card can be drawn (from the pile, or by reshuffling the discards)."""
        return bool(self._draw_pile) or len(self._discard) > 1

    # -- derived state

    def _rule_flags(self) -> None:
        """The options the hot paths test, as booleans (one attribute read each)."""
        rules = self._rules
        self._restricted = rules.draw_four is _RESTRICTED
        self._challenge_on = rules.draw_four is _CHALLENGE_RULE
        self._any_time = rules.draw is _ANY_TIME
        self._auto_call = rules.last_card is _AUTO_CALL
        self._stacking = rules.stacking is not _STACKING_OFF
        tables = rule_tables(rules)
        self._plain = tables.plain
        """Cards whose play only passes the turn on (`precomputed.RuleTables`)."""
        self._answers = tables.answers
        """What may answer a pending penalty, by top card and colour in force."""
        self._draws = tables.draws
        """What each draw card makes the next seat draw (`turns.DRAWS`)."""
        self._turns_by_count = tables.turn_of
        """What each rank does to the turn order, by whether two seats hold cards."""
        self._seven_zero = rules.seven_zero is SevenZero.ON
        self._jump_in = rules.jump_in is JumpIn.ON
        self._house = self._seven_zero or self._jump_in
        """A house rule that every play must consider (`_play_house`)."""
        self._until_playable = rules.draw_count is DrawCount.UNTIL_PLAYABLE
        self._must_play = rules.drawn_card is DrawnCard.MUST_PLAY
        self._sides = (rules.sides(self._seats) if rules.partners is not Partners.OFF
                       else ALONE[self._seats])

    def _resync(self) -> None:
        """Rebuild the derived state (the rule flags, `_masks`, the cached decision)
        from the public fields."""
        self._phase = Phase(self._phase)
        if self._after_window is not None:
            seat, phase = self._after_window
            self._after_window = (seat, Phase(phase))
        self._rule_flags()
        self._masks = [mask_of(h) for h in self._hands]
        self._match = COLOUR_MATCH[self._active_colour] | TOP_MATCH[self._discard[-1].index]
        self._seat_order()
        self._dc = None
        self._new_record()

    def _new_record(self) -> None:
        """An empty public record (nothing of `history` read into it yet)."""
        self._sealed: tuple[tuple[E.Event, ...], ...] = ()
        self._tail: list[E.Event] = []
        self._own: list[tuple[tuple[int, E.Drew], ...]] = [()] * self._seats
        self._seen = 0

    def _record(self) -> None:
        """Bring the public record up to date with `history`: event i as every seat saw
        it (a draw without its cards) goes to the record, each `CHUNK` of it sealed into
        a tuple shared by every view from then on; each seat's own draws, cards and
        all, go to `_own[seat]` (a tuple, replaced as it grows) with their index."""
        history = self._history
        end = len(history)
        if self._seen == end:
            return
        tail, own, drew = self._tail, self._own, E.Drew
        for i in range(self._seen, end):
            event = history[i]
            if type(event) is drew and event.cards:
                seat = event.seat
                own[seat] = (*own[seat], (i, event))
                event = event.public()
            tail.append(event)
            if len(tail) == CHUNK:
                self._sealed = (*self._sealed, tuple(tail))
                tail.clear()
        self._seen = end

    # -- what may be done

    def legal_actions(self, seat: int | None = None) -> tuple[A.Action, ...]:
        """What `seat` (default: the seat to act) may apply now, in a fixed order: plays
        in card order (a wild once per colour), then Draw, Pass, Accept, Call, Catch.

        Exactly what `next_decision` offers that seat, less `DECLINE`: now, or when its
        turn to answer comes. A table with real clocks lets a seat answer before it is
        asked: a seat still to be asked about a missed Last Card call may call or catch
        at once, and the seat to act may take its turn (which ends the chance to catch)
        while the others are still to answer. A seat `next_decision` will not ask (one
        that let the chance go by, or any seat but the one to act) may do nothing; in
        the Last Card window the seat to act is the offender, asked like the others.

        The clock actions (`TimeOut`, `CloseWindow`) are never listed: the caller
        applies them when its own clock runs out. Between rounds the table alone may
        act: `NEXT_ROUND` (seat None)."""
        phase = self._phase
        if phase is ROUND_OVER:
            return (A.NEXT_ROUND,) if seat is None else ()
        if phase is MATCH_OVER:
            return ()
        cur = self._current
        if seat is None:
            seat = cur
        if seat == cur and phase is not WINDOW and not self._offers:
            return self._decide(False)[2]  # type: ignore[index]  # (the seat's turn: never None)
        v = self._vulnerable
        if v is not None and seat in self._reactions:  # still to be asked
            return (A.CALL,) if seat == v else (A.Catch(v),)
        if seat in self._offers and phase is not WINDOW:
            return self._jump_actions(seat)
        return ()

    def _jump_actions(self, seat: int) -> tuple[A.Action, ...]:
        """What a seat offered a jump-in may do: play its card identical to the one on
        top, and call Last Card first if that leaves it one card."""
        jump = (A.Play(self._discard[-1]),)
        if len(self._hands[seat]) == 2 and not self._called[seat] and not self._auto_call:
            return (*jump, A.CALL)
        return jump

    def _offer(self) -> Decision:
        """The first seat still to be offered a jump-in: its decision (built afresh: a
        kept one would say who held what)."""
        seat = self._offers[0]
        return Decision(DecisionKind.JUMP, seat, (*self._jump_actions(seat), A.DECLINE))

    def _decide(self, asked: bool = True) -> Choice | None:
        """`next_choice` (the module's name for it: see there). With `asked` False,
        the seat to act's turn even while the others are still to react to a missed
        call or to be offered a jump-in (what `legal_actions` lists for it).

        The turn's decision is kept until `apply`. The one place that says what a turn
        allows: for the ``turn`` and ``drawn`` phases the playable cards (one AND of
        masks) and flags for Draw, Pass, Accept and Call, read off complete tables
        (`PLAYS`, `FLAG_ACTIONS`, and `NO_CARD_TURNS` when nothing can be played);
        nothing about a hand is kept outside the game. Between rounds the deal, and
        None once the match is over."""
        v = self._vulnerable
        if v is not None and asked:
            reactions = self._reactions
            if reactions:
                seat = reactions[0]
                return reaction_decision(seat, self.legal_actions(seat))
            if self._phase is WINDOW:
                return WINDOW_CLOSES
        if self._offers and asked:
            return self._offer()
        decision = self._dc
        if decision is not None:
            return decision
        cur = self._current
        phase = self._phase
        if phase is TURN or phase is DRAWN:
            held = self._masks[cur]
            pending = self._pending
            if pending:
                playable = held & self._answers[self._discard[-1].index][self._active_colour]
            else:
                playable = held & self._match
            if self._restricted and playable & W4_BIT and breaks_draw_four(
                    held, self._active_colour):  # (`_draw_four_barred`, the rule first)
                playable ^= W4_BIT
            if phase is DRAWN:  # the drawn card, if it can be played, or keep it
                playable &= BIT[self._drawn.index]  # type: ignore[union-attr]
                flags = 0 if playable and self._must_play else _PASS
            elif pending:
                flags = _ACCEPT
            elif self._draw_pile or len(self._discard) > 1:
                flags = _DRAW if not playable or self._any_time else 0
            else:
                flags = 0 if playable else _PASS
            if ((len(self._hands[cur]) == 2 and not self._called[cur] and not self._auto_call)
                    or cur == v):  # (the offender still to call: a Skip between two)
                flags |= _CALL
            if not playable and (v is None or v == cur):  # a third of turns: no card
                decision = self._dc = NO_CARD_TURNS[cur][flags]
                return decision
            try:
                actions = PLAYS[playable] + FLAG_ACTIONS[flags]
            except KeyError:  # three cards or more (a turn in seven)
                actions = plays_of(playable) + FLAG_ACTIONS[flags]
        elif phase is ROUND_OVER:
            self._dc = DEAL
            return DEAL
        elif phase is MATCH_OVER:
            return None
        else:
            actions = ((A.CHALLENGE, A.ACCEPT) if phase is CHALLENGE
                       else NAME_COLOURS if phase is NAME_COLOUR
                       else self._swaps(cur) if phase is SWAP
                       else (A.CALL,))  # WINDOW: the offender may call
        if v is not None and v != cur:
            actions += (A.Catch(v),)
        decision = self._dc = (_TURN_KIND, cur, actions)
        return decision

    def _swaps(self, seat: int) -> tuple[A.Action, ...]:
        """Whom a seat that played a 7 may swap hands with: every other seat still in
        the round, in seat order."""
        hands = self._hands
        return tuple(A.Swap(s) for s in range(self._seats) if s != seat and hands[s])

    def _draw_four_barred(self, held: int) -> bool:
        """Whether a seat holding `held` may not play its Wild Draw Four now: the
        restricted rule and a card of the active colour in hand (`breaks_draw_four`)."""
        return self._restricted and breaks_draw_four(held, self._active_colour)

    def _playable(self, seat: int) -> list[Card]:
        """The distinct cards the seat to act may play now, in card order."""
        if seat != self._current:
            return []
        plays = [a.card for a in self.legal_actions(seat) if isinstance(a, A.Play)]
        return list(dict.fromkeys(plays))

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
        history = self._history
        start = len(history)
        self.step(action, seat)
        return history[start:]

    def step(self, action: A.Action, seat: int | None = None) -> None:
        """`apply` for a loop that does not read the events (the simulator's): the
        same checks and the same step, without copying out what happened."""
        decision = self._dc  # (kind, seat, actions): a `Choice`
        if decision is None or action not in decision[2] or (
                seat != decision[1] and seat is not None):
            seat = self._check(action, seat)
        else:
            seat = decision[1]  # listed just now for the seat to act: no need to check
        self._dc = None
        self.actions.append((seat, action))
        if type(action) is _PLAY:  # (most steps: no table to look the step up in)
            self._play(action, seat)  # type: ignore[arg-type]
        else:
            _STEPS[type(action)](self, action, seat)

    def _check(self, action: A.Action, seat: int | None) -> int | None:
        """The seat that applies `action`; IllegalAction if it may not."""
        phase = self._phase
        if seat is None:
            seat = None if phase is ROUND_OVER or phase is MATCH_OVER else self._current
        if action is A.CLOSE_WINDOW:
            if phase is not WINDOW:
                raise IllegalAction("There is no Last Card window open.")
            return seat
        if action is A.DECLINE:
            asked = next_decision(self)
            if asked is None or asked.kind not in _OPTIONAL or seat != asked.seat:
                raise IllegalAction("There is nothing to react to now.")
            return seat
        if action is A.TIMEOUT:
            if self._rules.turn_timer == 0:
                raise IllegalAction("There is no turn timer in this game.")
            if (seat != self._current or phase in (WINDOW, ROUND_OVER, MATCH_OVER)
                    or self._offers):
                raise IllegalAction("Only the player whose turn it is can run out of time.")
            return seat
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < self._seats):
            raise IllegalAction(f"There is no seat {seat} at this table.")
        if action in self.legal_actions(seat):
            return seat
        asking = self._current if seat is None else seat
        raise IllegalAction(why_not(self.view(asking), action, seat))

    # -- the steps, one per kind of action. The seat to act taking its turn (play,
    # draw, pass, accept, challenge, name a colour, time out) ends any chance to catch
    # a missed call; the out-of-turn ones (call, catch, decline, the window, the deal)
    # do not.

    def _play(self, action: A.Play, seat: int) -> None:
        self._vulnerable = None
        self._stuck_passes = 0
        card = action.card
        hand = self._hands[seat]
        if self._challenge_on and card.rank is WILD4:
            self._challenge_bluff = breaks_draw_four(self._masks[seat], self._active_colour)
        hand.remove(card)
        if card not in hand:
            self._masks[seat] ^= BIT[card.index]
        self._discard.append(card)
        self._active_colour, self._match = AFTER_PLAY[action]
        self._history.append(PLAYED[seat][action])
        lacks = self._lacks[seat]
        if lacks:
            lacks.discard(card.colour)
        left = len(hand)
        if left > 1 and card in self._plain:  # nothing happens but the turn passing on
            self._current = self._after[seat]  # (`_pass_turn`, in line: half of all steps)
            self._phase = TURN
            self._drawn = None
            self._turns += 1
            self._total_turns += 1
            return
        self._drawn = None
        if self._house:
            self._play_house(seat, card, left)
            return
        missed = False
        if left == 1:
            missed = self._one_left(seat)
        elif left == 0:
            self._go_out(seat, card)
            return
        next_seat, next_phase = self._card_effect(seat, card)
        if missed:
            self._missed_after(seat, next_seat, next_phase)
        else:
            self._end_turn(next_seat, next_phase)

    def _one_left(self, seat: int) -> bool:
        """`seat` played down to one card: Last Card is called for it, or its missed call
        costs the penalty at once, or (`catch`) it may be caught: then True."""
        rules = self._rules
        mode = rules.last_card
        if mode is _AUTO_CALL:
            self._called[seat] = True
            self._history.append(CALLED[seat])
        elif not self._called[seat]:
            self._history.append(MISSED[seat])
            if mode is _AUTO_PENALTY:
                self._draw_into(seat, rules.last_card_penalty, "last-card")
            else:
                self._vulnerable = seat
                return True
        return False

    def _missed_after(self, seat: int, next_seat: int, next_phase: Phase) -> None:
        """The play goes on after `seat` missed its call and may be caught: through the
        Last Card window where there is one, and the seats are asked whether they react."""
        if self._rules.last_card_window:
            self._after_window = (next_seat, next_phase)
            self._phase = WINDOW
        else:
            self._end_turn(next_seat, next_phase)
        self._offer_reactions(seat)

    def _play_house(self, seat: int, card: Card, left: int) -> None:
        """The rest of a play under the house rules `jump_in` and `seven_zero` (`_play`
        above, with what they add): a jump-in taken ends the offer and says so, a card
        known in the hand is forgotten, a 7 or 0 owes no Last Card call (the hands
        move: nobody owes one for a hand received, §10), a 7 asks whom to swap with,
        and the card is offered to be jumped in on."""
        if seat != self._current:  # a jump-in: the offer is taken
            self._offers = ()
            self._history.append(E.JumpedIn(seat))
        known = self._known
        if known is not None:
            self._forget_known(known, seat, card)
        moves = card_rules.card_hands(card.rank, self._seven_zero)
        missed = False
        if left == 1 and moves is None:
            missed = self._one_left(seat)
        elif left == 0:
            self._go_out(seat, card)
            return
        next_seat, next_phase = self._card_effect(seat, card)
        if next_phase is SWAP:  # the 7's player chooses whom to swap with first
            self._current = seat
            self._phase = SWAP
            return
        if missed:
            self._missed_after(seat, next_seat, next_phase)
        else:
            self._end_turn(next_seat, next_phase)
        if self._jump_in:
            self._offer_jumps(seat, card, next_seat)

    def _draw(self, action: A.Action, seat: int) -> None:
        """A card by choice. If it can be played the seat decides on it (play it, or
        keep it with `PASS`); if not, it is kept at once. Either way the record reads
        Drew then Passed, so the table cannot tell whether a kept card matched."""
        self._vulnerable = None
        self._stuck_passes = 0
        if self._until_playable:
            self._draw_until_playable(seat)
            return
        active = self._active_colour
        pile = self._draw_pile
        if not pile:
            self._reshuffle()
            pile = self._draw_pile
        card = pile.pop()
        insort(self._hands[seat], card, key=_card_index)
        bit = BIT[card.index]
        held = self._masks[seat] = self._masks[seat] | bit
        self._called[seat] = False
        history = self._history
        history.append(_new(E.Drew, (seat, 1, "draw", active, (card,))))
        self._lacks[seat].add(active)  # type: ignore[arg-type]
        # No penalty is pending (drawing is not offered then): it plays if it matches.
        if self._match & bit and not (bit == W4_BIT and self._draw_four_barred(held)):
            self._drawn = card
            self._phase = DRAWN
            return
        history.append(PASSED[seat])  # kept: the turn ends (the draw reset the stalemate count)
        self._pass_turn(seat)

    def _draw_until_playable(self, seat: int) -> None:
        """`_draw` under ``draw_count=until-playable``: cards until one can be played (or
        both piles are empty), one draw in the record; then as after a single draw."""
        active = self._active_colour
        hand = self._hands[seat]
        got: list[Card] = []
        playable = False
        held = self._masks[seat]
        while self._draw_pile or len(self._discard) > 1:
            if not self._draw_pile:
                self._reshuffle()
            card = self._draw_pile.pop()
            insort(hand, card, key=_card_index)
            bit = BIT[card.index]
            held |= bit
            got.append(card)
            if self._match & bit and not (bit == W4_BIT and self._draw_four_barred(held)):
                playable = True
                break
        self._masks[seat] = held
        self._called[seat] = False
        self._history.append(E.Drew(seat, len(got), "draw", active, tuple(got)))
        self._lacks[seat].add(active)  # type: ignore[arg-type]
        if playable:
            self._drawn = got[-1]
            self._phase = DRAWN
            return
        self._history.append(PASSED[seat])
        self._pass_turn(seat)

    def _pass(self, action: A.Action, seat: int) -> None:
        self._vulnerable = None
        self._history.append(PASSED[seat])
        if self._phase is DRAWN:  # keeping the drawn card: the draw reset the stalemate count
            self._pass_turn(seat)
            return
        self._stuck_passes += 1
        self._pass_turn(seat)
        if self._stuck_passes >= 2 * self._active_count():
            self._end_round(stalemate=True)

    def _accept(self, action: A.Action, seat: int) -> None:
        self._vulnerable = None
        self._take_penalty(seat)

    def _take_penalty(self, seat: int) -> None:
        if self._phase is CHALLENGE:
            total = self._draws[WILD4]
            self._challenge_from = None
        else:
            total = self._pending
            self._pending = 0
        self._penalise(seat, total, "penalty")
        self._pass_turn(seat)

    def _challenge(self, action: A.Action, seat: int) -> None:
        self._vulnerable = None
        offender = self._challenge_from
        assert offender is not None
        self._challenge_from = None
        bluff = self._challenge_bluff
        self._history.append(E.Challenged(seat, offender, bluff))
        if bluff:
            self._draw_into(offender, self._draws[WILD4], "challenge")
            self._phase = TURN
        else:
            self._penalise(seat, card_rules.CHALLENGE_LOST, "challenge")
            self._pass_turn(seat)

    def _name_colour(self, action: A.NameColour, seat: int) -> None:
        self._vulnerable = None
        self._active_colour = action.colour
        self._match = COLOUR_MATCH[action.colour] | TOP_MATCH[self._discard[-1].index]
        self._phase = TURN
        self._history.append(E.ColourNamed(seat, action.colour))

    def _timeout(self, action: A.Action, seat: int) -> None:
        self._vulnerable = None
        self._history.append(E.TimedOut(seat))
        phase = self._phase
        if phase is DRAWN:
            self._history.append(PASSED[seat])
            self._pass_turn(seat)
            return
        if phase is CHALLENGE or self._pending:
            self._take_penalty(seat)
            return
        if phase is SWAP:  # the choice made for them: the next player's hand
            self._swap(A.Swap(self._after[seat]), seat)
            return
        if phase is NAME_COLOUR:
            counts = Counter(c.colour for c in self._hands[seat] if c.colour)
            colour = max(COLOURS, key=lambda c: counts[c])
            self._active_colour = colour
            self._match = COLOUR_MATCH[colour] | TOP_MATCH[self._discard[-1].index]
            self._history.append(E.ColourNamed(seat, colour))
        if self.can_draw():
            self._stuck_passes = 0
            self._draw_into(seat, 1, "timeout", self._active_colour)
            self._lacks[seat].add(self._active_colour)  # type: ignore[arg-type]
        else:
            if not self._playable(seat):
                self._stuck_passes += 1
            self._history.append(PASSED[seat])
        self._pass_turn(seat)
        if self._stuck_passes >= 2 * self._active_count():
            self._end_round(stalemate=True)

    def _call(self, action: A.Action, seat: int) -> None:
        self._called[seat] = True
        self._history.append(CALLED[seat])
        if seat == self._vulnerable:
            self._vulnerable = None
            self._reactions = ()
            if self._phase is WINDOW:
                self._close_window(action, seat)

    def _catch(self, action: A.Catch, catcher: int) -> None:
        seat = action.seat
        self._vulnerable = None
        self._reactions = ()
        self._history.append(E.Caught(catcher, seat))
        self._draw_into(seat, self._rules.last_card_penalty, "last-card")
        if self._phase is WINDOW:
            self._close_window(action, catcher)

    def _close_window(self, action: A.Action, seat: int | None) -> None:
        assert self._after_window is not None
        after, phase = self._after_window
        self._after_window = None
        self._history.append(E.WindowClosed(self._current))
        self._end_turn(after, phase)

    def _next_round(self, action: A.Action, seat: int | None) -> None:
        self._deal()

    def _decline(self, action: A.Action, seat: int) -> None:
        if self._vulnerable is not None and self._reactions:
            self._reactions = self._reactions[1:]
        else:  # a jump-in let go by: nothing public happens
            self._offers = self._offers[1:]

    def _swap(self, action: A.Swap, seat: int) -> None:
        """After a 7: `seat` and the seat it chose swap hands; play goes on as after any
        number card (and an identical 7 may be jumped in with)."""
        self._exchange(seat, action.seat)
        self._history.append(E.Swapped(seat, action.seat))
        nxt = self._after[seat]
        self._end_turn(nxt)
        if self._jump_in:
            self._offer_jumps(seat, self._discard[-1], nxt)

    # -- what the steps share

    def _end_turn(self, next_seat: int, phase: Phase = TURN) -> None:
        self._current = next_seat
        self._phase = phase
        self._drawn = None
        self._turns += 1
        self._total_turns += 1

    def _pass_turn(self, seat: int) -> None:
        """`seat`'s turn ends and the next seat's begins (`_end_turn`, in one call)."""
        self._current = self._after[seat]
        self._phase = TURN
        self._drawn = None
        self._turns += 1
        self._total_turns += 1

    def _draw_into(self, seat: int, count: int, reason: str,
                   active: Colour | None = None) -> list[Card]:
        """Move up to `count` cards to the seat's hand, reshuffling when the pile runs out."""
        pile = self._draw_pile
        if 0 < count <= len(pile):  # the top `count` cards, top first
            got = pile[:-count - 1:-1]
            del pile[-count:]
        else:
            got = []
            for _ in range(count):
                if not self._draw_pile:
                    if len(self._discard) <= 1:
                        break
                    self._reshuffle()
                got.append(self._draw_pile.pop())
        hand = self._hands[seat]
        held = self._masks[seat]
        for card in got:
            insort(hand, card, key=_card_index)
            held |= BIT[card.index]
        self._masks[seat] = held
        if got:
            self._called[seat] = False
            if reason != "draw" and reason != "timeout":
                self._lacks[seat].clear()
        self._history.append(_new(E.Drew, (seat, len(got), reason, active, tuple(got))))
        return got

    def _reshuffle(self) -> None:
        top = self._discard.pop()
        pile = self._discard
        self._discard = [top]
        _shuffle(self._rng, pile)
        self._draw_pile = pile
        self._history.append(E.Reshuffled(len(pile)))

    def _offer_reactions(self, offender: int) -> None:
        """Queue the seats to be asked whether they react to `offender`'s missed call:
        the offender first, then the others in seat order; the seat to act is asked
        only while the window is open (otherwise it may catch on its own turn)."""
        order = [*range(offender, self._seats), *range(offender)]
        if self._phase is not WINDOW:
            order.remove(self._current)
        self._reactions = tuple(order)

    def _card_effect(self, seat: int, card: Card, out: bool = False) -> tuple[int, Phase]:
        """Resolve the card's action (`turns.card_turn` says which); return who plays
        next and in which phase. `out`: nothing answers the card, so a draw card's
        penalty is drawn at once (the seat went out with it: nothing is stacked on or
        challenged after the last card; or it was turned up first under classic)."""
        rank = card.rank
        nxt = self._after[seat]
        if card in self._plain:
            return nxt, TURN
        turn = (self._turn_of[rank] if not out  # (nothing answers the last card: no stack)
                else card_rules.card_turn(rank, self._active_count(), False, False))
        if turn is card_rules.SKIP:
            self._history.append(SKIPPED[nxt])  # a Reverse between two acts as a Skip
            return self._after[nxt], TURN
        if turn is card_rules.REVERSE:
            self._reverse_direction()
            return self._after[seat], TURN
        if turn is card_rules.STACK:
            self._pending += self._draws[rank]
            self._history.append(E.PenaltyPending(nxt, self._pending))
            return nxt, TURN
        if turn is card_rules.CHALLENGE:
            self._challenge_from = seat
            return nxt, CHALLENGE
        if turn is Turn.PENALTY:
            self._penalise(nxt, self._card_penalty(rank), "penalty")
            return self._after[nxt], TURN
        # Turn.ON: a card that does nothing to the turn order, here only under a house
        # rule (`_plain` is empty there): a 7 or a 0 may move the hands.
        moves = card_rules.card_hands(rank, self._seven_zero)
        if moves is Hands.SWAP:  # none if it was the 7's player's last card
            return (nxt, TURN) if out else (seat, SWAP)
        if moves is Hands.PASS:
            self._pass_hands()
        return nxt, TURN

    def _exchange(self, seat: int, other: int) -> None:
        """`seat` and `other` swap hands (a 7, `seven_zero`): with them go their masks and
        what the table inferred of each hand (`lacks`), and what every seat knew of it;
        each of the two now knows the other holds the hand it gave."""
        hands, masks, lacks = self._hands, self._masks, self._lacks
        hands[seat], hands[other] = hands[other], hands[seat]
        masks[seat], masks[other] = masks[other], masks[seat]
        lacks[seat], lacks[other] = lacks[other], lacks[seat]
        self._called[seat] = self._called[other] = False
        known = self._known
        if known is not None:
            for mine in known:
                mine[seat], mine[other] = mine[other], mine[seat]
            known[seat][seat], known[other][other] = [], []
            known[seat][other], known[other][seat] = hands[other][:], hands[seat][:]

    def _pass_hands(self) -> None:
        """A 0 (`seven_zero`): every seat still in the round passes its whole hand to the
        next such seat in the direction of play, with what is known of it; each seat
        knows the hand it passed on."""
        after = self._after
        hands = self._hands
        seats = [s for s in range(self._seats) if hands[s]]
        moved = {after[s]: s for s in seats}  # the new holder: the hand's old holder
        _move(self._hands, moved)
        _move(self._masks, moved)
        _move(self._lacks, moved)
        for s in seats:
            self._called[s] = False
        known = self._known
        if known is not None:
            for mine in known:
                _move(mine, moved)
            for s in seats:
                known[s][s] = []
                known[s][after[s]] = hands[after[s]][:]
        self._history.append(E.HandsPassed(self._direction))

    @staticmethod
    def _forget_known(known: list[list[list[Card]]], seat: int, card: Card) -> None:
        """`seat` played `card`: no seat knows it in that hand any more (`known`)."""
        for mine in known:
            held = mine[seat]
            if card in held:
                held.remove(card)

    def _offer_jumps(self, seat: int, card: Card, nxt: int) -> None:
        """Offer a jump-in with `card`, just played by `seat`, to every other seat holding
        an identical card but the one to act next (who may play it on its turn), in the
        direction of play from `seat`. Wild cards are not jumped on."""
        if card.colour is None or self._phase is ROUND_OVER or self._phase is MATCH_OVER:
            return
        bit = BIT[card.index]
        masks, after = self._masks, self._after
        order: list[int] = []
        s = seat
        for _ in range(self._seats):
            s = after[s]
            if s == seat or s in order:
                break
            if s != nxt and masks[s] & bit:
                order.append(s)
        self._offers = tuple(order)

    def _card_penalty(self, rank: Rank) -> int:
        """What a draw card of `rank` makes the next seat draw: its own two or four and
        whatever was stacked before it (which it clears)."""
        total = self._pending + self._draws[rank]
        self._pending = 0
        return total

    def _penalise(self, seat: int, count: int, reason: str) -> None:
        """`seat` draws `count` cards and misses its turn."""
        self._draw_into(seat, count, reason)
        self._history.append(SKIPPED[seat])

    def _reverse_direction(self) -> None:
        direction = self._direction = -self._direction
        self._after = self._orders[direction]
        self._history.append(REVERSED[direction])

    def _go_out(self, seat: int, card: Card) -> None:
        """The seat played its last card and places. The card still acts on the next
        seat (`_card_effect`); if the round ends with it, only a draw card's penalty is
        drawn (the cards count in the round's points)."""
        self._out.append(seat)
        self._called[seat] = False
        self._seat_order()  # the seat's hand is empty: play goes round it now
        self._history.append(E.WentOut(seat, len(self._out)))
        ends = (self._rules.round_end is _FIRST_OUT or self._seats == 2
                or self._active_count() <= 1)
        if not ends:
            next_seat, next_phase = self._card_effect(seat, card, out=True)
        elif card.rank in self._draws:
            self._draw_into(self._after[seat], self._card_penalty(card.rank), "penalty")
        if len(self._out) == 1:  # the other sides' hands (everyone else's, without partners)
            side = self._sides[seat]
            self._winner_points = sum(c.points for s, h in enumerate(self._hands)
                                      if s not in side for c in h)
        if ends:
            self._end_round()
        else:
            self._end_turn(next_seat, next_phase)
            if self._jump_in:
                self._offer_jumps(seat, card, next_seat)

    def _end_round(self, stalemate: bool = False) -> None:
        """Score the round (`scoring`), and end the match if it is won."""
        self._turns += 1
        self._total_turns += 1
        self._vulnerable = None
        self._after_window = None
        self._pending = 0
        self._drawn = None
        sides = self._sides
        result = score_round(self._round, self._hands, self._out, self._winner_points, stalemate,
                             sides)
        winner = result.winner
        if winner is not None:
            for s in sides[winner]:  # the side scores (a seat alone, without partners)
                self._scores[s] += result.points
        for s, earned in enumerate(result.table_points):
            self._table_points[s] += earned
        self._results.append(result)
        self._history.append(E.RoundEnded(self._round, winner, result.points, result.order))
        self._phase = ROUND_OVER
        winners = match_winners(self._rules.match, self._scores, result, sides)
        if winners is None:
            return
        self._winners = winners
        self._phase = MATCH_OVER
        self._history.append(E.MatchEnded(self._winners))

    # ------------------------------------------------------------------ copies, views, JSON

    @classmethod
    def from_state(cls, fields: dict[str, Any]) -> Game:
        """The game whose state is exactly `fields` (one value per name in `STATE`):
        how a saved, dealt-from-a-view or written-out game is built. The caller has
        checked the values; the derived state is rebuilt here. `reactions` None (a
        save made before reactions were kept) asks the seats as a missed call does;
        `known` None under `seven_zero` (a position written without it): nobody knows
        anything of another hand."""
        names = set(fields)
        if names != _STATE_NAMES:
            wrong = sorted(names ^ _STATE_NAMES)
            raise TypeError(f"a game's state needs exactly the fields of STATE: {wrong}")
        game = cls.__new__(cls)
        for name, value in fields.items():
            setattr(game, _SLOT[name], value)
        game._resync()
        game._offers = tuple(game._offers)
        n = game._seats
        if not game._seven_zero:
            game._known = None
        elif game._known is None:
            game._known = [[[] for _ in range(n)] for _ in range(n)]
        if fields["reactions"] is None:
            game._reactions = ()
            if game._vulnerable is not None:
                game._offer_reactions(game._vulnerable)
        return game

    def copy(self, rng: random.Random | None = None) -> Game:
        """A copy to play on, cheaply: every card, the scores, the round results and
        the whole position, but NOT the logs: the copy's `history` and `actions` start
        empty (its views show only what happens after the copy; nothing it does can
        reach this game). It shuffles with `rng` if given (a play-out passes its own
        generator, at no cost), else with a copy of this game's generator, which
        continues exactly as this game's would."""
        game = Game.__new__(Game)
        _exhaust(map(setattr, repeat(game), _SHARED, _shared_values(self)))  # (a loop in C)
        game._rng = copy_rng(self._rng) if rng is None else rng
        game._scores = self._scores[:]
        game._table_points = self._table_points[:]
        game._results = self._results[:]
        game._history = []
        game.actions = []
        game._new_record()
        game._hands = [h[:] for h in self._hands]
        game._draw_pile = self._draw_pile[:]
        game._discard = self._discard[:]
        game._called = self._called[:]
        game._out = self._out[:]
        game._lacks = [set(s) for s in self._lacks]
        game._masks = self._masks[:]
        known = self._known
        game._known = None if known is None else [[h[:] for h in mine] for mine in known]
        return game

    def view(self, seat: int) -> View:
        """What `seat` may know, as a snapshot: its own hand, counts of the others,
        the public record and its own draws. It shares nothing mutable with the game:
        what happens next, or anything written anywhere, leaves it as it is."""
        if not (isinstance(seat, int) and 0 <= seat < self._seats):
            raise ValueError(f"no seat {seat}")
        self._record()
        hands = self._hands
        phase = self._phase
        return View(
            seat=seat,
            seats=self._seats,
            rules=self._rules,
            phase=phase,
            current=None if phase is ROUND_OVER or phase is MATCH_OVER else self._current,
            hand=tuple(hands[seat]),
            hand_counts=tuple(map(len, hands)),
            discard=tuple(self._discard),
            draw_count=len(self._draw_pile),
            active_colour=self._active_colour,
            direction=self._direction,
            pending=self._pending,
            drawn=self._drawn if self._current == seat else None,
            called=tuple(self._called),
            vulnerable=self._vulnerable,
            challenge_from=self._challenge_from,
            out=tuple(self._out),
            lacks=tuple(map(frozenset, self._lacks)),
            scores=tuple(self._scores),
            table_points=tuple(self._table_points),
            round=self._round,
            dealer=self._dealer,
            turns=self._turns,
            winners=self._winners,
            total_turns=self._total_turns,
            stuck_passes=self._stuck_passes,
            after_window=self._after_window,
            reactions=self._reactions if self._vulnerable is not None else (),
            results=tuple(self._results),
            known=() if self._known is None else tuple(map(tuple, self._known[seat])),
            _sealed=self._sealed,
            _tail=tuple(self._tail),
            _own=self._own[seat],
        )

    def to_json(self, logs: bool = True) -> dict[str, Any]:
        """The whole state as versioned JSON-ready data (`serial.game_from_json` reads
        it); without `logs`, `history` and `actions` are written empty (what a save's
        head holds)."""
        version, internal, gauss = self._rng.getstate()
        return {
            "format": FORMAT,
            "version": VERSION,
            "rules": self._rules.as_json(),
            "seats": self._seats,
            "seed": self._seed,
            "rng": [version, list(internal), gauss],
            "round": self._round,
            "dealer": self._dealer,
            "scores": list(self._scores),
            "table_points": list(self._table_points),
            "results": [r.as_json() for r in self._results],
            "winners": list(self._winners),
            "total_turns": self._total_turns,
            "direction": self._direction,
            "hands": [_codes(h) for h in self._hands],
            "draw_pile": _codes(self._draw_pile),
            "discard": _codes(self._discard),
            "active_colour": self._active_colour.value if self._active_colour else None,
            "pending": self._pending,
            "drawn": self._drawn.code if self._drawn else None,
            "called": list(self._called),
            "vulnerable": self._vulnerable,
            "after_window": list(self._after_window) if self._after_window else None,
            "challenge_bluff": self._challenge_bluff,
            "challenge_from": self._challenge_from,
            "out": list(self._out),
            "winner_points": self._winner_points,
            "stuck_passes": self._stuck_passes,
            "turns": self._turns,
            "lacks": [sorted(c.value for c in s) for s in self._lacks],
            "current": self._current,
            "phase": str(self._phase),
            "reactions": list(self._reactions) if self._vulnerable is not None else [],
            "offers": list(self._offers),
            "known": None if self._known is None else [[_codes(h) for h in mine]
                                                        for mine in self._known],
            "history": [e.as_json() for e in self._history] if logs else [],
            "actions": [[seat, a.as_json()] for seat, a in self.actions] if logs else [],
        }

    def dumps(self) -> str:
        """The state as a compact JSON string; `serial.game_from_text` reads it."""
        import json  # only here: importing the engine stays quick

        return json.dumps(self.to_json(), separators=(",", ":"))

    @classmethod
    def replay(cls, rules: Rules, seats: int, seed: int,
               actions: Iterable[tuple[int | None, A.Action]]) -> Game:
        """The game reached by applying `actions` ((seat, action) pairs) to a new deal."""
        game = cls(rules, seats, seed)
        for seat, action in actions:
            game.apply(action, seat)
        return game

    def cards_in_play(self) -> Counter[Card]:
        """Every card in hands and piles, counted (always the 108 of the deck)."""
        counts = Counter(self._draw_pile)
        counts.update(self._discard)
        for hand in self._hands:
            counts.update(hand)
        return counts


_card_index = attrgetter("index")
_T = TypeVar("_T")


def _move(per_seat: list[_T], moved: dict[int, int]) -> None:
    """Give each seat in `moved` (new holder: old holder) its old holder's entry."""
    old = per_seat[:]
    for holder, giver in moved.items():
        per_seat[holder] = old[giver]


def _codes(cards: Iterable[Card]) -> list[str]:
    return [c.code for c in cards]

_STEPS: dict[type, Callable[..., Any]] = {
    A.Play: Game._play, A.Draw: Game._draw, A.Pass: Game._pass, A.Accept: Game._accept,
    A.Challenge: Game._challenge, A.NameColour: Game._name_colour, A.TimeOut: Game._timeout,
    A.CallLastCard: Game._call, A.Catch: Game._catch, A.CloseWindow: Game._close_window,
    A.NextRound: Game._next_round, A.Decline: Game._decline, A.Swap: Game._swap,
}
"""The one step of each type of action."""


def next_decision(game: Game) -> Decision | None:
    """What is decided next in a game, by whom; None once the match is over.

In order: a seat's optional reaction to a missed Last Card call (the offender first,
then the other seats in seat order, each answering with an action or `DECLINE`); the
window closing once every seat let it go by; a jump-in offered to each seat holding a
card identical to the one just played (house rule `jump_in`; in the direction of play
from its player, each jumping or answering `DECLINE`); the next deal between rounds; otherwise
the turn of the seat to act. Apply the chosen action with ``game.apply(action,
decision.seat)``. Declining is recorded in the action log like any action; logs written
before `DECLINE` existed replay unchanged (a seat taking its turn ends the reactions,
as it always did).

The same decision as `next_choice`, named."""
    choice = game._decide()
    return choice if choice is None or type(choice) is Decision else _new(Decision, choice)


next_choice: Callable[[Game], Choice | None] = Game._decide
"""`next_decision` as a plain tuple (`Choice`): ``kind, seat, actions = next_choice(game)``.

For the loops that play whole games by the thousand: the simulator's and the test
evenings' (`bots.drive`) and the coach's play-outs. The game's own method, under the
loop's name: the turn it lists is worked out in that one call (`Game._decide`), kept
until the next step, and given as it was built, without a named tuple around it."""


def _shuffle(rng: random.Random, cards: list[Card]) -> None:
    """Shuffle in place by sorting on one uniform key per card (fast, and unbiased)."""
    keys = list(starmap(rng.random, repeat((), len(cards))))  # map & co: no Python loop
    if len(cards) > 1:  # (one index given, an itemgetter returns the card, not a tuple)
        order = sorted(range(len(cards)), key=keys.__getitem__)
        cards[:] = itemgetter(*order)(cards)
