"""The colorcards app: wiring between the title, the screens, the table and the results.

Where each thing lives: the screens and how each opens, the registry (screens/); the
game at the table, session/ (the table screen draws it); when Python's collector runs,
collector.py; the coach's process and the background reviews, and what quitting stops,
helpers.py; the screens' imports after the title, preload.py. The app holds the store
and the game being played, and takes every screen's answer in one place (`go`).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import App
from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen

from ..session.clocks import Clock, LoopClock, Timer
from ..session.palette import unicode_ok
from ..settings import GameSettings
from . import preload, screens
from .collector import Collector
from .helpers import Helpers
from .screens.common import ascii_scrollbars
from .screens.go import Answer, Back, Go

if TYPE_CHECKING:
    import subprocess

    from ..coach.remote import RemoteCoach
    from ..engine import Rules
    from ..replay.background import BackgroundReviews
    from ..replay.kept import KeptGame
    from ..session.controller import GameController
    from ..session.seating import Seating
    from ..store import Store
    from .screens.table import TableScreen

HERE = Path(__file__).parent

REVIEWS_AFTER = 3.0
"""Seconds after the app starts (on its clock) before the background reviews begin: the
title's first frame is drawn long before."""

RETRY_SECONDS = 2.0
"""While a write fails (a full disk), how often what is not saved is written again: the
game at the table and a finished game's record. The player is told when it works."""

NOT_RECORDED = ("Your last game's result is not saved yet: the disk refused it ({why}). "
                "It is saved as soon as there is room. Quit anyway, and lose it?")
"""Asked before quitting while a finished game's record waits to be written."""


