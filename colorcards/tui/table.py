"""The table screen: the ring, the opponents round it, the hand, the log and the controls.

It builds a `GameController` for its `Seating` and hosts it (timers, a thread to think
in, a redraw after each change); it turns keys and clicks into the player's actions.
The widgets are fed from the controller after every change and never read the game.
Whatever the app must do (open the menu, show the results) the screen asks for with a
message. Anything shown over the table (keys, rules, the colour chooser, a question,
the menu) pauses the game: no clock runs and no computer plays behind it.
"""

from __future__ import annotations

import gc
import textwrap
from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static

from ..coach import Advice
from ..coach.remote import RemoteCoach
from ..coach.words import hint_words
from ..engine import (
    ACCEPT,
    CALL,
    CHALLENGE,
    DRAW,
    PASS,
    Action,
    Card,
    Catch,
    Colour,
    IllegalAction,
    Match,
    NameColour,
    Play,
    View,
    get_preset,
    play,
)
from ..session.clocks import Clock
from ..session.controller import HUMAN, GameController, TableStore, Timer
from ..session.fit import NARROWEST, SHORTEST
from ..session.keys import KEYS, bar_keys, key, move_key
from ..session.palette import colour_name, unicode_ok
from ..session.prompts import card_words, clock_text, prompt, status
from ..session.seating import Seating
from ..session.wording import ascii_text, counted
from . import memory
from .presenter import RingIds, compose_ring, show_view
from .timers import schedule_on
from .widgets import (
    ControlBar,
    DrawPile,
    GameLog,
    Hand,
    KeptStatic,
    LogStrip,
    Ring,
    StatusLine,
    TableFooter,
)
from .widgets.controls import rows_for
from .widgets.narrow import OpponentList, TapKeys, opponents

WIDE = 110
"""From this many columns the log moves to a column on the right."""
TALL = 32
"""From this many rows the log strip grows."""
ROOMY = 44
"""From this many rows (with WIDE columns) the cards are drawn larger still and the log,
under the ring, takes every row the table does not need (the column goes)."""
SAVE_DELAY = 0.1
"""Seconds after the cursor moves before its place is saved, so that the frame showing
it is drawn first (every change of play is saved before its frame: session/autosave.py).

Textual runs `call_after_refresh` callbacks as soon as the screen is idle, which after a
key comes before the widgets have asked for their redraw: a save made there would delay
the frame. A pause or quitting writes a waiting save at once."""
DRAW_AHEAD = 0.1
"""Seconds after a change to your hand or to the pile's count before what your next move
may show is drawn ahead (`_draw_ahead`): after the change's frame, as the save is (see
`SAVE_DELAY`)."""
RING_IDS = RingIds(middle="middle", left="left-tags", centre="centre", top="top-tags",
                   ring="ring", right="right-tags", tag="tag-")
"""The ring's boxes at the table (app.tcss styles them)."""
WARNING_SECONDS = 4.0
"""How long a refusal's reason stays before the prompt comes back (a move clears it sooner)."""
NARROW_LOG_ROWS = 2
"""The narrow layout's log strip: rows for the last lines of the log."""
NARROW_MOST_ROWS = 5
"""... and the most it grows to, to show whole the digest of what happened since your
turn, or a line longer than two rows."""


def bindings() -> list[BindingType]:
    """The table screen's BINDINGS."""
    return [Binding(k.keys, k.action, k.label, show=k.footer,
                    key_display=k.display if k.footer or k.bar else None)
            for k in KEYS]


class _Host:
    """The controller's host: the screen's timers, thread worker and redraws."""

    def __init__(self, screen: TableScreen):
        self.screen = screen

    def schedule(self, seconds: float, callback: Callable[[], None]) -> Timer:
        return schedule_on(self.screen.clock, self.screen, seconds, callback)

    def think(self, decide: Callable[[], Any], done: Callable[[Any], None]) -> None:
        self.screen.think(decide, done)

    def weigh(self, judge: Callable[[], Any], done: Callable[[Any], None]) -> None:
        # Once the key's own messages are handled (Textual calls this as soon as the
        # screen is idle, which is before the key's frame: see SAVE_DELAY), so that the
        # table's thread waits less often for a processor (tests/benchmarks/TUI.md).
        self.screen.call_after_refresh(self.screen.weigh_move, judge, done)

    def changed(self) -> None:
        self.screen.refresh_table()

    def round_over(self, match: bool) -> None:
        screen = self.screen
        screen.post_message(TableScreen.RoundOver(screen.controller, match))

    def name_colour(self) -> None:
        self.screen.ask_first_colour()

    def defer_save(self, save: Callable[[], None]) -> None:
        self.screen.set_timer(SAVE_DELAY, save)


