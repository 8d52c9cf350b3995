"""Every test runs against a temporary data directory: none touches the real one."""

import os

import pytest

SLOW_FIRST = ("test_line_of_play.py", "test_web.py", "test_bots_games.py", "test_props.py",
              "test_tui_game.py", "test_store_crash.py", "test_bots_heuristics.py",
              "test_coach_ponder.py", "test_coach_pool.py", "test_tui_flow.py",
              "test_replay_tui.py", "test_history_store.py", "test_engine_loop.py")
"""The files with the longest tests (`pytest --durations=60`), run first, the longest
first: with `--dist worksteal` the first workers start on them, the others on the short
tests, and whichever runs out takes half of another's remaining queue, so what is
left at the end is short tests, not one long one running on alone. (A file's tests stay
together: `test_web.py` starts one browser for its module.)"""

LONGEST_FIRST = ("test_random_interleavings", "test_each_level_alone[colour-match-crazy]",
                 "test_each_level_alone[classic-crazy]", "test_a_classic_match_to_500",
                 "test_random_games_keep_the_invariants", "test_sigkill")
"""Within those files, the tests that take longest (10-20 s each on two idle cores).
Not `test_web.py`'s: its tests without a browser run first, before its module's browser
(playwright's event loop) is started, and one of them runs an event loop of its own."""


def pytest_xdist_auto_num_workers(config) -> int:
    """`-n auto` starts two workers a processor. Pilot waits after every key with
    Textual's own `wait_for_idle` (no private name of Textual's is read or replaced here),
    which sleeps 20 ms at least until the app is idle: a Pilot test spends about a third
    of its wall clock asleep, and a second worker a core runs meanwhile. (The tests had
    their own wait, made of Textual's and asyncio's internals: it saved that sleep, not
    processor time; the two ways measured side by side: tests/benchmarks/README.md.)"""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return 2 * cores


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


