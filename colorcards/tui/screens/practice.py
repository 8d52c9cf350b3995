"""Practice: your own costly moments, back until you find the better move.

Each exercise shows the table as you saw it then: your hand, the pile (and the colour to
match), every seat's count, what was played last. Only what the kept view holds is
drawn, and it holds your own hand alone. You choose a move (arrows and Enter, a click,
or its number), and the coach's answer, weighed beforehand in the background, is looked
up at once: as good as its choice, in between, or clearly costly, with the chances in
the review's words. The schedule (session/exercises.py) brings it back: a costly answer
in ten minutes, a good one later and later.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ...coach.words import move_verb
from ...engine import Action, parse_card
from ...session.exercises import Item, answer_words, good
from ...session.palette import card_name, colour_name, marks
from .common import LEVEL_TITLES

Answered = Callable[[Item, Action, str], Item]
"""Keeps an answer (the store's `answered`): the item as scheduled after it."""


def position_lines(item: Item, palette: str = "classic") -> list[str]:
    """The table as the player saw it, in words, from the kept view alone."""
    lines = []
    top = item.top()
    if top is not None:
        pile = card_name(top, palette)
        active = item.active()
        if top.is_wild and active is not None:
            pile += f" ({colour_name(active, palette)} to match)"
        lines.append(f"On the pile: {pile}.")
    counts = item.counts()
    names = item.names()
    if counts:
        lines.append("Cards in hand: " + ", ".join(
            f"{'You' if s == 0 else names[s]} {n}" for s, n in enumerate(counts)) + ".")
    pending = int(item.position.get("pending") or 0)
    if pending:
        lines.append(f"A penalty of {pending} cards is waiting.")
    hand = item.hand()
    lines.append("Your hand: " + ", ".join(card_name(c, palette) for c in hand) + ".")
    drawn = item.position.get("drawn")
    if drawn:
        lines.append(f"You have just drawn {card_name(parse_card(drawn), palette)}: play it "
                     "or keep it.")
    log = item.log(palette)
    if log:
        lines.append("")
        lines.extend(f"  {line}" for line in log)
    return lines


class PracticeScreen(Screen[None]):
    """The exercises due, one after another (Escape: back)."""

    CSS_PATH = Path(__file__).with_name("looking_back.tcss")
    BINDINGS = [
        Binding("escape,q", "back", "Back", key_display="Esc"),
        Binding("n", "next", "Next exercise", key_display="N"),
    ]

    def __init__(self, due: list[Item], answered: Answered, palette: str = "classic",
                 waiting: Callable[[], list[Item]] | None = None) -> None:
        super().__init__()
        self.queue = list(due)
        """The exercises due, the longest due first."""
        self.answered = answered
        self.palette = palette
        self.refresh_due = waiting
        """Reads the due exercises again (one still being weighed may be ready now)."""
        self.item: Item | None = None
        self.done = 0
        self.last: str | None = None
        """The words of the last answer (tests read them)."""

    def compose(self) -> ComposeResult:
        with Vertical(id="practice-page"):
            yield Static(id="practice-heading", classes="heading")
            with VerticalScroll(id="practice-body"):
                yield Static(id="practice-table")
                yield OptionList(id="practice-moves")
                yield Static(id="practice-answer")
            yield Static(id="practice-keys", classes="keys")
        yield Footer()

    def on_mount(self) -> None:
        self._next()

    # ------------------------------------------------------------ drawing

    def _names(self) -> tuple[Callable, Callable]:
        palette = self.palette
        return (lambda c: card_name(c, palette)), (lambda c: colour_name(c, palette))

    def _next(self) -> None:
        self.item = self.queue.pop(0) if self.queue else None
        heading = self.query_one("#practice-heading", Static)
        table = self.query_one("#practice-table", Static)
        moves = self.query_one("#practice-moves", OptionList)
        answer = self.query_one("#practice-answer", Static)
        keys = self.query_one("#practice-keys", Static)
        answer.update("")
        moves.clear_options()
        item = self.item
        if item is None:
            heading.update(marks("Practice · nothing due"
                                 + (f" · {self.done} done" if self.done else "")))
            table.update(marks("Nothing is due. Costly moments of your reviewed games come "
                               "back here as exercises: finish a game and let the review "
                               "weigh it, or come back later."))
            moves.display = False
            keys.update(marks("Esc: back"))
            return
        level = LEVEL_TITLES.get(item.level, item.level.title())
        heading.update(marks(f"Practice · {len(self.queue) + 1} due · turn {item.turn} · "
                             f"computers at {level}"))
        table.update(marks("Find the better move: the table as you saw it.\n"
                           + "\n".join(position_lines(item, self.palette))))
        if not item.ready:
            moves.display = False
            answer.update(marks("The coach is still weighing this exercise's moves in the "
                                "background; it will be ready soon. N: the next one."))
            keys.update(marks("N: next · Esc: back"))
            return
        cards, colours = self._names()
        for n, action in enumerate(item.moves(), start=1):
            moves.add_option(Option(Text(marks(f"{n}. {move_verb(action, cards, colours)}")),
                                    id=str(n - 1)))
        moves.display = True
        moves.highlighted = 0
        moves.focus()
        keys.update(marks("Enter or a number: try that move · N: skip · Esc: back"))

    # ------------------------------------------------------------ answering

    def choose(self, action: Action) -> str:
        """Answer the exercise with `action`: the coach's answer, looked up."""
        item = self.item
        assert item is not None
        cards, colours = self._names()
        words = answer_words(item, action, cards, colours)
        found = item.answer(action)
        grade = found.grade if found is not None else "between"
        self.item = self.answered(item, action, grade)
        self.done += 1
        self.last = words
        moves = self.query_one("#practice-moves", OptionList)
        moves.display = False
        review = f"\n\nThe review said: {item.words}" if item.words else ""
        mark = "✓ " if good(found) else "✗ "
        self.query_one("#practice-answer", Static).update(marks(mark + words + review))
        self.query_one("#practice-keys", Static).update(
            marks("N: next exercise · Esc: back"))
        self.query_one("#practice-answer", Static).focus()
        return words

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if self.item is not None and event.option.id is not None:
            self.choose(self.item.moves()[int(event.option.id)])

    def on_key(self, event: events.Key) -> None:
        if event.character is not None and event.character in "123456789":
            event.stop()
            self.action_pick(int(event.character))

    def action_pick(self, number: int) -> None:
        moves = self.query_one("#practice-moves", OptionList)
        if self.item is None or not moves.display:
            return
        options = self.item.moves()
        if 1 <= number <= len(options):
            self.choose(options[number - 1])
        else:
            self.app.bell()

    def action_next(self) -> None:
        if not self.queue and self.refresh_due is not None:
            seen = self.item
            self.queue = [i for i in self.refresh_due()
                          if seen is None or (i.game_id, i.index) != (seen.game_id, seen.index)]
        self._next()

    def action_back(self) -> None:
        self.dismiss(None)

