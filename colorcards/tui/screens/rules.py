"""The rules: this table's in the player's words with the options in force, and the
whole rulebook (RULES.md, shipped in the package), each on a tab of its own."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Markdown, TabbedContent, TabPane

from ...engine import COLOURS, Rules
from ...rulebook import players_rulebook
from ..palette import marks, unicode_ok
from .rules_text import rules_markdown

#: Each tab's id and the id of the scrolling page inside it.
PAGES = {"table": "rules-page", "rulebook": "rulebook-page"}

#: What the rulebook writes beyond ASCII that `marks` leaves: the shapes and '§'.
_ASCII_BOOK = str.maketrans({**{c.glyph: c.ascii for c in COLOURS}, "§": "section "})


def rulebook_shown() -> str:
    """The rulebook as the screen shows it: on a terminal without Unicode, every shape
    as its colour's ASCII glyph, dashes and '§' in words."""
    if unicode_ok():
        return players_rulebook()
    return marks(players_rulebook()).translate(_ASCII_BOOK)


class RulesMarkdown(Markdown):
    """A page of rules; its list bullets are ASCII on a terminal without Unicode."""

    def __init__(self, markdown: str, **kwargs: Any) -> None:
        super().__init__(markdown, **kwargs)
        if not unicode_ok():
            self.BULLETS = ["- ", "* ", "+ "]


class RulesScreen(Screen[None]):
    """A scrollable page of rules; T and R switch between this table's rules and the
    rulebook; Escape, Q or B goes back."""

    BINDINGS = [
        Binding("escape,q,b", "back", "Back"),
        Binding("t", "show('table')", "This table"),
        Binding("r", "show('rulebook')", "Rulebook"),
        Binding("space", "page_down", "Page down", show=False),
    ]

    SCOPED_CSS = False  # the ASCII rule below starts from the app
    DEFAULT_CSS = """
    RulesScreen #rulebook-page {
        padding: 0 2;
        align-horizontal: center;
    }
    RulesScreen #rulebook-text {
        max-width: 100;
    }
    App.-ascii RulesScreen Underline {
        display: none;  /* its bar is drawn with box characters; the active tab is bold */
    }
    App.-ascii RulesScreen MarkdownTableContent {
        keyline: none;  /* its lines are box characters: the columns stand apart anyway */
    }
    """

    def __init__(self, preset_key: str, rules: Rules) -> None:
        super().__init__()
        self.preset_key = preset_key
        """Which preset's rules to explain."""
        self.rules = rules
        """The options in force, including any the player changed."""

    def compose(self) -> ComposeResult:
        with TabbedContent(initial="table"):
            with TabPane("This table", id="table"), VerticalScroll(id="rules-page"):
                yield RulesMarkdown(rules_markdown(self.preset_key, self.rules),
                                    id="rules-text")
            with TabPane("Rulebook", id="rulebook"), VerticalScroll(id="rulebook-page"):
                yield RulesMarkdown(rulebook_shown(), id="rulebook-text")
        yield Footer()

    def on_mount(self) -> None:
        self._page().focus()

    def _page(self) -> VerticalScroll:
        """The page on the tab being shown."""
        active = self.query_one(TabbedContent).active or "table"
        return self.query_one(f"#{PAGES[active]}", VerticalScroll)

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        """A tab chosen with the mouse or the keys: its page takes the keys."""
        self._page().focus()

    def action_show(self, tab: str) -> None:
        self.query_one(TabbedContent).active = tab

    def action_page_down(self) -> None:
        self._page().scroll_page_down()

    def action_back(self) -> None:
        self.dismiss(None)
