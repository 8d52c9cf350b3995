"""The whole match so far, round by round: the table's log to scroll back through.

Opened with R at the table (the table is paused behind it). The log strip under the
ring shows the last few lines; this shows every line kept, under a heading for each
round, newest at the bottom and in view.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen

from ...session.wording import ascii_text
from ..plain import Plain
from .common import back_link, keys_and_back


def story_text(chapters: list[tuple[int, list[str]]], ascii_only: bool = False) -> Text:
    """The chapters as text: a bold heading for each round, then its lines."""
    text = Text()
    for number, lines in chapters:
        if text:
            text.append("\n")
        text.append(f"Round {number}\n" if number else "Earlier\n", style="bold underline")
        for line in lines:
            text.append((ascii_text(line) if ascii_only else line) + "\n")
    if not text:
        text.append("Nothing has happened yet.", style="dim")
    return text


class MatchStory(ModalScreen[None]):
    """Every line of the match's log by round; its Back (a tap), Esc, R or Q goes back to
    the table."""

    BINDINGS = [Binding("escape,r,q", "close", "Back to the table")]

    AUTO_FOCUS = "#story-lines"
    """What has the focus first (`tui/screens/__init__.py` says why not `on_mount`)."""

    def __init__(self, chapters: list[tuple[int, list[str]]], *, ascii_only: bool = False):
        super().__init__()
        self.chapters = chapters
        """(round, its lines), oldest first."""
        self.ascii_only = ascii_only

    def compose(self) -> ComposeResult:
        scroll = "Up/Down/PgUp/PgDn scroll" if self.ascii_only else "↑ ↓ PgUp PgDn scroll"
        back = keys_and_back(scroll, back_link("close", "Back to the table", "Esc, R or Q"),
                             self.app.size.width < 80)
        with Vertical(id="story"):
            yield Plain("The match so far", classes="heading")
            with VerticalScroll(id="story-lines"):
                yield Plain(story_text(self.chapters, self.ascii_only), id="story-text")
            yield Plain(Content.from_markup(back), classes="keys")

    def on_mount(self) -> None:
        for lines in self.query("#story-lines").results(VerticalScroll):  # else closed already
            self.call_after_refresh(lines.scroll_end, animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
