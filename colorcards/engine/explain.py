"""Why an action is not allowed, in the words a player would use.

Only called once `Game.legal_actions` has refused an action, so it may take its time.
It reads the view of the seat that tried (the seat to act, for the table's own
actions): what that player could see is all the answer needs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from . import actions as A
from . import turns
from .cards import Card, Colour, Rank
from .describe import answer_words
from .phase import Phase
from .precomputed import breaks_draw_four, mask_of
from .rules import DrawFour, DrawnCard, LastCard
from .view import View


def _colour_hint(game: View) -> str:
    """What may be played on the top card: 'red ●, a 3 or a Wild'."""
    top = game.top
    colour = game.active_colour
    parts = [f"{colour.title.lower()} {colour.glyph}"] if colour else []
    if not top.is_wild:
        title = top.rank.title
        parts.append(f"{'an' if title.startswith('8') else 'a'} {title}")
    return ", ".join(parts) + " or a Wild"


def cannot_answer(view: View, card: Card,
                  colour_name: Callable[[Colour], str] = lambda c: c.title.lower()
                  ) -> str | None:
    """Why `card` cannot pass on the penalty facing this seat now, as a clause ('a Draw
    Two cannot answer a Wild Draw Four', 'a Wild Draw Four may not be played while you
    hold a red card'); None if it can, or if no penalty is pending. The engine's own
    rules decide (`turns.may_answer`, the Draw Four rule), so a prompt or a refusal
    that says why says what the game does."""
    if not view.pending:
        return None
    top = view.top.rank
    colour = view.active_colour
    stacking = view.rules.stacking
    if not turns.may_answer(card.rank, card.colour is colour, top, stacking):
        title = card.rank.title
        article = 'an' if title.startswith('8') else 'a'
        if colour is not None and turns.may_answer(card.rank, True, top, stacking):
            return (f"{article} {title} answers a {top.title} only if it is "
                    f"{colour_name(colour)}")  # stacking Any: a Draw Two of the colour named
        return f"{article} {title} cannot answer a {top.title}"
    if (card.rank is Rank.WILD_DRAW_FOUR and view.rules.draw_four is DrawFour.RESTRICTED
            and breaks_draw_four(mask_of(view.hand), colour) and colour is not None):
        return f"a Wild Draw Four may not be played while you hold a {colour_name(colour)} card"
    return None


def pending_answers(view: View) -> str:
    """The cards that may pass on the penalty facing this seat, by name ('a Draw Two or
    a Wild Draw Four'), '' for none (`describe.answer_words`)."""
    colour = view.active_colour.title if view.active_colour is not None else "the colour named"
    return answer_words(view.top.rank, view.rules.stacking, colour)


class _Viewable(Protocol):
    """A game, as far as this module needs one: a seat's view of it."""

    current: int

    def view(self, seat: int) -> View: ...


def why_not(game: View | _Viewable, action: A.Action, seat: int | None) -> str:
    """A sentence saying why `action` by `seat` is illegal now, from the view of
    `seat` (of the seat to act when `seat` is None); given a game, from its view."""
    if not isinstance(game, View):
        game = game.view(game.current if seat is None else seat)
    phase = game.phase
    if phase is Phase.MATCH_OVER:
        return "The game is over."
    if phase is Phase.ROUND_OVER:
        if action is A.NEXT_ROUND:
            return "Only the table deals the next round."
        return "The round is over: deal the next round first."
    if action is A.NEXT_ROUND:
        return "The round is still being played."
    cur = game.current
    if isinstance(action, A.Catch):
        target = action.seat
        if target == seat:
            return "You cannot catch yourself."
        if game.vulnerable != target:
            if 0 <= target < game.seats and game.hand_counts[target] == 1 \
                    and game.called[target]:
                return "They already called Last Card."
            return "Nobody can be caught: only a player down to one card without a call can."
        return "You cannot catch anyone now."
    if action is A.CALL:
        if game.rules.last_card is LastCard.AUTO:
            return "Last Card is called for everyone automatically in this game."
        if seat is not None and game.called[seat]:
            return "You have already called Last Card."
        if len(game.hand) != 2 and seat != game.vulnerable:
            return "Last Card is called when you are about to play down to one card."
        return "You cannot call Last Card now."
    if seat != cur:
        if phase is Phase.WINDOW:
            return ("Wait a moment: the player down to one card may still call Last Card "
                    "late, unless someone catches them first.")
        return "It is not your turn."
    if phase is Phase.WINDOW:
        return "Call Last Card now, before someone catches you, or wait a moment."
    if phase is Phase.NAME_COLOUR:
        return "First name the colour for the Wild that opened the round."
    if phase is Phase.CHALLENGE:
        if isinstance(action, A.Play) or action is A.DRAW or action is A.PASS:
            return "A Wild Draw Four was played on you: challenge it or take the four cards."
        return "Challenge the Wild Draw Four or take the four cards."
    if action is A.CHALLENGE:
        return "There is no Wild Draw Four to challenge."
    hand = game.hand
    if action is A.ACCEPT:
        return "There is no penalty to take."
    if game.pending and (action is A.DRAW or action is A.PASS):
        answers = pending_answers(game)
        return (f"You must draw {game.pending}: pass them on with {answers}, or take them."
                if answers else f"You must draw {game.pending}: take them.")
    must_play = game.rules.drawn_card is DrawnCard.MUST_PLAY
    drawn = game.drawn if phase is Phase.DRAWN else None
    if drawn is not None and must_play and (action is A.DRAW or action is A.PASS):
        return (f"A drawn card that can be played must be played in this game: play the "
                f"{drawn.name} you drew.")
    if action is A.DRAW:
        if phase is Phase.DRAWN:
            return "You have already drawn a card this turn: play it or keep it."
        if not game.draw_count and len(game.discard) <= 1:
            return "There are no cards left to draw."
        return "You have a card you can play, so you cannot draw in this game."
    if action is A.PASS:
        return "You can only pass after drawing, or when you can neither play nor draw."
    if isinstance(action, A.NameColour):
        return "There is no colour to name now."
    if not isinstance(action, A.Play):
        return "That is not allowed now."
    card, colour = action.card, action.colour
    if card not in hand:
        return f"You do not hold {card.name}."
    if card.is_wild and colour is None:
        return f"Name a colour for your {card.name}."
    if not card.is_wild and colour is not None:
        return "Only a Wild names a colour."
    if phase is Phase.DRAWN and game.drawn is not None:
        if card is game.drawn:
            return f"{card.name} cannot be played on {game.top.name}: keep it (pass)."
        return (f"After drawing you may only play the card you drew ({game.drawn.name})"
                + (", which must be played." if must_play else ", or keep it."))
    if game.pending and not turns.may_answer(card.rank, card.colour is game.active_colour,
                                             game.top.rank, game.rules.stacking):
        # The card first: in the prompt's words, a refusal read as if nothing happened.
        answers = pending_answers(game)
        if not answers:  # (no stacking: nothing passes a penalty on)
            return (f"{card.name} cannot be played now: you must draw the {game.pending} "
                    f"cards, and in this game no card can pass them on.")
        why = f" ({cannot_answer(game, card)})" if card.rank in turns.DRAWS else ""
        return (f"{card.name} cannot pass on the {game.pending} cards you must draw: only "
                f"{answers} can pass them on{why}.")
    colour_now = game.active_colour
    if card.rank is Rank.WILD_DRAW_FOUR and colour_now is not None:
        return (f"You hold a {colour_now.title.lower()} card, so Wild Draw Four is not allowed: "
                f"it may only be played when you have no {colour_now.title.lower()} cards.")
    if not card.matches(colour_now, game.top.rank):
        return f"{card.name} does not match {game.top.name} — play {_colour_hint(game)}."
    return f"{card.name} cannot be played now."
