"""Every test runs against a temporary data directory: none touches the real one."""

import asyncio
import collections.abc

import pytest

SLOW_FIRST = ("test_store_crash.py", "test_props.py", "test_web.py", "test_tui_game.py",
              "test_bots_games.py")
"""The files whose tests take longest (`pytest --durations=30`), run first: with
`--dist worksteal` the first worker starts on them, the other on the short tests, and
whichever runs out takes half of the other's remaining queue, so what is left at the
end is short tests, not one long one running on alone."""


def pytest_collection_modifyitems(config, items):
    rank = {name: order for order, name in enumerate(SLOW_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))


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


async def _until_idle(min_sleep: float = 0.0, max_sleep: float = 1.0) -> None:
    """What Pilot waits on after each key and in each `pause()`, without the wall clock.

    Textual's own `wait_for_idle` sleeps 20 ms at least, and goes on sleeping (up to a
    second) while the process is busy: 40 ms a key, 20 ms a pause, more under load. Most
    of a Pilot test's wall time went there (a whole match to 500: 19 s, 6 s without).
    Here "idle" is the same thing told from the event loop: nothing left ready to run,
    and the two timers of Textual's that a wait would let ring, rung at once: the app's
    resize debounce (1/120 s) and the screen's update (1/60 s), which lays out and
    paints what changed and then runs the `call_after_refresh` callbacks. While a
    thread worker (a computer thinking) runs, the loop cannot see it: then Textual's
    own wait follows, as before."""
    from textual._context import active_app

    loop = asyncio.get_running_loop()
    app = active_app.get(None)
    for _ in range(50):
        for _ in range(100_000):
            await asyncio.sleep(0)
            if not loop._ready:
                await asyncio.sleep(0)  # a callback's own call_soon lands here
                if not loop._ready:
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
    if app is not None and any(getattr(w, "_thread_worker", True) and not w.is_finished
                               for w in app.workers):
        await _textual_wait_for_idle(min_sleep, max_sleep)


def _textual_wait_for_idle(min_sleep: float, max_sleep: float):
    from textual._wait import wait_for_idle

    return wait_for_idle(min_sleep, max_sleep)


def _loop_wait_fits() -> bool:
    """Whether this Textual (and asyncio) has what `_until_idle` reads: the Textual the
    tests pin does; with another, Textual's own wait stays and the tests only run slower
    (the package's Textual floor is checked with the TUI tests)."""
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


LOOP_WAIT = _loop_wait_fits()


@pytest.fixture(autouse=True)
def _pilot_waits_on_the_loop(monkeypatch):
    if not LOOP_WAIT:
        return
    from textual import app, pilot

    monkeypatch.setattr(pilot, "wait_for_idle", _until_idle)
    monkeypatch.setattr(app, "wait_for_idle", _until_idle)
