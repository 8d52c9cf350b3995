"""The game's words for a player new to the whole family, each said once in plain words.

Every term a prompt, the log or a results screen uses without explaining it is here, and
the keys page ('?') lists the ones the table's rules use. A term changed here changes on
that page; the prompts and the log use the same names (one name for each thing: "Draw
Two", never "Draw 2" or "+2", in words; "+2" is only the mark on a card's face).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..engine import DrawFour, LastCard, Match, Rules, Stacking
from .keys import always, key


@dataclass(frozen=True)
class Term:
    """One word of the game and what it means."""

    word: str
    """The word as the table writes it."""
    meaning: str
    """What it means, in a sentence a newcomer reads once."""
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


TERMS: tuple[Term, ...] = (
    Term("+2  W+4  Rev", "on a card's face: Draw Two, Wild Draw Four, Reverse"),
    Term("Skip", "the next player misses a turn"),
    Term("Reverse", "play turns round the other way (with two players left: a Skip)"),
    Term("Draw Two", "the next player draws 2 cards and misses a turn"),
    Term("Wild", "plays on any card; you then name the colour to match"),
    Term("Wild Draw Four", "a Wild that also makes the next player draw 4 and miss a turn"),
    Term("Draw card", "a Draw Two or a Wild Draw Four"),
    Term("Pass it on", "a Draw Two or Wild Draw Four played on you may be answered with one "
         "of your own: the next player then draws the total", _stacks),
    Term("Last Card", f"call it ({key('call')}) as you play your second-to-last card; "
         "forget, and you draw a penalty", _calls),
    Term("Penalty", "cards you must draw: for a draw card played on you, or for Last Card "
         "not called"),
    Term("Catch", f"a computer that forgot to call Last Card: press {key('catch')} before "
         "the next move and it draws the penalty", _catches),
    Term("Challenge", f"doubt a Wild Draw Four ({key('challenge')}): if its player held the "
         "colour to match, they draw 4; if not, you draw 6", _challenges),
    Term("Points", "whoever goes out scores the cards left in the other hands: a number its "
         "value, an action card 20, a Wild 50", _several_rounds),
    Term("Table pts", "3 for a round's winner, 1 for the rest of the top half, 0 below; "
         "they break equal totals", _several_rounds),
    Term("Practice", "a game with the coach on: not counted in your record"),
    Term("Clockwise", "the way play goes round the ring: from your left, across the top, "
         "to your right"),
)
"""Every term, in the order a newcomer meets them."""


def terms(rules: Rules | None = None) -> list[tuple[str, str]]:
    """(word, meaning) for the terms a table with these rules uses (every term without)."""
    return [(t.word, t.meaning) for t in TERMS if rules is None or t.used(rules)]
