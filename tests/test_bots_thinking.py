"""Thinking ahead: when the play-outs may override the rules' choice, and who thinks."""

from __future__ import annotations

import random

from bots_helpers import position
from colorcards.bots.crazy import CRAZY_LOOKAHEAD, CrazyPlayer
from colorcards.bots.heuristic import HARD
from colorcards.bots.thinking import HARD_LOOKAHEAD, ThinkingPlayer
from colorcards.engine import Play, parse_card

#: 24 deals on which the rules' choice wins half: the base every candidate is held to.
HALF = [1.0, 0.0] * 12


def test_a_lucky_edge_does_not_override_the_rules_choice():
    """Three more wins in 24 deals is over the margin but within the noise: playing as
    a side, Crazy keeps the rules' choice; asking only for the margin (Hard, or Crazy
    head to head), the other is taken."""
    lucky = [1.0, 1.0] * 3 + HALF[6:]
    crazy = ThinkingPlayer(HARD, CRAZY_LOOKAHEAD)
    hard = ThinkingPlayer(HARD, HARD_LOOKAHEAD)
    assert crazy.pick([HALF, lucky], CRAZY_LOOKAHEAD.side_sure) == 0
    assert crazy.pick([HALF, lucky]) == 1
    assert hard.pick([HALF, lucky]) == 1


def test_a_clear_edge_overrides_the_rules_choice():
    """A candidate that wins on every deal the rules' choice loses, and loses none it
    wins, is taken; between two, the better."""
    clear = [1.0] * 24
    better = [1.0] * 12 + HALF[12:]
    crazy = ThinkingPlayer(HARD, CRAZY_LOOKAHEAD)
    sure = CRAZY_LOOKAHEAD.side_sure
    assert crazy.pick([HALF, better, clear], sure) == 2
    assert crazy.pick([HALF, HALF, HALF], sure) == 0


def test_crazy_hits_a_human_on_its_last_card_with_its_play_outs_on():
    """Seat 3 plays before the human, who holds one card: the Skip stands whatever the
    deals the play-outs imagine (before, noise among nine candidates overrode it)."""
    game = position([1, 6, 6, "RS R5 R8 B7 B9 G8 G4 Y1 Y6"], "R2", seat=3)
    for seed in range(4):
        answer = CrazyPlayer().choose(game.view(3), game.legal_actions(), random.Random(seed))
        assert answer == Play(parse_card("RS"))


def test_crazy_head_to_head_thinks_ahead_in_either_seat():
    """Two seats: the side is Crazy itself, so in the second seat too it thinks ahead
    from five cards, not only once the human is down to two."""
    for seat, hands in ((0, ["R5 R7 B5 G2", 6]), (1, [6, "R5 R7 B5 G2"])):
        game = position(hands, "R2", seat=seat, preset="duel")
        player = CrazyPlayer()
        calls = []
        original = player.evaluate

        def evaluate(*args, original=original, calls=calls, **kwargs):
            calls.append(True)
            return original(*args, **kwargs)

        player.evaluate = evaluate
        player.choose(game.view(seat), game.legal_actions(), random.Random(0))
        assert calls, f"seat {seat} did not think ahead"
