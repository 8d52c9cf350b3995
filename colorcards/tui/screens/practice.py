"""Practice: your own costly moments, back until you find the better move.

Each exercise shows the table as you saw it then, with the table's own widgets: the
opponents' tags round the ring with their counts, the pile (and the colour to match),
the log's last lines, the control bar and your hand. Only what the kept view holds is
drawn, and it holds your own hand alone. You choose a move as at the table: a card with
←/→ and Enter, its number key or a click (a Wild asks its colour), D to draw (or a
click on the pile), P to pass or keep a card just drawn. The coach's answer, weighed
beforehand in the background, is looked up at once: as good as its choice, in between,
or clearly costly, with the chances in the review's words. The schedule
(session/exercises.py) brings it back: a costly answer in ten minutes, a good one later
and later.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from ...engine import ACCEPT, CHALLENGE, COLOURS, DRAW, PASS, Action, Card, Catch, Colour, Play
from ...session.exercises import Item, answer_words, good
from ...session.keys import bar_keys, key
from ...session.palette import card_name, colour_name, marks, unicode_ok
from ...session.wording import ascii_text
from ...store import exercises
from ..plain import Plain
from ..presenter import RingIds, compose_ring, show_view
from ..widgets import ControlBar, DrawPile, GameLog, Hand
from .common import LEVEL_TITLES
from .go import Back, Host

Answered = Callable[[Item, Action, str], Item]
"""Keeps an answer (the store's `answered`): the item as scheduled after it."""

PLACE = {"name": "practice", "label": "Practice", "key": "p", "title": 4}
"""On the title (the registry, screens/__init__.py)."""


def show(app: Host, back: Back) -> None:
    """Practice: the exercises due now."""
    store = app.store
    exercises.sync(store)

    def answered(item: Item, action: Action, grade: str) -> Item:
        return exercises.answered(store, item, grade, app.now())

    app.push_screen(PracticeScreen(exercises.due(store, app.now()), answered,
                                   waiting=lambda: exercises.due(store, app.now())),
                    lambda _: back())

RING_IDS = RingIds(middle="practice-middle", left="practice-left", centre="practice-centre",
                   top="practice-top", ring="practice-ring", right="practice-right",
                   tag="ptag-")
"""The ring's boxes in an exercise (looking_back.tcss styles them)."""

_ARROWS = "←→" if unicode_ok() else "Left/Right"

_OTHER: dict[str, Callable[[Action], bool]] = {
    "draw": lambda a: a is DRAW,
    "pass_turn": lambda a: a is PASS,
    "accept": lambda a: a is ACCEPT,
    "challenge": lambda a: a is CHALLENGE,
    "catch": lambda a: isinstance(a, Catch),
}
"""The control bar's actions that are not a card, and the option each one chooses."""


class _Table(Vertical):
    """The opponents' tags round the ring, for one table's seats (made again when an
    exercise of another table comes)."""

    def __init__(self, names: list[str], level: str) -> None:
        super().__init__(id="practice-table")
        self.names = names
        self.level = level

    def compose(self) -> ComposeResult:
        yield from compose_ring(RING_IDS, self.names, self.level)


class PracticeScreen(Screen[None]):
    """The exercises due, one after another (Escape: back)."""

    CSS_PATH = Path(__file__).with_name("looking_back.tcss")
    BINDINGS = [
        Binding("left", "move(-1)", "Card", key_display=_ARROWS),
        Binding("right", "move(1)", "Card", show=False),
        Binding("enter,space", "play_selected", "Play", key_display="Enter/1-9"),
        *(Binding(str(n), f"pick({n})", f"Card {n}", show=False) for n in range(1, 10)),
        Binding("d", "draw", "Draw", show=False),
        Binding("p", "pass_turn", "Pass", show=False),
        Binding("a", "accept", "Accept", show=False),
        Binding("x", "challenge", "Challenge", show=False),
        Binding("c", "catch", "Catch", show=False),
        Binding("n", "next", "Next exercise", key_display="N"),
        Binding("escape,q", "back", "Back", key_display="Esc"),
    ]

    def __init__(self, due: list[Item], answered: Answered, palette: str = "classic",
                 waiting: Callable[[], list[Item]] | None = None,
                 weighing: bool = True) -> None:
        super().__init__()
        self.weighing = weighing
        """Whether the coach weighs the exercises' moves meanwhile (the background
        reviews); False for an exported file's, whose answers are all it will have."""
        self.queue = list(due)
        """The exercises due, the longest due first."""
        self.answered = answered
        self.palette = palette
        self.ascii_only = not unicode_ok()
        self.refresh_due = waiting
        """Reads the due exercises again (one still being weighed may be ready now)."""
        self.item: Item | None = None
        self.done = 0
        self.open = False
        """The exercise in view waits for a move (weighed, and not answered yet)."""
        self.last: str | None = None
        """The words of the last answer (tests read them)."""
        self._seated = self._seating(self.queue[0]) if self.queue else ((), "")
        """The names and level the ring was made for."""

    def compose(self) -> ComposeResult:
        item = self.queue[0] if self.queue else None
        names = item.names() if item is not None else ["You"]
        level = item.level if item is not None else "normal"
        yield Plain(id="practice-heading")
        # The ring is made for the first exercise's table; `_next` makes it again for an
        # exercise of another table (seats, names, level).
        yield _Table(names, level)
        yield GameLog(ascii_only=self.ascii_only, id="practice-log")
        with VerticalScroll(id="practice-answer-box", can_focus=False):
            yield Plain(id="practice-answer")
        yield ControlBar(id="practice-controls")
        yield Hand(palette=self.palette, ascii_only=self.ascii_only, id="practice-hand")
        yield Footer()

    def on_mount(self) -> None:
        self._next()

    def on_resize(self) -> None:
        self._answering(self.shows_answer)

    @property
    def shows_answer(self) -> bool:
        """The exercise in view was answered: its answer is shown."""
        return self.query_one("#practice-answer-box").has_class("-answered")

    def _answering(self, answered: bool) -> None:
        """Answered, the answer (and the review's words) takes the room the log and the
        bar leave, and under 32 rows the table's too (the hand stays: the answer names its
        cards), scrolled with ↑ ↓: beside the table it was cut mid-sentence at 80×24."""
        box = self.query_one("#practice-answer-box")
        box.set_class(answered, "-answered")
        box.can_focus = answered  # (else it takes the focus, and ← → with it, from the hand)
        for widget in (self.query_one(GameLog), self.query_one(ControlBar)):
            widget.display = not answered and self.item is not None
        for table in self.query(_Table):  # (none for a moment while it is made again)
            table.display = self.item is not None and not (
                answered and self.app.size.height < 32)
        self.refresh_bindings()

    # ------------------------------------------------------------ drawing

    @staticmethod
    def _seating(item: Item) -> tuple[tuple[str, ...], str]:
        return tuple(item.names()), item.level

    async def _reseat(self, item: Item) -> None:
        """Make the ring again for an exercise of another table (seats, names, level)."""
        seating = self._seating(item)
        if seating == self._seated:
            return
        self._seated = seating
        await self.query_one(_Table).remove()
        await self.mount(_Table(item.names(), item.level), before=self.query_one(GameLog))
        self._show(item)

    def _say(self, text: str) -> None:
        self.query_one("#practice-answer", Static).update(
            marks(ascii_text(text) if self.ascii_only else text))

    def _next(self) -> None:
        self.item = self.queue.pop(0) if self.queue else None
        self.open = False
        self._answering(False)
        heading = self.query_one("#practice-heading", Static)
        item = self.item
        table = (self.query_one(_Table), self.query_one("#practice-log"),
                 self.query_one(ControlBar), self.query_one(Hand))
        if item is None:
            heading.update(marks("Practice · nothing due"
                                 + (f" · {self.done} done" if self.done else "")))
            for widget in table:
                widget.display = False
            self._say("Nothing is due. Costly moments of your reviewed games come back here "
                      "as exercises: finish a game and let the review weigh it, or come "
                      "back later. Esc: back.")
            return
        for widget in table:
            widget.display = True
        self._heading(due=len(self.queue) + 1)
        if self._seating(item) != self._seated:
            self.run_worker(self._reseat(item), exclusive=True)
        else:
            self._show(item)

    def _heading(self, due: int) -> None:
        """'Practice · 1 due · turn 5 · computers at Hard · the table as you saw it': the
        exercise in view is due until it is answered."""
        item = self.item
        assert item is not None
        level = LEVEL_TITLES.get(item.level, item.level.title())
        done = f" · {self.done} done" if self.done else ""
        self.query_one("#practice-heading", Static).update(marks(
            f"Practice · {due} due{done} · turn {item.turn} · computers at {level} · the "
            "table as you saw it"))

    def _show(self, item: Item) -> None:
        """The exercise's table: the ring and tags, the log, the bar and the hand."""
        seen = item.seen()
        names = item.names()
        show_view(self, RING_IDS, seen, names.__getitem__, scores=any(seen.scores),
                  palette=self.palette, ascii_only=self.ascii_only, rules=item.rules())
        log = self.query_one(GameLog)
        log.reset()  # another exercise: another game's log
        log.show(item.log(self.palette, count=12))
        hand = self.query_one(Hand)
        cards = tuple(item.hand())
        hand.cards = cards
        playable = {a.card for a in item.moves() if isinstance(a, Play)}
        hand.playable = frozenset(playable)
        chosen = [i for i, c in enumerate(cards) if c in playable]
        if seen.drawn is not None and seen.drawn in cards:
            hand.selected = len(cards) - 1 - cards[::-1].index(seen.drawn)
        else:
            hand.selected = chosen[0] if chosen else 0
        self._controls(item, enabled=item.ready)
        # Laid out, the bar knows its width: the keys not usable now are shown dim too.
        self.call_after_refresh(self._controls, item, item.ready)
        if not item.ready:
            self._say("The coach is still weighing this exercise's moves in the background; "
                      "it will be ready soon. N: the next one." if self.weighing else
                      "The file does not hold the coach's answers to this exercise, so it "
                      "cannot be answered here. N: the next one.")
            return
        self.open = True
        self.refresh_bindings()
        hand.focus()
        self._say(self._prompt(item))

    def _controls(self, item: Item, enabled: bool) -> None:
        rules = item.rules()
        if rules is None:
            self.query_one(ControlBar).display = False
            return
        seen = item.seen()
        moves = item.moves()
        lit = {name for name, wanted in _OTHER.items()
               if enabled and any(wanted(a) for a in moves)}
        labels = {}
        if seen.drawn is not None:
            labels["pass_turn"] = "Keep it"
        if seen.pending:
            labels["draw"] = f"Draw {seen.pending} cards"
        self.query_one(ControlBar).show(bar_keys(rules), lit, labels)

    def _prompt(self, item: Item) -> str:
        """What to do, in the table's words: the pile, a penalty, a card just drawn."""
        seen = item.seen()
        pile = card_name(seen.top, self.palette)
        if seen.top.is_wild and seen.active_colour is not None:
            pile += f", {colour_name(seen.active_colour, self.palette)} to match"
        if seen.drawn is not None:
            ask = (f"You have just drawn {card_name(seen.drawn, self.palette)}: play it "
                   f"(Enter) or keep it ({key('pass_turn')}).")
        elif seen.pending:
            ask = (f"A penalty of {seen.pending} cards faces you: play a card on it or "
                   f"{key('draw')} to take them.")
        else:
            ask = f"Play a card ({_ARROWS} and Enter, its number or a click)"
            ask += f" or {key('draw')} to draw." if DRAW in item.moves() else "."
        return f"Find the better move. On the pile: {pile}. {ask}"

    # ------------------------------------------------------------ choosing

    def _card_options(self, card: Card) -> list[Play]:
        return [a for a in self.item.moves() if isinstance(a, Play) and a.card == card] \
            if self.item is not None else []

    def _refuse(self, text: str) -> None:
        self.app.bell()
        self._say(f"{text} {self._prompt(self.item)}" if self.item is not None else text)

    def play_index(self, index: int) -> None:
        """The card at `index` of the hand chosen (a Wild asks its colour first)."""
        if not self.open or self.item is None:
            return
        hand = self.query_one(Hand)
        cards = hand.cards
        if not 0 <= index < len(cards):
            self._refuse(f"You hold only {len(cards)} cards.")
            return
        hand.selected = index
        card = cards[index]
        found = self._card_options(card)
        if not found:
            self._refuse(f"{card_name(card, self.palette)} cannot be played now.")
            return
        if len(found) == 1 and found[0].colour is None:
            self.choose(found[0])
            return
        self._ask_colour(card, {a.colour: a for a in found if a.colour is not None})

    def _ask_colour(self, card: Card, by_colour: dict[Colour, Play]) -> None:
        """The table's colour chooser for a Wild; Escape keeps the Wild unplayed."""
        from .chooser import ColourChooser

        assert self.item is not None
        rest = list(self.item.hand())
        rest.remove(card)
        held = Counter(c.colour for c in rest if c.colour is not None)
        counts = {colour: held.get(colour, 0) for colour in COLOURS}

        def chosen(colour: Colour | None) -> None:
            if colour is not None and colour in by_colour and self.open:
                self.choose(by_colour[colour])

        self.app.push_screen(ColourChooser(counts, self.palette, cancellable=True), chosen)

    def choose(self, action: Action) -> str:
        """Answer the exercise with `action`: the coach's answer, looked up."""
        item = self.item
        assert item is not None
        palette = self.palette
        words = answer_words(item, action, lambda c: card_name(c, palette),
                             lambda c: colour_name(c, palette))
        found = item.answer(action)
        grade = found.grade if found is not None else "between"
        self.item = self.answered(item, action, grade)
        self.open = False
        self.refresh_bindings()
        self.done += 1
        self.last = words
        self._controls(item, enabled=False)
        self.query_one(Hand).playable = frozenset()
        review = f"\n\nThe review said: {item.words}" if item.words else ""
        mark = ("+ " if good(found) else "x ") if self.ascii_only else \
            ("✓ " if good(found) else "✗ ")
        self._heading(due=len(self.queue))
        self._answering(True)
        box = self.query_one("#practice-answer-box", VerticalScroll)
        box.scroll_home(animate=False)
        box.focus()  # ↑ ↓ PgUp PgDn read on
        self._say(mark + words + review + "\n\nN: next exercise · ↑↓ read · Esc: back")
        return words

    def _other(self, name: str) -> None:
        """D, P, A, X or C (or a click on the bar): the option that key stands for."""
        if not self.open or self.item is None:
            return
        found = [a for a in self.item.moves() if _OTHER[name](a)]
        if not found:
            self._refuse("That is not a move you could make here.")
            return
        self.choose(found[0])

    # ------------------------------------------------------------ keys and clicks

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The table's keys are offered (and shown in the footer) only while an exercise
        waits for a move."""
        if action in ("next", "back"):
            return True
        return self.open


    def action_move(self, step: int) -> None:
        hand = self.query_one(Hand)
        if self.open and hand.cards:
            hand.selected = max(0, min(len(hand.cards) - 1, hand.selected + step))

    def action_play_selected(self) -> None:
        self.play_index(self.query_one(Hand).selected)

    def action_pick(self, number: int) -> None:
        self.play_index(number - 1)

    def on_hand_card_clicked(self, message: Hand.CardClicked) -> None:
        message.stop()
        self.play_index(message.index)

    def on_draw_pile_clicked(self, message: DrawPile.Clicked) -> None:
        message.stop()
        self.action_draw()

    def action_draw(self) -> None:
        item = self.item
        if item is not None and item.seen().pending and any(a is ACCEPT for a in item.moves()):
            self._other("accept")
        else:
            self._other("draw")

    def action_pass_turn(self) -> None:
        self._other("pass_turn")

    def action_accept(self) -> None:
        self._other("accept")

    def action_challenge(self) -> None:
        self._other("challenge")

    def action_catch(self) -> None:
        self._other("catch")

    def action_next(self) -> None:
        if not self.queue and self.refresh_due is not None:
            seen = self.item
            self.queue = [i for i in self.refresh_due()
                          if seen is None or (i.game_id, i.index) != (seen.game_id, seen.index)]
        self._next()

    def action_back(self) -> None:
        self.dismiss(None)

