"""The coach's weighing: which move gives the best chance to win the round, and how sure.

Everything starts from one seat's `View`: the cards it could not see are dealt at
random (`deal_from_view`), consistently with everything it could see, and each option
is played out until someone goes out, through the engine's own rules (`Game.copy`,
`playout.first_out`). Each computer plays out at the table's own level (a level is
public): a quick rule of thumb with that level's lapses, four times faster than the
levels' full judgement (`full=True`), which buys four times the deals. The player's own
later moves are played as a Hard computer would. Every option meets the same deals and
the same shuffles (common random numbers), so options are compared deal by deal.

Noise is the enemy of advice: the best of several noisy estimates is mostly the
luckiest. So choosing and measuring are kept apart.

1. **Choosing** (`Coach.advise`): all sensible options race on one stream of deals, in
   batches; an option falls out once it is behind the leader by more than `DROP_Z`
   standard errors of the deal-by-deal difference. What is left when the budget is
   spent cannot be told apart: the *close* options. The coach recommends Hard's own
   choice when it is among them (Hard's judgement breaks the tie), else the close
   option that did best.
2. **Measuring** (`Coach.judge`): a move that is among the close options was as good as
   the best found, and costs nothing — unless it played the second-last card without
   calling Last Card, which is weighed against the same card with the call. Otherwise
   the recommended move and the move made are played out again on fresh deals, drawn
   from another stream that the choosing never saw, in looks of growing size
   (`LOOKS`). After each look the cost (the difference in the chance to win the round)
   gets an interval with `POCOCK`'s bound for that many looks, so that stopping early
   where the answer is clear still leaves a 95% interval overall. The measuring stops
   once the interval lies wholly above `NOTICEABLE` (a costly move), once the cost is
   clearly short of it (`FUTILE_Z`), or at the last look.
3. **Reporting**: the test stops when its estimate looks large, so that estimate runs a
   little high. The chances shown for a move the test lists are measured on a third
   stream of deals, which neither the choosing nor the testing saw, as many as the test
   played (`report_deals`). A move is called costly only when those chances show it
   too (`costly`): what the player reads never contradicts the verdict.

The generator of every stream is seeded from the view itself and the coach's seed, so
the hint at the table and the review afterwards answer the same position the same way,
and re-dealing what the seat could not see changes nothing.

Each weighing is also written as steps, one imagined deal a step (`Coach.judging`,
`Coach.advising`): a caller may run several judgements in turns, and each still gives
exactly the answer it gives alone, since its streams are its own (`run`).
"""

from __future__ import annotations

import hashlib
import json
import math
from collections import Counter
from collections.abc import Callable, Collection, Generator, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any, TypeVar, cast

from ..bots.crazy import CRAZY
from ..bots.heuristic import EASY, HARD, NORMAL, HeuristicPlayer
from ..bots.tuning import Tuning
from ..engine import (
    CALL,
    COLOURS,
    DECLINE,
    Action,
    Card,
    Colour,
    DecisionKind,
    Play,
    View,
    action_from_json,
)
from ..level import Level
from .playout import outcomes
from .pool import Pool

WEIGHED = frozenset({DecisionKind.TURN, DecisionKind.JUMP})
"""The decisions of a player's the coach weighs (with more than one option): a turn, and
a jump-in offered (to jump or let it go, house rule `jump_in`)."""

SEED = 0x5EED_2E71
"""The coach's own seed: with the view, all its generators depend on."""

NOTICEABLE = 0.03
"""The bar: a move that lowers the chance to win the round by less than this (3%) is as
good as the best. Its one home: the test (`listed`), the verdict (`costly`) and every
sentence that names it (`bar_words`) read it here, when they are used."""

BATCH = 32
"""Deals per batch while choosing."""

CHOOSE_DEALS = 320
"""The most deals the options race on while choosing."""

CHOOSE_PLAYOUTS = 1600
"""The most play-outs the choosing may spend (deals × options still racing)."""

