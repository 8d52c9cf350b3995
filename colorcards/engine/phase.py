"""Where a game stands: the phases of `Game.phase`.

A `StrEnum`, so that a phase equals the word it has always been written as
(``game.phase == "turn"``) and saves hold the word.
"""

from __future__ import annotations

import enum


class Phase(enum.StrEnum):
    """What the game is waiting for."""

    TURN = "turn"
    """The seat to act plays, draws, stacks or accepts a pending penalty."""
    DRAWN = "drawn"
    """The seat to act drew a card it can play, and plays it or keeps it (`PASS`); a
    drawn card that cannot be played is kept at once and the turn passes."""
    CHALLENGE = "challenge"
    """A Wild Draw Four was played on the seat to act, who may challenge it."""
    NAME_COLOUR = "name-colour"
    """A Wild opened the round and the seat to act names the colour."""
    SWAP = "swap"
    """The seat to act played a 7 (house rule `seven_zero`) and chooses whose hand to
    take for its own."""
    WINDOW = "window"
    """The seat to act went down to one card without calling Last Card and the catch
    window is open: nobody else plays until it is closed."""
    ROUND_OVER = "round-over"
    """The round is over; the next one is to be dealt."""
    MATCH_OVER = "match-over"
    """The match is over."""
