"""The position text (the engine's FEN): read, written, read back the same; bad text refused."""

from __future__ import annotations

import random

import pytest

from colorcards.engine import (
    PRESETS,
    Game,
    PositionError,
    next_decision,
    position_from_text,
    position_text,
)
from engine_helpers import DECK, hand, legal


def test_a_position_reads_as_written():
    """Hands in card order, the pile from its top, options, turn and phase as given."""
    game = position_from_text(
        "rules=classic stacking=on top=W+4 colour=blue turn=1 direction=-1 pending=4 "
        "| under: R1 | you: W B7 R5 | lily: G2 W+4 | zoe: - | pile: Y1 Y2 ...")
    assert game.rules.stacking == "on" and game.rules.match == "to:500"
    assert hand(game, 0) == "R5 B7 W" and game.hands[2] == [] and game.out == [2]
    assert [c.code for c in game.draw_pile[-2:]] == ["Y2", "Y1"]
    assert [c.code for c in game.discard[-2:]] == ["R1", "W+4"]
    assert game.current == 1 and game.direction == -1 and game.pending == 4
    assert legal(game) == ["W+4:red", "W+4:blue", "W+4:yellow", "W+4:green", "accept", "call"]
    assert game.cards_in_play() == DECK


@pytest.mark.parametrize("key", sorted(PRESETS))
def test_every_moment_of_a_game_round_trips(key):
    """Written at any moment of a match and read back, a position is the same: same
    cards in the same places, same state, same legal actions, same text."""
    preset = PRESETS[key]
    game = Game(preset.rules(), preset.max_seats, seed=len(key))
    rng = random.Random(1)
    for _ in range(400):
        text = position_text(game)
        again = position_from_text(text)
        assert position_text(again) == text
        for name in ("hands", "draw_pile", "discard", "active_colour", "current", "phase",
                     "direction", "pending", "drawn", "called", "vulnerable", "after_window",
                     "challenge_from", "challenge_bluff", "out", "lacks", "scores",
                     "table_points", "round", "dealer", "stuck_passes", "turns",
                     "total_turns", "winner_points", "rules", "reactions"):
            assert getattr(again, name) == getattr(game, name), name
        assert again.legal_actions() == game.legal_actions()
        d = next_decision(game)
        if d is None:
            break
        game.apply(d.actions[int(rng.random() * len(d.actions))], d.seat)


@pytest.mark.parametrize("text, words", [
    ("| a: R1 | b: R2", "needs top=CARD"),
    ("top=X9 | a: R1 | b: R2", "top=X9: not a card"),
    ("top=R3 | a: R1", "needs 2 to 10 seats"),
    ("top=R3 foo=1 | a: R1 | b: R2", "unknown key 'foo'"),
    ("top=R3 turn=1 turn=0 | a: R1 | b: R2", "turn is given twice"),
    ("top=W | a: R1 | b: R2", "say which colour is in force"),
    ("top=R3 colour=pink | a: R1 | b: R2", "'pink' is not a colour"),
    ("top=R3 turn=5 | a: R1 | b: R2", "there is no seat 5"),
    ("top=R3 | a: R1 Q7 | b: R2", "'Q7' in a's hand is not a card"),
    ("top=R3 stacking=maybe | a: R1 | b: R2", "stacking cannot be 'maybe'"),
    ("top=R3 rules=uno | a: R1 | b: R2", "unknown preset 'uno'"),
    ("top=R3 | a: W W W W W | b: R2", "Wild (W) appears 5 times, more than the deck's 4"),
    ("top=R3 phase=later | a: R1 | b: R2", "phase 'later' is not one of"),
    ("top=R3 phase=drawn | a: R1 | b: R2", "phase=drawn needs drawn=CARD"),
    ("top=R3 drawn=G7 | a: R1 | b: R2", "does not hold it"),
    ("top=R3 scores=1,2,3 | a: R1 | b: R2", "one number per seat (2), not 3"),
    ("top=R3 pending=lots | a: R1 | b: R2", "pending=lots: a whole number is needed"),
    ("top=R3 rest=zoe | a: R1 | b: R2 | pile: R4", "no seat named 'zoe'"),
    ("top=R3 | a: R1 | b: R2 | stray", "neither key=value nor a NAME:"),
])
def test_bad_text_is_refused_saying_what_is_wrong(text, words):
    with pytest.raises(PositionError) as caught:
        position_from_text(text)
    assert words in str(caught.value)
    assert "\n" not in str(caught.value)
