"""The table screen: the ring, the opponents round it, the hand, the log and the controls.

It owns a `GameController` and turns keys and clicks into the player's actions; the
widgets are fed from the human's `View` after every change and never read the game.
"""

from __future__ import annotations

import gc

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Static

from ..engine import (
    ACCEPT, CALL, CHALLENGE, DRAW, PASS, Card, Catch, Colour, IllegalAction, NameColour, play,
)
from .controller import HUMAN, GameController
from .palette import colour_name, glyph, rank_short, unicode_ok
from .widgets import (
    ControlBar, DrawPile, GameLog, Hand, OpponentTag, Ring, StatusLine, TableFooter,
)

_UNICODE = unicode_ok()
_ARROWS = "←→" if _UNICODE else "Left/Right"
_ENTER = "⏎" if _UNICODE else "Enter"
_SHIFT_ARROWS = "⇧←→" if _UNICODE else "Shift+Left/Right"

WIDE = 110
"""From this many columns the log moves to a column on the right."""
TALL = 32
"""From this many rows the log strip grows."""
SAVE_DELAY = 0.1
"""Seconds the autosave waits after a change, so that the frame showing it is drawn first.

Textual runs `call_after_refresh` callbacks as soon as the screen is idle, which after a
key comes before the widgets have asked for their redraw, so the save (about 1 ms) used
to delay the frame. A pause or quitting writes a waiting save at once."""


