"""The game's words for a player new to the whole family, each said once in plain words.

Every term a prompt, the log or a results screen uses without explaining it is here, and
the keys page ('?') lists the ones the table's rules use. A term changed here changes on
that page; the prompts and the log use the same names (one name for each thing: "Draw
Two", never "Draw 2" or "+2", in words; "+2" is only the mark on a card's face). What a
card does is not said here but asked of the engine (`engine.describe`), for the rules
of the table: the glossary cannot say a card does what the game does not.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..engine import DrawFour, LastCard, Match, Rank, Rules, Stacking
from ..engine.describe import (
    answer_words,
    card_words,
    challenge_words,
    draw_cards,
    two_left_words,
)
from .keys import always, key


@dataclass(frozen=True)
class Term:
    """One word of the game and what it means."""

    word: str
    """The word as the table writes it."""
    meaning: str | Callable[[Rules], str]
    """What it means, in a sentence a newcomer reads once (or, where it depends on the
    rules, how to say it for them)."""
    used: Callable[[Rules], bool] = always
    """Whether a table with these rules ever says it."""


def _stacks(rules: Rules) -> bool:
    return rules.stacking is Stacking.ON


def _catches(rules: Rules) -> bool:
    return rules.last_card is LastCard.CATCH


def _calls(rules: Rules) -> bool:
    return rules.last_card is not LastCard.AUTO


def _challenges(rules: Rules) -> bool:
    return rules.draw_four is DrawFour.CHALLENGE


def _several_rounds(rules: Rules) -> bool:
    return rules.match is not Match.SINGLE


def _does(rank: Rank) -> Callable[[Rules], str]:
    """What a card of `rank` does under the rules, the engine's words (and what it does
    instead once two players are left, if that differs)."""
    def meaning(rules: Rules) -> str:
        words = card_words(rank, rules)
        two = two_left_words(rank, rules)
        return f"{words} (with two players left: {two})" if two else words
    return meaning


def _pass_on(rules: Rules) -> str:
    two = answer_words(Rank.DRAW_TWO, rules.stacking)
    four = answer_words(Rank.WILD_DRAW_FOUR, rules.stacking)
    return (f"answer a Draw Two played on you with {two}, a Wild Draw Four with {four}: "
            f"the next player then draws the total")


def _challenge(rules: Rules) -> str:
    return f"doubt a Wild Draw Four ({key('challenge')}): {challenge_words()}"


TERMS: tuple[Term, ...] = (
    Term("+2  W+4  Rev", "on a card's face: Draw Two, Wild Draw Four, Reverse"),
    Term("Skip", _does(Rank.SKIP)),
    Term("Reverse", _does(Rank.REVERSE)),
    Term("Draw Two", _does(Rank.DRAW_TWO)),
    Term("Wild", lambda rules: "plays on any card; " + card_words(Rank.WILD, rules)),
    Term("Wild Draw Four", _does(Rank.WILD_DRAW_FOUR)),
    Term("Draw card", draw_cards()),
    Term("Pass it on", _pass_on, _stacks),
    Term("Last Card", f"call it ({key('call')}) as you play your second-to-last card; "
         "forget, and you draw a penalty", _calls),
    Term("Penalty", "cards you must draw: for a draw card played on you, or for Last Card "
         "not called"),
    Term("Catch", f"a computer that forgot to call Last Card: press {key('catch')} before "
         "the next move and it draws the penalty", _catches),
    Term("Challenge", _challenge, _challenges),
    Term("Points", "whoever goes out scores the cards left in the other hands: a number its "
         f"value, an action card {Rank.SKIP.points}, a Wild {Rank.WILD.points}",
         _several_rounds),
    Term("Table pts", "3 for a round's winner, 1 for the rest of the top half, 0 below; "
         "they break equal totals", _several_rounds),
    Term("Practice", "a game with the coach on: not counted in your record"),
    Term("Clockwise", "the way play goes round the ring: from your left, across the top, "
         "to your right"),
)
"""Every term, in the order a newcomer meets them."""


def terms(rules: Rules | None = None) -> list[tuple[str, str]]:
    """(word, meaning) for the terms a table with these rules uses, said for them (every
    term without rules, said for the default rules)."""
    said = rules or Rules()
    return [(t.word, t.meaning(said) if callable(t.meaning) else t.meaning)
            for t in TERMS if rules is None or t.used(rules)]
