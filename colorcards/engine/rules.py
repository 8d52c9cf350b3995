"""Rule options and the named presets of RULES.md §7.

A `Rules` value is a complete set of options. A `Preset` is a named bundle of options
with the seat range it allows; `preset.rules(**changes)` applies single changes on top
and refuses combinations the rulebook forbids with a `RulesError` a player can read.
Option names and values are written exactly as RULES.md writes them.
"""

from __future__ import annotations

import enum
from dataclasses import asdict, dataclass, fields, replace
from functools import cache
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
    ANY = "any"
    """As on, and a Draw Two may also answer a Wild Draw Four of its colour (§10)."""


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


class SevenZero(enum.StrEnum):
    """A 7 swaps hands with a player of its player's choice, a 0 passes every hand on
    (§10)."""

    OFF = "off"
    ON = "on"


class JumpIn(enum.StrEnum):
    """A player holding a card identical to the one just played may play it at once,
    out of turn (§10)."""

    OFF = "off"
    ON = "on"


class DrawCount(enum.StrEnum):
    """How many cards a draw takes (§10)."""

    ONE = "one"
    UNTIL_PLAYABLE = "until-playable"


class DrawnCard(enum.StrEnum):
    """Whether a drawn card that can be played may be kept (§10)."""

    MAY_PLAY = "may-play"
    MUST_PLAY = "must-play"


class Partners(enum.StrEnum):
    """Players sitting opposite each other play as a side (§10; 4 or 6 seats)."""

    OFF = "off"
    ON = "on"


PARTNER_SEATS = (4, 6)
"""The table sizes partners are played at."""


class Palette(enum.StrEnum):
    """The colour names shown to players; shapes never change."""

    CLASSIC = "classic"
    GEMS = "gems"


_ENUMS: dict[str, type[enum.StrEnum]] = {
    "first_card": FirstCard, "first_player": FirstPlayer, "draw": DrawRule,
    "draw_four": DrawFour, "stacking": Stacking, "last_card": LastCard,
    "round_end": RoundEnd, "match": Match, "palette": Palette,
    "seven_zero": SevenZero, "jump_in": JumpIn, "draw_count": DrawCount,
    "drawn_card": DrawnCard, "partners": Partners,
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
    "seven_zero": tuple(SevenZero),
    "jump_in": tuple(JumpIn),
    "draw_count": tuple(DrawCount),
    "drawn_card": tuple(DrawnCard),
    "partners": tuple(Partners),
}

HOUSE_RULES = ("seven_zero", "jump_in", "draw_count", "drawn_card", "stacking", "partners")
"""The house rules (RULES.md §10): options like the others, off in every preset
(`stacking` gains its house value, ``any``)."""

#: What each option means, for help texts and the rules screen.
DESCRIPTIONS: dict[str, str] = {
    "first_card": "what happens when the first card turned is an action or a wild",
    "first_player": "who plays first in a round",
    "draw": "whether you may draw while holding a playable card",
    "draw_four": "when a Wild Draw Four may be played, and whether it can be challenged",
    "stacking": "whether a draw penalty can be passed on with a draw card of your own "
                "(Any: a Draw Two on a Wild Draw Four of its colour too)",
    "last_card": "how calling Last Card works",
    "last_card_penalty": "cards drawn by a player caught without calling Last Card",
    "last_card_window": "seconds after the play in which Last Card can still be called",
    "round_end": "whether the round ends when the first player goes out",
    "match": "how long a match lasts",
    "turn_timer": "seconds you have for a turn (0 = no timer)",
    "palette": "colour names: classic (Red, Blue, Yellow, Green) or gems",
    "seven_zero": "whether a 7 swaps hands with a player of your choice and a 0 passes "
                  "every hand on",
    "jump_in": "whether a card identical to the one just played may be played at once, "
               "out of turn",
    "draw_count": "whether a draw takes one card or goes on until one can be played",
    "drawn_card": "whether a drawn card that can be played may be kept",
    "partners": "whether players sitting opposite each other play as a side (4 or 6 "
                "players)",
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
    """off, or on: Draw Two answers Draw Two, Wild Draw Four answers either; or any: as
    on, and a Draw Two answers a Wild Draw Four of its colour."""
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
    seven_zero: SevenZero = SevenZero.OFF
    """on: a 7 swaps hands with a player of its player's choice, a 0 passes them on."""
    jump_in: JumpIn = JumpIn.OFF
    """on: an identical card may be played at once, out of turn."""
    draw_count: DrawCount = DrawCount.ONE
    """one, or until-playable: a draw goes on until a card can be played."""
    drawn_card: DrawnCard = DrawnCard.MAY_PLAY
    """may-play, or must-play: a drawn card that can be played is played at once."""
    partners: Partners = Partners.OFF
    """on: seats opposite each other are a side (4 or 6 seats)."""

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
        if self.draw_four is DrawFour.CHALLENGE and self.stacking is not Stacking.OFF:
            raise RulesError(
                "a Wild Draw Four challenge exists only with stacking off: "
                "set stacking=off or pick another draw_four rule"
            )

    def check_seats(self, seats: int) -> None:
        """RulesError unless these rules can be played by `seats` players (partners need
        4 or 6)."""
        if self.partners is Partners.ON and seats not in PARTNER_SEATS:
            raise RulesError(f"partners are played with 4 or 6 players, not {seats}")

    def sides(self, seats: int) -> tuple[frozenset[int], ...]:
        """Each seat's side at a table of `seats`: with partners, itself and the seat
        opposite (at four seats: 0 and 2, 1 and 3); otherwise itself alone."""
        return _sides(self.partners is Partners.ON and seats in PARTNER_SEATS, seats)

    @property
    def house_rules(self) -> tuple[str, ...]:
        """The house rules in force (`HOUSE_RULES` not at their preset-free value)."""
        return tuple(name for name in HOUSE_RULES
                     if (self.stacking is Stacking.ANY if name == "stacking"
                         else getattr(self, name) is not _OFF_BY_DEFAULT[name]))

    @property
    def rounds(self) -> int | None:
        """The fixed number of rounds for rounds:N, else None (`Match.rounds`)."""
        return self.match.rounds

    @property
    def target(self) -> int | None:
        """The points target for to:N, else None (`Match.target`)."""
        return self.match.target

    def as_json(self) -> dict[str, Any]:
        """The options as plain JSON values (the rulebook's words and numbers). A house
        rule that is off is left out, so a game without them is written as before (and
        is read by an earlier colorcards)."""
        return {k: v.value if isinstance(v, enum.Enum) else v for k, v in asdict(self).items()
                if k not in _OFF_BY_DEFAULT or v is not _OFF_BY_DEFAULT[k]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Rules:
        if not isinstance(data, dict):
            raise RulesError("rules must be a JSON object")
        unknown = set(data) - set(CHOICES)
        if unknown:
            raise RulesError(f"unknown rule option {sorted(unknown)[0]!r}")
        return cls(**data)


_OFF_BY_DEFAULT: dict[str, Any] = {
    "seven_zero": SevenZero.OFF, "jump_in": JumpIn.OFF, "draw_count": DrawCount.ONE,
    "drawn_card": DrawnCard.MAY_PLAY, "partners": Partners.OFF}
"""The house rules added after the first saves, each at its off value."""


@cache
def _sides(partners: bool, seats: int) -> tuple[frozenset[int], ...]:
    """`Rules.sides`, worked out once for each table (a game asks at every deal)."""
    half = seats // 2
    return tuple(frozenset({s, (s + half) % seats} if partners else {s}) for s in range(seats))


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
