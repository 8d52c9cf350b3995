"""The game state machine: one match of rounds under one set of rules.

`Game` holds every card and follows RULES.md §2-§6. Drive it with `next_decision`
(or `legal_actions()`) and `apply()`; show a seat only `view(seat)`. It owns its
random generator (seeded from the OS's secure randomness unless a seed is given), so
the same seed and the same actions always give the same game, and it never reads a
clock: the Last Card window and the turn timer end when the caller applies
`CloseWindow` or `TimeOut`. The phases are `Phase`'s.

One step path: `apply` checks an action (or trusts one it listed itself for the seat
to act) and hands it to the one step of its type (`_play`, `_draw`, `_pass`, ...),
each written once. Speed: `colorcards sim` plays thousands of whole games a second
through this same surface, so those steps are lean. Besides the public fields the
game keeps derived ones: the rule flags; `_masks`, per seat a bitmask of the distinct
cards held (see `precomputed`); `_match`, the mask of what matches the top card and the
active colour (set wherever either changes); `_after`, the next seat after each seat;
and `_dc`, the seat to act's decision once listed. `_resync()` rebuilds them all from
the public fields.

Fair by construction: `history` holds every event, drawn cards included, and never
leaves the game for a seat. What the seats may read is the public record (`_public`,
each event as every seat saw it) and each seat's own drawn cards (`_own`), brought up
to date from `history` when a view is taken (`_record`), so a loop whose players need
no view pays nothing for them. A `View` holds only those two.
"""

from __future__ import annotations

import os
import random
from bisect import insort
from collections import Counter
from collections.abc import Callable, Iterable
from itertools import repeat, starmap
from operator import attrgetter

from . import actions as A
from . import events as E
from .cards import COLOURS, Card, Colour, full_deck
from .decision import Decision
from .errors import IllegalAction, RulesError
from .explain import why_not
from .outcome import Ending, Outcome, RoundResult
from .phase import Phase
from .precomputed import (
    BIT,
    CALLED,
    COLOUR_MATCH,
    COLOURED,
    DEAL,
    DRAW_TWO,
    DREW,
    F_ACCEPT,
    F_CALL,
    F_DRAW,
    F_PASS,
    KEYED,
    MISSED,
    NAME_COLOURS,
    PASSED,
    PLAIN,
    PLAYED,
    REVERSE,
    REVERSED,
    SKIP,
    SKIPPED,
    STACK_MATCH,
    TOP_MATCH,
    W4_BIT,
    WILD,
    WILD4,
    WINDOW_CLOSES,
    keyed_decision,
    listed_decision,
    mask_of,
    reaction_decision,
)
from .rngstate import copy_rng
from .rules import (
    MAX_SEATS,
    MIN_SEATS,
    DrawFour,
    DrawRule,
    FirstCard,
    FirstPlayer,
    LastCard,
    Match,
    RoundEnd,
    Rules,
    Stacking,
)
from .scoring import match_places, match_winners, score_round
from .turns import Turn, card_turn, seat_after
from .view import View

HAND_SIZE = 7
HUMAN_SEAT = 0
"""The seat of the person at the table (the others are computer players)."""
TURN, DRAWN, CHALLENGE, NAME_COLOUR = Phase.TURN, Phase.DRAWN, Phase.CHALLENGE, Phase.NAME_COLOUR
WINDOW, ROUND_OVER, MATCH_OVER = Phase.WINDOW, Phase.ROUND_OVER, Phase.MATCH_OVER

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
DERIVED = (
    "_restricted", "_challenge_on", "_any_time", "_auto_call", "_stacking", "_masks", "_match",
    "_orders", "_after", "_dc", "_public", "_own",
)
"""The fields a game rebuilds from its state (`_resync`): the rule flags, each hand's
card mask, what matches the top card, the seat order, the decision kept and the public
record."""
_SHARED = tuple(name for name in (*STATE, *DERIVED) if name not in {
    "rng", "scores", "table_points", "results", "history", "actions", "hands", "draw_pile",
    "discard", "called", "out", "lacks", "_masks", "_public", "_own"})
