"""The level you play like: a game's decisions counted by kind, scored by the kinds'
weights, the nearest level's score once there are enough games; and the figures
`colorcards stats --json` and the Statistics screen carry."""

from __future__ import annotations

import pytest

from colorcards.replay.plays_like import (
    CALIBRATION,
    FEWEST,
    WEIGHTS,
    Kinds,
    band,
    estimate_words,
    fit,
    fit_weights,
    nearest,
    ordered,
    plays_like,
    score,
    share,
)
from colorcards.replay.review import Moment, Review, accuracy
from colorcards.store.records import Measured
from colorcards.store.report import plays_like_json

TABLE = {"easy": -0.37, "normal": -0.27, "hard": -0.17}
ONE = {"first": 0.0, "as_good": -1.0, "measured": -1.0, "costly": -1.0, "forgot": -1.0}
"""A weight of -1 for anything but the coach's first choice: a score is then minus the
share of other moves."""


def kinds(first: int, others: int = 0) -> Kinds:
    return Kinds(first, others, 0, 0, 0)


@pytest.mark.parametrize(("value", "level"), [
    (-0.37, "easy"),     # at Easy's score
    (-0.30, "normal"),   # nearer Normal's than Easy's
    (-0.33, "easy"),     # short of half-way to Normal
    (0.0, "hard"),       # above Hard's score is Hard
])
def test_the_nearest_level(value, level):
    """One row per case: a score against the table's scores."""
    assert nearest(value, TABLE) == level


def test_a_game_counts_each_decision_as_one_kind():
    """The review's moments by kind: the coach's first choice, another as good, measured
    and not costly, costly, and a card left uncalled whatever its cost."""
    from colorcards.engine import DRAW, parse_card, play

    red3, red5 = play(parse_card("R3")), play(parse_card("R5"))
    top = parse_card("R7")
    moments = (Moment(1, 1, top, None, red3, red3, close=True),
               Moment(2, 2, top, None, red5, red3, close=True),
               Moment(3, 3, top, None, DRAW, red3, close=False, cost=0.02, low=-0.01),
               Moment(4, 4, top, None, DRAW, red3, close=False, cost=0.2, low=0.1),
               Moment(5, 5, top, None, red5, red5, close=False, cost=0.2, low=0.1,
                      uncalled=True))
    measure = accuracy(Review(moments, 5))
    assert measure is not None
    assert measure.kinds == Kinds(1, 1, 1, 1, 1) and measure.kinds.decisions == 5
    assert Kinds.from_text(measure.kinds.as_text()) == measure.kinds
    assert Kinds.from_text("1,2") is None and Kinds.from_text("a,b,c,d,e") is None
    assert Kinds.from_text(None) is None and Kinds.from_text("0,0,0,0,0") is None


def test_the_score_is_over_all_decisions():
    """A short game says less than a long one: the score is pooled over decisions, with
    the standard error of a ratio of sums."""
    value, se = score([kinds(0, 4), kinds(36)], ONE)
    assert value == pytest.approx(-0.1) and 0 < se < 1
    assert score([kinds(7, 3)] * 4, ONE) == (pytest.approx(-0.3), pytest.approx(0.0))
    assert share([kinds(7, 3), kinds(3, 7)], "first") == pytest.approx(0.5)


def test_a_level_is_named_only_when_the_games_say_it_clearly():
    """Named when the score's interval lies inside the level's band; not when it
    straddles a boundary, nor from fewer than two games."""
    assert band("normal", TABLE) == pytest.approx((-0.32, -0.22))
    assert plays_like([kinds(73, 27)] * 4, TABLE, ONE) == "normal"
    assert plays_like([kinds(5, 5), kinds(10, 0)] * 2, TABLE, ONE) is None  # too noisy
    assert plays_like([kinds(20), kinds(20)], TABLE, ONE) == "hard"
    assert plays_like([kinds(73, 27)], TABLE, ONE) is None
    assert plays_like([], TABLE, ONE) is None


def test_the_weights_and_the_calibration_are_fitted_from_the_stand_ins_games():
    """A kind's weight is the log of its rate in Hard's games over Easy's (one of each
    added to both); a level's score is the mean weight of its decisions."""
    weights = fit_weights([Kinds(3, 3, 1, 1, 1)] * 2, [Kinds(7, 0, 1, 1, 0)] * 2)
    assert weights["first"] == pytest.approx(0.762, abs=0.001)  # ln((15/23) / (7/23))
    assert weights["as_good"] == pytest.approx(-1.946, abs=0.001)  # ln((1/23) / (7/23))
    assert weights["measured"] == 0.0
    assert fit({"easy": [kinds(5, 5)], "hard": [kinds(9, 1), kinds(29, 1)], "normal": []},
               ONE) == pytest.approx({"easy": -0.5, "hard": -0.05})


def test_an_estimate_waits_for_enough_reviewed_games():
    assert estimate_words([kinds(9, 1)] * (FEWEST - 1), TABLE, ONE) is None
    words = estimate_words([kinds(5, 5)] * 20 + [kinds(50)] * 10, TABLE, ONE)
    assert words == ("You play about like Hard (your last 10 reviewed games: the coach's "
                     "first choice in 100% of your decisions, another as good in 0%, Last "
                     "Card forgotten in 0%).")
    unclear = estimate_words([kinds(5, 5), kinds(10, 0)] * 5, TABLE, ONE)
    assert unclear == ("You play closest to Normal (your last 10 reviewed games: the coach's "
                       "first choice in 75% of your decisions, another as good in 25%, Last "
                       "Card forgotten in 0%), but so few games cannot tell it apart from "
                       "the level beside it for sure.")
    assert estimate_words([kinds(9, 1)] * FEWEST, {"easy": 0.8, "normal": 0.7}, ONE) is None


def test_the_estimate_reads_only_reviews_that_count_kinds():
    """A review kept before kinds were counted (None) waits to be weighed again."""
    rows = [Measured("normal", 1.0, 0.004, kinds(9, 1))] * FEWEST
    assert plays_like_json(rows[:-1]) is None
    assert plays_like_json([*rows[:-1], Measured("normal", 1.0, 0.0, None)]) is None
    found = plays_like_json(rows)
    assert found is not None and found["games"] == FEWEST
    assert found["first_choice"] == pytest.approx(0.9)
    assert found["as_good"] == pytest.approx(0.1) and found["forgot"] == 0


def test_a_calibration_that_does_not_order_the_levels_names_none():
    """Easy measured to score above Normal: no game can be said to be like either."""
    assert ordered(TABLE)
    unordered = {"easy": -0.26, "normal": -0.27, "hard": -0.17}
    assert not ordered(unordered)
    assert plays_like([kinds(74, 26)] * 3, unordered, ONE) is None
    assert plays_like([kinds(73, 27)] * 3, unordered, ONE) is None


def test_the_calibration_in_the_code_orders_the_levels():
    """tests/benchmarks/BOTS.md's table, as the code keeps it: Easy < Normal < Hard, and
    every kind but the coach's first choice weighs against Hard."""
    assert ordered(CALIBRATION)
    assert WEIGHTS["first"] > 0 and all(w < 0 for k, w in WEIGHTS.items() if k != "first")
