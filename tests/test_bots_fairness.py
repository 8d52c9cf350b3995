"""Fair by construction: a decision never depends on a card the seat cannot see.

From many positions of real games, every card the seat cannot see (the other hands
and the draw pile) is dealt again at random, keeping each hand's size; the seat's
view is unchanged, and each level's decision with the same generator state must be
the same. The same view asked twice gives the same answer too (no hidden state).
"""

from __future__ import annotations

import random

import pytest

from bots_helpers import position
from colorcards.bots import LEVELS, make_player
from colorcards.bots.crazy import CrazyPlayer
from colorcards.bots.drive import decide
from colorcards.engine import (
    CLOSE_WINDOW,
    NEXT_ROUND,
    PRESETS,
    Colour,
    DecisionKind,
    Game,
    deal_from_view,
    game_from_text,
    next_decision,
)


def redeal(game: Game, seat: int, rng: random.Random) -> Game:
    """The game as `seat` may imagine it: every card the seat cannot see (the other
    hands and the draw pile) dealt again at random, each hand's size and the history
    kept (the engine's `deal_from_view`, with no hint from who drew on what)."""
    return deal_from_view(game.view(seat), rng, lacks=False, history=True)


def positions(preset: str, seats: int, seed: int, every: int):
    """Every `every`-th position of a game between the levels: (game, seat to act)."""
    rules = PRESETS[preset].rules()
    game = Game(rules, seats, seed)
    players = [make_player(LEVELS[s % len(LEVELS)]) for s in range(seats)]
    rngs = [random.Random(seed + s) for s in range(seats)]
    step = 0
    while game.phase != "match-over" and step < 150:
        if game.phase == "round-over":
            game.apply(NEXT_ROUND)
            continue
        if game.phase == "window":
            game.apply(CLOSE_WINDOW)
            continue
        seat = game.current
        if step % every == 0:
            yield game, seat
        step += 1
        game.apply(players[seat].choose(game.view(seat), game.legal_actions(), rngs[seat]))


@pytest.mark.parametrize("preset,seats", [("color-cards", 4), ("duel", 2), ("party", 5),
                                           ("classic", 3), ("colour-match", 4)])
def test_decisions_ignore_hidden_cards(preset, seats):
    """Re-dealing the unseen cards never changes any level's decision."""
    checked = 0
    for game, seat in positions(preset, seats, seed=seats * 7, every=5):
        legal = game.legal_actions()
        views = [game.view(seat)] + [redeal(game, seat, random.Random(k)).view(seat)
                                     for k in range(2)]
        for other in views[1:]:
            assert other.hand == views[0].hand and other.hand_counts == views[0].hand_counts
            assert other.as_json() == views[0].as_json()
        for name in LEVELS:
            player = make_player(name)
            answers = {player.choose(v, legal, random.Random(99)) for v in views}
            assert len(answers) == 1, (name, answers)
        checked += 1
    assert checked >= 5


def test_redeal_really_moves_hidden_cards():
    """The re-deal changes the other hands (so the test above tests something)."""
    game = Game(PRESETS["color-cards"].rules(), 4, 3)
    other = redeal(game, 0, random.Random(1))
    assert other.hands[0] == game.hands[0]
    assert other.hands[1:] != game.hands[1:]
    assert sum(other.cards_in_play().values()) == 108


@pytest.mark.parametrize("name", LEVELS)
def test_same_view_same_answer(name):
    """No state is kept between calls: asking twice with the same generator state agrees,
    as it must for a saved and resumed game."""
    asked = 0
    for game, seat in positions("color-cards", 4, seed=5, every=9):
        asked += 1
        view = game.view(seat)
        legal = game.legal_actions()
        resumed = game_from_text(game.dumps())
        player = make_player(name)
        first = player.choose(view, legal, random.Random(3))
        again = player.choose(resumed.view(seat), resumed.legal_actions(), random.Random(3))
        assert first == again
    assert asked >= 5, "the positions to ask about ran out"


def think_over_redeals(player, game: Game, seat: int, deals: int) -> tuple[list, set]:
    """`player`'s choice for `seat` in `game` and in `deals - 1` re-deals of it, with the
    same generator: the results its play-outs weighed each time, and the answers."""
    shares = []
    original = player.evaluate

    def evaluate(*args, **kwargs):
        result = original(*args, **kwargs)
        shares.append(result)
        return result

    player.evaluate = evaluate
    answers = set()
    for k in range(deals):
        other = game if k == 0 else redeal(game, seat, random.Random(k))
        answers.add(player.choose(other.view(seat), other.legal_actions(), random.Random(7)))
    return shares, answers


