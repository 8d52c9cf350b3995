"""A game kept whole: what replays it exactly, as JSON a player can share.

The engine replays a game exactly from its rules, seat count, seed and actions, so
that is all a kept game holds, with the names, the level and what the game came to
for the player (seat 0). Actions are written as short tokens, one per action: the
seat (a digit, or '-' for the table itself) then the action — a card's code ('R7',
'B+2') with '>' and the named colour's letter for a wild ('W+4>B'), or a letter:
D draw, P pass, A accept, X challenge, L Last Card, T time out, CW window closed,
N next round, C<seat> catch, =<letter> name the first colour, and '!' with its kind
for any other action without fields ('!decline'). A Color Cards game is a few hundred
bytes of them.

Reading never trusts the text: a file that is not JSON, from a newer colorcards,
naming an option the rules do not have, or holding an action the rules refuse gets
a `ReplayError` with one sentence naming what is wrong (and which action).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..engine.actions import (
    ACCEPT,
    CALL,
    CHALLENGE,
    CLOSE_WINDOW,
    DRAW,
    NEXT_ROUND,
    PASS,
    TIMEOUT,
    Action,
    Catch,
    NameColour,
    Play,
    action_from_json,
)
from ..engine.cards import Colour, parse_card
from ..engine.errors import EngineError
from ..engine.rules import MAX_SEATS, MIN_SEATS, Rules
from ..level import LEVELS

if TYPE_CHECKING:  # the game itself only when a kept game is replayed: the store's opening
    from ..engine.game import Game  # (and the title's first frame) reads without it

FORMAT = "colorcards-replay"
"""The `format` field of an exported game."""
VERSION = 1
"""The export format this code writes and reads."""

LEVEL_NAMES = tuple(level.value for level in LEVELS)
"""The computer levels a kept game may name ('easy' ... 'crazy')."""

_LETTERS = {"D": DRAW, "P": PASS, "A": ACCEPT, "X": CHALLENGE, "L": CALL, "T": TIMEOUT,
            "CW": CLOSE_WINDOW, "N": NEXT_ROUND}
_TOKENS: dict[Action, str] = {action: token for token, action in _LETTERS.items()}
_COLOURS = {colour.letter: colour for colour in Colour}

NAME_MOST = 40
"""Characters of a seat's name shown at most (a name from a file may be any length)."""
ECHO_MOST = 24
"""Characters of a bad token an error message repeats at most."""
_UNSHOWN = dict.fromkeys([*range(0x20), *range(0x7F, 0xA0), *range(0x202A, 0x202F),
                          *range(0x2066, 0x206A)], "\ufffd")
"""Control characters (escape sequences, line breaks, text direction overrides): no name
read from a file may write them to a terminal."""


def seat_name(text: object) -> str:
    """A seat's name as it may be shown, whatever a file held: text, its control
    characters replaced (a name cannot move the cursor or recolour the terminal), at
    most NAME_MOST characters. What it says is never read as markup (tui/plain.py)."""
    name = str(text).translate(_UNSHOWN)
    return name if len(name) <= NAME_MOST else name[:NAME_MOST - 1] + "…"


def echo(token: object) -> str:
    """A bad token as an error message repeats it: its repr, cut at ECHO_MOST characters
    (a file's line may be any length)."""
    text = repr(token)
    return text if len(text) <= ECHO_MOST else text[:ECHO_MOST - 1] + "…"



def clause(exc: Exception) -> str:
    """An error's sentence as the clause after a colon: 'it is not your turn.'"""
    text = str(exc)
    return text[:1].lower() + text[1:] if text[1:2].islower() else text

class ReplayError(ValueError):
    """A kept game that cannot be replayed; the message is one sentence for a player."""


# ---------------------------------------------------------------------- tokens

def action_token(seat: int | None, action: Action) -> str:
    """One action as its short token: '0R7', '2W+4>B', '-CW', '1C0'."""
    who = "-" if seat is None else str(seat)
    if isinstance(action, Play):
        colour = f">{action.colour.letter}" if action.colour is not None else ""
        return f"{who}{action.card.code}{colour}"
    if isinstance(action, Catch):
        return f"{who}C{action.seat}"
    if isinstance(action, NameColour):
        return f"{who}={action.colour.letter}"
    token = _TOKENS.get(action)
    if token is None:
        return f"{who}!{action.kind}"
    return who + token


