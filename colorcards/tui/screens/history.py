"""History: the player's finished games, newest first; Enter opens one in the replay.

Handed the store's `HistoryEntry` list, it returns the chosen game's id with
`dismiss()`. A game recorded before games were kept whole is listed with "no replay"
and Enter on it only says so: nothing in the list can break it.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from ...store.history import preset_title, result_words
from ...store.records import HistoryEntry
from ..palette import marks
from .common import LEVEL_TITLES

NO_REPLAY_NOTE = ("This game was played before games were kept move by move: "
                  "it has no replay.")


def date_words(entry: HistoryEntry) -> str:
    """'Tue 1 Dec 2026 19:05' in local time; '?' for a date that does not read."""
    try:
        moment = entry.when().astimezone()
    except (ValueError, OverflowError):
        return "?"
    return f"{moment:%a} {moment.day} {moment:%b %Y %H:%M}"


def row_cells(entry: HistoryEntry) -> tuple:
    """The cells of one game's row: date, preset, level, result and place, turns, replay."""
    if entry.replay:
        replay = Text("reviewed" if entry.reviewed else "replay", style="bold")
    else:
        replay = Text("no replay", style="dim")
    style = "bold" if entry.result == "win" and not entry.abandoned else ""
    return (date_words(entry), preset_title(entry.preset),
            LEVEL_TITLES.get(entry.difficulty, entry.difficulty.title()),
            Text(result_words(entry), style=style), Text(str(entry.turns), justify="right"),
            replay)


class HistoryScreen(Screen[str | None]):
    """Returns the id of the game to replay, or None to go back."""

    CSS_PATH = Path(__file__).with_name("learn.tcss")
    BINDINGS = [
        Binding("escape,q,b", "back", "Back"),
        Binding("enter", "open", "Replay", key_display="Enter"),
        Binding("home", "ends(0)", "Newest", show=False, priority=True),
        Binding("end", "ends(-1)", "Oldest", show=False, priority=True),
    ]

    def __init__(self, entries: list[HistoryEntry]) -> None:
        super().__init__()
        self.entries = {e.game_id: e for e in entries}
        """The games listed, by id, newest first."""

    def compose(self) -> ComposeResult:
        count = len(self.entries)
        yield Static(f"History · {count} game{'s' if count != 1 else ''}, newest first",
                     classes="heading", id="history-heading")
        if count:
            yield DataTable(id="history-table", cursor_type="row", zebra_stripes=True)
        else:
            yield Static("No finished games yet. Play one and it is kept here, move by move, "
                         "to replay and review.", id="history-empty")
        yield Static(marks("↑↓ choose · Home/End newest/oldest · Enter replay · Esc back"),
                     classes="keys")
        yield Footer()

    def on_mount(self) -> None:
        if not self.entries:
            return
        table = self.query_one(DataTable)
        for label in ("Date", "Preset", "Level", "Result", "Turns", "Replay"):
            table.add_column(label, key=label.lower())
        add = table.add_row
        for game_id, entry in self.entries.items():
            add(*row_cells(entry), key=game_id)  # a selection reads back the game it shows
        table.focus()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self._open(event.row_key.value)

    def action_open(self) -> None:
        if not self.entries:
            return
        table = self.query_one(DataTable)
        if table.row_count:
            self._open(table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value)

    def _open(self, game_id: str | None) -> None:
        entry = self.entries.get(game_id or "")
        if entry is None:
            return
        if not entry.replay:
            self.notify(NO_REPLAY_NOTE, severity="warning", timeout=5)
            return
        self.dismiss(entry.game_id)

    def action_ends(self, which: int) -> None:
        """Home: the newest game; End: the oldest."""
        if self.entries:
            table = self.query_one(DataTable)
            table.move_cursor(row=0 if which == 0 else table.row_count - 1)

    def action_back(self) -> None:
        self.dismiss(None)
