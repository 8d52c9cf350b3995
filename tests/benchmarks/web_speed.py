"""How quickly `colorcards serve` answers in a real browser, and what a tab costs.

    python tests/benchmarks/web_speed.py            # on one core (the default)
    python tests/benchmarks/web_speed.py --cores 2

Needs the `web` and `web-test` extras and Debian's chromium. Everything (the server, the
game processes and chromium) runs on the cores named, pinned with sched_setaffinity.
- page → title: from asking for the page to the title's menu in xterm.js's buffer, each
  time in a fresh browser context with a game process of its own (the issue asks < 2 s);
- key → screen: from a key typed into xterm.js (an arrow along the hand, at the table) to
  the next time xterm.js draws, measured in the page (the issue asks a median < 50 ms);
- memory per tab: the game process's resident set (RSS) and proportional share (PSS, its
  libraries shared with the other tabs' games counted in part) at the table.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from web_helpers import (
    TURN,
    Served,
    launch,
    missing,
    offline_page,
    start_game,
    wait_for,
)

KEY_TO_DRAW = """(key) => new Promise(resolve => {
  const t = window.colorcardsTerminal;
  const start = performance.now();
  const once = t.onRender(() => { once.dispose(); resolve(performance.now() - start); });
  t.input(key, true);
})"""


def memory_kib(pid: int) -> dict[str, int]:
    """VmRSS and Pss of a process, in KiB (Linux)."""
    found = {}
    for name, field in (("status", "VmRSS:"), ("smaps_rollup", "Pss:")):
        for line in Path(f"/proc/{pid}/{name}").read_text().splitlines():
            if line.startswith(field):
                found[field.rstrip(":").lower()] = int(line.split()[1])
                break
    return found


def wait_until_no_games(served: Served, timeout: float = 15) -> None:
    deadline = time.monotonic() + timeout
    while served.games() and time.monotonic() < deadline:
        time.sleep(0.05)


def measure(opens: int, keys: int) -> dict:
    from playwright.sync_api import sync_playwright

    result: dict = {}
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        served = Served(Path(tmp) / "data")
        browser = launch(playwright)
        try:
            with offline_page(browser) as page:  # the first start warms the disk cache
                page.goto(served.url)
                wait_for(page, "New game")
            title = []
            for _ in range(opens):
                wait_until_no_games(served)
                with offline_page(browser) as page:
                    start = time.perf_counter()
                    page.goto(served.url, wait_until="commit")
                    wait_for(page, "New game", timeout=30)
                    title.append(time.perf_counter() - start)
            wait_until_no_games(served)
            with offline_page(browser) as page:
                start_game(page, served.url)
                wait_for(page, TURN)
                page.wait_for_timeout(500)
                latencies = []
                for i in range(keys):
                    arrow = "\x1b[C" if i % 2 == 0 else "\x1b[D"
                    latencies.append(page.evaluate(KEY_TO_DRAW, arrow))
                    page.wait_for_timeout(60)
                (pid,) = served.games()
                memory = memory_kib(pid)
                server_memory = memory_kib(served.process.pid)
        finally:
            browser.close()
            served.stop()
    result["page_to_title_s"] = {"median": round(statistics.median(title), 3),
                                 "max": round(max(title), 3), "n": len(title)}
    ordered = sorted(latencies)
    result["key_to_screen_ms"] = {
        "median": round(statistics.median(latencies), 1),
        "p90": round(ordered[int(0.9 * (len(ordered) - 1))], 1),
        "max": round(max(latencies), 1), "n": len(latencies)}
    result["game_process_mib"] = {k: round(v / 1024, 1) for k, v in memory.items()}
    result["server_process_mib"] = {k: round(v / 1024, 1) for k, v in server_memory.items()}
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cores", type=int, default=1, help="cores to run on (default 1)")
    parser.add_argument("--opens", type=int, default=5, help="page loads to time")
    parser.add_argument("--keys", type=int, default=40, help="keys to time")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    why = missing()
    if why:
        print(f"web_speed: {why}", file=sys.stderr)
        return 2
    cores = sorted(os.sched_getaffinity(0))[: args.cores]
    os.sched_setaffinity(0, cores)  # inherited by the server, its games and chromium
    result = {"cores": len(cores), **measure(args.opens, args.keys)}
    if args.json:
        print(json.dumps(result))
        return 0
    title, key = result["page_to_title_s"], result["key_to_screen_ms"]
    game, server = result["game_process_mib"], result["server_process_mib"]
    print(f"on {len(cores)} core(s):")
    print(f"  page → title     median {title['median']:.2f} s, max {title['max']:.2f} s "
          f"({title['n']} loads)")
    print(f"  key → screen     median {key['median']:.1f} ms, 90th percentile "
          f"{key['p90']:.1f} ms, max {key['max']:.1f} ms ({key['n']} keys)")
    print(f"  game per tab     RSS {game['vmrss']:.0f} MiB, PSS {game['pss']:.0f} MiB")
    print(f"  server           RSS {server['vmrss']:.0f} MiB, PSS {server['pss']:.0f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
