"""Driving headless games for the store's tests: one action at a time, resumable.

The loop is the engine's own (`next_decision`), as in `colorcards.sim.play_game`; what
it needs to carry on besides the game (each seat's generator) lives in the game's
`meta` (a `TableMeta`, as the store takes it), so a game saved after any action and
loaded again continues exactly as if it had never stopped. The crash test relies on that.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from colorcards.bots import make_player
from colorcards.bots.drive import decide
from colorcards.engine import Game, get_preset, next_decision, rng_from_state, rng_state
from colorcards.session.meta import TableMeta
from colorcards.sim import seat_rngs
from colorcards.store import Store, recovery
from colorcards.store.paths import DB_NAME

PLAN = (("duel", 2), ("party", 4), ("colour-match", 3), ("party", 3), ("duel", 2), ("party", 6))
"""The crash test's games, in order: (preset, seats)."""


def plan_game(index: int) -> tuple[Game, TableMeta]:
    """Game number `index` of the plan, new, with its meta."""
    preset, seats = PLAN[index % len(PLAN)]
    game = Game(get_preset(preset).rules(), seats, seed=1000 + index)
    return game, new_meta(game, f"game-{index}", preset, "normal")


def new_meta(game: Game, game_id: str, preset: str, difficulty: str) -> TableMeta:
    """Meta as the TUI writes it, plus each seat's generator, which this driver needs."""
    return TableMeta.from_json({
        "game_id": game_id,
        "preset": preset,
        "difficulty": difficulty,
        "names": ["You"] + [f"Bot {s}" for s in range(1, game.seats)],
        "started_at": "2026-12-01T03:00:00+00:00",
        "rngs": [rng_state(r) for r in seat_rngs(game.seed, game.seats)],
    }, game.seats)


class Driver:
    """Applies one decision per `step()` (`next_decision`); `meta` always holds what
    resuming needs besides the game itself: each seat's generator. A `TableMeta` is
    frozen, so each step replaces `meta`: save `driver.meta`, not the one it started from."""

    def __init__(self, game: Game, meta: TableMeta):
        self.game = game
        self.meta = meta
        self.rngs = [rng_from_state(s) for s in meta.rngs]
        self.players = [make_player("random") for _ in range(game.seats)]

    def step(self) -> str:
        """Apply the next decision's action; its log line."""
        game = self.game
        decision = next_decision(game)
        if decision is None:
            raise RuntimeError("the match is over")
        seat = decision.seat
        if seat is None:
            action = decision.actions[0]
        else:
            action = decide(game, decision, self.players[seat], self.rngs[seat])
        game.apply(action, seat)
        self.meta = self.meta.with_(rngs=tuple(rng_state(r) for r in self.rngs))
        who = "-" if seat is None else seat
        return f"{len(game.actions)} {who} {action}"


def play_out(game: Game, meta: TableMeta, log: list[str], after=None) -> TableMeta:
    """Play to the end of the match, calling `after(game, meta, log)` after each action;
    the meta as the match ended."""
    driver = Driver(game, meta)
    while game.phase != "match-over":
        log.append(driver.step())
        if after is not None:
            after(game, driver.meta, log)
    return driver.meta


def play_until(game: Game, meta: TableMeta, log: list[str], actions: int) -> Driver:
    """Play until the game holds `actions` actions (or the match ends); the driver (its
    `meta` is the game's now)."""
    driver = Driver(game, meta)
    while len(game.actions) < actions and game.phase != "match-over":
        log.append(driver.step())
    return driver


def store_and_connection(directory: Path) -> tuple[Store, sqlite3.Connection]:
    """A store whose connection the test holds too: its file in `directory`, checked and
    migrated as `Store.open` does (without the directory's lock). For what only that
    connection can tell or do: how many rows a save wrote (`total_changes`), a disk that
    fills up (`max_page_count` belongs to the connection)."""
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / DB_NAME
    db = recovery.open_checked(path, [])
    return Store(db, path, None, durable=True, owns_game=True, problems=[]), db


def integrity(path: Path) -> str:
    """SQLite's own check of the store's file (PRAGMA integrity_check): 'ok' for a sound
    one. Read on a connection of the test's, beside the store's."""
    db = sqlite3.connect(path)
    try:
        return "; ".join(str(row[0]) for row in db.execute("PRAGMA integrity_check"))
    finally:
        db.close()


def refuse_writes(db: sqlite3.Connection, refused: bool = True) -> None:
    """Make every write of the store on `db` fail, or work again (a disk that fills up
    and is freed, on demand: SQLite's `query_only` belongs to the connection)."""
    db.execute(f"PRAGMA query_only = {int(refused)}")