def parse_token(token: str, seats: int = MAX_SEATS) -> tuple[int | None, Action]:
    """The (seat, action) a token stands for; ValueError saying why it is not one."""
    if not isinstance(token, str) or len(token) < 2:
        raise ValueError(f"{echo(token)} is not an action")
    who, rest = token[0], token[1:]
    if who == "-":
        seat = None
    elif who.isdigit() and int(who) < seats:
        seat = int(who)
    else:
        raise ValueError(f"{echo(token)} names no seat at this table")
    if rest in _LETTERS:
        return seat, _LETTERS[rest]
    if rest[0] == "C" and rest[1:].isdigit() and int(rest[1:]) < seats:
        return seat, Catch(int(rest[1:]))
    if rest[0] == "=" and rest[1:] in _COLOURS:
        return seat, NameColour(_COLOURS[rest[1:]])
    if rest[0] == "!":
        try:
            action = action_from_json({"kind": rest[1:]})
        except (ValueError, KeyError):
            raise ValueError(f"{echo(token)} is not an action") from None
        if action.as_json() != {"kind": rest[1:]}:
            raise ValueError(f"{echo(token)} is not an action")
        return seat, action
    code, _, letter = rest.partition(">")
    try:
        card = parse_card(code)
    except ValueError:
        raise ValueError(f"{echo(token)} is not an action") from None
    if code != card.code or (letter and letter not in _COLOURS):
        raise ValueError(f"{echo(token)} is not an action")
    return seat, Play(card, _COLOURS[letter] if letter else None)


def encode_actions(actions: Iterable[tuple[int | None, Action]]) -> str:
    """The actions as space-separated tokens (how the database keeps them)."""
    return " ".join(action_token(seat, action) for seat, action in actions)


def decode_actions(text: str, seats: int = MAX_SEATS) -> list[tuple[int | None, Action]]:
    """The actions `encode_actions` wrote; ValueError naming the first bad token."""
    return [parse_token(token, seats) for token in text.split()]


# ---------------------------------------------------------------------- the summary

def result_of(game: Game) -> str:
    """'win', 'loss' or 'draw' for seat 0 of a finished match."""
    if 0 in game.winners:
        return "win"
    return "loss" if game.winners else "draw"


def place_of(game: Game) -> int:
    """Seat 0's 1-based place: the last round's finishing order in a single-round match,
    match points (ties sharing the better place) over several rounds (`Game.places`)."""
    return game.places()[0]


def summary(game: Game, abandoned: bool = False) -> dict[str, Any]:
    """What a game came to for seat 0, as a record keeps it (and a replay checks)."""
    hand = game.hands[0]
    return {
        "result": "loss" if abandoned else result_of(game),
        "place": None if abandoned else place_of(game),
        "turns": game.total_turns,
        "table_points": game.table_points[0],
        "cards_left": len(hand),
        "points_left": sum(c.points for c in hand),
    }


_SUMMARY_WORDS = {"result": "the result", "place": "your place", "turns": "the turns",
                  "table_points": "your table points", "cards_left": "your cards left",
                  "points_left": "the points in your hand"}


# ---------------------------------------------------------------------- the kept game

