"""The server's own relay to a game's process (colorcards/web/relay.py), against the pinned
Textual's web driver, and textual-serve's files that the page loads, against the pinned
textual-serve: what the server takes of each is checked here, not assumed."""

from __future__ import annotations

import asyncio
import importlib.util
import os
import re
import sys

import pytest

from colorcards.web import game_command

needs_web = pytest.mark.skipif(
    importlib.util.find_spec("textual_serve") is None
    and os.environ.get("COLORCARDS_BROWSER_TESTS") != "required",
    reason="textual-serve is not installed (pip install -e '.[web]')")


@needs_web
def test_every_file_the_page_loads_is_textual_serves():
    from colorcards.web.server import STATIC, page

    served = page("Color Cards", 16, [[40, 30, 14]])
    assert "{{" not in served and 'data-fits="[[40, 30, 14]]"' in served  # every blank filled
    wanted = set(re.findall(r'"static/([^"]+)"', served))
    assert {"js/textual.js", "css/xterm.css"} <= wanted
    assert [name for name in sorted(wanted) if not (STATIC / name).is_file()] == []


@needs_web
async def test_a_game_speaks_the_relays_packets(tmp_path):
    """The game under Textual's web driver: its first screen comes as data packets at the
    size asked for, a resize redraws it at the new size, a key reaches it (Q on the
    title quits), and its output then ends, the process with status 0."""
    from colorcards.web.relay import FIRST_SCREEN_BYTES, GameProcess

    screen = bytearray()
    resized = asyncio.Event()

    async def tab(data: bytes) -> None:
        screen.extend(data)
        if b"\x1b[32;" in data:  # a cursor moved to the 32nd row: only after the resize
            resized.set()

    game = GameProcess(game_command(tmp_path / "data", background_reviews=False), tab)
    await game.start(80, 24)
    await asyncio.wait_for(game.drawn(), 60)
    assert len(screen) > FIRST_SCREEN_BYTES and b"\x1b[32;" not in screen
    assert "New game" in screen.decode("utf-8", "replace")
    await game.set_terminal_size(100, 32)
    await asyncio.wait_for(resized.wait(), 60)
    assert await game.send_bytes(b"q")
    await asyncio.wait_for(game.ended(), 60)
    assert game.status == 0
    assert not await game.send_bytes(b"q")  # nothing to write to any more


@needs_web
async def test_a_game_that_will_not_quit_is_killed(tmp_path):
    """`quit` asks, waits its `quit_seconds` (here a tenth of a second), then kills."""
    from colorcards.web import relay

    stubborn = [sys.executable, "-c",
                "import sys, time; print('__GANGLION__', flush=True); time.sleep(3600)"]
    game = relay.GameProcess(stubborn, lambda data: asyncio.sleep(0), quit_seconds=0.1)
    await game.start(80, 24)
    await game.quit()
    assert game.status is not None and game.status < 0  # killed by a signal
