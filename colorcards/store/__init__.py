"""Saves and statistics: one SQLite file in the data directory (stdlib sqlite3).

Imports the engine only, never Textual. `Store.open()` gives the store; every write
is one transaction; the game in progress is the engine's versioned JSON (never a
pickle), appended to after every action so that resuming is exact.
"""

from ..level import LEVELS
from .paths import resolve_data_dir
from .records import GameRecord, LevelStats
from .saves import SavedGame
from .store import Store

__all__ = ["LEVELS", "GameRecord", "LevelStats", "SavedGame", "Store", "resolve_data_dir"]
