"""The table screen: the ring, the opponents round it, the hand, the log and the controls.

It sits the game (`GameController`, session/controller.py) down on the app's clock, draws
it, and turns keys and clicks into the player's input: each goes to the table once, and
what the table does then comes back as its messages (session/messages.py), which the
screen answers (`_hear`) by drawing the table again, asking a colour, showing the hint
or asking the app for the results. The widgets are fed from the table after every
change and never read the game. Whatever the app must do (open the menu, show the
results) the screen asks for with a message. Anything shown over the table (keys,
rules, the colour chooser, a question, the menu) pauses the game: no clock runs and no
computer plays behind it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static

from ...coach.remote import RemoteCoach
from ...engine import (
    ACCEPT,
    CALL,
    CHALLENGE,
    DRAW,
    PASS,
    Card,
    Catch,
    Colour,
    IllegalAction,
    Match,
    NameColour,
    Play,
    View,
    get_preset,
)
from ...session.clocks import Clock
from ...session.controller import HUMAN, GameController, TableStore, Timer
from ...session.fit import NARROWEST, SHORTEST
from ...session.keys import KEYS, bar_keys, key
from ...session.messages import Changed, ColourAsked, Hinted, RoundOver, TableMessage
from ...session.palette import unicode_ok
from ...session.prompts import HINT_ASKED, TAKEN_BACK, clock_text, prompt, status
from ...session.seating import Seating
from ...session.wording import ascii_text, counted
from ..collector import Collector
from ..presenter import RingIds, compose_ring, show_view
from ..widgets import (
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
from ..widgets.controls import rows_for
from ..widgets.log import wrapped
from ..widgets.narrow import OpponentList, TapKeys, opponents

WIDE = 110
"""From this many columns the log moves to a column on the right."""
TALL = 32
"""From this many rows the log strip grows."""
ROOMY = 44
"""From this many rows (with WIDE columns) the cards are drawn larger still and the log,
under the ring, takes every row the table does not need (the column goes)."""
DRAW_AHEAD = 0.1
"""Seconds after a change to your hand or to the pile's count before what your next move
may show is drawn ahead (`_draw_ahead`): after the change's frame, as the save is
(session/autosave.py `SAVE_DELAY`: Textual runs `call_after_refresh` callbacks as soon
as the screen is idle, which after a key comes before the widgets have asked for their
redraw)."""
RING_IDS = RingIds(middle="middle", left="left-tags", centre="centre", top="top-tags",
                   ring="ring", right="right-tags", tag="tag-")
"""The ring's boxes at the table (app.tcss styles them)."""
WAITS_TO_FIT = "the game waits until the table fits."
"""The end of what the table says while it does not fit (`waiting_words`)."""
WARNING_SECONDS = 4.0
"""How long a refusal's reason stays before the prompt comes back (a move clears it sooner)."""
TICK = 0.25
"""Seconds between redraws of the control bar's clock while one runs (the turn timer, the
Last Card window, the time to catch)."""
SHAKE = (1, 0, 1, 0)
"""A refused card's shake: its offset at each step."""
SHAKE_STEP = 0.06
"""Seconds between the shake's steps."""
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


