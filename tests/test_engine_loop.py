"""The one game loop (`next_decision`), cheap copies, and games dealt from a view."""

from __future__ import annotations

import random

import pytest

from colorcards.engine import (
    CALL,
    CLOSE_WINDOW,
    DECLINE,
    NEXT_ROUND,
    PRESETS,
    Catch,
    Colour,
    Decision,
    DecisionKind,
    Game,
    IllegalAction,
    Play,
    deal_from_view,
    game_from_json,
    next_choice,
    next_decision,
    position_from_text,
    position_text,
)
from engine_helpers import DECK, position, rules

CASES = [(key, seats) for key in PRESETS for seats in (2, 3, PRESETS[key].max_seats)
         if PRESETS[key].min_seats <= seats <= PRESETS[key].max_seats]


def drive(game: Game, rng: random.Random, limit: int = 20_000) -> list:
    """Play `game` to its end through `next_decision`, at random but calling Last Card
    or playing a card whenever it may (so that games end soon); the decisions."""
    seen = []
    for _ in range(limit):
        decision = next_decision(game)
        if decision is None:
            return seen
        seen.append(decision)
        choices = [a for a in decision.actions if isinstance(a, Play) or a is CALL]
        choices = choices or list(decision.actions)
        game.apply(choices[int(rng.random() * len(choices))], decision.seat)
    raise AssertionError("the match did not end")


def test_the_loop_offers_exactly_the_legal_choices():
    """Turns list `legal_actions()`; reactions and jump-in offers the seat's legal
    actions and DECLINE; the table's steps (window, deal) have no seat and one action;
    the end is None."""
    kinds = set()
    for seed in range(12):
        house = {"jump_in": "on", "seven_zero": "on"} if seed % 2 else {}
        game = Game(rules("classic", round_end="first-out", match="rounds:3", **house), 4, seed)
        rng = random.Random(seed)
        while (d := next_decision(game)) is not None:
            kinds.add(d.kind)
            if d.kind is DecisionKind.TURN:
                assert d.seat == game.current and d.actions == game.legal_actions()
            elif d.kind is DecisionKind.REACTION:
                assert game.vulnerable is not None and d.actions[-1] is DECLINE
                assert d.actions[:-1] == game.legal_actions(d.seat)
            elif d.kind is DecisionKind.JUMP:
                assert d.seat != game.current and d.actions[-1] is DECLINE
                assert d.actions[:-1] == game.legal_actions(d.seat)
                assert game.legal_actions(game.current) == ()  # the offer comes first
            elif d.kind is DecisionKind.WINDOW:
                assert d.seat is None and d.actions == (CLOSE_WINDOW,) and game.phase == "window"
            else:
                assert d.seat is None and d.actions == (NEXT_ROUND,)
                assert game.phase == "round-over"
            game.apply(d.actions[int(rng.random() * len(d.actions))], d.seat)
        assert game.is_over and game.outcome() is not None
    assert kinds == set(DecisionKind)


def test_next_choice_is_next_decision_as_a_plain_tuple():
    """`next_choice` names the decision `next_decision` names, field for field, at every
    step of games under every preset and with the house rules; `next_decision` always
    gives a `Decision`, whose names its callers read."""
    kinds = set()
    for index, (key, seats) in enumerate(CASES):
        house = {"jump_in": "on", "seven_zero": "on"} if index % 2 else {}
        game = Game(rules(key, **house), seats, index)
        rng = random.Random(index)
        while (choice := next_choice(game)) is not None:
            decision = next_decision(game)
            assert type(decision) is Decision and decision == choice
            kind, seat, actions = choice
            assert (kind, seat, actions) == (decision.kind, decision.seat, decision.actions)
            kinds.add(kind)
            game.apply(actions[int(rng.random() * len(actions))], seat)
        assert next_decision(game) is None
    assert kinds == set(DecisionKind)


def test_an_action_not_listed_for_the_seat_is_refused_after_the_choice_is_named():
    """`step` trusts an action only if the choice just named lists it for that seat:
    one listed for another seat, or not listed at all, is checked and refused."""
    game = Game(rules("classic"), 3, 4)
    kind, seat, actions = next_choice(game)  # type: ignore[misc]
    assert kind is DecisionKind.TURN and seat is not None
    held = set(game.hands[seat])
    unlisted = next(Play(c) for c in DECK if not c.is_wild and c not in held)
    for action, who in ((actions[0], (seat + 1) % 3), (unlisted, seat), (unlisted, None)):
        with pytest.raises(IllegalAction):
            game.step(action, who)
        assert game.actions == [] and next_choice(game) == (kind, seat, actions)


