"""Statistics: the table `colorcards stats` prints, and how each level has gone over time.

Everything is derived from what the store hands over (LevelStats per level and the
finished-game records); nothing here counts on its own.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer

from ...session import palette as palettes
from ...session.palette import marks
from ...settings import LEVELS
from ...store import exercises
from ..plain import Plain
from . import place
from .common import LEVEL_TITLES, DrawnOnce, percent, streak_short
from .go import Answer, Back, Go, Host

if TYPE_CHECKING:
    from ...store.records import Measured

PLACE = {"name": "stats", "label": "Statistics", "key": "s", "title": 2}
"""On the title (the registry, screens/__init__.py)."""


def show(app: Host, back: Back) -> None:
    """Statistics; H opens History, whose Escape comes back here."""
    store = app.store

    def reopen() -> None:
        show(app, back)

    # Only what the strips and lines read, of the counted games: a few times quicker
    # than the history list, and than full records (tests/benchmarks/STORE.md).
    app.push_screen(StatsScreen(store.stats(), store.outcomes(), store.accuracies(),
                                store.stats(practice=True),
                                exercises.stats(store, app.now()).words()),
                    lambda where: app.go(where, back if where is Go.BACK else reopen))


#: How many recent results each level's strip shows.
STRIP = 20

#: A result as a shape (filled won, hollow lost, half drawn), never by colour alone.
MARKS = {"win": ("●", "bold green"), "loss": ("○", "red"), "draw": ("◐", "yellow")}

#: The same in ASCII: the result's initial.
ASCII_MARKS = {"win": ("W", "bold green"), "loss": ("L", "red"), "draw": ("D", "yellow")}


def result_marks() -> dict[str, tuple[str, str]]:
    """The marks for won, lost and drawn as the terminal can draw them."""
    return MARKS if palettes.unicode_ok() else ASCII_MARKS


def stats_table(stats: dict[str, Any]) -> Table:
    """Per level, the columns `colorcards stats` prints: games, wins, losses, draws,
    win rate, current streak and best streak."""
    table = Table(expand=False, box=None, padding=(0, 1), header_style="bold underline")
    table.add_column("Level", no_wrap=True)
    for name in ("Games", "Wins", "Losses", "Draws", "Win %", "Streak", "Best"):
        table.add_column(name, justify="right", no_wrap=True)
    for level in LEVELS:
        s = stats.get(level)
        if s is None or not s.games:
            none = marks("–")
            table.add_row(LEVEL_TITLES[level], "0", "0", "0", "0", none, none, none, style="dim")
            continue
        table.add_row(LEVEL_TITLES[level], str(s.games), str(s.wins), str(s.losses),
                      str(getattr(s, "draws", 0)), marks(percent(s.win_rate)),
                      marks(streak_short(s.current_streak)), marks(streak_short(s.best_streak)))
    return table


def _moment(record: Any) -> float:
    """When `record`'s game ended, to sort by, in seconds: with or without a time zone,
    and first of all when unreadable (a hand-edited file), never a comparison of the
    two kinds that fails. (Not `as_datetime`: turning each into local time was most of
    sorting 2,000 games.)"""
    value = getattr(record, "finished_at", None)
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value)
        except ValueError:
            return -math.inf
    return value.timestamp() if isinstance(value, datetime) else -math.inf


def results_by_level(records: Sequence[Any]) -> dict[str, list[str]]:
    """Each level's results ('win', 'loss', 'draw') oldest first."""
    by_level: dict[str, list[str]] = {level: [] for level in LEVELS}
    for record in sorted(records, key=_moment):
        if getattr(record, "practice", False):
            continue  # practice is shown apart
        by_level.setdefault(record.difficulty, []).append(record.result)
    return by_level


def running_win_rate(results: Sequence[str]) -> list[float]:
    """The win rate after each game, in percent: how the record grew over time."""
    rates = []
    wins = 0
    for i, result in enumerate(results, start=1):
        wins += result == "win"
        rates.append(100 * wins / i)
    return rates


