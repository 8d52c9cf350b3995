"""The rules: this table's in the player's words with the options in force, and the
whole rulebook (RULES.md, shipped in the package), each on a tab of its own.

Each page is one Static drawing Rich's Markdown. Textual's Markdown widget makes a widget
of every paragraph, list item and table cell, and mounting the rulebook's thousand of
them kept the screen from its first frame for over a second (filled a part a frame,
the first words still came late); one Static is laid out whole, at once, so End goes
to the real end at once."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.markdown import Markdown
from rich.segment import Segment
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static, TabbedContent, TabPane

from ...engine import COLOURS, Rules
from ...rulebook import players_rulebook
from ...session.palette import marks, unicode_ok
from ..plain import Plain
from .common import DrawnOnce
from .go import Back, Host

if TYPE_CHECKING:
    from ..app import ColorCardsApp
from .rules_text import rules_markdown

PLACE = {"name": "rules", "label": "Rules", "key": "r", "title": 5}
"""On the title (the registry, screens/__init__.py) and the pause menu."""

INSTALLED = "rules"
"""The name the Rules screen is kept under between openings (`App.install_screen`):
composing, styling and laying out its tabs again was most of each opening."""


def show(app: Host, back: Back) -> None:
    """The Rules screen for the table being played, or the settings' table."""
    preset, rules = app.table_rules()
    screen = kept(app)
    if screen is None or (screen.preset_key, screen.rules) != (preset, rules):
        if screen is not None:
            app.uninstall_screen(INSTALLED)
            if screen not in app.screen_stack:
                screen.remove()
        screen = RulesScreen(preset, rules)
        app.install_screen(screen, INSTALLED)
    app.push_screen(screen, lambda _: back())


def ahead(app: ColorCardsApp) -> None:
    """While the player reads the title: the Rules screen of the table the title would
    deal, its page laid out, kept for its first opening, which then has only Textual's
    part to do (Rich's Markdown parsed and laid out twice was a large part of it)."""
    if kept(app) is not None:
        return
    screen = RulesScreen(*app.table_rules())
    app.install_screen(screen, INSTALLED)
    app.call_later(screen.lay_out_ahead, app, app.size.width)


def kept(app: Host) -> RulesScreen | None:
    """The Rules screen kept from its last opening, if any."""
    if not app.is_screen_installed(INSTALLED):
        return None
    screen = app.get_screen(INSTALLED)
    return screen if isinstance(screen, RulesScreen) else None


#: Each tab's id and the id of the scrolling page inside it.
PAGES = {"table": "rules-page", "rulebook": "rulebook-page"}

#: What the rulebook writes beyond ASCII that `marks` leaves: the shapes and '§'.
_ASCII_BOOK = str.maketrans({**{c.glyph: c.ascii for c in COLOURS}, "§": "section "})

#: What Rich's Markdown draws beyond ASCII: list bullets and the rules under headings
#: and table headers.
_ASCII_DRAWN = str.maketrans({"•": "-", "─": "-", "━": "=", "│": "|"})


def rulebook_shown() -> str:
    """The rulebook as the screen shows it: on a terminal without Unicode, every shape
    as its colour's ASCII glyph, dashes and '§' in words."""
    if unicode_ok():
        return players_rulebook()
    return marks(players_rulebook()).translate(_ASCII_BOOK)


class LaidOut(DrawnOnce):
    """Rich's Markdown laid out once for each width it is drawn at: a page of Markdown is
    most of what opening the screen costs. The first frame lays a long page out at two
    widths (without the scrollbar, then with it): the last three widths are kept. On a
    terminal without Unicode, `_ASCII_DRAWN` is applied to what it draws."""

    def __init__(self, markdown: str, ascii_only: bool) -> None:
        super().__init__(Markdown(markdown), keep=3)
        self.ascii_only = ascii_only

    def finish(self, segments: list[Segment]) -> list[Segment]:
        if not self.ascii_only:
            return segments
        return [Segment(text.translate(_ASCII_DRAWN), style, control)
                for text, style, control in segments]


def rules_page(markdown: str) -> LaidOut:
    """A page of rules as the terminal can draw it (ASCII only without Unicode)."""
    return LaidOut(markdown, ascii_only=not unicode_ok())