class TableScreen(Screen[None]):
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

    def __init__(self, seating: Seating, *, clock: Clock, store: TableStore | None = None,
                 coach: RemoteCoach | None = None, collector: Collector | None = None,
                 **pace: Any) -> None:
        super().__init__()
        self.clock = clock
        """The time the game keeps, and every timer of the screen's (the app's clock)."""
        self.collector = collector
        """The app's collector policy, told when the table is up and when it goes."""
        self.controller = GameController(seating, clock, listen=self._hear, store=store,
                                         remote=coach, **pace)
        """The game being played (the coach's judgements made in `coach`'s process)."""
        self.ascii_only = not unicode_ok()
        self.palette = self.controller.rules.palette
        self._warning: str | None = None
        self._warning_at: int = 0
        self._warning_timer: Timer | None = None
        self._told: tuple[str, float] | None = None
        """A notice for the player (`tell`) and how long it stays, until it is over."""
        self._told_timer: Timer | None = None
        self._ticking: Timer | None = None
        """The next redraw of the control bar's clock, while one runs."""
        self._later: set[Timer] = set()
        """The screen's own timers still to ring (`_after`), stopped when it goes."""
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
        if self.too_small:
            self.controller.pause()  # nothing runs until the table can be seen
        self.controller.start()
        if self._told is not None:  # told before it was shown (a new game's first notice)
            told, self._told = self._told, None
            self.tell(*told)
        if self.collector is not None:
            self.collector.seated()

    def on_unmount(self) -> None:
        self.controller.stop()
        for timer in self._later:
            timer.stop()  # on the app's clock, it would outlive the screen
        self._later.clear()
        if self.collector is not None:
            self.collector.unseated()

    def on_key(self) -> None:
        """Any key at the table (before it does anything): what was said for the player
        to see once has been seen."""
        self.controller.seen()

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
            if self._warning is not None and self._warning.endswith(WAITS_TO_FIT):
                self._warning_over()  # it fits: the status line says so at once
            self.controller.resume_play()

    @property
    def too_small(self) -> bool:
        """The terminal cannot show the table (under NARROWEST columns, even narrow, or
        SHORTEST rows): the game waits."""
        width, height = self.app.size
        return width < NARROWEST or height < SHORTEST

    def waiting_words(self) -> str:
        """What the header says while the table does not fit, and every key then."""
        need = ("Turn your phone sideways or widen the window"
                if self.app.size.width < NARROWEST
                else "Turn your phone upright or make the window taller")
        return f"{need}: {WAITS_TO_FIT}"

    def _held(self) -> bool:
        """The table does not fit and the game waits (nothing is played): says so, and
        True. (A key that moved the game on behind a table that said it waited was issue
        41's item 9.)"""
        if self.too_small:
            self.warn(self.waiting_words())
            return True
        return False

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

    def _hear(self, told: TableMessage) -> None:
        """What the table tells, as it happens: a change drawn at once (in the frame the
        key or the timer brings), a round's end to the app, a colour to ask, a hint."""
        if isinstance(told, Changed):
            self.refresh_table()
        elif isinstance(told, RoundOver):
            self.post_message(TableScreen.RoundOver(self.controller, told.match))
        elif isinstance(told, ColourAsked):
            self.ask_first_colour()
        elif isinstance(told, Hinted):
            self._hinted(told)

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
        self._tick()
        ahead = (cards, view.draw_count, self.palette, self.ascii_only)
        if ahead != self._drawn_ahead:
            self._drawn_ahead = ahead
            self._after(DRAW_AHEAD, self._draw_ahead)
        turn = ctl.turn_id()
        if turn is not None and turn != self._turn_seen and getattr(self.app, "sound", False):
            self.app.bell()
        self._turn_seen = turn

    def _draw_ahead(self) -> None:
        """After the frame (`DRAW_AHEAD`): the hand's faces, the pile's cards and the draw
        pile's count a move of yours may show next are drawn now, while the table waits,
        not in that move's frame."""
        more = self.query_one(Hand).warm()
        self.query_one(Ring).warm(self.controller.hand(), self.palette, self.ascii_only)
        if more:  # the hand draws the kinds of card a group at a time
            self._after(DRAW_AHEAD, self._draw_ahead)

    def _after(self, seconds: float, callback: Callable[[], None]) -> Timer:
        """Call `callback` `seconds` from now on the table's clock while this screen is
        up: the clock is the app's, so the screen stops its own timers as it goes."""

        def ring() -> None:
            self._later.discard(timer)
            # As the app closes, the screen's widgets go before the screen is unmounted.
            if self.is_mounted and self.query(Hand):
                callback()

        timer = self.clock.schedule(seconds, ring)
        self._later.add(timer)
        return timer

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
        needed = sum(len(wrapped(line, width)) for line in since)
        if narrow and needed <= NARROW_MOST_ROWS:
            rows = max(rows, needed)  # what happened since your turn, whole
        if needed > rows:
            digest = [row for line in ctl.digest().splitlines() for row in wrapped(line, width)]
            if narrow:  # the digest whole, on as many rows as it takes
                rows = max(rows, min(len(digest), NARROW_MOST_ROWS))
                log.styles.height = rows
            log.show_text("\n".join(digest[-rows:]))  # its end, if even that is too long
            return
        whole: list[str] = []
        used = 0
        for line in reversed(ctl.log):
            lines = wrapped(line, width)
            if whole and used + len(lines) > rows:
                break
            whole[:0] = lines
            used += len(lines)
        if narrow:  # a line longer than the strip's rows shown whole too
            log.styles.height = max(rows, min(used, NARROW_MOST_ROWS))
        log.show_text("\n".join(whole))

    def on_log_strip_resized(self) -> None:
        """The strip has other rows now (the status line took or gave some back)."""
        self._show_log()

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
            parts = [Text(self.waiting_words(), style="bold reverse")]
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
            if self._told is not None:
                text = f"{self._told[0]} {text}"
        self._say(text, warning)

    def _say(self, text: str, warning: bool = False) -> None:
        """Put `text` on the status line: two rows, or up to four for a longer one (the
        log's strip gives them up); in the narrow layout as many as it takes (`grows`)."""
        if self.ascii_only:
            text = ascii_text(text)
        line = self.query_one(StatusLine)
        rows = 2
        if not line.grows:
            width = line.content_size.width or max(20, self.app.size.width - 2)
            rows = min(4, max(2, rows_for(text, width)))
        self.set_class(rows == 3, "-status-3")  # (the strip, resized, is written again)
        self.set_class(rows == 4, "-status-4")
        line.say(text, warning=warning)

    def status(self, view: View) -> str:
        """The prompt, with the coach's note on the player's last move (prompts.status)."""
        return status(self.controller, view, self.palette, self.ascii_only)

    def prompt(self, view: View) -> str:
        """What the player should know or do now, in a sentence."""
        return prompt(self.controller, view, self.palette, self.ascii_only)

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
        """While a clock runs, the control bar shows its time every `TICK` seconds."""
        ctl = self.controller
        running = bool(ctl.window_deadline or ctl.turn_deadline or ctl.catch_left() is not None)
        if self._ticking is None and running and self.is_mounted:
            self._ticking = self._after(TICK, self._tock)

    def _tock(self) -> None:
        self._ticking = None
        self._controls()
        self._tick()

    # ---------------------------------------------------------------- actions

    def _do(self, act: Callable[[], Any]) -> bool:
        """Tell the table the player's input (`act`); on refusal shake and say why. True if
        taken."""
        self._warning = None
        if self._held():
            return False
        try:
            act()
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
        self._warning_timer = self._after(WARNING_SECONDS, self._warning_over)
        self._status(self.controller.view())
        self._shake()

    def tell(self, text: str, seconds: float | None = None) -> None:
        """Say `text` on the status line before what it says now, for `seconds` (or
        WARNING_SECONDS): the app's notices at the table (a toast in the corner covered
        an opponent's count)."""
        seconds = seconds or WARNING_SECONDS
        if self._told is not None and self._told[0] != text:  # one said already: both
            text, seconds = f"{self._told[0]} {text}", max(seconds, self._told[1])
        self._told = (text, seconds)
        if not self.is_mounted:
            return  # said once the table is up
        if self._told_timer is not None:
            self._told_timer.stop()
        self._told_timer = self._after(self._told[1], self._told_over)
        self._status(self.controller.view())

    def _told_over(self) -> None:
        self._told_timer = None
        self._told = None
        if self.is_mounted:
            self._status(self.controller.view())

    def _warning_over(self) -> None:
        self._warning_timer = None
        self._warning = None
        self._status(self.controller.view())

    def _shake(self) -> None:
        hand = self.query_one(Hand)

        def step(i: int = 0) -> None:
            hand.shake = SHAKE[i]
            hand.refresh()
            if i + 1 < len(SHAKE):
                self._after(SHAKE_STEP, lambda: step(i + 1))

        step()

    def action_move(self, step: int) -> None:
        hand = self.query_one(Hand)
        if hand.cards:
            hand.selected = max(0, min(len(hand.cards) - 1, hand.selected + step))
            self.controller.select(hand.cards[hand.selected])  # (the hint let go)

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

    def action_play_selected(self) -> None:
        """Enter: the hint's move, or the selected card (the table says which:
        `GameController.enter`)."""
        cards = self.controller.hand()
        selected = self.query_one(Hand).selected
        card = cards[selected] if 0 <= selected < len(cards) else None
        self._play(lambda: self.controller.enter(card))

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
        self.query_one(Hand).selected = index
        card = cards[index]
        self._play(lambda: self.controller.play_card(card))

    def _play(self, playing: Callable[[], Card | None]) -> None:
        """Play a card (`playing`): a Wild it hands back is the colour chooser's to name."""
        wild: list[Card | None] = [None]

        def played() -> None:
            wild[0] = playing()

        card = wild[0] if self._do(played) else None
        if card is not None:
            ctl = self.controller
            self.ask_colour(lambda colour: self._do(lambda: ctl.play_card(card, colour)),
                            cancellable=True)

    def ask_colour(self, then: Callable[[Colour], Any], cancellable: bool = False) -> None:
        """Open the colour chooser; `then(colour)` once one is picked. A cancellable
        chooser (a Wild from the hand) closes on Escape with the Wild kept."""
        from .chooser import ColourChooser

        if cancellable and self._held():
            return
        counts = self.controller.colour_counts()

        def chosen(colour: Colour | None) -> None:
            if colour is not None:
                then(colour)

        self.app.push_screen(ColourChooser(counts, self.palette, cancellable=cancellable), chosen)

    def ask_first_colour(self) -> None:
        """A Wild opened the round on the player's turn: they name the colour."""
        self.ask_colour(lambda colour: self._do(lambda: self.controller.act(NameColour(colour))))

    def action_draw(self) -> None:
        self._do(self.controller.draw)

    def action_pass_turn(self) -> None:
        self._do(lambda: self.controller.act(PASS))

    def action_call(self) -> None:
        self._do(lambda: self.controller.act(CALL))

    def action_accept(self) -> None:
        self._do(lambda: self.controller.act(ACCEPT))

    def action_challenge(self) -> None:
        self._do(lambda: self.controller.act(CHALLENGE))

    def action_catch(self) -> None:
        self._do(self.controller.catch)

    def action_hint(self) -> None:
        """H: the coach's answer comes as the table's `Hinted` (`_hinted`)."""
        if self._do(self.controller.hint):
            self._say(HINT_ASKED)

    def _hinted(self, hinted: Hinted) -> None:
        """The coach's answer to H: its move selected (a card), and its words said."""
        action = hinted.action
        if action is None:
            self.warn(hinted.words)
            return
        if isinstance(action, Play):
            cards = self.controller.hand()
            if action.card in cards:
                self.query_one(Hand).selected = cards.index(action.card)
        self._warning = None
        self._say(hinted.words)

    def action_take_back(self) -> None:
        """T: the table goes back to just before the player's last decision."""
        if self._held():
            return
        why_not = self.controller.take_back()
        if why_not is not None:
            self.warn(why_not)
            return
        self._turn_seen = None
        self._forget_logs()  # the lines of the moves taken back go
        self.refresh_table()
        # Only a game with the coach on takes a move back, and that game is practice
        # already: saying it again here read as news. The turn's prompt follows, so
        # that it is plain whose turn it is.
        self._say(f"{TAKEN_BACK} {self.prompt(self.controller.view())}")

    def action_story(self) -> None:
        """The whole match so far, round by round, to scroll back through."""
        from .match_story import MatchStory

        self.app.push_screen(MatchStory(self.controller.story(), ascii_only=self.ascii_only))

    def action_help(self) -> None:
        from .help import HelpScreen

        self.app.push_screen(HelpScreen(self.controller.rules))

    def action_menu(self) -> None:
        self.post_message(self.MenuRequested())
