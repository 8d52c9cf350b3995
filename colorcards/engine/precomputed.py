"""The engine's precomputed tables and shared values, so that a step is a few lookups.

Cards as bits: bit i of a mask stands for the card with index i (`ALL_CARDS` order,
which is also the order hands are kept in), so listing a mask's bits low to high lists
cards in order, and the playable cards of a hand are one AND of masks. A turn's legal
actions are named by a key (playable-cards mask | flag bits for Draw, Pass, Accept,
Call) and read off complete tables (`PLAYS`, `FLAG_ACTIONS`). The commonest events (a
play, a pass, a skip) are values built once and shared.

No table here fills as games are played with anything a seat may not see: each is
complete before the first game (`PLAYS` holds every set of one or two cards, not the
sets some hand held), or keyed on public facts only (`reaction_decision`: a call or a
catch). A process-wide cache keyed on a hand would tell any reader what a seat held.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import chain
from types import MappingProxyType
from typing import Any, NamedTuple

from . import actions as A
from . import events as E
from . import turns
from .cards import ALL_CARDS, COLOURS, Card, Colour, Rank
from .decision import Choice, Decision, DecisionKind
from .rules import MAX_SEATS, DrawFour, JumpIn, Rules, SevenZero, Stacking

SKIP, REVERSE, DRAW_TWO = Rank.SKIP, Rank.REVERSE, Rank.DRAW_TWO
WILD, WILD4 = Rank.WILD, Rank.WILD_DRAW_FOUR

BIT = tuple(1 << c.index for c in ALL_CARDS)
"""Each card's bit, by card index."""
BIT_OF = {c: 1 << c.index for c in ALL_CARDS}
CARD_OF_BIT = {1 << c.index: c for c in ALL_CARDS}
W4_BIT = BIT_OF[Card.of(None, WILD4)]
WILD_BITS = W4_BIT | BIT_OF[Card.of(None, WILD)]
COLOURED: dict[Colour | None, int] = {
    col: sum(BIT_OF[c] for c in ALL_CARDS if c.colour is col) for col in COLOURS}
"""The coloured cards of each colour (None, while a colour is still to be named: none)."""
COLOURED[None] = 0
COLOUR_MATCH = {col: sum(BIT_OF[c] for c in ALL_CARDS if c.matches(col, None))
                for col in COLOURED}
"""What matches the active colour: its cards and the wilds (`Card.matches`)."""
_RANK_MATCH = {rank: sum(BIT_OF[c] for c in ALL_CARDS if c.matches(None, rank)) for rank in Rank}
TOP_MATCH = tuple(_RANK_MATCH[top.rank] for top in ALL_CARDS)
"""What matches the top card (by its index) on rank or symbol, wilds included; with
`COLOUR_MATCH` of the active colour, every card `Card.matches` (one OR of masks)."""


class RuleTables(NamedTuple):
    """What the game's steps look up under one set of rules, derived from the rules'
    one statement (`turns`): built once for each set of rules (`rule_tables`)."""

    plain: frozenset[Card]
    """Cards whose play does nothing beyond passing the turn (numbers and the plain
    Wild): `turns.card_turn` says `ON` for them whoever is in the round (none under the
    house rules `jump_in` and `seven_zero`)."""
    answers: tuple[dict[Colour | None, int], ...]
    """By the top card's index, then the colour in force: the cards that may pass on a
    pending penalty (`turns.may_answer`)."""
    draws: Mapping[Rank, int]
    """What each draw card makes the next seat draw (`turns.DRAWS`; read-only)."""
    turn_of: tuple[Mapping[Rank, turns.Turn], Mapping[Rank, turns.Turn]]
    """What a card of each rank does to the turn order (`turns.card_turn`), with more
    than two seats holding cards [0] and with two [1] (where a Reverse is a Skip)."""


_TABLES: dict[tuple[Any, ...], RuleTables] = {}
_BY_RULES: dict[int, tuple[Any, ...]] = {}
"""The tables last found for a `Rules` object, by its id (it is kept in the entry, so
the id cannot be another's), with the statement of the rules they were built from: a
game asks at its start, and hashing a whole `Rules` each time cost a sim a percent."""


