"""Review: the coach's verdict on a kept game, and its costly moments in words.

The weighing (`replay.review`) runs in the coach's process (coach/service.py, the
app's one child: the table's, the background reviews'), never in the app's: a thread
worker only reads its answers, so the screen keeps answering keys. A progress bar moves
after each decision weighed, and Escape leaves at any time (the review is dropped; every
decision weighed was handed back). What was weighed is handed to `keep` (the store keeps it
with the game), finished or not: a finished review is shown at once the next time, one
left half-way resumes where it stopped. Enter (or T) on a moment returns ('try', index):
try it again as an exercise before the answer is read; R returns ('replay', frame) to
open the replay at the highlighted moment (at the deal when none is listed).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, ProgressBar, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from ...coach.words import costly_words
from ...engine import preset_title
from ...replay.background import Reviewer
from ...replay.kept import KeptGame
from ...replay.review import Review, accuracy, summary_words
from ...session.palette import marks, unicode_ok
from ...session.results import review_lines
from ..plain import Plain
from .common import LEVEL_TITLES

PRACTICE_NOTE = (" A practice game (the coach was on): not counted in your record; a move "
                 "taken back is not in it, only the move made instead.")
"""Said of a practice game under its review's heading (its replay says it in its header)."""

ASCII_BAR = 20
"""Width of the progress bar drawn in ASCII when the terminal has no Unicode."""


def review_marks(result: Review, palette: str = "classic",
                 seat_names: tuple[str, ...] = (),
                 kept: KeptGame | None = None) -> dict[int, str]:
    """Replay frame -> the words of the costly moment decided there (the frame before
    the move, so the hand still holds what was played)."""
    return {m.index: line for m, line in zip(
        result.costliest(), review_lines(result, palette, seat_names, kept), strict=True)}


