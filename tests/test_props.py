"""Property tests (issue 2, STYLE.md §10): random games of every preset and seat count.

At every step of a random game, driven by uniform choices among the legal actions plus
out-of-turn catches and calls, CLOSE_WINDOW and TIMEOUT: the game holds the 108 cards,
every listed action is accepted and a random unlisted one is refused without any change,
the state round-trips through JSON exactly, and no seat's view holds another seat's
cards or the draw pile's order. Separately, whole matches always end.

Hypothesis runs derandomized so that CI is repeatable; the examples and steps are
limited so that the file runs in well under a minute on two cores.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from colorcards.engine import (
    ACCEPT,
    ALL_CARDS,
    CALL,
    CHALLENGE,
    CLOSE_WINDOW,
    COLOURS,
    DRAW,
    NEXT_ROUND,
    PASS,
    PRESETS,
    TIMEOUT,
    Catch,
    Ending,
    Game,
    IllegalAction,
    NameColour,
    Rank,
    game_from_text,
    play,
)
from colorcards.engine.serial import state_to_json
from engine_helpers import DECK

SETTINGS = {"deadline": None, "derandomize": True, "suppress_health_check": [HealthCheck.too_slow],
                "phases": [Phase.explicit, Phase.reuse, Phase.generate]}
"""No shrinking: the examples are seeds, and a smaller seed is not a simpler game."""
STEPS = 90
WARMUPS = (0, 0, 150, 400, 900)
"""Unchecked random steps before the checked ones, to reach reshuffles, later rounds and
the end of the match (checking every step from the deal would spend the time budget on
first turns)."""
TURN_PHASES = ("turn", "drawn", "challenge", "name-colour")


def seat_range(key: str) -> range:
    preset = PRESETS[key]
    return range(preset.min_seats, preset.max_seats + 1)


@st.composite
def setups(draw, key: str):
    """A preset (maybe with the timer on, maybe stacking flipped), a seat count and seeds."""
    preset = PRESETS[key]
    seats = draw(st.sampled_from(seat_range(key)))
    changes = {}
    if draw(st.booleans()):
        changes["turn_timer"] = 30
    if draw(st.integers(0, 3)) == 0:
        changes["stacking"] = "off" if preset.base.stacking == "on" else "on"
        if changes["stacking"] == "on" and preset.base.draw_four == "challenge":
            changes["draw_four"] = "free"
    seed, driver = draw(st.integers(0, 2**32)), draw(st.integers(0, 2**32))
    return preset.rules(**changes), seats, seed, driver, draw(st.sampled_from(WARMUPS))


ALL_ACTIONS = (
    [play(c) for c in ALL_CARDS if not c.is_wild]
    + [play(c, col) for c in ALL_CARDS if c.is_wild for col in COLOURS]
    + [play(c, COLOURS[0]) for c in ALL_CARDS[:3]] + [play(ALL_CARDS[-1])]
    + [DRAW, PASS, ACCEPT, CHALLENGE, CALL, NEXT_ROUND, CLOSE_WINDOW, TIMEOUT]
    + [NameColour(c) for c in COLOURS]
)


def clock_allowed(game: Game, action, seat) -> bool:
    """Whether a clock action (never listed) is one the caller may apply now."""
    if action is CLOSE_WINDOW:
        return game.phase == "window"
    if action is TIMEOUT:
        return (game.rules.turn_timer > 0 and game.phase in TURN_PHASES
                and seat in (None, game.current))
    return False


def check_view_privacy(game: Game, seat: int) -> None:
    """The seat's view: its own hand, others' draws hidden, no other hand, no pile order."""
    data = game.view(seat).as_json()
    assert data["hand"] == [c.code for c in game.hands[seat]]
    assert data["hand_counts"] == [len(h) for h in game.hands]
    assert data["draw_count"] == len(game.draw_pile)
    if data["drawn"] is not None:
        assert seat == game.current
    lists = [v for v in data.values() if isinstance(v, list)]
    pile = [c.code for c in game.draw_pile]
    if len(pile) > 1:
        assert pile not in lists and pile[::-1] not in lists
    for other in range(game.seats):
        if other != seat and len(game.hands[other]) > 1:
            assert [c.code for c in game.hands[other]] not in lists
    for event in data["history"]:
        if event["kind"] == "drew" and event["seat"] != seat:
            assert event["cards"] == []
    assert "seed" not in data and "rng" not in data


def rulebook_legal(game: Game, seat: int) -> set:
    """What RULES.md allows `seat` now, worked out independently of the engine's code."""
    phase, rules, cur, v = game.phase, game.rules, game.current, game.vulnerable
    if phase == "round-over":
        return set()
    if phase == "match-over":
        return set()
    out = set()
    if seat != cur or phase == "window":
        # Out of turn (and in the window, where the offender is the seat to act): only
        # a seat still to answer the missed call, the offender calling, the others
        # catching; one that let the chance go by has nothing left to do.
        if v is None or seat not in game.reactions:
            return out
        return {CALL} if seat == v else {Catch(v)}
    if v is not None and seat != v:
        out.add(Catch(v))
    hand = game.hands[seat]
    if phase == "challenge":
        return out | {CHALLENGE, ACCEPT}
    if phase == "name-colour":
        return out | {NameColour(c) for c in COLOURS}
    if seat == v or (len(hand) == 2 and not game.called[seat] and rules.last_card != "auto"):
        out.add(CALL)
    top, active = game.discard[-1], game.active_colour
    holds_active = any(c.colour is active for c in hand)
    four_ok = rules.draw_four != "restricted" or not holds_active

    def plays(card):
        if card.is_wild:
            return {play(card, c) for c in COLOURS}
        return {play(card)}

    if phase == "drawn":  # the drawn card, if it can be played; keeping it always
        card = game.drawn
        playable = card.is_wild or card.colour is active or card.rank is top.rank
        if card.rank.value == "W+4":
            playable = four_ok
        return out | (plays(card) if playable else set()) | {PASS}
    if game.pending:
        for card in hand:
            if card.rank.value == "W+4" and four_ok:
                out |= plays(card)
            elif card.rank.value == "+2" and top.rank.value == "+2":
                out |= plays(card)
        return out | {ACCEPT}
    playable = set()
    for card in hand:
        if card.rank.value == "W+4":
            if four_ok:
                playable |= plays(card)
        elif card.is_wild or card.colour is active or card.rank is top.rank:
            playable |= plays(card)
    out |= playable
    if game.draw_pile or len(game.discard) > 1:
        if not playable or rules.draw == "any-time":
            out.add(DRAW)
    elif not playable:
        out.add(PASS)
    return out


