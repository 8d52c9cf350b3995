"""Headless play: whole games between computer players, for measurement.

`play_game` drives one match from a seed; `run` plays many, rotating the players
round the seats from game to game, optionally over several processes. Each game's
seed is derived from the run's seed and the game's number, so the results are the
same whatever the number of workers.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .bots import Player, make_player
from .bots.drive import drive
from .engine import Game, Rules

GAME_SEED_STRIDE = 1_000_003
PLAYER_SEED_SALT = 0x5EED_CA7D
SEAT_SEED_STRIDE = 16
"""Seat generators of one game are seeded base + seat (at most 10 seats)."""
DECISIONS_PER_TURN = 4
"""A bound on decisions (reactions, the window, deals) per turn, for `max_turns`."""


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` in a run seeded with `seed`."""
    return seed * GAME_SEED_STRIDE + index


@dataclass
class GameResult:
    """What one simulated match came to."""

    winners: tuple[int, ...]
    """Seats that won (several share a tie; none after a stalemate)."""
    turns: int
    stalemate: bool
    decisions: int
    """Actions applied: every draw, play, pass, call, catch, declined chance to catch and
    deal, not only turns."""


def seat_rngs(seed: int, seats: int) -> list[random.Random]:
    """Each seat's own generator for the game seeded with `seed`: separate from the
    game's (no decision can disturb the deal) and from each other's (what one player
    draws never changes another's choices)."""
    base = (seed ^ PLAYER_SEED_SALT) * SEAT_SEED_STRIDE
    return [random.Random(base + s) for s in range(seats)]


def play_game(rules: Rules, players: Sequence[Player], seed: int,
              max_turns: int = 200_000) -> GameResult:
    """Play one whole match; seat i is `players[i]`, with its own generator
    (`seat_rngs`), so a game's result depends only on its seed."""
    seats = len(players)
    game = Game(rules, seats, seed)
    if not drive(game, players, seat_rngs(seed, seats), limit=DECISIONS_PER_TURN * max_turns):
        raise RuntimeError(f"game with seed {seed} did not end in {max_turns} turns")
    stalemate = any(r.winner is None for r in game.results)
    return GameResult(game.winners, game.total_turns, stalemate, len(game.actions))


@dataclass
class Summary:
    """Totals of a run, per player name in the order given."""

    names: list[str]
    games: int = 0
    seconds: float = 0.0
    turns: int = 0
    stalemates: int = 0
    wins: list[float] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        players = []
        for name, wins in zip(self.names, self.wins, strict=True):
            rate = wins / self.games if self.games else 0.0
            low, high = wilson(wins, self.games)
            players.append({"player": name, "wins": round(wins, 3), "win_rate": round(rate, 5),
                            "ci95": [round(low, 5), round(high, 5)]})
        return {
            "games": self.games,
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games / self.seconds, 1) if self.seconds else None,
            "mean_turns": round(self.turns / self.games, 2) if self.games else 0.0,
            "stalemates": self.stalemates,
            "players": players,
        }


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson 95% interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def _play_chunk(args: tuple[dict[str, Any], list[str], int, int, int, int, bool]
                ) -> tuple[int, int, int, list[float]]:
    rules_json, names, seats, seed, start, stop, fixed = args
    rules = Rules.from_json(rules_json)
    players = [make_player(n) for n in names]
    count = len(names)
    wins = [0.0] * count
    turns = stalemates = 0
    for index in range(start, stop):
        # Seat s holds entry (s + index) % count of the players list, cycling the list
        # round the table so that every player sits in every seat equally often;
        # with fixed seats, entry s stays in seat s (seat 0 being the human's).
        shift = 0 if fixed else index
        seating = [(s + shift) % count for s in range(seats)]
        result = play_game(rules, [players[e] for e in seating], game_seed(seed, index))
        turns += result.turns
        stalemates += result.stalemate
        if result.winners:
            share = 1.0 / len(result.winners)
            for seat in result.winners:
                wins[seating[seat]] += share
    return stop - start, turns, stalemates, wins


def run(rules: Rules, names: Sequence[str], games: int, seed: int, seats: int | None = None,
        workers: int = 1, progress: Callable[[int], None] | None = None,
        fixed_seats: bool = False) -> Summary:
    """Play `games` matches; player entries rotate round the seats from game to game,
    or with `fixed_seats` stay where they are named (the first in seat 0, the human's)."""
    seats = seats or len(names)
    for name in names:
        make_player(name)  # fail early on an unknown name
    summary = Summary(list(names), wins=[0.0] * len(names))
    chunk = max(1, min(500, games // (workers * 8) or 1))
    jobs = [(rules.as_json(), list(names), seats, seed, i, min(games, i + chunk), fixed_seats)
            for i in range(0, games, chunk)]
    started = time.perf_counter()

    def add(result: tuple[int, int, int, list[float]]) -> None:
        n, turns, stalemates, wins = result
        summary.games += n
        summary.turns += turns
        summary.stalemates += stalemates
        summary.wins = [a + b for a, b in zip(summary.wins, wins, strict=True)]
        if progress:
            progress(n)

    if workers <= 1:
        for job in jobs:
            add(_play_chunk(job))
    else:
        # Imported only here: processes cost a one-process run (and `sim --games 1`)
        # a third of its start-up.
        import os
        from concurrent.futures import ProcessPoolExecutor

        from .lifeline import die_with_parent

        # Each worker ends with this process, however it ends (SIGKILL included).
        with ProcessPoolExecutor(max_workers=workers, initializer=die_with_parent,
                                 initargs=(os.getpid(),)) as pool:
            for result in pool.map(_play_chunk, jobs):
                add(result)
    summary.seconds = time.perf_counter() - started
    return summary
