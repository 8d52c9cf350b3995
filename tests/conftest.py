"""Every test runs against a temporary data directory: none touches the real one."""

import pytest


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