@dataclass(frozen=True)
class KeptGame:
    """Everything that replays one game exactly, and what it came to."""

    rules: Rules
    seats: int
    seed: int
    actions: tuple[tuple[int | None, Action], ...] = field(repr=False)
    """Every action in order, with the seat that took it (None: the table's own)."""
    names: tuple[str, ...] = ()
    """Seat names, 'You' first (defaults when empty)."""
    difficulty: str = "normal"
    """The computer players' level."""
    preset: str = ""
    game_id: str = ""
    finished_at: str = ""
    """ISO time the game ended ('' if unknown)."""
    abandoned: bool = False
    """Left unfinished: kept as far as it went."""
    practice: bool = False
    """Played with the coach on or a move taken back (written only when true)."""
    arranged: tuple[tuple[int, tuple[str, ...]], ...] = ()
    """The player's own orderings of the hand: after how many actions, and the cards by
    code in the order they were held (written only when there are any)."""
    hinted: tuple[int, ...] = ()
    """The player's decisions made after asking for a hint, by their index in `actions`:
    the coach's, not the player's (written only when there are any)."""
    expected: dict[str, Any] | None = None
    """What the record says the game came to (`summary`); None: nothing to check."""

    @property
    def seat_names(self) -> tuple[str, ...]:
        if len(self.names) == self.seats:
            return self.names
        if self.seats == 4:
            return ("You", "Lily", "Max", "Zoe")
        return ("You", *(f"Player {s}" for s in range(1, self.seats)))

    @property
    def levels(self) -> list[str]:
        """Who sat where: 'you' then each computer's level."""
        return ["you"] + [self.difficulty] * (self.seats - 1)

    def new_game(self) -> Game:
        """The deal, before any action."""
        from ..engine.game import Game

        return Game(self.rules, self.seats, self.seed)

    def describe(self, index: int) -> str:
        """'action 37 of 120 (Lily: play Red 7)' for error messages."""
        seat, action = self.actions[index]
        who = "the table" if seat is None else self.seat_names[seat]
        return f"action {index + 1} of {len(self.actions)} ({who}: {action})"

    def replay(self) -> Game:
        """The game after every action; ReplayError at the first the rules refuse."""
        game = self.new_game()
        for index, (seat, action) in enumerate(self.actions):
            try:
                game.apply(action, seat)
            except EngineError as exc:
                raise ReplayError(f"{self.describe(index)} is impossible: {clause(exc)}") from None
        return game

    def check(self, game: Game) -> str | None:
        """None if the replayed `game` came to what was recorded, else why it cannot be
        trusted, in one sentence."""
        if self.expected is None:
            return None
        if not self.abandoned and not game.is_over:
            return "replaying its actions does not reach the end of the game"
        got = summary(game, self.abandoned)
        for key, words in _SUMMARY_WORDS.items():
            if key in self.expected and self.expected[key] != got[key]:
                return (f"replaying its actions gives {words} as {got[key]}, "
                        f"but the record says {self.expected[key]}")
        return None

    # ------------------------------------------------------------------ JSON

    def as_json(self) -> dict[str, Any]:
        """The export: format, version, options, seats, levels, seed and actions."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "game_id": self.game_id,
            "preset": self.preset,
            "finished_at": self.finished_at,
            "options": self.rules.as_json(),
            "seats": self.seats,
            "names": list(self.seat_names),
            "levels": self.levels,
            "seed": self.seed,
            "abandoned": self.abandoned,
            **({"practice": True} if self.practice else {}),
            **({"arranged": [[at, " ".join(codes)] for at, codes in self.arranged]}
               if self.arranged else {}),
            **({"hinted": list(self.hinted)} if self.hinted else {}),
            "result": self.expected,
            "actions": [action_token(s, a) for s, a in self.actions],
        }

    def dumps(self, extra: dict[str, Any] | None = None) -> str:
        """The export as text: one field a line, the actions together on the last;
        `extra` fields (the game's exercises) before them."""
        data = {**self.as_json(), **(extra or {})}
        actions = data.pop("actions")
        head = json.dumps(data, indent=1)
        return head[:-2] + ',\n "actions": ' + json.dumps(actions) + "\n}"

    @classmethod
    def loads(cls, text: str) -> KeptGame:
        """The game an export holds; ReplayError with one sentence if it cannot be read."""
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as exc:
            raise ReplayError(
                f"it is not valid JSON, damaged or cut short ({_short(exc)})") from None
        return cls.from_json(data)

    @classmethod
    def from_json(cls, data: Any) -> KeptGame:
        """The game an export's data holds; ReplayError naming the first thing wrong."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ReplayError("it is not a colorcards game export")
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            raise ReplayError(f"its format version {version!r} is not a number")
        if version > VERSION:
            raise ReplayError(f"it comes from a newer colorcards (replay format {version}; "
                              f"this one reads {VERSION})")
        if version < 1:
            raise ReplayError(f"its format version {version} is unknown")
        options = _field(data, "options", dict)
        try:
            rules = Rules.from_json(options)
        except EngineError as exc:
            raise ReplayError(f"its options are not ones this game has: {exc}") from None
        except TypeError as exc:
            raise ReplayError(f"its options are damaged ({_short(exc)})") from None
        seats = _field(data, "seats", int)
        if not MIN_SEATS <= seats <= MAX_SEATS:
            raise ReplayError(f"it has {seats} seats; a game has {MIN_SEATS} to {MAX_SEATS}")
        seed = _field(data, "seed", int)
        names = _field(data, "names", list, default=[])
        if names and (len(names) != seats or not all(isinstance(n, str) and n for n in names)):
            raise ReplayError(f"its names do not name the {seats} seats")
        levels = _field(data, "levels", list, default=["you"] + ["normal"] * (seats - 1))
        if (len(levels) != seats or levels[0] != "you"
                or any(lv not in LEVEL_NAMES for lv in levels[1:]) or len(set(levels[1:])) > 1):
            raise ReplayError(f"its levels {levels!r} are not 'you' then one computer level "
                              f"({', '.join(LEVEL_NAMES)}) for every other seat")
        tokens = _field(data, "actions", list)
        actions = []
        for index, token in enumerate(tokens):
            try:
                actions.append(parse_token(token, seats))
            except ValueError as exc:
                raise ReplayError(f"action {index + 1} of {len(tokens)}: {exc}") from None
        expected = data.get("result")
        if expected is not None:
            if not isinstance(expected, dict) or set(expected) - set(_SUMMARY_WORDS):
                raise ReplayError("its result is not one this game writes")
        abandoned = data.get("abandoned", False)
        if not isinstance(abandoned, bool):
            raise ReplayError("its 'abandoned' field is not true or false")
        practice = data.get("practice", False)
        if not isinstance(practice, bool):
            raise ReplayError("its 'practice' field is not true or false")
        arranged = data.get("arranged", [])
        if not isinstance(arranged, list) or not all(
                isinstance(e, list) and len(e) == 2 and type(e[0]) is int
                and 0 <= e[0] <= len(actions) and isinstance(e[1], str) for e in arranged):
            raise ReplayError("its 'arranged' field is not a list of [actions, cards]")
        hinted = data.get("hinted", [])
        if not isinstance(hinted, list) or not all(
                type(at) is int and 0 <= at < len(actions) for at in hinted):
            raise ReplayError("its 'hinted' field is not a list of the game's actions")
        return cls(practice=practice, hinted=tuple(hinted), rules=rules, seats=seats,
                   seed=seed, actions=tuple(actions),
                   arranged=tuple((e[0], tuple(e[1].split())) for e in arranged),
                   names=tuple(seat_name(n) for n in names),
                   difficulty=levels[1] if seats > 1 else "normal",
                   preset=str(data.get("preset") or ""), game_id=str(data.get("game_id") or ""),
                   finished_at=str(data.get("finished_at") or ""), abandoned=abandoned,
                   expected=expected)


def arrangements(data: object) -> tuple[tuple[int, tuple[str, ...]], ...]:
    """`KeptGame.arranged` (and the table's `TableMeta.arranged`) from the JSON kept with
    a game ([[actions, "R5 B7 ..."], ...]); what does not read as that (an older or
    hand-edited record) is left out, never an error."""
    found = []
    if isinstance(data, list):
        for entry in data:
            if (isinstance(entry, list) and len(entry) == 2 and type(entry[0]) is int
                    and isinstance(entry[1], str)):
                found.append((entry[0], tuple(entry[1].split())))
    return tuple(found)


def hinted_of(data: object) -> tuple[int, ...]:
    """`KeptGame.hinted` (and the table's `TableMeta.hinted`) from the JSON kept with a
    game; what does not read as a list of indices is left out, never an error."""
    if not isinstance(data, list):
        return ()
    return tuple(sorted({at for at in data if type(at) is int and at >= 0}))


def _field(data: dict[str, Any], name: str, kind: type, default: Any = None) -> Any:
    if name not in data:
        if default is not None:
            return default
        raise ReplayError(f"it has no {name!r}: it is damaged or cut short")
    value = data[name]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ReplayError(f"its {name!r} is not {_KINDS[kind]}")
    return value


_KINDS = {dict: "an object", list: "a list", int: "a whole number", str: "text"}


def _short(exc: BaseException) -> str:
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return text[:120]


def read_export(path: str) -> tuple[KeptGame, Game, str | None]:
    """The export at `path`, replayed: (kept game, final game, why it cannot be trusted
    or None). ReplayError with one sentence if it cannot be read or replayed."""
    text = read_text(path)
    try:
        kept = KeptGame.loads(text)
        game = kept.replay()
    except ReplayError as exc:
        raise ReplayError(f"{path}: {exc}") from None
    return kept, game, kept.check(game)


def read_text(path: str) -> str:
    """An export's text, as every reader of one reads it: at most _MAX_EXPORT bytes of
    UTF-8 (a byte-order mark, as some editors write, is left out). ReplayError with one
    sentence if it is not that."""
    try:
        with open(path, "rb") as source:
            raw = source.read(_MAX_EXPORT + 1)
    except OSError as exc:
        raise ReplayError(f"{path}: {exc.strerror or exc}") from None
    if len(raw) > _MAX_EXPORT:
        raise ReplayError(f"{path}: it is larger than any game export "
                          f"({_MAX_EXPORT // 1_000_000} MB)")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ReplayError(f"{path}: it is not text, so not a game export") from None


_MAX_EXPORT = 20_000_000
"""Bytes: far above the longest match's export, so a wrong file is refused before reading it all."""


def kept_from_game(game: Game, *, names: Sequence[str] = (), difficulty: str = "normal",
                   preset: str = "", game_id: str = "", finished_at: str = "",
                   abandoned: bool = False,
                   arranged: tuple[tuple[int, tuple[str, ...]], ...] = (),
                   practice: bool = False, hinted: tuple[int, ...] = ()) -> KeptGame:
    """The kept form of a game just played (its record's summary included)."""
    return KeptGame(rules=game.rules, seats=game.seats, seed=int(game.seed),
                    actions=tuple(game.actions), names=tuple(names), difficulty=difficulty,
                    preset=preset, game_id=game_id, finished_at=finished_at,
                    abandoned=abandoned, arranged=arranged, practice=practice,
                    hinted=hinted, expected=summary(game, abandoned))
