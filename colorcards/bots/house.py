"""The house rules' decisions (RULES.md §10) for the rule-based players: whom to swap
hands with after a 7, whether to jump in, and who is a friend.

A seat's friends are the seats whose win is its own: under `partners` the seat
opposite; playing as a side (Crazy's tuning) every other computer; otherwise nobody.
The levels differ here as elsewhere: Easy swaps and jumps mostly at random and seldom
jumps; Normal takes the smallest hand and jumps about half the time; Hard and Crazy
weigh the hands (what they know of them: the cards they gave away, `View.known`) and
how close each player is to going out, and jump in when it helps, never to pass over
or hit a friend about to go out. Everything comes from the seat's view.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from ..engine import CALL, HUMAN_SEAT, Action, Partners, Play, Swap, View
from .knowledge import hits_next
from .tuning import Tuning

NOBODY: frozenset[int] = frozenset()
KNOWN_WILD = 0.8
"""What a Wild known to be in a hand adds to taking that hand (in cards)."""


def friends_of(view: View, side: bool) -> frozenset[int]:
    """The seats whose win is `view.seat`'s, itself aside: its partner (house rule
    `partners`), or, playing as a side against the human, every other computer."""
    seat = view.seat
    if side and seat != HUMAN_SEAT:
        return frozenset(s for s in range(view.seats) if s not in (seat, HUMAN_SEAT))
    if view.rules.partners is Partners.OFF:
        return NOBODY
    return view.rules.sides(view.seats)[seat] - {seat}


def passed_over(view: View) -> list[int]:
    """The seats a jump-in by this seat passes over: the one to act next and those
    after it, up to this seat, in the direction of play."""
    seats: list[int] = []
    s = view.current
    while s is not None and s != view.seat and s not in seats:
        seats.append(s)
        s = view.next_seat(s)
    return seats


def swap_value(counts: Sequence[int], me: int, seat: int, ours: frozenset[int],
               playing: set[int]) -> tuple[float, int, bool, int]:
    """How good swapping hands with `seat` is for `me`'s side (`ours`), from the hand
    sizes `counts` of the seats still `playing`, the larger the better: the closest
    opponent's cards less the side's closest after the swap; on a tie the side's fewest
    cards, then an opponent's hand, then the lower seat."""
    after = list(counts)
    after[me], after[seat] = after[seat], after[me]
    side = [after[s] for s in playing if s in ours]
    others = [after[s] for s in playing if s not in ours]
    lead = float(min(others, default=max(after) + 1) - min(side))
    return lead, -sum(side), seat not in ours, -seat


class HousePlay:
    """The house rules' decisions, for a player with a `level` (its `Tuning`)."""

    level: Tuning

    def friends(self, view: View) -> frozenset[int]:
        """`friends_of` this seat, for this player's tuning."""
        return friends_of(view, self.level.side)

    def swap(self, view: View, legal: Sequence[Action], rng: Random) -> Action:
        """After its 7: whose hand to take. Easy mostly at random; otherwise the swap
        that leaves this seat's side (itself and its friends) closest to going out
        against the closest opponent: the smallest hand taken from an opponent, never an
        opponent handed a hand smaller than the others', and a partner handed this
        seat's last cards when that is the side's best; on a tie the side's fewest
        cards, then an opponent's hand. Hard and Crazy also count the Wilds they know
        to be in the hand (`View.known`: cards they gave away)."""
        swaps = [a for a in legal if isinstance(a, Swap)]
        level = self.level
        if level.random_play and rng.random() < level.random_play:
            return swaps[int(rng.random() * len(swaps))]
        me = view.seat
        ours = self.friends(view) | {me}
        playing = {me, *(a.seat for a in swaps)}

        def value(action: Swap) -> tuple[float, int, bool, int]:
            lead, cards, opponent, seat = swap_value(view.hand_counts, me, action.seat, ours,
                                                     playing)
            if level.aim and view.known:
                lead += KNOWN_WILD * sum(1 for card in view.known[action.seat] if card.is_wild)
            return lead, cards, opponent, seat

        return max(swaps, key=value)

    def jump(self, view: View, legal: Sequence[Action], rng: Random) -> Action | None:
        """Offered a jump-in: the identical card, Last Card called first if it leaves
        one (forgotten at the level's rate), or None to let it go. Easy and Normal jump
        at their level's rate; Hard and Crazy whenever it helps: not when it passes over
        a friend close to going out, nor when the card would then hit a friend."""
        jump = next((a for a in legal if isinstance(a, Play)), None)
        if jump is None:
            return None
        level = self.level
        if level.aim:
            if not self.jump_helps(view, jump):
                return None
        elif rng.random() >= level.jump:
            return None
        if CALL in legal and len(view.hand) == 2 and rng.random() >= level.forget:
            return CALL
        return jump

    def jump_helps(self, view: View, jump: Play) -> bool:
        """Whether jumping in with `jump` does this seat's side no harm: it passes over
        no friend down to two cards, and its card does not then hit a friend."""
        friends = self.friends(view)
        if not friends:
            return True
        if any(s in friends and view.hand_counts[s] <= 2 for s in passed_over(view)):
            return False
        return not (hits_next(view, jump.card.rank) and view.next_seat() in friends)
