"""Easy, Normal and Hard: one rule-based player, tuned by a `Tuning` (its slips and ideas).

The player scores each card it could play by how well it can follow afterwards (cards
left of the colour in force), how much it hurts a seat that is about to go out, and
whether it spends a Wild it would rather keep; then it plays the best. The levels
differ in how often they skip that thinking (a random card, a missed stack, a
forgotten Last Card, a catch not made) and in which considerations they use.

The player keeps no state between calls: every decision comes from the view and the
random generator it is handed, so a saved and resumed game gets the same decisions.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from random import Random

from ..engine import (
    ACCEPT,
    CALL,
    CHALLENGE,
    COLOURS,
    DRAW,
    HUMAN_SEAT,
    PASS,
    Action,
    Card,
    Catch,
    Colour,
    DrawFour,
    NameColour,
    Phase,
    Play,
    Rank,
    View,
    play,
)
from ..engine.turns import Turn, card_turn
from .knowledge import (
    bluff_chance,
    colour_counts,
    hits_next,
    in_round,
    next_to_play,
    seat_threat,
    stuck,
    threat,
)
from .side import SidePlay
from .tuning import Tuning

# The slips are set from the human's seat (tests/benchmarks/levels.py): a Hard player
# should win about half its games against three Easy, a casual (Normal) player two in
# five, and each level should be clearly harder than the one below it.
EASY = Tuning("easy", random_play=0.85, stack_miss=0.7, forget=0.65, catch=0.05,
             save_wilds=False, aim=False, read_bluffs=False)
NORMAL = Tuning("normal", random_play=0.2, stack_miss=0.5, forget=0.35, catch=0.5,
               save_wilds=True, aim=False)
HARD = Tuning("hard", random_play=0.0, stack_miss=0.0, forget=0.02, catch=0.95,
             save_wilds=True, aim=True, steer=True, draw_to_save_wild=False,
             draw_four_attack=0.5)

ATTACKS = {rank: card_turn(rank, 3, False, False).hits for rank in Rank}
"""The cards a level that does not aim still likes to play: those that hit the next
seat at a table of three (a Skip or a draw card), by the engine's rule."""

#: A Wild spent while the hand is larger than this (and nobody is close) costs points.
WILD_SAVE_HAND = 3
DRAW_TO_SAVE_LIMIT = 8


def card_plays(legal: Sequence[Action]) -> list[Play]:
    """The Play actions among `legal`."""
    return [a for a in legal if isinstance(a, Play)]


def distinct_cards(plays: Sequence[Play]) -> list[Card]:
    """Each playable card once, in the legal order."""
    seen: list[Card] = []
    for a in plays:
        if a.card not in seen:
            seen.append(a.card)
    return seen


def remaining(hand: Sequence[Card], card: Card) -> list[Card]:
    """The hand without one copy of `card`."""
    rest = list(hand)
    rest.remove(card)
    return rest


def best_colour(view: View, rest: Sequence[Card], steer: bool = False,
                side: bool = False) -> Colour:
    """The colour to name after a Wild, given the cards left after playing it.

    Always a colour the hand still holds (most cards, then most points), unless the
    hand has no coloured card; then a colour the next seat lacks, else the colour
    with the fewest cards left unseen (the hardest for others to follow). Steering
    favours a held colour the next seat drew on; playing as a side, a colour the
    human drew on, whoever is next."""
    counts = colour_counts(rest)
    points = dict.fromkeys(COLOURS, 0)
    for card in rest:
        if card.colour is not None:
            points[card.colour] += card.points
    held = [c for c in COLOURS if counts[c]]
    target = HUMAN_SEAT if side and view.seat != HUMAN_SEAT else view.next_seat()
    lacking = view.lacks[target] if view.seats > 1 else frozenset()
    if held:
        def key(c: Colour) -> tuple[float, int, int]:
            bonus = 1.5 if steer and c in lacking else 0.0
            return (counts[c] + bonus, points[c], -COLOURS.index(c))
        return max(held, key=key)
    for c in COLOURS:
        if c in lacking:
            return c
    played = colour_counts(view.discard)
    return max(COLOURS, key=lambda c: (played[c], -COLOURS.index(c)))


def play_for(view: View, card: Card, rest: Sequence[Card], level: Tuning) -> Play:
    """The Play action for `card`, naming the best colour if it is a Wild."""
    if card.is_wild:
        return play(card, best_colour(view, rest, level.steer, level.side))
    return play(card)


