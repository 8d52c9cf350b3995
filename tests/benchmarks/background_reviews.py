"""What the background reviews cost the game: the next game's deal with a reviewer
running, against none.

    python tests/benchmarks/background_reviews.py [--deals 20] [--games 3] [--keys 8]

A data directory gets `--games` finished games to review. In one app, deals are timed
from `start_game` to the end of the table's first screen refresh, alternately with the
background reviews running (a reviewer process weighing one of those games) and stopped,
so that the machine's own load falls on both alike; after each deal `--keys` keys move
along the hand, each timed from the key to the table's next refresh. The title's first
frame needs no
measurement here: the reviews start `tui.app.REVIEWS_AFTER` seconds after it (3 s)
and in another process.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "benchmarks"))

from coach_ponder import cpu_of  # noqa: E402  the coach's processor time, helpers included


def finished_games(data: str, games: int) -> None:
    from colorcards.session.seating import Seating
    from colorcards.settings import GameSettings
    from colorcards.store import Store
    from test_tui_controller import ManualHost, controller, play_match

    store = Store.open(data)
    for seed in range(games):
        host = ManualHost()
        ctl = controller(Seating.new(GameSettings(), seed=100 + seed), host, store=store)
        ctl.start()
        play_match(ctl, host)
    store.close()


async def deals(data: str, count: int,
                keys: int) -> tuple[dict[bool, list[float]], dict[bool, list[float]]]:
    from textual.screen import Screen

    from colorcards.settings import GameSettings
    from colorcards.tui.program import player_app
    from colorcards.tui.screens.table import TableScreen

    refreshed: list[float] = []
    original = Screen._compositor_refresh

    def timed(self) -> None:
        original(self)
        if isinstance(self, TableScreen):
            refreshed.append(time.perf_counter())

    Screen._compositor_refresh = timed
    found: dict[bool, list[float]] = {True: [], False: []}
    pressed: dict[bool, list[float]] = {True: [], False: []}
    busy: dict[bool, list[float]] = {True: [], False: []}  # the coach's CPU a second
    try:
        app = player_app(data_dir=data, delay=3600,
                         background_reviews=False)  # started and stopped by hand below
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            for n in range(count):
                reviewing = n % 2 == 0
                if reviewing:
                    app.helpers.review_in_background(app.store)
                    await asyncio.sleep(1.0)  # the reviewer is weighing by now
                    assert app.reviews is not None and app.reviews.running
                elif app.reviews is not None:
                    app.reviews.stop()
                    await asyncio.sleep(1.0)
                child = app.remote_coach.process
                cpu = cpu_of(child.pid) if child is not None else 0.0
                began = start = time.perf_counter()
                app.start_game(GameSettings(), abandon=True)
                while not [t for t in refreshed if t > start]:
                    await asyncio.sleep(0.001)
                found[reviewing].append(min(t for t in refreshed if t > start) - start)
                for n in range(keys):  # along the hand and back
                    start = time.perf_counter()
                    await pilot.press("right" if n % 4 < 2 else "left")
                    after = [t for t in refreshed if t > start]
                    if after:  # (a key that changed nothing is not counted)
                        pressed[reviewing].append(min(after) - start)
                if child is not None:
                    busy[reviewing].append((cpu_of(child.pid) - cpu)
                                           / (time.perf_counter() - began))
            if app.reviews is not None:
                app.reviews.stop()
    finally:
        Screen._compositor_refresh = original
    print("the coach's process busy (CPU seconds a second, its helpers included): "
          f"reviews stopped {statistics.mean(busy[False] or [0]):.2f}, running "
          f"{statistics.mean(busy[True] or [0]):.2f}")
    return found, pressed


def ratio_interval(running: list[float], stopped: list[float],
                   draws: int = 2000) -> tuple[float, float, float]:
    """The ratio of the medians (running / stopped), and its 95% bootstrap interval."""
    rng = random.Random(0)
    ratios = sorted(
        statistics.median(rng.choices(running, k=len(running)))
        / statistics.median(rng.choices(stopped, k=len(stopped)))
        for _ in range(draws))
    return (statistics.median(running) / statistics.median(stopped),
            ratios[int(0.025 * draws)], ratios[int(0.975 * draws)])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--keys", type=int, default=8, help="keys pressed after each deal")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        finished_games(data, args.games)
        found, pressed = asyncio.run(deals(data, args.deals, args.keys))
    print(f"machine: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}")
    for reviewing in (False, True):
        times = found[reviewing]
        print(f"deal to table drawn, reviews {'running' if reviewing else 'stopped'}: "
              f"median {statistics.median(times) * 1000:.0f} ms, worst "
              f"{max(times) * 1000:.0f} ms over {len(times)} deals")
    ratio, low, high = ratio_interval(found[True], found[False])
    print(f"deal, running against stopped: {ratio:.2f}x the median (95% interval "
          f"{low:.2f}-{high:.2f})")
    for reviewing in (False, True):
        times = sorted(pressed[reviewing])
        if times:
            print(f"key to table redrawn, reviews {'running' if reviewing else 'stopped'}: "
                  f"median {statistics.median(times) * 1000:.1f} ms, 95th pct "
                  f"{times[min(len(times) - 1, math.ceil(0.95 * len(times)) - 1)] * 1000:.1f}"
                  " ms, within a frame "
                  f"{sum(1 for t in times if t <= 1 / 60)} of {len(times)}")
    if pressed[True] and pressed[False]:
        ratio, low, high = ratio_interval(pressed[True], pressed[False])
        print(f"key, running against stopped: {ratio:.2f}x the median (95% interval "
              f"{low:.2f}-{high:.2f})")


if __name__ == "__main__":
    main()