def check_step(game: Game, rng: random.Random) -> None:
    """The invariants that hold between any two actions."""
    assert game.cards_in_play() == DECK
    for h in game.hands:
        assert [c.index for c in h] == sorted(c.index for c in h)
    text = game.dumps()
    written = (tuple(game.history), tuple(game.actions))
    loaded = game_from_text(text)
    seat = rng.randrange(game.seats)
    for s in {seat, game.current}:
        listed = game.legal_actions(s)
        assert len(set(listed)) == len(listed)
        assert set(listed) == rulebook_legal(game, s), (game.phase, s)
        for action in listed:
            assert game.can_apply(action, s), (action, s)
    for action in game.legal_actions():
        assert game.can_apply(action)
    check_view_privacy(game, seat)
    # A random action that is not listed for that seat is refused and changes nothing:
    # neither the game nor its copy loaded from `text`. The copy's whole JSON is compared
    # (which is also the round trip's check); the game's state without its logs, and its
    # logs by length and last entry. (Writing the logs out is most of a step's cost, and
    # they are only ever appended to.)
    for _ in range(3):
        action = rng.choice([*ALL_ACTIONS, Catch(rng.randrange(game.seats))])
        if action in game.legal_actions(seat) or clock_allowed(game, action, seat):
            continue
        if seat == game.current and game.phase not in ("round-over", "match-over") \
                and action in game.legal_actions():
            continue
        if game.phase in ("round-over",) and action is NEXT_ROUND:
            continue
        head = state_to_json(game, logs=False)
        logs = (len(game.history), len(game.actions), game.history[-1:], game.actions[-1:])
        with pytest.raises(IllegalAction):
            game.apply(action, seat)
        assert state_to_json(game, logs=False) == head
        assert (len(game.history), len(game.actions), game.history[-1:],
                game.actions[-1:]) == logs
        with pytest.raises(IllegalAction):
            loaded.apply(action, seat)
        break
    # The round trip: the copy loaded from `text` is the game as it was written. Its state
    # without the logs is written out the same (the game's is unchanged, checked above),
    # and its logs are equal, event by event and action by action, to the logs written:
    # each is a frozen value whose JSON is made from its fields alone, so equal values are
    # written out the same (and a field the JSON loses shows here even where its default
    # would be written back the same).
    assert state_to_json(loaded, logs=False) == state_to_json(game, logs=False)
    assert (tuple(loaded.history), tuple(loaded.actions)) == written


