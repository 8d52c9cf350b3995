"""The rules of the preset being played, in the player's words, with the options in force."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Markdown

from ...engine import Rules
from .rules_text import rules_markdown


class RulesScreen(Screen[None]):
    """A scrollable page of rules; Escape, Q or B goes back."""

    BINDINGS = [
        Binding("escape,q,b", "back", "Back"),
        Binding("space", "page_down", "Page down", show=False),
    ]

    def __init__(self, preset_key: str, rules: Rules) -> None:
        super().__init__()
        self.preset_key = preset_key
        """Which preset's rules to explain."""
        self.rules = rules
        """The options in force, including any the player changed."""

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="rules-page"):
            yield Markdown(rules_markdown(self.preset_key, self.rules), id="rules-text")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#rules-page").focus()

    def action_page_down(self) -> None:
        self.query_one("#rules-page", VerticalScroll).scroll_page_down()

    def action_back(self) -> None:
        self.dismiss(None)
