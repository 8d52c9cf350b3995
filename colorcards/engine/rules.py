"""Rule options and the named presets of RULES.md §7.

A `Rules` value is a complete set of options. A `Preset` is a named bundle of options
with the seat range it allows; `preset.rules(**changes)` applies single changes on top
and refuses combinations the rulebook forbids with a `RulesError` a player can read.
Option names and values are written exactly as RULES.md writes them.
"""

from __future__ import annotations

import enum
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from .errors import RulesError

MIN_SEATS = 2
MAX_SEATS = 10


# The options' values, each a StrEnum: a member equals the rulebook's word for it
# ("any-time"), so code and saves that hold the words keep working.

class FirstCard(enum.StrEnum):
    """What happens when the first card turned is an action or a wild (§2)."""

    CLASSIC = "classic"
    NUMBER = "number"
    AS_IF_PLAYED = "as-if-played"


class FirstPlayer(enum.StrEnum):
    """Who plays first in a round."""

    HUMAN = "human"
    LEFT_OF_DEALER = "left-of-dealer"


class DrawRule(enum.StrEnum):
    """Whether a seat may draw while holding a playable card."""

    ANY_TIME = "any-time"
    WHEN_STUCK = "when-stuck"


class DrawFour(enum.StrEnum):
    """When a Wild Draw Four may be played, and whether it can be challenged."""

    RESTRICTED = "restricted"
    CHALLENGE = "challenge"
    FREE = "free"


class Stacking(enum.StrEnum):
    """Whether a draw penalty can be passed on with a draw card."""

    OFF = "off"
    ON = "on"


class LastCard(enum.StrEnum):
    """How calling Last Card works (§5)."""

    AUTO = "auto"
    AUTO_PENALTY = "auto-penalty"
    CATCH = "catch"


class RoundEnd(enum.StrEnum):
    """Whether the round ends when the first player goes out."""

    FIRST_OUT = "first-out"
    PLAY_ON = "play-on"


class Match(enum.StrEnum):
    """How long a match lasts."""

    SINGLE = "single"
    ROUNDS_3 = "rounds:3"
    ROUNDS_5 = "rounds:5"
    TO_500 = "to:500"

    @property
    def rounds(self) -> int | None:
        """The fixed number of rounds for rounds:N, else None (the one reading of the
        option's text: the engine, the results and the rules' words ask here)."""
        return int(self.value[7:]) if self.value.startswith("rounds:") else None

    @property
    def target(self) -> int | None:
        """The points target for to:N, else None."""
        return int(self.value[3:]) if self.value.startswith("to:") else None


class Palette(enum.StrEnum):
    """The colour names shown to players; shapes never change."""

    CLASSIC = "classic"
    GEMS = "gems"


_ENUMS: dict[str, type[enum.StrEnum]] = {
    "first_card": FirstCard, "first_player": FirstPlayer, "draw": DrawRule,
    "draw_four": DrawFour, "stacking": Stacking, "last_card": LastCard,
    "round_end": RoundEnd, "match": Match, "palette": Palette,
}

#: Allowed values of each option, in the order menus list them.
CHOICES: dict[str, tuple[Any, ...]] = {
    "first_card": tuple(FirstCard),
    "first_player": tuple(FirstPlayer),
    "draw": tuple(DrawRule),
    "draw_four": tuple(DrawFour),
    "stacking": tuple(Stacking),
    "last_card": tuple(LastCard),
    "last_card_penalty": (2, 4),
    "last_card_window": (0, 3),
    "round_end": tuple(RoundEnd),
    "match": tuple(Match),
    "turn_timer": (0, 30, 45, 60, 90),
    "palette": tuple(Palette),
}

#: What each option means, for help texts and the rules screen.
DESCRIPTIONS: dict[str, str] = {
    "first_card": "what happens when the first card turned is an action or a wild",
    "first_player": "who plays first in a round",
    "draw": "whether you may draw while holding a playable card",
    "draw_four": "when a Wild Draw Four may be played, and whether it can be challenged",
    "stacking": "whether a draw penalty can be passed on with a draw card of your own",
    "last_card": "how calling Last Card works",
    "last_card_penalty": "cards drawn by a player caught without calling Last Card",
    "last_card_window": "seconds after the play in which Last Card can still be called",
    "round_end": "whether the round ends when the first player goes out",
    "match": "how long a match lasts",
    "turn_timer": "seconds you have for a turn (0 = no timer)",
    "palette": "colour names: classic (Red, Blue, Yellow, Green) or gems",
}


