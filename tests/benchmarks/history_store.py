"""What keeping games whole costs: bytes per game, and opening a long history.

    python tests/benchmarks/history_store.py [--games 40] [--history 10000]

1. Plays `--games` Color Cards games (four seats, Hard computers, seat 0 played by
   Hard too) through the store the way the table does (an autosave per action, the
   record and the kept game at the end) and reports the database's pages that hold
   them (records, replays and their indexes), per game: what a finished game costs.
2. Copies those rows, under new ids, up to `--history` games, then times reading the
   history list (`Store.history()`, newest first) and, apart, opening the store: best
   and median of several runs (wall clock, and CPU time, which a loaded machine
   disturbs less), and for scale the same games read as full records
   (`Store.records()`, what Statistics reads).
3. Opens the History screen on those 10,000 games and on 2 (in a headless app at
   80x24, until it is drawn): the list draws only the lines it shows, so the two
   should cost the same — what any screen of Textual costs to lay out and draw.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from colorcards.store import Store
from history_helpers import play_evening

TABLES = ("records", "replays", "sqlite_autoindex_records_1", "sqlite_autoindex_replays_1",
          "records_by_difficulty", "records_by_preset")


def bytes_per_game(store: Store, games: int) -> tuple[float, float]:
    """(pages' bytes per game, payload bytes per game) of the tables a record uses."""
    db = store._db
    names = ", ".join(f"'{t}'" for t in TABLES)
    pages = db.execute(f"SELECT sum(pgsize) FROM dbstat WHERE name IN ({names})").fetchone()[0]
    payload = db.execute(
        f"SELECT sum(payload) FROM dbstat WHERE name IN ({names})").fetchone()[0]
    return pages / games, payload / games


def grow(store: Store, target: int) -> None:
    """Copy the rows already there under new ids until `target` games are kept."""
    db = store._db
    columns = ("finished_at, preset, rules, difficulty, seats, result, abandoned, place, "
               "table_points, cards_left, points_left, turns, duration_seconds, seed, meta")
    have = db.execute("SELECT count(*) FROM records").fetchone()[0]
    base = have
    db.execute("BEGIN")
    n = 0
    while have < target:
        for (game_id,) in db.execute("SELECT game_id FROM records ORDER BY id LIMIT ?",
                                     (base,)).fetchall():
            if have >= target:
                break
            new_id = f"copy-{n}-{game_id}"
            n += 1
            db.execute(f"INSERT INTO records (game_id, {columns}) SELECT ?, {columns} "
                       f"FROM records WHERE game_id = ?", (new_id, game_id))
            db.execute("INSERT INTO replays (game_id, names, actions, review) SELECT ?, names, "
                       "actions, review FROM replays WHERE game_id = ?", (new_id, game_id))
            have += 1
    db.execute("COMMIT")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--history", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="colorcards-history-") as tmp:
        data = Path(tmp)
        with Store.open(data) as store:
            played = play_evening(store, games=args.games, abandon_every=0, autosave=False,
                                  plan=(("color-cards", 4, "hard"),))
            pages, payload = bytes_per_game(store, args.games)
            actions = statistics.mean(len(g.actions) for g in played)
            print(f"{args.games} Color Cards games (4 seats, Hard), {actions:.0f} actions "
                  f"a game on average:")
            print(f"  {pages:,.0f} bytes of database pages per game "
                  f"({payload:,.0f} bytes of row payload)")
            grow(store, args.history)
        opens, times, cpu, records_times = [], [], [], []
        for _ in range(args.runs):
            t0 = time.perf_counter()
            with Store.open(data) as store:
                t1, c1 = time.perf_counter(), time.thread_time()
                entries = store.history()
                t2 = time.perf_counter()
                cpu.append(time.thread_time() - c1)
                store.records()
                records_times.append(time.perf_counter() - t2)
            opens.append(t1 - t0)
            times.append(t2 - t1)
        assert len(entries) == args.history and all(e.replay for e in entries)
        print(f"History of {len(entries):,} games, Store.history(): best "
              f"{min(times) * 1000:.1f} ms, median {statistics.median(times) * 1000:.1f} ms "
              f"wall clock; CPU time median {statistics.median(cpu) * 1000:.1f} ms")
        print(f"  opening the store first (the app does it once, at start): median "
              f"{statistics.median(opens) * 1000:.1f} ms; the same games as full records "
              f"(Store.records(), for scale): median "
              f"{statistics.median(records_times) * 1000:.1f} ms")
        _screen_times(data, args.runs)
    return 0


def _screen_times(data: Path, runs: int) -> None:
    import asyncio

    from textual.app import App

    from colorcards.tui.screens.history import HistoryScreen

    with Store.open(data) as store:
        every = store.history()

    async def measure() -> dict[int, list[float]]:
        app = App()
        times: dict[int, list[float]] = {2: [], len(every): []}
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(runs):
                for count in times:
                    c0 = time.thread_time()
                    await app.push_screen(HistoryScreen(every[:count]))
                    await pilot.pause()
                    times[count].append(time.thread_time() - c0)
                    app.pop_screen()
                    await pilot.pause()
        return times

    for count, cpu in asyncio.run(measure()).items():
        print(f"History screen with {count:,} games, pushed until drawn: CPU median "
              f"{statistics.median(cpu) * 1000:.1f} ms")


if __name__ == "__main__":
    sys.exit(main())
