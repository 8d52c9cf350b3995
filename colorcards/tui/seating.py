"""What a table is played from: the game, its settings, the meta kept with the save,
the log in words, the player's hand order and each computer's generator.

`Seating.new` deals a new game; `Seating.resume` sits down again at a saved one,
exactly as it was left. `TableMeta` is what the store keeps beside the game, as JSON.
"""

from __future__ import annotations

import random
import secrets
import uuid
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

from ..engine import Card, Game, parse_card, rng_from_state
from ..replay.kept import arrangements
from .hand_order import by_colour
from .settings import GameSettings

HUMAN = 0
"""The human always sits in seat 0."""


_KNOWN = ("game_id", "preset", "difficulty", "names", "started_at", "settings", "rngs", "hand",
          "rounds", "finished", "arranged")


@dataclass(frozen=True)
class TableMeta:
    """What the store keeps beside a game: ids, names, settings and what resuming needs."""

    game_id: str
    """The game's id in the store (a new one for every game dealt)."""
    preset: str
    """The preset's key, e.g. 'classic'."""
    difficulty: str
    """The computers' level."""
    names: tuple[str, ...]
    """Seat names, 'You' first."""
    started_at: str
    """When the game was dealt (UTC, ISO 8601)."""
    settings: GameSettings
    """The choices made on the New game screen."""
    rngs: tuple[Any, ...] = ()
    """Each seat's generator state as JSON (None for the human)."""
    hand: tuple[str, ...] = ()
    """The player's cards in the order they keep them, by code."""
    rounds: tuple[int, ...] = ()
    """The log line each round's story starts at (the history screen's headings)."""
    finished: bool = False
    """True once the match's record is written."""
    arranged: tuple[tuple[int, tuple[str, ...]], ...] = ()
    """Each time the player sorted or moved cards: how many actions had been applied, and
    the hand in its new order (by code). Kept with the game, so its replay shows the hand
    as it was held (`kept.KeptGame.arranged`)."""
    extra: dict = field(default_factory=dict)
    """Keys this version does not know, kept as they were."""

    def as_json(self) -> dict:
        data = dict(self.extra)
        data.update({
            "game_id": self.game_id, "preset": self.preset, "difficulty": self.difficulty,
            "names": list(self.names), "started_at": self.started_at,
            "settings": self.settings.as_json(), "rngs": list(self.rngs), "hand": list(self.hand),
            "rounds": list(self.rounds),
        })
        if self.finished:
            data["finished"] = True
        if self.arranged:
            data["arranged"] = [[at, " ".join(codes)] for at, codes in self.arranged]
        return data

    @classmethod
    def from_json(cls, data: dict, seats: int) -> TableMeta:
        """The meta `as_json` wrote, or an older save's (which lacks some keys)."""
        settings = GameSettings.from_json(data.get("settings") or {
            "difficulty": data.get("difficulty", "normal"), "preset": data.get("preset"),
            "opponents": seats - 1})
        names = tuple(str(name) for name in data.get("names") or settings.names())
        return cls(
            game_id=str(data["game_id"]), preset=str(data.get("preset", settings.preset)),
            difficulty=str(data.get("difficulty", settings.difficulty)), names=names,
            started_at=str(data.get("started_at", "")), settings=settings,
            rngs=tuple(data.get("rngs") or ()), hand=tuple(data.get("hand") or ()),
            rounds=tuple(int(n) for n in data.get("rounds") or ()),
            finished=bool(data.get("finished", False)),
            arranged=arrangements(data.get("arranged")),
            extra={k: v for k, v in data.items() if k not in _KNOWN})

    def with_(self, **changes) -> TableMeta:
        """A copy with some fields changed."""
        return replace(self, **changes)


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
    def resume(cls, saved) -> Seating:
        """The game a `SavedGame` holds, exactly as it was left."""
        game = saved.game
        meta = TableMeta.from_json(dict(saved.meta), game.seats)
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
                         started_at="2026-12-01T00:00:00+00:00", settings=settings)
        if rngs is None:
            rngs = [None] + [random.Random(s) for s in range(1, game.seats)]
        return cls(game, meta, list(log or []), list(game.hands[HUMAN]), rngs)
