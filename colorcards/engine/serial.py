"""Reading a saved game back: versioned JSON, checked. Never pickle.

`Game.to_json()` / `Game.dumps()` write the state (`state_to_json` is the same) and
`game_from_json` reads it: it checks the format and version, the types, and that the
cards in hands and piles are exactly the 108 of the deck, raising `StateError` with a
plain reason, and builds the game with `Game.from_state`. It imports the game, which
never imports it.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from . import actions as A
from . import events as E
from .cards import Colour, full_deck, parse_card
from .errors import EngineError, StateError
from .game import FORMAT, VERSION, Game
from .outcome import RoundResult
from .phase import Phase
from .rngstate import rng_from_state
from .rules import MAX_SEATS, MIN_SEATS, Rules

__all__ = ["FORMAT", "VERSION", "check_cards", "game_from_json", "game_from_text", "state_to_json"]

_DECK = Counter(full_deck())


def state_to_json(game: Game, logs: bool = True) -> dict[str, Any]:
    """The game's whole state as versioned JSON-ready data (`Game.to_json`); without
    `logs`, `history` and `actions` are written empty (what a save's head holds)."""
    return game.to_json(logs)


def game_from_text(text: str) -> Game:
    """The game from a `Game.dumps` string; StateError if it cannot be loaded."""
    try:
        import json  # only here: importing the engine stays quick

        data = json.loads(text)
    except (ValueError, TypeError) as exc:
        raise StateError(f"the saved game is not valid JSON ({exc})") from None
    return game_from_json(data)


def game_from_json(data: object) -> Game:
    """The game written by `Game.to_json`; StateError if malformed or inconsistent."""
    if not isinstance(data, dict):
        raise StateError("the saved game is not a JSON object")
    if data.get("format") != FORMAT:
        raise StateError("this is not a colorcards saved game")
    version = data.get("version")
    if version != VERSION:
        if isinstance(version, int) and version > VERSION:
            raise StateError(
                f"the saved game comes from a newer colorcards (format {version}; "
                f"this version reads {VERSION})")
        raise StateError(f"unknown saved-game format version {version!r}")
    try:
        return _load(data)
    except StateError:
        raise
    except EngineError as exc:
        raise StateError(f"the saved game is inconsistent: {exc}") from None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise StateError(f"the saved game is damaged ({type(exc).__name__}: {exc})") from None


def _seat(value: object, seats: int, name: str, optional: bool = False) -> int | None:
    if value is None and optional:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < seats:
        raise StateError(f"{name} is not a seat at this table: {value!r}")
    return value


def _phase(value: Any) -> Phase:
    try:
        return Phase(value)
    except ValueError:
        raise StateError(f"unknown phase {value!r}") from None


def _load(data: dict[str, Any]) -> Game:
    rules = Rules.from_json(data["rules"])
    seats = data["seats"]
    if not isinstance(seats, int) or not MIN_SEATS <= seats <= MAX_SEATS:
        raise StateError(f"a game has 2 to 10 seats, not {seats!r}")
    direction = data["direction"]
    if direction not in (1, -1):
        raise StateError(f"direction must be 1 or -1, not {direction!r}")
    active = data["active_colour"]
    aw = data["after_window"]
    state = {
        "rules": rules,
        "seats": seats,
        "seed": int(data["seed"]),
        "rng": rng_from_state(data["rng"]),
        "round": int(data["round"]),
        "dealer": _seat(data["dealer"], seats, "the dealer"),
        "scores": [int(x) for x in data["scores"]],
        "table_points": [int(x) for x in data["table_points"]],
        "results": [RoundResult.from_json(r) for r in data["results"]],
        "winners": tuple(_seat(s, seats, "a winner") for s in data["winners"]),
        "total_turns": int(data["total_turns"]),
        "direction": direction,
        "hands": [sorted((parse_card(c) for c in h), key=lambda c: c.index)
                  for h in data["hands"]],
        "draw_pile": [parse_card(c) for c in data["draw_pile"]],
        "discard": [parse_card(c) for c in data["discard"]],
        "active_colour": Colour(active) if active is not None else None,
        "pending": int(data["pending"]),
        "drawn": parse_card(data["drawn"]) if data["drawn"] else None,
        "called": [bool(x) for x in data["called"]],
        "vulnerable": _seat(data["vulnerable"], seats, "the player who may be caught", True),
        "after_window": (_seat(aw[0], seats, "the next player"), _phase(aw[1])) if aw else None,
        "challenge_bluff": bool(data["challenge_bluff"]),
        "challenge_from": _seat(data["challenge_from"], seats, "the challenged player", True),
        "out": [_seat(s, seats, "a player who went out") for s in data["out"]],
        "winner_points": int(data["winner_points"]),
        "stuck_passes": int(data["stuck_passes"]),
        "turns": int(data["turns"]),
        "lacks": [{Colour(c) for c in s} for s in data["lacks"]],
        "current": _seat(data["current"], seats, "the player to act"),
        "phase": _phase(data["phase"]),
        # Absent from saves made before `next_decision`: the game asks the seats afresh.
        "reactions": tuple(_seat(s, seats, "a seat to react") for s in data["reactions"])
        if "reactions" in data else None,
        "history": [E.event_from_json(e) for e in data["history"]],
        "actions": [
            (None if s is None else _seat(s, seats, "an action's seat"), A.action_from_json(a))
            for s, a in data["actions"]
        ],
    }
    for name, per_seat in (("hands", state["hands"]), ("scores", state["scores"]),
                           ("table points", state["table_points"]),
                           ("Last Card calls", state["called"]), ("lacks", state["lacks"])):
        if len(per_seat) != seats:
            raise StateError(f"{name} are listed for {len(per_seat)} seats, not {seats}")
    if not state["discard"]:
        raise StateError("the discard pile is empty")
    drawn = state["drawn"]
    if drawn is not None and drawn not in state["hands"][state["current"]]:
        raise StateError("the card just drawn is not in the player's hand")
    game = Game.from_state(state)
    check_cards(game)
    return game


def check_cards(game: Game) -> None:
    """StateError unless hands and piles hold exactly the 108 cards of the deck."""
    counts = game.cards_in_play()
    if counts == _DECK:
        return
    total = sum(counts.values())
    if total != 108:
        raise StateError(f"the game holds {total} cards instead of 108")
    extra = counts - _DECK
    card = next(iter(extra))
    raise StateError(f"{card.name} appears {counts[card]} times, more than the deck has")
