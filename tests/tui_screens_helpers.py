"""Fixtures for the screens' tests: a tiny app that shows one screen and records what it
returns, a stand-in for the store's GameRecord, and fixed sample data so snapshots never
depend on the clock."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from textual.app import App
from textual.screen import Screen

from colorcards.engine import parse_cards
from colorcards.session.results import ResultsData
from colorcards.store.records import LevelStats
from colorcards.tui.screens import SHARED_CSS as SCREENS_CSS


@dataclass(frozen=True)
class GameRecord:
    """The fields of the store's GameRecord that the statistics screen reads."""

    finished_at: Any
    difficulty: str
    result: str
    preset: str = "color-cards"
    place: int = 1


class ScreenApp(App):
    """Shows one screen on start and keeps every value it (or a later one) dismisses with."""

    CSS_PATH = [SCREENS_CSS]

    def __init__(self, make_screen: Callable[[], Screen]) -> None:
        super().__init__()
        self.make_screen = make_screen
        self.results: list[Any] = []
        self.screen_under_test: Screen | None = None

    def on_mount(self) -> None:
        from colorcards.session.palette import unicode_ok
        from colorcards.tui.screens.common import ascii_scrollbars

        self.set_class(not unicode_ok(), "-ascii")  # as ColorCardsApp does
        ascii_scrollbars(not unicode_ok())
        self.screen_under_test = self.make_screen()
        self.push_screen(self.screen_under_test, self.results.append)


SAVED = {"preset": "classic", "difficulty": "hard", "round": 2,
         "saved_at": "2026-11-28T14:05:00"}

STATS = {
    "easy": LevelStats(games=12, wins=9, losses=3, win_rate=0.75, current_streak=4,
                       best_streak=4),
    "normal": LevelStats(games=7, wins=3, losses=4, win_rate=3 / 7, current_streak=-2,
                         best_streak=2),
    "hard": LevelStats(games=3, wins=1, losses=2, win_rate=1 / 3, current_streak=1,
                       best_streak=1),
}

_PATTERN = {
    "easy": "WWLWWLWLWWWW",
    "normal": "LWWLWLL",
    "hard": "LLW",
}


def sample_records() -> list[GameRecord]:
    """Finished games matching STATS, a fixed hour apart."""
    start = datetime(2026, 11, 1, 18, 0)
    records = []
    i = 0
    for level, pattern in _PATTERN.items():
        for mark in pattern:
            records.append(GameRecord(start + timedelta(hours=i), level,
                                      "win" if mark == "W" else "loss"))
            i += 1
    return records


def sample_results(match_over: bool = False, you_won: bool = False) -> ResultsData:
    """A round of four: Max (or you) went out; your cards left shown face up."""
    winner = 0 if you_won else 2
    left = [parse_cards("R7 B+2 W") if not you_won else [], parse_cards("G3 G5"),
            [] if not you_won else parse_cards("Y1"), parse_cards("YS B9 R0 W+4")]
    if you_won:
        left[2] = parse_cards("Y1")
    return ResultsData(
        names=["You", "Lily", "Max", "Zoe"], difficulty="normal", round=2,
        match_over=match_over, winners=(winner,), went_out=[winner],
        order=(0, 2, 1, 3) if you_won else (2, 1, 0, 3), cards_left=left,
        turns=37, round_points=157, scores=[40, 0, 157, 12] if not you_won else [197, 0, 0, 12],
        table_points=[1, 0, 3, 1] if not you_won else [3, 0, 1, 1], match="to:500",
        stats=STATS["normal"],
        hand_points=[77, 8, 0, 72] if not you_won else [0, 8, 1, 148],
    )
