"""The table's crash test's child: a game played through its keys, each frame reported.

    python table_crash_child.py DATA_DIR PROGRESS_FILE SEED

A Color Cards game at four seats (the computers quick) in the real app, drawn by a driver
that writes each frame nowhere after appending "shown GAME_ID MOVES" to PROGRESS_FILE:
the moves that frame shows. The player's keys come from the same driver, one every few
hundredths of a second (cards by number, D, P, Enter), as a hasty player's would; a
same deal (D on the results) starts the next game. The parent stops or kills it at any
moment and checks that every move a frame showed was on disk by then.
"""

import os
import random
import sys
import threading
import time

from textual import events
from textual.drivers.headless_driver import HeadlessDriver

from colorcards.settings import GameSettings
from colorcards.tui.app import ColorCardsApp

KEYS = ["1", "2", "3", "4", "5", "d", "d", "p", "enter"]


class Game(ColorCardsApp):
    """The app, drawn by `Frames`."""

    def get_driver_class(self):
        return Frames


class Frames(HeadlessDriver):
    """Draws every frame (as to a terminal, unlike the headless driver) and reports it."""

    @property
    def is_headless(self) -> bool:
        return False

    def write(self, data: str) -> None:
        ctl = APP.controller
        if ctl is not None:
            note(f"shown {ctl.meta.game_id} {len(ctl.game.actions)}")

    def start_application_mode(self) -> None:
        super().start_application_mode()
        threading.Thread(target=self._press, daemon=True).start()

    def _press(self) -> None:
        rng = random.Random(SEED)
        while True:
            time.sleep(rng.uniform(0.01, 0.06))
            key = rng.choice(KEYS)
            APP.post_message(events.Key(key, key if len(key) == 1 else None))


def note(text: str) -> None:
    os.write(PROGRESS, (text + "\n").encode())


if __name__ == "__main__":
    data_dir, progress_path, seed = sys.argv[1], sys.argv[2], int(sys.argv[3])
    PROGRESS = os.open(progress_path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    SEED = seed
    settings = GameSettings(preset="color-cards", opponents=3)
    APP = Game(data_dir=data_dir, seed=seed, settings=settings, direct=True, delay=0.05,
               background_reviews=False)
    APP.run(size=(100, 32))
