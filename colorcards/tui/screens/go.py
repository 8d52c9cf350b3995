"""Where a screen's answer sends the player: every screen dismisses with a `Go`.

The app turns a `Go` into the next screen in one place (`ColorCardsApp.go`), so a screen
never knows what comes after it, and Escape (`Go.BACK`) always means one step back to
wherever the screen was opened from.
"""

from __future__ import annotations

import enum


class Go(enum.Enum):
    """A screen's answer. The values are the ids of the buttons that give them."""

    BACK = "back"
    """One step back, to where the screen was opened from (Escape)."""
    CONTINUE = "continue"
    """The saved game."""
    NEW = "new"
    """The New game settings."""
    NEW_GAME = "new-game"
    """The New game settings, from the results of a finished match."""
    STATS = "stats"
    HISTORY = "history"
    PRACTICE = "practice"
    """Your costly moments, back as exercises (screens/practice.py)."""
    RULES = "rules"
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