DROP_Z = 1.5
"""An option falls out of the race once it is this many standard errors behind. An
option dropped by bad luck is never held against the player on that account: a move
made that fell out is listed only if the test on fresh deals finds it costly. (At 2.0,
a Normal player's real mistakes listed, seed 2: 2 in 12 games; at 1.5, 4.)"""

LOOKS = (256, 512, 1024, 2048, 4096, 8192)
"""Fresh deals measured after each look (cumulative). The sixth look, at 8,192 deals, is
reached only by a move whose cost is still in doubt at 4,096 (10 of 120 tested moves in
48 Normal games, seed 2): it found 36 real moments where five looks found 33, for a
third more deals spent testing (tests/benchmarks/coach_looks.py)."""

FUTILE_Z = 1.0
"""A measuring stops early, as not costly, once the cost is this many standard errors
below `NOTICEABLE`: the listing bound could then hardly be reached. (Stopping for
futility never lists a move, so it cannot raise the rate of false listings.)"""

POCOCK = {1: 1.960, 2: 2.178, 3: 2.289, 4: 2.361, 5: 2.413, 6: 2.453, 7: 2.485, 8: 2.512}
"""Pocock's bound for that many equally spaced looks at a two-sided 5% error: each
look's interval is this many standard errors wide on either side, so that the chance
of any look wrongly clearing the bound stays 5% in all. A move is listed by one side of
the interval only: with looks that double in size (not equally spaced) the chance that
a move costing 3 points is listed is 2.8% over four looks, 3.0% over five and 3.5% over
six (simulated, 200,000 and 400,000 runs)."""

REPORT_DEALS = 512
"""The fewest fresh deals of a third stream that give the chances shown for a move the
test lists: as many as the test itself played, and never fewer than this
(`report_deals`)."""

PLAYER_TUNING = HARD
"""How the player's own later moves are played out: with Hard's judgement."""

TUNINGS: dict[Level, Tuning] = {Level.EASY: EASY, Level.NORMAL: NORMAL, Level.HARD: HARD,
                                Level.CRAZY: CRAZY}
"""Each level's judgement, for the computers in the play-outs."""


def shown(chance: float) -> int:
    """A chance as the player reads it: whole percent ('35%')."""
    return round(chance * 100)


def bar_words() -> str:
    """The bar as the player reads it: '3%' (a bar between whole percents: '2.5%')."""
    return f"{NOTICEABLE * 100:.3g}%"


def costly(low: float, made_chance: float | None = None,
           best_chance: float | None = None) -> bool:
    """The coach's verdict on a move weighed against its choice: costly when the whole
    95% interval of the cost (from `low` up) lies at or above `NOTICEABLE`, and the
    chances shown for the two, measured apart (`made_chance`, `best_chance`: the
    reporting deals'), lie at least `NOTICEABLE` apart, measured and as the player
    reads them (whole percent). A move is called costly only with figures that show it.
    Without chances measured (an exercise whose budget left none), the interval alone
    decides, and the words say only what it makes certain ('at least 3% less likely to
    win')."""
    if low < NOTICEABLE:
        return False
    if made_chance is None or best_chance is None:
        return True
    return (best_chance - made_chance >= NOTICEABLE
            and shown(best_chance) - shown(made_chance) >= NOTICEABLE * 100 - 1e-9)


def report_deals(tested: int) -> int:
    """The deals that give the chances shown for a move its test listed after `tested`
    deals: as many again, and at least `REPORT_DEALS`. A move listed at a late look is
    close to the bar, and its chances need as many deals to agree with the test (with
    the deal-by-deal variance of about 0.36, a move costing 4% reads as less than 3% on
    512 deals one time in three)."""
    return max(REPORT_DEALS, tested)


T = TypeVar("T")

Steps = Generator[None, None, T]
"""A weighing made step by step: each step plays out one imagined deal; the value it
returns at its end is the answer."""

