"""Replay: a kept game, the table as it was from the player's seat, action by action.

Handed the game's frames (`replay.frames`), it draws the frame in view with the
table's own widgets — the ring, the opponents' tags, the hand, the log — fed the same
way the table feeds them, and never changes them. ←/→ step, Home/End go to the deal
and the end, PgUp/PgDn go round by round. After the game every hand may be turned
face up (F), and the header says so in words while they are. When the game has been
reviewed, its costliest moments are marked where they happened (M jumps to the next).
V opens the review. It returns Go.REVIEW, Go.SAME_DEAL or Go.BACK with `dismiss()`.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Static

from ...engine import HUMAN_SEAT as PLAYER
from ...engine import Card, Match, Play, parse_card, preset_title
from ...replay.frames import Frame, round_starts
from ...replay.kept import KeptGame
from ...session.hand_order import by_colour, kept_order
from ...session.palette import STYLES, card_label, card_name, marks, unicode_ok
from ...session.wording import counted
from ..plain import Plain
from ..presenter import RingIds, compose_ring, show_view
from ..widgets import GameLog, Hand
from .go import Go

_ARROWS = "←→" if unicode_ok() else "Left/Right"

RING_IDS = RingIds(middle="replay-middle", left="replay-left", centre="replay-centre",
                   top="replay-top", ring="replay-ring", right="replay-right", tag="rtag-")
"""The ring's boxes in a replay (looking_back.tcss styles them)."""


def hand_line(name: str, cards: Sequence[Card], ascii_only: bool) -> Text:
    """'Lily (3): ● 5  ■ Skip  ✦ Wild' — one seat's cards face up, each in its colour
    with its shape, short enough for a line."""
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append(f"{name} ({len(cards)}): ", style="bold")
    if not cards:
        text.append("no cards", style="dim")
    for i, card in enumerate(cards):
        if i:
            text.append("  ")
        style = STYLES[card.colour] if card.colour is not None else "bold"
        text.append(card_label(card, ascii_only), style=style)
    return text


def hand_orders(shots: Sequence[Frame],
                arranged: Sequence[tuple[int, tuple[str, ...]]] = ()
                ) -> list[tuple[Card, ...]]:
    """The player's hand at every frame in the order the table showed it: dealt sorted by
    colour, then each card kept in its place and new ones on the right, as the table
    keeps it (`Seating.new`, `hand_order.kept_order`); and from each moment the player
    sorted or moved cards (`arranged`: after how many actions, the cards in order), the
    order they gave them."""
    given = dict(arranged)
    orders: list[tuple[Card, ...]] = []
    order: list[Card] = []
    for index, frame in enumerate(shots):
        held = frame.view.hand
        if index == 0:
            order = sorted(held, key=by_colour)
        if frame.index in given:
            order = [parse_card(code) for code in given[frame.index]]
        order = kept_order(order, held)
        orders.append(tuple(order))
    return orders


