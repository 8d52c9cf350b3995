"""The New game screen's choices: `colorcards.settings`, where the store can reach them too."""

from __future__ import annotations

from ..settings import LEVELS, NAMES, SPEED_DELAYS, SPEEDS, GameSettings

__all__ = ["LEVELS", "NAMES", "SPEED_DELAYS", "SPEEDS", "GameSettings"]
