"""The player's statistics as `colorcards stats` prints them (`commands.run_stats`):
gathered from the store as JSON-ready data, and read back as `LevelStats`."""

from __future__ import annotations

from ..level import LEVELS
from .records import LevelStats
from .store import Store


def gather(store: Store) -> dict:
    """Everything `stats` prints, as JSON-ready data."""
    levels = store.stats()
    presets = {}
    for preset in store.presets():
        per_level = store.stats(preset)
        presets[preset] = {lv: s.as_json() for lv, s in per_level.items() if s.games}
    return {
        "database": str(store.path),
        "games": sum(s.games for s in levels.values()),
        "levels": {lv: s.as_json() for lv, s in levels.items()},
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
