"""What the coach says, in sentences a player reads: chances as chances, reasons only
from the play-outs' own counts.

Every kind of move reads as a sentence: playing a card (a Wild with the colour named),
drawing, keeping a drawn card, taking a penalty, challenging, naming a colour, calling
Last Card, catching. Card and colour names come from the caller (the table's palette).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..engine import (
    ACCEPT,
    CALL,
    CHALLENGE,
    DRAW,
    PASS,
    Action,
    Card,
    Catch,
    Colour,
    NameColour,
    Play,
)
from . import weigh

CardName = Callable[[Card], str]
ColourName = Callable[[Colour], str]

def percent(chance: float) -> str:
    """A chance as the player reads it ('35%'): the figures a verdict is checked
    against (`weigh.shown`)."""
    return f"{weigh.shown(chance)}%"


def costly_words() -> str:
    """How much a listed move lowered the chance to win, in words: the bar
    (`weigh.NOTICEABLE`) as a newcomer reads it, '3% or more (say from 35% to 32%)'
    ('points' means card points everywhere else)."""
    return f"{weigh.bar_words()} or more (say from 35% to {percent(0.35 - weigh.NOTICEABLE)})"


def certain_words(more: bool = False) -> str:
    """What a costly verdict makes certain, 95% sure: 'at least 3% less likely to win'
    (after the move made), or of the coach's choice 'at least 3% more likely to win'."""
    return f"at least {weigh.bar_words()} {'more' if more else 'less'} likely to win"

WHY_SHOWN = 0.05
"""A seat's share of going out first must move by this much to be named as the reason."""


_FORMS: dict[Action, tuple[str, str, str]] = {
    DRAW: ("drawing", "draw a card", "you drew"),
    PASS: ("keeping the drawn card", "pass, keeping the drawn card for later",
           "you kept the drawn card"),
    ACCEPT: ("taking the penalty", "take the penalty", "you took the penalty"),
    CHALLENGE: ("challenging the Wild Draw Four", "challenge the Wild Draw Four",
                "you challenged the Wild Draw Four"),
    CALL: ("calling Last Card", "call Last Card", "you called Last Card"),
}
"""The moves without fields: (as a noun, as advice, as something the player did)."""


def _plain_card(card: Card) -> str:
    return card.name


def _plain_colour(colour: Colour) -> str:
    return colour.title


def _forms(action: Action, card_name: CardName, colour_name: ColourName,
           seat_names: Sequence[str]) -> tuple[str, str, str]:
    """The move as a noun ('Red 3'), as advice ('play Red 3') and as something the player
    did ('you played Red 3')."""
    if isinstance(action, Play):
        card = card_name(action.card)
        if action.colour is not None:
            card += f" naming {colour_name(action.colour)}"
        return card, f"play {card}", f"you played {card}"
    if isinstance(action, NameColour):
        colour = colour_name(action.colour)
        return f"naming {colour}", f"name {colour}", f"you named {colour}"
    if isinstance(action, Catch):
        who = seat_names[action.seat] if action.seat < len(seat_names) else f"seat {action.seat}"
        return f"catching {who}", f"catch {who}", f"you caught {who}"
    return _FORMS.get(action, (str(action), str(action), f"you chose {action}"))


def move_noun(action: Action, card_name: CardName = _plain_card,
              colour_name: ColourName = _plain_colour,
              seat_names: Sequence[str] = (), called: bool | None = None) -> str:
    """The move as it reads after 'after' or before ': about the same': 'Red 3', 'Wild
    naming Blue', 'drawing', 'keeping the drawn card', 'taking the penalty'. A card
    played down to one says whether Last Card was `called` when that is in question:
    'Red 3 with Last Card called', 'Red 3 without calling Last Card'."""
    noun = _forms(action, card_name, colour_name, seat_names)[0]
    if called is None or not isinstance(action, Play):
        return noun
    return f"{noun} {'with Last Card called' if called else 'without calling Last Card'}"


def move_verb(action: Action, card_name: CardName = _plain_card,
              colour_name: ColourName = _plain_colour, seat_names: Sequence[str] = ()) -> str:
    """The move as advice: 'play Red 3', 'draw a card', 'keep the drawn card'."""
    return _forms(action, card_name, colour_name, seat_names)[1]


def you_did(action: Action, card_name: CardName = _plain_card,
            colour_name: ColourName = _plain_colour, seat_names: Sequence[str] = (),
            uncalled: bool = False) -> str:
    """The move as something the player did: 'you played Red 3', 'you drew', 'you played
    Red 3 without calling Last Card' (`uncalled`)."""
    did = _forms(action, card_name, colour_name, seat_names)[2]
    return f"{did} without calling Last Card" if uncalled else did


