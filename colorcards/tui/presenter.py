"""What the table shows of a View round the ring: where each opponent's tag sits, what
the tags and the ring say.

The table (a game being played) and the replay (a kept game, frame by frame) both draw
through here, so a seat's place round the ring, what a tag or the ring says of a view,
and which boxes stay empty are written once. The view is all there is to read: it holds
only what the player's seat may know (others' drawn cards are not in it), so nothing
here filters anything.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.dom import DOMNode

from ..engine import HUMAN_SEAT as PLAYER
from ..engine import Card, Colour, Rules
from .widgets import OpponentTag, Ring


def ring_places(opponents: int) -> tuple[int, int, int]:
    """How many tags go left, across the top and right of the ring (seat 1 on your left)."""
    if opponents == 1:
        return 0, 1, 0
    side = min(3, max(1, (opponents - 1) // 2))
    return side, opponents - 2 * side, side


def seats_round(opponents: int) -> tuple[list[int], list[int], list[int]]:
    """The opponents' seats left of the ring (bottom to top, so seat 1 is nearest you),
    across the top (left to right) and right of it (top to bottom)."""
    left, top, _ = ring_places(opponents)
    seats = list(range(1, opponents + 1))
    return list(reversed(seats[:left])), seats[left:left + top], seats[left + top:]


class Shown(Protocol):
    """What the ring and the tags draw of a view: an `engine.View`, or an exercise's
    kept position (`session.exercises.Seen`)."""

    @property
    def seats(self) -> int: ...
    @property
    def current(self) -> int | None: ...
    @property
    def hand_counts(self) -> tuple[int, ...]: ...
    @property
    def called(self) -> tuple[bool, ...]: ...
    @property
    def vulnerable(self) -> int | None: ...
    @property
    def out(self) -> tuple[int, ...]: ...
    @property
    def scores(self) -> tuple[int, ...]: ...
    @property
    def top(self) -> Card: ...
    @property
    def active_colour(self) -> Colour | None: ...
    @property
    def direction(self) -> int: ...
    @property
    def draw_count(self) -> int: ...
    @property
    def pending(self) -> int: ...


@dataclass(frozen=True)
class RingIds:
    """The ids of the ring's boxes on one screen (each screen's stylesheet has its own)."""

    middle: str
    left: str
    centre: str
    top: str
    ring: str
    right: str
    tag: str
    """Each tag's id is this followed by its seat."""


def compose_ring(ids: RingIds, names: Sequence[str], level: str) -> ComposeResult:
    """The ring with the opponents' tags round it, in their boxes; a box with no tag in
    it is marked `-empty` (its stylesheet gives it no room)."""
    left, top, right = seats_round(len(names) - 1)

    def box(seats: list[int], classes: str = "") -> str:
        return classes if seats else f"{classes} -empty".strip()

    def tags(seats: list[int]) -> ComposeResult:
        for seat in seats:
            yield OpponentTag(seat, names[seat], level, id=f"{ids.tag}{seat}")

    with Horizontal(id=ids.middle):
        with Vertical(id=ids.left, classes=box(left, "side-tags")):
            yield from tags(left)
        with Vertical(id=ids.centre):
            with Horizontal(id=ids.top, classes=box(top)):
                yield from tags(top)
            yield Ring(id=ids.ring)
        with Vertical(id=ids.right, classes=box(right, "side-tags")):
            yield from tags(right)


def show_view(screen: DOMNode, ids: RingIds, view: Shown, name: Callable[[int], str], *,
              scores: bool, palette: str, ascii_only: bool, rules: Rules | None) -> None:
    """Feed the tags and the ring of `screen` from the player's `view`; `scores`: the
    match is played over rounds, so each tag shows its seat's score; `rules`: the
    table's (None: an exercise kept without them, the default rules)."""
    for seat in range(1, view.seats):
        place = view.out.index(seat) + 1 if seat in view.out else None
        screen.query_one(f"#{ids.tag}{seat}", OpponentTag).show(
            cards=view.hand_counts[seat], current=view.current == seat,
            called=view.called[seat], vulnerable=view.vulnerable == seat, out_place=place,
            score=view.scores[seat] if scores else None, ascii_only=ascii_only)
    pending_seat = None
    if view.pending and view.current is not None:
        pending_seat = "you" if view.current == PLAYER else name(view.current)
    screen.query_one(f"#{ids.ring}", Ring).show(
        top=view.top, active=view.active_colour, direction=view.direction,
        draw_count=view.draw_count, palette=palette, ascii_only=ascii_only,
        pending=view.pending, pending_seat=pending_seat,
        players=sum(1 for count in view.hand_counts if count), rules=rules or Rules())
