"""Thinking ahead on the real rules: imagined deals from a view, played out by the engine.

`ThinkingPlayer` is a rule-based player that, where a turn is close, weighs its
sensible options by playing each out many times: the rule-based choice stands unless
another does clearly better.

`deal_from_view` places the cards a seat cannot see (the other hands and the draw
pile) at random, consistently with its view and away from colours a seat drew on;
`Game.copy` gives every candidate move the same imagined deal and the same shuffles.
Each copy is then played to the end of the round by `quick_choice`, one simple policy
for every seat, on the engine itself: stacking, the Draw Four rule, Last Card and the
reactions all work as in play, because they are the same code.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from math import sqrt
from operator import attrgetter
from random import Random

from ..engine import (
    ACCEPT,
    ALL_CARDS,
    CALL,
    COLOURS,
    DRAW,
    HUMAN_SEAT,
    PASS,
    Action,
    Card,
    Colour,
    Game,
    NameColour,
    Play,
    Rank,
    SeededWhenDrawn,
    Swap,
    View,
    deal_from_view,
)
from ..engine.turns import Turn, card_turn
from .drive import drive
from .heuristic import HeuristicPlayer, card_plays, distinct_cards, play_for, remaining
from .house import swap_value
from .knowledge import in_round
from .tuning import Tuning

#: Longest play-out, in decisions, before the hand sizes are used to guess the winner.
PLY_LIMIT = 150
#: Fewest imagined deals per candidate.
MIN_WORLDS = 16


@dataclass(frozen=True)
class Lookahead:
    """When and how hard a player thinks ahead."""

    budget: int
    """Play-outs for one decision, shared among its candidates (three or more in play)."""
    duel_budget: int
    """The same with two players left in the round."""
    critical: int
    """Think only once some seat is down to this many cards."""
    side_critical: int = 0
    """Playing as a side: think only once the human is down to this many cards."""
    margin: float = 0.02
    """How much better (in win share) a candidate must do than the rule-based choice."""
    min_worlds: int = MIN_WORLDS
    """Fewest imagined deals per candidate."""
    side_sure: float = 0.0
    """Playing as a side at a table of three or more: if above 0, a candidate must also
    beat the rule-based choice by this many standard errors of its edge, deal by deal.
    Over a few dozen deals the best of several candidates beats the rules' choice by
    luck alone; without this, a Skip on a human down to one card was overridden by a
    plain card on noise. (Head to head the play-outs judge better, and asking this
    there cost Crazy against Hard in `duel` 57.5% -> 53.1%, 1,000 games, seed 7.)"""


class ThinkingPlayer(HeuristicPlayer):
    """A rule-based player whose close turns are decided by play-outs on the engine."""

    def __init__(self, tuning: Tuning, lookahead: Lookahead):
        super().__init__(tuning)
        self.lookahead = lookahead

    def turn(self, view: View, legal: Sequence[Action], rng: Random) -> Action:
        prior = super().turn(view, legal, rng)
        ahead = self.lookahead
        budget = ahead.duel_budget if in_round(view) == 2 else ahead.budget
        if view.pending or budget <= 0:
            return prior
        if min(n for n in view.hand_counts if n) > ahead.critical:
            return prior
        if (self.plays_side(view) and in_round(view) > 2
                and view.hand_counts[HUMAN_SEAT] > ahead.side_critical):
            return prior  # head to head the side is itself: it thinks as any player
        candidates = self.candidates(view, legal, prior)
        if len(candidates) < 2:
            return prior
        outcomes = self.evaluate(view, candidates, rng, budget)
        sure = ahead.side_sure if self.plays_side(view) and in_round(view) > 2 else 0.0
        return candidates[self.pick(outcomes, sure)]

    def pick(self, outcomes: Sequence[Sequence[float]], sure: float = 0.0) -> int:
        """The candidate to play, by index: the rule-based choice (0) unless another's
        share of wins is better by the margin (and, with `sure`, by that many standard
        errors); the best such, ties to the earlier."""
        means = [sum(o) / len(o) for o in outcomes]
        for i in sorted(range(1, len(outcomes)), key=lambda i: -means[i]):
            if means[i] <= means[0] + self.lookahead.margin:
                break
            if not sure or clear_edge(outcomes[i], outcomes[0], sure):
                return i
        return 0

    def candidates(self, view: View, legal: Sequence[Action], prior: Action) -> list[Action]:
        """The rule-based choice first, then every other card (and keeping a drawn one)."""
        result = [prior]
        plays = card_plays(legal)
        for card in distinct_cards(plays):
            action = play_for(view, card, remaining(view.hand, card), self.level)
            if action not in plays:
                action = next(a for a in plays if a.card is card)
            if action not in result:
                result.append(action)
        if PASS in legal and plays and PASS not in result:
            result.append(PASS)  # after a draw: keep the drawn card instead
        return result

    def evaluate(self, view: View, candidates: Sequence[Action], rng: Random,
                 budget: int) -> list[list[float]]:
        """Each candidate's result on each of the same imagined deals (1.0 a win, 0.0
        a loss, between: guessed): this seat's, or playing as a side, the computers'
        (the human does not win). Every candidate meets the same deals and shuffles,
        so the comparison is between moves, not between lucky and unlucky deals."""
        worlds = max(self.lookahead.min_worlds, budget // len(candidates))
        me = view.seat
        side = self.plays_side(view)
        us = frozenset({me}) | self.friends(view)  # its side: a partner, or every computer
        outcomes: list[list[float]] = [[] for _ in candidates]
        for _ in range(worlds):
            seed = int(rng.random() * 2**53)
            world = deal_from_view(view, Random(seed))
            for i, action in enumerate(candidates):
                game = world.copy(SeededWhenDrawn(seed + 1))
                game.step(action, me)
                outcomes[i].append(play_out(game, us, PLY_LIMIT, side))
        return outcomes


def clear_edge(results: Sequence[float], base: Sequence[float], sure: float) -> bool:
    """Whether `results` beat `base`, deal by deal, by more than `sure` standard errors
    of the mean difference."""
    n = len(results)
    diffs = [a - b for a, b in zip(results, base, strict=True)]
    edge = sum(diffs) / n
    variance = sum((d - edge) ** 2 for d in diffs) / max(1, n - 1)
    return edge > sure * sqrt(variance / n)


_D2, _W4 = Rank.DRAW_TWO, Rank.WILD_DRAW_FOUR
_HITS = frozenset(rank for rank in Rank if not rank.is_wild
                  and card_turn(rank, 3, False, False) is not Turn.ON)
"""The coloured cards that hold the next seat back (Skip, Reverse, Draw Two): those the
engine's rule (`turns.card_turn`) does not simply pass on from."""
_NO_RNGS: list[Random] = [Random(0)] * 10
"""The play-out's seats draw on no generator (`quick_choice` is deterministic)."""


