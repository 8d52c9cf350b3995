"""Rapid reloads of the only open tab, counted: does the tab end up playing a game that
saves, saying why it cannot, or (the fault this guards against) playing a game that
does not save, without a word?

    python tests/benchmarks/web_reloads.py --trials 12

Each trial opens the page, reloads it 2 to 5 times 100-200 ms apart (the numbers drawn
from a seeded generator, --seed), waits for the title and 2 s more, then looks: the one
game process must hold the data directory's lock (it writes its pid there), or the page
must show one of its notices. Needs the `web` and `web-test` extras and Debian's chromium.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from web_helpers import Served, launch, lock_holder, missing, offline_page, screen, wait_for


def trial(page, served: Served, reloads: int, pause: int) -> str:
    page.goto(served.url)
    page.wait_for_timeout(pause)
    for _ in range(reloads):
        page.reload(wait_until="commit")
        page.wait_for_timeout(pause)
    try:
        wait_for(page, "New game", timeout=20)
    except AssertionError:
        pass
    page.wait_for_timeout(2000)
    if page.locator("[data-code]:visible").count():
        return "told why it cannot play"
    games = served.games()
    if "New game" in screen(page) and len(games) == 1 and lock_holder(served.data_dir) == games[0]:
        return "plays, and saves"
    return f"plays without saving, silently (games {games}, lock {lock_holder(served.data_dir)})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=12)
    parser.add_argument("--seed", type=int, default=31)
    args = parser.parse_args()
    why = missing()
    if why:
        print(f"web_reloads: {why}", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    rng = random.Random(args.seed)
    outcomes: Counter[str] = Counter()
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        served = Served(Path(tmp) / "data")
        browser = launch(playwright)
        try:
            with offline_page(browser) as page:
                for n in range(args.trials):
                    reloads, pause = rng.randint(2, 5), rng.randint(100, 200)
                    outcome = trial(page, served, reloads, pause)
                    print(f"trial {n + 1}: {reloads} reloads {pause} ms apart: {outcome}")
                    outcomes[outcome.split(" (")[0]] += 1
        finally:
            browser.close()
            served.stop()
    print(f"{args.trials} trials, seed {args.seed}, {time.monotonic() - started:.0f} s:")
    for outcome, count in outcomes.most_common():
        print(f"  {count:3d}  {outcome}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
