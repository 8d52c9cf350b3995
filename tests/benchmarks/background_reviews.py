"""What the background reviews cost the game: the next game's deal with a reviewer
running, against none.

    python tests/benchmarks/background_reviews.py [--deals 20] [--games 3]

A data directory gets `--games` finished games to review. In one app, deals are timed
from `start_game` to the end of the table's first screen refresh, alternately with the
background reviews running (a reviewer process weighing one of those games) and stopped,
so that the machine's own load falls on both alike. The title's first frame needs no
measurement here: the reviews start `ColorCardsApp.REVIEWS_AFTER` seconds after it (3 s)
and in another process.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))


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


async def deals(data: str, count: int) -> dict[bool, list[float]]:
    from textual.screen import Screen

    from colorcards.settings import GameSettings
    from colorcards.tui.app import ColorCardsApp
    from colorcards.tui.table import TableScreen

    refreshed: list[float] = []
    original = Screen._compositor_refresh

    def timed(self) -> None:
        original(self)
        if isinstance(self, TableScreen):
            refreshed.append(time.perf_counter())

    Screen._compositor_refresh = timed
    ColorCardsApp.REVIEWS_AFTER = 3600  # started and stopped by hand below
    found: dict[bool, list[float]] = {True: [], False: []}
    try:
        app = ColorCardsApp(data_dir=data, delay=3600)
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            for n in range(count):
                reviewing = n % 2 == 0
                if reviewing:
                    app.review_in_background()
                    await asyncio.sleep(1.0)  # the reviewer is weighing by now
                    assert app.reviews is not None and app.reviews.running
                elif app.reviews is not None:
                    app.reviews.stop()
                    await asyncio.sleep(1.0)
                start = time.perf_counter()
                app.start_game(GameSettings(), abandon=True)
                while not [t for t in refreshed if t > start]:
                    await asyncio.sleep(0.001)
                found[reviewing].append(min(t for t in refreshed if t > start) - start)
            if app.reviews is not None:
                app.reviews.stop()
    finally:
        Screen._compositor_refresh = original
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--games", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        finished_games(data, args.games)
        found = asyncio.run(deals(data, args.deals))
    print(f"machine: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}")
    for reviewing in (False, True):
        times = found[reviewing]
        print(f"deal to table drawn, reviews {'running' if reviewing else 'stopped'}: "
              f"median {statistics.median(times) * 1000:.0f} ms, worst "
              f"{max(times) * 1000:.0f} ms over {len(times)} deals")


if __name__ == "__main__":
    main()
