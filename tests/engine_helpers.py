"""Helpers for the engine's tests, so each test reads like the rule.

`position("top=R3 colour=red | you: B7 R5 W | lily: G2 G2 | pile: Y1 Y2 ...")` makes a
real `Game` through the engine's position text (`position_from_text`, which documents
every key), with:

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

from collections import Counter

from colorcards.engine import (
    ACCEPT,
    CALL,
    CHALLENGE,
    CLOSE_WINDOW,
    DECLINE,
    DRAW,
    NEXT_ROUND,
    PASS,
    TIMEOUT,
    Catch,
    Colour,
    Game,
    NameColour,
    Rules,
    Swap,
    full_deck,
    get_preset,
    parse_card,
    play,
    position_from_text,
)

DECK = Counter(full_deck())


def rules(preset: str = "color-cards", **changes) -> Rules:
    """The preset's rules with single options changed (names as RULES.md writes them)."""
    return get_preset(preset).rules(**changes)


def P(code: str, colour: str | None = None):
    """The action of playing the card `code`, naming `colour` for a wild: P("W", "red")."""
    return play(parse_card(code), Colour(colour) if colour else None)


_WORDS = {"draw": DRAW, "pass": PASS, "accept": ACCEPT, "challenge": CHALLENGE, "call": CALL,
          "close": CLOSE_WINDOW, "timeout": TIMEOUT, "next": NEXT_ROUND, "decline": DECLINE}


def A(text: str):
    """An action from a short word: 'R5', 'W:red', 'draw', 'pass', 'accept', 'call',
    'challenge', 'catch:1', 'name:blue', 'close', 'timeout', 'next', 'swap:2', 'decline'."""
    if text in _WORDS:
        return _WORDS[text]
    if text.startswith("catch:"):
        return Catch(int(text[6:]))
    if text.startswith("swap:"):
        return Swap(int(text[5:]))
    if text.startswith("name:"):
        return NameColour(Colour(text[5:]))
    code, _, colour = text.partition(":")
    return P(code, colour or None)


def word(action) -> str:
    """The short word of an action (inverse of `A`), for readable legal-action lists."""
    for text, value in _WORDS.items():
        if action == value:
            return text
    if isinstance(action, Catch):
        return f"catch:{action.seat}"
    if isinstance(action, Swap):
        return f"swap:{action.seat}"
    if isinstance(action, NameColour):
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


def position(literal: str, rules: Rules | str | None = None, *, current: int = 0,
             direction: int = 1, pending: int = 0, phase: str = "turn", seed: int = 7,
             **state) -> Game:
    """A real Game in the position the literal describes: the engine's own position
    text (`colorcards.engine.position_from_text`), with the rules and the keywords
    added as its keys. `rules` is a Rules value or a preset name; other keywords are
    Game fields (drawn, called, vulnerable, after_window, out, dealer, scores, round,
    challenge_from, challenge_bluff, stuck_passes, lacks, turns)."""
    words = [f"turn={current}", f"direction={direction}", f"pending={pending}",
             f"phase={phase}", f"seed={seed}"]
    if isinstance(rules, str):
        words.append(f"rules={rules}")
    elif rules is not None:
        words += [f"{k}={v}" for k, v in rules.as_json().items()]
    for key, value in state.items():
        words.append(f"{_KEYS.get(key, key)}={_word(key, value)}")
    return position_from_text(f"{literal} | {' '.join(words)}")


_KEYS = {"stuck_passes": "stuck", "challenge_from": "challenger", "after_window": "after",
         "challenge_bluff": "bluff"}


def _word(key: str, value) -> str:
    """A keyword's value as the position text writes it."""
    if key == "drawn":
        return value if isinstance(value, str) else value.code
    if key == "called":
        seats = [s for s, c in enumerate(value) if c] if isinstance(value, list) else value
        return ",".join(map(str, seats)) or "-"
    if key == "after_window":
        return f"{value[0]}:{value[1]}"
    if key == "challenge_bluff":
        return "yes" if value else "no"
    if key == "lacks":
        items = value.items() if isinstance(value, dict) else enumerate(value)
        return ",".join(f"{s}:{'+'.join(c.value for c in cols)}" for s, cols in items
                        if cols) or "-"
    if isinstance(value, (list, tuple)):
        return ",".join(map(str, value)) or "-"
    return str(value)
