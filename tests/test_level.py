"""One `Level` for every layer: the levels are written once, in colorcards/level.py."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys

import colorcards.bots
import colorcards.settings
import colorcards.store
from colorcards.level import LEVELS, Level
from colorcards.tui.screens.common import LEVEL_TITLES


def test_the_levels_weakest_first_with_their_labels():
    assert LEVELS == ("easy", "normal", "hard", "crazy")
    assert [level.label for level in LEVELS] == ["Easy", "Normal", "Hard", "Crazy"]
    assert LEVEL_TITLES == {"easy": "Easy", "normal": "Normal", "hard": "Hard", "crazy": "Crazy"}


def test_every_layer_uses_the_one_tuple():
    """Bots, store and the table's settings hand out the same object, not a copy."""
    assert colorcards.bots.LEVELS is LEVELS
    assert colorcards.store.LEVELS is LEVELS
    assert colorcards.settings.LEVELS is LEVELS


def test_a_level_is_its_name_in_json_and_sqlite():
    """Saved as text, read back as text, equal to the member (old files stay readable)."""
    assert json.loads(json.dumps({"difficulty": Level.HARD})) == {"difficulty": "hard"}
    db = sqlite3.connect(":memory:")
    db.execute("CREATE TABLE t (level TEXT)")
    db.execute("INSERT INTO t VALUES (?)", (Level.CRAZY,))
    (read,) = db.execute("SELECT level FROM t").fetchone()
    assert read == Level.CRAZY and type(read) is str
    assert Level(read) is Level.CRAZY


def test_the_command_line_offers_the_levels():
    done = subprocess.run([sys.executable, "-m", "colorcards", "--difficulty", "expert"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 2
    said = done.stderr.replace("'", "")
    assert "invalid choice: expert (choose from easy, normal, hard, crazy)" in said
    assert len(done.stderr.splitlines()) == 1
