"""Every test runs against a temporary data directory: none touches the real one."""

import asyncio
import collections.abc
import os

import pytest
from textual import app as textual_app
from textual import pilot

SLOW_FIRST = ("test_line_of_play.py", "test_web.py", "test_bots_games.py", "test_props.py",
              "test_tui_game.py", "test_store_crash.py", "test_bots_heuristics.py",
              "test_coach_ponder.py", "test_coach_pool.py", "test_tui_flow.py",
              "test_replay_tui.py", "test_history_store.py", "test_engine_loop.py")
"""The files with the longest tests (`pytest --durations=60`), run first, the longest
first: with `--dist worksteal` the first worker starts on them, the other on the short
tests, and whichever runs out takes half of the other's remaining queue, so what is
left at the end is short tests, not one long one running on alone. (A file's tests stay
together: `test_web.py` starts one browser for its module.)"""

LONGEST_FIRST = ("test_random_interleavings", "test_each_level_alone[colour-match-crazy]",
                 "test_each_level_alone[classic-crazy]", "test_a_classic_match_to_500",
                 "test_random_games_keep_the_invariants", "test_sigkill")
"""Within those files, the tests that take longest (10-20 s each on two idle cores).
Not `test_web.py`'s: its tests without a browser run first, before its module's browser
(playwright's event loop) is started, and one of them runs an event loop of its own."""


def pytest_collection_modifyitems(config, items):
    rank = {name: order for order, name in enumerate(SLOW_FIRST)}

    def order(item) -> tuple[int, int]:
        first = next((i for i, name in enumerate(LONGEST_FIRST) if item.name.startswith(name)),
                     len(LONGEST_FIRST))
        return rank.get(item.path.name, len(rank)), first

    items.sort(key=order)


@pytest.fixture(autouse=True)
def _private_data_dir(tmp_path_factory, monkeypatch):
    path = tmp_path_factory.mktemp("data")
    monkeypatch.setenv("COLORCARDS_DATA_DIR", str(path))
    monkeypatch.setenv("XDG_DATA_HOME", str(path / "xdg"))
    return path


@pytest.fixture(autouse=True)
def _no_background_reviews(monkeypatch):
    """Apps under test start no reviewer process unless a test asks for one."""
    from colorcards.tui.app import ColorCardsApp

    monkeypatch.setattr(ColorCardsApp, "BACKGROUND_REVIEWS", False)


@pytest.fixture(autouse=True)
def _no_animations(monkeypatch):
    """Apps under test scroll and move at once (Textual's animation level "none"): what
    is drawn at rest is the same, and no key waits for a page to glide into place."""
    from textual import constants

    monkeypatch.setattr(constants, "TEXTUAL_ANIMATIONS", "none")


@pytest.fixture(autouse=True)
def _young_collections(monkeypatch):
    """The app's own collections walk the youngest generation only (tui/memory.py): in
    a test process a full one walks pytest's heap too, 0.3 s a table."""
    from colorcards.tui import memory

    monkeypatch.setattr(memory, "FULL", False)


async def pilot_idle(min_sleep: float = 0.0, max_sleep: float = 1.0) -> None:
    """What Pilot waits on after each key and in each `pause()`, told from Textual's
    public API instead of the wall clock.

    Textual's own `wait_for_idle` sleeps 20 ms at least, and goes on sleeping (up to a
    second) while the process is busy: 40 ms a key, 20 ms a pause, more under load. Most
    of a Pilot test's wall time went there. Here "idle" is: every message queued so far
    in the app and in the screen's widgets handled (`call_later` on each), then the
    screen repainted with what they changed and its `call_after_refresh` callbacks run,
    twice over (for what the first pass's handlers posted). While a worker (a computer
    thinking, the coach's answer awaited: the app's workers are all threads) runs, the
    loop cannot see it: then Textual's own wait follows, as before."""
    from textual import active_app

    app = active_app.get(None)
    if app is None or not app.is_running:
        await asyncio.sleep(0)
        return
    for _ in range(2):
        try:
            screen = app.screen
        except Exception:  # no screen yet, or the app closing
            break
        await _handled([app, *screen.walk_children(with_self=True)])
        await _refreshed(app, screen)
    if any(not worker.is_finished for worker in app.workers):
        await TEXTUAL_IDLE(min_sleep, max_sleep)


