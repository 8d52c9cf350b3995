"""The whole game state as versioned JSON, and back. Never pickle.

Loading checks the format and version, the types, and that the cards in hands and
piles are exactly the 108 of the deck, raising `StateError` with a plain reason.
"""

from __future__ import annotations

import random
from collections import Counter

from . import actions as A
from . import events as E
from .cards import Colour, full_deck, parse_card
from .errors import EngineError, StateError
from .rules import MAX_SEATS, MIN_SEATS, Rules

FORMAT = "colorcards-game"
VERSION = 1

_DECK = Counter(full_deck())


def _codes(cards) -> list[str]:
    return [c.code for c in cards]


def game_to_json(game) -> dict:
    version, internal, gauss = game.rng.getstate()
    return {
        "format": FORMAT,
        "version": VERSION,
        "rules": game.rules.as_json(),
        "seats": game.seats,
        "seed": game.seed,
        "rng": [version, list(internal), gauss],
        "round": game.round,
        "dealer": game.dealer,
        "scores": list(game.scores),
        "table_points": list(game.table_points),
        "results": [dict(r) for r in game.results],
        "winners": list(game.winners),
        "total_turns": game.total_turns,
        "direction": game.direction,
        "hands": [_codes(h) for h in game.hands],
        "draw_pile": _codes(game.draw_pile),
        "discard": _codes(game.discard),
        "active_colour": game.active_colour.value if game.active_colour else None,
        "pending": game.pending,
        "drawn": game.drawn.code if game.drawn else None,
        "called": list(game.called),
        "vulnerable": game.vulnerable,
        "after_window": list(game.after_window) if game.after_window else None,
        "challenge_bluff": game.challenge_bluff,
        "challenge_from": game.challenge_from,
        "out": list(game.out),
        "winner_points": game.winner_points,
        "stuck_passes": game.stuck_passes,
        "turns": game.turns,
        "lacks": [sorted(c.value for c in s) for s in game.lacks],
        "current": game.current,
        "phase": game.phase,
        "reactions": list(game.reactions) if game.vulnerable is not None else [],
        "history": [e.as_json() for e in game.history],
        "actions": [[seat, a.as_json()] for seat, a in game.actions],
    }


def _seat(value, seats: int, name: str, optional: bool = False):
    if value is None and optional:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < seats:
        raise StateError(f"{name} is not a seat at this table: {value!r}")
    return value


def game_from_json(data) -> "Game":
    from .game import PHASES, Game

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
        return _load(data, Game, PHASES)
    except StateError:
        raise
    except EngineError as exc:
        raise StateError(f"the saved game is inconsistent: {exc}") from None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise StateError(f"the saved game is damaged ({type(exc).__name__}: {exc})") from None


def _load(data: dict, Game, PHASES) -> "Game":
    rules = Rules.from_json(data["rules"])
    seats = data["seats"]
    if not isinstance(seats, int) or not MIN_SEATS <= seats <= MAX_SEATS:
        raise StateError(f"a game has 2 to 10 seats, not {seats!r}")
    game = Game.__new__(Game)
    game.rules = rules
    game.seats = seats
    game.seed = int(data["seed"])
    rng_version, internal, gauss = data["rng"]
    game.rng = random.Random()
    game.rng.setstate((rng_version, tuple(internal), gauss))
    game.round = int(data["round"])
    game.dealer = _seat(data["dealer"], seats, "the dealer")
    game.scores = [int(x) for x in data["scores"]]
    game.table_points = [int(x) for x in data["table_points"]]
    game.results = [dict(r) for r in data["results"]]
    game.winners = tuple(_seat(s, seats, "a winner") for s in data["winners"])
    game.total_turns = int(data["total_turns"])
    direction = data["direction"]
    if direction not in (1, -1):
        raise StateError(f"direction must be 1 or -1, not {direction!r}")
    game.direction = direction
    game.hands = [sorted((parse_card(c) for c in h), key=lambda c: c.index) for h in data["hands"]]
    game.draw_pile = [parse_card(c) for c in data["draw_pile"]]
    game.discard = [parse_card(c) for c in data["discard"]]
    active = data["active_colour"]
    game.active_colour = Colour(active) if active is not None else None
    game.pending = int(data["pending"])
    game.drawn = parse_card(data["drawn"]) if data["drawn"] else None
    game.called = [bool(x) for x in data["called"]]
    game.vulnerable = _seat(data["vulnerable"], seats, "the player who may be caught", True)
    aw = data["after_window"]
    game.after_window = (_seat(aw[0], seats, "the next player"), str(aw[1])) if aw else None
    game.challenge_bluff = bool(data["challenge_bluff"])
    game.challenge_from = _seat(data["challenge_from"], seats, "the challenged player", True)
    game.out = [_seat(s, seats, "a player who went out") for s in data["out"]]
    game.winner_points = int(data["winner_points"])
    game.stuck_passes = int(data["stuck_passes"])
    game.turns = int(data["turns"])
    game.lacks = [{Colour(c) for c in s} for s in data["lacks"]]
    game.current = _seat(data["current"], seats, "the player to act")
    phase = data["phase"]
    if phase not in PHASES:
        raise StateError(f"unknown phase {phase!r}")
    game.phase = phase
    game.history = [E.event_from_json(e) for e in data["history"]]
    game.actions = [
        (None if s is None else _seat(s, seats, "an action's seat"), A.action_from_json(a))
        for s, a in data["actions"]
    ]
    for name, per_seat in (("hands", game.hands), ("scores", game.scores),
                           ("table points", game.table_points), ("Last Card calls", game.called),
                           ("lacks", game.lacks)):
        if len(per_seat) != seats:
            raise StateError(f"{name} are listed for {len(per_seat)} seats, not {seats}")
    if not game.discard:
        raise StateError("the discard pile is empty")
    if game.drawn is not None and game.drawn not in game.hands[game.current]:
        raise StateError("the card just drawn is not in the player's hand")
    reactions = data.get("reactions")  # absent from saves made before `next_decision`
    if reactions is None:
        game.reactions = ()
        if game.vulnerable is not None:
            game._offer_reactions(game.vulnerable)  # as the drivers of the time did on loading
    else:
        game.reactions = tuple(_seat(s, seats, "a seat to react") for s in reactions)
    check_cards(game)
    game._resync()
    return game


def check_cards(game) -> None:
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
