"""The colorcards app: wiring between the title, the settings, the table and the results.

The app holds the store and the game being played and moves between screens; the
rules live in the engine, the drawing in the screens and widgets.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from textual import events
from textual.app import App
from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen

from ..settings import GameSettings, settings_from_args
from . import memory
from .screens.go import Go
from .timers import schedule_on

Back = Callable[[], None]
"""One step back: what Escape does on the screen being opened."""

if TYPE_CHECKING:  # imported when needed, to keep the title quick to appear
    import subprocess

    from ..coach.remote import RemoteCoach
    from ..engine import Rules
    from ..replay.background import BackgroundReviews
    from ..replay.kept import KeptGame
    from ..session.clocks import Clock
    from ..session.controller import GameController
    from ..session.seating import Seating
    from ..store import Store
    from .screens.rules import RulesScreen
    from .table import TableScreen

HERE = Path(__file__).parent

RETRY_SECONDS = 2.0
"""While a write fails (a full disk), how often what is not saved is written again: the
game at the table and a finished game's record. The player is told when it works."""

NOT_RECORDED = ("Your last game's result is not saved yet: the disk refused it ({why}). "
                "It is saved as soon as there is room. Quit anyway, and lose it?")
"""Asked before quitting while a finished game's record waits to be written."""

QUIT_WAIT = 0.2
"""The longest quitting waits on any helper: the coach's and the reviewer's processes
(killed), the background reviews' thread (told to stop) and the store's checkpoint (the
next start finishes one left half-way): no helper keeps the terminal blank after the
player quits."""