PlayOut = Callable[[View, Sequence[Action], Sequence[bool], Sequence[Tuning], bool, int, int],
                   list[int | None]]
"""One imagined deal played out after each action: who went out first after each
(`playout.outcomes`, whose arguments it takes)."""


def run(steps: Steps[T], stop: Callable[[], bool] | None = None) -> T | None:
    """The answer of `steps`, run to its end; None if `stop()` says to give up before
    a step."""
    while True:
        if stop is not None and stop():
            steps.close()
            return None
        try:
            next(steps)
        except StopIteration as end:
            value: T | None = end.value
            return value


def finish(steps: Steps[T]) -> T:
    """The answer of `steps`, run to its end without a stop."""
    return cast(T, run(steps))


@dataclass(frozen=True)
class Tally:
    """One option's play-outs: how often the seat won the round, and who went out first."""

    action: Action
    deals: int
    wins: int
    first_out: tuple[int, ...]
    """Per seat: in how many of the deals that seat went out first."""

    @property
    def chance(self) -> float:
        return self.wins / self.deals if self.deals else 0.0

    def out_share(self, seat: int) -> float:
        return self.first_out[seat] / self.deals if self.deals else 0.0

    def as_json(self) -> dict[str, Any]:
        return {"action": self.action.as_json(), "deals": self.deals, "wins": self.wins,
                "first_out": list(self.first_out)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Tally:
        return cls(action_from_json(data["action"]), int(data["deals"]), int(data["wins"]),
                   tuple(int(n) for n in data["first_out"]))


@dataclass(frozen=True)
class Advice:
    """The coach's choice among a decision's options (the hint)."""

    options: tuple[Action, ...]
    """Every sensible option weighed, in a fixed order."""
    race: tuple[Tally, ...]
    """Each option's tally in the race (an option that fell out stopped early)."""
    close: tuple[Action, ...]
    """The options that could not be told apart from the best, recommended first."""
    hard: Action
    """What Hard's judgement chose."""

    @property
    def recommended(self) -> Action:
        return self.close[0]

    @property
    def playouts(self) -> int:
        return sum(t.deals for t in self.race)

    def as_json(self) -> dict[str, Any]:
        """As the coach's process sends it to the table (the hint)."""
        return {"options": [a.as_json() for a in self.options],
                "race": [t.as_json() for t in self.race],
                "close": [a.as_json() for a in self.close], "hard": self.hard.as_json()}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Advice:
        return cls(tuple(action_from_json(a) for a in data["options"]),
                   tuple(Tally.from_json(t) for t in data["race"]),
                   tuple(action_from_json(a) for a in data["close"]),
                   action_from_json(data["hard"]))


@dataclass(frozen=True)
class Verdict:
    """A move made, weighed against the coach's choice."""

    made: Action
    best: Action
    """The coach's recommended move, also when the move made was among the close ones
    (the review then calls the move made as good as it)."""
    close: bool
    """The move made was among the options that could not be told apart from the best."""
    made_tally: Tally | None = None
    """For a costly move: the move made on the reporting deals (else None)."""
    best_tally: Tally | None = None
    """For a costly move: the recommended move on the same deals."""
    cost: float = 0.0
    """How much the chance to win the round fell: on the reporting deals for a costly
    move, else as the test measured it (0 when close)."""
    low: float = 0.0
    high: float = 0.0
    """The 95% interval of the cost, from the test."""
    playouts: int = 0
    """Play-outs spent, choosing and measuring."""
    uncalled: bool = False
    """The move made played the second-last card without calling Last Card: it was
    weighed as played, against the coach's choice with the call."""

    @property
    def costly(self) -> bool:
        """A real mistake: the whole interval at or above `NOTICEABLE`, and the chances
        shown for it as far apart (`costly`)."""
        made, best = self.made_tally, self.best_tally
        return costly(self.low, None if made is None else made.chance,
                      None if best is None else best.chance)

    def as_json(self) -> dict[str, Any]:
        """As the coach's process sends it to the table (every figure, exactly)."""
        return {"made": self.made.as_json(), "best": self.best.as_json(),
                "close": self.close,
                "made_tally": None if self.made_tally is None else self.made_tally.as_json(),
                "best_tally": None if self.best_tally is None else self.best_tally.as_json(),
                "cost": self.cost, "low": self.low, "high": self.high,
                "playouts": self.playouts, "uncalled": self.uncalled}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Verdict:
        made, best = data["made_tally"], data["best_tally"]
        return cls(action_from_json(data["made"]), action_from_json(data["best"]),
                   bool(data["close"]), None if made is None else Tally.from_json(made),
                   None if best is None else Tally.from_json(best), float(data["cost"]),
                   float(data["low"]), float(data["high"]), int(data["playouts"]),
                   bool(data["uncalled"]))


def view_seed(view: View, seed: int, stream: str) -> int:
    """A generator seed from what the view shows, the coach's seed and a stream name."""
    text = json.dumps(view.as_json(), sort_keys=True, separators=(",", ":"))
    digest = hashlib.blake2b(f"{seed}:{stream}:{text}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def call_due(legal: Sequence[Action]) -> bool:
    """Last Card may be called ahead of a card: a card played now is played with the call
    first, as a player down to two cards does (the coach never weighs leaving it out)."""
    return CALL in legal and len(legal) > 1


def forgot_call(view: View, legal: Sequence[Action], made: Action) -> bool:
    """`made` plays the second-last card without Last Card called first."""
    return isinstance(made, Play) and len(view.hand) == 2 and call_due(legal)


def pairing(view: View, legal: Sequence[Action], made: Action,
            advice: Advice) -> tuple[Action, tuple[bool, bool]] | None:
    """What judging `made` measures: the move it is set against, and whether Last Card is
    called ahead of each of the two; None when `made` was among the close options (and
    called as it should be), which costs nothing. A card left uncalled is weighed as
    played, against the same card with the call when the card was among the close ones."""
    uncalled = forgot_call(view, legal, made)
    if made in advice.close and not uncalled:
        return None
    best = made if made in advice.close else advice.recommended
    return best, (call_due(legal), not uncalled and call_due(legal))


def _most_held(hand: Sequence[Card], played: Card) -> Colour:
    """The colour the hand holds most of once `played` is gone (first in order on a tie)."""
    rest = list(hand)
    rest.remove(played)
    counts = Counter(c.colour for c in rest if c.colour is not None)
    return max(COLOURS, key=lambda colour: (counts[colour], -COLOURS.index(colour)))


def options(view: View, legal: Sequence[Action], hard: Action) -> list[Action]:
    """The moves worth weighing: Hard's choice first, then each distinct card that may
    be played (a Wild naming the colour the hand holds most of), drawing, keeping a
    drawn card, and any other choice the rules offer. The list does not depend on the
    move made, so the hint and the review race the same options the same way."""
    found: list[Action] = [hard]
    for action in legal:
        if isinstance(action, Play) and action.colour is not None:
            action = Play(action.card, _most_held(view.hand, action.card))
            if action not in legal:
                continue
        if action not in found:
            found.append(action)
    return found


def _paired(a: Sequence[int], b: Sequence[int]) -> tuple[float, float]:
    """Mean and standard error of a - b, deal by deal."""
    n = len(a)
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
    return mean, math.sqrt(var / n)


class Coach:
    """Weighs one seat's options from its view alone; see the module docstring."""

    def __init__(self, level: Level | str = Level.HARD, seed: int = SEED,
                 choose_deals: int = CHOOSE_DEALS, choose_playouts: int = CHOOSE_PLAYOUTS,
                 looks: Sequence[int] = LOOKS, full: bool = False,
                 drop_z: float = DROP_Z, pool: Pool | None = None,
                 play_out: PlayOut = outcomes) -> None:
        if pool is not None and play_out is not outcomes:
            raise ValueError("the pool's processes play out through the engine only")
        self.level = Level(level)
        """The computers' level at this table: they play out at it."""
        self.seed = seed
        self.choose_deals = choose_deals
        self.choose_playouts = choose_playouts
        self.looks = tuple(looks)
        self.full = full
        """Play out with each level's full judgement (`HeuristicPlayer`) instead of the
        quick rule of thumb with its lapses: four times slower; for measurements."""
        self.drop_z = drop_z
        self.look_z = POCOCK[len(self.looks)]
        """The half-width of each look's interval, in standard errors."""
        self.pool = pool
        """The processes that play the deals out beside this one (pool.py); None: here
        alone. The verdicts are the same either way."""
        self.play_out = play_out
        """How an imagined deal is played out: through the engine (`playout.outcomes`),
        or by a model of the position whose chances are known, against which the
        coach's statistics can be checked (tests/test_coach_statistics.py)."""

    # ------------------------------------------------------------ play-outs

    def _tunings(self, view: View) -> list[Tuning]:
        tuning = TUNINGS[self.level]
        return [PLAYER_TUNING if s == view.seat else tuning for s in range(view.seats)]

    def _deals(self, view: View, actions: Sequence[Action], rng: Random, count: int,
               tunings: Sequence[Tuning], calls: Sequence[bool]) -> Steps[list[list[int | None]]]:
        """`count` imagined deals of the stream `rng`: per deal, for each action, who went
        out first after it. The deals' seeds are drawn here in stream order, so that the
        rows do not depend on how many processes play them (`pool`). Played here alone, a
        step is a deal; with helpers, a step is a deal of this process's share."""
        seeds = [(rng.getrandbits(64), rng.getrandbits(64)) for _ in range(count)]
        pool = self.pool
        size = 1 if pool is None else min(pool.size, count)
        share = -(-count // size)
        parts = [seeds[k:k + share] for k in range(0, count, share)]
        tickets = []
        if pool is not None and len(parts) > 1:
            tickets = pool.send([(view, tuple(actions), tuple(calls), tuple(tunings), self.full,
                                  part) for part in parts[1:]])
        rows: list[list[int | None]] = []
        try:
            for deal, shuffle in parts[0]:
                rows.append(self.play_out(view, actions, calls, tunings, self.full, deal,
                                          shuffle))
                yield
            if tickets:
                assert pool is not None
                for answer in pool.collect(tickets):
                    rows.extend(answer)
                tickets = []
        finally:
            if tickets and pool is not None:
                pool.drop(tickets)  # dropped half-way: the helpers' answers are not wanted
        return rows

    @property
    def _step(self) -> int:
        """Deals drawn at a time while measuring: a batch for each process."""
        return BATCH * (1 if self.pool is None else self.pool.size)

    # ------------------------------------------------------------ choosing

    def advise(self, view: View, legal: Sequence[Action], made: Action | None = None,
               stop: Callable[[], bool] = lambda: False) -> Advice:
        """The options raced on the choosing stream; the close ones, recommended first
        (when `stop()` says so, the race ends early and its leaders so far are given)."""
        return finish(self.advising(view, legal, made, stop))

    def advising(self, view: View, legal: Sequence[Action], made: Action | None = None,
                 stop: Callable[[], bool] = lambda: False) -> Steps[Advice]:
        """`advise`, a deal a step."""
        # Calling Last Card ahead of the card is no choice against that card: the call
        # may as well follow it. The coach weighs the cards, and the call goes with them.
        call = call_due(legal)
        legal = [a for a in legal if a is not CALL] or list(legal)
        tunings = self._tunings(view)
        player, own = HeuristicPlayer(HARD), Random(view_seed(view, self.seed, "hard"))
        if DECLINE in legal:  # a jump-in offered: jump, or let it go
            hard = player.react(view, [a for a in legal if a is not DECLINE], own) or DECLINE
        else:
            hard = player.choose(view, legal, own)
        opts = options(view, legal, hard)
        if made is not None and made not in opts:
            opts.append(made)  # a Wild naming a colour other than the one held most
        seat = view.seat
        side = view.rules.sides(view.seats)[seat]  # its win: with partners, its side's
        results: list[list[int]] = [[] for _ in opts]
        outs: list[Counter[int]] = [Counter() for _ in opts]
        alive = list(range(len(opts)))
        rng = Random(view_seed(view, self.seed, "choose"))
        spent = deals = 0
        while len(alive) > 1 and deals < self.choose_deals and not stop():
            if deals and spent + len(alive) * BATCH > self.choose_playouts:
                break
            rows = yield from self._deals(view, [opts[i] for i in alive], rng, BATCH, tunings,
                                          [call] * len(alive))
            for row in rows:
                for i, who in zip(alive, row, strict=True):
                    results[i].append(1 if who in side else 0)
                    if who is not None:
                        outs[i][who] += 1
            deals += BATCH
            spent += len(alive) * BATCH
            alive = self._survivors(alive, results, deals, self.drop_z)
        leader_order = sorted(alive, key=lambda i: (-sum(results[i][:deals]), i))
        close = [opts[i] for i in leader_order]
        if hard in close:
            close.remove(hard)
            close.insert(0, hard)
        race = tuple(Tally(opts[i], len(results[i]), sum(results[i]),
                           tuple(outs[i][s] for s in range(view.seats)))
                     for i in range(len(opts)))
        return Advice(tuple(opts), race, tuple(close), hard)

    @staticmethod
    def _survivors(alive: list[int], results: list[list[int]], deals: int,
                   drop_z: float) -> list[int]:
        """The options still in the race: not `drop_z` standard errors behind the leader."""
        leader = max(alive, key=lambda i: (sum(results[i]), -i))
        kept = []
        for i in alive:
            if i != leader:
                mean, se = _paired(results[leader][:deals], results[i][:deals])
                if mean > drop_z * se and mean > 0:
                    continue
            kept.append(i)
        return kept

    # ------------------------------------------------------------ measuring

    def play_off(self, view: View, legal: Sequence[Action], actions: Sequence[Action],
                 deals: int, stream: str,
                 calls: Sequence[bool] | None = None) -> list[list[int | None]]:
        """`actions` played out on `deals` deals of the named stream, common to all of
        them: per deal, who went out first after each. Each card is played with Last Card
        called first where it may be, unless `calls` says otherwise for that action. For
        measurements beside the coach's own (a reference on deals it never saw)."""
        return finish(self._playing_off(view, legal, actions, deals, stream, calls))

    def _playing_off(self, view: View, legal: Sequence[Action], actions: Sequence[Action],
                     deals: int, stream: str,
                     calls: Sequence[bool] | None = None) -> Steps[list[list[int | None]]]:
        """`play_off`, a deal a step."""
        tunings = self._tunings(view)
        if calls is None:
            calls = [call_due(legal)] * len(actions)
        rng = Random(view_seed(view, self.seed, stream))
        rows: list[list[int | None]] = []
        while len(rows) < deals:
            rows += yield from self._deals(view, actions, rng, min(self._step, deals - len(rows)),
                                           tunings, calls)
        return rows

    def judge(self, view: View, legal: Sequence[Action], made: Action,
              stop: Callable[[], bool] | None = None) -> Verdict | None:
        """The move made against the coach's choice; None if `stop()` said to give up."""
        return run(self.judging(view, legal, made), stop)

    def judging(self, view: View, legal: Sequence[Action], made: Action,
                advice: Advice | None = None,
                tested: Steps[tuple[float, float, int]] | None = None,
                reported: Callable[[int], Steps[list[list[int | None]]]] | None = None
                ) -> Steps[Verdict]:
        """`judge`, a deal a step; from `advice` when this position's race was already
        run (`advise` without the move: the same race whenever the move made is one of
        its options, which is the rule; else the race is run again with it), from
        `tested` when the test of the move is already under way (`testing`, for the
        pair `pairing` gives with that advice), and from `reported(tested deals)` when
        the report of that pair may be (`reporting`)."""
        if advice is None or made not in advice.options:
            advice, tested = (yield from self.advising(view, legal, made)), None
        pair = pairing(view, legal, made, advice)
        if pair is None:
            return Verdict(made, advice.recommended, close=True, playouts=advice.playouts)
        best, calls = pair
        uncalled = forgot_call(view, legal, made)
        if tested is None:
            tested = self.testing(view, best, made, calls)
        mean, se, n = yield from tested
        low, high = mean - self.look_z * se, mean + self.look_z * se
        spent = advice.playouts + 2 * n
        if not self.listed(mean, se):
            return Verdict(made, best, close=False, cost=mean, low=low, high=high,
                           playouts=spent, uncalled=uncalled)
        # Listed: the chances shown come from deals of a stream of their own, since
        # the test stopped when its estimate looked large and so overstates it a little;
        # as many deals as the test played, so that they agree with it. Chances that do
        # not show the move costly leave it not costly (`costly`).
        rows = yield from (self.reporting(view, legal, (best, made), calls, n)
                           if reported is None else reported(n))
        seats = range(view.seats)
        side = view.rules.sides(view.seats)[view.seat]  # (with partners, the side's win)
        tallies = [Tally(a, len(rows), sum(1 for r in rows if r[k] in side),
                         tuple(sum(1 for r in rows if r[k] == s) for s in seats))
                   for k, a in enumerate((best, made))]
        return Verdict(made, best, close=False, best_tally=tallies[0], made_tally=tallies[1],
                       cost=tallies[0].chance - tallies[1].chance, low=low, high=high,
                       playouts=spent + 2 * len(rows), uncalled=uncalled)

    def stops(self, mean: float, se: float, look: int) -> bool:
        """A test stops at this look: its interval lies wholly on one side of the bar,
        the cost is too unlikely to reach it, or this is the last look."""
        high = mean + self.look_z * se
        return (self.listed(mean, se) or high < NOTICEABLE
                or mean + FUTILE_Z * se < NOTICEABLE or look == self.looks[-1])

    def listed(self, mean: float, se: float) -> bool:
        """A test's answer (`testing`) lists its move: the whole interval at or above
        `NOTICEABLE` (costly, once the chances shown agree: `costly`)."""
        return mean - self.look_z * se >= NOTICEABLE

    def reporting(self, view: View, legal: Sequence[Action], actions: Sequence[Action],
                  calls: Sequence[bool], tested: int) -> Steps[list[list[int | None]]]:
        """The chances shown for a move its test listed after `tested` deals: `actions`
        on `report_deals(tested)` deals of the reporting stream, a deal a step (per
        deal, who went out first after each)."""
        return self._playing_off(view, legal, actions, report_deals(tested), "report", calls)

    def testing(self, view: View, best: Action, made: Action,
                calls: tuple[bool, bool]) -> Steps[tuple[float, float, int]]:
        """The sequential test of `made` against `best` (with Last Card called before
        each as `calls` says) on the measuring stream, a deal a step: the mean cost, its
        standard error and the deals played when it stopped."""
        [found] = yield from self.testing_each(view, best, (made,), calls)
        return found

    def testing_each(self, view: View, best: Action, moves: Sequence[Action],
                     calls: tuple[bool, bool], budget: int | None = None,
                     answers: list[tuple[float, float, int] | None] | None = None,
                     dropped: Collection[int] = ()
                     ) -> Steps[list[tuple[float, float, int]]]:
        """`testing` of each of `moves` against the same `best`, on the same deals at
        once: each move's test stops where it would stop alone, with exactly the answer
        it gives alone (the measuring stream's deals do not depend on the moves played
        on them), but `best` is played out once a deal for all of them. `calls[1]` goes
        for every move. The one sequential test: `testing` is this of one move.

        With a `budget` of play-outs, a look after the first is taken only if all of it
        fits: the tests still open stop at the look before, with that look's answer (an
        open test's interval reaches below `NOTICEABLE`, so a move stopped so is never
        called costly; what is called costly is exactly what the whole test calls so).

        For a position still being thought about (`SharedTests`): `answers` (one a
        move, None while its test runs) is filled in as each test stops, and a move
        whose index the caller puts in `dropped` is played out no more (its answer stays
        None)."""
        tunings = self._tunings(view)
        seat = view.seat
        side = view.rules.sides(view.seats)[seat]  # its win: with partners, its side's
        rng = Random(view_seed(view, self.seed, "measure"))
        best_won: list[int] = []
        won: list[list[int]] = [[] for _ in moves]
        found: list[tuple[float, float, int] | None] = (
            answers if answers is not None else [None] * len(moves))
        spent = 0

        def open_tests() -> list[int]:
            return [k for k, answer in enumerate(found) if answer is None and k not in dropped]

        for look in self.looks:
            testing = open_tests()
            if not testing:
                break
            cost = (look - len(best_won)) * (1 + len(testing))
            if budget is not None and best_won and spent + cost > budget:
                break  # the next look does not fit: each open test stops where it is
            spent += cost
            while len(best_won) < look:
                testing = open_tests()  # (a move dropped meanwhile is played out no more)
                if not testing:
                    break
                rows = yield from self._deals(view, (best, *(moves[k] for k in testing)), rng,
                                              min(self._step, look - len(best_won)), tunings,
                                              (calls[0], *(calls[1] for _ in testing)))
                for row in rows:
                    best_won.append(1 if row[0] in side else 0)
                    for j, k in enumerate(testing, start=1):
                        won[k].append(1 if row[j] in side else 0)
            for k in open_tests():  # each met every deal of this look
                mean, se = _paired(best_won[:len(won[k])], won[k])
                if self.stops(mean, se, look):
                    found[k] = (mean, se, len(won[k]))
        stopped = [(*_paired(best_won[:len(won[k])], won[k]), len(won[k])) if won[k]
                   else (0.0, 0.0, 0) for k in range(len(moves))]
        return [answer if answer is not None else stopped[k] for k, answer in enumerate(found)]


class SharedTests:
    """`Coach.testing_each` for a position the player is still thinking about: each
    move's answer is known as soon as its own test stops (`found`), and a move no longer
    wanted (`drop`: another move was made) is no longer played out. Every move keeps
    exactly the answer `testing` gives it alone."""

    def __init__(self, coach: Coach, view: View, best: Action, moves: Sequence[Action],
                 calls: tuple[bool, bool]) -> None:
        self.moves = tuple(moves)
        self._answers: list[tuple[float, float, int] | None] = [None] * len(self.moves)
        self._dropped: set[int] = set()
        self._steps = coach.testing_each(view, best, self.moves, calls,
                                         answers=self._answers, dropped=self._dropped)
        self._over = False

    @property
    def found(self) -> dict[Action, tuple[float, float, int]]:
        """Each move's answer once its test has stopped: mean cost, its standard error,
        the deals played."""
        return {m: a for m, a in zip(self.moves, self._answers, strict=True) if a is not None}

    def step(self) -> bool:
        """One deal more; False once every move still wanted has its answer."""
        if self._over:
            return False
        try:
            next(self._steps)
        except StopIteration:
            self._over = True
            return False
        return True

    def drop(self, move: Action) -> None:
        """`move`'s answer is no longer wanted; the tests end when none is."""
        self._dropped.add(self.moves.index(move))
        if all(k in self._dropped or a is not None for k, a in enumerate(self._answers)):
            self._over = True
            self._steps.close()  # (its helpers' answers dropped now, not when collected)
