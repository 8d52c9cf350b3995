"""The choices made on the New game screen, kept with the save so Continue restores them.

Below `tui/` so that the store can keep them typed (`session.meta.TableMeta`)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import Any

from .engine import DEFAULT_PRESET, Rules, RulesError, get_preset
from .engine.rules import Partners
from .level import LEVELS, Level

__all__ = ["LEVELS", "NAMES", "SPEED_DELAYS", "SPEEDS", "GameSettings", "settings_from_args"]

SPEEDS = ("slow", "normal", "fast")

#: Seconds between computer moves at each speed.
SPEED_DELAYS = {"slow": 1.4, "normal": 0.8, "fast": 0.3}

#: Computer players' names, in seat order after the human (seat 1 is on the left).
NAMES = ("Lily", "Max", "Zoe", "Ava", "Leo", "Mia", "Sam", "Ivy", "Ben")


@dataclass(frozen=True)
class GameSettings:
    """Everything needed to start a game: level, preset, table size, option changes."""

    difficulty: Level = Level.NORMAL
    """The computer players' level (a level's word, from a save or the command line,
    becomes its member; ValueError if it names none)."""
    preset: str = DEFAULT_PRESET
    """The preset's key, e.g. 'color-cards'."""
    opponents: int = 3
    """Computer players at the table (the preset's seat range minus the human)."""
    changes: dict[str, Any] = field(default_factory=dict)
    """Rule options changed on top of the preset, by RULES.md's names."""
    speed: str = "normal"
    """How fast computer turns are played: slow, normal or fast."""
    coach: bool = False
    """The tutor: each of the player's decisions is weighed as they play, a costly one
    is said at once and may be taken back (T). A coached game is practice."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "difficulty", Level(self.difficulty))

    @property
    def seats(self) -> int:
        return self.opponents + 1

    def rules(self) -> Rules:
        """The rules in force; RulesError if the changes are not allowed."""
        preset = get_preset(self.preset)
        preset.check_seats(self.seats)
        rules = preset.rules(**self.changes)
        rules.check_seats(self.seats)
        if rules.partners is Partners.ON and self.difficulty is Level.CRAZY:
            raise RulesError("partners are not played at Crazy, whose computers are already "
                             "one side against you")
        return rules

    def names(self) -> list[str]:
        """Seat names: 'You' then the computers.

        With four seats: Lily left, Max across, Zoe right."""
        if self.seats == 4:
            return ["You", "Lily", "Max", "Zoe"]
        return ["You", *NAMES[: self.opponents]]

    def with_(self, **changes: Any) -> GameSettings:
        """A copy with some fields changed."""
        return replace(self, **changes)

    def as_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameSettings:
        return cls(**{k: v for k, v in data.items() if k in cls.__dataclass_fields__})


def settings_from_args(args: Any) -> tuple[GameSettings, bool]:
    """The settings the flags ask for, and whether they ask to skip to a game."""
    direct = any(getattr(args, name, None) is not None
                 for name in ("preset", "difficulty", "opponents", "seed"))
    preset_key = getattr(args, "preset", None) or DEFAULT_PRESET
    preset = get_preset(preset_key)
    opponents = getattr(args, "opponents", None)
    if opponents is None:
        opponents = preset.default_seats - 1
    settings = GameSettings(difficulty=Level(getattr(args, "difficulty", None) or "normal"),
                            preset=preset_key, opponents=opponents)
    settings.rules()  # RulesError (shown by the CLI) for a table the preset does not allow
    return settings, direct