class ColorCardsApp(App):
    """Title, new game, table, results, statistics and rules, with autosave throughout."""

    CSS_PATH = [HERE / "app.tcss", HERE / "narrow.tcss", HERE / "screens" / "screens.tcss",
                HERE / "screens" / "looking_back.tcss"]
    """looking_back.tcss is History's, the replay's and the review's (their CSS_PATH, for a
    host of its own): read with the app's, the first opening of each does not parse every
    stylesheet again and restyle the whole app (Textual does when a screen brings CSS the
    app has not read; tests/benchmarks/TUI.md)."""
    TITLE = "Color Cards"
    ENABLE_COMMAND_PALETTE = False

    BACKGROUND_REVIEWS = True
    """Review finished games in the background (replay/background.py), so that accuracy
    builds up without anyone asking. Tests turn it off unless they test it."""

    REVIEW_BUDGET: dict[str, Any] | None = None
    """A smaller budget for the coach's reviews (the Review screen's and the background
    ones) than its own: tests set it. None: the coach's own."""

    REVIEWS_AFTER = 3.0
    """Seconds after the app starts before the background reviews begin: the title's
    first frame is drawn long before."""

    HOLD_COLLECTIONS = 0.1
    """Seconds after a key or a click (on the app's `clock`, when it has one) during which
    Python's garbage collector waits.
    Drawing a frame makes thousands of objects, so nearly every key's frame met a young
    collection and now and then a full one: a key then missed its frame. Held, they run
    once the key is answered (tests/benchmarks/TUI.md)."""

    def __init__(self, data_dir: str | Path | None = None, seed: int | None = None,
                 settings: GameSettings | None = None, *, direct: bool = False,
                 delay: float | None = None, window_seconds: float | None = None,
                 turn_seconds: float | None = None, store: Store | None = None,
                 background_reviews: bool | None = None, clock: Clock | None = None,
                 coach_workers: int | None = None):
        super().__init__()
        if background_reviews is not None:
            self.BACKGROUND_REVIEWS = background_reviews  # this app only
        self.data_dir = data_dir
        """Where saves and statistics live (None: the platform's data directory)."""
        self.seed = seed
        """A reproducible deal for the first game started (--seed)."""
        self.settings = settings or GameSettings()
        """The settings of the last game started; the New game screen starts from them."""
        self.direct = direct
        """Skip the title and start a game with `settings` at once (command-line flags)."""
        self.delay = delay
        """Seconds between computer moves, overriding the speed setting (None: the speed
        setting says; tests give 0 with a `clock` they move on themselves)."""
        self.window_seconds = window_seconds
        self.turn_seconds = turn_seconds
        self.clock = clock
        """The time every table keeps (clocks.py); None: the screens' own timers, on the
        monotonic clock. Tests pass one they move on by hand."""
        self._store = store
        self.controller: GameController | None = None
        """The game at the table, if any."""
        self.sound = True
        """Ring the terminal bell when it is your turn."""
        self._remote_coach: RemoteCoach | None = None
        self.coach_workers = coach_workers
        """The most processes the coach plays out in (--coach-workers; None: the
        environment or the cores less one decide, coach/pool.py `workers`)."""
        self.reviews: BackgroundReviews | None = None
        """The background reviews, once started (replay/background.py)."""
        self._seated = False
        """Whether a table has been up in this app (it then manages `gc.freeze`)."""
        self._frozen = False
        """Whether what start-up made is left out of garbage collections."""
        self._rules_screen: RulesScreen | None = None
        """The Rules screen last shown, kept for the next opening with the same rules."""
        self._collections_held = False
        """Whether the garbage collector waits for a key's frame (`HOLD_COLLECTIONS`)."""
        self._retrying: Any = None
        """The timer that writes again what a failed write left unsaved (`RETRY_SECONDS`)."""

    # ---------------------------------------------------------------- start and stop

    def on_mount(self) -> None:
        from ..session.palette import unicode_ok

        self.set_class(not unicode_ok(), "-ascii")
        from .screens.common import ascii_scrollbars

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
        self.call_after_refresh(self._warm_up)
        if self.BACKGROUND_REVIEWS:
            self.set_timer(self.REVIEWS_AFTER, self.review_in_background)

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
            self._retrying = schedule_on(self.clock, self, RETRY_SECONDS, self._retry_saving)

    def _retry_saving(self) -> None:
        """Write again what a failed write left unsaved (the game at the table, a finished
        game's record); again later while the disk still refuses."""
        self._retrying = None
        store = self.store
        store.retry()
        saved = self.controller.retry_save() if self.controller is not None else True
        if store.write_failed or store.waiting or not saved:
            self._retrying = schedule_on(self.clock, self, RETRY_SECONDS, self._retry_saving)

    class WarmedUp(Message):
        """The other screens' modules are imported (posted from the warm-up thread)."""

    def _warm_up(self) -> None:
        """The other screens' imports, off the loop, once the first screen is drawn."""
        from .preload import warm_up

        warm_up(done=lambda: self.post_message(self.WarmedUp()))

    def on_color_cards_app_warmed_up(self) -> None:
        """What start-up made lives as long as the app: leave it out of the garbage
        collections (`warm.py`). Not once a table has been up: the table freezes what
        it holds itself and thaws everything when it goes (`TableScreen.on_unmount`)."""
        if not self._seated:
            gc.freeze()
            self._frozen = True
            self.call_later(self._prepare_rules)

    def _prepare_rules(self) -> None:
        """The Rules screen of the table the title would deal, its page laid out, while
        the player reads the title: its first opening then has only Textual's part to
        do (Rich's Markdown parsed and laid out twice was a large part of it)."""
        if self._rules_screen is not None or self._seated:
            return
        from .screens.rules import RulesScreen

        screen = self._rules_screen = RulesScreen(self.settings.preset, self.settings.rules())
        self.install_screen(screen, "rules")
        self.call_later(screen.lay_out_ahead, self, self.size.width)

    def review_in_background(self) -> None:
        """Review the games not yet reviewed, in the coach's process after anything the
        table asks of it (nothing if that is already going on); quitting stops it, the
        next start resumes it."""
        if not self.BACKGROUND_REVIEWS:
            return
        if self.reviews is None:
            from ..replay.background import BackgroundReviews
            from ..store.exercises import Keeper

            self.reviews = BackgroundReviews(self.store, self.remote_coach,
                                             budget=self.REVIEW_BUDGET,
                                             exercises=Keeper(self.store))
        self.reviews.start()

    @property
    def remote_coach(self) -> RemoteCoach:
        """The coach's one process (replay/service.py): the hint, the tutor's notes, the
        pondering and every review, the app's included (made when first wanted; the
        process starts on the way to a table, `start_coach`, or at the first request)."""
        if self._remote_coach is None:
            from ..coach.remote import RemoteCoach

            self._remote_coach = RemoteCoach(workers=self.coach_workers)
        return self._remote_coach

    @property
    def coach_process(self) -> subprocess.Popen | None:
        """The coach's process, if one was started (nothing is made or started here)."""
        return None if self._remote_coach is None else self._remote_coach.process

    def start_coach(self) -> None:
        """Start the coach's process as the player heads for a table (the New game
        dialog opened, Continue chosen), not once the table is drawn: it imports the
        coach for seconds as it starts, and the table's first turn waited for that. Never
        before the title's first frame; Statistics, History and the Rules do not start
        it (a review does, when asked). The table starts it too, for the ways to a table
        that pass neither (a game skipped to from the command line)."""
        self.remote_coach.start()

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, (events.Key, events.MouseDown, events.MouseUp)):
            self._hold_collections()
        await super().on_event(event)

    def _hold_collections(self) -> None:
        """No garbage collection until the input just come is answered on screen."""
        if self._collections_held or not gc.isenabled():
            return  # already held, or someone else turned the collector off
        gc.disable()
        self._collections_held = True
        schedule_on(self.clock, self, self.HOLD_COLLECTIONS, self._release_collections)

    def _release_collections(self) -> None:
        if self._collections_held:
            self._collections_held = False
            gc.enable()

    def on_unmount(self) -> None:
        self._release_collections()
        self._close_down()

    def _close_down(self) -> None:
        """Quitting: the game is saved, then every helper is told to stop at once and
        none is waited on for longer than `QUIT_WAIT` (a helper still busy after that
        ends with the process: nothing it holds is the player's)."""
        if self.controller is not None:
            self.controller.stop()  # the waiting save, written now
        if self._remote_coach is not None:
            self._remote_coach.close(QUIT_WAIT)
        if self.reviews is not None:
            self.reviews.stop(QUIT_WAIT)  # what it weighed is kept already
        if self._store is not None:
            self._store.close(QUIT_WAIT)

    @property
    def store(self) -> Store:
        """The saves and statistics (opened on mount unless given)."""
        assert self._store is not None, "the store is opened when the app is mounted"
        return self._store

    def _direct_start(self) -> None:
        if self.store.saved_summary() is None:
            self.start_game(self.settings)
            return
        from .screens import IN_PROGRESS_QUESTION, ConfirmDialog

        def answered(yes: bool | None) -> None:
            if yes:
                self.start_game(self.settings, abandon=True)
            else:
                self.continue_game()

        self.push_screen(ConfirmDialog(IN_PROGRESS_QUESTION, yes="Start anyway",
                                       no="Continue it"), answered)

    # ---------------------------------------------------------------- screens

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
        from .screens import TitleScreen

        self._leave_table()
        self._show(TitleScreen(self.store.saved_summary()), self._title_chosen)
        self.call_after_refresh(self._tidy_up)

    def _tidy_up(self) -> None:
        """Once the title is drawn again, while the player reads it: let go of what the
        screens closed since left behind, so that no full garbage collection comes due
        in the middle of the next screen's opening (one landed on every third or fourth
        opening). Only once start-up is frozen and before any table: a collection walks
        a small part of the process's objects here, every object it has otherwise."""
        if self._frozen and not self._seated:
            memory.collect()

    def _title_chosen(self, where: Go | None) -> None:
        """Escape on the title asks before quitting; what it opens comes back to it."""
        if where is Go.BACK:
            self._ask_quit()
        else:
            self.go(where, back=self.show_title)

    def go(self, where: Go | None, back: Back, kept: KeptGame | None = None) -> None:
        """Where a screen's answer leads: the one place every `Go` is taken. `back()` is
        one step back, to where the answering screen was opened from: the screen opened
        here takes it as its Escape. `kept`: the game a replay or the results are about
        (for Review and Same deal)."""
        from . import looking_back

        if where is None or where is Go.BACK or where is Go.RESUME:
            back()
        elif where is Go.TITLE:
            self.show_title()
        elif where is Go.QUIT:
            self.quit_asking(back)
        elif where is Go.CONTINUE:
            self.continue_game()
        elif where in (Go.NEW, Go.NEW_GAME):
            self.ask_new_game(back=back)
        elif where is Go.STATS:
            self.show_stats(back)
        elif where is Go.HISTORY:
            looking_back.show_history(self, back)
        elif where is Go.RULES:
            self.show_rules(back)
        elif where is Go.PRACTICE:
            self.show_practice(back)
        elif where is Go.SOUND:
            self.sound = not self.sound
            self.notify(f"Sound {'on' if self.sound else 'off'}.", timeout=2)
            back()
        elif where is Go.COACH:
            ctl = self.controller
            if ctl is not None:
                on = not ctl.settings.coach
                was_practice = ctl.practice
                ctl.set_coach(on)
                self.settings = self.settings.with_(coach=on)  # New game starts from it
                if not on:
                    said = "Coach off."
                elif was_practice:
                    said = "Coach on."  # already practice: nothing new to say of it
                else:
                    said = "Coach on: this game is now practice (not counted in your record)."
                self.notify(said, timeout=3)
            back()
        elif where is Go.NEXT_ROUND:
            if self.controller is not None:
                self.controller.next_round()
        elif where is Go.REVIEW and kept is not None:
            looking_back.open_review(self, kept, back)
        elif where is Go.SAME_DEAL and kept is not None:
            looking_back.same_deal(self, kept, back)
        else:
            back()

    def _ask_quit(self) -> None:
        """Escape on the title: quitting asks first (Q quits at once)."""
        from .screens import ConfirmDialog

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
        from .screens import ConfirmDialog

        def answered(yes: bool | None) -> None:
            if yes:
                self.exit(0)
            else:
                back()

        question = NOT_RECORDED.format(why=store.failure or "a write failed")
        self.push_screen(ConfirmDialog(question, yes="Quit anyway", no="Stay"), answered)

    def show_stats(self, back: Back) -> None:
        """Statistics; H opens History, whose Escape comes back here."""
        from .screens import StatsScreen

        def reopen() -> None:
            self.show_stats(back)

        from ..store import exercises

        store = self.store
        # Only what the strips and lines read, of the counted games: a few times quicker
        # than the history list, and than full records (tests/benchmarks/STORE.md).
        self.push_screen(StatsScreen(store.stats(), store.outcomes(), store.accuracies(),
                                     store.stats(practice=True),
                                     exercises.stats(store, self.now()).words()),
                         lambda where: self.go(where, back if where is Go.BACK else reopen))

    def now(self) -> float:
        """Seconds on the app's clock (the wall clock's when it has none): what the
        practice schedule keeps its time on."""
        import time

        return self.clock.now() if self.clock is not None else time.time()

    def show_practice(self, back: Back) -> None:
        """Practice: the exercises due now (screens/practice.py)."""
        from ..store import exercises
        from .screens.practice import PracticeScreen

        store = self.store
        exercises.sync(store)

        def answered(item: Any, action: Any, grade: str) -> Any:
            return exercises.answered(store, item, grade, self.now())

        self.push_screen(PracticeScreen(exercises.due(store, self.now()), answered,
                                        waiting=lambda: exercises.due(store, self.now())),
                         lambda _: back())

    def show_rules(self, back: Back, rules: Rules | None = None) -> None:
        """The Rules screen for the table being played, or the settings' table."""
        from .screens import RulesScreen

        settings = self.controller.settings if self.controller is not None else self.settings
        if rules is None:
            rules = self.controller.rules if self.controller is not None else settings.rules()
        screen = self._rules_screen
        if screen is None or (screen.preset_key, screen.rules) != (settings.preset, rules):
            # Kept between openings (installed): composing, styling and laying out its
            # tabs again was most of each opening.
            if screen is not None:
                self.uninstall_screen(screen)
                if screen not in self.screen_stack:
                    screen.remove()
            screen = self._rules_screen = RulesScreen(settings.preset, rules)
            self.install_screen(screen, "rules")
        self.push_screen(screen, lambda _: back())

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
        return summary is not None and summary["practice"]

    def ask_new_game(self, back: Back) -> None:
        """The settings popup; `back()` if the player backs out."""
        from .screens import NewGameScreen

        in_progress = self.game_in_progress()
        practice = in_progress and self.practice_in_progress()

        def chosen(settings: GameSettings | None) -> None:
            if settings is None:
                back()
            else:
                self.start_game(settings, abandon=in_progress)

        self.push_screen(NewGameScreen(self.store.stats(), self.settings, in_progress,
                                       practice=practice), chosen)
        self.call_after_refresh(self.start_coach)  # the dialog drawn first

    def start_game(self, settings: GameSettings, abandon: bool = False,
                   seed: int | None = None) -> None:
        """Deal a new game and go to the table (leaving the old one counts as a loss,
        unless it was practice);
        `seed` deals a known game again (the same deal, --seed)."""
        from ..session.seating import Seating

        self._leave_table()
        if abandon:
            record = self.store.abandon_game()
            if record is not None and not record.practice:
                self.notify("The unfinished game was recorded as a loss.", timeout=4)
        self.settings = settings
        if seed is None:
            seed, self.seed = self.seed, None  # --seed deals the first game started only
        self.seat(Seating.new(settings, seed))

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

    def _pace(self) -> dict:
        pace = {}
        if self.delay is not None:
            pace["delay"] = self.delay
        if self.window_seconds is not None:
            pace["window_seconds"] = self.window_seconds
        if self.turn_seconds is not None:
            pace["turn_seconds"] = self.turn_seconds
        return pace

    def seat(self, seating: Seating, **pace: Any) -> GameController:
        """Sit down at the table for `seating`'s game (tests seat prepared positions, with
        their own `pace`); the game's controller."""
        from .table import TableScreen

        screen = TableScreen(seating, store=self.store, clock=self.clock,
                             coach=self.remote_coach,
                             review_as_played=self.BACKGROUND_REVIEWS,
                             **{**self._pace(), **pace})
        self.controller = screen.controller
        self._seated = True
        self._show(screen)
        return screen.controller

    def get_key_display(self, binding: Binding) -> str:
        """Keys as the terminal can draw them: in ASCII without Unicode ('<->', 'Enter')."""
        from ..session.palette import unicode_ok
        from ..session.wording import ascii_text

        display = super().get_key_display(binding)
        # '← →' is spaced only so that the two arrows do not read as one; '<->' cannot.
        return display if unicode_ok() else ascii_text(display.replace("← →", "←→"))

    def on_table_screen_menu_requested(self) -> None:
        self.open_pause_menu()

    def on_table_screen_round_over(self, message: TableScreen.RoundOver) -> None:
        self.show_results(message.controller, message.match)

    def _leave_table(self) -> None:
        if self.controller is not None:
            self.controller.stop()
            self.controller = None

    # ---------------------------------------------------------------- at the table

    def open_pause_menu(self) -> None:
        """The menu over the table; what it opens comes back to it, Escape resumes."""
        from .screens import PauseMenu
        from .table import TableScreen

        ctl = self.controller
        table = self.screen
        if ctl is None or not isinstance(table, TableScreen):
            return
        ctl.pause()

        def chosen(where: Go | None) -> None:
            if where in (None, Go.BACK, Go.RESUME):
                ctl.resume_play()
            elif where is Go.TAKE_BACK:
                ctl.resume_play()
                table.action_take_back()  # as T at the table: done, or why not said
            else:
                self.go(where, back=self.open_pause_menu)

        store = self.store
        self.push_screen(PauseMenu(self.sound, saving=store.saving, coach_on=ctl.settings.coach,
                                   failing=store.failure if store.write_failed else None),
                         chosen)

    def show_results(self, controller: GameController, match: bool) -> None:
        """The results of the round (or the match) that just ended; the review and the
        same deal come back to them."""
        from ..session.results import kept_of, results_data
        from .screens import ResultsScreen

        if controller is not self.controller or isinstance(self.screen, ResultsScreen):
            return
        if match:
            self.review_in_background()  # the game just recorded is reviewed meanwhile
        data = results_data(controller,
                            self.store.stats().get(controller.settings.difficulty))

        def reopen() -> None:
            self.show_results(controller, match)

        def chosen(where: Go | None) -> None:
            kept = kept_of(controller) if where in (Go.REVIEW, Go.SAME_DEAL) else None
            self.go(where, back=reopen, kept=kept)

        self.push_screen(ResultsScreen(data), chosen)


