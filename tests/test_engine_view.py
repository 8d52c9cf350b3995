"""Issue 2 / RULES.md §8-§9: a seat's view holds only what a player in that seat could know."""

import json
import random
import types

import pytest

from colorcards.engine import Game, get_preset, next_decision
from colorcards.engine.events import Drew
from engine_helpers import legal, position, rules, run

VIEW_KEYS = {
    "seat", "seats", "rules", "phase", "current", "hand", "hand_counts", "discard", "draw_count",
    "active_colour", "direction", "pending", "drawn", "called", "vulnerable", "challenge_from",
    "out", "lacks", "scores", "table_points", "round", "dealer", "turns", "winners", "history",
}


def drawn_position():
    game = position("top=R3 | you: B5 G1 G2 | lily: G3 Y4 Y5 | zoe: Y1 B7 B8 | pile: R9 Y9 B9 ...",
                    rules(stacking="off"))
    run(game, "draw")  # you draw R9 (playable, you may still play it)
    return game


def test_view_shows_own_hand_and_counts_only():
    """A view holds its own hand and only the counts of the others."""
    game = drawn_position()
    view = game.view(1)
    assert [c.code for c in view.hand] == ["Y4", "Y5", "G3"]
    assert view.hand_counts == (4, 3, 3) and view.draw_count == len(game.draw_pile)
    data = view.as_json()
    assert set(data) == VIEW_KEYS
    assert "seed" not in json.dumps(data) and "draw_pile" not in data


def test_drawn_card_is_private():
    """The card just drawn is in the drawer's view and in nobody else's."""
    game = drawn_position()
    assert game.view(0).drawn.code == "R9"
    assert game.view(1).drawn is None and game.view(2).drawn is None
    mine = [e for e in game.view(0).history if e.kind == "drew"]
    theirs = [e for e in game.view(1).history if e.kind == "drew"]
    assert [c.code for c in mine[-1].cards] == ["R9"]
    assert theirs[-1].cards == () and theirs[-1].count == 1 and theirs[-1].seat == 0
    assert "R9" not in json.dumps(game.view(1).as_json()["history"])


def test_penalty_cards_are_private():
    """Penalty draws show as a count to the other seats."""
    game = position("top=R3 | you: R+2 G1 | lily: G3 Y4 | pile: Y9 Y8 ...", rules(stacking="off"))
    run(game, "R+2")
    for seat, visible in ((0, False), (1, True)):
        drew = [e for e in game.view(seat).history if e.kind == "drew"][-1]
        assert (drew.cards != ()) is visible and drew.count == 2


def test_recent_is_filtered_like_history():
    """recent(n) hides other seats' drawn cards exactly as history does."""
    game = drawn_position()
    assert game.view(1).recent(3) == game.view(1).history[-3:]


def test_no_public_view_method_reveals_drawn_cards():
    """Every public way of reading a view's history hides other seats' drawn cards."""
    game = drawn_position()
    view = game.view(1)
    assert not hasattr(view, "history_slice")
    readings = [view.history, view.history_since(0), view.recent(50)]
    assert view.history_length == len(view.history)
    for events in readings:
        drew = [e for e in events if e.kind == "drew" and e.seat != 1]
        assert drew and all(e.cards == () for e in drew)


def test_views_of_a_random_game_leak_nothing():
    """Through a whole random game, no view mentions another hand's list or the pile order."""
    import random
    game = Game(rules("party"), 4, 21)
    rng = random.Random(21)
    steps = 0
    while not game.is_over and steps < 400:
        steps += 1
        for seat in range(4):
            data = game.view(seat).as_json()
            lists = [v for v in data.values() if isinstance(v, list)]
            for other in range(4):
                if other != seat and len(game.hands[other]) > 1:
                    assert [c.code for c in game.hands[other]] not in lists
            for event in data["history"]:
                if event["kind"] == "drew" and event["seat"] != seat:
                    assert event["cards"] == []
        if game.phase == "round-over":
            game.apply(game.legal_actions()[0])
        else:
            game.apply(rng.choice(game.legal_actions()))


