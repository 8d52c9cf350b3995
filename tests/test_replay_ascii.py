"""COLORCARDS_ASCII=1: History, Replay (hands face up or not, a moment marked) and
Review (weighing, done, nothing costly) draw nothing but ASCII at 80x24. Rendered in a
fresh interpreter started with the variable set, as the game starts on such a terminal
(key names are chosen when the screens are imported)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).parent


@pytest.fixture(scope="module")
def rendered() -> dict:
    env = dict(os.environ, COLORCARDS_ASCII="1", PYTHONPATH=os.pathsep.join(
        [str(TESTS), os.environ.get("PYTHONPATH", "")]))
    out = subprocess.run([sys.executable, str(TESTS / "replay_ascii_child.py")], env=env,
                         capture_output=True, text=True, timeout=600, check=True)
    return json.loads(out.stdout)


@pytest.mark.parametrize("name", ["history", "replay", "replay_face_up", "review",
                                  "review_nothing_costly", "review_weighing"])
def test_every_character_is_ascii(rendered, name):
    screen = rendered[name]
    assert screen["text"].strip() and screen["bad"] == []


def test_the_ascii_screens_still_say_what_they_show(rendered):
    """Face up is said in words; a weighing review draws its bar with # and ."""
    assert "ALL HANDS FACE UP" in rendered["replay_face_up"]["text"]
    assert "* Turn" in rendered["replay"]["text"]
    weighing = rendered["review_weighing"]["text"]
    assert "[#" in weighing or "Of your" in weighing
