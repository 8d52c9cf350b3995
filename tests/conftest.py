"""Every test runs against a temporary data directory: none touches the real one."""

import gc

import pytest

SLOW_FIRST = ("test_store_crash.py", "test_props.py", "test_web.py", "test_tui_game.py",
              "test_bots_games.py")
"""The files whose tests take longest (`pytest --durations=30`), run first: the workers
of `-n auto` share them out at the start and fill in round them with the short tests,
instead of one starting last and running on alone."""


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


class _YoungCollections:
    """The `gc` the table and the app see in tests: they freeze and unfreeze as in
    the game, but their collections walk the youngest generation only.
    In the game a full collection there takes 15-80 ms; in a test process it walks
    pytest's heap and every earlier test's leftovers too, 0.3 s a table."""

    freeze = staticmethod(gc.freeze)
    unfreeze = staticmethod(gc.unfreeze)
    get_freeze_count = staticmethod(gc.get_freeze_count)

    @staticmethod
    def collect(generation: int = 2) -> int:
        return gc.collect(0)


@pytest.fixture(autouse=True)
def _young_collections(monkeypatch):
    from colorcards.tui import app, table

    monkeypatch.setattr(table, "gc", _YoungCollections)
    monkeypatch.setattr(app, "gc", _YoungCollections)  # its collections on the title
