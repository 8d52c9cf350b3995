"""Run by tests/test_replay_ascii.py in a fresh interpreter with COLORCARDS_ASCII=1 (as a
terminal without Unicode starts the game: key names are chosen at import): renders
History, Replay and Review at 80x24 and prints, as JSON, each screen's non-ASCII
characters."""

from __future__ import annotations

import asyncio
import json
import sys
import tempfile
from pathlib import Path

from textual.app import App

from colorcards.replay.background import Reviewer
from colorcards.replay.frames import frames
from colorcards.replay.review import Review
from colorcards.store import Store
from colorcards.tui.screens.common import ascii_scrollbars
from colorcards.tui.screens.history import HistoryScreen
from colorcards.tui.screens.replay import ReplayScreen
from colorcards.tui.screens.review import ReviewScreen, review_marks
from history_helpers import play_evening
from test_replay_snapshots import given_review, scripted_game
from tui_table_helpers import screen_text


def _history():
    with Store.open(Path(tempfile.mkdtemp())) as store:
        play_evening(store, games=2, abandon_every=0, autosave=False,
                     plan=(("color-cards", 4, "hard"),))
        return store.history()


def _replay(face_up: bool) -> ReplayScreen:
    kept = scripted_game()
    review = given_review(kept)
    screen = ReplayScreen(kept, frames(kept, lambda events: " - ".join(e.kind for e in events)),
                          marks_at=review_marks(review), start=review.costliest()[1].index)
    screen.face_up = face_up
    return screen


SMALL = {"choose_deals": 32, "choose_playouts": 160, "looks": [32, 64]}
"""The reviewer's coach on a small budget: the bar's first steps come quickly."""

SCREENS = {
    "history": lambda: HistoryScreen(_history()),
    "replay": lambda: _replay(False),
    "replay_face_up": lambda: _replay(True),
    "review": lambda: ReviewScreen(scripted_game(), given_review(scripted_game())),
    "review_nothing_costly": lambda: ReviewScreen(scripted_game(), Review((), total=0)),
    "review_weighing": lambda: ReviewScreen(scripted_game(), reviewer=Reviewer(budget=SMALL)),
}


class Host(App):
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, screen) -> None:
        super().__init__()
        self.first = screen

    def on_mount(self) -> None:
        self.set_class(True, "-ascii")  # as ColorCardsApp does without Unicode,
        ascii_scrollbars(True)  # scroll bars too (a review's reasons make it scroll)
        self.push_screen(self.first)


async def render(name: str) -> str:
    screen = SCREENS[name]()
    app = Host(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        if name == "review_weighing":  # wait for the first steps of the bar
            # The reviewer's process starts, then weighs. Wait for what is drawn (the
            # bar, or the review done): `screen.result` is set before the bar is drawn.
            for _ in range(1200):
                text = screen_text(app)
                if "[#" in text or "Of your" in text:
                    break
                await pilot.pause(0.05)
        return screen_text(app)


def main() -> int:
    found = {}
    for name in SCREENS:
        text = asyncio.run(render(name))
        found[name] = {"text": text, "bad": sorted({c for c in text if ord(c) > 126})}
    print(json.dumps(found))
    return 0


if __name__ == "__main__":
    sys.exit(main())