class ReplayScreen(Screen[Go]):
    """One kept game, stepped through from the player's seat."""

    CSS_PATH = Path(__file__).with_name("looking_back.tcss")
    BINDINGS = [
        Binding("left", "step(-1)", "Step", key_display=_ARROWS),
        Binding("right", "step(1)", "Step", show=False),
        Binding("home", "go('first')", "Ends", key_display="Home/End", show=False),
        Binding("end", "go('last')", "End", show=False),
        Binding("pageup", "round(-1)", "Round", key_display="PgUp/Dn", show=False),
        Binding("pagedown", "round(1)", "Next round", show=False),
        Binding("f", "face_up", "Face up", key_display="F"),
        Binding("v", "choose('review')", "Review", key_display="V"),
        Binding("m", "moment", "Moment", key_display="M", show=False),
        Binding("enter", "try_again", "Try again", key_display="Enter"),
        Binding("d", "choose('same-deal')", "Same deal", key_display="D"),
        Binding("escape,q", "choose('back')", "Back", key_display="Esc"),
        Binding("question_mark", "keys", "Keys", key_display="?"),
    ]

    def __init__(self, kept: KeptGame, shots: list[Frame], *, distrust: str | None = None,
                 marks_at: dict[int, str] | None = None, start: int | None = None) -> None:
        super().__init__()
        self.kept = kept
        """The game being replayed."""
        self.shots = shots
        """The table after every action, the deal first."""
        self.distrust = distrust
        """Why the replay cannot be trusted (it does not reach the recorded result), or None."""
        self.marks_at = dict(marks_at or {})
        """Frame index -> what the review says of the move that led there."""
        self.position = 0 if start is None else max(0, min(start, len(shots) - 1))
        """The frame in view: the deal, unless a review's moment asks for another."""
        self.face_up = False
        """Every hand shown face up (after the game only)."""
        self.ascii_only = not unicode_ok()
        self.palette = kept.rules.palette
        self._starts = round_starts(shots)
        self._orders = hand_orders(shots, kept.arranged)
        self._lines: list[str] = []
        self._line_at: list[int] = []
        count = 0
        for frame in shots:
            if frame.line:
                self._lines.append(marks(frame.line))
                count += 1
            self._line_at.append(count)

    # ---------------------------------------------------------------- building

    def compose(self) -> ComposeResult:
        yield Plain(id="replay-header")
        yield from compose_ring(RING_IDS, self.kept.seat_names, self.kept.difficulty)
        yield Plain(id="replay-hands")
        yield GameLog(id="replay-log")
        yield Plain(id="replay-step")
        yield Hand(palette=self.palette, ascii_only=self.ascii_only, id="replay-hand")
        yield Footer()

    def on_mount(self) -> None:
        self.show_frame()
        if self.distrust:
            self.notify(f"This replay cannot be trusted: {self.distrust}.", severity="warning",
                        timeout=8, markup=False)

    # ---------------------------------------------------------------- drawing

    @property
    def frame(self) -> Frame:
        return self.shots[self.position]

    @property
    def at_end(self) -> bool:
        return self.position == len(self.shots) - 1

    def show_frame(self) -> None:
        """Feed every widget from the frame in view."""
        show_view(self, RING_IDS, self.frame.view, self.kept.seat_names.__getitem__,
                  scores=self.kept.rules.match is not Match.SINGLE, palette=self.palette,
                  ascii_only=self.ascii_only, rules=self.kept.rules)
        hand = self.query_one(Hand)
        hand.cards = self._orders[self.position]
        nxt = self.shots[self.position + 1] if not self.at_end else None
        about_to = (nxt.action.card if nxt is not None and nxt.seat == PLAYER
                    and isinstance(nxt.action, Play) else None)
        hand.playable = frozenset((about_to,)) if about_to is not None else frozenset()
        hand.selected = hand.cards.index(about_to) if about_to is not None else -1
        log = self.query_one(GameLog)
        log.show(self._lines[:self._line_at[self.position]])
        self._show_hands()
        self._header()
        self._step_line(about_to)
        self.refresh_bindings()  # Enter is offered on a costly moment only

    def _header(self) -> None:
        kept, frame = self.kept, self.frame
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(" REPLAY ", style="bold reverse")
        if self.face_up:
            text.append(" ALL HANDS FACE UP ", style="bold reverse")
        if self.distrust:
            text.append(" CANNOT BE TRUSTED ", style="bold reverse")
        if kept.practice:
            text.append(" PRACTICE ", style="bold reverse")
        text.append(marks(f" {preset_title(kept.preset) or 'Game'} · "
                          f"step {frame.index}/{len(self.shots) - 1} · round {frame.round} · "
                          + (counted(frame.turn, "turn") if self.at_end
                             else f"turn {frame.turn + 1}")))
        self.query_one("#replay-header", Static).update(text)

    def _show_hands(self) -> None:
        panel = self.query_one("#replay-hands", Static)
        panel.display = self.face_up  # above the log, which stays: F adds, it does not hide
        if not self.face_up:
            return
        names = self.kept.seat_names
        lines = [hand_line(names[s], self.frame.hands[s], self.ascii_only)
                 for s in range(1, self.kept.seats)]
        panel.update(Text("\n").join(lines))

    def _step_line(self, about_to: Card | None) -> None:
        """Under the log: a review's mark on this move, else what comes next."""
        frame = self.frame
        text = Text()
        mark = self.marks_at.get(frame.index)
        if mark:
            text.append(("* " if self.ascii_only else "◆ ") + mark, style="bold")
        elif self.at_end:
            ended = ("The game was left here." if self.kept.abandoned
                     else "This is the end of the game.")
            if self.kept.practice:
                ended += " A practice game: a move taken back is not in it."
            text.append(f"{ended} F turns every hand face up.", style="dim")
        elif about_to is not None:
            text.append(f"Next: you play {card_name(about_to, self.palette)}.", style="dim")
        else:
            nxt = self.shots[self.position + 1]
            who = ("the table" if nxt.seat is None else
                   "you" if nxt.seat == PLAYER else self.kept.seat_names[nxt.seat])
            text.append(f"Next to act: {who}.", style="dim")
        if mark:
            text.append("  Enter: try it again.", style="dim")
        step = self.query_one("#replay-step", Static)
        step.update(text)
        # A review's moment is read whole: it takes the log's rows (two lines cut it short).
        step.set_class(bool(mark), "-moment")
        self.query_one("#replay-log", GameLog).display = not mark

    # ---------------------------------------------------------------- keys

    def _go(self, position: int) -> None:
        position = max(0, min(position, len(self.shots) - 1))
        if position != self.position:
            self.position = position
            self.show_frame()
        else:
            self.app.bell()

    def action_step(self, step: int) -> None:
        self._go(self.position + step)

    def action_go(self, where: str) -> None:
        self._go(0 if where == "first" else len(self.shots) - 1)

    def action_round(self, step: int) -> None:
        starts = self._starts
        if step < 0:
            earlier = [s for s in starts if s < self.position]
            self._go(earlier[-1] if earlier else 0)
        else:
            later = [s for s in starts if s > self.position]
            self._go(later[0] if later else len(self.shots) - 1)

    def action_moment(self) -> None:
        """Jump to the next costly moment the review found (round again after the last)."""
        if not self.marks_at:
            self.notify("Review the game (V) to mark its costliest moments.", timeout=4)
            return
        ahead = sorted(i for i in self.marks_at if i > self.position)
        self._go(ahead[0] if ahead else min(self.marks_at))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enter (try again) is offered on a review's costly moment only."""
        if action == "try_again":
            return self.is_mounted and self.frame.index in self.marks_at
        return True

    def action_try_again(self) -> None:
        """The costly moment in view as an exercise: find the better move yourself."""
        if self.frame.index in self.marks_at:
            self.app.clear_notifications()
            self.dismiss(Go.TRY_AGAIN)

    def action_keys(self) -> None:
        self.notify(marks("← → a step · Home/End the deal and the end · PgUp/PgDn a round · "
                          "F every hand face up · V review · M the next costly moment · Enter "
                          "on it: try it again · "
                          "D the same deal again · Esc back"), timeout=8)

    def action_face_up(self) -> None:
        self.face_up = not self.face_up
        self.show_frame()

    def action_choose(self, what: str) -> None:
        self.app.clear_notifications()  # the keys ('?') are this screen's: they go with it
        self.dismiss(Go(what))