def play_out(game: Game, us: frozenset[int], limit: int, side: bool = False) -> float:
    """Play `game` on until someone goes out: 1.0 if it is one of `us`, else 0.0.
    After `limit` decisions, `us`'s share is guessed from the hand sizes. With `side`
    the computers play as one side against the human's seat (`quick_choice`): every
    seat a `Quick` player, in the players' one loop (`drive`)."""
    players = [Quick(game, seat, side) for seat in range(game.seats)]
    if drive(game, players, _NO_RNGS, _SOMEONE_OUT, limit):
        return 1.0 if game.out[0] in us else 0.0
    return estimate(game, us)


_SOMEONE_OUT = attrgetter("out")
"""A play-out ends when someone goes out (the seats out, in order: none is false)."""


class Quick:
    """A seat of a play-out, playing `quick_choice` on the imagined game itself (which
    is all imagined: it reads no view), never catching, and jumping in whenever offered
    (`quick_jump`)."""

    name = "quick"
    uses_view = False

    def __init__(self, game: Game, seat: int, side: bool):
        friends = game.sides[seat] - {seat}
        self.choose = partial(quick_choice, game, seat, side, friends)
        """`quick_choice` for this game and seat, as a player's `choose`."""
        self.react = partial(quick_jump, game, friends)
        """`quick_jump` for this game's seat, as a player's `react`."""


def quick_jump(game: Game, friends: frozenset[int], view: View | None,
               legal: Sequence[Action], rng: Random | None = None) -> Action | None:
    """The play-out's answer out of turn: jump in when offered (Last Card called first),
    unless that passes over a partner close to going out; never catch."""
    if not legal or not isinstance(legal[0], Play):
        return None
    if game.current in friends and len(game.hands[game.current]) <= 2:
        return None
    return CALL if CALL in legal else legal[0]


def estimate(game: Game, us: frozenset[int]) -> float:
    """`us`'s chance of going out first, guessed from the hand sizes."""
    weights = [1.0 / len(h) ** 2 if h else 0.0 for h in game.hands]
    total = sum(weights)
    return sum(weights[s] for s in us) / total if total else 0.0


def quick_choice(game: Game, seat: int, side: bool, friends: frozenset[int],
                 view: View | None, actions: Sequence[Action],
                 rng: Random | None = None) -> Action:
    """The play-out's policy (a player's `choose`, bound to its game, seat, `side` and
    `friends`; it reads the imagined game, not `view`, and draws on no generator):
    follow the colour held most, keep Wilds (a Wild Draw Four above all) for when
    nothing else fits or the next seat is close, hit a close next seat with Skip,
    Reverse or Draw Two, always call Last Card, never challenge; after a 7, take the
    swap that leaves the side closest to going out against the others (`swap_value`).
    With `side`, a computer hits the human at any hand size and spares the others; a
    partner (`friends`, house rule `partners`) is spared as well.

    It runs at every turn of every play-out, so what it asks of a card played is read
    off `_QUICK` in one lookup, and the hand is counted only when there is a choice
    between cards (a third of turns have no card, as many have one)."""
    if CALL in actions:
        return CALL
    return quick_move(game, game.hands, seat, side, friends, actions)