#: Eighth blocks from empty to full, for a win-rate line on a fixed 0-100 % scale.
BARS = "▁▂▃▄▅▆▇█"

#: The same steps in ASCII, two characters to a height.
ASCII_BARS = "__..::||"

#: How many games the win-rate line covers.
LINE = 30


def rate_line(rates: Sequence[float], rows: int = 1, bars: str = BARS) -> list[str]:
    """Win rates (percent) as one bar each on a fixed 0-100 % scale, `rows` lines tall
    (top line first), so that a level at 33% never looks as tall as one at 90%
    (Textual's Sparkline scales to its own data). 0% still shows a sliver of baseline.
    `bars`: the eight steps from empty to full."""
    steps = len(bars) * rows
    heights = [max(1, min(steps, round(rate / 100 * steps))) for rate in rates]
    lines = []
    for row in reversed(range(rows)):
        line = ""
        for height in heights:
            fill = height - row * len(bars)
            line += " " if fill <= 0 else bars[min(fill, len(bars)) - 1]
        lines.append(line)
    return lines


def trend_row(level: str, results: Sequence[str]) -> Text:
    """One level in two lines: the win-rate bars' top half; then the name, recent
    results, the bars' bottom half and where the level stands now."""
    rates = running_win_rate(results)
    bars = BARS if palettes.unicode_ok() else ASCII_BARS
    top, bottom = rate_line(rates[-LINE:], rows=2, bars=bars)
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append(" " * (8 + STRIP + 2))
    text.append(top, style="bold")
    text.append("\n")
    text.append(f"{LEVEL_TITLES.get(level, level.title()):<8}", style="bold")
    recent = strip(results)
    text.append_text(recent)
    text.append(" " * (STRIP - len(recent) + 2))
    text.append(bottom, style="bold")
    text.append(" " * (LINE - len(bottom) + 2))
    text.append(marks(f"{percent(rates[-1] / 100)} after {len(results)}"))
    return text


def strip(results: Sequence[str]) -> Text:
    """The last STRIP results as ● won, ○ lost, ◐ drawn (W, L, D in ASCII), oldest on
    the left."""
    text = Text(no_wrap=True)
    shown = result_marks()
    for result in results[-STRIP:]:
        mark, style = shown.get(result, ("?", ""))
        text.append(mark, style=style)
    return text


def trend_key() -> str:
    """How to read the strips and the bars, in the marks this terminal shows."""
    shown = result_marks()
    bars = BARS if palettes.unicode_ok() else ASCII_BARS
    return (f"Over time: {shown['win'][0]} won  {shown['loss'][0]} lost  "
            f"{shown['draw'][0]} drawn, newest on the right; the bars show your win rate "
            f"after each game, from 0 ({bars[0]}) to 100% (two rows of {bars[-1]}).")


def accuracy_row(level: str, measured: Sequence[tuple[float, float]]) -> Text:
    """One level's reviewed games in two lines: each game's accuracy as a bar on a
    fixed 0-100 % scale (the last LINE games), how many were reviewed beside the top
    row, and the mean accuracy and chance lost per decision beside the bottom one (one
    line of 86 columns wrapped at 80: issue 41)."""
    bars = BARS if palettes.unicode_ok() else ASCII_BARS
    shares = [share * 100 for share, _ in measured]
    top, bottom = rate_line(shares[-LINE:], rows=2, bars=bars)
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append(" " * 8)
    text.append(top, style="bold")
    text.append(" " * (LINE - len(top) + 2))
    text.append(f"{len(measured)} reviewed")
    text.append("\n")
    text.append(f"{LEVEL_TITLES.get(level, level.title()):<8}", style="bold")
    text.append(bottom, style="bold")
    text.append(" " * (LINE - len(bottom) + 2))
    mean = sum(shares) / len(shares)
    cost = sum(c for _, c in measured) / len(measured) * 100
    text.append(marks(f"{mean:.0f}% · {cost:.1f}% chance lost a decision"))
    return text


