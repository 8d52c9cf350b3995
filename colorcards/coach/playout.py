"""The coach's play-outs: a round played on to its end, fast, each seat at its level.

A play-out runs on the engine itself (`next_choice`, `Game.step`), so every rule —
stacking, the Draw Four rule, Last Card, catching — works as at the table. Each seat
decides by the quick rule of thumb the thinking players use (`bots.thinking.quick_choice`:
follow the colour held most, keep Wilds, hit a close next seat) with its level's own
lapses on top, drawn from the level's `Tuning`: a random card instead of the best one
(`random_play`), a penalty taken that could have been stacked back (`stack_miss`), Last
Card not called (`forget`), a chance to catch let go (`catch`). A Crazy computer plays as
a side against the human's seat. This is four times faster than the levels' full
judgement, which buys the coach four times the deals, and it still plays each computer
as loosely or as tightly as its level does.

`outcomes` is one imagined deal of a judgement, for every option weighed: what the coach
(`weigh.py`) and its helper processes (`pool.py`) both run, so it lives below them.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from ..bots.drive import drive
from ..bots.heuristic import HeuristicPlayer
from ..bots.thinking import most_held, quick_move
from ..bots.tuning import Tuning
from ..engine import (
    ACCEPT,
    CALL,
    DECLINE,
    HUMAN_SEAT,
    Action,
    Card,
    Catch,
    DecisionKind,
    Game,
    Play,
    SeededWhenDrawn,
    View,
    deal_from_view,
    next_choice,
)

PLY_LIMIT = 600
"""Decisions a play-out may take before it counts as no win."""

_TURN = DecisionKind.TURN
_REACTION = DecisionKind.REACTION
_JUMP = DecisionKind.JUMP
_DEAL = DecisionKind.DEAL


def level_choice(game: Game, hands: Sequence[Sequence[Card]], seat: int,
                 actions: Sequence[Action], tuning: Tuning, rng: Random,
                 friends: frozenset[int] = frozenset()) -> Action:
    """A turn of `seat`, played by the rule of thumb with `tuning`'s lapses (`friends`:
    its partner, under the house rule `partners`; `hands`: `game.hands`)."""
    side = tuning.side and seat != HUMAN_SEAT
    catch = actions[-1]  # (a turn offers one catch at most, after everything else)
    if type(catch) is Catch and (not side or catch.seat == HUMAN_SEAT) and (
            rng.random() < tuning.catch):
        return catch
    if CALL in actions:
        if rng.random() >= tuning.forget or len(actions) == 1:
            return CALL
        actions = [a for a in actions if a is not CALL and type(a) is not Catch]
    if game.pending and ACCEPT in actions and rng.random() < tuning.stack_miss:
        return ACCEPT
    if tuning.random_play and rng.random() < tuning.random_play:
        held = None  # the colour a Wild names: the one the hand holds most of
        plays = []
        for a in actions:
            if type(a) is Play:
                if a.colour is not None:
                    if held is None:
                        held = most_held(hands[seat], a.card)
                    if a.colour is not held:
                        continue
                plays.append(a)
        if plays:
            return plays[int(rng.random() * len(plays))]
    return quick_move(game, hands, seat, side, friends, actions)  # (the call settled above)


def react_choice(seat: int, actions: Sequence[Action], tuning: Tuning, rng: Random) -> Action:
    """Out of turn: catch at the level's rate (a side catches only the human), or take
    a jump-in offered (house rule `jump_in`) at the level's rate (always, for a level
    that aims), else let the chance go by. A seat caught out forgot its call, so it
    stays silent."""
    if actions and isinstance(actions[0], Play):
        if not tuning.aim and rng.random() >= tuning.jump:
            return DECLINE
        return CALL if CALL in actions and rng.random() >= tuning.forget else actions[0]
    side = tuning.side and seat != HUMAN_SEAT
    for action in actions:
        if isinstance(action, Catch) and (not side or action.seat == HUMAN_SEAT):
            return action if rng.random() < tuning.catch else DECLINE
    return DECLINE


def first_out(game: Game, tunings: Sequence[Tuning], rng: Random, limit: int) -> int | None:
    """Play `game` on until someone goes out (or the round ends): that seat, or None if
    nobody did within `limit` decisions or the round ended in a stalemate."""
    step = game.step
    sides = game.sides
    friends = [sides[s] - {s} for s in range(game.seats)]
    out, hands = game.out, game.hands  # (the round's own lists: replaced by the next deal)
    for _ in range(limit):
        if out:
            return out[0]
        decision = next_choice(game)
        if decision is None:
            return None
        kind, seat, actions = decision
        if seat is None:
            if kind is _DEAL:  # the round ended with nobody out: a stalemate
                return None
            step(actions[0])
        elif kind is _TURN:
            step(level_choice(game, hands, seat, actions, tunings[seat], rng, friends[seat]),
                 seat)
        elif kind is _REACTION or kind is _JUMP:
            step(react_choice(seat, actions[:-1], tunings[seat], rng), seat)
        else:
            step(actions[0], seat)
    return game.out[0] if game.out else None


def outcomes(view: View, actions: Sequence[Action], calls: Sequence[bool],
             tunings: Sequence[Tuning], full: bool, deal_seed: int,
             play_seed: int) -> list[int | None]:
    """One imagined deal: for each action, who went out first after it (None: nobody,
    within the limit or at a stalemate). Where its `calls` flag is set, a card is played
    with Last Card called first. The hidden cards are dealt by `deal_seed`; the rest of
    the round is shuffled and decided by `play_seed`: the same for every action."""
    seat = view.seat
    # A seat deciding while another is to act is deciding on a jump-in (its own
    # decision, not in its view): the imagined deal offers it.
    world = deal_from_view(view, Random(deal_seed),
                           offered=view.current is not None and view.current != seat)
    rounds = len(view.results)

    def over(g: Game) -> bool:
        return bool(g.out) or len(g.results) > rounds

    found: list[int | None] = []
    for action, call in zip(actions, calls, strict=True):
        game = world.copy(rng=SeededWhenDrawn(play_seed))  # (shuffles only if the pile runs out)
        if call and isinstance(action, Play):
            game.step(CALL, seat)
        game.step(action, seat)
        if full:
            players = [HeuristicPlayer(t) for t in tunings]
            drive(game, players, [SeededWhenDrawn(play_seed ^ 0x9E37)] * len(players), over,
                  PLY_LIMIT)
            found.append(game.out[0] if game.out else None)
        else:
            found.append(first_out(game, tunings, SeededWhenDrawn(play_seed ^ 0x9E37), PLY_LIMIT))
    return found
