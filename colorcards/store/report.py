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


def gather(store: Store) -> dict:
    """Everything `stats` prints, as JSON-ready data."""
    levels = store.stats()
    presets = {}
    for preset in store.presets():
        per_level = store.stats(preset)
        presets[preset] = {lv: _level(s) for lv, s in per_level.items() if s.games}
    return {
        "database": str(store.path),
        "games": sum(s.games for s in levels.values()),
        "levels": {lv: _level(s) for lv, s in levels.items()},
        "presets": presets,
        "problems": list(store.problems),
    }


def store_levels(data: dict) -> dict[str, LevelStats]:
    """The per-level figures back as LevelStats, the four levels first."""
    levels: dict[str, LevelStats] = {
        lv: LevelStats(**data["levels"][lv]) for lv in LEVELS if lv in data["levels"]}
    for lv, s in data["levels"].items():
        levels.setdefault(lv, LevelStats(**s))
    return levels
