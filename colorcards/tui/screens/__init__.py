"""The screens around the table: title, new game, colour chooser, swap chooser, pause
menu, results, statistics, rules, help and a yes/no dialog.

Each screen is handed plain values and returns its answer with `dismiss()` (a place to
go is a `Go`, which the app takes in one place); none of them touches the game or the
store. The app loads `SCREENS_CSS` with its own styles.

A screen's module is imported when the screen is first asked for, not with the package:
the title's first frame waited for every screen's imports (the Rules screen's Markdown
parser most of all), and the title needs none of them.

What has the focus when a screen opens is its `AUTO_FOCUS`, which Textual gives once the
screen is composed, never a focus set in `on_mount`: a binding's action runs at once,
even on a screen still composing, and a quick second key (Escape twice, N as the
results appear) closed the screen before it mounted; its `on_mount` then failed to find
the widget and stopped the app.
"""

from __future__ import annotations

from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ...session.results import ResultsData
    from .chooser import ColourChooser
    from .confirm import ConfirmDialog
    from .help import HelpScreen
    from .newgame import IN_PROGRESS_QUESTION, NewGameScreen
    from .pause import PauseMenu
    from .results import ResultsScreen
    from .rules import RulesScreen
    from .stats import StatsScreen
    from .swap import SwapChoice, SwapChooser
    from .title import TitleScreen

SCREENS_CSS = Path(__file__).with_name("screens.tcss")
"""The screens' stylesheet, for the app's CSS_PATH."""

_MODULES = {
    "ColourChooser": "chooser", "ConfirmDialog": "confirm", "HelpScreen": "help",
    "IN_PROGRESS_QUESTION": "newgame", "NewGameScreen": "newgame", "PauseMenu": "pause",
    "ResultsData": "results", "ResultsScreen": "results", "RulesScreen": "rules",
    "StatsScreen": "stats", "SwapChoice": "swap", "SwapChooser": "swap", "TitleScreen": "title",
}
"""Where each name the package offers is defined."""

__all__ = [
    "ColourChooser", "ConfirmDialog", "HelpScreen", "IN_PROGRESS_QUESTION", "NewGameScreen",
    "PauseMenu", "ResultsData", "ResultsScreen", "RulesScreen", "SCREENS_CSS", "StatsScreen",
    "SwapChoice", "SwapChooser", "TitleScreen",
]


def __getattr__(name: str) -> Any:
    """A screen (or its data) from its module, imported on first use."""
    if name not in _MODULES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f".{_MODULES[name]}", __name__), name)
