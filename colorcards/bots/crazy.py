"""Crazy: Hard's judgement, plus steering, a focus on the human, and thinking ahead.

On top of Hard it switches play into colours the next seat has shown it lacks (it
drew on them), never forgets Last Card, always catches, and weighs the human's threat
above the other computers' when it picks whom to stop. It never draws instead of
playing and keeps its Wild Draw Four longer than Hard does (both measured to pay).
Once some seat is down to a few cards and a turn offers a real choice, it imagines the hidden cards several times over (dealt from the cards it has
not seen, into hands of the right sizes, away from colours a seat drew on) and plays
each candidate out in every imagined deal, picking the one that wins most often.
Every candidate meets the same deals and the same shuffles, so the comparison is
between moves, not between lucky and unlucky deals.
"""

from __future__ import annotations

from random import Random
from typing import Sequence

from ..engine import DRAW, PASS, Action, Play, View
from .heuristic import HeuristicPlayer, Level, card_plays, distinct_cards, play_for, remaining
from .knowledge import in_round
from .rollout import Playout, most_held as _most_held, sample_world, unseen_list

CRAZY = Level("crazy", random_play=0.0, stack_miss=0.0, forget=0.0, catch=1.0,
              save_wilds=True, aim=True, steer=True, focus_human=True,
              draw_to_save_wild=False, draw_four_attack=0.5)

#: Play-outs spent on one decision, shared among its candidates, at a table of three
#: or more; head to head, where every turn counts for more, `DUEL_BUDGET`. At 48 one
#: Crazy against three Hard won 27.8% (seed 1); at 96 it won 28.8% (seed 2) while its
#: thinking stays a few milliseconds.
BUDGET = 96
DUEL_BUDGET = 64
#: Think ahead only once some seat is down to this many cards: before that the rules
#: choose about as well, and the time is better spent where games are decided.
CRITICAL = 5
#: Fewest imagined deals per candidate.
MIN_WORLDS = 16
#: Longest play-out before the hand sizes are used to guess the winner.
PLY_LIMIT = 150
#: How much better (in win share) a candidate must do than the rule-based choice.
MARGIN = 0.02


class CrazyPlayer(HeuristicPlayer):
    """The strongest level: Hard's rules as a prior, play-outs to decide."""

    def __init__(self, budget: int | None = None):
        super().__init__(CRAZY)
        self.budget = budget
        """Play-outs per decision; None: `BUDGET`, or `DUEL_BUDGET` with two left in."""

    def turn(self, view: View, legal: Sequence[Action], rng: Random) -> Action:
        prior = super().turn(view, legal, rng)
        budget = self.budget
        if budget is None:
            budget = DUEL_BUDGET if in_round(view) == 2 else BUDGET
        if view.pending or budget <= 0:
            return prior
        if min(n for n in view.hand_counts if n) > CRITICAL:
            return prior
        candidates = self.candidates(view, legal, prior)
        if len(candidates) < 2:
            return prior
        values = self.evaluate(view, candidates, rng, budget)
        best = max(range(len(candidates)), key=lambda i: values[i])
        if values[best] > values[0] + MARGIN:
            return candidates[best]
        return prior

    def candidates(self, view: View, legal: Sequence[Action], prior: Action) -> list[Action]:
        """The rule-based choice first, then every other sensible option."""
        result = [prior]
        plays = card_plays(legal)
        for card in distinct_cards(plays):
            action = play_for(view, card, remaining(view.hand, card), self.level)
            if action not in plays:
                action = next(a for a in plays if a.card is card)
            if action not in result:
                result.append(action)
        if PASS in legal and plays and PASS not in result:
            result.append(PASS)  # after a draw: keep the drawn card instead
        return result

    def evaluate(self, view: View, candidates: Sequence[Action], rng: Random,
                 budget: int = BUDGET) -> list[float]:
        """Each candidate's share of wins over the same imagined deals."""
        worlds = max(MIN_WORLDS, budget // len(candidates))
        pool = unseen_list(view)
        me = view.seat
        totals = [0.0] * len(candidates)
        for _ in range(worlds):
            seed = int(rng.random() * 2**53)
            hands, pile = sample_world(view, pool, Random(seed))
            for i, action in enumerate(candidates):
                sim = Playout(view, [list(h) for h in hands], list(pile), Random(seed + 1))
                totals[i] += self.play_out(sim, view, action, me)
        return [t / worlds for t in totals]

    @staticmethod
    def play_out(sim: Playout, view: View, action: Action, me: int) -> float:
        """Apply this seat's action in the model, then play the round out."""
        if isinstance(action, Play):
            nxt = sim.put(me, action.card, action.colour)
            if nxt is None:
                return 1.0
            return sim.run(nxt, me, PLY_LIMIT)
        if action is DRAW:
            card = sim.draw(me, 1)
            if card is not None and (card.is_wild or card.colour is sim.active
                                     or card.rank is sim.top.rank):
                colour = _most_held(sim.hands[me], card) if card.is_wild else None
                nxt = sim.put(me, card, colour)
                return 1.0 if nxt is None else sim.run(nxt, me, PLY_LIMIT)
            return sim.run(sim.next_seat(me), me, PLY_LIMIT)
        # PASS after a draw: the drawn card stays in hand.
        return sim.run(sim.next_seat(me), me, PLY_LIMIT)
