"""The review: weighed only from what the player could see, deterministic for a fixed
generator, worded as a player reads it, kept as JSON, and stoppable at any time."""

import random

import pytest

from colorcards.engine import DRAW, PASS, Colour, Game, deal_from_view, parse_card, play
from colorcards.replay.kept import KeptGame, kept_from_game
from colorcards.replay.review import (
    NOTICEABLE,
    Judged,
    Review,
    decisions,
    moment_words,
    review,
    summary_words,
    weigh,
)
from history_helpers import new_game, step

PLAN = (("color-cards", 4, "hard"),)


@pytest.fixture(scope="module")
def kept() -> KeptGame:
    """A finished Color Cards game between Hard players (seed 5001)."""
    game, _, players = new_game(0, 5001, plan=PLAN)
    rng = random.Random(1)
    while not game.is_over:
        step(game, players, rng)
    return kept_from_game(game, difficulty="hard", preset="color-cards", game_id="g")


def _redealt(kept: KeptGame, index: int, seed: int) -> Game:
    """The game just before action `index`, with every card the player cannot see
    (the other hands and the draw pile) dealt again at random, hand sizes and the
    history kept (the engine's `deal_from_view`)."""
    game = Game.replay(kept.rules, kept.seats, kept.seed, kept.actions[:index])
    return deal_from_view(game.view(0), random.Random(seed), lacks=False, history=True)


def test_re_dealing_the_unseen_cards_leaves_the_review_unchanged(kept):
    """At each decision, other hands and the draw pile dealt again: the player's view is
    the same, and so is every option's weighed chance (for the same generator)."""
    todo = decisions(kept)
    assert len(todo) >= 4
    for number, (index, view, made, _) in enumerate(todo[:4]):
        other = _redealt(kept, index, seed=number + 99)
        real = Game.replay(kept.rules, kept.seats, kept.seed, kept.actions[:index])
        assert other.hands[1:] != real.hands[1:] or other.draw_pile != real.draw_pile
        assert other.view(0).as_json() == view.as_json()
        assert weigh(other.view(0), made, number, worlds=6) == weigh(view, made, number, worlds=6)


def test_the_same_generator_gives_the_same_review_and_another_may_not(kept):
    """Deterministic for a fixed seed; the seed is the only source of chance."""
    first = review(kept, worlds=4)
    again = review(kept, worlds=4)
    assert first == again and first is not None
    assert [j.index for j in first.judged] == [d[0] for d in decisions(kept)]


def test_decisions_are_the_players_turns_with_a_choice(kept):
    """Every decision listed is seat 0's, and offered more than one action."""
    todo = decisions(kept)
    for index, view, made, turn in todo:
        assert kept.actions[index] == (0, made)
        assert view.seat == 0 and view.current == 0 and turn >= 1


def test_stopping_gives_up_at_once(kept):
    """A stop asked for (the player left) ends the review with nothing."""
    calls = []
    assert review(kept, progress=lambda d, t: calls.append((d, t)), stop=lambda: True) is None
    assert calls[:1] == [(0, calls[0][1])] and calls[0][1] > 0


def test_progress_is_reported_from_the_start_to_the_end(kept):
    """progress(0, total) first, then up to (total, total)."""
    calls = []
    review(kept, progress=lambda d, t: calls.append((d, t)), worlds=2)
    total = calls[0][1]
    assert calls[0] == (0, total) and calls[-1] == (total, total)
    assert [d for d, _ in calls] == list(range(total + 1))


def _judged(made, best, made_chance=0.30, best_chance=0.42, top="R7", active=Colour.RED):
    return Judged(index=27, turn=14, top=parse_card(top), active=active, made=made, best=best,
                  made_chance=made_chance, best_chance=best_chance, options=3)


@pytest.mark.parametrize(("made", "best", "words"), [
    (play(parse_card("W"), Colour.BLUE), play(parse_card("R3")),
     "Turn 14: Wild naming Blue on Red 7 — keeping the Wild and playing Red 3 wins about "
     "12 points more often."),
    (DRAW, play(parse_card("R3")),
     "Turn 14: Drawing on Red 7 — playing Red 3 wins about 12 points more often."),
    (play(parse_card("R3")), DRAW,
     "Turn 14: Red 3 on Red 7 — keeping the Red 3 and drawing wins about 12 points more often."),
    (play(parse_card("W"), Colour.BLUE), play(parse_card("W"), Colour.GREEN),
     "Turn 14: Wild naming Blue on Red 7 — naming Green instead wins about 12 points more "
     "often."),
    (PASS, play(parse_card("R3")),
     "Turn 14: Keeping the drawn card on Red 7 — playing Red 3 wins about 12 points more "
     "often."),
], ids=["wild-vs-card", "draw-vs-card", "card-vs-draw", "colour", "pass"])
def test_a_costly_moment_in_words(made, best, words):
    """Each kind of moment reads as a sentence about the cards."""
    assert moment_words(_judged(made, best)) == words


def test_a_wild_on_top_says_the_colour_to_match():
    """'on Wild (Blue to match)': the top card alone would not say what was asked."""
    words = moment_words(_judged(play(parse_card("B3")), play(parse_card("B9")), top="W",
                                 active=Colour.BLUE))
    assert words.startswith("Turn 14: Blue 3 on Wild (Blue to match) — keeping the Blue 3")


def test_only_noticeable_costs_are_listed_costliest_first():
    """Below the threshold a move counts as good; the rest are listed costliest first."""
    small = _judged(DRAW, PASS, 0.5, 0.5 + NOTICEABLE / 2)
    big = _judged(DRAW, PASS, 0.1, 0.6)
    mid = _judged(DRAW, PASS, 0.3, 0.5)
    result = Review((small, big, mid))
    assert result.costliest() == [big, mid]
    assert summary_words(result).startswith("Of your 3 decisions with a choice, 1 was")


def test_a_review_round_trips_through_json(kept):
    """Kept in the database as JSON and read back the same; another version is ignored."""
    result = review(kept, worlds=2)
    assert Review.from_json(result.as_json()) == result
    assert Review.from_json({**result.as_json(), "version": 99}) is None
    assert Review.from_json({"version": 1, "judged": [{"index": "x"}]}) is None
