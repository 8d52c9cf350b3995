"""What the title's first frame costs: the command line and the title load only what
they draw. The game itself (its events, the play tables), the computer players, the
coach and the review come after, in the warm-up or at the first table
(tests/benchmarks/title_tmux.py --cpu measures the processor time)."""

from __future__ import annotations

import json
import subprocess
import sys

NOT_BEFORE_THE_TITLE = ("colorcards.engine.game", "colorcards.engine.events",
                        "colorcards.engine.precomputed", "colorcards.bots", "colorcards.coach",
                        "colorcards.replay.review", "colorcards.session.controller")

TITLE = r"""
import json, sys
from colorcards.cli import build_parser
from colorcards.tui.app import ColorCardsApp
from colorcards.tui.screens.title import TitleScreen

args = build_parser().parse_args(["--data-dir", sys.argv[1]])
app = ColorCardsApp(data_dir=args.data_dir, background_reviews=False)
seen = []

def check():
    if isinstance(app.screen, TitleScreen) and app.screen.is_mounted:
        app.screen.call_after_refresh(done)
    else:
        app.call_later(check)

def done():
    seen.extend(sorted(sys.modules))
    app.exit()

app.call_later(check)
app.run(headless=True, size=(80, 24))
print(json.dumps(seen))
"""


def test_the_title_is_drawn_without_the_game_engine_or_the_coach(tmp_path):
    out = subprocess.run([sys.executable, "-c", TITLE, str(tmp_path)], check=True,
                         capture_output=True, text=True, timeout=120)
    loaded = json.loads(out.stdout.splitlines()[-1])
    assert "colorcards.tui.screens.title" in loaded and "colorcards.store.store" in loaded
    early = [m for m in loaded if m.startswith(NOT_BEFORE_THE_TITLE)]
    assert early == []


def test_the_engines_names_all_come_from_their_modules():
    """The engine's package loads each name from its own module when asked: every name
    it offers is there, and it is the module's own object."""
    import importlib

    import colorcards.engine as engine

    for name in engine.__all__:
        home = importlib.import_module(f"colorcards.engine.{engine._HOME[name]}")
        assert getattr(engine, name) is getattr(home, name)
    assert "View" in dir(engine)
