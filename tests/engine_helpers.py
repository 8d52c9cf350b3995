"""A compact position builder for the engine's tests, so each test reads like the rule.

`position("top=R3 colour=red | you: B7 R5 W | lily: G2 G2 | pile: Y1 Y2 ...")` makes a
real `Game` (dealt by the engine, then overwritten) with:

- ``top=CARD`` the top of the discard pile, ``colour=red`` the active colour (default:
  the top card's colour), ``under: CARDS`` cards beneath the top, bottom first;
- one ``name: CARDS`` segment per seat, in seat order (seat 0 first; ``-`` or nothing
  for an empty hand, i.e. a seat that went out);
- ``pile: CARDS`` the draw pile from the top down. Ending in ``...`` means "these on
  top, every other card below"; without ``...`` the pile is exactly that, and the cards
  the literal does not place go under the top of the discard pile (or to the seat
  named by ``rest=NAME``), so that the game always holds the 108 cards of the deck.

Without a ``pile:`` segment every card not placed goes into the draw pile. Keyword
arguments set the rest of the state (`current`, `direction`, `pending`, `phase`, ...).
"""

from __future__ import annotations

import random
from collections import Counter

from colorcards.engine import (
    ACCEPT, CALL, CHALLENGE, CLOSE_WINDOW, DRAW, NEXT_ROUND, PASS, TIMEOUT, Catch, Colour,
    Game, NameColour, Rules, full_deck, get_preset, parse_card, parse_cards, play,
)

DECK = Counter(full_deck())


def rules(preset: str = "color-cards", **changes) -> Rules:
    """The preset's rules with single options changed (names as RULES.md writes them)."""
    return get_preset(preset).rules(**changes)


def P(code: str, colour: str | None = None):
    """The action of playing the card `code`, naming `colour` for a wild: P("W", "red")."""
    return play(parse_card(code), Colour(colour) if colour else None)


_WORDS = {"draw": DRAW, "pass": PASS, "accept": ACCEPT, "challenge": CHALLENGE, "call": CALL,
          "close": CLOSE_WINDOW, "timeout": TIMEOUT, "next": NEXT_ROUND}


def A(text: str):
    """An action from a short word: 'R5', 'W:red', 'draw', 'pass', 'accept', 'call',
    'challenge', 'catch:1', 'name:blue', 'close', 'timeout', 'next'."""
    if text in _WORDS:
        return _WORDS[text]
    if text.startswith("catch:"):
        return Catch(int(text[6:]))
    if text.startswith("name:"):
        return NameColour(Colour(text[5:]))
    code, _, colour = text.partition(":")
    return P(code, colour or None)


def word(action) -> str:
    """The short word of an action (inverse of `A`), for readable legal-action lists."""
    for text, value in _WORDS.items():
        if action == value:
            return text
    if action.kind == "catch":
        return f"catch:{action.seat}"
    if action.kind == "name-colour":
        return f"name:{action.colour.value}"
    if action.colour is not None:
        return f"{action.card.code}:{action.colour.value}"
    return action.card.code


def legal(game: Game, seat: int | None = None) -> list[str]:
    """The legal actions as short words."""
    return [word(a) for a in game.legal_actions(seat)]


def hand(game: Game, seat: int) -> str:
    """A seat's hand in compact notation, card order."""
    return " ".join(c.code for c in game.hands[seat])


def run(game: Game, *steps: str) -> list:
    """Apply actions given as 'word' (seat to act) or 'seat>word' (that seat); the events."""
    events = []
    for step in steps:
        seat = None
        if ">" in step:
            who, _, step = step.partition(">")
            seat = int(who)
        events += game.apply(A(step), seat)
    return events


def kinds(events) -> list[str]:
    """The kinds of the events, in order."""
    return [e.kind for e in events]


def check_108(game: Game) -> None:
    """Assert the game holds exactly the 108 cards of the deck."""
    assert game.cards_in_play() == DECK


def _cards(tokens: list[str]) -> list:
    if tokens in ([], ["-"]):
        return []
    return parse_cards(" ".join(tokens))


def position(literal: str, rules: Rules | str | None = None, *, current: int = 0,
             direction: int = 1, pending: int = 0, phase: str = "turn", seed: int = 7,
             **state) -> Game:
    """A real Game in the position the literal describes (see the module docstring).

    `rules` is a Rules value or a preset name. Other keywords overwrite the Game
    attributes of the same name (drawn, called, vulnerable, after_window, out, dealer,
    scores, round, challenge_from, challenge_bluff, stuck_passes, ...)."""
    if isinstance(rules, str):
        rules = get_preset(rules).rules()
    rules = rules or Rules()
    top = colour = None
    under: list = []
    hands: list[list] = []
    pile: list | None = None
    pile_open = False
    rest_to: str | None = None
    names: list[str] = []
    for segment in literal.split("|"):
        tokens = segment.split()
        label = None
        body: list[str] = []
        for tok in tokens:
            if label is None and "=" in tok:
                key, _, value = tok.partition("=")
                if key == "top":
                    top = parse_card(value)
                elif key == "colour":
                    colour = Colour(value)
                elif key == "rest":
                    rest_to = value
                else:
                    raise ValueError(f"unknown key {key!r} in position literal")
            elif tok.endswith(":") and label is None:
                label = tok[:-1]
            elif label is not None:
                body.append(tok)
            else:
                raise ValueError(f"stray token {tok!r} in position literal")
        if label is None:
            continue
        if label == "pile":
            pile_open = bool(body) and body[-1] == "..."
            pile = _cards(body[:-1] if pile_open else body)
        elif label == "under":
            under = _cards(body)
        else:
            names.append(label)
            hands.append(_cards(body))
    if top is None:
        raise ValueError("a position needs top=CARD")
    seats = len(hands)
    game = Game(rules, seats, seed)
    placed = Counter(under) + Counter([top]) + Counter(pile or [])
    for h in hands:
        placed += Counter(h)
    too_many = placed - DECK
    if too_many:
        raise ValueError(f"more copies than the deck has: {dict(too_many)}")
    rest = list((DECK - placed).elements())
    random.Random(seed).shuffle(rest)
    draw_pile = list(reversed(pile or []))
    if pile is None or pile_open:
        draw_pile = rest + draw_pile
    elif rest_to is not None:
        hands[names.index(rest_to)] += rest
    else:
        under = rest + under
    game.hands = [sorted(h, key=lambda c: c.index) for h in hands]
    game.draw_pile = draw_pile
    game.discard = under + [top]
    if colour is None and phase != "name-colour":
        colour = top.colour
        if colour is None:
            raise ValueError("a wild on top needs colour=...")
    game.active_colour = colour
    game.current = current
    game.direction = direction
    game.pending = pending
    game.phase = phase
    game.drawn = None
    game.called = [False] * seats
    game.vulnerable = None
    game.after_window = None
    game.challenge_from = None
    game.challenge_bluff = False
    game.out = [s for s in range(seats) if not game.hands[s]]
    game.stuck_passes = 0
    game.turns = 0
    game.lacks = [set() for _ in range(seats)]
    game.history = []
    game.actions = []
    for key, value in state.items():
        if not hasattr(game, key):
            raise ValueError(f"Game has no attribute {key!r}")
        if key == "drawn" and isinstance(value, str):
            value = parse_card(value)
        if key == "called" and not isinstance(value, list):
            value = [s in value for s in range(seats)]
        setattr(game, key, value)
    game._resync()  # rebuild what the engine derives from the fields set above
    check_108(game)
    return game