@dataclass(frozen=True, slots=True)
class Rules:
    """Every rule option in force for a game (RULES.md §2-§6)."""

    first_card: FirstCard = FirstCard.AS_IF_PLAYED
    """classic, number or as-if-played (§2)."""
    first_player: FirstPlayer = FirstPlayer.HUMAN
    """human, or left-of-dealer with the dealer moving left each round."""
    draw: DrawRule = DrawRule.ANY_TIME
    """any-time: you may draw instead of playing; when-stuck: only with no playable card."""
    draw_four: DrawFour = DrawFour.RESTRICTED
    """restricted, challenge (stacking off only) or free."""
    stacking: Stacking = Stacking.ON
    """off, or on: Draw Two answers Draw Two, Wild Draw Four answers either."""
    last_card: LastCard = LastCard.AUTO_PENALTY
    """auto, auto-penalty or catch (§5)."""
    last_card_penalty: int = 2
    """Cards drawn for a missed Last Card call."""
    last_card_window: int = 0
    """With catch: seconds after the play in which the call may still be made, nobody
    else playing meanwhile (0: no such window; catches last until the next player acts)."""
    round_end: RoundEnd = RoundEnd.FIRST_OUT
    """first-out, or play-on for the places with three or more players."""
    match: Match = Match.SINGLE
    """single, rounds:3, rounds:5 or to:500."""
    turn_timer: int = 0
    """Seconds for the human's turn; 0 is off. The engine never reads a clock."""
    palette: Palette = Palette.CLASSIC
    """Colour names shown to the player; shapes never change."""

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            typed = _ENUMS.get(f.name)
            if (value not in CHOICES[f.name] or isinstance(value, bool)
                    or (typed is None and not isinstance(value, int))):
                allowed = ", ".join(str(c) for c in CHOICES[f.name])
                raise RulesError(f"{f.name} cannot be {value!r}: choose one of {allowed}")
            if typed is not None and type(value) is not typed:
                object.__setattr__(self, f.name, typed(value))  # the word, as its member
        if self.draw_four is DrawFour.CHALLENGE and self.stacking is Stacking.ON:
            raise RulesError(
                "a Wild Draw Four challenge exists only with stacking off: "
                "set stacking=off or pick another draw_four rule"
            )

    @property
    def rounds(self) -> int | None:
        """The fixed number of rounds for rounds:N, else None (`Match.rounds`)."""
        return self.match.rounds

    @property
    def target(self) -> int | None:
        """The points target for to:N, else None (`Match.target`)."""
        return self.match.target

    def as_json(self) -> dict[str, Any]:
        """The options as plain JSON values (the rulebook's words and numbers)."""
        return {k: v.value if isinstance(v, enum.Enum) else v for k, v in asdict(self).items()}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Rules:
        if not isinstance(data, dict):
            raise RulesError("rules must be a JSON object")
        unknown = set(data) - set(CHOICES)
        if unknown:
            raise RulesError(f"unknown rule option {sorted(unknown)[0]!r}")
        return cls(**data)


def parse_value(option: str, text: str) -> Any:
    """The typed value of an option given as text ('stacking', 'on'); RulesError if bad."""
    if option not in CHOICES:
        known = ", ".join(CHOICES)
        raise RulesError(f"unknown rule option {option!r}: the options are {known}")
    for choice in CHOICES[option]:
        if str(choice) == text.strip():
            return choice
    allowed = ", ".join(str(c) for c in CHOICES[option])
    raise RulesError(f"{option} cannot be {text!r}: choose one of {allowed}")