def test_crazy_play_outs_ignore_hidden_cards():
    """Where Crazy thinks ahead, its play-out results themselves survive a re-deal."""
    game = position(["R5 R7 RS B5 G2", 3, 4, 3], "R2", lacks={1: {Colour.GREEN}})
    shares, answers = think_over_redeals(CrazyPlayer(), game, 0, deals=4)
    assert len(shares) == 4 and len(answers) == 1
    assert all(s == shares[0] for s in shares)


@pytest.mark.parametrize("name, seat, hands", [
    # Crazy in seat 2 playing as a side, the human down to two cards: it thinks ahead.
    ("crazy", 2, [2, 5, "R5 R7 RS B5 G2", 4]),
    # Hard thinks ahead once someone is down to one card.
    ("hard", 1, [6, "R5 R7 RS B5 G2", 1, 4]),
])
def test_thinking_ahead_ignores_hidden_cards(name, seat, hands):
    """Where Hard or a side-playing Crazy plays out its options, the play-outs' results
    themselves survive a re-deal of everything the seat cannot see."""
    game = position(hands, "R2", seat=seat, lacks={0: {Colour.GREEN}})
    shares, answers = think_over_redeals(make_player(name), game, seat, deals=3)
    assert len(shares) == 3 and len(answers) == 1
    assert all(s == shares[0] for s in shares)


HOUSE_RULES = [("seven_zero", "on"), ("jump_in", "on"), ("draw_count", "until-playable"),
               ("drawn_card", "must-play"), ("stacking", "any"), ("partners", "on")]
"""Each house rule of RULES.md §10 with its value that changes the game."""


def house_positions(rule: str, value: str, levels: list[str], seed: int, every: int):
    """Every `every`-th turn with a choice, and every swap and jump-in offer, of a match
    of three rounds between the levels under one house rule, through the engine's one
    loop."""
    game = Game(PRESETS["color-cards"].rules(match="rounds:3", **{rule: value}), 4, seed)
    players = [make_player(levels[s % len(levels)]) for s in range(4)]
    rngs = [random.Random(seed + s) for s in range(4)]
    step = 0
    while not game.is_over and step < 400:
        decision = next_decision(game)
        if decision.seat is None:
            game.apply(decision.actions[0])
            continue
        rare = decision.kind is DecisionKind.JUMP or game.phase == "swap"
        if len(decision.actions) > 1 and (rare or step % every == 0):
            yield game, decision
        step += 1
        game.apply(decide(game, decision, players[decision.seat], rngs[decision.seat]),
                   decision.seat)


@pytest.mark.parametrize("rule, value", HOUSE_RULES)
def test_decisions_ignore_hidden_cards_under_each_house_rule(rule, value):
    """With each house rule on, re-dealing every card a seat cannot know (the other hands
    and the pile, less the cards it gave away in a swap, which it knows) changes no
    level's decision: its turns, the hand it takes after a 7, and whether it jumps in."""
    levels = [name for name in LEVELS if not (rule == "partners" and name == "crazy")]
    checked = 0
    seen = set()
    for game, decision in house_positions(rule, value, levels, seed=41, every=7):
        seat = decision.seat
        offered = decision.kind is DecisionKind.JUMP
        views = [game.view(seat)] + [
            deal_from_view(game.view(seat), random.Random(k), lacks=False, history=True,
                           offered=offered).view(seat) for k in range(2)]
        for other in views[1:]:
            assert other.as_json() == views[0].as_json()
        for name in levels:
            player = make_player(name)
            if offered:
                answers = {player.react(v, decision.actions[:-1], random.Random(99))
                           for v in views}
            else:
                answers = {player.choose(v, decision.actions, random.Random(99))
                           for v in views}
            assert len(answers) == 1, (name, answers)
        seen.add((decision.kind, game.phase))
        checked += 1
    assert checked >= 8
    if rule == "jump_in":
        assert any(kind is DecisionKind.JUMP for kind, _ in seen)
    if rule == "seven_zero":
        assert any(phase == "swap" for _, phase in seen)
