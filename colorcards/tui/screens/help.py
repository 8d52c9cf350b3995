"""Every key of the table on one page, opened with '?'."""

from __future__ import annotations

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ..palette import marks

#: (keys, what they do) in the order a turn uses them.
KEYS: tuple[tuple[str, str], ...] = (
    ("← / →", "move along your hand"),
    ("Enter or Space", "play the selected card"),
    ("1 – 9", "play the card with that number (as Enter plays the selected one)"),
    ("D", "draw a card"),
    ("P", "pass (after drawing)"),
    ("L", "call Last Card"),
    ("C", "catch a player who forgot to call Last Card"),
    ("A", "accept a penalty, or the outcome of a challenge"),
    ("X", "challenge a Wild Draw Four"),
    ("H", "hint: the coach's move, as the review would judge it; Enter makes it"),
    ("Shift+← / Shift+→", "move the selected card within your hand"),
    ("S", "sort your hand"),
    ("R", "the whole match so far, round by round"),
    ("?", "this page"),
    ("Esc", "menu: resume, new game, rules, sound, quit"),
    ("Click a card", "play it"),
    ("Click the deck", "draw"),
)


def keys_table() -> Table:
    """The keys as a two-column table."""
    table = Table(show_header=False, box=None, padding=(0, 2, 0, 0), expand=False)
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for keys, meaning in KEYS:
        table.add_row(marks(keys), meaning)
    return table


class HelpScreen(ModalScreen[None]):
    """Shows the keys; any of Esc, ? or Q closes it."""

    BINDINGS = [Binding("escape,question_mark,q", "close", "Close")]

    def compose(self) -> ComposeResult:
        with Vertical(id="help", classes="dialog"):
            yield Static("Keys at the table", classes="heading")
            with VerticalScroll(id="help-keys"):
                yield Static(keys_table())
            yield Static("Esc, ? or Q to go back", classes="keys")

    def on_mount(self) -> None:
        self.query_one("#help-keys").focus()

    def action_close(self) -> None:
        self.dismiss(None)

    def on_click(self, event) -> None:
        # A click outside the box closes it, as a click on a dimmed background suggests.
        if event.widget is self:
            self.dismiss(None)