def rule_tables(rules: Rules) -> RuleTables:
    """The `RuleTables` of `rules`, built from `turns` as it stands (kept for each set
    of the options they depend on and each statement of the rules: what `turns` says is
    what a new game plays)."""
    card_turn, may_answer, draws = turns.card_turn, turns.may_answer, turns.DRAWS
    found = _BY_RULES.get(id(rules))
    if (found is not None and found[0] is rules and found[1] is card_turn
            and found[2] is may_answer and found[3] == draws):
        tables: RuleTables = found[4]
        return tables
    key = (rules.stacking, rules.draw_four, rules.jump_in, rules.seven_zero, card_turn,
           may_answer, tuple(draws.items()))
    kept = _TABLES.get(key)
    if kept is None:
        kept = _TABLES[key] = _build_tables(rules)
    if len(_BY_RULES) > 1000:  # (a test suite makes thousands of positions' rules)
        _BY_RULES.clear()
    _BY_RULES[id(rules)] = (rules, card_turn, may_answer, dict(draws), kept)
    return kept


def _build_tables(rules: Rules) -> RuleTables:
    stacking = rules.stacking
    on = stacking is not Stacking.OFF
    challenge = rules.draw_four is DrawFour.CHALLENGE
    # Under `jump_in` any card may be jumped on, under `seven_zero` a play changes what
    # a seat knows: none passes the turn on and does nothing else.
    plain = frozenset() if rules.jump_in is JumpIn.ON or rules.seven_zero is SevenZero.ON \
        else frozenset(c for c in ALL_CARDS if all(
            turns.card_turn(c.rank, n, on, challenge) is turns.Turn.ON for n in (2, 3)))
    answers = tuple(  # (a penalty is pending only on a draw card)
        {colour: sum(BIT_OF[c] for c in ALL_CARDS
                     if turns.may_answer(c.rank, c.colour is colour, top.rank, stacking))
         for colour in COLOURED} if top.rank in turns.DRAWS else dict.fromkeys(COLOURED, 0)
        for top in ALL_CARDS)
    turn_of = tuple(MappingProxyType({rank: turns.card_turn(rank, n, on, challenge)
                                      for rank in Rank}) for n in (3, 2))
    return RuleTables(plain, answers, MappingProxyType(dict(turns.DRAWS)),
                      turn_of)  # type: ignore[arg-type]  # (two of them)


F_DRAW, F_PASS, F_ACCEPT, F_CALL = (1 << (len(ALL_CARDS) + k) for k in range(4))
"""Extra actions of a turn, as flag bits above the card bits of a legal-actions key."""
CARD_BITS = (1 << len(ALL_CARDS)) - 1

CARD_PLAYS: dict[Card, tuple[A.Play, ...]] = {
    c: (tuple(A.play(c, col) for col in COLOURS) if c.is_wild else (A.play(c),))
    for c in ALL_CARDS
}
"""The plays of each card: one, or one per colour named for a wild."""
NAME_COLOURS = tuple(A.NameColour(c) for c in COLOURS)

PLAYED: tuple[dict[A.Play, E.Played], ...] = tuple(
    {p: E.Played(s, p.card, p.colour) for plays in CARD_PLAYS.values() for p in plays}
    for s in range(MAX_SEATS))
"""One Played event per (seat, Play action), every one of them: a complete table
that says nothing about any game."""


def _after(play: A.Play) -> tuple[Colour | None, int]:
    active = play.colour or play.card.colour
    return active, COLOUR_MATCH[active] | TOP_MATCH[play.card.index]


AFTER_PLAY = {p: _after(p) for plays in CARD_PLAYS.values() for p in plays}
"""The colour in force after each Play, and what then matches: every play's, worked
out here once."""
PASSED = tuple(E.Passed(s) for s in range(MAX_SEATS))
SKIPPED = tuple(E.Skipped(s) for s in range(MAX_SEATS))
CALLED = tuple(E.CalledLastCard(s) for s in range(MAX_SEATS))
MISSED = tuple(E.MissedLastCard(s) for s in range(MAX_SEATS))
REVERSED = {d: E.Reversed(d) for d in (1, -1)}


def breaks_draw_four(held: int, colour: Colour | None) -> bool:
    """Whether playing a Wild Draw Four from a hand of `held` (a mask) breaks its rule
    (RULES.md): the hand holds a card of `colour`, the colour in force. Restricted, it
    may not be played; under the challenge rule, playing it is a bluff."""
    return bool(held & COLOURED[colour])


def mask_of(hand: Iterable[Card]) -> int:
    """The bitmask of the distinct cards in `hand`."""
    return sum(set(map(BIT_OF.__getitem__, hand)))


