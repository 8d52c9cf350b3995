"""The rules engine: pure Python, no Textual, sqlite or platformdirs.

The vocabulary: `Colour`, `Rank`, `Card`; actions (`Play`, `Draw`, `Pass`, `Accept`,
`Challenge`, `CallLastCard`, `Catch`, `NameColour`, and the clock actions `TimeOut`
and `CloseWindow`); `Game` with `legal_actions()`, `apply()`, `view()` and `outcome()`
(an `Outcome` with its `Ending`); `Rules` and the named `PRESETS`.
"""

from .actions import (
    ACCEPT, CALL, CHALLENGE, CLOSE_WINDOW, DRAW, NEXT_ROUND, PASS, TIMEOUT,
    Accept, Action, CallLastCard, Catch, Challenge, CloseWindow, Draw, NameColour,
    NextRound, Pass, Play, TimeOut, action_from_json, play,
)
from .cards import ALL_CARDS, COLOURS, Card, Colour, Rank, full_deck, parse_card, parse_cards
from .errors import EngineError, IllegalAction, RulesError, StateError
from .game import Game
from .outcome import Ending, Outcome
from .rules import CHOICES, DEFAULT_PRESET, PRESETS, Preset, Rules, get_preset, parse_value
from .view import View

__all__ = [
    "ACCEPT", "CALL", "CHALLENGE", "CLOSE_WINDOW", "DRAW", "NEXT_ROUND", "PASS", "TIMEOUT",
    "Accept", "Action", "CallLastCard", "Catch", "Challenge", "CloseWindow", "Draw",
    "NameColour", "NextRound", "Pass", "Play", "TimeOut", "action_from_json", "play",
    "ALL_CARDS", "COLOURS", "Card", "Colour", "Rank", "full_deck", "parse_card", "parse_cards",
    "EngineError", "IllegalAction", "RulesError", "StateError", "Game", "Ending", "Outcome",
    "CHOICES", "DEFAULT_PRESET", "PRESETS", "Preset", "Rules", "get_preset", "parse_value",
    "View",
]