"""What `Game.copy` shares with the original: values never changed in place."""


class Game:
    """A match in progress. Seat 0 is the human; play runs left (+1) to start."""

    # Slots, not a __dict__: every step reads and writes a dozen of these, and a slot is
    # the cheapest attribute Python has (a game has too many fields for a shared dict).
    __slots__ = (*STATE, *DERIVED)

    def __init__(self, rules: Rules | None = None, seats: int = 4, seed: int | None = None):
        rules = rules or Rules()
        if not isinstance(seats, int) or not MIN_SEATS <= seats <= MAX_SEATS:
            raise RulesError(f"a game needs {MIN_SEATS} to {MAX_SEATS} players, not {seats}")
        self.rules = rules
        """The options in force."""
        self.seats = seats
        """Number of seats; seat 0 is the human."""
        self.seed = int.from_bytes(os.urandom(8)) if seed is None else seed
        """The seed that, with `actions`, replays the game exactly. Never shown in play."""
        self.rng = random.Random(self.seed)
        """The game's own generator: shuffles and nothing else."""
        self.round = 0
        human_first = rules.first_player is FirstPlayer.HUMAN
        self.dealer = seats - 1 if human_first else self.rng.randrange(seats)
        self.scores = [0] * seats
        """Match points per seat."""
        self.table_points = [0] * seats
        """Table points (3 / 1 / 0 by finishing place) summed over the rounds."""
        self.results: list[RoundResult] = []
        """One record per finished round."""
        self.winners: tuple[int, ...] = ()
        """Who won the match, once it is over (several on a tie, none on a stalemate)."""
        self.total_turns = 0
        """Turns played in the whole match."""
        self.history: list[E.Event] = []
        """Every event of the match, private parts included: never handed to a seat
        (`_record` is what the seats read)."""
        self.actions: list[tuple[int | None, A.Action]] = []
        """Every action applied, with the seat that applied it: the replay log."""
        self._public: list[E.Event] = []
        self._own: list[list[tuple[int, E.Drew]]] = [[] for _ in range(seats)]
        self._rule_flags()
        self._deal()

    # ------------------------------------------------------------------ dealing

    def _deal(self) -> None:
        n = self.seats
        rules = self.rules
        self.round += 1
        if self.round > 1 and rules.first_player is FirstPlayer.LEFT_OF_DEALER:
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
        self.after_window: tuple[int, Phase] | None = None
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
        human_first = rules.first_player is FirstPlayer.HUMAN
        first = HUMAN_SEAT if human_first else (self.dealer + 1) % n
        if human_first:
            self.dealer = (first - 1) % n
        self.history.append(E.RoundStarted(self.round, self.dealer))
        self.current = first
        """The seat to act."""
        self.phase = TURN
        """What the game waits for."""
        self._dc: Decision | None = None
        self._masks = [mask_of(h) for h in self.hands]
        self._seat_order()
        self._turn_first_card(first)

    def _turn_first_card(self, first: int) -> None:
        how = self.rules.first_card
        while True:
            card = self.draw_pile.pop()
            goes_back = (
                (how is FirstCard.CLASSIC and card.rank is WILD4)
                or (how is FirstCard.NUMBER and not card.is_number)
                or (how is FirstCard.AS_IF_PLAYED and card.is_wild)
            )
            if not goes_back:
                break
            self.history.append(E.Turned(card, returned=True))
            # Back into the pile and reshuffle: the rest of the pile is already in
            # uniformly random order, so putting the card at a uniformly random place
            # gives exactly a reshuffled pile, for a fraction of a full shuffle's cost.
            pile = self.draw_pile
            pile.insert(self.rng.randrange(len(pile) + 1), card)
        self.discard.append(card)
        self.active_colour = card.colour
        self._match = COLOUR_MATCH[card.colour] | TOP_MATCH[card.index]
        self.history.append(E.Turned(card))
        rank = card.rank
        before = (first - self.direction) % self.seats
        if rank is WILD:
            self.phase = NAME_COLOUR
        elif rank is SKIP:
            self.history.append(SKIPPED[first])
            self.current = self.next_seat(first)
        elif rank is REVERSE:
            self._reverse_direction()
            if how is FirstCard.CLASSIC or self.seats == 2:
                self.current = before
            else:
                self.current = self.next_seat(before)
        elif rank is DRAW_TWO:
            if how is FirstCard.AS_IF_PLAYED and self.rules.stacking is Stacking.ON:
                self.pending = 2
                self.history.append(E.PenaltyPending(first, 2))
            else:
                self._draw_into(first, 2, "penalty")
                self.history.append(SKIPPED[first])
                self.current = self.next_seat(first)

    # ------------------------------------------------------------------ queries

    @property
    def top(self) -> Card:
        """The card on top of the discard pile."""
        return self.discard[-1]

    @property
    def is_over(self) -> bool:
        """True once the match has ended."""
        return self.phase is MATCH_OVER

    def outcome(self) -> Outcome | None:
        """Who won the match and why, once it is over; None while it is played."""
        if self.phase is not MATCH_OVER:
            return None
        rules = self.rules
        if rules.match is Match.SINGLE:
            ending = Ending.STALEMATE if self.results[-1].winner is None else Ending.WENT_OUT
        elif rules.rounds is not None:
            ending = Ending.ROUNDS_PLAYED
        else:
            ending = Ending.TARGET_REACHED
        return Outcome(self.winners, ending, tuple(self.scores), tuple(self.table_points),
                       self.round)

    def places(self) -> tuple[int, ...]:
        """Each seat's place so far, 1 the best: a single round's finishing order, or
        over several rounds by match points, equal totals sharing (`scoring`)."""
        if self.rules.match is Match.SINGLE and self.results:
            return self.results[-1].places
        return match_places(self.scores)

    @property
    def current_seat(self) -> int | None:
        """The seat to act, or None between rounds and after the match."""
        return None if self.phase is ROUND_OVER or self.phase is MATCH_OVER else self.current

    def next_seat(self, seat: int) -> int:
        """The next seat after `seat` in the direction of play that still holds cards
        (a lookup: the walk round the table is `_seat_order`'s)."""
        return self._after[seat]

    def _seat_order(self) -> None:
        """Work out, for each direction of play, the next seat after each seat that
        still holds cards (`_orders`; `_after` is the one in force): the walk round
        the table, written once. Called when a hand empties (and on dealing), so the
        end of a turn is one lookup and a Reverse one assignment."""
        hands = self.hands
        orders = {d: [seat_after(hands, seat, d) for seat in range(self.seats)]
                  for d in (1, -1)}
        self._orders = orders
        self._after = orders[self.direction]

    def _active_count(self) -> int:
        """How many seats still hold cards."""
        hands = self.hands
        return len(hands) - hands.count([])

    def matches(self, card: Card) -> bool:
        """Whether the card matches the top card or the active colour (wilds always do)."""
        return card.matches(self.active_colour, self.discard[-1].rank)

    def can_draw(self) -> bool:
        """Whether a card can be drawn (from the pile, or by reshuffling the discards)."""
        return bool(self.draw_pile) or len(self.discard) > 1

    # -- derived state

    def _rule_flags(self) -> None:
        """The options the hot paths test, as booleans (one attribute read each)."""
        rules = self.rules
        self._restricted = rules.draw_four is DrawFour.RESTRICTED
        self._challenge_on = rules.draw_four is DrawFour.CHALLENGE
        self._any_time = rules.draw is DrawRule.ANY_TIME
        self._auto_call = rules.last_card is LastCard.AUTO
        self._stacking = rules.stacking is Stacking.ON

    def _resync(self) -> None:
        """Rebuild the derived state (the rule flags, `_masks`, the cached decision)
        from the public fields."""
        self.phase = Phase(self.phase)
        if self.after_window is not None:
            seat, phase = self.after_window
            self.after_window = (seat, Phase(phase))
        self._rule_flags()
        self._masks = [mask_of(h) for h in self.hands]
        self._match = COLOUR_MATCH[self.active_colour] | TOP_MATCH[self.discard[-1].index]
        self._seat_order()
        self._dc = None
        self._public = []
        self._own = [[] for _ in range(self.seats)]

    def _record(self) -> list[E.Event]:
        """The public record, brought up to date with `history`: event i as every seat
        saw it (a draw without its cards); each seat's own draws, cards and all, go to
        `_own[seat]` with their index. Only these two reach a `View`."""
        public, history, own = self._public, self.history, self._own
        drew = E.Drew
        for i in range(len(public), len(history)):
            event = history[i]
            if type(event) is drew and event.cards:
                own[event.seat].append((i, event))
                event = event.public()
            public.append(event)
        return public

    # -- what may be done

    def legal_actions(self, seat: int | None = None) -> tuple[A.Action, ...]:
        """What `seat` (default: the seat to act) may do now, in a fixed order: plays
        in card order (a wild once per colour), then Draw, Pass, Accept, Call, Catch.

        The clock actions (`TimeOut`, `CloseWindow`) are never listed: the caller
        applies them when its own clock runs out. Nor is `DECLINE`: `next_decision`
        offers it. Between rounds the table alone may act: `NEXT_ROUND` (seat None)."""
        phase = self.phase
        if phase is ROUND_OVER:
            return (A.NEXT_ROUND,) if seat is None else ()
        if phase is MATCH_OVER:
            return ()
        if seat is None or seat == self.current:
            return (self._dc or self._turn()).actions  # type: ignore[union-attr]
        v = self.vulnerable
        if seat == v:
            return () if phase is WINDOW else (A.CALL,)
        return () if v is None else (A.Catch(v),)

    def _turn(self) -> Decision | None:
        """The seat to act's decision (its legal actions), kept until `apply`; between
        rounds the deal, and None once the match is over. The one place that says
        what a turn allows: for the ``turn`` and ``drawn`` phases as a key of the
        playable cards (one AND of masks) with flags for Draw, Pass, Accept and Call."""
        cur = self.current
        phase = self.phase
        if phase is TURN or phase is DRAWN:
            held = self._masks[cur]
            pending = self.pending
            if pending:
                playable = held & STACK_MATCH[self.discard[-1].index]
            else:
                playable = held & self._match
            if self._restricted and playable & W4_BIT and held & COLOURED[self.active_colour]:
                playable ^= W4_BIT
            if phase is DRAWN:  # the drawn card, if it can be played, or keep it
                key = playable & BIT[self.drawn.index] | F_PASS  # type: ignore[union-attr]
            elif pending:
                key = playable | F_ACCEPT
            elif self.draw_pile or len(self.discard) > 1:
                key = playable | F_DRAW if not playable or self._any_time else playable
            else:
                key = playable or F_PASS
            if len(self.hands[cur]) == 2 and not self.called[cur] and not self._auto_call:
                key |= F_CALL
            v = self.vulnerable
            if v is None:
                decision = KEYED[cur].get(key) or keyed_decision(cur, key)
                self._dc = decision
                return decision
            if cur == v:  # still to call (a Skip between two, or in the window)
                key |= F_CALL
            decision = KEYED[cur].get(key) or keyed_decision(cur, key)
        elif phase is ROUND_OVER:
            self._dc = DEAL
            return DEAL
        elif phase is MATCH_OVER:
            return None
        else:
            v = self.vulnerable
            decision = listed_decision(cur, (A.CHALLENGE, A.ACCEPT) if phase is CHALLENGE
                                       else NAME_COLOURS if phase is NAME_COLOUR
                                       else (A.CALL,))  # WINDOW: the offender may call
        if v is not None and v != cur:
            decision = listed_decision(cur, (*decision.actions, A.Catch(v)))
        self._dc = decision
        return decision

    def _playable(self, seat: int) -> list[Card]:
        """The distinct cards the seat to act may play now, in card order."""
        if seat != self.current:
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
        history = self.history
        start = len(history)
        self.step(action, seat)
        return history[start:]

    def step(self, action: A.Action, seat: int | None = None) -> None:
        """`apply` for a loop that does not read the events (the simulator's): the
        same checks and the same step, without copying out what happened."""
        decision = self._dc
        if decision is None or action not in decision.actions or (
                seat != decision.seat and seat is not None):
            seat = self._check(action, seat)
        else:
            seat = decision.seat  # listed just now for the seat to act: no need to check
        self._dc = None
        self.actions.append((seat, action))
        _STEPS[type(action)](self, action, seat)

    def _check(self, action: A.Action, seat: int | None) -> int | None:
        """The seat that applies `action`; IllegalAction if it may not."""
        phase = self.phase
        if seat is None:
            seat = None if phase is ROUND_OVER or phase is MATCH_OVER else self.current
        if action is A.CLOSE_WINDOW:
            if phase is not WINDOW:
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
        raise IllegalAction(why_not(self, action, seat))

    # -- the steps, one per kind of action. The seat to act taking its turn (play,
    # draw, pass, accept, challenge, name a colour, time out) ends any chance to catch
    # a missed call; the out-of-turn ones (call, catch, decline, the window, the deal)
    # do not.

    def _play(self, action: A.Play, seat: int) -> None:
        self.vulnerable = None
        self.stuck_passes = 0
        card = action.card
        hand = self.hands[seat]
        if self._challenge_on and card.rank is WILD4:
            self.challenge_bluff = bool(self._masks[seat] & COLOURED[self.active_colour])
        hand.remove(card)
        if card not in hand:
            self._masks[seat] ^= BIT[card.index]
        self.discard.append(card)
        colour = action.colour
        active = self.active_colour = colour or card.colour
        self._match = COLOUR_MATCH[active] | TOP_MATCH[card.index]
        event = PLAYED[seat].get(action)
        if event is None:
            event = PLAYED[seat][action] = E.Played(seat, card, colour)
        self.history.append(event)
        lacks = self.lacks[seat]
        if lacks:
            lacks.discard(card.colour)
        left = len(hand)
        if left > 1 and card in PLAIN:  # nothing happens but the turn passing on
            self._pass_turn(seat)
            return
        self.drawn = None
        missed = False
        rules = self.rules
        if left == 1:
            mode = rules.last_card
            if mode is LastCard.AUTO:
                self.called[seat] = True
                self.history.append(CALLED[seat])
            elif not self.called[seat]:
                self.history.append(MISSED[seat])
                if mode is LastCard.AUTO_PENALTY:
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

    def _draw(self, action: A.Action, seat: int) -> None:
        """A card by choice. If it can be played the seat decides on it (play it, or
        keep it with `PASS`); if not, it is kept at once. Either way the record reads
        Drew then Passed, so the table cannot tell whether a kept card matched."""
        self.vulnerable = None
        self.stuck_passes = 0
        active = self.active_colour
        pile = self.draw_pile
        if not pile:
            self._reshuffle()
            pile = self.draw_pile
        card = pile.pop()
        insort(self.hands[seat], card, key=_card_index)
        bit = BIT[card.index]
        held = self._masks[seat] = self._masks[seat] | bit
        self.called[seat] = False
        by_card = DREW[seat][active]
        event = by_card.get(card)
        if event is None:
            event = by_card[card] = E.Drew(seat, 1, "draw", active, (card,))
        history = self.history
        history.append(event)
        self.lacks[seat].add(active)  # type: ignore[arg-type]
        # No penalty is pending (drawing is not offered then): it plays if it matches.
        if self._match & bit and not (
                bit == W4_BIT and self._restricted and held & COLOURED[active]):
            self.drawn = card
            self.phase = DRAWN
            return
        history.append(PASSED[seat])  # kept: the turn ends (the draw reset the stalemate count)
        self._pass_turn(seat)

    def _pass(self, action: A.Action, seat: int) -> None:
        self.vulnerable = None
        self.history.append(PASSED[seat])
        if self.phase is DRAWN:  # keeping the drawn card: the draw reset the stalemate count
            self._pass_turn(seat)
            return
        self.stuck_passes += 1
        self._pass_turn(seat)
        if self.stuck_passes >= 2 * self._active_count():
            self._end_round(stalemate=True)

    def _accept(self, action: A.Action, seat: int) -> None:
        self.vulnerable = None
        self._take_penalty(seat)

    def _take_penalty(self, seat: int) -> None:
        if self.phase is CHALLENGE:
            total = 4
            self.challenge_from = None
        else:
            total = self.pending
            self.pending = 0
        self._draw_into(seat, total, "penalty")
        self.history.append(SKIPPED[seat])
        self._pass_turn(seat)

    def _challenge(self, action: A.Action, seat: int) -> None:
        self.vulnerable = None
        offender = self.challenge_from
        assert offender is not None
        self.challenge_from = None
        bluff = self.challenge_bluff
        self.history.append(E.Challenged(seat, offender, bluff))
        if bluff:
            self._draw_into(offender, 4, "challenge")
            self.phase = TURN
        else:
            self._draw_into(seat, 6, "challenge")
            self.history.append(SKIPPED[seat])
            self._pass_turn(seat)

    def _name_colour(self, action: A.NameColour, seat: int) -> None:
        self.vulnerable = None
        self.active_colour = action.colour
        self._match = COLOUR_MATCH[action.colour] | TOP_MATCH[self.discard[-1].index]
        self.phase = TURN
        self.history.append(E.ColourNamed(seat, action.colour))

    def _timeout(self, action: A.Action, seat: int) -> None:
        self.vulnerable = None
        self.history.append(E.TimedOut(seat))
        phase = self.phase
        if phase is DRAWN:
            self.history.append(PASSED[seat])
            self._pass_turn(seat)
            return
        if phase is CHALLENGE or self.pending:
            self._take_penalty(seat)
            return
        if phase is NAME_COLOUR:
            counts = Counter(c.colour for c in self.hands[seat] if c.colour)
            colour = max(COLOURS, key=lambda c: counts[c])
            self.active_colour = colour
            self._match = COLOUR_MATCH[colour] | TOP_MATCH[self.discard[-1].index]
            self.history.append(E.ColourNamed(seat, colour))
        if self.can_draw():
            self.stuck_passes = 0
            self._draw_into(seat, 1, "timeout", self.active_colour)
            self.lacks[seat].add(self.active_colour)  # type: ignore[arg-type]
        else:
            if not self._playable(seat):
                self.stuck_passes += 1
            self.history.append(PASSED[seat])
        self._pass_turn(seat)
        if self.stuck_passes >= 2 * self._active_count():
            self._end_round(stalemate=True)

    def _call(self, action: A.Action, seat: int) -> None:
        self.called[seat] = True
        self.history.append(CALLED[seat])
        if seat == self.vulnerable:
            self.vulnerable = None
            self.reactions = ()
            if self.phase is WINDOW:
                self._close_window(action, seat)

    def _catch(self, action: A.Catch, catcher: int) -> None:
        seat = action.seat
        self.vulnerable = None
        self.reactions = ()
        self.history.append(E.Caught(catcher, seat))
        self._draw_into(seat, self.rules.last_card_penalty, "last-card")
        if self.phase is WINDOW:
            self._close_window(action, catcher)

    def _close_window(self, action: A.Action, seat: int | None) -> None:
        assert self.after_window is not None
        after, phase = self.after_window
        self.after_window = None
        self.history.append(E.WindowClosed(self.current))
        self._end_turn(after, phase)

    def _next_round(self, action: A.Action, seat: int | None) -> None:
        self._deal()

    def _decline(self, action: A.Action, seat: int) -> None:
        self.reactions = self.reactions[1:]

    # -- what the steps share

    def _end_turn(self, next_seat: int, phase: Phase = TURN) -> None:
        self.current = next_seat
        self.phase = phase
        self.drawn = None
        self.turns += 1
        self.total_turns += 1

    def _pass_turn(self, seat: int) -> None:
        """`seat`'s turn ends and the next seat's begins (`_end_turn`, in one call)."""
        self.current = self._after[seat]
        self.phase = TURN
        self.drawn = None
        self.turns += 1
        self.total_turns += 1

    def _draw_into(self, seat: int, count: int, reason: str,
                   active: Colour | None = None) -> list[Card]:
        """Move up to `count` cards to the seat's hand, reshuffling when the pile runs out."""
        pile = self.draw_pile
        if 0 < count <= len(pile):  # the top `count` cards, top first
            got = pile[:-count - 1:-1]
            del pile[-count:]
        else:
            got = []
            for _ in range(count):
                if not self.draw_pile:
                    if len(self.discard) <= 1:
                        break
                    self._reshuffle()
                got.append(self.draw_pile.pop())
        hand = self.hands[seat]
        held = self._masks[seat]
        for card in got:
            insort(hand, card, key=_card_index)
            held |= BIT[card.index]
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
        self.history.append(E.Reshuffled(len(pile)))

    def _offer_reactions(self, offender: int) -> None:
        """Queue the seats to be asked whether they react to `offender`'s missed call:
        the offender first, then the others in seat order; the seat to act is asked
        only while the window is open (otherwise it may catch on its own turn)."""
        order = [*range(offender, self.seats), *range(offender)]
        if self.phase is not WINDOW:
            order.remove(self.current)
        self.reactions = tuple(order)

    def _card_effect(self, seat: int, card: Card) -> tuple[int, Phase]:
        """Resolve the card's action (`turns.card_turn` says which); return who plays
        next and in which phase."""
        rank = card.rank
        nxt = self._after[seat]
        if card in PLAIN:
            return nxt, TURN
        turn = card_turn(rank, self._active_count(), self._stacking, self._challenge_on)
        if turn is Turn.SKIP:
            self.history.append(SKIPPED[nxt])  # a Reverse between two acts as a Skip
            return self._after[nxt], TURN
        if turn is Turn.REVERSE:
            self._reverse_direction()
            return self._after[seat], TURN
        size = 2 if rank is DRAW_TWO else 4
        if turn is Turn.STACK:
            self.pending += size
            self.history.append(E.PenaltyPending(nxt, self.pending))
            return nxt, TURN
        if turn is Turn.CHALLENGE:
            self.challenge_from = seat
            return nxt, CHALLENGE
        self._draw_into(nxt, size, "penalty")
        self.history.append(SKIPPED[nxt])
        return self.next_seat(nxt), TURN

    def _reverse_direction(self) -> None:
        direction = self.direction = -self.direction
        self._after = self._orders[direction]
        self.history.append(REVERSED[direction])

    def _go_out(self, seat: int, card: Card) -> None:
        """The seat played its last card: the next player still draws, then places."""
        rank = card.rank
        self.out.append(seat)
        self.called[seat] = False
        self._seat_order()  # the seat's hand is empty: play goes round it now
        victim = self.next_seat(seat)
        penalty = rank is DRAW_TWO or rank is WILD4
        if penalty:
            total = self.pending + (2 if rank is DRAW_TWO else 4)
            self.pending = 0
            self._draw_into(victim, total, "penalty")
        if len(self.out) == 1:
            self.winner_points = sum(c.points for h in self.hands for c in h)
        self.history.append(E.WentOut(seat, len(self.out)))
        if (self.rules.round_end is RoundEnd.FIRST_OUT or self.seats == 2
                or self._active_count() <= 1):
            self._end_round()
        elif rank is REVERSE and self._active_count() > 2:
            self._reverse_direction()
            self._pass_turn(seat)
        elif penalty or rank is SKIP or rank is REVERSE:
            self.history.append(SKIPPED[victim])
            self._pass_turn(victim)
        else:
            self._end_turn(victim)

    def _end_round(self, stalemate: bool = False) -> None:
        """Score the round (`scoring`), and end the match if it is won."""
        self.turns += 1
        self.total_turns += 1
        self.vulnerable = None
        self.after_window = None
        self.pending = 0
        self.drawn = None
        result = score_round(self.round, self.hands, self.out, self.winner_points, stalemate)
        winner = result.winner
        if winner is not None:
            self.scores[winner] += result.points
        for s, earned in enumerate(result.table_points):
            self.table_points[s] += earned
        self.results.append(result)
        self.history.append(E.RoundEnded(self.round, winner, result.points, result.order))
        self.phase = ROUND_OVER
        winners = match_winners(self.rules.match, self.scores, result)
        if winners is None:
            return
        self.winners = winners
        self.phase = MATCH_OVER
        self.history.append(E.MatchEnded(self.winners))

    # ------------------------------------------------------------------ copies, views, JSON

    @classmethod
    def _assemble(cls, fields: dict) -> Game:
        """The game whose state is exactly `fields` (one value per name in `STATE`):
        how a saved, dealt-from-a-view or written-out game is built. The caller has
        checked the values; the derived state is rebuilt here."""
        names = set(fields)
        if names != _STATE_NAMES:
            wrong = sorted(names ^ _STATE_NAMES)
            raise TypeError(f"a game's state needs exactly the fields of STATE: {wrong}")
        game = cls.__new__(cls)
        for name, value in fields.items():
            setattr(game, name, value)
        game._resync()
        return game

    def copy(self, rng: random.Random | None = None) -> Game:
        """A copy to play on, cheaply: every card, the scores, the round results and
        the whole position, but NOT the logs: the copy's `history` and `actions` start
        empty (its views show only what happens after the copy; nothing it does can
        reach this game). It shuffles with `rng` if given (a play-out passes its own
        generator, at no cost), else with a copy of this game's generator, which
        continues exactly as this game's would."""
        game = Game.__new__(Game)
        for name in _SHARED:
            setattr(game, name, getattr(self, name))
        game.rng = copy_rng(self.rng) if rng is None else rng
        game.scores = self.scores[:]
        game.table_points = self.table_points[:]
        game.results = self.results[:]
        game.history = []
        game.actions = []
        game._public = []
        game._own = [[] for _ in range(self.seats)]
        game.hands = [h[:] for h in self.hands]
        game.draw_pile = self.draw_pile[:]
        game.discard = self.discard[:]
        game.called = self.called[:]
        game.out = self.out[:]
        game.lacks = [set(s) for s in self.lacks]
        game._masks = self._masks[:]
        return game

    def view(self, seat: int) -> View:
        """What `seat` may know: its own hand, counts of the others, public history."""
        return View.of(self, seat)

    def to_json(self) -> dict:
        """The whole state as versioned JSON-ready data; `serial.game_from_json` reads it."""
        from .serial import state_to_json  # serial reads games: it imports this module

        return state_to_json(self)

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

    def cards_in_play(self) -> Counter:
        """Every card in hands and piles, counted (always the 108 of the deck)."""
        counts = Counter(self.draw_pile)
        counts.update(self.discard)
        for hand in self.hands:
            counts.update(hand)
        return counts


_card_index = attrgetter("index")

_STEPS: dict[type, Callable] = {
    A.Play: Game._play, A.Draw: Game._draw, A.Pass: Game._pass, A.Accept: Game._accept,
    A.Challenge: Game._challenge, A.NameColour: Game._name_colour, A.TimeOut: Game._timeout,
    A.CallLastCard: Game._call, A.Catch: Game._catch, A.CloseWindow: Game._close_window,
    A.NextRound: Game._next_round, A.Decline: Game._decline,
}
"""The one step of each type of action."""


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
        return game._turn()  # (a loop's game has no decision kept: it just applied one)
    if game.reactions:
        seat = game.reactions[0]
        return reaction_decision(seat, game.legal_actions(seat))
    if game.phase is WINDOW:
        return WINDOW_CLOSES
    return game._dc or game._turn()


def _shuffle(rng: random.Random, cards: list[Card]) -> None:
    """Shuffle in place by sorting on one uniform key per card (fast, and unbiased)."""
    keys = list(starmap(rng.random, repeat((), len(cards))))  # map & co: no Python loop
    order = sorted(range(len(cards)), key=keys.__getitem__)
    cards[:] = map(cards.__getitem__, order)
