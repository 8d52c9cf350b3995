"""The tutor at the table, played with keys (Pilot): a costly move's note on the status
line, T putting back the exact position, and the note staying off for a good move."""

from __future__ import annotations

import asyncio
import json

from bots_helpers import position
from colorcards.tui.app import ColorCardsApp
from colorcards.tui.seating import Seating
from colorcards.tui.settings import GameSettings
from tui_table_helpers import shown


async def _coached_duel(pilot):
    """The costly position of tests/test_review.py, with the coach on."""
    game = position(["R+2 R5", "G1"], "R3", preset="duel", called="1")
    settings = GameSettings(preset="duel", opponents=1, difficulty="hard", coach=True)
    ctl = pilot.app.seat(Seating.at(game, settings, game_id="tutor-pilot"), delay=60,
                         window_seconds=60)
    await pilot.pause()
    await pilot.pause()
    return ctl


async def _weighed(pilot, ctl, seconds: float = 60.0) -> None:
    """Wait for the coach's judgement (its thread) without holding the event loop."""
    for _ in range(int(seconds / 0.05)):
        if not ctl.weighing:
            break
        await asyncio.sleep(0.05)
    await pilot.pause()


async def test_the_note_appears_and_t_takes_the_move_back(tmp_path):
    app = ColorCardsApp(data_dir=tmp_path, delay=60)
    async with app.run_test(size=(100, 32)) as pilot:
        ctl = await _coached_duel(pilot)
        before = json.dumps(ctl.game.to_json())
        hand = list(ctl.hand())
        codes = [c.code for c in hand]
        await pilot.press(str(codes.index("R5") + 1))  # leaves the opponent a card to follow
        await _weighed(pilot, ctl)
        text = shown(app)
        assert "Coach: Red Draw Two instead of Red 5" in text
        assert "T: take it back." in text
        await pilot.press("t")
        await pilot.pause()
        assert json.dumps(ctl.game.to_json()) == before
        assert ctl.hand() == hand
        assert "Taken back" in shown(app)
        await pilot.press(str(codes.index("R+2") + 1))  # the Draw Two this time
        await _weighed(pilot, ctl)
        assert "Coach:" not in shown(app).split("Taken back")[-1]
        assert ctl.note is None and ctl.practice


async def test_t_without_the_coach_says_why(tmp_path):
    app = ColorCardsApp(data_dir=tmp_path, delay=60)
    async with app.run_test(size=(100, 32)) as pilot:
        game = position(["R+2 R5", "G1"], "R3", preset="duel", called="1")
        settings = GameSettings(preset="duel", opponents=1, difficulty="hard")
        ctl = pilot.app.seat(Seating.at(game, settings, game_id="no-coach"), delay=60,
                             window_seconds=60)
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        await pilot.press("t")
        await pilot.pause()
        assert "coach on" in shown(app)
        assert not ctl.practice
