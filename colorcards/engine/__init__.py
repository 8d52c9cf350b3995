"""The rules engine: pure Python, no Textual, sqlite or platformdirs.

The vocabulary: `Colour`, `Rank`, `Card`; actions (`Play`, `Draw`, `Pass`, `Accept`,
`Challenge`, `CallLastCard`, `Catch`, `NameColour`, `Decline`, and the clock actions
`TimeOut` and `CloseWindow`); `Game` with `legal_actions()`, `apply()`, `view()`,
`outcome()` (an `Outcome` with its `Ending`) and `copy()`; `next_decision(game)`, the
one game loop; `deal_from_view(view, rng)`, a game as one seat may imagine it; `Rules`
and the named `PRESETS`; `rng_state`/`rng_from_state`, a generator's state as JSON.
"""

from .actions import (
    ACCEPT, CALL, CHALLENGE, CLOSE_WINDOW, DECLINE, DRAW, NEXT_ROUND, PASS, TIMEOUT,
    Accept, Action, CallLastCard, Catch, Challenge, CloseWindow, Decline, Draw, NameColour,
    NextRound, Pass, Play, TimeOut, action_from_json, play,
)
from .cards import ALL_CARDS, COLOURS, Card, Colour, Rank, full_deck, parse_card, parse_cards
from .deal import deal_from_view, unseen_cards
from .decision import Decision, DecisionKind
from .errors import EngineError, IllegalAction, RulesError, StateError
from .game import Game, next_decision
from .rngstate import copy_rng, rng_from_state, rng_state
from .outcome import Ending, Outcome
from .rules import CHOICES, DEFAULT_PRESET, PRESETS, Preset, Rules, get_preset, parse_value
from .view import View

__all__ = [
    "ACCEPT", "CALL", "CHALLENGE", "CLOSE_WINDOW", "DECLINE", "DRAW", "NEXT_ROUND", "PASS",
    "TIMEOUT", "Accept", "Action", "CallLastCard", "Catch", "Challenge", "CloseWindow",
    "Decline", "Decision", "DecisionKind", "Draw", "deal_from_view", "next_decision",
    "unseen_cards", "copy_rng", "rng_from_state", "rng_state",
    "NameColour", "NextRound", "Pass", "Play", "TimeOut", "action_from_json", "play",
    "ALL_CARDS", "COLOURS", "Card", "Colour", "Rank", "full_deck", "parse_card", "parse_cards",
    "EngineError", "IllegalAction", "RulesError", "StateError", "Game", "Ending", "Outcome",
    "CHOICES", "DEFAULT_PRESET", "PRESETS", "Preset", "Rules", "get_preset", "parse_value",
    "View",
]
