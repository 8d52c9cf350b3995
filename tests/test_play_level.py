"""The level you play like: the nearest level's mean cost, once there are enough games;
and the figures `colorcards stats --json` and the Statistics screen carry."""

from __future__ import annotations

import pytest

from colorcards.replay.level import (
    CALIBRATION,
    FEWEST,
    band,
    estimate_words,
    fit,
    nearest,
    ordered,
    plays_like,
)
from colorcards.store.report import plays_like_json

TABLE = {"easy": 0.030, "normal": 0.012, "hard": 0.004}


@pytest.mark.parametrize(("mean", "level"), [
    (0.030, "easy"),     # at Easy's mean
    (0.020, "normal"),   # nearer Normal's 1.2 than Easy's 3.0
    (0.0225, "easy"),    # past half-way to Easy
    (0.0, "hard"),       # below Hard's mean is Hard
])
def test_the_nearest_level(mean, level):
    """One row per case: a mean cost per decision against the table's means."""
    assert nearest(mean, TABLE) == level


def test_a_level_is_named_only_when_the_games_say_it_clearly():
    """Named when the mean's interval lies inside the level's band; not when it straddles
    a boundary, nor from fewer than two games."""
    assert band("normal", TABLE) == pytest.approx((0.008, 0.021))
    assert plays_like([0.011, 0.013, 0.012, 0.012], TABLE) == "normal"
    assert plays_like([0.0, 0.03, 0.0, 0.03], TABLE) is None  # mean 1.5, far too noisy
    assert plays_like([0.05, 0.06], TABLE) == "easy"
    assert plays_like([0.012], TABLE) is None
    assert plays_like([], TABLE) is None


def test_the_calibration_is_each_levels_mean():
    assert fit({"easy": [0.02, 0.04], "hard": [0.0, 0.01], "normal": []}) == \
        pytest.approx({"easy": 0.03, "hard": 0.005})


def test_an_estimate_waits_for_enough_reviewed_games():
    assert estimate_words([0.004] * (FEWEST - 1), TABLE) is None
    words = estimate_words([0.03] * 20 + [0.004, 0.003, 0.005] * 3 + [0.004], TABLE)
    assert words == ("You play about like Hard (your last 10 reviewed games: 0.4 points "
                     "lost per decision).")
    unclear = estimate_words([0.0, 0.03] * 5, TABLE)
    assert unclear is not None and unclear.startswith("Which level you play like cannot")
    rows = [("normal", 1.0, 0.004)] * FEWEST
    assert plays_like_json(rows[:-1]) is None
    assert plays_like_json(rows)["games"] == FEWEST


def test_a_calibration_that_does_not_order_the_levels_names_none():
    """Easy measured to lose fewer points than Normal: no game can be said to be like
    either (the calibration in the code is such a one: tests/benchmarks/BOTS.md)."""
    assert ordered(TABLE)
    unordered = {"easy": 0.006, "normal": 0.007, "hard": 0.004}
    assert not ordered(unordered)
    assert plays_like([0.0071, 0.0069, 0.0070], unordered) is None
    assert plays_like([0.0041, 0.0039, 0.0040], unordered) is None
    assert not ordered(CALIBRATION)