def _by_byte(items: list[tuple[Any, ...]]) -> tuple[tuple[tuple[Any, ...], ...], ...]:
    """For each byte of a mask (low first), each of its 256 values' items: the
    concatenation, in bit order, of `items[bit]` for the bits set. A mask's items
    are then one lookup a byte, done in C (`_joined`), not a loop over its bits."""
    tables = []
    for base in range(0, len(items), 8):
        chunk = items[base:base + 8]
        # Doubling: the values with bit k set are those without it, then bit k's items
        # (its highest bit: bit order is kept). Bits past the items add nothing.
        table: list[tuple[Any, ...]] = [()]
        for bit in range(8):
            group = tuple(chunk[bit]) if bit < len(chunk) else ()
            table += [t + group for t in table]
        tables.append(tuple(table))
    return tuple(tables)


def _joined(tables: tuple[tuple[tuple[Any, ...], ...], ...], mask: int) -> tuple[Any, ...]:
    """The items of `mask`'s set bits, in bit order, from `_by_byte` tables."""
    return tuple(chain.from_iterable(
        map(tuple.__getitem__, tables, mask.to_bytes(len(tables), "little"))))


_CARDS_BY_BYTE = _by_byte([(c,) for c in ALL_CARDS])
_ACTIONS_BY_BYTE = _by_byte([*(CARD_PLAYS[c] for c in ALL_CARDS),
                             (A.DRAW,), (A.PASS,), (A.ACCEPT,), (A.CALL,)])
"""A key's actions in key-bit order: each card's plays, then the flags' actions."""


def cards_of(mask: int) -> list[Card]:
    """The cards whose bits are set in `mask`, in card order."""
    return list(_joined(_CARDS_BY_BYTE, mask))


def legal_tuple(key: int) -> tuple[A.Action, ...]:
    """The legal actions for `key`: plays of the cards in order, then Draw / Pass /
    Accept, then Call (the order `legal_actions` documents): the order of the key's
    bits, as the flag bits sit above the card bits."""
    return _joined(_ACTIONS_BY_BYTE, key)


FLAG_SHIFT = len(ALL_CARDS)
FLAG_ACTIONS = tuple(legal_tuple(flags << FLAG_SHIFT) for flags in range(16))
"""The extra actions of each combination of flags (a key shifted down by `FLAG_SHIFT`)."""
_ONE = [(BIT_OF[c], CARD_PLAYS[c]) for c in ALL_CARDS]
PLAYS: dict[int, tuple[A.Play, ...]] = {
    0: (), **dict(_ONE),
    **{a | b: plays + more for i, (a, plays) in enumerate(_ONE) for b, more in _ONE[i + 1:]}}
"""The plays of every set of at most two distinct cards, by mask: most turns' plays,
one lookup. A complete table, built before any game: it says nothing about one."""
_LOW_HALF = (1 << (len(ALL_CARDS) // 2)) - 1


def plays_of(mask: int) -> tuple[A.Play, ...]:
    """The plays of the cards in `mask`, in card order (`legal_tuple` of a card mask):
    the table's, or its two halves' from the table, or built from the bytes."""
    plays = PLAYS.get(mask)
    if plays is not None:
        return plays
    low = PLAYS.get(mask & _LOW_HALF)
    high = PLAYS.get(mask & ~_LOW_HALF)
    if low is not None and high is not None:
        return low + high
    return legal_tuple(mask)  # type: ignore[return-value]  # a card mask: plays only


_REACTIONS: dict[tuple[Any, ...], Decision] = {}


def reaction_decision(seat: int, legal: tuple[A.Action, ...]) -> Decision:
    """`seat`'s optional reaction: its legal actions, then DECLINE (built once: a
    reaction is a call or a catch, public facts)."""
    key = (seat, legal)
    decision = _REACTIONS.get(key)
    if decision is None:
        decision = _REACTIONS[key] = Decision(DecisionKind.REACTION, seat, (*legal, A.DECLINE))
    return decision


NO_CARD_TURNS: tuple[tuple[Choice, ...], ...] = tuple(
    tuple((DecisionKind.TURN, seat, actions) for actions in FLAG_ACTIONS)
    for seat in range(MAX_SEATS))
"""A turn with no card to play (draw, pass, accept or call), by seat and flags (a key
shifted down by `FLAG_SHIFT`), as a `Choice`: every one of them, built before any game,
like `PLAYS`."""
DEAL = Decision(DecisionKind.DEAL, None, (A.NEXT_ROUND,))
WINDOW_CLOSES = Decision(DecisionKind.WINDOW, None, (A.CLOSE_WINDOW,))
