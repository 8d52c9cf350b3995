"""A whole game played in headless Chromium through `colorcards serve`, as a person would
with the keyboard (N, PLAY, then the hinted move each turn), with screenshots of the
title, the table and the results to look at.

    python tests/benchmarks/web_play.py                    # shots in TEMP/colorcards-web
    python tests/benchmarks/web_play.py --readme           # also tests/benchmarks/browser-table.png
    python tests/benchmarks/web_play.py --phone --readme   # at 390x844, a phone held upright:
                                                           # browser-phone-{title,table}.png

Needs the `web` and `web-test` extras and Debian's chromium. Every request beyond this
machine is held unanswered, as on a network that drops it.
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from web_helpers import (
    PHONE,
    RESULTS,
    TURN,
    Served,
    hand_count,
    launch,
    missing,
    offline_page,
    play_hinted,
    screen,
    start_game,
    wait_for,
)

ROOT = Path(__file__).resolve().parents[2]
README_SHOT = ROOT / "tests" / "benchmarks" / "browser-table.png"
PHONE_SHOTS = {"title.png": ROOT / "tests" / "benchmarks" / "browser-phone-title.png",
               "table.png": ROOT / "tests" / "benchmarks" / "browser-phone-table.png"}


def play(out: Path, minutes: float, size: tuple[int, int], phone: bool = False) -> dict:
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    held: list[str] = []
    turns = 0
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        served = Served(Path(tmp) / "data")
        browser = launch(playwright)
        try:
            with offline_page(browser, held, size=size, phone=phone) as page:
                page.goto(served.url)
                wait_for(page, "New game")
                page.screenshot(path=out / "title.png")
                start_game(page, served.url)
                deadline = time.monotonic() + minutes * 60
                while time.monotonic() < deadline:
                    text = screen(page)
                    if re.search(f"{RESULTS}|went out first", text):  # a phone: buttons hidden
                        break
                    if re.search(TURN, text) and "Hint: " not in text:
                        play_hinted(page)
                        turns += 1
                        if turns == 4:
                            page.wait_for_timeout(400)
                            page.screenshot(path=out / "table.png")
                    else:
                        page.wait_for_timeout(100)
                else:
                    raise SystemExit(f"no result after {minutes} minutes:\n{screen(page)}")
                page.wait_for_timeout(500)
                results = screen(page)
                page.screenshot(path=out / "results.png")
        finally:
            browser.close()
            status, _, err = served.stop()
    found = re.search(r"│\s*([^│]*\b(?:wins?|won)\b[^│]*?)\s*│", results)
    headline = found.group(1) if found else ""
    return {"turns": turns, "held": held, "server_exit": status, "server_stderr": err,
            "headline": headline, "last_hand": hand_count(results)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path,
                        default=Path(tempfile.gettempdir()) / "colorcards-web")
    parser.add_argument("--minutes", type=float, default=8.0, help="give up after this")
    parser.add_argument("--readme", action="store_true",
                        help=f"copy the table's shot to {README_SHOT.relative_to(ROOT)}")
    parser.add_argument("--phone", action="store_true",
                        help=f"a phone held upright: {PHONE[0]}x{PHONE[1]} with a touch screen")
    args = parser.parse_args()
    why = missing()
    if why:
        print(f"web_play: {why}", file=sys.stderr)
        return 2
    found = play(args.out, args.minutes, PHONE if args.phone else (1200, 760), args.phone)
    print(f"played {found['turns']} turns; results: {found['headline']!r}")
    print(f"requests beyond loopback: {len(found['held'])}; server exit "
          f"{found['server_exit']}; server stderr: {found['server_stderr']!r}")
    shots = ("title.png", "table.png", "results.png")
    print(f"screenshots: {', '.join(str(args.out / name) for name in shots)}")
    copies = PHONE_SHOTS if args.phone else {"table.png": README_SHOT}
    for name, shot in copies.items() if args.readme else ():
        shutil.copyfile(args.out / name, shot)
        print(f"wrote {shot.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