HINTED_NOTE = ("Accuracy and the level you play like count your own decisions: those made "
               "after asking for a hint are the coach's, and left out.")
"""Said under the measures of play, which leave the hinted decisions out."""


def practice_words(practice: dict[str, Any]) -> str:
    """'Practice games (coach on or a move taken back), not counted above: 4, 2 won.'"""
    games = sum(s.games for s in practice.values())
    wins = sum(s.wins for s in practice.values())
    return (f"Practice games (coach on or a move taken back), not counted above: {games}, "
            f"{wins} won.")


class StatsScreen(Screen[Answer]):
    """The player's record per level with a strip of recent results and a win-rate line.
    Returns the place 'history' (H: the games behind the figures) or Go.BACK."""

    BINDINGS = [Binding("escape,q,b", "back", "Back", key_display="Esc"),
                Binding("h", "history", "History", key_display="H")]

    def __init__(self, stats: dict[str, Any], records: list[Any],
                 accuracies: Sequence[Measured] = (),
                 practice: dict[str, Any] | None = None, exercises: str = "") -> None:
        super().__init__()
        self.exercises = exercises
        """The exercises in words (done, solved the first time, due), or ''."""
        self.accuracies = list(accuracies)
        """The measure of each reviewed game, oldest first."""
        self.practice = practice or {}
        """LevelStats of the practice games, by level."""
        self.stats = stats
        """LevelStats by level."""
        self.records = records
        """Finished games, each with its finished_at, difficulty, result and practice (the
        store's outcomes, history entries or records)."""

    def compose(self) -> ComposeResult:
        by_level = results_by_level(self.records)
        with VerticalScroll(id="stats-page"):
            yield Plain("Statistics", classes="heading")
            yield Plain(DrawnOnce(stats_table(self.stats)), id="stats-table")
            yield Plain(trend_key(), id="trend-key")
            rows = [trend_row(level, by_level[level]) for level in LEVELS if by_level.get(level)]
            if rows:
                header = Text(no_wrap=True, style="bold underline")
                header.append(f"{'Level':<8}{'Last ' + str(STRIP) + ' games':<{STRIP + 2}}"
                              f"{'Win rate after each game':<{LINE + 2}}Now")
                yield Plain(header, classes="trend")
                for level, row in zip((lv for lv in LEVELS if by_level.get(lv)), rows,
                                      strict=True):
                    yield Plain(row, classes="trend", id=f"trend-{level}")
            elif any(s.games for s in self.practice.values()):
                yield Plain("No counted games yet: practice games are kept apart, below.",
                             id="stats-empty")
            else:
                yield Plain("No finished games yet. Play one and your results appear here.",
                             id="stats-empty")
            if any(s.games for s in self.practice.values()):
                yield Plain(practice_words(self.practice), id="stats-practice")
            if self.exercises:
                yield Plain(marks(self.exercises), id="stats-exercises")
            measured = {lv: [(m.accuracy, m.avg_cost) for m in self.accuracies
                             if m.level == lv] for lv in LEVELS}
            from ...replay.plays_like import estimate_words

            like = estimate_words([m.kinds for m in self.accuracies
                                   if m.kinds is not None])
            if like:
                yield Plain(marks(like), id="plays-like")
            if any(measured.values()):
                header = Text(no_wrap=True, style="bold underline")
                header.append(f"{'Level':<8}{'Accuracy of each reviewed game':<{LINE + 2}}Now")
                yield Plain(header, classes="trend")
                for level in LEVELS:
                    if measured[level]:
                        yield Plain(accuracy_row(level, measured[level]), classes="trend",
                                     id=f"accuracy-{level}")
            if like or any(measured.values()):
                yield Plain(HINTED_NOTE, id="accuracy-note", classes="aside")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#stats-page").focus()

    def action_back(self) -> None:
        self.dismiss(Go.BACK)

    def action_history(self) -> None:
        self.dismiss(place("history"))
