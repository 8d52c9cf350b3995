"""Issue 2: versioned JSON round-trips, clear errors on bad saves, replay from seed + actions,
and views that hold only what their seat may know."""

import json
import random

import pytest

from colorcards.engine import (
    CLOSE_WINDOW,
    NEXT_ROUND,
    TIMEOUT,
    Game,
    StateError,
    game_from_json,
    game_from_text,
    next_decision,
)
from colorcards.session.wording import Words
from engine_helpers import A, check_108, position, rules, run

WORDS = Words([f"Seat {s}" for s in range(10)], "classic")
"""The table's words (the engine has none of its own)."""


def random_game(preset="color-cards", seats=4, seed=5, steps=300, **changes):
    """A game driven `steps` actions by uniform random legal choices (plus catches)."""
    game = Game(rules(preset, **changes), seats, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        if game.vulnerable is not None and rng.random() < 0.5:
            others = [s for s in range(seats) if game.legal_actions(s) and s != game.current]
            if others:
                s = rng.choice(others)
                game.apply(rng.choice(game.legal_actions(s)), s)
                continue
        if game.phase == "window":
            game.apply(CLOSE_WINDOW)
            continue
        if game.offers:  # a jump-in offer comes before the next player acts
            decision = next_decision(game)
            game.apply(rng.choice(decision.actions), decision.seat)
            continue
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize("preset, seats", [("color-cards", 4), ("classic", 3), ("duel", 2),
                                           ("colour-match", 6), ("family-night", 5)])
def test_round_trip_is_exact(preset, seats):
    """dumps → loads → dumps gives the same text, and both copies play on identically."""
    game = random_game(preset, seats, steps=120)
    text = game.dumps()
    copy = game_from_text(text)
    assert copy.dumps() == text and copy.to_json() == game.to_json()
    rng = random.Random(1)
    for _ in range(150):
        if game.is_over:
            break
        if game.phase == "window":
            action = CLOSE_WINDOW
        else:
            action = rng.choice(game.legal_actions())
        game.apply(action)
        copy.apply(action)
    assert copy.dumps() == game.dumps()


def test_saved_state_is_json_not_pickle():
    """The save is plain JSON with a format name and a version."""
    data = json.loads(random_game(steps=10).dumps())
    assert data["format"] == "colorcards-game" and data["version"] == 1


def test_round_trip_of_a_built_position():
    """Positions in every phase survive the round trip (drawn card, window, challenge)."""
    for game in [
        position("top=R3 | you: R5 G1 | lily: G2 | zoe: Y1", rules("classic")),
        position("top=R3 | you: B5 G1 | lily: G2 | pile: R9 ...", rules(stacking="off")),
        position("top=W+4 colour=blue | you: B5 G1 | lily: G2 G3",
                 rules("party", draw_four="challenge"), phase="challenge", challenge_from=1,
                 challenge_bluff=True),
    ]:
        for step in (None, "R5", "draw"):
            if step is not None and game.can_apply(A(step)):
                run(game, step)
            assert game_from_text(game.dumps()).dumps() == game.dumps()


def corrupt(edit):
    data = json.loads(random_game(steps=30).dumps())
    edit(data)
    return json.dumps(data)


def _set(key, value):
    def edit(data):
        data[key] = value
    return edit


@pytest.mark.parametrize("text_or_edit, message", [
    ("{", "not valid JSON"),
    ("[]", "not a JSON object"),
    ("null", "not a JSON object"),
    ('{"format": "chess"}', "not a colorcards saved game"),
    (_set("version", 2), "newer colorcards"),
    (_set("version", 0), "unknown saved-game format version"),
    (_set("version", "1"), "unknown saved-game format version"),
    (_set("seats", 11), "2 to 10 seats"),
    (_set("direction", 0), "direction must be 1 or -1"),
    (_set("phase", "lunch"), "unknown phase"),
    (_set("current", 9), "not a seat"),
    (_set("rules", {"stacking": "maybe"}), "inconsistent"),
    (_set("rules", {"stacking": "on", "draw_four": "challenge"}), "stacking off"),
    (lambda d: d.pop("hands"), "damaged"),
    (lambda d: d["draw_pile"].pop(), "107 cards instead of 108"),
    (lambda d: d["draw_pile"].append("W"), "109 cards instead of 108"),
    (lambda d: d["hands"][1].append("X9"), "damaged"),
])
def test_bad_saves_raise_clear_state_errors(text_or_edit, message):
    """Malformed, foreign, newer or inconsistent saves raise StateError with a plain reason."""
    text = text_or_edit if isinstance(text_or_edit, str) else corrupt(text_or_edit)
    with pytest.raises(StateError, match=message):
        game_from_text(text)


def test_a_card_twice_is_refused():
    """A save where a card appears more often than the deck has it is refused."""
    data = json.loads(random_game(steps=30).dumps())
    everything = [c for h in data["hands"] for c in h] + data["draw_pile"] + data["discard"]
    assert everything.count("R0") == 1
    victim = data["draw_pile"][0] if data["draw_pile"][0] != "R0" else data["draw_pile"][1]
    data["draw_pile"].remove(victim)
    data["draw_pile"].append("R0")
    with pytest.raises(StateError, match="Red 0 appears 2 times"):
        game_from_json(data)


def test_other_version_message_names_both():
    """A newer save says which format it is and which this version reads."""
    data = json.loads(random_game(steps=5).dumps())
    data["version"] = 7
    with pytest.raises(StateError, match=r"format 7; this version reads 1"):
        game_from_json(data)


@pytest.mark.parametrize("preset, seats, seed", [
    ("color-cards", 4, 1), ("classic", 5, 2), ("duel", 2, 3), ("party", 8, 4),
    ("colour-match", 10, 5), ("family-night", 3, 6),
])
def test_replay_from_seed_and_actions(preset, seats, seed):
    """The seed plus the list of actions replays the game exactly."""
    game = random_game(preset, seats, seed, steps=400)
    again = Game.replay(game.rules, game.seats, game.seed, game.actions)
    assert again.dumps() == game.dumps()


def test_same_seed_same_deal():
    """The same seed always deals the same game; another seed another."""
    a, b, c = Game(rules(), 4, 99), Game(rules(), 4, 99), Game(rules(), 4, 100)
    assert a.dumps() == b.dumps() and a.dumps() != c.dumps()


def test_unseeded_games_record_their_seed():
    """Without a seed the game picks one from secure randomness and records it."""
    a, b = Game(rules(), 4), Game(rules(), 4)
    assert isinstance(a.seed, int) and a.seed != b.seed
    assert Game(rules(), 4, a.seed).hands == a.hands


def test_replay_with_timeouts_and_windows():
    """Clock actions are part of the replay log like any other action."""
    game = random_game("classic", 4, 8, steps=300, turn_timer=30)
    rng = random.Random(3)
    for _ in range(60):
        if game.is_over:
            break
        if game.phase == "window":
            game.apply(CLOSE_WINDOW)
        elif game.phase == "round-over":
            game.apply(NEXT_ROUND)
        elif rng.random() < 0.3:
            game.apply(TIMEOUT)
        else:
            game.apply(rng.choice(game.legal_actions()))
    assert any(a is TIMEOUT for _, a in game.actions)
    assert Game.replay(game.rules, 4, game.seed, game.actions).dumps() == game.dumps()
    check_108(game)


def test_every_event_describes_itself_and_round_trips():
    """Events say what happened in words, hide drawn cards in public, and survive JSON."""
    from colorcards.engine.events import EVENT_TYPES, event_from_json
    seen = set()
    games = [random_game(preset, seats, seed, steps=2500, **extra)
             for preset, seats, seed, extra in (("classic", 4, 3, {}),
                                                ("party", 3, 4, {"draw_four": "challenge",
                                                                 "match": "rounds:5"}),
                                                ("color-cards", 5, 5, {"match": "rounds:3"}),
                                                ("classic", 4, 6, {"jump_in": "on",
                                                                   "seven_zero": "on"}))]
    timed = position("top=W | you: R5 G1 | lily: G2", rules(turn_timer=30), phase="name-colour")
    run(timed, "timeout")
    named = position("top=W | you: R5 G1 | lily: G2", rules(), phase="name-colour")
    run(named, "name:blue")
    challenged = position("top=R3 | you: W+4 R5 G1 | lily: G2 G3",
                          rules("party", draw_four="challenge"))
    run(challenged, "W+4:blue", "challenge")
    window = position("top=R3 | you: R5 G1 | lily: G2 G3 | zoe: B1 | pile: | rest=zoe",
                      rules("classic"))
    run(window, "R5", "close", "2>catch:0")
    games += [timed, named, challenged, window]
    for game in games:
        for event in game.history:
            seen.add(event.kind)
            text = WORDS.sentence(event)
            assert isinstance(text, str) and text.strip() and "None" not in text
            assert event_from_json(event.as_json()) == event
            public = event.public()
            if event.kind == "drew":
                assert public.cards == () and public.count == event.count
            else:
                assert public == event
    assert seen == set(EVENT_TYPES), set(EVENT_TYPES) - seen


def test_a_time_out_is_said_once():
    """'ran out of time' is the time-out's own event; the draw that follows does not repeat it."""
    game = position("top=R3 | you: B7 G1 | lily: G2", rules(turn_timer=30))
    events = game.apply(TIMEOUT)
    words = " ".join(WORDS.sentence(e) for e in events)
    assert words.count("time") == 1 and "drew a card" in words


def test_a_save_written_before_the_house_rules_loads_as_it_was():
    """A save of an earlier colorcards has no jump-in offers, no knowledge of other hands
    and no house rule among its options: it loads, and plays on, as it did."""
    game = random_game("classic", 4, steps=80)
    data = json.loads(game.dumps())
    assert "seven_zero" not in data["rules"]  # a house rule that is off is not written
    for key in ("offers", "known"):
        del data[key]
    old = game_from_json(data)
    assert old.to_json() == game.to_json()
    assert old.offers == () and old.known is None
    while not old.is_over:
        decision = next_decision(old)
        old.step(decision.actions[0], decision.seat)