NO_TERMINAL = ("colorcards: the game needs a terminal to play in (its input or its screen "
               "is not one); `colorcards serve` plays it in a web browser, and `colorcards "
               "stats`, `history` and `sim` print to any output")
"""Said, with exit status 2, when the game is started without a terminal."""


def has_terminal() -> bool:
    """Whether the game can be played here: its keys come from standard input and it
    draws on standard error (Textual's way), both a terminal; or a driver of another
    kind draws it (`colorcards serve`'s, named in TEXTUAL_DRIVER)."""
    if os.environ.get("TEXTUAL_DRIVER"):
        return True
    streams = (sys.__stdin__, sys.__stderr__)
    try:
        return all(stream is not None and stream.isatty() for stream in streams)
    except (OSError, ValueError):
        return False


def run_app(args: argparse.Namespace) -> NoReturn:
    """Run the game from the command line's arguments; the process ends with it
    (`end_now`), its exit status the app's. Without a terminal it says so and ends
    with status 2 (it would wait for keys that never come)."""
    if not has_terminal():
        print(NO_TERMINAL, file=sys.stderr)
        raise SystemExit(2)
    settings, direct = settings_from_args(args)
    app = ColorCardsApp(data_dir=getattr(args, "data_dir", None), seed=getattr(args, "seed", None),
                        settings=settings, direct=direct,
                        background_reviews=False if getattr(args, "no_background_reviews",
                                                            False) else None,
                        coach_workers=getattr(args, "coach_workers", None))
    loop = asyncio.new_event_loop()
    try:
        # On a loop of its own: asyncio.run would wait, after the screen has closed, for
        # every thread worker still running (a computer thinking, a hint awaited).
        result = app.run(loop=loop)
    finally:
        loop.close()  # the executor's threads are not waited for
    end_now(result if isinstance(result, int) else 0)


def end_now(status: int) -> NoReturn:
    """End the process at once with `status`, once the app has returned: the game is
    saved, the store closed and the helpers' processes killed (`_close_down`), and the
    terminal is itself again. What is left of an interpreter's ending (joining each
    thread still running, collecting the whole heap) would only keep the prompt away."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    os._exit(status)
