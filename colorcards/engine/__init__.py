"""The rules engine: pure Python, no Textual, sqlite or platformdirs.

The vocabulary: `Colour`, `Rank`, `Card`; actions (`Play`, `Draw`, `Pass`, `Accept`,
`Challenge`, `CallLastCard`, `Catch`, `NameColour`, `Decline`, and the clock actions
`TimeOut` and `CloseWindow`); `Game` with `legal_actions()`, `apply()`, `view()`,
`outcome()` (an `Outcome` with its `Ending`), `copy()`, `to_json()` and `dumps()`
(read back with `game_from_json` / `game_from_text`); a position as text, like a FEN
(`position_from_text`, `position_text`); `Phase`; `RoundResult`; `next_decision(game)`, the
one game loop (`next_choice(game)`: the same decision as a plain tuple); `deal_from_view(view,
rng)`, a game as one seat may imagine it; `Rules` and the named `PRESETS`;
`rng_state`/`rng_from_state`, a generator's state as JSON.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .actions import (
        ACCEPT,
        CALL,
        CHALLENGE,
        CLOSE_WINDOW,
        DECLINE,
        DRAW,
        NEXT_ROUND,
        PASS,
        TIMEOUT,
        Accept,
        Action,
        CallLastCard,
        Catch,
        Challenge,
        CloseWindow,
        Decline,
        Draw,
        NameColour,
        NextRound,
        Pass,
        Play,
        Swap,
        TimeOut,
        action_from_json,
        play,
    )
    from .cards import ALL_CARDS, COLOURS, Card, Colour, Rank, full_deck, parse_card, parse_cards
    from .decision import Choice, Decision, DecisionKind
    from .errors import EngineError, IllegalAction, RulesError, StateError
    from .game import HUMAN_SEAT, Game, next_choice, next_decision
    from .imagined import deal_from_view, unseen_cards
    from .outcome import Ending, Outcome, RoundResult
    from .phase import Phase
    from .position import PositionError, position_from_text, position_text
    from .rngstate import SeededWhenDrawn, copy_rng, rng_from_state, rng_state
    from .rules import (
        CHOICES,
        DEFAULT_PRESET,
        PRESETS,
        DrawCount,
        DrawFour,
        DrawnCard,
        DrawRule,
        FirstCard,
        FirstPlayer,
        JumpIn,
        LastCard,
        Match,
        Palette,
        Partners,
        Preset,
        RoundEnd,
        Rules,
        SevenZero,
        Stacking,
        get_preset,
        parse_value,
        preset_title,
    )
    from .serial import game_from_json, game_from_text
    from .view import View

__all__ = [
    "ACCEPT", "CALL", "CHALLENGE", "CLOSE_WINDOW", "DECLINE", "DRAW", "NEXT_ROUND", "PASS",
    "TIMEOUT", "Accept", "Action", "CallLastCard", "Catch", "Challenge", "CloseWindow",
    "Decline", "Draw", "NameColour", "NextRound", "Pass", "Play", "Swap", "TimeOut",
    "action_from_json", "play",
    "ALL_CARDS", "COLOURS", "Card", "Colour", "Rank", "full_deck", "parse_card", "parse_cards",
    "Choice", "Decision", "DecisionKind", "next_choice", "next_decision", "deal_from_view",
    "unseen_cards",
    "EngineError", "IllegalAction", "RulesError", "StateError",
    "HUMAN_SEAT", "Game", "Phase", "Ending", "Outcome", "RoundResult",
    "game_from_json", "game_from_text", "PositionError", "position_from_text", "position_text",
    "SeededWhenDrawn", "copy_rng", "rng_from_state", "rng_state",
    "CHOICES", "DEFAULT_PRESET", "PRESETS", "Preset", "Rules", "get_preset", "parse_value",
    "preset_title",
    "DrawCount", "DrawFour", "DrawnCard", "DrawRule", "FirstCard", "FirstPlayer", "JumpIn",
    "LastCard", "Match", "Palette", "Partners", "RoundEnd", "SevenZero", "Stacking",
    "View",
]

_MODULES: dict[str, tuple[str, ...]] = {
    "actions": ("ACCEPT", "CALL", "CHALLENGE", "CLOSE_WINDOW", "DECLINE", "DRAW", "NEXT_ROUND",
        "PASS", "TIMEOUT", "Accept", "Action", "CallLastCard", "Catch", "Challenge", "CloseWindow",
        "Decline", "Draw", "NameColour", "NextRound", "Pass", "Play", "Swap", "TimeOut",
        "action_from_json", "play"),
    "cards": ("ALL_CARDS", "COLOURS", "Card", "Colour", "Rank", "full_deck", "parse_card",
        "parse_cards"),
    "decision": ("Choice", "Decision", "DecisionKind"),
    "errors": ("EngineError", "IllegalAction", "RulesError", "StateError"),
    "game": ("HUMAN_SEAT", "Game", "next_choice", "next_decision"),
    "imagined": ("deal_from_view", "unseen_cards"),
    "outcome": ("Ending", "Outcome", "RoundResult"),
    "phase": ("Phase",),
    "position": ("PositionError", "position_from_text", "position_text"),
    "rngstate": ("SeededWhenDrawn", "copy_rng", "rng_from_state", "rng_state"),
    "rules": ("CHOICES", "DEFAULT_PRESET", "PRESETS", "DrawCount", "DrawFour", "DrawnCard",
        "DrawRule", "FirstCard", "FirstPlayer", "JumpIn", "LastCard", "Match", "Palette",
        "Partners", "Preset", "RoundEnd", "Rules", "SevenZero", "Stacking", "get_preset",
        "parse_value", "preset_title"),
    "serial": ("game_from_json", "game_from_text"),
    "view": ("View",),
}
_HOME = {name: module for module, names in _MODULES.items() for name in names}
"""Each name's module. A name is loaded from it when first asked for (`__getattr__`), so
that what needs only the rules and the cards (the command line, the title) does not load
the game and its events before the title's first frame."""


def __getattr__(name: str) -> Any:
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
