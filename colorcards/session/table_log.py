"""The table's log: what happened, in words, for the whole match.

It keeps every line (up to LOG_KEEP), where each round's lines start (the history
screen's headings), how many lines were ever written (so a widget showing the last
lines knows which are new even after the oldest are dropped), and what happened since
the player's own last move, in short, for the digest the log strip shows when the
lines would not fit. A computer's draw is written with its next move, so its turn is
one line ('Max drew a card and passed').
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..engine import HUMAN_SEAT as HUMAN
from ..engine import events as E
from .wording import Words

LOG_KEEP = 4000
"""Log lines kept with the save: a whole long match (a Classic match to 500 writes
about 1,500), with a bound so that a save never grows without one."""


class TableLog:
    """The log of one match at the table."""

    def __init__(self, lines: list[str], rounds: tuple[int, ...], words: Words):
        self.lines = lines
        """What happened, oldest first (the list the save keeps)."""
        self.logged = len(lines)
        """Lines written since the table sat down, the first ones included."""
        self.rounds: list[int] = [n for n in rounds if n < len(lines)]
        """The line each round's story starts at."""
        self.words = words
        self._mine_at = self.logged
        """`logged` just after the player's own last move."""
        self._short: list[tuple[int | None, str]] = []
        """What each move since the player's own last one did, in short, with its seat."""
        self._held: tuple[Sequence[E.Event], int] | None = None
        """A computer's draw, written with its next move."""

    def add(self, events: Sequence[E.Event], seat: int | None, drawn_phase: bool,
            why: str | None = None) -> None:
        """Log what `seat`'s action did, from the events as the player saw them (the
        player's view's record: others' drawn cards are not there). `drawn_phase`: the
        game now waits for the drawer to keep or play its card (a computer's draw is
        then held for that move). `why`: the public fact behind a computer's move
        against the player ('you are down to two cards'), said after the move."""
        held, self._held = self._held, None
        if held is not None:
            if seat == held[1]:
                events = [*held[0], *events]
            else:
                self._write(*held)
        if (drawn_phase and seat is not None and seat != HUMAN and len(events) == 1
                and isinstance(events[0], E.Drew) and events[0].reason == "draw"):
            self._held = (events, seat)
            return
        self._write(events, seat, why)

    def _write(self, events: Sequence[E.Event], seat: int | None, why: str | None = None) -> None:
        if any(isinstance(event, E.RoundStarted) for event in events):
            self.rounds.append(len(self.lines))
        line = self.words.line(events)
        if not line:
            return
        if why:  # right after the move it explains, before what the move did to others
            move, sep, rest = line[:-1].partition(" — ")
            line = f"{move}, {why}{sep}{rest}{line[-1]}"
        self._short.append((seat, self.words.short(events, seat)))
        self.note(line)

    def coach_note(self, line: str) -> None:
        """Write the coach's note on a move of the player's: in the log, and whole in the
        digest of what happened since their last move (a note there is news they must
        not miss, however crowded the strip)."""
        self._short.append((None, line))
        self.note(line)

    def note(self, line: str) -> None:
        """Write a line (also one that no move made), keeping the last `LOG_KEEP` and the
        round headings' places with them."""
        self.lines.append(line)
        self.logged += 1
        excess = len(self.lines) - LOG_KEEP
        if excess > 0:
            del self.lines[:excess]
            self.rounds = [n - excess for n in self.rounds if n >= excess]

    def take_back(self, logged: int, rounds: tuple[int, ...]) -> None:
        """Forget the lines written since the log's count was `logged` (a move taken
        back, with all that followed it); the round headings as they were then."""
        drop = min(max(self.logged - logged, 0), len(self.lines))
        if drop:
            del self.lines[len(self.lines) - drop:]
        self.logged -= drop
        self.rounds = [n for n in rounds if n < len(self.lines)]
        self._held = None
        self.mine()

    def mine(self) -> None:
        """The player moved (or a new round was dealt): 'since your turn' starts again."""
        self._mine_at = self.logged
        self._short.clear()

    def since_mine(self) -> list[str]:
        """The lines written since the player's own last move."""
        count = min(self.logged - self._mine_at, len(self.lines))
        return self.lines[len(self.lines) - count:] if count > 0 else []

    def digest(self) -> str:
        """Everything since the player's own last move in one short paragraph, each
        player's moves together: 'Since your turn: Lily ● 4 · Max drew 1, passed · …'; from a
        deal, the deal first instead: 'Round 2 dealt, Red 5 turned up · Lily ● 4 · …'."""
        groups: list[tuple[int | None, list[str]]] = []
        for seat, phrase in self._short:
            if not phrase:
                continue
            if groups and groups[-1][0] == seat and seat is not None:
                groups[-1][1].append(phrase)
            else:
                groups.append((seat, [phrase]))
        parts = [(f"{self.words.name(seat)} " if seat is not None else "") + ", ".join(phrases)
                 for seat, phrases in groups]
        if self._dealt_since_mine():
            return " · ".join(parts)  # no turn of the player's yet: it starts at the deal
        return "Since your turn: " + " · ".join(parts)

    def _dealt_since_mine(self) -> bool:
        """The digest starts with a round's deal: 'since your turn' would name a turn the
        player has not had in this round (a newcomer read it so at the first deal)."""
        first = next((phrase for _, phrase in self._short if phrase), "")
        return re.match(r"Round \d+ dealt", first) is not None

    def story(self, round_now: int) -> list[tuple[int, list[str]]]:
        """The whole log by round: (round, its lines), oldest first, `round_now` the last.

        Lines before the first round heading kept (trimmed, or an older save's, which
        kept no headings) go under round 0, 'Earlier', unless the match is in round 1."""
        lines = self.lines
        starts = [n for n in self.rounds if 0 <= n < len(lines)]
        chapters = []
        first = round_now - len(starts) + 1
        if not starts or starts[0] > 0:
            chapters.append((0 if starts or round_now > 1 else 1,
                             lines[:starts[0] if starts else len(lines)]))
        for i, start in enumerate(starts):
            stop = starts[i + 1] if i + 1 < len(starts) else len(lines)
            chapters.append((first + i, lines[start:stop]))
        return [(number, chapter) for number, chapter in chapters if chapter]