def quick_move(game: Game, hands: Sequence[Sequence[Card]], seat: int, side: bool,
               friends: frozenset[int], actions: Sequence[Action]) -> Action:
    """`quick_choice` once Last Card is settled (`actions` offers no call): what the
    coach's play-outs ask after their own look at the call, the level's lapse.
    `hands` is `game.hands`, which a play-out reads once for the whole round."""
    only = actions[0]
    first = type(only)
    if first is Play and only.colour is None and (  # type: ignore[attr-defined]
            len(actions) == 1 or type(actions[1]) is not Play):
        return only  # one coloured card to play (a turn lists its cards first): it is played
    hand = hands[seat]
    if first is NameColour:
        return NameColour(most_held(hand))
    if first is Swap:
        sizes = [len(h) for h in hands]
        swaps = [a for a in actions if isinstance(a, Swap)]
        playing = {seat, *(a.seat for a in swaps)}
        ours = friends | {seat}
        return max(swaps, key=lambda a: swap_value(sizes, seat, a.seat, ours, playing))
    if first is not Play:  # no card to play
        return _without_a_card(actions)
    counts = [0, 0, 0, 0, 0]  # the hand by colour, and who is next
    for c in hand:
        counts[_SLOT_OF[c]] += 1
    coloured = len(hand) - counts[4]
    nxt = game.next_seat(seat)
    hunt = side and seat != HUMAN_SEAT
    danger = nxt == HUMAN_SEAT if hunt else len(hands[nxt]) <= 2
    if not hunt and friends and nxt in friends:
        danger, hunt = False, True  # a partner next: spare it
    best: Play | None = None
    best_value = -1.0
    for action in actions:
        facts = _QUICK.get(action)
        if facts is None:
            break  # past the cards
        slot, named, wild, w4, hit, d2 = facts
        if wild:
            if named >= 0 and counts[named] == 0 and coloured:
                continue  # name a colour still held
            value = (3.0 if danger else 0.3) if w4 else 0.5
        else:
            value = 1.0 + counts[slot]
            if hit:
                if danger:
                    value += 3.0
                elif hunt:
                    value -= 1.5
            if d2 and game.pending:
                value += 2.0
        if value > best_value:
            best, best_value = action, value  # type: ignore[assignment]  # (a Play: in _QUICK)
    if best is None:
        return _without_a_card(actions)
    if best.colour is not None and best.card.colour is None:
        wanted = COLOURS[counts.index(max(counts[:4]))]  # (`most_held`: a Wild is no colour)
        if wanted is not best.colour and Play(best.card, wanted) in actions:
            return Play(best.card, wanted)
    return best


def _without_a_card(actions: Sequence[Action]) -> Action:
    """The rule of thumb's move with no card it will play: draw, take the penalty, or
    pass."""
    for fallback in (DRAW, ACCEPT, PASS):
        if fallback in actions:
            return fallback
    return actions[0]


_CI = {c: i for i, c in enumerate(COLOURS)}
_SLOT_OF = {c: 4 if c.colour is None else _CI[c.colour] for c in ALL_CARDS}
"""Each card's place in a hand's count by colour: its colour's, or 4 for a Wild."""
_QUICK: dict[Action, tuple[int, int, bool, bool, bool, bool]] = {play: (_SLOT_OF[play.card],
                 -1 if play.colour is None else _CI[play.colour],
                 play.card.is_wild, play.card.rank is _W4, play.card.rank in _HITS,
                 play.card.rank is _D2)
          for card in ALL_CARDS
          for play in ([Play(card, c) for c in COLOURS] if card.is_wild else [Play(card)])}
"""What `quick_choice` asks of each card played, by its `Play`: the card's colour's
place in the count, the colour a Wild names (-1: none), whether it is a Wild, a Wild
Draw Four, a card that holds the next seat back (`_HITS`), a Draw Two."""


def most_held(hand: Sequence[Card], played: Card | None = None) -> Colour:
    """The colour the hand holds most of (not counting `played`), else the first."""
    counts = [0, 0, 0, 0]
    for c in hand:
        if c.colour is not None and c is not played:
            counts[_CI[c.colour]] += 1
    return COLOURS[counts.index(max(counts))]


#: How Hard thinks ahead: cheaply, a dozen play-outs, only once some seat is down to its
#: last card. (From two cards, with 48 play-outs, a Normal player against three Hard won
#: 18.5% of 2,000 games, seed 7, against 19.4% of 3,000 with no thinking ahead: within
#: the noise, for several times the thinking.)
HARD_LOOKAHEAD = Lookahead(budget=12, duel_budget=12, critical=1, min_worlds=4)
