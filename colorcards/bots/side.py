"""Crazy's side play: computer seats playing as one side against the human.

A `Tuning` with ``side`` set makes every computer seat a partner of the others: its
Skips and draw cards should land on the human, the colour it leaves should be one the
human drew on (and, once the human is down to two cards, one its last cards are least
likely to follow), and a partner close to going out should be left a way to follow.
`SidePlay` holds those considerations; `HeuristicPlayer` scores its cards with them
when its tuning plays as a side. Everything is read from the seat's view.
"""

from __future__ import annotations

from collections import Counter

from ..engine import HUMAN_SEAT, Action, Card, Colour, Play, Rank, View
from ..engine.turns import Turn
from .knowledge import (
    follow_chance,
    hits_next,
    in_round,
    next_to_play,
    stuck,
    threat,
    turns_until,
)
from .tuning import Tuning

#: Playing as a side: how much the chance that the human can follow the card left on
#: top costs, times the human's `threat` (from two cards; measured from seat 0, see
#: `SidePlay.side_steer`), and how much a partner's chance adds, times its threat.
HUMAN_FOLLOW = 2.0
PARTNER_FOLLOW = 3.0
#: How much likelier to fit the human's last cards a play must be than the card on top
#: before a side draws instead, to keep the colour.
HOLD_MARGIN = 0.05


class SidePlay:
    """The side's considerations, for a player with a `level` (its `Tuning`)."""

    level: Tuning

    def plays_side(self, view: View) -> bool:
        """Whether this seat plays as a side against the human (a computer's seat)."""
        return self.level.side and view.seat != HUMAN_SEAT

    def side_steer(self, view: View, card: Card, colour: Colour,
                   pool: Counter[Card] | None = None) -> float:
        """Playing as a side, what the colour (and rank) left on top is worth: against
        the human it should be one the human drew on, and once the human is down to two
        cards one its last cards are least likely to follow; for a partner, one it can
        follow, the more so the closer it is to going out."""
        nxt = next_to_play(view, card)
        human = view.hand_counts[HUMAN_SEAT]
        value = 0.0
        if colour in view.lacks[HUMAN_SEAT]:
            if nxt == HUMAN_SEAT:
                value += 3.0 + threat(human) * 0.5 + (1.0 if stuck(view, nxt) else 0.0)
            else:
                value += 0.5
        elif nxt != view.seat and colour in view.lacks[nxt]:
            value -= 1.0  # a partner who drew on the colour: leave it a way out
        if hits_next(view, card.rank) or nxt == view.seat or (nxt == HUMAN_SEAT and human > 2):
            return value
        # The cards behind the next seat's are drawn from those this seat cannot see.
        if pool is None:
            pool = view.unseen()
        odds = follow_chance(pool, view.lacks[nxt], view.hand_counts[nxt], colour, card.rank)
        if nxt == HUMAN_SEAT:
            return value - HUMAN_FOLLOW * threat(human) * odds
        return value + PARTNER_FOLLOW * threat(view.hand_counts[nxt]) * odds

    def holds_colour(self, view: View, action: Action) -> bool:
        """Playing as a side at a table of three or more, with the human next and down to
        two cards: whether to draw (or keep the card just drawn) rather than play
        `action`, because the colour and rank on top now are clearly less likely to fit
        the human's last cards. (Head to head a card drawn is a card more in the race
        against the human itself; there the play-outs judge.)"""
        human = view.hand_counts[HUMAN_SEAT]
        if (not self.level.steer or not self.plays_side(view) or view.pending or human > 2
                or in_round(view) <= 2 or view.next_seat() != HUMAN_SEAT
                or not isinstance(action, Play)):
            return False
        card = action.card
        if hits_next(view, card.rank) or next_to_play(view, card) != HUMAN_SEAT:
            return False
        active = view.active_colour
        if active is None:
            return False
        pool = view.unseen()
        lacking = view.lacks[HUMAN_SEAT]
        keep = follow_chance(pool, lacking, human, active, view.top.rank)
        play = follow_chance(pool, lacking, human, action.colour or card.colour or active,
                             card.rank)
        return keep + HOLD_MARGIN < play

    def side_attack_value(self, view: View, card: Card) -> float:
        """Playing as a side: a Skip or draw card is worth playing on the human, at any
        hand size, and costs the side when it lands on a partner; a Reverse is worth
        the turns it puts between the human and its next turn."""
        rank = card.rank
        two = in_round(view) <= 2
        if hits_next(view, rank):
            victim = view.next_seat()
            if victim != HUMAN_SEAT:
                return -1.0 - threat(view.hand_counts[victim]) * 1.5
            value = 3.0 + threat(view.hand_counts[HUMAN_SEAT]) * 1.5
            if rank is Rank.DRAW_TWO:
                value += 1.5
            elif rank is Rank.WILD_DRAW_FOUR:
                value += self.level.draw_four_attack
            if two:
                value += 1.0
            return value
        if view.card_turn(rank) is Turn.REVERSE:
            before = turns_until(view, HUMAN_SEAT)
            after = turns_until(view, HUMAN_SEAT, -view.direction)
            return (after - before) * (0.3 + threat(view.hand_counts[HUMAN_SEAT]) * 0.4)
        return 0.0
