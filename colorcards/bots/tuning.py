"""A rule-based player's tuning: the slips it makes and the ideas it uses.

Its own module so that the player (`heuristic`), its side play (`side`), Crazy and the
thinking players can all name it without importing one another in a circle.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Tuning:
    """How well a rule-based player plays: its lapses and the ideas it uses."""

    name: str
    random_play: float
    """Chance of playing a random legal card instead of the best one."""
    stack_miss: float
    """Chance of taking a penalty it could have stacked back."""
    forget: float
    """Chance of not calling Last Card when playing down to one card."""
    catch: float
    """Chance of catching a seat that forgot its Last Card call."""
    save_wilds: bool
    """Keeps Wilds for when it is stuck or close to going out."""
    aim: bool
    """Aims Skips, Reverses and draw cards at a seat about to go out."""
    steer: bool = False
    """Switches to colours the next seat has shown it lacks."""
    focus_human: bool = False
    """Weighs the human's threat above the other computers'."""
    read_bluffs: bool = True
    """Challenges a Wild Draw Four from an estimate of the bluff; else at a fixed rate."""
    draw_to_save_wild: bool = True
    """With drawing allowed any time, draws rather than spend its only playable Wild
    early (a human habit; measured, it costs a little)."""
    draw_four_attack: float = 1.5
    """What a Wild Draw Four is worth as an attack beyond the threat it stops; lower
    keeps it longer for stacking back or for going out."""
    side: bool = False
    """Plays with the other computers as one side against the human's seat: any
    computer going out is a win, so it spares them its attacks and keeps its Skips
    and draw cards, its steering and its catches for the human."""
    jump: float = 0.5
    """Under the house rule `jump_in`, a level that does not aim: the chance of taking a
    jump-in when offered one (one that aims jumps when it helps, `HousePlay.jump`)."""
