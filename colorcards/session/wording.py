"""The table's log in words: one line for what one action caused.

Every sentence is written here from templates that know whether it speaks of the
player ("you miss a turn", "you were bluffing and draw 4") or of a computer ("Lily
misses a turn"): the player is never named "You" and mended afterwards. Colours take
the palette's names. Lines are written with Unicode shapes and punctuation;
`ascii_text` gives the same line in plain ASCII for terminals without Unicode.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..engine import HUMAN_SEAT as HUMAN
from ..engine import Card, Colour, Rank, Rules, turns
from ..engine import events as E
from ..engine.describe import answer_words
from .palette import card_name, colour_name, glyph


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """'1 point', '2 points', '0 points': a count with its noun agreeing."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


class Words:
    """Sentences about the table, for the player in seat 0.

    `names` are the seats' names (seat 0's is never used: the player is "you"); `rules`
    the table's (what may pass a penalty on is said as they allow; default: the default
    rules)."""

    def __init__(self, names: Sequence[str], palette: str = "classic",
                 rules: Rules | None = None):
        self.names = list(names)
        """The seats' names, in seat order."""
        self.palette = palette
        """The palette whose colour names are used ('classic' or 'gems')."""
        self.rules = rules or Rules()
        """The table's rules."""
        self._templates: dict[type, Callable[[Any, bool], str]] = {
            E.RoundStarted: self._round_started, E.Turned: self._turned,
            E.Played: self._played, E.ColourNamed: self._colour_named, E.Drew: self._drew,
            E.Skipped: self._skipped, E.Reversed: self._reversed,
            E.PenaltyPending: self._penalty_pending, E.Passed: self._passed,
            E.CalledLastCard: self._called, E.MissedLastCard: self._missed_call,
            E.Caught: self._caught, E.WindowClosed: self._window_closed,
            E.Challenged: self._challenged, E.TimedOut: self._timed_out,
            E.Reshuffled: self._reshuffled, E.WentOut: self._went_out,
            E.RoundEnded: self._round_ended, E.MatchEnded: self._match_ended,
        }

    # ---------------------------------------------------------------- pieces

    def name(self, seat: int) -> str:
        """A seat's name as a label ('You' for the player)."""
        return "You" if seat == HUMAN else self.names[seat]

    def who(self, seat: int, first: bool = False) -> str:
        """The seat as the subject or object of a sentence: 'you' ('You' first), or its name."""
        if seat == HUMAN:
            return "You" if first else "you"
        return self.names[seat]

    @staticmethod
    def verb(seat: int, yours: str, theirs: str) -> str:
        """The verb as it agrees with the seat: 'miss' for you, 'misses' for Lily."""
        return yours if seat == HUMAN else theirs

    def card(self, card: Card) -> str:
        """The card by the palette's names: 'Ruby 7', 'Wild Draw Four'."""
        return card_name(card, self.palette)

    def colour(self, colour: Colour) -> str:
        """A named colour with its shape: 'Red ●'."""
        return f"{colour_name(colour, self.palette)} {glyph(colour, False)}"

    # ---------------------------------------------------------------- lines

    def line(self, events: Sequence[E.Event]) -> str:
        """One log line for the events one action caused ('' for none).

        Sentences are joined with ' — '; a card drawn for a missed call follows the
        call or the catch in the same sentence instead of repeating why."""
        parts: list[str] = []
        index = 0
        while index < len(events):
            event = events[index]
            after = events[index + 1] if index + 1 < len(events) else None
            first = not parts
            if (isinstance(event, (E.MissedLastCard, E.Caught)) and isinstance(after, E.Drew)
                    and after.reason == "last-card" and after.seat == event.seat):
                parts.append(self._missed_and_drew(event, after, first))
                index += 2
                continue
            if (isinstance(event, E.Challenged) and isinstance(after, E.Drew)
                    and after.reason == "challenge"):
                parts.append(self._challenged(event, first, drew=after))
                index += 2
                continue
            if (isinstance(event, E.Drew) and event.reason == "draw"
                    and isinstance(after, E.Passed) and after.seat == event.seat):
                parts.append(self._drew_and_passed(event, first))
                index += 2
                continue
            if (isinstance(event, E.Drew) and event.reason == "draw" and event.count == 1
                    and isinstance(after, E.Played) and after.seat == event.seat):
                parts.append(f"{self.who(event.seat, first)} drew a card and "
                             + self._played(after, False).split(" ", 1)[1])
                index += 2
                continue
            if isinstance(event, E.PenaltyPending):
                played = [e for e in events[:index] if isinstance(e, E.Played)]
                parts.append(self._penalty_pending(event, first, played[-1] if played else None))
                index += 1
                continue
            if isinstance(event, E.WindowClosed) and parts:
                index += 1  # closed by the call or the catch just said: nothing to add
                continue
            if isinstance(event, E.TimedOut) and isinstance(after, E.Drew) \
                    and after.seat == event.seat:
                parts.append(self._timed_out(event, first, drew=after))
                index += 2
                continue
            parts.append(self.sentence(event, first))
            index += 1
        if not parts:
            return ""
        text = " — ".join(part.rstrip(".") for part in parts)
        return text if text.endswith("!") else text + "."

    def short(self, events: Sequence[E.Event], actor: int | None = None) -> str:
        """What one action did in a few words, without the name of the seat that acted
        (a digest puts it in front of that seat's moves): '● 4', 'drew 1, passed',
        '● Skip, you miss a turn'. A Last Card call is left out: the seat's tag shows it."""
        phrases: list[str] = []
        for event in events:
            if (isinstance(event, E.Drew) and event.reason == "last-card" and phrases
                    and phrases[-1].startswith(("caught", "didn't call"))):
                phrases[-1] += f" +{event.count}"  # the cards a missed call cost
                continue
            phrase = self._short_phrase(event, actor)
            if phrase:
                phrases.append(phrase)
        return ", ".join(phrases)

    def _short_phrase(self, e: E.Event, actor: int | None) -> str:
        if isinstance(e, E.Played):
            text = f"{glyph(e.card.colour, False)} {e.card.rank.title}"  # a name, not a mark
            return text + (f" → {self.colour(e.colour)}" if e.colour is not None else "")
        if isinstance(e, E.Drew):
            if e.seat == actor:
                return f"drew {e.count}"
            return f"{self.who(e.seat)} {self.verb(e.seat, 'draw', 'draws')} {e.count}"
        if isinstance(e, E.Passed):
            return "passed" if e.seat == actor else f"{self.who(e.seat)} passed"
        if isinstance(e, E.Skipped):
            return f"{self.who(e.seat)} {self.verb(e.seat, 'miss', 'misses')} a turn"
        if isinstance(e, E.Reversed):
            return "reversed"
        if isinstance(e, E.PenaltyPending):
            return f"+{e.total} on {self.who(e.seat)}"
        if isinstance(e, E.MissedLastCard):
            return "didn't call"
        if isinstance(e, E.Caught):
            return f"caught {self.who(e.seat)}"
        if isinstance(e, E.Challenged):
            loser = e.seat if e.bluff else e.challenger
            return (f"challenged: {self.who(loser)} {self.verb(loser, 'draw', 'draws')} "
                    f"{_challenge_cost(e.bluff)}")
        if isinstance(e, E.TimedOut):
            return "ran out of time"
        if isinstance(e, E.ColourNamed):
            return f"named {self.colour(e.colour)}"
        if isinstance(e, E.RoundStarted):
            return f"Round {e.round} dealt"
        if isinstance(e, E.Turned):
            return "" if e.returned else f"{self.card(e.card)} turned up"
        if isinstance(e, (E.CalledLastCard, E.WindowClosed, E.Reshuffled)):
            return ""
        return self.sentence(e).rstrip(".")

    def knows(self, kind: type) -> bool:
        """Whether this table has its own words for events of `kind`."""
        return kind in self._templates

    def sentence(self, event: E.Event, first: bool = True) -> str:
        """One event in words, as the player may know it."""
        return self._templates[type(event)](event, first)

    # ---------------------------------------------------------------- templates

    def _round_started(self, e: E.RoundStarted, first: bool) -> str:
        return f"Round {e.round}: {self.who(e.dealer)} dealt seven cards each"

    def _turned(self, e: E.Turned, first: bool) -> str:
        card = self.card(e.card)
        if e.returned:
            return f"{card} was turned up and went back into the pile"
        return f"{card} was turned up to start the pile"

    def _played(self, e: E.Played, first: bool) -> str:
        text = f"{self.who(e.seat, first)} played {self.card(e.card)}"
        if e.colour is not None:
            text += f" and named {self.colour(e.colour)}"
        return text

    def _colour_named(self, e: E.ColourNamed, first: bool) -> str:
        return f"{self.who(e.seat, first)} named {self.colour(e.colour)}"

    def _drew(self, e: E.Drew, first: bool) -> str:
        what = "a card" if e.count == 1 else f"{e.count} cards"
        why = {"last-card": " for not calling Last Card",
               "challenge": " after the challenge"}.get(e.reason, "")
        text = f"{self.who(e.seat, first)} drew {what}{why}"
        return text + self._cards(e)

    def _drew_and_passed(self, e: E.Drew, first: bool) -> str:
        """A draw that could not be played, and the pass that followed, as one sentence."""
        if e.seat == HUMAN and e.cards:
            cards = ", ".join(self.card(card) for card in e.cards)
            return f"{self.who(e.seat, first)} drew {cards} and passed"
        what = "a card" if e.count == 1 else f"{e.count} cards"
        return f"{self.who(e.seat, first)} drew {what} and passed"

    def _cards(self, e: E.Drew) -> str:
        """': Red 4, Blue 1' for the player's own draw (the others' cards are not shown)."""
        if e.seat != HUMAN or not e.cards:
            return ""
        return ": " + ", ".join(self.card(card) for card in e.cards)

    def _skipped(self, e: E.Skipped, first: bool) -> str:
        return f"{self.who(e.seat, first)} {self.verb(e.seat, 'miss', 'misses')} a turn"

    def _reversed(self, e: E.Reversed, first: bool) -> str:
        return "Play now goes " + ("clockwise" if e.direction == 1 else "anticlockwise")

    def _penalty_pending(self, e: E.PenaltyPending, first: bool,
                         played: E.Played | None = None) -> str:
        """'Lily must draw 4 or pass them on with a Wild Draw Four': the cards that may
        answer the draw card just `played` by name, as the engine's rules say
        (`describe.answer_words`; RULES.md §4, stacking)."""
        who = self.who(e.seat, first)
        if played is None:
            return f"{who} must draw {e.total} or pass them on"
        colour = played.colour or played.card.colour
        answers = answer_words(played.card.rank, self.rules.stacking,
                               self.colour(colour) if colour is not None else "the colour named")
        if not answers:
            return f"{who} must draw {e.total}"
        own = "your" if e.seat == HUMAN else "their"
        return f"{who} must draw {e.total} or pass them on with {answers} of {own} own"

    def _passed(self, e: E.Passed, first: bool) -> str:
        return f"{self.who(e.seat, first)} passed"

    def _called(self, e: E.CalledLastCard, first: bool) -> str:
        return f"{self.who(e.seat, first)} called Last Card!"

    def _missed_call(self, e: E.MissedLastCard, first: bool) -> str:
        return (f"{self.who(e.seat, first)} {self.verb(e.seat, 'are', 'is')} down to one card "
                "and did not call Last Card!")

    def _missed_and_drew(self, e: E.MissedLastCard | E.Caught, drew: E.Drew,
                         first: bool) -> str:
        """The missed call and its two cards, said once."""
        what = "a card" if drew.count == 1 else f"{drew.count} cards"
        seat = drew.seat
        if isinstance(e, E.Caught):
            start = (f"{self.who(e.catcher, first)} caught {self.who(seat)} without a "
                     f"Last Card call: {self.who(seat)} {self.verb(seat, 'draw', 'draws')} {what}")
        else:
            start = (f"{self.who(seat, first)} did not call Last Card and "
                     f"{self.verb(seat, 'draw', 'draws')} {what}")
        return start + self._cards(drew)

    def _caught(self, e: E.Caught, first: bool) -> str:
        return f"{self.who(e.catcher, first)} caught {self.who(e.seat)} without a Last Card call!"

    def _window_closed(self, e: E.WindowClosed, first: bool) -> str:
        """The window's time ran out with the call still missing. The player who forgot
        can still be caught until the next move (RULES.md §5), so this never says that
        nobody caught them: a catch may follow."""
        seat = e.seat
        return (f"{self.who(seat, first)} still {self.verb(seat, 'have', 'has')} not called "
                f"Last Card: {self.who(seat)} can be caught until "
                "the next move")

    def _challenged(self, e: E.Challenged, first: bool, drew: E.Drew | None = None) -> str:
        challenger, seat = e.challenger, e.seat
        if e.bluff:
            text = (f"{self.who(challenger, first)} challenged: {self.who(seat)} "
                    f"{self.verb(seat, 'were', 'was')} bluffing and "
                    f"{self.verb(seat, 'draw', 'draws')} "
                    f"{drew.count if drew else _challenge_cost(True)}")
        else:
            text = (f"{self.who(challenger, first)} challenged, but {self.who(seat)} played "
                    f"it fairly: {self.who(challenger)} "
                    f"{self.verb(challenger, 'draw', 'draws')} "
                    f"{drew.count if drew else _challenge_cost(False)}")
        return text + (self._cards(drew) if drew is not None else "")

    def _timed_out(self, e: E.TimedOut, first: bool, drew: E.Drew | None = None) -> str:
        text = f"{self.who(e.seat, first)} ran out of time"
        if drew is not None:
            what = "a card" if drew.count == 1 else f"{drew.count} cards"
            text += f" and drew {what}" + self._cards(drew)
        return text

    def _reshuffled(self, e: E.Reshuffled, first: bool) -> str:
        return f"The pile was shuffled into a new deck of {counted(e.count, 'card')}"

    def _went_out(self, e: E.WentOut, first: bool) -> str:
        if e.place == 1:
            return (f"{self.who(e.seat, first)} went out and "
                    f"{self.verb(e.seat, 'win', 'wins')} the round!")
        return f"{self.who(e.seat, first)} went out in place {e.place}"

    def _round_ended(self, e: E.RoundEnded, first: bool) -> str:
        if e.winner is None:
            return f"Round {e.round} ended in a stalemate: nobody could play or draw"
        return (f"Round {e.round} is over: {self.who(e.winner)} "
                f"{self.verb(e.winner, 'score', 'scores')} {counted(e.points, 'point')}")

    def _match_ended(self, e: E.MatchEnded, first: bool) -> str:
        if not e.winners:
            return "The game is over with no winner"
        if e.winners == (HUMAN,):
            return "The game is over: you win!"
        names = " and ".join(self.who(seat) for seat in e.winners)
        return f"The game is over: {names} {'wins' if len(e.winners) == 1 else 'share the win'}!"