class HeuristicPlayer(SidePlay):
    """A rule-based computer player at one `Tuning` (Easy, Normal or Hard); playing as a
    side against the human (Crazy's tuning), its side play is `SidePlay`'s."""

    uses_view = True

    def __init__(self, level: Tuning = HARD):
        self.level = level
        self.name = level.name

    # ------------------------------------------------------------------ the contract

    def choose(self, view: View | None, legal: Sequence[Action], rng: Random) -> Action:
        """The action on this seat's turn: one of `legal`.

        With two cards and a card to play, it calls Last Card first (a separate action;
        the next call then plays) unless it forgets, at the level's rate. Asked during
        its own Last Card window it can only call; a caller should close the window
        with `CLOSE_WINDOW` instead, since a seat in the window has forgotten."""
        if view is None:
            raise ValueError("a rule-based player decides from its seat's view")
        level = self.level
        catches = self.catches(view, legal)
        if catches and rng.random() < level.catch:
            return catches[0]
        phase = view.phase
        if phase is Phase.NAME_COLOUR:
            colour = best_colour(view, view.hand, level.steer, level.side)
            return NameColour(colour)
        if phase is Phase.CHALLENGE:
            return self.challenge(view, legal, rng)
        if phase is Phase.WINDOW:
            return CALL if CALL in legal else legal[0]
        action = self.turn(view, legal, rng)
        if CALL in legal and isinstance(action, Play) and len(view.hand) == 2:
            if rng.random() >= level.forget:
                return CALL
        return action

    def react(self, view: View | None, legal: Sequence[Action], rng: Random) -> Action | None:
        """Out of turn: catch a seat that forgot Last Card, at the level's rate.

        A seat that is itself caught out forgot to call, so it stays silent."""
        if view is None:
            raise ValueError("a rule-based player decides from its seat's view")
        catches = self.catches(view, legal)
        if catches and rng.random() < self.level.catch:
            return catches[0]
        return None

    def catches(self, view: View, legal: Sequence[Action]) -> list[Catch]:
        """The catches worth making: any, or playing as a side only the human's."""
        catches = [a for a in legal if isinstance(a, Catch)]
        if catches and self.plays_side(view):
            catches = [a for a in catches if a.seat == HUMAN_SEAT]
        return catches

    # ------------------------------------------------------------------ decisions

    def challenge(self, view: View, legal: Sequence[Action], rng: Random) -> Action:
        """Challenge a Wild Draw Four when a bluff is likely enough to pay."""
        if not self.level.read_bluffs:
            return CHALLENGE if rng.random() < 0.3 else ACCEPT
        # Challenging risks 6 cards against 4; a caught bluff costs the player 4 and
        # keeps this seat's turn, so a third of a chance is about break-even.
        return CHALLENGE if bluff_chance(view) > 0.3 else ACCEPT

    def turn(self, view: View, legal: Sequence[Action], rng: Random) -> Action:
        """Play, draw, stack, accept or pass (Last Card and catches aside)."""
        level = self.level
        plays = card_plays(legal)
        if not plays:
            if DRAW in legal:
                return DRAW
            if ACCEPT in legal:
                return ACCEPT
            return PASS if PASS in legal else legal[0]
        if view.pending:
            if ACCEPT in legal and rng.random() < level.stack_miss:
                return ACCEPT
            return self.best_play(view, plays, rng)
        cards = distinct_cards(plays)
        if level.random_play and rng.random() < level.random_play:
            card = cards[int(rng.random() * len(cards))]
            return play_for(view, card, remaining(view.hand, card), level)
        if view.phase is Phase.DRAWN:
            return self.drawn_card(view, plays, legal, rng)
        best = self.best_play(view, plays, rng)
        if DRAW in legal and (self.rather_draw(view, best) or self.holds_colour(view, best)):
            return DRAW
        return best

    def drawn_card(self, view: View, plays: Sequence[Play], legal: Sequence[Action],
                   rng: Random) -> Action:
        """Play the card just drawn, unless it is a Wild worth keeping."""
        card = plays[0].card
        if card.is_wild and self.keep_wild(view, card) and PASS in legal:
            return PASS
        action = self.best_play(view, plays, rng)
        if PASS in legal and self.holds_colour(view, action):
            return PASS
        return action

    def rather_draw(self, view: View, best: Play) -> bool:
        """Draw instead of spending a Wild while nobody is close, but only up to
        DRAW_TO_SAVE_LIMIT cards: past that a player spends the Wild. (Without the
        limit two players holding only Wilds could draw against each other forever.)"""
        if not self.level.draw_to_save_wild or len(view.hand) >= DRAW_TO_SAVE_LIMIT:
            return False
        return best.card.is_wild and self.keep_wild(view, best.card)

    def keep_wild(self, view: View, card: Card) -> bool:
        """Whether a Wild is better kept than played now."""
        if not self.level.save_wilds:
            return False
        if len(view.hand) <= WILD_SAVE_HAND:
            return False
        if card.rank is Rank.WILD_DRAW_FOUR and self.danger(view) >= 2.0:
            return False
        return self.danger(view) < 5.0

    def danger(self, view: View) -> float:
        """The biggest threat among the other seats (playing as a side: the human's)."""
        if self.plays_side(view):
            return threat(view.hand_counts[HUMAN_SEAT])
        return max((seat_threat(view, s, self.level.focus_human)
                    for s in range(view.seats) if s != view.seat and view.hand_counts[s]),
                   default=0.0)

    def best_play(self, view: View, plays: Sequence[Play], rng: Random) -> Play:
        """The highest-scoring card, ties to the first in legal order."""
        best = plays[0]
        best_score = float("-inf")
        pool = view.unseen() if self.level.steer and self.plays_side(view) else None
        for card in distinct_cards(plays):
            rest = remaining(view.hand, card)
            action = play_for(view, card, rest, self.level)
            if action not in plays:
                action = next(a for a in plays if a.card is card)
            colour = action.colour or card.colour or view.active_colour or COLOURS[0]
            score = self.score(view, card, colour, rest, pool)
            if score > best_score:
                best, best_score = action, score
        return best

    def score(self, view: View, card: Card, colour: Colour, rest: Sequence[Card],
              pool: Counter[Card] | None = None) -> float:
        """How good playing `card` (making `colour` active) looks, leaving `rest`.
        `pool`: the cards this seat cannot see (`unseen`), if already counted."""
        level = self.level
        rank = card.rank
        counts = colour_counts(rest)
        wilds_left = sum(1 for c in rest if c.is_wild)
        score = 2.0 * counts[colour]
        # Cards of the same rank let the seat switch colour later: a small plus.
        score += 0.3 * sum(1 for c in rest if c.rank is rank and not c.is_wild)
        score += 0.01 * card.points
        if len(rest) == 1:
            last = rest[0]
            if last.matches(colour, rank):
                score += 6.0
        elif not rest:
            score += 100.0
        if card.is_wild and level.save_wilds:
            score -= 4.0 if len(rest) >= WILD_SAVE_HAND else 1.0
            if card.rank is Rank.WILD and wilds_left == 0 and len(rest) >= 2:
                score -= 1.0
        if rank is Rank.WILD_DRAW_FOUR and view.rules.draw_four is DrawFour.CHALLENGE:
            before = view.active_colour
            if any(c.colour is before for c in rest):
                score -= 6.0  # a bluff a careful player would catch
        if view.pending:
            # Stack the cheaper card first and keep a Wild Draw Four in reserve.
            score += 3.0 if rank is Rank.DRAW_TWO else 0.0
        if level.aim and self.plays_side(view):
            score += self.side_attack_value(view, card)
        elif level.aim:
            score += self.attack_value(view, card)
        elif ATTACKS[rank]:
            score += 0.5
        if level.steer and self.plays_side(view):
            score += self.side_steer(view, card, colour, pool)
        elif level.steer:
            nxt = next_to_play(view, card)
            if nxt != view.seat and colour in view.lacks[nxt]:
                score += 2.5 + seat_threat(view, nxt, level.focus_human) * 0.3
                if stuck(view, nxt):
                    score += 1.0  # it holds no Wild either: it must draw
        return score

    def attack_value(self, view: View, card: Card) -> float:
        """What the card is worth as an attack on the seat it stops."""
        rank = card.rank
        focus = self.level.focus_human
        two = in_round(view) <= 2
        if hits_next(view, rank):
            victim = view.next_seat()
            value = seat_threat(view, victim, focus) * 1.2
            if rank is Rank.DRAW_TWO:
                value += 1.2
            elif rank is Rank.WILD_DRAW_FOUR:
                value += self.level.draw_four_attack
            else:
                value += 0.6
            if two:
                value += 1.0  # a table of two: the turn comes straight back
            return value
        if view.card_turn(rank) is Turn.REVERSE:
            nxt = view.next_seat()
            new_next = next_to_play(view, card)
            return (seat_threat(view, nxt, focus) - seat_threat(view, new_next, focus)) * 1.0
        return 0.0
