"""The engine's lookup tables: a turn's legal actions read off its key in C must be
the actions the rules list, in the order `legal_actions` documents."""

import random

import pytest

from colorcards.engine import actions as A
from colorcards.engine.cards import ALL_CARDS
from colorcards.engine.precomputed import (
    CARD_BITS,
    CARD_PLAYS,
    F_ACCEPT,
    F_CALL,
    F_DRAW,
    F_PASS,
    cards_of,
    legal_tuple,
)


def listed_one_by_one(key: int) -> tuple[A.Action, ...]:
    """The legal actions of `key`, walking its card bits one at a time."""
    actions: list[A.Action] = []
    for card in ALL_CARDS:
        if key >> card.index & 1:
            actions += CARD_PLAYS[card]
    for flag, action in ((F_DRAW, A.DRAW), (F_PASS, A.PASS), (F_ACCEPT, A.ACCEPT),
                         (F_CALL, A.CALL)):
        if key & flag:
            actions.append(action)
    return tuple(actions)


@pytest.mark.parametrize("bit", range(len(ALL_CARDS) + 4))
def test_each_bit_alone(bit):
    assert legal_tuple(1 << bit) == listed_one_by_one(1 << bit)
    assert len(legal_tuple(1 << bit)) in (1, 4)  # a card, a wild's four colours, or a flag


def test_nothing_legal_is_an_empty_tuple():
    assert legal_tuple(0) == ()
    assert cards_of(0) == []


def test_random_keys_list_plays_in_card_order_then_the_flags():
    rng = random.Random(9)
    for _ in range(5000):
        key = rng.getrandbits(len(ALL_CARDS) + 4) & rng.getrandbits(len(ALL_CARDS) + 4)
        assert legal_tuple(key) == listed_one_by_one(key)
        assert cards_of(key & CARD_BITS) == [c for c in ALL_CARDS if key >> c.index & 1]


def test_a_whole_hand_of_every_card():
    everything = CARD_BITS | F_DRAW | F_PASS | F_ACCEPT | F_CALL
    legal = legal_tuple(everything)
    assert legal[-4:] == (A.DRAW, A.PASS, A.ACCEPT, A.CALL)
    assert len(legal) == len(ALL_CARDS) + 3 * 2 + 4  # two wilds name four colours each