@dataclass(frozen=True, slots=True)
class Preset:
    """A named bundle of options from one source description, with its seat range."""

    key: str
    """The name used on the command line: 'color-cards'."""
    title: str
    """The name shown to players: 'Color Cards'."""
    min_seats: int
    max_seats: int
    default_seats: int
    base: Rules
    """The options the preset sets."""
    blurb: str
    """One line saying what the preset is like."""
    draw_four_without_stacking: str | None = None
    """The Draw Four rule the preset switches to when stacking is turned off (Colour
    Match: "free, challenge if stacking off"); None keeps `base.draw_four`."""

    def rules(self, **changes: Any) -> Rules:
        """The preset's rules with single options changed; RulesError if forbidden."""
        for key in changes:
            if key not in CHOICES:
                raise RulesError(f"unknown rule option {key!r}")
        if (
            self.draw_four_without_stacking
            and changes.get("stacking") == Stacking.OFF  # a word or the member
            and "draw_four" not in changes
        ):
            changes["draw_four"] = self.draw_four_without_stacking
        return replace(self.base, **changes)

    def check_seats(self, seats: int) -> None:
        """RulesError unless the preset allows this many seats."""
        if not self.min_seats <= seats <= self.max_seats:
            if self.min_seats == self.max_seats:
                allowed = f"exactly {self.min_seats}"
            else:
                allowed = f"{self.min_seats} to {self.max_seats}"
            raise RulesError(f"{self.title} is played with {allowed} players, not {seats}")


PRESETS: dict[str, Preset] = {
    p.key: p
    for p in (
        Preset(
            "color-cards", "Color Cards", 2, 10, 4,
            Rules(),
            "The house game: a Draw Two played on you can be passed on with one of your "
            "own; forget Last Card and you draw two.",
        ),
        Preset(
            "classic", "Classic", 2, 6, 4,
            Rules(
                first_card=FirstCard.CLASSIC, first_player=FirstPlayer.LEFT_OF_DEALER,
                stacking=Stacking.OFF,
                last_card=LastCard.CATCH, last_card_window=3, round_end=RoundEnd.PLAY_ON,
                match=Match.TO_500,
            ),
            "The standard game: the first card turned may be an action card, a player who "
            "forgets Last Card can be caught, first to 500 points wins.",
        ),
        Preset(
            "family-night", "Family Night", 2, 6, 4,
            Rules(
                first_card=FirstCard.NUMBER, first_player=FirstPlayer.LEFT_OF_DEALER,
                stacking=Stacking.OFF,
                last_card=LastCard.AUTO, round_end=RoundEnd.PLAY_ON, match=Match.ROUNDS_3,
            ),
            "Gentle: a number card to start, Last Card called for you, three rounds.",
        ),
        Preset(
            "duel", "Duel", 2, 2, 2,
            Rules(
                first_card=FirstCard.NUMBER, draw=DrawRule.WHEN_STUCK, draw_four=DrawFour.FREE,
                stacking=Stacking.OFF,
                last_card=LastCard.CATCH,
            ),
            "Head to head: draw only when you cannot play; a Skip, Reverse or draw card lets "
            "you play again.",
        ),
        Preset(
            "party", "Party", 2, 8, 4,
            Rules(
                first_card=FirstCard.NUMBER, draw=DrawRule.WHEN_STUCK, draw_four=DrawFour.FREE,
                stacking=Stacking.OFF,
                last_card=LastCard.CATCH,
            ),
            "Up to eight at the table: draw only when you cannot play; a player who forgets "
            "Last Card can be caught.",
        ),
        Preset(
            "colour-match", "Colour Match", 2, 10, 4,
            Rules(
                first_card=FirstCard.CLASSIC, first_player=FirstPlayer.LEFT_OF_DEALER,
                draw=DrawRule.WHEN_STUCK,
                draw_four=DrawFour.FREE, stacking=Stacking.ON, last_card=LastCard.CATCH,
                last_card_penalty=4,
                match=Match.TO_500,
            ),
            "Up to ten: draw cards can be passed on, a player caught without Last Card draws "
            "four, first to 500 points wins.",
            draw_four_without_stacking="challenge",
        ),
    )
}

DEFAULT_PRESET = "color-cards"


def get_preset(key: str) -> Preset:
    """The preset by its command-line name; RulesError naming the choices if unknown."""
    try:
        return PRESETS[key]
    except KeyError:
        names = ", ".join(PRESETS)
        raise RulesError(f"unknown preset {key!r}: choose one of {names}") from None


def preset_title(key: str) -> str:
    """The preset's name as players read it ('Colour Match'); an unknown key (a record
    from another version) as it is."""
    found = PRESETS.get(key)
    return found.title if found else key
