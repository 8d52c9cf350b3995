"""Issue 19: a rule a computer player plans by is the rule the table plays by.

The players' reckoning (`bots.knowledge`) asks the engine's own statements of who plays
next (`engine.turns`) and of matching (`Card.matches`); these tests play the engine and
check that the reckoning says what the engine then does, so the two cannot drift."""

import random

import pytest

from colorcards.bots.knowledge import next_to_play
from colorcards.engine import ALL_CARDS, Game, Phase, Play, get_preset, next_decision

PRESETS = [("color-cards", 4), ("classic", 3), ("duel", 2), ("party", 5), ("colour-match", 4)]


def positions(preset: str, seats: int, count: int, **changes):
    """Games at the turns of random play, `count` of them."""
    rng = random.Random(seats)
    found = 0
    for seed in range(200):
        game = Game(get_preset(preset).rules(**changes), seats, seed)
        while not game.is_over:
            d = next_decision(game)
            if d.seat is not None and game.phase is Phase.TURN and game.vulnerable is None:
                yield game
                found += 1
                if found == count:
                    return
            game.step(rng.choice(d.actions), d.seat)


@pytest.mark.parametrize("preset,seats", PRESETS)
def test_the_players_next_seat_is_the_engines(preset, seats):
    """After any play, the seat a player reckons will play next is the seat the engine
    asks next (the penalty's or the challenge's seat for a stacked or challengeable
    draw card)."""
    checked = 0
    for game in positions(preset, seats, 80):
        seat = game.current
        for action in game.legal_actions():
            if not isinstance(action, Play) or len(game.hands[seat]) == 1:
                continue
            expected = next_to_play(game.view(seat), action.card)
            after = game.copy()
            after.step(action, seat)
            if after.phase is Phase.WINDOW:
                continue  # the window's clock decides first
            assert after.current == expected, (action, game.view(seat).direction)
            checked += 1
    assert checked > 80


@pytest.mark.parametrize("preset,seats", [("color-cards", 4), ("duel", 2)])
def test_the_engine_offers_exactly_the_matching_cards(preset, seats):
    """The cards the engine lets a seat play are those `Card.matches` (the Draw Four
    rule and a pending penalty aside)."""
    checked = 0
    for game in positions(preset, seats, 200, draw_four="free", stacking="off"):
        checked += 1
        plays = {a.card for a in game.legal_actions() if isinstance(a, Play)}
        held = set(game.hands[game.current])
        assert plays == {c for c in held if game.matches(c)}
        assert all(game.matches(c) == c.matches(game.active_colour, game.top.rank)
                   for c in ALL_CARDS)
    assert checked == 200


def test_colour_before_top_reads_the_record():
    """The colour a challenged Wild Draw Four was played on is the active colour just
    before it was played."""
    checked = 0
    rng = random.Random(3)
    before = None
    for seed in range(8):  # eight random matches to 500: about 4,000 challenges
        game = Game(get_preset("classic").rules(draw_four="challenge"), 3, seed)
        while not game.is_over:
            d = next_decision(game)
            action = rng.choice(d.actions)
            if isinstance(action, Play):
                before = game.active_colour
            game.step(action, d.seat)
            if game.phase is Phase.CHALLENGE:
                assert game.view(game.current).colour_before_top() is before
                checked += 1
    assert checked > 20
