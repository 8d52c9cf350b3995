"""Every key of the table on one page, opened with '?', what the marks on the cards mean
and the game's words (`glossary.TERMS`); made from the key table (`keys.KEYS`)."""

from __future__ import annotations

from rich.table import Table
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen

from ...engine import Rules
from ...session.glossary import terms
from ...session.keys import CLICKS, MARKS, help_rows
from ...session.palette import marks
from ..plain import Plain
from .common import back_link


def keys_table(rules: Rules | None = None) -> Table:
    """The keys of a table with these rules (all keys without), the mouse and the marks
    on the cards, as a two-column table."""
    table = Table(show_header=False, box=None, padding=(0, 2, 0, 0), expand=False)
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for keys, meaning in (*help_rows(rules), *CLICKS):
        table.add_row(marks(keys), meaning)
    table.add_row("", "")
    for mark, meaning in MARKS:
        table.add_row(marks(mark), marks(meaning))
    table.add_row("", "")
    table.add_row("Words", "", style="underline")
    for word, meaning in terms(rules):
        table.add_row(marks(word), marks(meaning))
    return table


class HelpScreen(ModalScreen[None]):
    """Shows the keys; its Back (a tap), Esc, ? or Q closes it."""

    BINDINGS = [Binding("escape,question_mark,q", "close", "Close")]

    AUTO_FOCUS = "#help-keys"
    """What has the focus first (`tui/screens/__init__.py` says why not `on_mount`)."""

    def __init__(self, rules: Rules | None = None) -> None:
        super().__init__()
        self.rules = rules
        """The table's rules: keys they have no use for are left out (None: every key)."""

    def compose(self) -> ComposeResult:
        with Vertical(id="help", classes="dialog"):
            yield Plain("Keys at the table", classes="heading")
            with VerticalScroll(id="help-keys"):
                yield Plain(keys_table(self.rules))
            yield Plain(Content.from_markup(back_link("close", keys="Esc, ? or Q")),
                         classes="keys")

    def action_close(self) -> None:
        self.dismiss(None)

    def on_click(self, event: events.Click) -> None:
        # A click outside the box closes it, as a click on a dimmed background suggests.
        if event.widget is self:
            self.dismiss(None)
