"""History: the player's finished games, newest first; Enter opens one in the replay.

Handed the store's `HistoryEntry` list, it returns the chosen game's id with
`dismiss()`. A game recorded before games were kept whole is listed with "no replay"
and Enter on it only says so: nothing in the list can break it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.events import Click
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import Footer

from ...engine import preset_title
from ...session.palette import marks
from ...store.history import result_words
from ...store.records import HistoryEntry
from ..looking_back import open_kept
from ..plain import Plain
from .common import LEVEL_TITLES
from .go import Back, Host

PLACE = {"name": "history", "label": "History", "key": "h", "title": 3}
"""On the title (the registry, screens/__init__.py)."""


def show(app: Host, back: Back) -> None:
    """The History screen; Enter on a game opens its replay, Escape goes `back()`."""

    def chosen(game_id: str | None) -> None:
        if game_id is None:
            back()
        else:
            open_kept(app, game_id, back=lambda: show(app, back))

    app.push_screen(HistoryScreen(app.store.history()), chosen)


NO_REPLAY_NOTE = ("This game was played before games were kept move by move: "
                  "it has no replay.")


def date_words(entry: HistoryEntry) -> str:
    """'1 Dec 2026 19:05' in local time; '?' for a date that does not read. (No
    weekday: its three columns let the accuracy column be read whole.)"""
    try:
        moment = entry.when().astimezone()
    except (ValueError, OverflowError):
        return "?"
    return f"{moment.day} {moment:%b %Y %H:%M}"


COLUMNS = (("Date", 17), ("Preset", 12), ("Level", 6), ("Result", 16), ("Turns", 5),
           ("Accuracy", 10))
"""The list's columns and their widths: with two spaces between them, 78 columns (an
80-column terminal less the list's padding) hold them all, '100% P H' and 'no replay'
the widest of the last."""

KEYS = ("↑↓ choose · Home/End newest/oldest · Enter replay · Esc back · "
        "Accuracy: your review's, – not yet · P practice · H hints asked")
"""The line under the list: its keys, and what the last column's marks mean."""


def header_text() -> Text:
    text = Text(no_wrap=True, overflow="ellipsis", style="bold")
    for label, width in COLUMNS:
        text.append((f"{label:>{width}}" if label == "Turns" else f"{label:<{width}}") + "  ")
    return text


def row_text(entry: HistoryEntry) -> Text:
    """One game's line: date, preset, level, result and place, turns, replay."""
    widths = [w for _, w in COLUMNS]
    text = Text(no_wrap=True, overflow="ellipsis")
    cells = (date_words(entry), preset_title(entry.preset),
             LEVEL_TITLES.get(entry.difficulty, entry.difficulty.title()))
    for cell, width in zip(cells, widths, strict=False):
        text.append(f"{cell[:width]:<{width}}  ")
    won = entry.result == "win" and not entry.abandoned
    text.append(f"{result_words(entry)[:widths[3]]:<{widths[3]}}  ", style="bold" if won else "")
    text.append(f"{entry.turns:>{widths[4]}}  ")
    text.append_text(replay_cell(entry))
    return text


def replay_cell(entry: HistoryEntry) -> Text:
    """The last column: the accuracy of a reviewed game ('87%'; '–' until it is reviewed,
    or when none of its decisions was the player's own), 'no replay' for a game that
    cannot be replayed; then 'P' for a practice game (the coach on, a move taken back)
    and 'H' for a game with decisions made after a hint (the coach's, left out of the
    accuracy)."""
    text = Text(no_wrap=True)
    if entry.accuracy is not None:
        text.append(f"{round(entry.accuracy * 100)}%", style="bold")
    elif entry.replay:
        text.append(marks("–"), style="dim")
    else:
        text.append("no replay", style="dim")
    if entry.practice:
        text.append(" P", style="bold italic")
    if entry.hints:
        text.append(" H", style="bold italic")
    return text


