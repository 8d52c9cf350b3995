"""What each card does, in a player's words: the engine's own rules (`turns`), said.

The glossary, the rules' pages, the coach's reasons, the prompts, the ring and the log
say what a card does by asking here, never by saying it again: each phrase is chosen by
what `turns` answers for these rules, so a rule changed there is read changed
everywhere. A name may be passed in for the seat a card acts on ('Lily'), and a colour's
name for the colour in force (the palette's is the caller's).
"""

from __future__ import annotations

from collections.abc import Iterable

from . import turns
from .cards import Rank
from .rules import DrawFour, Rules, Stacking

NEXT = "the next player"
"""Who a card acts on, unless the caller names them."""

_MISSES = "misses a turn"


def either(names: Iterable[str]) -> str:
    """'a Draw Two', 'a Draw Two or a Wild Draw Four', '' for none."""
    return " or ".join(names)


def answer_words(top: Rank, stacking: Stacking, colour: str = "the colour named") -> str:
    """The cards that may pass on the penalty of a draw card of rank `top`: 'a Draw Two
    or a Wild Draw Four', 'a Wild Draw Four', '' for none (`turns.answers`); a card that
    answers only in the colour in force says so ('a Draw Two of the colour named')."""
    return either(f"a {rank.title}" + (f" of {colour}" if of_colour else "")
                  for rank, of_colour in turns.answers(top, stacking))


def card_turn(rank: Rank, rules: Rules, in_round: int = 3) -> turns.Turn:
    """`turns.card_turn` for these rules."""
    return turns.card_turn(rank, in_round, rules.stacking is not Stacking.OFF,
                           rules.draw_four is DrawFour.CHALLENGE)


def turn_words(turn: turns.Turn, rank: Rank, rules: Rules, who: str = NEXT,
               made: bool = False) -> str:
    """What a card of `rank` that does `turn` does to `who`, in words: 'Lily misses a
    turn', 'play turns round the other way', 'the next player draws 2 and misses a turn,
    unless they pass it on with a Draw Two or a Wild Draw Four'; '' for `ON`. `made`:
    as it follows 'would have made' ('Lily miss a turn', 'Lily draw 2 and miss a turn,
    unless they had a Draw Two or a Wild Draw Four to pass it on')."""
    Turn = turns.Turn
    if turn is Turn.ON:
        return ""
    miss = "miss a turn" if made else _MISSES
    if turn is Turn.SKIP:
        return f"{who} {miss}"
    if turn is Turn.REVERSE:
        return "play turn round the other way" if made else "play turns round the other way"
    draw = "draw" if made else "draws"
    draws = f"{who} {draw} {turns.DRAWS[rank]} and {miss}"
    if turn is Turn.STACK:
        answers = answer_words(rank, rules.stacking)
        if not answers:
            return draws
        if made:
            return f"{draws}, unless they had {answers} to pass it on"
        return f"{draws}, unless they pass it on with {answers}"
    if turn is Turn.CHALLENGE:
        if made:
            return f"{draws}, unless they had challenged it and won"
        return f"{draws}, unless they challenge it and win"
    return draws


def card_words(rank: Rank, rules: Rules, in_round: int = 3, who: str = NEXT) -> str:
    """What playing a card of `rank` does, in words, with `in_round` seats holding
    cards: 'the next player misses a turn', 'you name the colour to match; the next
    player draws 4 and misses a turn'. A card that only passes the turn on says so."""
    effect = turn_words(card_turn(rank, rules, in_round), rank, rules, who)
    if rank.is_wild:
        named = "you name the colour to match"
        return f"{named}; {effect}" if effect else named
    return effect or "play simply passes on"


def like(rank: Rank, rules: Rules, in_round: int) -> Rank | None:
    """Another card that does just what a card of `rank` does with `in_round` seats
    holding cards (a Reverse between two: a Skip), or None."""
    turn = card_turn(rank, rules, in_round)
    if turn is turns.Turn.ON:
        return None
    return next((other for other in Rank if other is not rank and not other.is_wild
                 and card_turn(other, rules, in_round) is turn), None)


def two_left_words(rank: Rank, rules: Rules) -> str:
    """What a card of `rank` does once two players are left, when that differs from
    what it does with more: 'as a Skip'; '' when it does the same."""
    if card_turn(rank, rules, 2) is card_turn(rank, rules, 3):
        return ""
    same = like(rank, rules, 2)
    if same is not None:
        return f"as a {same.title}"
    return card_words(rank, rules, 2)


def goes_again(rules: Rules) -> tuple[Rank, ...]:
    """The cards after which, with two players left, their player plays again (the
    other misses a turn), in card order."""
    return tuple(rank for rank in Rank if not rank.is_wild
                 and card_turn(rank, rules, 2) is turns.Turn.SKIP)


def draw_cards() -> str:
    """The draw cards by name: 'a Draw Two or a Wild Draw Four' (`turns.DRAWS`)."""
    return either(f"a {rank.title}" for rank in turns.DRAWS)


def challenge_words() -> str:
    """What a challenge of a Wild Draw Four costs: 'if its player held the colour to
    match, they draw 4; if not, you draw 6'."""
    return (f"if its player held the colour to match, they draw "
            f"{turns.DRAWS[Rank.WILD_DRAW_FOUR]}; if not, you draw {turns.CHALLENGE_LOST}")