def _challenge_cost(bluff: bool) -> int:
    """What a challenge costs its loser: the Wild Draw Four's own draw for a bluff, or
    a lost challenge's (`turns`)."""
    return turns.DRAWS[Rank.WILD_DRAW_FOUR] if bluff else turns.CHALLENGE_LOST


_ASCII = {
    "●": "o", "■": "#", "▲": "^", "◆": "*",
    "—": "-", "–": "-", "…": "...", "·": "-", "×": "x", "★": "*", "✔": "v", "✓": "v",
    "⏎": "Enter", "⏱": "Time", "←": "<-", "→": "->", "↻": "<-", "↺": "->", "⇧": "Shift+",
    "▶": ">", "◀": "<", "‹": "<", "›": ">", "’": "'", "‘": "'", "“": '"', "”": '"',
}


def ascii_text(text: str) -> str:
    """`text` in plain ASCII: shapes by their ASCII letters, dashes and dots spelt plainly.

    Anything else outside ASCII (there should be nothing) becomes '?', so the screen
    never shows a byte a plain terminal cannot draw."""
    if text.isascii():
        return text
    text = text.replace("←→", "<->")
    table = _ascii_table()
    return "".join(table.get(ch, ch if ch.isascii() else "?") for ch in text)


def _ascii_table() -> dict[str, str]:
    table = dict(_ASCII)
    for colour in Colour:
        table[colour.glyph] = colour.ascii
    table[glyph(None, False)] = glyph(None, True)
    return table