#: The page's text is this much narrower than the screen: its padding (`#rules-page` in
#: screens.tcss), and then also the scrollbar of a page longer than the screen.
PAGE_MARGIN, SCROLLBAR = 4, 2

#: The widest the page's text is drawn (`#rules-text` in screens.tcss).
PAGE_WIDTH = 100


class RulesScreen(Screen[None]):
    """A scrollable page of rules; T and R switch between this table's rules and the
    rulebook; Escape, Q or B goes back."""

    BINDINGS = [
        Binding("escape,q,b", "back", "Back", key_display="Esc"),
        Binding("t", "show('table')", "This table"),
        Binding("r", "show('rulebook')", "Rulebook"),
        Binding("space", "page_down", "Page down", show=False),
    ]

    AUTO_FOCUS = "#rules-page"
    """The page takes the keys from the start: focusing the tabs first, as Textual
    would, and then the page restyled both once more."""

    SCOPED_CSS = False  # the ASCII rule below starts from the app
    DEFAULT_CSS = """
    RulesScreen #rules-page, RulesScreen #rulebook-page {
        padding: 0 2;
    }
    RulesScreen #rulebook-page {
        align-horizontal: center;
    }
    RulesScreen #rulebook-text {
        max-width: 100;
    }
    App.-ascii RulesScreen Underline {
        display: none;  /* its bar is drawn with box characters; the active tab is bold */
    }
    """

    def __init__(self, preset_key: str, rules: Rules) -> None:
        super().__init__()
        self.preset_key = preset_key
        """Which preset's rules to explain."""
        self.rules = rules
        """The options in force, including any the player changed."""
        self._rulebook_filled = False
        self._page_text = rules_page(rules_markdown(preset_key, rules))

    def lay_out_ahead(self, app: App[Any], width: int) -> None:
        """Lay this table's page out for a screen `width` columns wide, as its first frame
        will (without the scrollbar, then with it), before the screen is opened: the
        app does it while the title is read."""
        for margin in (PAGE_MARGIN, PAGE_MARGIN + SCROLLBAR):
            options = app.console_options.update_width(min(PAGE_WIDTH, width - margin))
            self._page_text.lay_out(app.console, options.update(highlight=False))

    def compose(self) -> ComposeResult:
        with TabbedContent(initial="table"):
            with TabPane("This table", id="table"), VerticalScroll(id="rules-page"):
                yield Plain(self._page_text, id="rules-text")
            with TabPane("Rulebook", id="rulebook"), VerticalScroll(id="rulebook-page"):
                yield Plain(id="rulebook-text")  # read once its tab is first shown
        yield Footer()

    def on_mount(self) -> None:
        self._page().focus()

    def on_screen_suspend(self) -> None:
        """Left. The app keeps this screen for its next opening, which opens as a new
        screen would, on this table's rules at the top: put back now, while nobody sees
        it, the next opening's first frame is already so (put back as it opened, that
        frame showed the tab and the place it was left at)."""
        self.query_one(TabbedContent).active = "table"
        for page in PAGES.values():
            # At once: a scroll left for the next refresh waits on a screen not shown.
            page_scroll = self.query_one(f"#{page}", VerticalScroll)
            page_scroll.scroll_home(animate=False, immediate=True)
        self._page().focus()

    def _fill_rulebook(self) -> None:
        """The rulebook's page, the first time it is shown (parsing it is most of what
        opening the screen would cost)."""
        if not self._rulebook_filled:
            self._rulebook_filled = True
            self.query_one("#rulebook-text", Static).update(rules_page(rulebook_shown()))

    def _page(self) -> VerticalScroll:
        """The page on the tab being shown."""
        active = self.query_one(TabbedContent).active or "table"
        return self.query_one(f"#{PAGES[active]}", VerticalScroll)

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        """A tab chosen with the mouse or the keys: its page takes the keys."""
        if self.query_one(TabbedContent).active == "rulebook":
            self._fill_rulebook()
        self._page().focus()

    def action_show(self, tab: str) -> None:
        self.query_one(TabbedContent).active = tab

    def action_page_down(self) -> None:
        self._page().scroll_page_down()

    def action_back(self) -> None:
        self.dismiss(None)