def ring_places(opponents: int) -> tuple[int, int, int]:
    """How many tags go left, across the top and right of the ring (seat 1 on your left)."""
    if opponents == 1:
        return 0, 1, 0
    side = min(3, max(1, (opponents - 1) // 2))
    return side, opponents - 2 * side, side


_SITUATIONAL = ("pass_turn", "call", "catch", "accept", "challenge")


class TableScreen(Screen):
    """The card table for one game."""

    BINDINGS = [
        Binding("left", "move(-1)", "Move", key_display=_ARROWS),
        Binding("right", "move(1)", "Move", show=False),
        Binding("enter", "play_selected", "Play", key_display=_ENTER),
        Binding("space", "play_selected", "Play", show=False),
        Binding("1", "pick(1)", "Pick", key_display="1-9"),
        *(Binding(str(n), f"pick({n})", f"Play card {n}", show=False) for n in range(2, 10)),
        Binding("d", "draw", "Draw", key_display="D"),
        Binding("p", "pass_turn", "Pass", key_display="P"),
        Binding("l", "call", "Last Card", key_display="L"),
        Binding("c", "catch", "Catch", key_display="C"),
        Binding("a", "accept", "Accept", key_display="A"),
        Binding("x", "challenge", "Challenge", key_display="X"),
        Binding("h", "hint", "Hint", key_display="H"),
        Binding("escape", "menu", "Menu", key_display="Esc"),
        Binding("question_mark", "help", "Keys", key_display="?"),
        Binding("s", "sort", "Sort", key_display="S"),
        Binding("shift+left", "shift(-1)", "Arrange", key_display=_SHIFT_ARROWS),
        Binding("shift+right", "shift(1)", "Move card", show=False),
    ]

    def __init__(self, controller: GameController, **kwargs):
        super().__init__(**kwargs)
        self.controller = controller
        """The game being played."""
        self.ascii_only = not unicode_ok()
        self.palette = controller.game.rules.palette
        self._warning: str | None = None
        self._hint = None
        self._was_my_turn = False
        self._allowed: tuple = ()
        self._warning_at = 0

    # ---------------------------------------------------------------- building

    def compose(self) -> ComposeResult:
        ctl = self.controller
        opponents = ctl.game.seats - 1
        left, top, right = ring_places(opponents)
        level = ctl.settings.difficulty
        seats = list(range(1, opponents + 1))
        left_seats = list(reversed(seats[:left]))
        top_seats = seats[left:left + top]
        right_seats = seats[left + top:]
        yield Static(id="header")
        with Horizontal(id="body"):
            with Vertical(id="main"):
                with Horizontal(id="middle"):
                    with Vertical(id="left-tags", classes="side-tags"):
                        for seat in left_seats:
                            yield OpponentTag(seat, ctl.name(seat), level, id=f"tag-{seat}")
                    with Vertical(id="centre"):
                        with Horizontal(id="top-tags"):
                            for seat in top_seats:
                                yield OpponentTag(seat, ctl.name(seat), level,
                                                  id=f"tag-{seat}")
                        yield Ring(id="ring")
                    with Vertical(id="right-tags", classes="side-tags"):
                        for seat in right_seats:
                            yield OpponentTag(seat, ctl.name(seat), level, id=f"tag-{seat}")
                yield GameLog(id="log")
                yield StatusLine(id="status")
                yield ControlBar(id="controls")
                yield Hand(palette=self.palette, ascii_only=self.ascii_only, id="hand")
            yield GameLog(id="side-log")
        yield TableFooter(compact=True)

    def on_mount(self) -> None:
        ctl = self.controller
        for box in ("#top-tags", "#left-tags", "#right-tags"):
            if not self.query(f"{box} OpponentTag"):
                self.query_one(box).add_class("-empty")
        ctl.schedule = lambda seconds, callback: self.set_timer(max(seconds, 0.001), callback)
        ctl.think = self._think
        ctl.changed = self.refresh_table
        ctl.round_over = self._round_over
        ctl.name_colour = self._ask_first_colour
        ctl.defer_save = lambda save: self.set_timer(SAVE_DELAY, save)
        self._fit_to_size()
        self.set_interval(0.25, self._tick)
        ctl.start()
        # Python's full garbage collections walk every object the process holds (Textual,
        # the stylesheets, the table: 80,000 and more), 15-80 ms each, and now and then one
        # lands on a key. What is alive once the table is up is left out of them until the
        # table goes (the old table is gone before a new one mounts).
        gc.collect()
        gc.freeze()

    def on_unmount(self) -> None:
        self.controller.stop()
        gc.unfreeze()  # what the table held may be garbage now: collections see it again

    def on_resize(self) -> None:
        self._fit_to_size()

    def _fit_to_size(self) -> None:
        width, height = self.app.size
        self.set_class(width >= WIDE, "-wide")
        self.set_class(height >= TALL, "-tall")
        self.set_class(height < 24, "-short")
        large = width >= WIDE and height >= TALL
        self.set_class(large, "-large")
        self.query_one(Hand).large = large
        self.refresh_table()
        self.call_after_refresh(self._rewrap_logs)

    def _rewrap_logs(self) -> None:
        """RichLog wraps lines as they are written: write them again at the new width."""
        for log in self.query(GameLog):
            log.reset()
            log.show(self.controller.log)

    @work(thread=True, exclusive=True, group="thinking", exit_on_error=False)
    def _think(self, decide, done) -> None:
        """Computer players think in a thread so the table keeps answering keys."""
        result = decide()
        try:
            self.app.call_from_thread(done, result)
        except RuntimeError:
            # The app closed while the computer was thinking: the decision is not needed
            # (the game was saved before the computer's turn began).
            return

    # ---------------------------------------------------------------- drawing

    def refresh_table(self) -> None:
        """Feed every widget from the human's view (called after every change)."""
        if not self.is_mounted:
            return
        ctl = self.controller
        view = ctl.view()
        names = ctl.namer
        ascii_only = self.ascii_only
        self._header(view)
        for seat in range(1, view.seats):
            try:
                tag = self.query_one(f"#tag-{seat}", OpponentTag)
            except Exception:
                continue
            place = view.out.index(seat) + 1 if seat in view.out else None
            score = view.scores[seat] if ctl.game.rules.match != "single" else None
            tag.show(cards=view.hand_counts[seat], current=view.current == seat,
                     called=view.called[seat], vulnerable=view.vulnerable == seat,
                     out_place=place, score=score, ascii_only=ascii_only)
        pending_seat = None
        if view.pending and view.current is not None:
            pending_seat = "you" if view.current == HUMAN else names(view.current)
        self.query_one(Ring).show(
            top=view.top, active=view.active_colour, direction=view.direction,
            draw_count=view.draw_count, palette=self.palette, ascii_only=ascii_only,
            pending=view.pending, pending_seat=pending_seat,
            players=sum(1 for count in view.hand_counts if count))
        hand = self.query_one(Hand)
        cards = tuple(ctl.hand())
        hand.cards = cards
        hand.playable = frozenset(ctl.playable()) if ctl.my_turn else frozenset()
        if ctl.my_turn and not self._was_my_turn and hand.playable:
            if not (0 <= hand.selected < len(cards)) or cards[hand.selected] not in hand.playable:
                hand.selected = next(i for i, c in enumerate(cards) if c in hand.playable)
        if view.drawn is not None and view.current == HUMAN and view.drawn in cards:
            hand.selected = len(cards) - 1 - cards[::-1].index(view.drawn)
        hand.selected = max(0, min(hand.selected, len(cards) - 1))
        self.query_one("#side-log" if self.has_class("-wide") else "#log", GameLog).show(ctl.log)
        self._status(view)
        self._controls()
        my_turn = ctl.my_turn
        if my_turn and not self._was_my_turn and getattr(self.app, "sound", False):
            self.app.bell()
        self._was_my_turn = my_turn
        allowed = tuple(self.check_action(name, ()) for name in _SITUATIONAL)
        if allowed != self._allowed:
            self._allowed = allowed
            self.refresh_bindings()

    def _header(self, view) -> None:
        ctl = self.controller
        rules = ctl.game.rules
        from ..engine import get_preset

        title = get_preset(ctl.settings.preset).title
        text = Text(f" {title}", style="bold")
        text.append(f" · {ctl.settings.difficulty.title()}")
        if rules.match != "single":
            text.append(f" · Round {view.round}")
            goal = f"to {rules.target}" if rules.target else f"of {rules.rounds}"
            text.append(f" {goal} · Your score {view.scores[HUMAN]}")
        width, height = self.app.size
        if width < 80 or height < 24:
            text = Text(f" Terminal {width}×{height}: the table needs 80×24 or more.",
                        style="bold reverse")
        mine = len(ctl.hand())
        text.append(f" · You hold {mine} card{'s' if mine != 1 else ''}")
        if view.called[HUMAN] and mine <= 2:
            text.append("  LAST CARD called", style="bold reverse")
        if text.plain != getattr(self, "_header_shown", None):
            self._header_shown = text.plain
            self.query_one("#header", Static).update(text, layout=False)

    def _status(self, view) -> None:
        status = self.query_one(StatusLine)
        if self._warning and self._warning_at != len(self.controller.game.history):
            self._warning = None  # the table moved on: the reason no longer applies
        if self._warning:
            status.say(self._warning, warning=True)
            return
        status.say(self.prompt(view))

    def prompt(self, view) -> str:
        """What the player should know or do now, in a sentence."""
        ctl = self.controller
        name = ctl.name
        legal = ctl.legal()
        if view.phase in ("round-over", "match-over"):
            return "The round is over."
        if view.vulnerable is not None:
            if view.vulnerable == HUMAN:
                return "You did not call Last Card! Press L now, before someone catches you."
            return (f"{name(view.vulnerable)} did not call Last Card: press C to catch them!")
        if view.current != HUMAN:
            if ctl.paused:
                return "Paused."
            return f"{name(view.current)} is playing…"
        if view.phase == "name-colour":
            return "A Wild opened the round: name the colour."
        if view.phase == "challenge":
            return (f"{name(view.challenge_from)} played a Wild Draw Four on you: "
                    "X challenges it, A takes the four cards.")
        if view.pending:
            return (f"+{view.pending} coming your way — stack a draw card, "
                    f"or press D to draw {view.pending}.")
        if view.phase == "drawn" and view.drawn is not None:
            return f"You drew {self.card_words(view.drawn)}: Enter plays it, P passes."
        if CALL in legal and len(ctl.hand()) == 2:
            return "Two cards left: press L to call Last Card, then play."
        colour = view.active_colour
        match = (f"{glyph(colour, self.ascii_only)} {colour_name(colour, self.palette)}"
                 if colour else "any colour")
        if not view.top.is_wild:
            match += f" or {rank_short(view.top.rank)}"
        if not ctl.playable():
            if DRAW in legal:
                return f"Your turn: nothing matches {match} — press D to draw."
            return "Your turn: you cannot play or draw — press P to pass."
        return f"Your turn: play {match}, or a Wild."

    def card_words(self, card: Card) -> str:
        if card.colour is None:
            return card.name
        shape = glyph(card.colour, self.ascii_only)
        return f"{colour_name(card.colour, self.palette)} {card.rank.title} {shape}"

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
        if any(a.kind == "catch" for a in legal):
            enabled.add("catch")
        if ACCEPT in legal:
            enabled.add("accept")
        if CHALLENGE in legal:
            enabled.add("challenge")
        labels = {}
        if view.pending and view.current == HUMAN:
            labels["draw"] = f"Draw {view.pending}"
        if view.vulnerable is not None and view.vulnerable != HUMAN:
            labels["catch"] = f"Catch {ctl.name(view.vulnerable)}"
        self.query_one(ControlBar).show(enabled, labels, self._clock_text())

    def _clock_text(self) -> str:
        ctl = self.controller
        window = ctl.window_left()
        if window is not None:
            return f"Last Card window {window:.0f} s"
        left = ctl.turn_left()
        if left is not None:
            return f"{'Time' if self.ascii_only else '⏱'} {left:.0f} s"
        return ""

    def _tick(self) -> None:
        if self.controller.window_deadline or self.controller.turn_deadline:
            self._controls()

    # ---------------------------------------------------------------- bindings

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        """Hide the situational keys from the footer when they cannot be used."""
        if not self.is_mounted:
            return True
        legal = self.controller.legal()
        if action == "pass_turn":
            return PASS in legal
        if action == "call":
            return CALL in legal
        if action == "catch":
            return any(a.kind == "catch" for a in legal)
        if action == "accept":
            return ACCEPT in legal
        if action == "challenge":
            return CHALLENGE in legal
        return True

    def on_key(self, event) -> None:
        """A situational key pressed when it cannot be used still gets a reason."""
        reasons = {
            "p": PASS, "l": CALL, "a": ACCEPT, "x": CHALLENGE,
        }
        if event.key in reasons:
            event.stop()
            self._do(reasons[event.key])
        elif event.key == "c":
            event.stop()
            self.action_catch()

    # ---------------------------------------------------------------- actions

    def _do(self, action) -> bool:
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
        """Show why something was refused and shake the selected card."""
        self._warning = text
        self._warning_at = len(self.controller.game.history)
        self._status(self.controller.view())
        self._shake()

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
        self.query_one(StatusLine).say(f"Hand sorted by {how}; S again sorts by "
                                       f"{'number' if how == 'colour' else 'colour'}.")

    def action_play_selected(self) -> None:
        hint = self._hint
        if hint is not None and hint.kind != "play" and self.controller.my_turn:
            self._do(hint)  # the hint said draw, pass, accept, challenge or call: Enter does it
            return
        self.play_index(self.query_one(Hand).selected)

    def action_pick(self, number: int) -> None:
        self.play_index(number - 1)

    def on_hand_card_clicked(self, message: Hand.CardClicked) -> None:
        self.play_index(message.index)

    def on_draw_pile_clicked(self, message: DrawPile.Clicked) -> None:
        self.action_draw()

    def play_index(self, index: int) -> None:
        """Play the card at `index` in the hand (asking the colour for a Wild)."""
        cards = self.controller.hand()
        if not 0 <= index < len(cards):
            self.warn(f"You hold only {len(cards)} cards.")
            return
        hand = self.query_one(Hand)
        hand.selected = index
        card = cards[index]
        hint = self._hint
        if card.is_wild:
            if hint is not None and hint.kind == "play" and hint.card is card:
                self._do(hint)
                return
            if not self.controller.game.can_apply(play(card, Colour.RED), HUMAN):
                self._do(play(card, Colour.RED))  # refused: the engine says why
                return
            self.ask_colour(lambda colour: self._do(play(card, colour)), cancellable=True)
            return
        self._do(play(card))

    def ask_colour(self, then, cancellable: bool = False) -> None:
        """Open the colour chooser; `then(colour)` once one is picked. `cancellable`: the
        Wild is still in the hand, so Escape backs out with nothing played."""
        from .screens import ColourChooser

        counts = self.controller.colour_counts()

        def chosen(colour: Colour | None) -> None:
            if colour is not None:
                then(colour)

        self.app.push_screen(ColourChooser(counts, self.palette, cancellable), chosen)

    def _ask_first_colour(self) -> None:
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
        view = self.controller.view()
        target = view.vulnerable
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

        def advised(action) -> None:
            self._hint = action
            if action.kind == "play":
                cards = ctl.hand()
                if action.card in cards:
                    self.query_one(Hand).selected = cards.index(action.card)
                text = f"Hint: play {self.card_words(action.card)}"
                if action.colour is not None:
                    text += f" naming {colour_name(action.colour, self.palette)}"
                text += " — Enter plays it."
            else:
                key = {"draw": "D", "pass": "P", "accept": "A", "challenge": "X",
                       "call": "L"}.get(action.kind, "")
                text = f"Hint: {action} ({key}, or Enter)."
            self._warning = None
            self.query_one(StatusLine).say(text)

        ctl.hint(advised)

    def action_help(self) -> None:
        from .screens import HelpScreen

        self.app.push_screen(HelpScreen())

    def action_menu(self) -> None:
        self.app.open_pause_menu()

    # ---------------------------------------------------------------- round and match end

    def _round_over(self, match: bool) -> None:
        self.app.show_results(self.controller, match)