class TableScreen(Screen):
    """The card table for one game."""

    class MenuRequested(Message):
        """The player pressed Escape: the app opens the menu."""

    class RoundOver(Message):
        """A round (the whole match, if `match`) is over: the app shows the results."""

        def __init__(self, controller: GameController, match: bool) -> None:
            super().__init__()
            self.controller = controller
            """The game whose round ended."""
            self.match = match
            """True when the match is over too."""

    BINDINGS = bindings()
    """Made from the key table (`keys.KEYS`), as the control bar and the help page are.
    D, P, L, C, A and X are on the control bar above the hand; the footer keeps to the
    keys that are always there, so it fits in 80 columns (in ASCII too: the app spells
    the keys `<->`, `Enter/1-9`, `Shift+<->`)."""

    def __init__(self, seating: Seating, *, store: TableStore | None = None,
                 clock: Clock | None = None, coach: RemoteCoach | None = None,
                 **pace: Any) -> None:
        super().__init__()
        self.clock = clock
        """The time the game keeps (the app's); None: this screen's timers."""
        self._host = _Host(self)
        if clock is not None:
            pace["clock"] = clock.now
        self.controller = GameController(seating, self._host, store=store, remote=coach,
                                         **pace)
        """The game being played (the tutor's judgements made in `coach`'s process)."""
        self.ascii_only = not unicode_ok()
        self.palette = self.controller.rules.palette
        self._warning: str | None = None
        self._warning_at: int = 0
        self._warning_timer: Any = None
        self._hint: Action | None = None
        self._turn_seen: object = None
        self._header_shown: str | None = None
        self._restore: str | None = self.controller.selected
        """The card the cursor was on when the game was saved, until the hand shows it."""
        self._drawn_ahead: object = None
        """The hand, the pile's count (and palette) whose next pictures were drawn ahead
        (`_draw_ahead`)."""

    # ---------------------------------------------------------------- building

    def compose(self) -> ComposeResult:
        ctl = self.controller
        names = [ctl.name(seat) for seat in range(ctl.view().seats)]
        # No boxes only to hold others: the header and the log's column are docked, the
        # rest laid out down the screen. A box round others is painted again in every
        # frame that changes anything inside it (tests/benchmarks/TUI.md).
        yield KeptStatic(id="header")
        yield OpponentList(id="opponents")  # the narrow layout's (narrow.tcss)
        yield from compose_ring(RING_IDS, names, ctl.settings.difficulty)
        yield LogStrip(ascii_only=self.ascii_only, id="log")
        yield StatusLine(id="status")
        yield ControlBar(id="controls")
        yield Hand(palette=self.palette, ascii_only=self.ascii_only, id="hand")
        yield TapKeys(id="taps")  # the narrow layout's footer
        yield GameLog(ascii_only=self.ascii_only, id="side-log")
        yield TableFooter(compact=True)

    def on_mount(self) -> None:
        if self.controller.remote is not None:
            # mostly running already (ColorCardsApp.start_coach); else started once the
            # table is drawn, so that the first H finds it as ready as it can be
            self.call_after_refresh(self.controller.remote.start)
        self._fit_to_size()
        self.set_interval(0.25, self._tick)
        if self.too_small:
            self.controller.pause()  # nothing runs until the table can be seen
        self.controller.start()
        # Python's full garbage collections walk every object the process holds (Textual,
        # the stylesheets, the table: tens of thousands), long enough to miss a frame,
        # and now and then one lands on a key. What is alive once the table is up is left
        # out of them until the table goes (the old table is gone before a new one mounts).
        memory.collect()
        gc.freeze()

    def on_unmount(self) -> None:
        self.controller.stop()
        if self._warning_timer is not None:
            self._warning_timer.stop()  # on the app's clock, it would outlive the screen
        gc.unfreeze()  # what the table held may be garbage now: collections see it again

    def on_screen_suspend(self) -> None:
        """Something is shown over the table: hold the game (not the results: it is over)."""
        if not self.controller.between_rounds:
            self.controller.pause()

    def on_screen_resume(self) -> None:
        if not self.too_small:
            self.controller.resume_play()

    def on_resize(self) -> None:
        self._fit_to_size()
        if self.app.screen is not self or self.controller.between_rounds:
            return
        if self.too_small:
            self.controller.pause()  # no clock runs, no computer plays, until it fits
        else:
            self.controller.resume_play()

    @property
    def too_small(self) -> bool:
        """The terminal cannot show the table (under NARROWEST columns, even narrow, or
        SHORTEST rows): the game waits."""
        width, height = self.app.size
        return width < NARROWEST or height < SHORTEST

    def _fit_to_size(self) -> None:
        width, height = self.app.size
        narrow = width < 80
        self.set_class(narrow, "-narrow")  # a phone held upright, a narrow pane
        self.set_class(self.too_small, "-cramped")
        self.query_one(Hand).wrap = narrow
        # Narrow, the header, the log strip and the status line take the rows their
        # words need (a prompt with the coach's note, the digest since your turn): wide,
        # the stylesheet's.
        self.query_one(StatusLine).grows = narrow
        if not narrow:
            for box in self.query("#header, #log, #status"):
                box.styles.height = None
        wide = width >= WIDE
        self.set_class(wide, "-wide")
        self.set_class(height >= TALL, "-tall")
        self.set_class(height < SHORTEST, "-short")
        large = wide and height >= TALL
        self.set_class(large, "-large")
        roomy = wide and height >= ROOMY
        self.set_class(roomy, "-roomy")
        hand = self.query_one(Hand)
        hand.large = large
        hand.roomy = roomy
        self.refresh_table()
        self.call_after_refresh(self._rewrap_logs)

    def _rewrap_logs(self) -> None:
        """RichLog wraps lines as they are written: write them again at the new width."""
        self._forget_logs()
        self._show_log()

    def _forget_logs(self) -> None:
        """The log column and the strip forget what they show: the next `_show_log`
        writes it afresh (at a new width, or without the moves taken back)."""
        for log in self.query(GameLog):
            log.reset()
        self.query_one(LogStrip).reset()

    @work(thread=True, exclusive=True, group="thinking", exit_on_error=False)
    def think(self, decide: Callable[[], Any], done: Callable[[Any], None]) -> None:
        """Computer players think in a thread so the table keeps answering keys."""
        result = decide()
        try:
            self.app.call_from_thread(done, result)
        except RuntimeError:
            # The app closed while the computer was thinking: the decision is not needed
            # (the game was saved before the computer's turn began).
            return

    @work(thread=True, group="coach", exit_on_error=False)
    def weigh_move(self, judge: Callable[[], Any], done: Callable[[Any], None]) -> None:
        """The coach weighs the player's move in a thread of its own, beside the
        computers' thinking (the table never waits for it)."""
        result = judge()
        try:
            self.app.call_from_thread(done, result)
        except RuntimeError:
            return  # the app closed meanwhile: the judgement is made again on Continue

    # ---------------------------------------------------------------- drawing

    def refresh_table(self) -> None:
        """Feed every widget from the human's view (called after every change)."""
        if not self.is_mounted:
            return
        ctl = self.controller
        view = ctl.view()
        self._header(view)
        show_view(self, RING_IDS, view, ctl.name, scores=ctl.rules.match is not Match.SINGLE,
                  palette=self.palette, ascii_only=self.ascii_only, rules=ctl.rules)
        cards = self._feed_hand(view)
        if self.has_class("-narrow"):
            self.query_one(OpponentList).show(
                opponents(view, ctl.name, ctl.rules.match is not Match.SINGLE), self.ascii_only)
            self.query_one(TapKeys).show(self.ascii_only)
        self._show_log()
        self._status(view)
        self._controls()
        ahead = (cards, view.draw_count, self.palette, self.ascii_only)
        if ahead != self._drawn_ahead:
            self._drawn_ahead = ahead
            schedule_on(self.clock, self, DRAW_AHEAD, self._draw_ahead)
        turn = ctl.turn_id()
        if turn is not None and turn != self._turn_seen and getattr(self.app, "sound", False):
            self.app.bell()
        self._turn_seen = turn

    def _draw_ahead(self) -> None:
        """After the frame (`DRAW_AHEAD`): the hand's faces, the pile's cards and the draw
        pile's count a move of yours may show next are drawn now, while the table waits,
        not in that move's frame."""
        if self.is_mounted:
            more = self.query_one(Hand).warm()
            self.query_one(Ring).warm(self.controller.hand(), self.palette, self.ascii_only)
            if more:  # the hand draws the kinds of card a group at a time
                schedule_on(self.clock, self, DRAW_AHEAD, self._draw_ahead)

    def _feed_hand(self, view: View) -> tuple[Card, ...]:
        """Give the hand its cards, what may be played and the selection; the cards."""
        ctl = self.controller
        hand = self.query_one(Hand)
        cards = tuple(ctl.hand())
        hand.cards = cards
        if self._restore is not None:  # Continue: the cursor where the player left it
            codes = [card.code for card in cards]
            if self._restore in codes:
                hand.selected = codes.index(self._restore)
            self._restore = None
        hand.playable = frozenset(ctl.playable()) if ctl.my_turn else frozenset()
        turn = ctl.turn_id()
        if turn is not None and turn != self._turn_seen and hand.playable:
            # The turn has come (back): the cursor goes to a card that can be played.
            if not (0 <= hand.selected < len(cards)) or cards[hand.selected] not in hand.playable:
                hand.selected = next(i for i, c in enumerate(cards) if c in hand.playable)
        if view.drawn is not None and view.current == HUMAN and view.drawn in cards:
            hand.selected = len(cards) - 1 - cards[::-1].index(view.drawn)
        hand.selected = max(0, min(hand.selected, len(cards) - 1))
        ctl.select(cards[hand.selected] if cards else None)
        return cards

    def _show_log(self) -> None:
        """The log column on wide terminals; the strip under the ring on the others.

        The strip shows the last lines that fit whole (a line cut at the top read as a
        sentence begun in the middle, after Continue most of all); when what happened
        since the player's own last move takes more rows than it has, it shows that in
        short instead."""
        ctl = self.controller
        if self.has_class("-wide") and not self.has_class("-roomy"):
            self.query_one("#side-log", GameLog).show(ctl.log, ctl.logged)
            return
        log = self.query_one(LogStrip)
        since = ctl.since_mine()
        narrow = self.has_class("-narrow")
        if narrow:  # the strip spans the table; its rows are set here
            width, rows = self.app.size.width - log.styles.gutter.width, NARROW_LOG_ROWS
        else:
            width = max(20, log.content_size.width or self.app.size.width - 2)
            rows = log.content_size.height or 3
        needed = sum(len(textwrap.wrap(line, width)) or 1 for line in since)
        if narrow and needed <= NARROW_MOST_ROWS:
            rows = max(rows, needed)  # what happened since your turn, whole
        if needed > rows:
            digest = [row for line in ctl.digest().splitlines()
                      for row in textwrap.wrap(line, width) or [""]]
            if narrow:  # the digest whole, on as many rows as it takes
                rows = max(rows, min(len(digest), NARROW_MOST_ROWS))
                log.styles.height = rows
            log.show_text("\n".join(digest[-rows:]))  # its end, if even that is too long
            return
        whole: list[str] = []
        used = 0
        for line in reversed(ctl.log):
            needed = len(textwrap.wrap(line, width)) or 1
            if whole and used + needed > rows:
                break
            whole.insert(0, line)
            used += needed
        if narrow:  # a line longer than the strip's rows shown whole too
            log.styles.height = max(rows, min(used, NARROW_MOST_ROWS))
        log.show_text("\n".join(whole))

    def _header(self, view: View) -> None:
        ctl = self.controller
        rules = ctl.rules
        parts = [Text(get_preset(ctl.settings.preset).title),
                 Text(ctl.settings.difficulty.title())]
        if rules.match is not Match.SINGLE:
            goal = f"to {rules.target}" if rules.target else f"of {rules.rounds}"
            parts += [Text(f"Round {view.round} {goal}"),
                      Text(f"Your score {view.scores[HUMAN]}")]
        if self.too_small:
            need = ("Turn your phone sideways or widen the window"
                    if self.app.size.width < NARROWEST
                    else "Turn your phone upright or make the window taller")
            parts = [Text(f"{need}: the game waits until the table fits.",
                          style="bold reverse")]
        mine = len(ctl.hand())
        holding = Text(f"You hold {mine} card{'s' if mine != 1 else ''}")
        if view.called[HUMAN] and mine <= 2:
            holding.append("  ")
            holding.append("LAST CARD called", style="bold reverse")
        parts.append(holding)
        text = self._header_lines(parts)
        if self.ascii_only:
            text = Text(ascii_text(text.plain), spans=text.spans, style=text.style)
        if text.plain != self._header_shown:
            header = self.query_one("#header", Static)
            self._header_shown = text.plain
            if self.has_class("-narrow"):  # its rows follow its lines (laid out if changed)
                header.styles.height = rows_for(text, self.app.size.width)
            header.update(text, layout=False)

    def _header_lines(self, parts: list[Text]) -> Text:
        """The header's parts one after another, ' · ' between them; narrow, in as many
        lines as the width needs, a part never broken (the cards you hold said whole)."""
        width = self.app.size.width if self.has_class("-narrow") else None
        text = Text(style="bold")
        used = 0
        for part in parts:
            if used and (width is None or used + 3 + part.cell_len <= width):
                text.append(" · ")
            else:
                if used:
                    text.append("\n")
                part = Text(" ", style=part.style) + part  # a line starts a column in
                used = 0
            text.append_text(part)
            used += part.cell_len + (3 if used else 0)
        return text

    def _status(self, view: View) -> None:
        if self._warning and self._warning_at != self.controller.moves:
            self._warning = None  # the table moved on: the reason no longer applies
        if self._warning:
            text, warning = self._warning, True
        else:
            text, warning = self.status(view), False
        self._say(text, warning)

    def _say(self, text: str, warning: bool = False) -> None:
        """Put `text` on the status line (its two rows hold a long one)."""
        if self.ascii_only:
            text = ascii_text(text)
        self.query_one(StatusLine).say(text, warning=warning)

    def status(self, view: View) -> str:
        """The prompt, with the coach's note on the player's last move (prompts.status)."""
        return status(self.controller, view, self.palette, self.ascii_only)

    def prompt(self, view: View) -> str:
        """What the player should know or do now, in a sentence."""
        return prompt(self.controller, view, self.palette, self.ascii_only)

    def card_words(self, card: Card) -> str:
        return card_words(card, self.palette, self.ascii_only)

    def _controls(self) -> None:
        ctl = self.controller
        view = ctl.view()
        legal = ctl.legal()
        enabled = set()
        if DRAW in legal or (ACCEPT in legal and view.pending):
            enabled.add("draw")
        if PASS in legal:
            enabled.add("pass_turn")
        if CALL in legal:
            enabled.add("call")
        if any(isinstance(a, Catch) for a in legal):
            enabled.add("catch")
        if ACCEPT in legal:
            enabled.add("accept")
        if CHALLENGE in legal:
            enabled.add("challenge")
        coach = ctl.settings.coach
        if coach and ctl.take_back_refusal() is None:
            enabled.add("take_back")
        labels = {}
        if view.pending and view.current == HUMAN:
            labels["draw"] = f"Draw {view.pending} cards"  # not 'Draw 2': that names a card
        if view.vulnerable is not None and view.vulnerable != HUMAN:
            labels["catch"] = f"Catch {ctl.name(view.vulnerable)}"
        clock = clock_text(self.controller, view, self.ascii_only)
        self.query_one(ControlBar).show(bar_keys(ctl.rules, coach), enabled, labels,
                                        ascii_text(clock) if self.ascii_only else clock)

    def _tick(self) -> None:
        ctl = self.controller
        if ctl.window_deadline or ctl.turn_deadline or ctl.catch_left() is not None:
            self._controls()

    # ---------------------------------------------------------------- actions

    def _do(self, action: Action) -> bool:
        """Apply the human's action; on refusal shake and say why. True if applied."""
        self._warning = None
        self._hint = None
        try:
            self.controller.act(action)
        except IllegalAction as exc:
            self.warn(str(exc))
            return False
        return True

    def warn(self, text: str) -> None:
        """Show why something was refused and shake the selected card; the prompt comes
        back after WARNING_SECONDS, or as soon as the table moves on."""
        self._warning = text
        self._warning_at = self.controller.moves
        if self._warning_timer is not None:
            self._warning_timer.stop()
        self._warning_timer = self._host.schedule(WARNING_SECONDS, self._warning_over)
        self._status(self.controller.view())
        self._shake()

    def _warning_over(self) -> None:
        self._warning_timer = None
        self._warning = None
        self._status(self.controller.view())

    def _shake(self) -> None:
        hand = self.query_one(Hand)
        steps = [1, 0, 1, 0]

        def step(i: int = 0) -> None:
            hand.shake = steps[i]
            hand.refresh()
            if i + 1 < len(steps):
                self.set_timer(0.06, lambda: step(i + 1))

        step()

    def action_move(self, step: int) -> None:
        self._hint = None  # moving on means the player chose their own card
        hand = self.query_one(Hand)
        if hand.cards:
            hand.selected = max(0, min(len(hand.cards) - 1, hand.selected + step))
            self.controller.select(hand.cards[hand.selected])

    def action_shift(self, step: int) -> None:
        hand = self.query_one(Hand)
        hand.selected = self.controller.move_card(hand.selected, step)
        hand.cards = tuple(self.controller.hand())
        hand.refresh()

    def action_sort(self) -> None:
        hand = self.query_one(Hand)
        selected = self.controller.hand()[hand.selected] if hand.cards else None
        how = self.controller.sort_hand()
        cards = self.controller.hand()
        hand.cards = tuple(cards)
        if selected is not None:
            hand.selected = cards.index(selected)
        hand.refresh()
        self._warning = None
        self._say(f"Hand sorted by {how}; {key('sort')} again sorts by "
                  f"{'number' if how == 'colour' else 'colour'}.")

    def _call_first(self, action: Action) -> bool:
        """`action` plays the player's second-last card while Last Card is still to call:
        the coach weighs it with the call, so the hint says to call and Enter does."""
        ctl = self.controller
        return (isinstance(action, Play) and CALL in ctl.legal()
                and len(ctl.hand()) == 2)

    def action_play_selected(self) -> None:
        if self.controller.hurry():
            return  # out, and the others play on: Enter skips to the round's end
        hint = self._hint
        if hint is not None and not isinstance(hint, Play) and self.controller.my_turn:
            self._do(hint)  # the hint said draw, pass, accept, challenge or call: Enter does it
            return
        if hint is not None and self.controller.my_turn and self._call_first(hint):
            if not self._do(CALL):  # the hint said call Last Card, then play: Enter does both
                return
            self._hint = hint
        self.play_index(self.query_one(Hand).selected)

    def action_pick(self, number: int) -> None:
        """A number key plays the card with that number, as Enter plays the selected one."""
        self.play_index(number - 1)

    def on_hand_card_clicked(self, message: Hand.CardClicked) -> None:
        self.play_index(message.index)

    def on_draw_pile_clicked(self, message: DrawPile.Clicked) -> None:
        self.action_draw()

    def play_index(self, index: int) -> None:
        """Play the card at `index` in the hand (asking the colour for a Wild).

        The card is selected either way, so a refused one is the card that shakes."""
        cards = self.controller.hand()
        if not 0 <= index < len(cards):
            self.warn(f"You hold only {counted(len(cards), 'card')}.")
            return
        hand = self.query_one(Hand)
        hand.selected = index
        card = cards[index]
        hint = self._hint
        if card.is_wild:
            if isinstance(hint, Play) and hint.card is card:
                self._do(hint)
                return
            refusal = self.controller.card_refusal(card)
            if refusal is not None:
                self.warn(refusal)
                return
            self.ask_colour(lambda colour: self._do(play(card, colour)), cancellable=True)
            return
        self._do(play(card))

    def ask_colour(self, then: Callable[[Colour], Any], cancellable: bool = False) -> None:
        """Open the colour chooser; `then(colour)` once one is picked. A cancellable
        chooser (a Wild from the hand) closes on Escape with the Wild kept."""
        from .screens import ColourChooser

        counts = self.controller.colour_counts()

        def chosen(colour: Colour | None) -> None:
            if colour is not None:
                then(colour)

        self.app.push_screen(ColourChooser(counts, self.palette, cancellable=cancellable), chosen)

    def ask_first_colour(self) -> None:
        """A Wild opened the round on the player's turn: they name the colour."""
        self.ask_colour(lambda colour: self._do(NameColour(colour)))

    def action_draw(self) -> None:
        view = self.controller.view()
        if view.current == HUMAN and view.pending and ACCEPT in self.controller.legal():
            self._do(ACCEPT)
        else:
            self._do(DRAW)

    def action_pass_turn(self) -> None:
        self._do(PASS)

    def action_call(self) -> None:
        self._do(CALL)

    def action_accept(self) -> None:
        self._do(ACCEPT)

    def action_challenge(self) -> None:
        self._do(CHALLENGE)

    def action_catch(self) -> None:
        target = self.controller.view().vulnerable
        if target is None or target == HUMAN:
            self.warn("Nobody can be caught now: only a player down to one card "
                      "who did not call Last Card.")
            return
        self._do(Catch(target))

    def action_hint(self) -> None:
        ctl = self.controller
        if not ctl.my_turn:
            self.warn("Hints are for your own turn.")
            return
        asked = ctl.moves
        pending = ctl.view().pending
        self._warning = None
        self._say("The coach is thinking about your move…")

        def advised(advice: Advice | None) -> None:
            if ctl.moves != asked or not ctl.my_turn:
                return  # the table moved on while the coach thought
            if advice is None:
                self.warn("The coach could not answer just now: press H again.")
                return
            action = advice.recommended
            self._hint = action
            if isinstance(action, Play):
                cards = ctl.hand()
                if action.card in cards:
                    self.query_one(Hand).selected = cards.index(action.card)
            self._warning = None
            self._say(hint_words(advice.close, self.card_words,
                                 lambda c: colour_name(c, self.palette),
                                 [ctl.name(s) for s in range(ctl.game.seats)],
                                 key="Enter", call_first=self._call_first(action),
                                 own_key=lambda a: key("draw") if a is ACCEPT and pending
                                 else move_key(a)))  # D takes a penalty, as the prompt says

        ctl.hint(advised)

    def action_take_back(self) -> None:
        """T: the table goes back to just before the player's last decision."""
        why_not = self.controller.take_back()
        if why_not is not None:
            self.warn(why_not)
            return
        self._hint = None
        self._turn_seen = None
        self._forget_logs()  # the lines of the moves taken back go
        self.refresh_table()
        # Only a game with the coach on takes a move back, and that game is practice
        # already: saying it again here read as news. The turn's prompt follows, so
        # that it is plain whose turn it is.
        self._say("Taken back: the table is as it was before your move. "
                  + self.prompt(self.controller.view()))

    def action_story(self) -> None:
        """The whole match so far, round by round, to scroll back through."""
        from .match_story import MatchStory

        self.app.push_screen(MatchStory(self.controller.story(), ascii_only=self.ascii_only))

    def action_help(self) -> None:
        from .screens import HelpScreen

        self.app.push_screen(HelpScreen(self.controller.rules))

    def action_menu(self) -> None:
        self.post_message(self.MenuRequested())