def test_a_kept_card_leaves_the_same_record_playable_or_not():
    """Issue 9's draw leak: whether the card drawn could be played or not, the other seats
    see the same thing at every step (phase, whose turn, events, counts), and so does
    anyone reading the log afterwards; only the drawer knows which it was."""
    seen = []
    for drawn in ("R9", "Y9"):  # Red 9 could be played on Red 3; Yellow 9 could not
        game = position(f"top=R3 | you: B5 G1 G2 | lily: G3 Y4 Y5 | zoe: Y1 B7 B8 "
                        f"| pile: {drawn} ...", rules(stacking="off"))
        events = run(game, "draw")
        if game.phase == "drawn":  # a real choice: play it or keep it
            assert drawn == "R9" and legal(game) == ["R9", "pass"]
            events += run(game, "pass")
        # An unplayable card is kept in the same step: no decision with nothing to decide.
        assert game.current == 1 and game.phase == "turn"
        views = [game.view(seat).as_json() for seat in (1, 2)]
        seen.append(((views, [e.kind for e in events]), game.view(0).history[-2:]))
        assert drawn in [c.code for c in game.view(0).hand]  # kept
    (playable, mine_playable), (unplayable, mine_unplayable) = seen
    assert playable == unplayable
    assert playable[1] == ["drew", "passed"]
    kinds = ["drew", "passed"]
    assert [e.kind for e in mine_playable] == [e.kind for e in mine_unplayable] == kinds
    assert mine_playable[0].cards != mine_unplayable[0].cards  # the drawer alone knows


def reachable(root) -> list:
    """Every object reachable from `root` through attributes, slots and containers
    (classes, modules and functions are not followed: they are code, not the view's)."""
    seen: set[int] = set()
    stack, found = [root], []
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, (type, types.ModuleType, types.FunctionType,
                                               types.BuiltinFunctionType, types.MethodType)):
            continue
        seen.add(id(obj))
        found.append(obj)
        if isinstance(obj, (str, bytes, int, float)):
            continue
        if isinstance(obj, dict):
            stack.extend(obj.keys())
            stack.extend(obj.values())
        elif isinstance(obj, (list, tuple, set, frozenset)):
            stack.extend(obj)
        for cls in type(obj).__mro__:
            for name in getattr(cls, "__slots__", ()):
                if hasattr(obj, name):
                    stack.append(getattr(obj, name))
        stack.extend(getattr(obj, "__dict__", {}).values())
    return found


@pytest.mark.parametrize("preset,seats", [("color-cards", 4), ("classic", 3), ("duel", 2)])
def test_nothing_reachable_from_a_view_shows_another_seats_cards(preset, seats):
    """Fair by construction: whatever a player does with its view (its attributes,
    private ones included), it cannot reach another seat's drawn cards, another hand,
    the draw pile or the game itself."""
    rng = random.Random(5)
    checked = draws = 0
    for seed in range(10):
        game = Game(get_preset(preset).rules(), seats, seed)
        while checked < 60 and not game.is_over:
            d = next_decision(game)
            game.step(rng.choice(d.actions), d.seat)
            if len(game.history) % 11 == 0:
                checked += 1
                draws += _check_reachable(game)
    assert checked == 60 and draws > 0  # the walk saw own draws, so it reaches the record


def _check_reachable(game: Game) -> int:
    """Assert that no seat's view reaches a secret; how many own draws they reached."""
    draws = 0
    for seat in range(game.seats):
        view = game.view(seat)
        secret = {id(game), id(game.history), id(game.draw_pile), id(game.rng),
                  *(id(h) for s, h in enumerate(game.hands) if s != seat)}
        for obj in reachable(view):
            assert id(obj) not in secret, f"seat {seat} reaches {type(obj).__name__}"
            if isinstance(obj, Drew) and obj.cards:
                assert obj.seat == seat, f"seat {seat} reaches seat {obj.seat}'s draw"
                draws += 1
    return draws


def test_a_view_shows_its_own_draws_and_the_public_record():
    """The record a view reads is the game's history with others' drawn cards hidden."""
    game = Game(get_preset("color-cards").rules(), 4, seed=3)
    rng = random.Random(1)
    for _ in range(300):
        d = next_decision(game)
        game.step(rng.choice(d.actions), d.seat)
    for seat in range(4):
        seen = game.view(seat).history
        assert len(seen) == len(game.history)
        for mine, real in zip(seen, game.history, strict=True):
            assert mine == (real if getattr(real, "seat", seat) == seat else real.public())
