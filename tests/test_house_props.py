"""Whole random games under every combination of the house rules (RULES.md §10) keep the
game's invariants: the 108 cards, hands and piles adding up, one seat acting at a time,
what a seat knows of another hand being true, and the record replaying to the same state.

Each of the 96 combinations plays one short match (three rounds at most, a bounded
number of decisions) through the engine's one loop, `next_decision`, choosing at random;
the heavier checks run every few decisions, so the file stays a few seconds long.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from colorcards.engine import (
    DecisionKind,
    Game,
    Play,
    game_from_text,
    get_preset,
    next_decision,
)
from engine_helpers import DECK

HOUSE = {
    "seven_zero": ("off", "on"),
    "jump_in": ("off", "on"),
    "draw_count": ("one", "until-playable"),
    "drawn_card": ("may-play", "must-play"),
    "stacking": ("off", "on", "any"),
    "partners": ("off", "on"),
}
COMBINATIONS = [dict(zip(HOUSE, values, strict=True))
                for values in itertools.product(*HOUSE.values())]
DECISIONS = 700
"""Decisions a game may take here (most single rounds end well within it)."""


def check_step(game: Game, decision) -> None:
    """The invariants at one moment of a game."""
    assert game.cards_in_play() == DECK
    assert sum(map(len, game.hands)) + len(game.draw_pile) + len(game.discard) == 108
    acting = {s for s in range(game.seats) if game.legal_actions(s)}
    if decision.kind is DecisionKind.TURN:
        assert decision.seat == game.current and decision.actions == game.legal_actions()
        others = acting - {decision.seat}
        assert not others or game.vulnerable is not None  # only a catch, out of turn
    elif decision.kind is DecisionKind.JUMP:
        assert game.legal_actions(game.current) == () or game.current in game.reactions
        assert decision.seat in game.offers and decision.seat != game.current
        assert all(isinstance(a, Play) for a in game.legal_actions(decision.seat)[:1])
    for seat in range(game.seats):
        view = game.view(seat)
        assert list(view.hand) == game.hands[seat]
        for holder, cards in enumerate(view.known):
            assert not Counter(cards) - Counter(game.hands[holder])  # what it knows is true


@pytest.mark.parametrize("house", COMBINATIONS, ids=lambda h: "-".join(h.values()))
def test_random_games_keep_their_invariants_under_every_house_rule(house):
    seats = 4 if house["partners"] == "off" else random.Random(str(house)).choice((4, 6))
    rules = get_preset("classic").rules(match="rounds:3", round_end="first-out", **house)
    seed = 7919 * COMBINATIONS.index(house) + 1
    game = Game(rules, seats, seed)
    rng = random.Random(seed)
    for step in range(DECISIONS):
        decision = next_decision(game)
        if decision is None:
            break
        if step % 7 == 0:
            check_step(game, decision)
        # lean towards playing, so that games end: a card when one is offered
        plays = [a for a in decision.actions if isinstance(a, Play)]
        choices = plays if plays and rng.random() < 0.8 else decision.actions
        game.step(choices[int(rng.random() * len(choices))], decision.seat)
    again = Game.replay(rules, seats, seed, game.actions)
    assert again.to_json() == game.to_json()
    assert game_from_text(game.dumps()).to_json() == game.to_json()
    if game.is_over and house["partners"] == "on" and game.winners:
        sides = {frozenset(rules.sides(seats)[s]) for s in game.winners}
        assert len(sides) == 1 or len(set(game.scores)) < seats  # a side wins together
