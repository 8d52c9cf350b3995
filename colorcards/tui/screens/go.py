"""Where a screen's answer sends the player: a `Go` (the app's own answers), or a `Place`
(a screen the registry found: screens/__init__.py).

The app takes every answer in one place (`ColorCardsApp.go`), so a screen never knows
what comes after it, and Escape (`Go.BACK`) always means one step back to wherever the
screen was opened from. A place opens itself (its module's `show`) on `Host`, the few
things a screen's opening needs of the app.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from . import Place, places

if TYPE_CHECKING:
    from ...coach.remote import RemoteCoach
    from ...engine import Rules
    from ...replay.kept import KeptGame
    from ...session.controller import GameController
    from ...settings import GameSettings
    from ...store import Store

Back = Callable[[], None]
"""One step back: what Escape does on the screen being opened."""


class Go(enum.Enum):
    """A screen's answer that is not a place. The values are the ids of the buttons that
    give them."""

    BACK = "back"
    """One step back, to where the screen was opened from (Escape)."""
    CONTINUE = "continue"
    """The saved game."""
    TITLE = "title"
    """The title screen (from the pause menu: the game is saved, Continue brings it back)."""
    QUIT = "quit"
    """Leave the program (the game is saved)."""
    RESUME = "resume"
    """Back to the table from the pause menu."""
    TAKE_BACK = "take-back"
    """Back to the table as it was before your last move (the pause menu, the coach on)."""
    SOUND = "sound"
    """Turn the bell on or off."""
    COACH = "coach"
    """Turn the coach on or off for the game in progress."""
    NEXT_ROUND = "next-round"
    REVIEW = "review"
    """The review of the game just finished or replayed."""
    TRY_AGAIN = "try-again"
    """The review's costly moment in view, as an exercise (the Replay screen's Enter)."""
    SAME_DEAL = "same-deal"
    """A new game with the same cards and options."""


Answer = Go | Place
"""What a screen dismisses with."""


def answer(value: str) -> Answer:
    """The answer a button's id or a binding's argument names: a `Go`, or a place."""
    found = places().get(value)
    return found if found is not None else Go(value)


class Host(Protocol):
    """What opening a screen needs of the app (ColorCardsApp)."""

    @property
    def store(self) -> Store: ...

    settings: GameSettings
    """The settings of the last game started; New game starts from them."""

    sound: bool
    """Ring the terminal bell when it is the player's turn."""

    @property
    def screen(self) -> Any:
        """The screen in front."""

    @property
    def controller(self) -> GameController | None:
        """The game at the table, if any."""

    @property
    def review_budget(self) -> dict[str, Any] | None:
        """A smaller budget for the coach's reviews than its own (tests), or None."""

    @property
    def remote_coach(self) -> RemoteCoach:
        """The coach's process, where the Review screen's review is weighed."""

    def push_screen(self, screen: Any, callback: Any = None) -> Any: ...

    @property
    def screen_stack(self) -> list[Any]: ...

    def install_screen(self, screen: Any, name: str) -> None: ...

    def uninstall_screen(self, screen: Any) -> Any: ...

    def is_screen_installed(self, screen: Any) -> bool: ...

    def get_screen(self, screen: Any) -> Any: ...

    def notify(self, message: str, *, severity: Any = "information",
               timeout: float | None = None, markup: bool = True) -> None: ...

    def go(self, where: Answer | None, back: Back, kept: KeptGame | None = None) -> None:
        """Take a screen's answer about `kept` (`back()` for one step back)."""

    def start_game(self, settings: GameSettings, abandon: bool = False,
                   seed: int | None = None) -> None: ...

    def call_after_refresh(self, callback: Callable[[], Any]) -> Any: ...

    def review_in_background(self) -> None:
        """Review the games not yet reviewed (a game just recorded among them)."""

    def start_coach(self) -> None:
        """Start the coach's process as the player heads for a table."""

    def game_in_progress(self) -> bool: ...

    def practice_in_progress(self) -> bool: ...

    def now(self) -> float:
        """Seconds on the app's clock (the practice schedule's time)."""

    def table_rules(self) -> tuple[str, Rules]:
        """The preset and rules of the table being played, or of the settings' table."""
