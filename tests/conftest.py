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


class Workers:
    """pytest-xdist's settings for this suite, registered only when xdist is loaded (so
    `pytest -p no:xdist` runs the suite in one process, as any pytest would): `-n auto`
    and `--dist worksteal` unless the command line says otherwise, two workers a
    processor."""

    @pytest.hookimpl(tryfirst=True)
    def pytest_cmdline_main(self, config: pytest.Config) -> None:
        """Before xdist reads them (a hook registered after xdist's runs before it); not
        in a worker (`workerinput`), which runs its share in one process."""
        if hasattr(config, "workerinput"):
            return
        if config.option.numprocesses is None and not config.option.usepdb:
            config.option.numprocesses = "auto"
        if config.option.dist == "no" and config.option.numprocesses:
            config.option.dist = "worksteal"

    def pytest_xdist_auto_num_workers(self, config: pytest.Config) -> int:
        """`-n auto` starts two workers a processor. Pilot waits after every key with
        Textual's own `wait_for_idle` (no private name of Textual's is read or replaced
        here), which sleeps 20 ms at least until the app is idle: a Pilot test spends
        about a third of its wall clock asleep, and a second worker a core runs meanwhile.
        (The tests had their own wait, made of Textual's and asyncio's internals: it saved
        that sleep, not processor time; the two ways measured side by side:
        tests/benchmarks/README.md.)"""
        try:
            cores = len(os.sched_getaffinity(0))
        except AttributeError:  # not on Linux
            cores = os.cpu_count() or 1
        return 2 * cores


def pytest_addoption(parser: pytest.Parser, pluginmanager: pytest.PytestPluginManager) -> None:
    if pluginmanager.hasplugin("xdist"):
        pluginmanager.register(Workers(), "colorcards-workers")


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
def _no_animations(monkeypatch):
    """Apps under test scroll and move at once (Textual's animation level "none"): what
    is drawn at rest is the same, and no key waits for a page to glide into place."""
    from textual import constants

    monkeypatch.setattr(constants, "TEXTUAL_ANIMATIONS", "none")
