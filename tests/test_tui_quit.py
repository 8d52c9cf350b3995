"""Quitting waits on no slow helper (issue 30, item 22: one quit left a blank screen for
2-4 s). Mid-game, with the coach's process hung on a hint and the background reviews'
thread stuck in the store, Q still ends the app: every wait on the quit path is bounded
by `QUIT_WAIT`, the hung process is killed, and the stuck thread is left to end with the
process. And once the app has returned, the process ends at once, whatever thread is
still running."""

from __future__ import annotations

import subprocess
import sys
import threading

from bots_helpers import position
from colorcards.coach.remote import RemoteCoach
from colorcards.replay.background import BackgroundReviews
from colorcards.session.seating import Seating
from colorcards.settings import GameSettings
from colorcards.tui.app import ColorCardsApp
from colorcards.tui.helpers import QUIT_WAIT, Helpers

HUNG = (sys.executable, "-c", "import sys, time\nfor _ in sys.stdin: time.sleep(3600)")
"""A coach's process that takes each request and never answers."""


class StuckStore:
    """A store whose first question never comes back until the test lets it."""

    def __init__(self) -> None:
        self.asked = threading.Event()
        self.release = threading.Event()

    def unreviewed(self) -> list[str]:
        self.asked.set()
        self.release.wait(60)
        return []


async def test_quitting_mid_game_waits_on_no_helper(tmp_path, monkeypatch):
    waits: list[tuple[str, float | None]] = []
    quitting = threading.Event()
    join, wait = threading.Thread.join, subprocess.Popen.wait

    def timed_join(thread, timeout=None):
        if quitting.is_set() and threading.current_thread() is threading.main_thread():
            waits.append((f"join {thread.name}", timeout))
        return join(thread, timeout)

    def timed_wait(child, timeout=None):
        if quitting.is_set() and threading.current_thread() is threading.main_thread():
            waits.append((f"wait {child.args}", timeout))
        return wait(child, timeout)

    monkeypatch.setattr(threading.Thread, "join", timed_join)
    monkeypatch.setattr(subprocess.Popen, "wait", timed_wait)

    stuck = StuckStore()
    reviews = BackgroundReviews(stuck)
    app = ColorCardsApp(data_dir=tmp_path, delay=60,
                        helpers=Helpers(coach=RemoteCoach(HUNG), reviews=reviews))
    try:
        async with app.run_test(size=(100, 32)) as pilot:
            game = position(["R+2 R5 G7", 5], "R3", preset="duel")
            settings = GameSettings(preset="duel", opponents=1, difficulty="hard", coach=True)
            pilot.app.seat(Seating.at(game, settings, game_id="quit"), delay=60)
            await pilot.pause()
            reviews.start()
            assert stuck.asked.wait(10)
            await pilot.press("h")  # the hint: a thread waits on the hung process
            await pilot.pause()
            child = app.remote_coach.process
            assert child is not None and child.poll() is None
            await pilot.press("escape")
            await pilot.pause()
            quitting.set()
            await pilot.press("x")  # quit the game
        assert not app.is_running
        assert child.poll() is not None, "the hung coach's process was left running"
        assert reviews.running, "the quit waited for the stuck thread after all"
        assert waits, "nothing on the quit path was waited on: the spy saw nothing"
        too_long = [(what, t) for what, t in waits if t is None or t > QUIT_WAIT]
        assert not too_long, f"waits beyond {QUIT_WAIT} s: {too_long}"
    finally:
        stuck.release.set()


def test_the_process_ends_without_waiting_for_a_busy_thread():
    """`end_now`: a thread still at work (not a daemon) does not keep the process."""
    script = ("import threading, time\n"
              "from colorcards.tui.helpers import end_now\n"
              "threading.Thread(target=time.sleep, args=(60,)).start()\n"
              "print('saved', flush=False)\n"
              "end_now(3)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=30)
    assert done.returncode == 3 and done.stdout == "saved\n"  # flushed before the end
