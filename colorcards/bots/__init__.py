"""Computer players. Imports the engine only: never Textual, sqlite or platformdirs."""

from __future__ import annotations

from collections.abc import Callable

from ..level import LEVELS
from .base import Player, RandomPlayer
from .crazy import CrazyPlayer
from .heuristic import EASY, HARD, NORMAL, HeuristicPlayer
from .thinking import HARD_LOOKAHEAD, ThinkingPlayer

#: Every player the simulator knows, by name. The game's menus offer only LEVELS.
PLAYERS: dict[str, Callable[[], Player]] = {
    "random": RandomPlayer,
    "easy": lambda: HeuristicPlayer(EASY),
    "normal": lambda: HeuristicPlayer(NORMAL),
    "hard": lambda: ThinkingPlayer(HARD, HARD_LOOKAHEAD),
    "crazy": CrazyPlayer,
}


def make_player(name: str) -> Player:
    """A new player by name; ValueError naming the choices if unknown."""
    try:
        return PLAYERS[name]()
    except KeyError:
        raise ValueError(f"unknown player {name!r}: choose from {', '.join(PLAYERS)}") from None


__all__ = ["LEVELS", "PLAYERS", "CrazyPlayer", "HeuristicPlayer", "Player",
           "RandomPlayer", "make_player"]
