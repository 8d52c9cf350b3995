"""The screens around the table: title, new game, colour chooser, pause menu, results,
statistics, rules, help and a yes/no dialog.

Each screen is handed plain values and returns its answer with `dismiss()` (a place to
go is a `Go`, which the app takes in one place); none of them touches the game or the
store. The app loads `SCREENS_CSS` with its own styles.
"""

from pathlib import Path

from .chooser import ColourChooser
from .confirm import ConfirmDialog
from .help import HelpScreen
from .newgame import IN_PROGRESS_QUESTION, NewGameScreen
from .pause import PauseMenu
from .results import ResultsData, ResultsScreen
from .rules import RulesScreen
from .stats import StatsScreen
from .title import TitleScreen

SCREENS_CSS = Path(__file__).with_name("screens.tcss")
"""The screens' stylesheet, for the app's CSS_PATH."""

__all__ = [
    "ColourChooser", "ConfirmDialog", "HelpScreen", "IN_PROGRESS_QUESTION", "NewGameScreen",
    "PauseMenu", "ResultsData", "ResultsScreen", "RulesScreen", "SCREENS_CSS", "StatsScreen",
    "TitleScreen",
]
