"""Evenings of play for the history, replay and review tests: real bots, the real store.

`play_evening` plays games the way the table does — every seat a computer player
(seat 0 stands in for the person), an autosave after every action, the record
written when the match ends — and leaves some games unfinished for a new one, which
records them as abandoned.
"""

from __future__ import annotations

import random

from colorcards.bots import make_player
from colorcards.bots.drive import drive
from colorcards.engine import Game, get_preset
from colorcards.session.meta import TableMeta
from colorcards.store import Store

EVENING = (("color-cards", 4, "hard"), ("classic", 3, "normal"), ("duel", 2, "crazy"),
           ("party", 5, "easy"), ("family-night", 4, "hard"))
"""Presets, seats and levels the evening goes round."""


def step(game: Game, players, rng: random.Random) -> None:
    """One decision of play, taken as the table takes it (the players' one loop,
    every seat drawing on `rng`)."""
    drive(game, players, [rng] * len(players), limit=1)


def new_game(index: int, seed: int, plan=EVENING) -> tuple[Game, TableMeta, list]:
    preset, seats, level = plan[index % len(plan)]
    game = Game(get_preset(preset).rules(), seats, seed=seed)
    names = ["You", *(f"Bot {s}" for s in range(1, seats))]
    meta = TableMeta.from_json({"game_id": f"evening-{seed}", "preset": preset, "difficulty": level,
            "names": names, "started_at": "2026-12-01T19:00:00+00:00",
            "settings": {"difficulty": level, "preset": preset, "opponents": seats - 1},
            "rngs": [None] + [[3, [1] * 625, None]] * (seats - 1), "hand": []}, seats)
    players = [make_player("hard")] + [make_player(level) for _ in range(1, seats)]
    return game, meta, players


def play_evening(store: Store, games: int = 20, seed: int = 1, abandon_every: int = 6,
                 autosave: bool = True, plan=EVENING) -> list[Game]:
    """Play `games` games into `store`, going round `plan`; every `abandon_every`-th
    is left halfway and abandoned. The games as they ended (or were left), oldest first."""
    played = []
    for index in range(games):
        game, meta, players = new_game(index, seed * 1000 + index, plan)
        rng = random.Random(seed * 7919 + index)
        stop_at = 25 if abandon_every and index % abandon_every == abandon_every - 1 else None
        while not game.is_over and (stop_at is None or len(game.actions) < stop_at):
            step(game, players, rng)
            if autosave:
                store.save_game(game, meta, [])
        if game.is_over:
            store.finish_game(game, meta, [])
        else:
            store.save_game(game, meta, [])
            store.abandon_game()
        played.append(game)
    return played
