"""A position as a line of text, and back: the engine's FEN.

    top=R3 colour=red turn=1 stacking=off | you: B7 R5 W | lily: G2 G2 | pile: Y1 Y2 ...

`position_from_text(text)` builds a real `Game` in that position, checking it; a text it
cannot read raises `PositionError` saying what is wrong and where. `position_text(game)`
writes any game's position so that reading it back gives the same position (the
round-trip the tests rely on). Segments are separated by ``|`` (or new lines):

- ``key=value`` words: the position's fields and the rule options (below);
- ``NAME: CARDS``: one segment per seat, in seat order (seat 0 first; NAME is free, ``-``
  or nothing for an empty hand, a seat that went out);
- ``under: CARDS``: the discard pile beneath the top card, bottom first;
- ``pile: CARDS``: the draw pile from the top down. Ending in ``...`` means "these on
  top, every other card below, shuffled". Without ``...`` the pile is exactly that, and
  the cards the text does not place go under the top card (or to the seat named by
  ``rest=NAME``). Without a ``pile:`` segment every card not placed goes into the pile.

Keys: ``top=CARD`` (required); ``colour=`` the active colour (default: the top card's;
required for a wild on top, except in the ``name-colour`` phase); ``rules=PRESET`` and
any option (``stacking=off``, ``last_card_penalty=4``); ``turn=SEAT`` the seat to act;
``direction=1|-1``; ``pending=N``; ``phase=``; ``drawn=CARD``; ``called=SEATS``;
``vulnerable=SEAT``; ``reactions=SEATS`` (the seats still to be asked about the missed
call; default: all of them, as the miss itself asks); ``offers=SEATS`` (the seats still to
be offered a jump-in with the card on top, house rule `jump_in`); ``after=SEAT:PHASE``
(where play goes when the Last Card window closes); ``challenger=SEAT`` and
``bluff=yes|no``; ``out=SEATS`` (in the order they went out; default: the empty hands in
seat order); ``lacks=SEAT:COLOUR+COLOUR,...``;
``scores=``, ``table_points=`` (a number per seat); ``round=``, ``dealer=``, ``stuck=``
(the stalemate count), ``turns=``, ``total_turns=``, ``winner_points=``; ``seed=`` the
game's generator (and the ``...`` shuffle); ``deck=partial``: only the cards the text
places are in play (for a rule the full deck cannot reach, such as a stalemate: such a
game is not a valid save). SEATS are comma-separated seat numbers, ``-``
for none. A position is one moment of a round: it has no history, and the results of
earlier rounds are not part of it (the scores and table points are).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import fields
from typing import Any

from .cards import Card, Colour, full_deck, parse_card
from .errors import EngineError
from .game import Game
from .phase import Phase
from .rules import CHOICES, DEFAULT_PRESET, MAX_SEATS, MIN_SEATS, Rules, get_preset, parse_value

_DECK = Counter(full_deck())
_KEYS = frozenset({
    "top", "colour", "rules", "turn", "direction", "pending", "phase", "drawn", "called",
    "vulnerable", "reactions", "after", "challenger", "bluff", "out", "lacks", "scores",
    "table_points", "round", "dealer", "stuck", "turns", "total_turns", "winner_points",
    "seed", "rest", "deck", "offers",
}) | frozenset(CHOICES)
_DEFAULT_SEED = 7


class PositionError(EngineError):
    """A position text that cannot be read; the message says what and where."""


def position_from_text(text: str) -> Game:
    """The game in the position `text` describes (see the module docstring)."""
    if not isinstance(text, str):
        raise PositionError("a position is text")
    keys: dict[str, str] = {}
    seats: list[tuple[str, list[Card]]] = []
    under: list[Card] = []
    pile: list[Card] | None = None
    pile_open = False
    for segment in text.replace("\n", "|").split("|"):
        label = None
        body: list[str] = []
        for word in segment.split():
            if label is None and "=" in word:
                key, _, value = word.partition("=")
                if key not in _KEYS:
                    raise PositionError(f"unknown key {key!r} in {word!r}")
                if key in keys:
                    raise PositionError(f"{key} is given twice")
                keys[key] = value
            elif label is None and word.endswith(":"):
                label = word[:-1]
            elif label is not None:
                body.append(word)
            else:
                raise PositionError(f"{word!r} is neither key=value nor a NAME: before cards")
        if label is None:
            continue
        if label == "pile":
            if pile is not None:
                raise PositionError("the pile is given twice")
            pile_open = bool(body) and body[-1] == "..."
            pile = _cards(body[:-1] if pile_open else body, "the pile")
        elif label == "under":
            under = _cards(body, "under")
        else:
            seats.append((label, _cards(body, f"{label}'s hand")))
    return _build(keys, seats, under, pile, pile_open)


def _cards(words: list[str], where: str) -> list[Card]:
    if words in ([], ["-"]):
        return []
    try:
        return [parse_card(w) for w in words]
    except ValueError:
        bad = next(w for w in words if not _is_card(w))
        raise PositionError(f"{bad!r} in {where} is not a card (cards are written like "
                            "R7, B+2, GS, YR, W, W+4)") from None


def _is_card(word: str) -> bool:
    try:
        parse_card(word)
    except ValueError:
        return False
    return True


def _build(keys: dict[str, str], seats: list[tuple[str, list[Card]]], under: list[Card],
           pile: list[Card] | None, pile_open: bool) -> Game:
    n = len(seats)
    if not MIN_SEATS <= n <= MAX_SEATS:
        raise PositionError(f"a position needs {MIN_SEATS} to {MAX_SEATS} seats "
                            f"(NAME: CARDS segments), not {n}")
    if "top" not in keys:
        raise PositionError("a position needs top=CARD")
    top = _card(keys["top"], "top")
    rules = _rules(keys)
    try:
        rules.check_seats(n)
    except EngineError as exc:
        raise PositionError(str(exc)) from None
    hands = [list(cards) for _, cards in seats]
    names = [name for name, _ in seats]
    placed = Counter(under) + Counter([top]) + Counter(pile or [])
    for hand in hands:
        placed += Counter(hand)
    too_many = placed - _DECK
    if too_many:
        card = next(iter(too_many))
        raise PositionError(f"{card.name} ({card.code}) appears {placed[card]} times, "
                            f"more than the deck's {_DECK[card]}")
    seed = _int(keys, "seed", _DEFAULT_SEED)
    rest = sorted((_DECK - placed).elements(), key=lambda c: c.index)
    random.Random(seed).shuffle(rest)
    draw_pile = list(reversed(pile or []))  # the top is the end of the list
    rest_to = keys.get("rest")
    deck = keys.get("deck", "full")
    if deck not in ("full", "partial"):
        raise PositionError(f"deck must be full or partial, not {deck!r}")
    if deck == "partial":
        rest = []  # only the cards the text places are in play
    if pile is None or pile_open:
        draw_pile = rest + draw_pile
    elif rest_to is not None:
        if rest_to not in names:
            raise PositionError(f"rest={rest_to}: there is no seat named {rest_to!r}")
        hands[names.index(rest_to)] += rest
    else:
        under = rest + under
    phase = _phase(keys.get("phase", "turn"))
    colour: Colour | None
    if "colour" in keys:
        colour = _colour(keys["colour"], "colour")
    elif top.colour is None and phase is not Phase.NAME_COLOUR:
        raise PositionError(f"{top.name} is on top: say which colour is in force (colour=red)")
    else:
        colour = top.colour
    turn = _seat(keys, "turn", n, 0)
    drawn = _card(keys["drawn"], "drawn") if "drawn" in keys else None
    if drawn is not None and drawn not in hands[turn]:
        raise PositionError(f"drawn={drawn.code}: seat {turn}, whose turn it is, does not hold it")
    if phase is Phase.DRAWN and drawn is None:
        raise PositionError("phase=drawn needs drawn=CARD (the card the seat drew)")
    direction = _int(keys, "direction", 1)
    if direction not in (1, -1):
        raise PositionError(f"direction must be 1 or -1, not {direction}")
    out = _seats(keys, "out", n, [s for s in range(n) if not hands[s]])
    if sorted(out) != [s for s in range(n) if not hands[s]]:
        raise PositionError("out= must list exactly the seats with empty hands")
    called = _seats(keys, "called", n, [])
    vulnerable = _seat(keys, "vulnerable", n, None)
    after = None
    if "after" in keys:
        seat_text, _, phase_text = keys["after"].partition(":")
        after = (_seat({"after": seat_text}, "after", n, None), _phase(phase_text or "turn"))
    bluff_text = keys.get("bluff", "no")
    if bluff_text not in ("yes", "no"):
        raise PositionError(f"bluff must be yes or no, not {bluff_text!r}")
    lacks: list[set[Colour]] = [set() for _ in range(n)]
    for item in _list(keys.get("lacks", "-")):
        seat_text, _, colours = item.partition(":")
        seat = _seat({"lacks": seat_text}, "lacks", n, None)
        assert seat is not None
        lacks[seat] = {_colour(c, "lacks") for c in colours.split("+") if c}
    scores = _numbers(keys, "scores", n)
    table_points = _numbers(keys, "table_points", n)
    state = {
        "rules": rules, "seats": n, "seed": seed, "rng": random.Random(seed),
        "round": _int(keys, "round", 1), "dealer": _seat(keys, "dealer", n, n - 1),
        "scores": scores, "table_points": table_points, "results": [],
        "winners": (), "total_turns": _int(keys, "total_turns", 0), "history": [],
        "actions": [], "direction": direction,
        "hands": [sorted(h, key=lambda c: c.index) for h in hands],
        "draw_pile": draw_pile, "discard": [*under, top], "active_colour": colour,
        "pending": _int(keys, "pending", 0), "drawn": drawn,
        "called": [s in called for s in range(n)], "vulnerable": vulnerable,
        "after_window": after, "challenge_bluff": bluff_text == "yes",
        "challenge_from": _seat(keys, "challenger", n, None), "out": out,
        "winner_points": _int(keys, "winner_points", 0), "stuck_passes": _int(keys, "stuck", 0),
        "turns": _int(keys, "turns", 0), "lacks": lacks, "current": turn, "phase": phase,
        # Without `reactions`, a seat that may be caught is asked about as a missed
        # call asks: the offender first, then the others (`Game.from_state`).
        "reactions": tuple(_seats(keys, "reactions", n, [])) if "reactions" in keys else None,
        "offers": tuple(_seats(keys, "offers", n, [])), "known": None,
    }
    return Game.from_state(state)


def _rules(keys: dict[str, str]) -> Rules:
    try:
        preset = get_preset(keys.get("rules", DEFAULT_PRESET))
        changes = {k: parse_value(k, v) for k, v in keys.items() if k in CHOICES}
        return preset.rules(**changes)
    except EngineError as exc:
        raise PositionError(str(exc)) from None


def _card(text: str, key: str) -> Card:
    try:
        return parse_card(text)
    except ValueError:
        raise PositionError(f"{key}={text}: not a card") from None


def _colour(text: str, key: str) -> Colour:
    try:
        return Colour(text)
    except ValueError:
        names = ", ".join(c.value for c in Colour)
        raise PositionError(f"{key}: {text!r} is not a colour ({names})") from None


def _phase(text: str) -> Phase:
    try:
        return Phase(text)
    except ValueError:
        names = ", ".join(p.value for p in Phase)
        raise PositionError(f"phase {text!r} is not one of {names}") from None


def _int(keys: dict[str, str], key: str, default: int) -> int:
    if key not in keys:
        return default
    try:
        return int(keys[key])
    except ValueError:
        raise PositionError(f"{key}={keys[key]}: a whole number is needed") from None


def _seat(keys: dict[str, str], key: str, seats: int, default: Any) -> Any:
    if key not in keys:
        return default
    value = _int(keys, key, 0)
    if not 0 <= value < seats:
        raise PositionError(f"{key}={keys[key]}: there is no seat {value} "
                            f"(seats are 0 to {seats - 1})")
    return value


def _list(text: str) -> list[str]:
    return [] if text in ("", "-") else text.split(",")


def _seats(keys: dict[str, str], key: str, seats: int, default: list[int]) -> list[int]:
    if key not in keys:
        return default
    return [_seat({key: item}, key, seats, None) for item in _list(keys[key])]


def _numbers(keys: dict[str, str], key: str, seats: int) -> list[int]:
    if key not in keys:
        return [0] * seats
    values = [_int({key: item}, key, 0) for item in _list(keys[key])]
    if len(values) != seats:
        raise PositionError(f"{key} needs one number per seat ({seats}), not {len(values)}")
    return values


def position_text(game: Game) -> str:
    """The text of `game`'s position: `position_from_text` reads it back to the same
    cards, seats and state (its generator restarts from `seed`; no history)."""
    words = []
    base = Rules()
    for f in fields(Rules):
        value = getattr(game.rules, f.name)
        if value != getattr(base, f.name):
            words.append(f"{f.name}={value}")
    n = game.seats
    words += [f"top={game.top.code}"]
    if game.active_colour is not None:
        words.append(f"colour={game.active_colour.value}")
    words += [f"turn={game.current}", f"phase={game.phase}", f"direction={game.direction}"]
    optional = {
        "pending": game.pending, "round": game.round, "dealer": game.dealer,
        "stuck": game.stuck_passes, "turns": game.turns, "total_turns": game.total_turns,
        "winner_points": game.winner_points, "seed": game.seed,
    }
    defaults = {"pending": 0, "round": 1, "dealer": n - 1, "stuck": 0, "turns": 0,
                "total_turns": 0, "winner_points": 0, "seed": _DEFAULT_SEED}
    words += [f"{k}={v}" for k, v in optional.items() if v != defaults[k]]
    if game.drawn is not None:
        words.append(f"drawn={game.drawn.code}")
    seat_lists = {
        "called": [s for s in range(n) if game.called[s]],
        "out": game.out,
    }
    words += [f"{k}={','.join(map(str, v))}" for k, v in seat_lists.items() if v]
    if game.vulnerable is not None:
        words.append(f"vulnerable={game.vulnerable}")
        words.append(f"reactions={','.join(map(str, game.reactions)) or '-'}")
    if game.after_window is not None:
        words.append(f"after={game.after_window[0]}:{game.after_window[1]}")
    if game.challenge_from is not None:
        words.append(f"challenger={game.challenge_from}")
    if game.offers:
        words.append(f"offers={','.join(map(str, game.offers))}")
    if game.challenge_bluff:
        words.append("bluff=yes")
    lacks = [f"{s}:{'+'.join(sorted(c.value for c in game.lacks[s]))}"
             for s in range(n) if game.lacks[s]]
    if lacks:
        words.append("lacks=" + ",".join(lacks))
    for key, values in (("scores", game.scores), ("table_points", game.table_points)):
        if any(values):
            words.append(f"{key}={','.join(map(str, values))}")
    segments = [" ".join(words)]
    if len(game.discard) > 1:
        segments.append("under: " + " ".join(c.code for c in game.discard[:-1]))
    for s in range(n):
        segments.append(f"s{s}: " + (" ".join(c.code for c in game.hands[s]) or "-"))
    segments.append("pile: " + " ".join(c.code for c in reversed(game.draw_pile)))
    return " | ".join(segments).rstrip()
