"""The player's statistics as `colorcards stats` prints them (`commands.run_stats`):
gathered from the store as JSON-ready data, and read back as `LevelStats`."""

from __future__ import annotations

from ..level import LEVELS
from .records import LevelStats
from .store import Store


def _level(s: LevelStats) -> dict:
    """One level's figures; a level never played has no win rate (null), not 0.0."""
    data = s.as_json()
    if not s.games:
        data["win_rate"] = None
    return data


def accuracy_by_level(rows: list[tuple[str, float, float]]) -> dict[str, dict]:
    """Per level: reviewed games, their mean accuracy and mean cost per decision."""
    found: dict[str, dict] = {}
    for level in LEVELS:
        mine = [(share, cost) for lv, share, cost in rows if lv == level]
        if mine:
            found[level] = {"games": len(mine),
                            "accuracy": sum(s for s, _ in mine) / len(mine),
                            "avg_cost": sum(c for _, c in mine) / len(mine)}
    return found


def plays_like_json(rows: list[tuple[str, float, float]]) -> dict | None:
    """The level the player plays like, from their latest reviewed games (None until
    there are `FEWEST`)."""
    from ..replay.level import FEWEST, RECENT, estimate_words, nearest, plays_like

    costs = [cost for _, _, cost in rows][-RECENT:]
    if len(costs) < FEWEST:
        return None
    mean = sum(costs) / len(costs)
    return {"level": plays_like(costs), "nearest": nearest(mean), "games": len(costs),
            "avg_cost": mean, "words": estimate_words(costs)}


def gather(store: Store) -> dict:
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
        "problems": list(store.problems),
    }


def store_levels(data: dict) -> dict[str, LevelStats]:
    """The per-level figures back as LevelStats, the four levels first."""
    levels: dict[str, LevelStats] = {
        lv: LevelStats(**data["levels"][lv]) for lv in LEVELS if lv in data["levels"]}
    for lv, s in data["levels"].items():
        levels.setdefault(lv, LevelStats(**s))
    return levels
