"""The player's statistics as `colorcards stats` prints them (`commands.run_stats`):
gathered from the store as JSON-ready data, and read back as `LevelStats`."""

from __future__ import annotations

import time
from typing import Any

from ..level import LEVELS
from ..replay.plays_like import share
from .records import LevelStats, Measured
from .store import Store


def _level(s: LevelStats) -> dict[str, Any]:
    """One level's figures; a level never played has no win rate (null), not 0.0."""
    data = s.as_json()
    if not s.games:
        data["win_rate"] = None
    return data


def accuracy_by_level(rows: list[Measured]) -> dict[str, dict[str, Any]]:
    """Per level: reviewed games, their mean accuracy, mean cost per decision and mean
    share of the coach's first choices (None while no review of this version has one)."""
    found: dict[str, dict[str, Any]] = {}
    for level in LEVELS:
        mine = [m for m in rows if m.level == level]
        if mine:
            counted = [m.kinds for m in mine if m.kinds is not None]
            found[level] = {"games": len(mine),
                            "accuracy": sum(m.accuracy for m in mine) / len(mine),
                            "avg_cost": sum(m.avg_cost for m in mine) / len(mine),
                            "first_choice": share(counted, "first") if counted else None}
    return found


def plays_like_json(rows: list[Measured]) -> dict[str, Any] | None:
    """The level the player plays like, from their latest reviewed games (None until
    there are `FEWEST` with the coach's first choices counted)."""
    from ..replay.plays_like import FEWEST, RECENT, estimate_words, nearest, plays_like, score

    games = [m.kinds for m in rows if m.kinds is not None][-RECENT:]
    if len(games) < FEWEST:
        return None
    return {"level": plays_like(games), "nearest": nearest(score(games)[0]),
            "games": len(games), "first_choice": share(games, "first"),
            "as_good": share(games, "as_good"), "forgot": share(games, "forgot"),
            "words": estimate_words(games)}


def gather(store: Store) -> dict[str, Any]:
    from . import exercises

    """Everything `stats` prints, as JSON-ready data."""
    levels = store.stats()
    practice = store.stats(practice=True)
    measured = store.accuracies()
    presets = {}
    for preset in store.presets():
        per_level = store.stats(preset)
        presets[preset] = {lv: _level(s) for lv, s in per_level.items() if s.games}
    return {
        "database": str(store.path),
        "games": sum(s.games for s in levels.values()),
        "levels": {lv: _level(s) for lv, s in levels.items()},
        "presets": presets,
        "accuracy": accuracy_by_level(measured),
        "plays_like": plays_like_json(measured),
        "practice": {lv: _level(s) for lv, s in practice.items() if s.games},
        "exercises": exercises.stats(store, time.time()).as_json(),
        "problems": list(store.problems),
    }


def store_levels(data: dict[str, Any]) -> dict[str, LevelStats]:
    """The per-level figures back as LevelStats, the four levels first."""
    levels: dict[str, LevelStats] = {
        lv: LevelStats(**data["levels"][lv]) for lv in LEVELS if lv in data["levels"]}
    for lv, s in data["levels"].items():
        levels.setdefault(lv, LevelStats(**s))
    return levels
