"""The computers under the house rules (RULES.md §10): whom each level swaps hands with
after its 7, how often it jumps in, and how it plays with a partner. Positions from the
engine's own text; every decision from the seat's view, as at the table."""

from __future__ import annotations

import dataclasses
import random

from bots_helpers import decide, position
from colorcards.bots import make_player
from colorcards.bots.drive import decide as drive_decide
from colorcards.bots.heuristic import EASY, HARD, NORMAL, HeuristicPlayer
from colorcards.engine import (
    CALL,
    DECLINE,
    Catch,
    Colour,
    DecisionKind,
    Play,
    Swap,
    next_decision,
    parse_card,
    parse_cards,
)


def swap_of(level, game, seed: int = 0, known=None):
    """`level`'s choice of hand after its 7, `known` (seat: card text) what it gave."""
    view = game.view(game.current)
    if known is not None:
        view = dataclasses.replace(view, known=tuple(
            tuple(parse_cards(known.get(s, ""))) for s in range(game.seats)))
    return HeuristicPlayer(level).choose(view, game.legal_actions(), random.Random(seed))


def test_normal_and_hard_take_the_smallest_hand_easy_mostly_any():
    """After its 7, Normal and Hard take the opponent's hand with fewest cards; Easy
    takes any of them, mostly at random."""
    game = position(["B2 G5 Y8 Y9", 5, 2, 4], "R7", phase="swap", seven_zero="on")
    assert decide(HeuristicPlayer(NORMAL), game) == Swap(2)
    assert decide(HeuristicPlayer(HARD), game) == Swap(2)
    easy = {swap_of(EASY, game, seed) for seed in range(60)}
    assert easy == {Swap(1), Swap(2), Swap(3)}


def test_hard_takes_back_a_wild_it_gave_away():
    """Two hands of the same size: Hard takes the one it knows holds the Wild it gave
    away in an earlier swap; Normal does not weigh what it knows."""
    game = position(["B2 G5 Y8 Y9", 3, 3, 6], "R7", phase="swap", seven_zero="on")
    assert swap_of(HARD, game, known={2: "W"}) == Swap(2)
    assert swap_of(HARD, game, known={1: "W"}) == Swap(1)
    assert swap_of(NORMAL, game, known={2: "W"}) == Swap(1)  # the first of the smallest


def test_nobody_swaps_with_a_partner_when_an_opponent_is_there():
    """With partners, the partner's small hand is the side's already: every level that
    chooses takes an opponent's."""
    game = position(["B2 G5 Y8 Y9", 5, 1, 4], "R7", phase="swap", seven_zero="on",
                    partners="on")
    assert decide(HeuristicPlayer(NORMAL), game) == Swap(3)
    assert decide(HeuristicPlayer(HARD), game) == Swap(3)


def test_down_to_one_card_a_seven_hands_it_to_the_partner_not_an_opponent():
    """Left with one card after its 7 (seen in tmux: Max gave his last card to Lily, who
    went out with it), Normal and Hard hand it to their partner; without partners some
    opponent gets it whoever is chosen, and the smallest hand is taken."""
    hands = ["B3", 3, 4, 6]
    game = position(hands, "R7", phase="swap", seven_zero="on", partners="on")
    assert decide(HeuristicPlayer(NORMAL), game) == Swap(2)
    assert decide(HeuristicPlayer(HARD), game) == Swap(2)
    alone = position(hands, "R7", phase="swap", seven_zero="on")
    assert decide(HeuristicPlayer(HARD), alone) == Swap(1)


def jump_rate(name: str, trials: int = 400) -> float:
    """How often `name` takes a jump-in offered with nothing at stake."""
    game = position([6, "Y2 Y3 R5 G7", 6, 6], "R5", seat=0, jump_in="on", offers="1")
    decision = next_decision(game)
    assert decision.kind is DecisionKind.JUMP and decision.seat == 1
    player = make_player(name)
    jumps = sum(isinstance(drive_decide(game, decision, player, random.Random(s)), Play)
                for s in range(trials))
    return jumps / trials


def test_jump_in_rates_per_level():
    """Easy seldom jumps in, Normal more often than not, Hard whenever it helps."""
    assert 0.1 <= jump_rate("easy") <= 0.3
    assert 0.5 <= jump_rate("normal") <= 0.7
    assert jump_rate("hard") == 1.0


def test_hard_calls_last_card_before_a_jump_that_leaves_one():
    game = position([6, "R5 G7", 6, 6], "R5", seat=0, jump_in="on", offers="1")
    decision = next_decision(game)
    assert drive_decide(game, decision, HeuristicPlayer(HARD), random.Random(0)) == CALL


def test_hard_lets_a_jump_go_that_passes_over_its_partner_about_to_go_out():
    """Seat 3's jump on seat 0's card would pass over seats 1 and 2: with its partner
    (seat 1) down to one card, Hard lets it go; without partners it jumps."""
    hands = [6, "Y1", 6, "R5 G7 B2 B3 Y4"]
    for partners, expected in (("on", DECLINE), ("off", Play(parse_card("R5")))):
        game = position(hands, "R5", seat=0, jump_in="on", offers="3", partners=partners)
        decision = next_decision(game)
        assert decision.seat == 3
        assert drive_decide(game, decision, HeuristicPlayer(HARD), random.Random(0)) == expected


def test_hard_hands_the_play_to_its_partner_only_in_a_colour_it_can_follow():
    """Seat 3's Skip would pass the play to its partner (seat 1, across the table): Hard
    does not skip to it in red once it drew on red, and plays the Skip otherwise;
    without partners seat 1 is one more opponent and the Skip is played."""
    def hard(partners, lacks):
        game = position([8, 7, 9, "R4 R9 RS B4"], "R6", seat=3, partners=partners,
                        lacks=lacks)
        return decide(HeuristicPlayer(HARD), game)

    assert hard("on", {1: {Colour.RED}}) == Play(parse_card("R4"))
    assert hard("on", None) == Play(parse_card("RS"))
    assert hard("off", {1: {Colour.RED}}) == Play(parse_card("RS"))


def test_nobody_catches_a_partner():
    """A partner who forgot Last Card is not caught by its side; an opponent is."""
    for partners, caught in (("on", False), ("off", True)):
        game = position([6, "R5", 6, 6], "R2", seat=2, vulnerable=1, partners=partners)
        view = game.view(3)
        legal = game.legal_actions(3)
        assert Catch(1) in legal
        choices = {HeuristicPlayer(HARD).react(view, legal, random.Random(s)) for s in range(20)}
        assert (Catch(1) in choices) is caught


def test_the_play_outs_swap_as_the_levels_do():
    """Hard's play-outs (`quick_choice`) choose after a 7 by the same measure: down to
    one card, to the partner; otherwise the smallest hand of an opponent."""
    from colorcards.bots.thinking import quick_choice

    for hands, partners, best in ((["B3", 3, 4, 6], "on", Swap(2)),
                                  (["B2 G5 Y8 Y9", 5, 1, 4], "on", Swap(3)),
                                  (["B2 G5 Y8 Y9", 5, 2, 4], "off", Swap(2))):
        game = position(hands, "R7", phase="swap", seven_zero="on", partners=partners)
        friends = game.sides[0] - {0}
        assert quick_choice(game, 0, False, friends, None, game.legal_actions()) == best