async def _refreshed(app, screen) -> None:
    """The screen repainted with what changed, and its `call_after_refresh` callbacks
    run (`wait_for_refresh`, asked by hand: a screen that stops being the app's before
    it repaints runs none, and then nothing is left to wait for)."""
    refreshed = asyncio.Event()
    if not screen.is_running or not screen.call_after_refresh(refreshed.set):
        return
    while not refreshed.is_set():
        try:
            await asyncio.wait_for(refreshed.wait(), 0.05)
        except TimeoutError:
            if app.screen is not screen or not screen.is_running or not app.is_running:
                return


async def _handled(nodes) -> None:
    """Every message queued so far in `nodes` handled (a callback queued behind them)."""
    left = 0
    done = asyncio.Event()

    def one() -> None:
        nonlocal left
        left -= 1
        if left == 0:
            done.set()

    for node in nodes:
        if node.call_later(one):
            left += 1
    if left:
        await asyncio.wait_for(done.wait(), 30)


async def pilot_idle_from_internals(min_sleep: float = 0.0, max_sleep: float = 1.0) -> None:
    """`pilot_idle`, a third faster on the key-heavy tests, from Textual's and asyncio's
    internals (those of the Textual the tests pin; `INTERNALS_FIT` says whether they are
    there, else `pilot_idle` is used). The one place the tests read them.

    "Idle" told from the event loop: nothing left ready to run (`loop._ready`), and the
    two timers of Textual's that a wait would let ring, rung at once: the app's resize
    debounce (1/120 s) and the screen's update (1/60 s), which lays out and paints what
    changed and then runs the `call_after_refresh` callbacks. `pilot_idle` waits for
    that update's timer instead (up to 1/60 s a wait, two waits a key), which is what
    it costs: side by side on the same load, tests/test_tui_game.py ran 1.2-1.5 times
    as long with it. While a worker runs, Textual's own wait follows, as in `pilot_idle`."""
    from textual import active_app

    loop = asyncio.get_running_loop()
    app = active_app.get(None)
    for _ in range(50):
        for _ in range(100_000):
            await asyncio.sleep(0)
            if not loop._ready:  # type: ignore[attr-defined]
                await asyncio.sleep(0)  # a callback's own call_soon lands here
                if not loop._ready:  # type: ignore[attr-defined]
                    break
        if app is None:
            return
        try:
            screen = app.screen
        except Exception:
            break
        if getattr(app, "_resize_timer", None) is not None:
            app._check_resize()
            continue
        if screen._update_timer._active.is_set():
            screen._on_timer_update()
            continue
        break
    if app is not None and any(not worker.is_finished for worker in app.workers):
        await TEXTUAL_IDLE(min_sleep, max_sleep)


def _internals_fit() -> bool:
    """Whether this Textual (and asyncio) has what `pilot_idle_from_internals` reads."""
    from textual.app import App
    from textual.screen import Screen

    loop = asyncio.new_event_loop()
    try:
        has_ready = isinstance(getattr(loop, "_ready", None), collections.abc.Sized)
    finally:
        loop.close()
    return (has_ready and callable(getattr(App, "_check_resize", None))
            and callable(getattr(Screen, "_on_timer_update", None))
            and isinstance(getattr(Screen, "_update_timer", None), property))


TEXTUAL_IDLE = pilot.wait_for_idle
"""Textual's own wait (the wall clock against the processor time)."""

INTERNALS_FIT = _internals_fit()
PUBLIC_ONLY = bool(os.environ.get("COLORCARDS_TESTS_PUBLIC_IDLE"))
"""Set, the tests wait with `pilot_idle` even where the internals fit (to check it, or
to measure the two side by side)."""
PILOT_IDLE = pilot_idle_from_internals if INTERNALS_FIT and not PUBLIC_ONLY else pilot_idle
"""The wait the tests use: from the internals where they are as expected, else from the
public API alone (`pilot_idle`)."""


@pytest.fixture(autouse=True)
def _pilot_waits_for_the_app_not_the_clock(monkeypatch):
    """Pilot's keys and pauses wait with `PILOT_IDLE`. Textual has no documented hook for
    this wait: Pilot and App call the `wait_for_idle` their modules imported, and that
    name is what is replaced here."""
    monkeypatch.setattr(pilot, "wait_for_idle", PILOT_IDLE)
    monkeypatch.setattr(textual_app, "wait_for_idle", PILOT_IDLE)
