"""What one autosave costs, in whole games between the real computer players.

    python tests/benchmarks/store_autosave.py [--games N] [--preset KEY ...]

Plays matches with the bots at a level (default hard), saving after every action the
way the table does: state, meta (names, settings, each bot's generator, the hand's
order) and the log (its last 400 lines) in one transaction, into a fresh data directory.
Reports wall-clock and CPU time per save (median, 90th and 99th percentile, worst), the
same split into the first and last tenth of each match (the saved history grows all match
long), and, for comparison, what writing the whole engine JSON would cost for the same
states. And the write-ahead log: what one save adds to it (over the first match's saves
before the first checkpoint, on a new file) and the largest it grew to (with `--pace`,
the checkpoint keeps up as it does at the table).
"""

from __future__ import annotations

import argparse
import json
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

from colorcards.bots import make_player
from colorcards.engine import CLOSE_WINDOW, NEXT_ROUND, Game, get_preset, rng_state
from colorcards.session.meta import TableMeta
from colorcards.session.wording import Words
from colorcards.store import Store
from colorcards.store.checkpoint import EVERY


def play_and_save(store: Store, preset: str, seats: int, level: str, seed: int,
                  full: sqlite3.Connection | None,
                  max_actions: int = 20_000, pace: float = 0.0,
                  log_sizes: list | None = None) -> tuple[list, list, list]:
    """One match with an autosave after every action: (wall, cpu, full-JSON) times per
    save; the write-ahead log's size after each save is added to `log_sizes`."""
    game = Game(get_preset(preset).rules(), seats, seed=seed)
    players = [make_player(level) for _ in range(seats)]
    rngs = [random.Random(seed * 16 + s + 1) for s in range(seats)]
    names = ["You", "Lily", "Zoe", "Max", "Ann", "Bo", "Cy", "Di", "Ed", "Flo"][:seats]
    words = Words(names, "classic")
    meta = {"game_id": f"bench-{preset}-{seed}", "preset": preset, "difficulty": level,
            "names": names, "started_at": "2026-12-01T03:00:00+00:00",
            "settings": {"speed": "normal", "sort": "colour"}, "hand": []}
    log: list[str] = []
    wall, cpu, whole = [], [], []

    def save(events) -> None:
        for e in events:
            log.append(words.sentence(e))
        del log[:-400]  # the table keeps its last 400 lines
        meta["rngs"] = [None] + [rng_state(r) for r in rngs[1:]]
        meta["hand"] = [c.code for c in game.hands[0]]
        table = TableMeta.from_json(meta, seats)
        t0, c0 = time.perf_counter(), time.thread_time()
        store.save_game(game, table, log)
        wall.append(time.perf_counter() - t0)
        cpu.append(time.thread_time() - c0)
        if log_sizes is not None:
            wal = store.path.with_name(store.path.name + "-wal")
            log_sizes.append(wal.stat().st_size if wal.exists() else 0)
        if pace:
            time.sleep(pace)  # the table's pacing: the checkpoint thread catches up
        if full is not None:
            t0 = time.perf_counter()
            full.execute("BEGIN")
            full.execute("INSERT OR REPLACE INTO s VALUES (1, ?, ?, ?)",
                         (game.dumps(), json.dumps(meta), json.dumps(log)))
            full.execute("COMMIT")
            whole.append(time.perf_counter() - t0)

    reacted = None
    while game.phase != "match-over":
        if len(wall) >= max_actions:  # a match that will not end: leave it (a loss)
            store.abandon_game()
            return wall, cpu, whole
        if game.phase == "round-over":
            save(game.apply(NEXT_ROUND))
            continue
        vulnerable = game.vulnerable
        if vulnerable is not None and reacted != (vulnerable, len(game.history)):
            reacted = (vulnerable, len(game.history))
            acted = False
            for k in range(seats):
                seat = (vulnerable + k) % seats
                if game.vulnerable is None:
                    break
                if seat == game.current and game.phase != "window":
                    continue
                legal = game.legal_actions(seat)
                if legal:
                    action = players[seat].react(game.view(seat), legal, rngs[seat])
                    if action is not None:
                        save(game.apply(action, seat))
                        acted = True
            if acted:
                continue
        if game.phase == "window":
            save(game.apply(CLOSE_WINDOW))
            continue
        seat = game.current
        action = players[seat].choose(game.view(seat), game.legal_actions(), rngs[seat])
        save(game.apply(action))
    store.finish_game(game, TableMeta.from_json(meta, seats), log)
    return wall, cpu, whole


def _ms(values: list[float]) -> str:
    v = sorted(values)
    pick = lambda q: v[min(len(v) - 1, int(q * len(v)))] * 1000  # noqa: E731
    return (f"median {statistics.median(v) * 1000:.3f} ms, p90 {pick(0.90):.3f}, "
            f"p99 {pick(0.99):.3f}, max {v[-1] * 1000:.2f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="matches per preset")
    parser.add_argument("--preset", action="append", help="preset key (repeatable)")
    parser.add_argument("--level", default="hard")
    parser.add_argument("--max-actions", type=int, default=20_000,
                        help="leave a match that has not ended after this many saves")
    parser.add_argument("--pace", type=float, default=0.0,
                        help="seconds to wait after each save, as the table's pacing does")
    parser.add_argument("--no-full", action="store_true", help="skip the whole-JSON comparison")
    args = parser.parse_args(argv)
    presets = args.preset or ["color-cards", "colour-match"]
    with tempfile.TemporaryDirectory() as tmp:
        store = Store.open(Path(tmp) / "data")
        full = None
        if not args.no_full:
            full = sqlite3.connect(Path(tmp) / "full.db", isolation_level=None)
            full.execute("PRAGMA journal_mode = WAL")
            full.execute("PRAGMA synchronous = NORMAL")
            full.execute("CREATE TABLE s (id INTEGER PRIMARY KEY, state TEXT, meta TEXT, log TEXT)")
        for preset in presets:
            seats = get_preset(preset).default_seats
            wall, cpu, whole, early, late = [], [], [], [], []
            actions = []
            log_sizes: list[int] = []
            for g in range(args.games):
                w, c, f = play_and_save(store, preset, seats, args.level, 1000 + g, full,
                                        args.max_actions, args.pace, log_sizes)
                wall += w
                cpu += c
                whole += f
                tenth = max(1, len(c) // 10)
                early += c[:tenth]
                late += c[-tenth:]
                actions.append(len(w))
            print(f"{preset} ({seats} seats, {args.level} bots): {args.games} matches, "
                  f"{len(wall)} saves, {statistics.mean(actions):.0f} a match "
                  f"(longest {max(actions)})")
            print(f"  autosave wall   {_ms(wall)}")
            print(f"  autosave CPU    {_ms(cpu)}")
            print(f"  CPU, first tenth of each match  {_ms(early)}")
            print(f"  CPU, last tenth of each match   {_ms(late)}")
            if whole:
                print(f"  whole JSON      {_ms(whole)}  (for comparison, not used)")
            if preset == presets[0] and len(log_sizes) > EVERY:
                per_save = (log_sizes[EVERY - 1] - log_sizes[0]) / (EVERY - 1)
                print(f"  write-ahead log: {per_save / 1024:.1f} KB a save (saves 2 to {EVERY} "
                      f"of a new file, before its first checkpoint)")
            print(f"  write-ahead log: largest {max(log_sizes) / 1024:.0f} KB")
        store.close()
        if full is not None:
            full.close()
    import os

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"python {sys.version.split()[0]}, sqlite {sqlite3.sqlite_version}, "
          f"{os.cpu_count()} CPUs, load average {load:.1f} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