def hint_words(close: Sequence[Action], card_name: CardName = _plain_card,
               colour_name: ColourName = _plain_colour, seat_names: Sequence[str] = (),
               key: str = "Enter", call_first: bool = False,
               own_key: Callable[[Action], str | None] | None = None) -> str:
    """The hint: 'Hint: play Red 7. Enter does it.' or, where the coach could not tell
    the first few options apart, 'Hint: Red 7 or Red Reverse: about the same. Red 7 is
    selected; Enter does it.' With `call_first` (the card chosen leaves one), the hint
    says to call Last Card first, and Enter does both. A move that is not a card
    (draw, pass, …) names its own key first (`own_key`), as the prompt does: 'Hint: pass,
    keeping the drawn card for later. P does it (Enter too, now).'"""
    def noun(a: Action) -> str:
        return move_noun(a, card_name, colour_name, seat_names)

    first = close[0]
    call = call_first and isinstance(first, Play)
    if len(close) == 1:
        verb = move_verb(first, card_name, colour_name, seat_names)
        if call:
            return f"Hint: call Last Card, then {verb}. {key} does both."
        own = own_key(first) if own_key is not None and not isinstance(first, Play) else None
        if own and own != key:
            return f"Hint: {verb}. {own} does it ({key} too, now)."
        return f"Hint: {verb}. {key} does it."
    shown = [noun(a) for a in close[:3]]
    more = len(close) - len(shown)
    listed = ", ".join(shown[:-1]) + " or " + shown[-1]
    if more:
        listed = ", ".join(shown) + f" or {more} other{'s' if more != 1 else ''}"
    chosen = shown[0][0].upper() + shown[0][1:]
    why = ""
    if call:
        return (f"Hint: {listed}: about the same; call Last Card first. {chosen} is "
                f"selected{why}; {key} calls and plays it.")
    return f"Hint: {listed}: about the same. {chosen} is selected{why}; {key} does it."


def pair_nouns(made: Action, best: Action, card_name: CardName = _plain_card,
               colour_name: ColourName = _plain_colour, seat_names: Sequence[str] = (),
               uncalled: bool = False) -> tuple[str, str]:
    """The move made and the coach's choice as nouns, side by side: a card played
    `uncalled` reads 'without calling Last Card', and the choice 'with Last Card called'."""
    return (move_noun(made, card_name, colour_name, seat_names, False if uncalled else None),
            move_noun(best, card_name, colour_name, seat_names, True if uncalled else None))


def chances_sentence(made: Action, made_chance: float, best: Action, best_chance: float,
                     card_name: CardName = _plain_card, colour_name: ColourName = _plain_colour,
                     seat_names: Sequence[str] = (), uncalled: bool = False) -> str:
    """'Your chance to win this round: 24% after Red 3, 35% after Red Reverse: at least
    3% less likely to win (95% sure).' For a costly move: the chances show the verdict,
    and what it makes certain is said with them."""
    made_noun, best_noun = pair_nouns(made, best, card_name, colour_name, seat_names,
                                      uncalled)
    return (f"Your chance to win this round: {percent(made_chance)} after {made_noun}, "
            f"{percent(best_chance)} after {best_noun}: {certain_words()} (95% sure).")


def why_sentence(made: Action, made_out: Sequence[float], best: Action,
                 best_out: Sequence[float], player: int, seat_names: Sequence[str],
                 card_name: CardName = _plain_card,
                 colour_name: ColourName = _plain_colour, uncalled: bool = False) -> str:
    """Who went out first, from the play-outs' own counts, for the opponent whose share
    moved most ('After Red 3, Lily went out first in 41% of the deals; after Red
    Reverse, 22%.'); '' when no opponent's share moved by `WHY_SHOWN`."""
    others = [s for s in range(len(made_out)) if s != player]
    if not others:
        return ""
    seat = max(others, key=lambda s: (abs(made_out[s] - best_out[s]), -s))
    if abs(made_out[seat] - best_out[seat]) < WHY_SHOWN:
        return ""
    name = seat_names[seat] if seat < len(seat_names) else f"Seat {seat}"
    made_noun, best_noun = pair_nouns(made, best, card_name, colour_name, seat_names,
                                      uncalled)
    return (f"After {made_noun}, {name} went out first in {percent(made_out[seat])} of the "
            f"games the coach played out; after {best_noun}, {percent(best_out[seat])}.")
