"""Crazy: Hard's judgement, plus steering and a focus on the human.

It switches play into colours the next seat has shown it lacks (it drew on them),
never forgets Last Card, always catches, and weighs the human's threat above the
other computers' when it picks whom to stop.
"""

from __future__ import annotations

from .heuristic import HeuristicPlayer, Level

CRAZY = Level("crazy", random_play=0.0, stack_miss=0.0, forget=0.0, catch=1.0,
              save_wilds=True, aim=True, steer=True, focus_human=True)


class CrazyPlayer(HeuristicPlayer):
    """The strongest level."""

    def __init__(self):
        super().__init__(CRAZY)
