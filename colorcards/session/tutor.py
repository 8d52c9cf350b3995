"""The tutor at the table: the player's last decision, kept so that the coach can weigh
it while the computers play and so that T can take it back.

A take-back does not undo moves one by one: the match is replayed from its seed up to
the decision (`Game.replay`), which deals the same hidden cards in the same deck order,
and each computer's generator is put back as it was just before the decision. The
computers then play exactly as before unless the new move changes what they see.

The mark is kept with the save (`as_json`), so Continue can still take the move back
and weigh it if quitting came first.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..coach.remote import Judgement
from ..coach.words import certain_words, move_noun, pair_nouns, percent
from ..engine import (
    Action,
    Card,
    Colour,
    Game,
    Rules,
    copy_rng,
    game_from_text,
    rng_from_state,
    rng_state,
)

NOTE_PREFIX = "Coach: "
"""How the coach's notes begin, in the log and on the status line."""


@dataclass(frozen=True)
class Mark:
    """The player's last decision: where it was made and what a take-back restores."""

    at: int
    """Actions applied in the match before the decision (its index in `game.actions`)."""
    rngs: tuple[random.Random | None, ...]
    """Each seat's generator just before the decision (None for the player)."""
    hand: tuple[Card, ...]
    """The player's cards in their order just before it."""
    logged: int
    """The table log's `logged` count just before it (lines written since go on undo)."""
    rounds: tuple[int, ...]
    """The log's round headings just before it."""
    weighed: bool
    """A decision the coach weighs (a turn of the player's own)."""
    judged: bool = False
    """The coach's judgement of it has come back (or it is not weighed)."""

    def with_(self, **changes: Any) -> Mark:
        return replace(self, **changes)

    def as_json(self, logged_now: int) -> dict[str, Any]:
        """JSON for the save: the log position as lines written since the mark, since
        the log's own count starts again when the table sits down again."""
        return {"at": self.at, "rngs": [rng_state(r) if r else None for r in self.rngs],
                "hand": [c.code for c in self.hand], "since": logged_now - self.logged,
                "rounds": list(self.rounds), "weighed": self.weighed, "judged": self.judged}

    @classmethod
    def from_json(cls, data: object, logged_now: int,
                  parse: Callable[[str], Card]) -> Mark | None:
        """The mark `as_json` wrote; None for anything else (a damaged or older save)."""
        if not isinstance(data, dict):
            return None
        try:
            rngs = tuple(None if s is None else rng_from_state(s) for s in data["rngs"])
            return cls(at=int(data["at"]), rngs=rngs,
                       hand=tuple(parse(str(code)) for code in data["hand"]),
                       logged=logged_now - int(data["since"]),
                       rounds=tuple(int(n) for n in data["rounds"]),
                       weighed=bool(data["weighed"]), judged=bool(data["judged"]))
        except (KeyError, TypeError, ValueError):
            return None

    @classmethod
    def take(cls, at: int, rngs: Sequence[random.Random | None], hand: Sequence[Card],
             logged: int, rounds: Sequence[int], weighed: bool) -> Mark:
        """A mark of the table as it is now (the generators copied, not shared)."""
        return cls(at, tuple(copy_rng(r) if r else None for r in rngs), tuple(hand), logged,
                   tuple(rounds), weighed, judged=not weighed)


@dataclass(frozen=True)
class Base:
    """Where the table's line of play can be rebuilt from without the deal: the game as
    the table sat down at it (its whole state as text) and the actions that led there.

    A base belongs to one line of play. The table keeps it only while the game's actions
    begin with `line`; a take-back to before it starts the line again from the deal
    (`rebased`), so a position rebuilt from it is always one of the line being played."""

    at: int
    """Actions applied in the match when the table sat down."""
    text: str
    """The game's whole state then (`Game.dumps`)."""
    line: tuple[tuple[int | None, Action], ...]
    """Those actions, to check that a game still follows this line."""
    dealt: bool = True
    """The match began with a deal from its seed (a prepared position did not: before
    `at` there is nothing to replay)."""

    def follows(self, actions: Sequence[tuple[int | None, Action]]) -> bool:
        """True if `actions` is this base's line (and maybe more)."""
        return len(actions) >= self.at and tuple(actions[:self.at]) == self.line

    @property
    def pair(self) -> tuple[int, str]:
        """(at, text), as the coach's request carries it."""
        return self.at, self.text


def base_of(game: Game, dealt: bool = True) -> Base:
    return Base(len(game.actions), game.dumps(), tuple(game.actions), dealt)


class OffTheLine(ValueError):
    """A position asked for is not one of the line being played (or cannot be rebuilt)."""


def position_before(game: Game, at: int, base: Base | None = None) -> Game:
    """`game` as it stood before its action number `at`, with the same hidden cards and
    deck order: the actions since `base` applied to it when `at` is past it, else
    replayed from the game's seed. OffTheLine if `base` is not on `game`'s line, or the
    position comes before a prepared one (nothing to replay it from)."""
    return line_position(game.rules, game.seats, game.seed, game.actions[:at], base)


def line_position(rules: Rules, seats: int, seed: int,
                  actions: Sequence[tuple[int | None, Action]],
                  base: Base | None = None) -> Game:
    """The game reached by `actions` from the deal of `seed` (or from `base`, when they
    pass through it): see `position_before`."""
    if base is not None and base.at <= len(actions):
        if not base.follows(actions):
            raise OffTheLine("the table's base is not on the line being played")
        before = game_from_text(base.text)
        for seat, action in actions[base.at:]:
            before.step(action, seat)
        return before
    if base is not None and not base.dealt:
        raise OffTheLine("the position comes before the one the table was set up at")
    return Game.replay(rules, seats, seed, actions)


def note_words(judgement: Judgement, card_name: Callable[[Card], str],
               colour_name: Callable[[Colour], str], names: Sequence[str]) -> str:
    """'Coach: Red Reverse instead of Red 3 — at least 3% more likely to win this round:
    35% against 24%.' What the verdict makes certain, then the chances that show it. A
    card played down to one without the call: 'Coach: Call Last Card with Red 3 — at
    least 3% more likely to win this round: 35% against 24% without the call.'"""
    chances = f"{percent(judgement.best_chance)} against {percent(judgement.made_chance)}"
    certain = f"{certain_words(more=True)} this round"
    if judgement.uncalled and judgement.made == judgement.best:
        card = move_noun(judgement.made, card_name, colour_name, names)
        return (f"{NOTE_PREFIX}Call Last Card with {card} — {certain}: {chances} without "
                f"the call.")
    made, best = pair_nouns(judgement.made, judgement.best, card_name, colour_name, names,
                            judgement.uncalled)
    return f"{NOTE_PREFIX}{best[0].upper()}{best[1:]} instead of {made} — {certain}: {chances}."
