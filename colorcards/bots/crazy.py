"""Crazy: Hard's judgement, playing as one side with the other computers against you.

A Crazy computer counts a round won by any computer as a win (`Tuning.side`): it
keeps its Skips and draw cards for the human and spares its partners, turns play away
from the human with Reverses, steers into colours the human drew on, catches only the
human, and never forgets Last Card. From the cards it cannot see it reckons the odds
that the next seat can follow what it leaves on top (`SidePlay.side_steer`):
good odds for a partner close to going out, poor ones for the human down to two
cards, drawing rather than change a colour the human is clearly less likely to follow.
Once the human is down to two cards it also thinks ahead (`ThinkingPlayer`), judging
each candidate by how often the human loses. Head to head, where the side is itself,
it thinks ahead for its own win. Everything comes from its view: the cards played, what
each seat drew on and how many cards it holds.
"""

from __future__ import annotations

from dataclasses import replace

from .thinking import Lookahead, ThinkingPlayer
from .tuning import Tuning

CRAZY = Tuning("crazy", random_play=0.0, stack_miss=0.0, forget=0.0, catch=1.0,
              save_wilds=True, aim=True, steer=True, focus_human=True,
              draw_to_save_wild=False, draw_four_attack=0.5, side=True)

#: How Crazy thinks ahead: 256 play-outs a decision at a table of three or more (128
#: head to head), once some seat is down to five cards; playing as a side, only once
#: the human is down to two (before that its side-play rules chose better). There a
#: candidate overrides the rules' choice only when it is clearly better, by two
#: standard errors: with the margin alone the play-outs did no better than the rules
#: (a Hard player against three Crazy won 17.2% of 2,000 games, seed 7, against 17.8%
#: of 10,000 with no play-outs; with this test and 256 play-outs, 16.9% of 5,000).
CRAZY_LOOKAHEAD = Lookahead(budget=256, duel_budget=128, critical=5, side_critical=2,
                            side_sure=2.0)


class CrazyPlayer(ThinkingPlayer):
    """The strongest level: Hard's rules and a side against the human, play-outs to decide."""

    def __init__(self, budget: int | None = None):
        lookahead = CRAZY_LOOKAHEAD
        if budget is not None:
            lookahead = replace(lookahead, budget=budget, duel_budget=budget)
        super().__init__(CRAZY, lookahead)