def test_reactions_ask_the_offender_first_then_the_others_in_seat_order():
    """Seat 2 plays down to one card without a call (catch, no window): seat 2 is asked
    first, then 0 and 1; seat 3, whose turn it is, catches on its turn if it likes."""
    game = position("top=R3 | a: G1 G2 | b: G3 G4 | c: R5 R7 | d: B1 B2",
                    rules("classic", last_card_window=0), current=2)
    game.apply(position_play(game, "R5"))
    order = []
    while (d := next_decision(game)).kind is DecisionKind.REACTION:
        order.append(d.seat)
        assert d.actions == ((CALL,) if d.seat == 2 else (Catch(2),)) + (DECLINE,)
        game.apply(DECLINE, d.seat)
    assert order == [2, 0, 1]
    assert d.kind is DecisionKind.TURN and d.seat == 3 and Catch(2) in d.actions
    with pytest.raises(IllegalAction):
        game.apply(DECLINE, 0)  # nobody is being asked any more


def test_with_a_window_the_seat_to_act_is_asked_too_and_then_the_window_closes():
    game = position("top=R3 | a: G1 G2 | b: G3 G4 | c: R5 R7 | d: B1 B2",
                    rules("classic", last_card_window=3), current=2)
    game.apply(position_play(game, "R5"))
    order = []
    while (d := next_decision(game)).kind is DecisionKind.REACTION:
        order.append(d.seat)
        game.apply(DECLINE, d.seat)
    assert order == [2, 3, 0, 1]
    assert d.kind is DecisionKind.WINDOW
    game.apply(CLOSE_WINDOW)
    assert next_decision(game).seat == 3


def test_a_catch_ends_the_reactions():
    game = position("top=R3 | a: G1 G2 | b: G3 G4 | c: R5 R7 | d: B1 B2",
                    rules("classic", last_card_window=0), current=2)
    game.apply(position_play(game, "R5"))
    game.apply(DECLINE, 2)
    game.apply(Catch(2), 0)
    assert len(game.hands[2]) == 3
    d = next_decision(game)
    assert d.kind is DecisionKind.TURN and d.seat == 3


def test_a_decline_is_only_for_the_seat_being_asked():
    game = position("top=R3 | a: G1 G2 | b: G3 G4 | c: R5 R7 | d: B1 B2",
                    rules("classic", last_card_window=0), current=2)
    with pytest.raises(IllegalAction):
        game.apply(DECLINE, 0)  # nothing to react to
    game.apply(position_play(game, "R5"))
    with pytest.raises(IllegalAction):
        game.apply(DECLINE, 0)  # seat 2 is asked first


def test_old_action_lists_without_declines_replay_unchanged():
    """A log written before DECLINE existed (no declines) replays: taking a turn ends
    the reactions, as the drivers of the time did."""
    for seed in range(8):
        game = Game(rules("classic", match="rounds:3"), 4, seed)
        drive(game, random.Random(seed))
        old = [(s, a) for s, a in game.actions if a is not DECLINE]
        again = Game.replay(game.rules, 4, seed, old)
        assert again.dumps() != "" and again.is_over
        assert again.scores == game.scores and again.winners == game.winners


def test_a_save_made_before_the_loop_resumes_with_the_reactions_offered_again():
    """Saves written by earlier versions have no `reactions`: a loaded game that has a
    seat to catch asks everyone again, offender first (what the drivers then did)."""
    game = position("top=R3 | a: G1 G2 | b: G3 G4 | c: R5 R7 | d: B1 B2",
                    rules("classic", last_card_window=0), current=2)
    game.apply(position_play(game, "R5"))
    data = game.to_json()
    del data["reactions"]
    loaded = game_from_json(data)
    assert loaded.reactions == (2, 0, 1)
    assert next_decision(loaded).seat == 2


@pytest.mark.parametrize("key,seats", CASES)
def test_a_copy_plays_on_exactly_like_the_game(key, seats):
    """A copy continues exactly as the game does (same generator state), and nothing
    done to the copy reaches the game."""
    game = Game(PRESETS[key].rules(), seats, seed=seats * 31)
    rng = random.Random(5)
    for _ in range(40):
        d = next_decision(game)
        if d is None:
            break
        game.apply(d.actions[int(rng.random() * len(d.actions))], d.seat)
    before = game.dumps()
    copy = game.copy()
    assert copy.history == [] and copy.actions == []
    a, b = random.Random(9), random.Random(9)
    drive(copy, a)
    assert game.dumps() == before
    drive(game, b)
    assert copy.scores == game.scores and copy.winners == game.winners
    assert copy.cards_in_play() == DECK


def _views_along(key: str, seats: int, seed: int, steps: int):
    """(game, view of each seat) at several points of a random game."""
    game = Game(PRESETS[key].rules(), seats, seed)
    rng = random.Random(seed)
    for step in range(steps):
        d = next_decision(game)
        if d is None:
            return
        if step % 7 == 0:
            yield game, [game.view(s) for s in range(seats)]
        game.apply(d.actions[int(rng.random() * len(d.actions))], d.seat)


