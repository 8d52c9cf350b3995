"""What a table is played from: the game, its settings, the meta kept with the save,
the log in words, the player's hand order and each computer's generator.

`Seating.new` deals a new game; `Seating.resume` sits down again at a saved one,
exactly as it was left. `TableMeta` (`meta.py`) is what the store keeps beside the game.
"""

from __future__ import annotations

import random
import secrets
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Protocol

from ..engine import HUMAN_SEAT as HUMAN
from ..engine import Card, Game, parse_card, rng_from_state
from ..settings import GameSettings
from .hand_order import by_colour
from .meta import TableMeta


class Saved(Protocol):
    """A game in progress as the store read it back (`store.saves.SavedGame`)."""

    game: Game
    meta: TableMeta
    log: list[str]


@dataclass
class Seating:
    """Everything a table is played from (the controller takes it over)."""

    game: Game
    meta: TableMeta
    log: list[str]
    """What happened, in words, oldest first."""
    arrangement: list[Card]
    """The player's cards in the order they keep them."""
    rngs: list[random.Random | None]
    """Each computer's own generator (None for the human)."""

    @property
    def settings(self) -> GameSettings:
        return self.meta.settings

    @classmethod
    def new(cls, settings: GameSettings, seed: int | None = None) -> Seating:
        """A new game with these settings (seeded for a reproducible deal)."""
        game = Game(settings.rules(), settings.seats, seed)
        rngs: list[random.Random | None] = [None]
        if seed is None:
            rngs += [random.Random(secrets.randbits(64)) for _ in range(settings.opponents)]
        else:
            rngs += [random.Random(seed * 16 + s + 1) for s in range(1, settings.seats)]
        meta = TableMeta(
            game_id=uuid.uuid4().hex, preset=settings.preset, difficulty=settings.difficulty,
            names=tuple(settings.names()),
            started_at=datetime.now(UTC).isoformat(timespec="seconds"),
            settings=settings)
        hand = sorted(game.hands[HUMAN], key=by_colour)
        return cls(game, meta, [], hand, rngs)

    @classmethod
    def resume(cls, saved: Saved) -> Seating:
        """The game a `SavedGame` holds, exactly as it was left."""
        game = saved.game
        meta = saved.meta
        rngs: list[random.Random | None] = [None]
        for seat in range(1, game.seats):
            data = meta.rngs[seat] if seat < len(meta.rngs) else None
            try:
                rngs.append(rng_from_state(data))
            except ValueError:  # none saved (an older save): a fresh one
                rngs.append(random.Random(secrets.randbits(64)))
        arrangement = []
        for code in meta.hand:
            try:
                arrangement.append(parse_card(code))
            except ValueError:
                continue
        return cls(game, meta, list(saved.log or []), arrangement, rngs)

    @classmethod
    def at(cls, game: Game, settings: GameSettings, *, game_id: str = "prepared",
           log: list[str] | None = None,
           rngs: list[random.Random | None] | None = None) -> Seating:
        """A table at a prepared position (tests and benchmarks)."""
        meta = TableMeta(game_id=game_id, preset=settings.preset,
                         difficulty=settings.difficulty, names=tuple(settings.names()),
                         started_at="2026-12-01T00:00:00+00:00", settings=settings,
                         extra={"prepared": True})
        if rngs is None:
            rngs = [None] + [random.Random(s) for s in range(1, game.seats)]
        return cls(game, meta, list(log or []), list(game.hands[HUMAN]), rngs)
