"""The coach: one judge of a seat's options behind every piece of advice.

The hint at the table, the review of a finished game and anything else that tells the
player what was good asks the coach (`Coach.advise`, `Coach.judge`), which weighs
options from the player's view alone by playing them out through the engine. Imports
the engine and the players only: never Textual, sqlite or platformdirs.
"""

from __future__ import annotations

from .weigh import NOTICEABLE, SEED, Advice, Coach, Tally, Verdict, options, view_seed

__all__ = ["NOTICEABLE", "SEED", "Advice", "Coach", "Tally", "Verdict", "options",
           "view_seed"]
