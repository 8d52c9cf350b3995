"""What the store keeps beside a game in progress (and, less what only resuming needs,
beside its record): `TableMeta`, written as JSON.

Its JSON form is the one saves have always had: a plain object whose keys are the
fields' names; keys this version does not know are kept in `extra` and written back.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ..replay.kept import arrangements, hinted_of, seat_name
from ..settings import GameSettings

_KNOWN = ("game_id", "preset", "difficulty", "names", "started_at", "settings", "rngs", "hand",
          "rounds", "finished", "arranged", "practice", "hinted")

TABLE_KEYS = ("tutor", "note", "selected", "weighed", "unseen", "pending", "scored")
"""The keys of `extra` the table writes at every save (controller.py `save_meta`), all of
them for resuming its game alone: the mark T takes back to, the coach's note on it, the
card the cursor is on, the decisions the coach has judged so far, its notes that came
late and are not yet seen, the decisions whose judgements are still to come, and what
each round's hands held when its winner went out."""

RESUME_ONLY = frozenset({"rngs", "hand", *TABLE_KEYS, "queue", "reacted"})
"""What only resuming a game needs, left out of its record (`for_the_record`): each
computer's generator (several kilobytes), the hand's order and the table's own keys
('queue' and 'reacted': an older version's)."""


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
    practice: bool = False
    """Played with the coach on, or with a move taken back: its record is kept out of
    the per-level statistics (`records.GameRecord.practice`)."""
    hinted: tuple[int, ...] = ()
    """The player's decisions made after asking for a hint, by how many actions had been
    applied before each: the coach's, not the player's (kept with the game: its review
    leaves them out of the accuracy, `kept.KeptGame.hinted`)."""
    extra: dict[str, Any] = field(default_factory=dict)
    """Keys this version does not know, kept as they were."""

    def as_json(self) -> dict[str, Any]:
        data = dict(self.extra)
        data.update({
            "game_id": self.game_id, "preset": self.preset, "difficulty": self.difficulty,
            "names": list(self.names), "started_at": self.started_at,
            "settings": self.settings.as_json(), "rngs": list(self.rngs), "hand": list(self.hand),
            "rounds": list(self.rounds),
        })
        if self.finished:
            data["finished"] = True
        if self.practice:
            data["practice"] = True
        if self.arranged:
            data["arranged"] = [[at, " ".join(codes)] for at, codes in self.arranged]
        if self.hinted:
            data["hinted"] = list(self.hinted)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any], seats: int) -> TableMeta:
        """The meta `as_json` wrote, or an older save's (which lacks some keys)."""
        settings = GameSettings.from_json(data.get("settings") or {
            "difficulty": data.get("difficulty", "normal"), "preset": data.get("preset"),
            "opponents": seats - 1})
        names = tuple(seat_name(name) for name in data.get("names") or settings.names())
        return cls(
            game_id=str(data["game_id"]), preset=str(data.get("preset", settings.preset)),
            difficulty=str(data.get("difficulty", settings.difficulty)), names=names,
            started_at=str(data.get("started_at", "")), settings=settings,
            rngs=tuple(data.get("rngs") or ()), hand=tuple(data.get("hand") or ()),
            rounds=tuple(int(n) for n in data.get("rounds") or ()),
            finished=bool(data.get("finished", False)),
            arranged=arrangements(data.get("arranged")),
            practice=bool(data.get("practice", False)),
            hinted=hinted_of(data.get("hinted")),
            extra={k: v for k, v in data.items() if k not in _KNOWN})

    def for_the_record(self) -> dict[str, Any]:
        """The JSON kept with the finished game's record: all but `RESUME_ONLY`."""
        return {k: v for k, v in self.as_json().items() if k not in RESUME_ONLY}

    def with_(self, **changes: Any) -> TableMeta:
        """A copy with some fields changed."""
        return replace(self, **changes)