class GameList(ScrollView, can_focus=True):
    """The games, one line each, drawn only as far as they show: ten thousand games
    list as fast as ten (a DataTable builds every row first, seconds for that many)."""

    BINDINGS = [
        Binding("up", "move(-1)", show=False), Binding("down", "move(1)", show=False),
        Binding("pageup", "page(-1)", show=False), Binding("pagedown", "page(1)", show=False),
        Binding("home", "ends(0)", show=False), Binding("end", "ends(-1)", show=False),
        Binding("enter", "choose", show=False),
    ]

    @dataclass
    class Chosen(Message):
        """The player chose a game (Enter or a click)."""

        entry: HistoryEntry

    cursor: reactive[int] = reactive(0)
    """The line of the game chosen so far."""

    def __init__(self, entries: list[HistoryEntry], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.entries = entries
        self._lines: dict[int, Text] = {}

    def on_mount(self) -> None:
        self.virtual_size = Size(sum(w + 2 for _, w in COLUMNS), len(self.entries))

    def render_line(self, y: int) -> Strip:
        index = self.scroll_offset.y + y
        width = self.size.width
        base = self.rich_style
        if not 0 <= index < len(self.entries):
            return Strip.blank(width, base)
        text = self._lines.get(index)
        if text is None:
            text = self._lines[index] = row_text(self.entries[index])
        line = text.copy()
        if index == self.cursor:
            line.stylize("reverse")
        strip = Strip(line.render(self.app.console), line.cell_len)
        return strip.crop(self.scroll_offset.x, self.scroll_offset.x + width) \
            .adjust_cell_length(width, base).apply_style(base)

    def watch_cursor(self, old: int, new: int) -> None:
        top, height = self.scroll_offset.y, max(1, self.size.height)
        if new < top:
            self.scroll_to(y=new, animate=False)
        elif new >= top + height:
            self.scroll_to(y=new - height + 1, animate=False)
        self.refresh()

    def action_move(self, step: int) -> None:
        self.cursor = max(0, min(len(self.entries) - 1, self.cursor + step))

    def action_page(self, step: int) -> None:
        self.action_move(step * max(1, self.size.height - 1))

    def action_ends(self, which: int) -> None:
        self.cursor = 0 if which == 0 else max(0, len(self.entries) - 1)

    def action_choose(self) -> None:
        if self.entries:
            self.post_message(self.Chosen(self.entries[self.cursor]))

    def on_click(self, event: Click) -> None:
        index = self.scroll_offset.y + event.y
        if 0 <= index < len(self.entries):
            if index == self.cursor:
                self.action_choose()
            self.cursor = index


class HistoryScreen(Screen[str | None]):
    """Returns the id of the game to replay, or None to go back."""

    CSS_PATH = Path(__file__).with_name("looking_back.tcss")
    BINDINGS = [Binding("escape,q,b", "back", "Back", key_display="Esc")]

    def __init__(self, entries: list[HistoryEntry]) -> None:
        super().__init__()
        self.entries = {e.game_id: e for e in entries}
        """The games listed, by id, newest first."""

    def compose(self) -> ComposeResult:
        count = len(self.entries)
        yield Plain(marks(f"History · {count} game{'s' if count != 1 else ''}, newest first"),
                     classes="heading", id="history-heading")
        if count:
            yield Plain(header_text(), id="history-header")
            yield GameList(list(self.entries.values()), id="history-list")
        else:
            yield Plain("No finished games yet. Play one and it is kept here, move by move, "
                         "to replay and review.", id="history-empty")
        yield Plain(marks(KEYS), classes="keys", id="history-keys")
        yield Footer()

    def on_mount(self) -> None:
        if self.entries:
            self.query_one(GameList).focus()

    def on_game_list_chosen(self, message: GameList.Chosen) -> None:
        message.stop()
        entry = message.entry
        if not entry.replay:
            self.notify(NO_REPLAY_NOTE, severity="warning", timeout=5)
            return
        self.dismiss(entry.game_id)

    def action_back(self) -> None:
        self.dismiss(None)
