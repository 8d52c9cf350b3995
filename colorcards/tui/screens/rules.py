"""The rules: this table's in the player's words with the options in force, and the
whole rulebook (RULES.md, shipped in the package), each on a tab of its own.

Textual's Markdown makes a widget of every paragraph, list item and table cell, and
mounting the rulebook's thousand of them at once kept the screen from its first frame
for over a second. A page is therefore filled a part at a time, one part a frame: the
first screenful comes at once, the rest while the player reads it, and the rulebook only
once its tab is opened."""

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


PART_LINES = 12
"""Lines of Markdown in a part of a page, at least: the first fills a terminal of 24 rows."""


def parts(markdown: str, lines: int = PART_LINES) -> list[str]:
    """`markdown` cut before its headings into the parts a page is filled with, each at
    least `lines` long but the last (a cut falls only before a heading, so no list,
    table or paragraph is ever split)."""
    cut: list[list[str]] = [[]]
    for line in markdown.splitlines(keepends=True):
        if line.startswith("#") and len(cut[-1]) >= lines:
            cut.append([])
        cut[-1].append(line)
    return ["".join(part) for part in cut if part]


class RulesMarkdown(Markdown):
    """A page of rules, filled a part at a time (`fill`) once it is shown; its list
    bullets are ASCII on a terminal without Unicode."""

    def __init__(self, markdown: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._parts = parts(markdown)
        """What is still to be shown, in order."""
        self.filled = False
        """True once the whole page is shown."""
        self._filling = False
        if not unicode_ok():
            self.BULLETS = ["- ", "* ", "+ "]

    def fill(self) -> None:
        """Show the page: its first part now, each of the others a frame later."""
        if not self._filling:
            self._filling = True
            self.call_next(self._next_part)

    async def _next_part(self) -> None:
        if self._parts:
            await self.append(self._parts.pop(0))
        if self._parts:
            self.call_after_refresh(self._next_part)
        else:
            self.filled = True


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
        self._show_page()

    def _page(self) -> VerticalScroll:
        """The page on the tab being shown."""
        active = self.query_one(TabbedContent).active or "table"
        return self.query_one(f"#{PAGES[active]}", VerticalScroll)

    def _show_page(self) -> None:
        """The page on the tab being shown takes the keys, and is filled if it was not."""
        page = self._page()
        page.query_one(RulesMarkdown).fill()
        page.focus()

    @property
    def filled(self) -> bool:
        """True once the page on the tab being shown is shown whole."""
        return self._page().query_one(RulesMarkdown).filled

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        """A tab chosen with the mouse or the keys: its page takes the keys."""
        self._show_page()

    def action_show(self, tab: str) -> None:
        self.query_one(TabbedContent).active = tab

    def action_page_down(self) -> None:
        self._page().scroll_page_down()

    def action_back(self) -> None:
        self.dismiss(None)
