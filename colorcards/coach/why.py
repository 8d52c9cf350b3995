"""Why the coach's choice was better, in one sentence a newcomer can use.

A listed moment's figures say *that* a move cost chances; this says *why*, from facts of
the position the player could see then (their own hand, everyone's card counts, who
drew on which colour) and only where the coach's own figures agree: a reason about the
next player is given only when that player went out first less often after the coach's
choice. Each rule states only what was true at the table; none reads another seat's
hidden cards, so the sentence is the same however the unseen cards lie. When no rule
fits, the sentence says so plainly rather than invent a reason (`GENERAL`).

The rules, first that fits:
1. a card played down to one without calling Last Card;
2. a penalty taken while a draw card could pass it on;
3. the next player down to one or two cards, and a Skip, draw card or Reverse that would
   have held them back;
4. a draw, or a drawn card kept, while a card could be played;
5. a Wild played while a coloured card could be played;
6. a colour named that the hand held fewer of;
7. a colour named that the next player had not drawn on, where the coach's choice was one
   they had.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..bots.knowledge import turns_until
from ..engine import (
    ACCEPT,
    DRAW,
    PASS,
    Action,
    Card,
    Colour,
    LastCard,
    NameColour,
    Play,
    View,
)
from ..engine.describe import turn_words
from ..engine.turns import Turn
from .words import CardName, ColourName

GENERAL = ("Why: no rule of thumb explains this one; it showed only when the coach played "
           "the round out many times from here.")
"""Said when no rule fits: honest, and still tells a newcomer where the figures come from."""

LOW = 2
"""The next player counts as close to going out at this many cards or fewer."""

_COUNTS = {1: "one card", 2: "two cards"}


def _seat(seat: int, seat_names: Sequence[str]) -> str:
    return seat_names[seat] if seat < len(seat_names) else f"Seat {seat}"


def _cards(count: int, colour: str) -> str:
    """'no Blue card', '1 Blue card', '3 Red cards'."""
    if count == 0:
        return f"no {colour} card"
    return f"{count} {colour} card{'s' if count != 1 else ''}"


def _named(action: Action) -> tuple[Card | None, Colour] | None:
    """The card and the colour a move names (a Wild played, or a colour named for the
    Wild that opened the round); None for any other move."""
    if isinstance(action, Play) and action.colour is not None:
        return action.card, action.colour
    if isinstance(action, NameColour):
        return None, action.colour
    return None


def _after(hand: Sequence[Card], card: Card | None) -> list[Card]:
    """The hand once `card` (one copy) has left it."""
    left = list(hand)
    if card is not None and card in left:
        left.remove(card)
    return left


def _held_back(view: View, best: Action, nxt: int, name: str,
               card_name: CardName) -> str | None:
    """What the coach's card would have done to the next player, or None if it was not a
    card that holds them back (or its effect is not certain enough to state). What the
    card does is the engine's answer (`View.card_turn`), said in its words (`describe`)."""
    if not isinstance(best, Play):
        return None
    rank = best.card.rank
    card = card_name(best.card)
    turn = view.card_turn(rank)
    if turn is Turn.REVERSE:
        if turns_until(view, nxt, -view.direction) > turns_until(view, nxt):
            return f"your {card} would have turned play away from {name}"
        return None
    if not turn.hits:
        return None
    if turn is Turn.CHALLENGE and view.active_colour is not None and any(
            c.colour is view.active_colour for c in view.hand):
        return None  # a challenge would have won: the penalty would have been yours
    if turn is Turn.CHALLENGE:
        turn = Turn.PENALTY  # played fairly: a challenge would only have cost them more
    effect = turn_words(turn, rank, view.rules, name, made=True)
    return f"your {card} would have made {effect}"


def why_better(view: View, made: Action, best: Action, made_out: Sequence[float],
               best_out: Sequence[float], card_name: CardName, colour_name: ColourName,
               seat_names: Sequence[str] = (), uncalled: bool = False) -> str:
    """One sentence: why `best` was better than `made` in the position `view` (the
    player's own view then), from the first rule that fits; `GENERAL` when none does.
    `made_out` and `best_out` are each seat's share of going out first after each move
    (empty when not measured: no rule about another player is then given)."""
    rules = view.rules
    if uncalled:
        penalty = rules.last_card_penalty
        if rules.last_card is LastCard.CATCH:
            return (f"Why: down to one card without calling Last Card, anyone could catch "
                    f"you, and you would then draw {penalty}; the call costs nothing.")
        return (f"Why: playing down to one card without calling Last Card makes you draw "
                f"{penalty} at once; the call costs nothing.")

    nxt = view.next_seat()
    name = _seat(nxt, seat_names)
    measured = len(made_out) == len(best_out) == view.seats and nxt != view.seat
    slower = measured and best_out[nxt] < made_out[nxt]
    """The next player went out first less often after the coach's choice."""

    if made is ACCEPT and isinstance(best, Play):
        return (f"Why: you took the penalty while your {card_name(best.card)} could pass it "
                f"on to {name}, the next player, instead.")

    count = view.hand_counts[nxt]
    if slower and 0 < count <= LOW:
        done = _held_back(view, best, nxt, name, card_name)
        mine = _held_back(view, made, nxt, name, card_name)
        if done is not None and mine is None:
            return f"Why: {name}, next to play, was down to {_COUNTS[count]}, and {done}."

    if made is DRAW and isinstance(best, Play):
        return (f"Why: you drew while your {card_name(best.card)} could be played; playing a "
                f"card brings you one closer to going out, drawing takes you one further away.")
    if made is PASS and isinstance(best, Play) and best.card == view.drawn:
        return (f"Why: you kept the {card_name(best.card)} you drew though it could be "
                f"played; playing it brings you one closer to going out.")

    if (isinstance(made, Play) and made.card.is_wild and isinstance(best, Play)
            and not best.card.is_wild):
        return (f"Why: you played a Wild while your {card_name(best.card)} could be played; "
                f"a Wild can be played when nothing else fits, so it is worth keeping for "
                f"such a turn.")

    named, chosen = _named(made), _named(best)
    if named is not None and chosen is not None and named[0] == chosen[0]:
        left = _after(view.hand, named[0])
        have = {c: sum(1 for card in left if card.colour is c) for c in (named[1], chosen[1])}
        mine_name, best_name = colour_name(named[1]), colour_name(chosen[1])
        if have[chosen[1]] > have[named[1]]:
            return (f"Why: you named {mine_name} holding {_cards(have[named[1]], mine_name)}"
                    f" and {_cards(have[chosen[1]], best_name)}; naming the colour you hold "
                    f"more of leaves you more cards to play on your next turn.")
        lacks = view.lacks[nxt]
        if slower and chosen[1] in lacks and named[1] not in lacks:
            return (f"Why: {name}, next to play, drew rather than play on {best_name} last "
                    f"time, so naming {best_name} may leave {name} without a card to play.")
    return GENERAL