@pytest.mark.parametrize("key,seats", CASES)
def test_a_dealt_game_keeps_what_the_view_shows_and_plays_to_the_end(key, seats):
    checked = 0
    for game, views in _views_along(key, seats, seed=seats + 3, steps=300):
        checked += 1
        for view in views:
            dealt = deal_from_view(view, random.Random(11))
            assert dealt.cards_in_play() == DECK
            again = dealt.view(view.seat)
            for name in ("phase", "current", "hand", "hand_counts", "discard", "draw_count",
                         "active_colour", "direction", "pending", "drawn", "called",
                         "vulnerable", "challenge_from", "out", "lacks", "scores",
                         "table_points", "round", "dealer", "turns", "winners",
                         "stuck_passes", "after_window", "reactions", "results"):
                assert getattr(again, name) == getattr(view, name), name
            assert again.history == ()  # a play-out's dealt game reads no history
            whole = deal_from_view(view, random.Random(12), lacks=False, history=True)
            assert whole.view(view.seat).as_json() == view.as_json()
            assert whole.view(view.seat).history == view.history
            assert next_decision(dealt) is not None or game.is_over
            drive(dealt, random.Random(3))
            assert dealt.is_over and dealt.cards_in_play() == DECK
    assert checked >= 3  # the game was looked at along the way


def test_a_dealt_game_holds_nothing_the_view_lacked():
    """Two games that differ only in cards seat 0 cannot see give seat 0 the same view,
    and the same generator deals the same game from either."""
    checked = 0
    for seed in range(20):
        game = Game(rules("classic", match="rounds:3"), 4, seed)
        drive_some(game, random.Random(seed), 25)
        if game.is_over or game.phase == "round-over" or (
                game.phase == "drawn" and game.current != 0):
            continue  # (another seat's drawn card is in the hand the test swaps away)
        # The same position with the cards seat 0 cannot see swapped around: seat 1's
        # and seat 2's hands and the draw pile's order.
        hidden = game.hands[1] + game.hands[2] + game.draw_pile
        random.Random(seed + 1).shuffle(hidden)
        n1, n2 = len(game.hands[1]), len(game.hands[2])
        swapped = {"s1": hidden[:n1], "s2": hidden[n1:n1 + n2], "pile": hidden[n1 + n2:][::-1]}
        segments = []
        for segment in position_text(game).split(" | "):
            label = segment.partition(":")[0]
            if label in swapped:
                segment = f"{label}: " + (" ".join(c.code for c in swapped[label]) or "-")
            segments.append(segment)
        other = position_from_text(" | ".join(segments))
        assert other.view(0).hand == game.view(0).hand and other.hands != game.hands
        if game.view(0).lacks != other.view(0).lacks:
            continue
        a = deal_from_view(game.view(0), random.Random(42))
        b = deal_from_view(other.view(0), random.Random(42))
        assert a.dumps() == b.dumps()
        assert a.hands != game.hands or a.draw_pile != game.draw_pile
        checked += 1
    assert checked >= 10


def test_a_dealt_game_keeps_seats_off_the_colours_they_drew_on():
    game = position("top=R3 | a: R5 R7 | b: G1 G2 G3 | c: B1 B2 | d: Y1 Y2",
                    rules("classic"), current=0, lacks={1: [Colour.RED]})
    assert game.active_colour is Colour.RED and game.lacks[1] == {Colour.RED}
    view = game.view(0)
    for k in range(20):
        dealt = deal_from_view(view, random.Random(k))
        assert all(c.colour is not game.active_colour for c in dealt.hands[1])


def drive_some(game: Game, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        d = next_decision(game)
        if d is None:
            return
        game.apply(d.actions[int(rng.random() * len(d.actions))], d.seat)


def position_play(game: Game, code: str):
    """The Play action of the card `code` from the legal actions of the seat to act."""
    return next(a for a in game.legal_actions() if getattr(a, "card", None)
                and a.card.code == code)


def test_step_is_apply_without_the_events():
    """The simulator's `step` takes the same path as `apply`: the same choices leave the
    same game, history and action log included; it refuses what apply refuses."""
    for seed in range(6):
        games = [Game(rules("classic", match="rounds:3"), 3, seed) for _ in range(2)]
        choices = random.Random(seed)
        while (d := next_decision(games[0])) is not None:
            action = d.actions[int(choices.random() * len(d.actions))]
            events = games[0].apply(action, d.seat)
            history = len(games[1].history)
            assert games[1].step(action, d.seat) is None
            assert games[1].history[history:] == events
        assert games[1].is_over and games[1].to_json() == games[0].to_json()
    game = Game(rules("classic"), 2, 1)
    with pytest.raises(IllegalAction):
        game.step(DECLINE, 1)  # nothing to react to
    assert game.actions == []