def choose(game: Game, rng: random.Random, eager: bool = False):
    """One random move as (action, seat): maybe an out-of-turn reaction, a clock action,
    else one of the legal actions of the seat to act (seat None).

    `eager` plays a card whenever one can be played (nine times in ten): uniform choices
    draw so often that a play-on round between two random players can last many
    thousands of turns, which says nothing about the engine."""
    if game.phase == "round-over":
        return NEXT_ROUND, None
    if game.vulnerable is not None and rng.random() < 0.4:
        seats = [s for s in range(game.seats) if s != game.current and game.legal_actions(s)]
        if seats:
            s = rng.choice(seats)
            return rng.choice(game.legal_actions(s)), s
    if game.phase == "window":
        if rng.random() < 0.5:
            return CLOSE_WINDOW, None
    elif game.rules.turn_timer and rng.random() < (0.02 if eager else 0.1):
        return TIMEOUT, None
    legal = game.legal_actions()
    if eager and rng.random() < 0.9:
        plays = [a for a in legal if a.kind in ("play", "name-colour", "accept")]
        if plays:
            legal = plays
    return rng.choice(legal), None


def step(game: Game, rng: random.Random, eager: bool = False) -> None:
    """Apply one random move."""
    action, seat = choose(game, rng, eager)
    game.apply(action, seat)


def rulebook_after_play(game: Game, action):
    """What RULES.md §4 says follows a play that leaves the player holding cards and opens
    no Last Card window: (seat to act, direction, pending, phase, cards the victim draws).
    None for the cases other tests cover (going out, the window)."""
    seat, rules, card = game.current, game.rules, action.card
    hand = list(game.hands[seat])
    hand.remove(card)
    if not hand:
        return None
    missed = (len(hand) == 1 and rules.last_card == "catch" and not game.called[seat])
    if missed and rules.last_card_window:
        return None
    seats, d = game.seats, game.direction
    holding = [bool(h) for h in game.hands]

    def after(s, direction):
        s = (s + direction) % seats
        while not holding[s]:
            s = (s + direction) % seats
        return s

    rank = card.rank.value
    nxt = after(seat, d)
    if rank == "S":
        return after(nxt, d), d, 0, "turn", 0
    if rank == "R":
        if sum(holding) == 2:
            return after(nxt, d), d, 0, "turn", 0
        return after(seat, -d), -d, 0, "turn", 0
    if rank in ("+2", "W+4"):
        size = 2 if rank == "+2" else 4
        if rules.stacking == "on":
            return nxt, d, game.pending + size, "turn", 0
        if rank == "W+4" and rules.draw_four == "challenge":
            return nxt, d, 0, "challenge", 0
        return after(nxt, d), d, 0, "turn", size
    return nxt, d, game.pending, "turn", 0


def available(game: Game) -> int:
    """How many cards a seat could draw now (the pile, and the discard pile bar its top)."""
    return len(game.draw_pile) + len(game.discard) - 1


def rulebook_check_after(game: Game, action, seat):
    """A check (called after the action) of what RULES.md says draw, accept, pass, a catch
    and going out do; None for actions other checks cover."""
    cur, kind = game.current, action.kind
    counts = [len(h) for h in game.hands]
    can_draw = available(game)
    seats, d = game.seats, game.direction
    holding = [bool(h) for h in game.hands]

    def after(s):
        s = (s + d) % seats
        while not holding[s]:
            s = (s + d) % seats
        return s

    if kind == "draw":
        hand = list(game.hands[cur])
        top, colour = game.discard[-1], game.active_colour

        def check():
            drawn = list((Counter(game.hands[cur]) - Counter(hand)).elements())
            assert len(game.hands[cur]) == counts[cur] + 1 and len(drawn) == 1
            card = drawn[0]
            matches = card.colour == colour or card.rank == top.rank
            if game.phase == "drawn":  # it can be played: the seat decides on it
                assert (game.current, game.drawn) == (cur, card)
                assert matches or card.colour is None
            else:  # it cannot: kept at once, recorded as a keep (Drew, then Passed)
                assert (game.current, game.drawn) == (after(cur), None)
                assert [e.kind for e in game.history[-2:]] == ["drew", "passed"]
                # (a Wild Draw Four may be held back by the Draw Four rule)
                assert card.rank is Rank.WILD_DRAW_FOUR or not (matches or card.colour is None)
        return check
    if kind == "accept":
        owed = 4 if game.phase == "challenge" else game.pending

        def check():
            assert len(game.hands[cur]) == counts[cur] + min(owed, can_draw)
            assert game.pending == 0 and game.current == after(cur) and game.phase == "turn"
        return check
    if kind == "pass" and game.phase == "drawn":
        def check():
            assert [len(h) for h in game.hands] == counts
            assert game.current == after(cur) and game.phase == "turn"
        return check
    if kind == "catch":
        offender, penalty = action.seat, game.rules.last_card_penalty

        def check():
            assert len(game.hands[offender]) == counts[offender] + min(penalty, can_draw)
            assert game.vulnerable is None
        return check
    if kind == "play" and counts[cur] == 1 and game.rules.round_end == "first-out":
        rank = action.card.rank.value

        def check():
            assert game.phase in ("round-over", "match-over") and game.out == [cur]
            victim = after(cur)
            if rank in ("+2", "W+4") and can_draw:
                assert len(game.hands[victim]) > counts[victim]
            assert game.results[-1].points == sum(c.points for h in game.hands for c in h)
        return check
    return None