class ReviewScreen(Screen[tuple[str, int] | None]):
    """The review of one game: computed in a worker unless handed one already kept."""

    CSS_PATH = Path(__file__).with_name("looking_back.tcss")
    BINDINGS = [
        Binding("escape,q", "back", "Back", key_display="Esc"),
        Binding("enter,t", "try_again", "Try again", key_display="Enter"),
        Binding("r", "replay", "Replay", key_display="R"),
    ]

    def __init__(self, kept: KeptGame, kept_review: Review | None = None,
                 keep: Callable[[Review], None] | None = None,
                 reviewer: Reviewer | None = None) -> None:
        super().__init__()
        self.reviewer = reviewer or Reviewer()
        """Where the game is weighed (the coach's process)."""
        self.kept = kept
        """The game reviewed."""
        self.result = kept_review
        """The review as kept or weighed so far (complete once every decision is weighed)."""
        self.keep = keep
        """Where a review just computed is kept (None: nowhere, e.g. an exported file)."""
        self.palette = kept.rules.palette

    def compose(self) -> ComposeResult:
        kept = self.kept
        level = LEVEL_TITLES.get(kept.difficulty, kept.difficulty.title())
        result = (kept.expected or {}).get("result")
        came = {"win": "won", "loss": "lost", "draw": "drawn"}.get(result or "", "")
        with Vertical(id="review-page"):
            yield Plain(marks(f"Review · {preset_title(kept.preset) or 'Game'} · {level}"
                               + (f" · {came}" if came else "")
                               + (" · practice" if kept.practice else "")),
                         classes="heading", id="review-heading")
            yield Plain(marks(
                f"Each of your decisions with a choice, weighed by the coach from what you "
                f"could see then: the cards you could not see dealt at random many times over "
                f"and every option played out, the computers at {level}. A move is listed "
                f"only when it clearly lowered your chance to win the round, by "
                f"{costly_words()}, measured on fresh deals."
                + (PRACTICE_NOTE if kept.practice else "")),
                id="review-how")
            yield Plain(id="review-status")
            yield ProgressBar(id="review-progress", show_eta=False)
            # The summary stays in sight above the moments, which scroll on their own
            # (in one scroll with them, the list's focus scrolled the summary away at
            # 80x24, and its last moment stayed cut below the screen).
            yield Plain(id="review-summary")
            yield OptionList(id="review-moments")
            yield Plain(id="review-keys", classes="keys")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#review-moments").display = False
        self.query_one(ProgressBar).display = unicode_ok()
        self._keys(listed=False)
        if self.result is not None and self.result.complete:
            self._show(self.result)
        else:
            self.query_one("#review-status", Static).update(marks("Replaying the game…"))
            self._compute(self.result)

    def _keys(self, listed: bool) -> None:
        words = "R: replay from the start · Esc: back"
        if listed:
            words = ("Enter: try that moment again (the answer after your move) · R: replay "
                     "the game from there · Esc: back")
        elif self.result is None or not self.result.complete:
            words += " (what is weighed is kept: the review goes on from there next time)"
        self.query_one("#review-keys", Static).update(marks(words))

    # ---------------------------------------------------------------- the worker

    @work(thread=True, exclusive=True, group="review", exit_on_error=False)
    def _compute(self, resume: Review | None) -> None:
        worker = get_current_worker()

        def weighed(data: dict[str, Any]) -> None:
            so_far = Review.from_json(data)
            if so_far is None:
                return
            self.result = so_far  # read on the event loop when the player leaves
            if not worker.is_cancelled:
                self.app.call_from_thread(self._progress, len(so_far.moments), so_far.total)

        complete = self.reviewer.review(self.kept, None if resume is None else resume.as_json(),
                                        weighed)
        result = self.result
        if complete and result is not None and not worker.is_cancelled:
            self.app.call_from_thread(self._finished, result)

    def _progress(self, done: int, total: int) -> None:
        bar = self.query_one(ProgressBar)
        bar.update(total=max(total, 1), progress=done)
        words = (f"Weighing your decisions: {done} of {total} done."
                 if total else "Weighing…")
        if not unicode_ok():  # Textual's bar is drawn with block characters: draw one here
            filled = round(ASCII_BAR * done / max(total, 1))
            words = f"[{'#' * filled}{'.' * (ASCII_BAR - filled)}] {words}"
        self.query_one("#review-status", Static).update(marks(words))

    def _finished(self, result: Review) -> None:
        self.result = result
        if self.keep is not None:
            self.keep(result)
        self._show(result)

    # ---------------------------------------------------------------- showing

    def _show(self, result: Review) -> None:
        self.query_one(ProgressBar).display = False
        self.query_one("#review-status", Static).display = False
        measure = accuracy(result)
        words = summary_words(result) + (f" {measure.words()}" if measure else "")
        self.query_one("#review-summary", Static).update(marks(words))
        moments = self.query_one("#review-moments", OptionList)
        moments.clear_options()
        lines = review_lines(result, self.palette, self.kept.seat_names, self.kept)
        for moment, line in zip(result.costliest(), lines, strict=True):
            moments.add_option(Option(Text(line), id=str(moment.index)))
        self._keys(listed=bool(lines))
        if lines:
            moments.display = True
            moments.highlighted = 0
            moments.focus()

    # ---------------------------------------------------------------- keys

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter (or a click) on a listed moment: try it again, before the answer."""
        event.stop()
        if event.option.id is not None:
            self.dismiss(("try", int(event.option.id)))

    def action_try_again(self) -> None:
        """The highlighted moment as an exercise: find the better move yourself."""
        moments = self.query_one("#review-moments", OptionList)
        if not moments.display or moments.highlighted is None:
            self.app.bell()
            return
        option = moments.get_option_at_index(moments.highlighted)
        if option.id is not None:
            self.dismiss(("try", int(option.id)))

    def action_replay(self) -> None:
        """The replay, at the highlighted moment if one is listed (Home there: the deal)."""
        moments = self.query_one("#review-moments", OptionList)
        at = 0
        if moments.display and moments.highlighted is not None:
            at = int(moments.get_option_at_index(moments.highlighted).id or 0)
        self.dismiss(("replay", at))

    def on_unmount(self) -> None:
        self.reviewer.cancel()  # the app closing: what was weighed was handed back

    def action_back(self) -> None:
        self.workers.cancel_group(self, "review")
        self.reviewer.cancel()
        result = self.result
        if result is not None and not result.complete and self.keep is not None:
            self.keep(result)  # what was weighed is kept: the next visit goes on from there
        self.dismiss(None)