class ColorCardsApp(App[int]):
    """Title, new game, table, results, statistics and rules, with autosave throughout."""

    CSS_PATH = [HERE / "app.tcss", HERE / "narrow.tcss", *screens.stylesheets()]
    """Every stylesheet is read with the app's: a screen that brings CSS the app has not
    read makes Textual parse every stylesheet again and restyle the whole app as it
    first opens (tests/benchmarks/TUI.md)."""
    TITLE = "Color Cards"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [Binding("ctrl+c", "quit", show=False, priority=True)]
    """Ctrl+C quits, the game saved, as in any terminal program (Textual's own answer
    was a notice over the table, 'Do you want to quit? Press ctrl+q')."""

    def __init__(self, data_dir: str | Path | None = None, seed: int | None = None,
                 settings: GameSettings | None = None, *, direct: bool = False,
                 delay: float | None = None, window_seconds: float | None = None,
                 turn_seconds: float | None = None, store: Store | None = None,
                 background_reviews: bool = False, clock: Clock | None = None,
                 helpers: Helpers | None = None, collector: Collector | None = None):
        super().__init__()
        self.data_dir = data_dir
        """Where saves and statistics live (None: the platform's data directory)."""
        self.seed = seed
        """A reproducible deal for the first game started (--seed)."""
        self.settings = settings or GameSettings()
        """The settings of the last game started; the New game screen starts from them."""
        self.direct = direct
        """Skip the title and start a game with `settings` at once (command-line flags)."""
        self.pace: dict[str, float] = {name: value for name, value in (
            ("delay", delay), ("window_seconds", window_seconds),
            ("turn_seconds", turn_seconds)) if value is not None}
        """The table's pace where it is not the settings' (tests: `delay` 0 with a `clock`
        they move on themselves)."""
        self._calendar: Callable[[], float] = time.time if clock is None else clock.now
        self._own_clock: LoopClock | None = None
        if clock is None:
            clock = self._own_clock = LoopClock(failed=self._clock_failed)
        self.clock: Clock = clock
        """The time every table keeps (session/clocks.py), and every timer and thread of
        the app's: the loop's, on the monotonic clock, or a test's, moved on by hand."""
        self.background_reviews = background_reviews
        """Review finished games in the background (replay/background.py), so that
        accuracy builds up without anyone asking (the program turns it on: cli.py)."""
        self.helpers = helpers or Helpers()
        """The coach's process and the background reviews (helpers.py)."""
        self.collector = collector or Collector()
        """When Python's collector runs (collector.py; the program's walks every
        generation)."""
        self._store = store
        self.controller: GameController | None = None
        """The game at the table, if any."""
        self._table: TableScreen | None = None
        """The table screen of `controller`: the app's notices are said on it."""
        self.sound = True
        """Ring the terminal bell when it is your turn."""
        self._retrying: Timer | None = None
        """The timer that writes again what a failed write left unsaved (`RETRY_SECONDS`)."""

    # ---------------------------------------------------------------- start and stop

    def on_mount(self) -> None:
        self.set_class(not unicode_ok(), "-ascii")
        ascii_scrollbars(not unicode_ok())
        if self._store is None:
            from ..store import Store

            self._store = Store.open(self.data_dir)
        if self.store.lock_problem is not None and self.is_web:
            # A tab that cannot save must not look as if it could: its page says why,
            # for as long as it is open (colorcards/web/server.py, IN_USE_ELSEWHERE).
            from ..web import IN_USE_STATUS

            self.exit(IN_USE_STATUS)
            return
        for problem in self.store.problems:
            self.notify(problem, severity="warning", timeout=10, markup=False)
        self.store.on_problem = self._store_said
        if self.direct:
            self._direct_start()
        else:
            self.show_title()
        self.call_after_refresh(preload.warm_up, lambda: self.post_message(self.WarmedUp()))
        if self.background_reviews:
            self.clock.schedule(REVIEWS_AFTER, self.review_in_background)

    def _store_said(self, sentence: str) -> None:
        """The store's news (a write failed, saving works again), from whichever thread
        wrote: said on the app's own loop."""
        self.call_later(self._say_saving, sentence)

    def _say_saving(self, sentence: str) -> None:
        """Tell the player, wherever they are, and keep writing again what is not saved
        until it is."""
        failing = self.store.write_failed
        self.notify(sentence, severity="warning" if failing else "information",
                    timeout=10 if failing else 5, markup=False)
        if failing and self._retrying is None:
            self._retrying = self.clock.schedule(RETRY_SECONDS, self._retry_saving)

    def _retry_saving(self) -> None:
        """Write again what a failed write left unsaved (the game at the table, a finished
        game's record); again later while the disk still refuses."""
        self._retrying = None
        store = self.store
        store.retry()
        saved = self.controller.retry_save() if self.controller is not None else True
        if store.write_failed or store.waiting or not saved:
            self._retrying = self.clock.schedule(RETRY_SECONDS, self._retry_saving)

    class WarmedUp(Message):
        """The screens' modules are imported (posted from the preload's thread)."""

    def on_color_cards_app_warmed_up(self) -> None:
        if self.collector.started():
            preload.ahead(self)

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, (events.Key, events.MouseDown, events.MouseUp)):
            self.collector.hold(self.clock)
        await super().on_event(event)

    def _clock_failed(self, error: BaseException) -> None:
        """What a timer or a thread of the clock's raised is the app's to show, as an
        error of its own (and a test's to see)."""

        def fail() -> None:
            raise error

        self.call_later(fail)

    def on_unmount(self) -> None:
        if self._retrying is not None:
            self._retrying.stop()
        if self._own_clock is not None:
            self._own_clock.close()  # nothing rings, nothing comes back, once the app goes
        self.collector.release()
        if self.controller is not None:
            self.controller.stop()  # the waiting save, written now
        self.helpers.close(self._store)

    @property
    def store(self) -> Store:
        """The saves and statistics (opened on mount unless given)."""
        assert self._store is not None, "the store is opened when the app is mounted"
        return self._store

    @property
    def remote_coach(self) -> RemoteCoach:
        """The coach's one process (helpers.py)."""
        return self.helpers.coach

    @property
    def coach_process(self) -> subprocess.Popen[str] | None:
        """The coach's process, if one was started (nothing is made or started here)."""
        return self.helpers.coach_process

    @property
    def reviews(self) -> BackgroundReviews | None:
        """The background reviews, once started."""
        return self.helpers.reviews

    @property
    def review_budget(self) -> dict[str, Any] | None:
        return self.helpers.review_budget

    def start_coach(self) -> None:
        """Start the coach's process as the player heads for a table (helpers.py)."""
        self.helpers.start_coach()

    def review_in_background(self) -> None:
        """Review the games not yet reviewed (helpers.py), if the app does."""
        if self.background_reviews:
            self.helpers.review_in_background(self.store)

    def now(self) -> float:
        """Seconds on the wall clock (a test's clock, when it has one): the time the
        practice schedule keeps."""
        return self._calendar()

    # ---------------------------------------------------------------- where answers go

    def go(self, where: Answer | None, back: Back, kept: KeptGame | None = None) -> None:
        """Where a screen's answer leads: the one place every answer is taken. A place
        opens itself (screens/__init__.py); `back()` is one step back, to where the
        answering screen was opened from: the screen opened here takes it as its Escape.
        `kept`: the game a replay or the results are about (for Review and Same deal)."""
        from . import looking_back

        if isinstance(where, screens.Place):
            where.open(self, back)
        elif where is Go.TITLE:
            self.show_title()
        elif where is Go.QUIT:
            self.quit_asking(back)
        elif where is Go.CONTINUE:
            self.continue_game()
        elif where is Go.NEXT_ROUND:
            if self.controller is not None:
                self.controller.next_round()
        elif where is Go.REVIEW and kept is not None:
            looking_back.open_review(self, kept, back)
        elif where is Go.SAME_DEAL and kept is not None:
            looking_back.same_deal(self, kept, back)
        else:  # BACK, RESUME, or an answer that needs a game there is none of
            back()

    def _show(self, screen: Screen[Any], callback: Callable[[Any], None] | None = None) -> None:
        """Make `screen` the one in front, in place of the title or the table.

        Textual hands a screen's answer to whoever was running when the screen was
        pushed. This is often called from the table's own callbacks (results, pause
        menu), and the table is removed here, so the swap is made from the app's queue:
        the new screen's answer then reaches the app instead of a table that is gone."""
        self.call_next(self._swap_in, screen, callback)

    def _swap_in(self, screen: Screen[Any], callback: Callable[[Any], None] | None) -> None:
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(screen, callback)

    def show_title(self) -> None:
        from .screens.title import TitleScreen

        self._leave_table()
        self._show(TitleScreen(self.store.saved_summary()), self._title_chosen)
        self.call_after_refresh(self.collector.tidy)

    def _title_chosen(self, where: Answer | None) -> None:
        """Escape on the title asks before quitting (Q quits at once); what it opens
        comes back to it."""
        if where is not Go.BACK:
            self.go(where, back=self.show_title)
            return
        from .screens.confirm import ConfirmDialog

        def answered(yes: bool | None) -> None:
            if yes:
                self.quit_asking(self.show_title)
            else:
                self.show_title()

        self.push_screen(ConfirmDialog("Quit Color Cards?", yes="Quit", no="Stay"), answered)

    def quit_asking(self, back: Back) -> None:
        """Quit, unless a finished game's record still waits to be written (a full disk):
        then ask first, since quitting loses it; `back()` if the player stays."""
        store = self.store
        if not store.waiting or store.retry():
            self.exit(0)
            return
        from .screens.confirm import ConfirmDialog

        def answered(yes: bool | None) -> None:
            if yes:
                self.exit(0)
            else:
                back()

        question = NOT_RECORDED.format(why=store.failure or "a write failed")
        self.push_screen(ConfirmDialog(question, yes="Quit anyway", no="Stay"), answered)

    def table_rules(self) -> tuple[str, Rules]:
        """The preset and rules of the table being played, or of the settings' table."""
        if self.controller is not None:
            return self.controller.settings.preset, self.controller.rules
        return self.settings.preset, self.settings.rules()

    def get_key_display(self, binding: Binding) -> str:
        """Keys as the terminal can draw them: in ASCII without Unicode ('<->', 'Enter')."""
        from ..session.wording import ascii_text

        display = super().get_key_display(binding)
        # '← →' is spaced only so that the two arrows do not read as one; '<->' cannot.
        return display if unicode_ok() else ascii_text(display.replace("← →", "←→"))

    # ---------------------------------------------------------------- to and from the table

    def _direct_start(self) -> None:
        if self.store.saved_summary() is None:
            self.start_game(self.settings)
            return
        from .screens.confirm import ConfirmDialog
        from .screens.newgame import IN_PROGRESS_QUESTION

        def answered(yes: bool | None) -> None:
            if yes:
                self.start_game(self.settings, abandon=True)
            else:
                self.continue_game()

        self.push_screen(ConfirmDialog(IN_PROGRESS_QUESTION, yes="Start anyway",
                                       no="Continue it"), answered)

    def game_in_progress(self) -> bool:
        """Whether a new game would leave one unfinished (saved, or at the table)."""
        return self.store.saved_summary() is not None or (
            self.controller is not None and not self.controller.game.is_over)

    def practice_in_progress(self) -> bool:
        """Whether the game a new one would leave unfinished is practice (not counted:
        leaving it is no loss)."""
        ctl = self.controller
        if ctl is not None and not ctl.game.is_over:
            return ctl.practice
        summary = self.store.saved_summary()
        return summary is not None and bool(summary["practice"])

    def start_game(self, settings: GameSettings, abandon: bool = False,
                   seed: int | None = None) -> None:
        """Deal a new game and go to the table (leaving the old one counts as a loss,
        unless it was practice); `seed` deals a known game again (the same deal, --seed)."""
        from ..session.seating import Seating

        self._leave_table()
        lost = None
        if abandon:
            lost = self.store.abandon_game()
        self.settings = settings
        if seed is None:
            seed, self.seed = self.seed, None  # --seed deals the first game started only
        self.seat(Seating.new(settings, seed))
        if lost is not None and not lost.practice:  # said at the new table
            self.notify("The unfinished game was recorded as a loss.", timeout=4)

    def continue_game(self) -> None:
        """Back to the saved table, exactly as it was left."""
        from ..session.seating import Seating

        saved = self.store.load_game()  # what goes wrong is said as it happens (_store_said)
        if saved is None:
            self.notify("There is no saved game to continue.", severity="warning")
            self.show_title()
            return
        self.start_coach()  # while the table is made and drawn
        seating = Seating.resume(saved)
        self.settings = seating.settings
        self.seat(seating)

    def seat(self, seating: Seating, **pace: Any) -> GameController:
        """Sit down at the table for `seating`'s game (tests seat prepared positions, with
        their own `pace`); the game's controller."""
        from .screens.table import TableScreen

        screen = TableScreen(seating, store=self.store, clock=self.clock,
                             coach=self.remote_coach, collector=self.collector,
                             review_as_played=self.background_reviews,
                             **{**self.pace, **pace})
        self.controller = screen.controller
        self._table = screen
        self._show(screen)
        return screen.controller

    def _leave_table(self) -> None:
        if self.controller is not None:
            self.controller.stop()
            self.controller = None
        self._table = None

    def notify(self, message: str, *, title: str = "", severity: Any = "information",
               timeout: float | None = None, markup: bool = True) -> None:
        """A notice: at the table (in front, or on its way there), said on its status
        line, which covers nothing; elsewhere, and once the round is over (its results
        come over the table and would hide the line), Textual's toast in the corner."""
        table, ctl = self._table, self.controller
        if table is not None and (self.screen is table or not table.is_mounted) \
                and not (ctl is not None and ctl.between_rounds):
            table.tell(message, timeout)
            return
        super().notify(message, title=title, severity=severity, timeout=timeout,
                       markup=markup)

    def on_table_screen_menu_requested(self) -> None:
        from .screens import pause

        pause.show(self)

    def on_table_screen_round_over(self, message: TableScreen.RoundOver) -> None:
        from .screens import results

        results.show(self, message.controller, message.match)


def run(app: ColorCardsApp) -> int:
    """Run `app` on an event loop of its own; its exit status. (asyncio.run would wait,
    after the screen has closed, for every thread worker still running: a computer
    thinking, a hint awaited.)"""
    loop = asyncio.new_event_loop()
    try:
        result = app.run(loop=loop)
    finally:
        loop.close()  # the executor's threads are not waited for
    return result if isinstance(result, int) else 0