def check_play_effect(game: Game, action, expected, before_counts) -> None:
    """The play did what RULES.md says: top card, colour, next seat, direction, penalty."""
    current, direction, pending, phase, victim_draws = expected
    assert game.top is action.card
    assert game.active_colour is (action.colour or action.card.colour)
    assert (game.current, game.direction, game.pending, game.phase) == (
        current, direction, pending, phase), action
    if victim_draws:
        victim = [s for s in range(game.seats) if len(game.hands[s]) > before_counts[s]]
        assert victim, action


def drive_checked(setup) -> None:
    ruleset, seats, seed, driver, warmup = setup
    game = Game(ruleset, seats, seed)
    rng = random.Random(driver)
    for _ in range(warmup):
        if game.is_over:
            break
        step(game, rng)
    for _ in range(STEPS):
        check_step(game, rng)
        if game.is_over:
            break
        before = len(game.actions)
        action, seat = choose(game, rng)
        expected = None
        if action.kind == "play" and game.phase in ("turn", "drawn"):
            expected = rulebook_after_play(game, action)
            counts = [len(h) for h in game.hands]
        check_after = rulebook_check_after(game, action, seat)
        game.apply(action, seat)
        assert len(game.actions) == before + 1
        if check_after is not None:
            check_after()
        if expected is not None:
            check_play_effect(game, action, expected, counts)


@pytest.mark.parametrize("key", list(PRESETS))
def test_random_games_keep_the_invariants(key):
    """108 cards, legal actions accepted, others refused unchanged, JSON exact, views private."""

    @settings(max_examples=10, **SETTINGS)
    @given(setups(key))
    def run(setup):
        drive_checked(setup)

    run()


def test_color_cards_at_every_table_size():
    """Color Cards from 2 to 10 seats keeps the invariants."""

    @settings(max_examples=9, **SETTINGS)
    @given(st.integers(2, 10), st.integers(0, 2**32), st.integers(0, 2**32))
    def run(seats, seed, driver):
        drive_checked((PRESETS["color-cards"].rules(), seats, seed, driver, 0))

    run()


MAX_ACTIONS = 60_000


@pytest.mark.parametrize("key", list(PRESETS))
def test_every_match_ends(key):
    """Whole matches (every round) of random, play-preferring moves end within a generous cap."""

    @settings(max_examples=6, **SETTINGS)
    @given(setups(key))
    def run(setup):
        ruleset, seats, seed, driver, _ = setup
        game = Game(ruleset, seats, seed)
        rng = random.Random(driver)
        while not game.is_over:
            assert len(game.actions) < MAX_ACTIONS, "the match did not end"
            step(game, rng, eager=True)
        assert game.phase == "match-over" and game.current_seat is None
        assert game.legal_actions() == () and all(not game.legal_actions(s) for s in range(seats))
        assert game.cards_in_play() == DECK
        assert len(game.results) == game.round
        for result in game.results:
            assert sorted(result.order) == list(range(seats))
        if ruleset.match == "single":
            assert game.round == 1
        outcome = game.outcome()
        assert outcome.winners == game.winners and outcome.rounds == game.round
        assert list(outcome.scores) == game.scores
        assert (outcome.ending is Ending.STALEMATE) == (not game.winners)

    run()


def test_random_games_with_challenges_windows_and_timers():
    """The rarer states (challenge, Last Card window, timer) under every invariant above."""

    @settings(max_examples=8, **SETTINGS)
    @given(st.sampled_from(["party", "classic", "duel"]), st.integers(0, 2**32),
           st.integers(0, 2**32), st.sampled_from((0, 200, 500)))
    def run(key, seed, driver, warmup):
        ruleset = PRESETS[key].rules(stacking="off", draw_four="challenge", last_card="catch",
                                     last_card_window=3, turn_timer=30)
        seats = min(PRESETS[key].max_seats, 2 + seed % 5)
        drive_checked((ruleset, seats, seed, driver, warmup))

    run()
