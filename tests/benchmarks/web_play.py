"""A whole game played in headless Chromium through `colorcards serve`, as a person would
with the keyboard (N, PLAY, then the hinted move each turn), with screenshots of the
title, the table and the results to look at.

    python tests/benchmarks/web_play.py                    # shots in TEMP/colorcards-web
    python tests/benchmarks/web_play.py --readme           # a desktop, 1280x800 at a device
                                                           # pixel ratio of 2: also
                                                           # browser-{title,table}.png
    python tests/benchmarks/web_play.py --phone --readme   # a phone held upright, 390x844
                                                           # at 3: browser-phone-{title,table}.png
    python tests/benchmarks/web_play.py --ratio 1          # another density

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
    settled,
    start_game,
    wait_for,
)

ROOT = Path(__file__).resolve().parents[2]
DESKTOP = (1280, 800)
"""A laptop's screen in CSS pixels (at a device pixel ratio of 2: 2560x1600)."""
DESKTOP_SHOTS = {"title.png": ROOT / "tests" / "benchmarks" / "browser-title.png",
                 "table.png": ROOT / "tests" / "benchmarks" / "browser-table.png"}
PHONE_SHOTS = {"title.png": ROOT / "tests" / "benchmarks" / "browser-phone-title.png",
               "table.png": ROOT / "tests" / "benchmarks" / "browser-phone-table.png"}


def play(out: Path, minutes: float, size: tuple[int, int], phone: bool = False,
         ratio: float = 1) -> dict:
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    held: list[str] = []
    turns = 0
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        served = Served(Path(tmp) / "data")
        browser = launch(playwright)
        try:
            with offline_page(browser, held, size=size, phone=phone, ratio=ratio) as page:
                page.goto(served.url)
                wait_for(page, "Quit")
                settled(page)
                page.screenshot(path=out / "title.png")
                start_game(page, served.url)
                deadline = time.monotonic() + minutes * 60
                while time.monotonic() < deadline:
                    text = screen(page)
                    if re.search(f"{RESULTS}|went out first", text):  # a phone: buttons hidden
                        break
                    if re.search(TURN, text) and "Hint: " not in text:
                        if turns == 2:  # the table at the player's third turn
                            settled(page)
                            page.screenshot(path=out / "table.png")
                        play_hinted(page)
                        turns += 1
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
                        help="copy the title's and the table's shots to tests/benchmarks/")
    parser.add_argument("--phone", action="store_true",
                        help=f"a phone held upright: {PHONE[0]}x{PHONE[1]} with a touch screen")
    parser.add_argument("--ratio", type=float,
                        help="the screen's device pixel ratio (a phone's 3, a desktop's 2)")
    args = parser.parse_args()
    why = missing()
    if why:
        print(f"web_play: {why}", file=sys.stderr)
        return 2
    ratio = args.ratio if args.ratio is not None else 3 if args.phone else 2
    found = play(args.out, args.minutes, PHONE if args.phone else DESKTOP, args.phone, ratio)
    print(f"played {found['turns']} turns; results: {found['headline']!r}")
    print(f"requests beyond loopback: {len(found['held'])}; server exit "
          f"{found['server_exit']}; server stderr: {found['server_stderr']!r}")
    shots = ("title.png", "table.png", "results.png")
    print(f"screenshots: {', '.join(str(args.out / name) for name in shots)}")
    copies = PHONE_SHOTS if args.phone else DESKTOP_SHOTS
    for name, shot in copies.items() if args.readme else ():
        shutil.copyfile(args.out / name, shot)
        print(f"wrote {shot.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
