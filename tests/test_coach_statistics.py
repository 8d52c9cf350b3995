"""The coach's statistics against their documented error rates, on positions built for it.

Two kinds of test. The sequential test's own rules (when a look stops it, when a move is
listed) are run on simulated looks of a move whose cost is known: a move costing exactly
the bar is the worst case for a false listing, and POCOCK's docstring and COACH.md say
how often it may be listed. The rest runs the whole coach, choosing, measuring and
reporting, on real positions whose play-outs are a model with known chances
(`Coach(play_out=...)`), so that what the coach should find is known exactly and no
computer's judgement can move it.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from random import Random

import pytest

from bots_helpers import position, wilson
from colorcards.bots.crazy import CRAZY
from colorcards.bots.heuristic import HARD, NORMAL
from colorcards.coach import NOTICEABLE, Advice, Coach, Verdict, pool
from colorcards.coach.weigh import LOOKS, SharedTests, Tally, bar_words, costly, finish, shown
from colorcards.engine import (
    ACCEPT,
    CALL,
    DECLINE,
    DRAW,
    Action,
    Colour,
    DecisionKind,
    Game,
    Play,
    View,
    next_decision,
    parse_card,
    play,
)
from colorcards.replay.review import Moment, Review, accuracy, moment_words

VARIANCE = 0.36
"""The deal-by-deal difference's variance in the coach's tests (COACH.md, "Can a listed
moment be trusted?"): a difference of +1 or -1 on about 37 deals in a hundred."""


def listings(coach: Coach, cost: float, runs: int, seed: int) -> int:
    """How often the coach's test lists a move that costs `cost`, over `runs` simulated
    tests: after each look the deals' +1 and -1 differences so far (drawn as the normal
    approximation of their counts), the mean and standard error the coach would compute
    from them, the coach's rule whether the test stops there, and at its end whether the
    move is listed."""
    rng = Random(seed)
    ahead = (VARIANCE + cost) / 2  # deals where only the better move won: +1
    behind = ahead - cost  # deals where only the move made won: -1
    rho = -math.sqrt(ahead * behind / ((1 - ahead) * (1 - behind)))
    listed = 0
    for _ in range(runs):
        plus = minus = 0.0
        seen = 0
        for look in coach.looks:
            new = look - seen
            a, b = rng.gauss(0.0, 1.0), rng.gauss(0.0, 1.0)
            plus += new * ahead + math.sqrt(new * ahead * (1 - ahead)) * a
            minus += new * behind + math.sqrt(new * behind * (1 - behind)) * (
                rho * a + math.sqrt(1 - rho * rho) * b)
            seen = look
            mean = (plus - minus) / seen
            se = math.sqrt(max(0.0, plus + minus - seen * mean * mean) / (seen - 1) / seen)
            if coach.stops(mean, se, look):
                break
        listed += coach.listed(mean, se)
    return listed


@pytest.mark.parametrize("looks", [4, 5, 6])
def test_a_move_costing_exactly_the_bar_is_listed_about_three_times_in_a_hundred(looks):
    """At exactly 3 points a listing is a false alarm. Each look's interval is Pocock's
    width for that many looks, so that however the test stops, such a move is listed
    2.8% (four looks), 3.0% (five) and 3.5% (six) of the time as documented, under the
    5% the bound promises: narrower intervals (1.96 standard errors at every look) would
    list it about one time in ten. Listing on the estimate at the last look, not on its
    whole interval, would list it a third of the time or more."""
    coach = Coach(looks=LOOKS[:looks])
    low, high = wilson(listings(coach, NOTICEABLE, 10_000, seed=looks), 10_000)
    assert 0.02 < low and high < 0.045, (low, high)


@pytest.mark.parametrize(("cost", "least", "most"), [
    (0.0, 0.0, 0.005),
    (0.015, 0.0, 0.02),
    (0.10, 0.99, 1.0),
], ids=["as good as the best", "half the bar", "ten points"])
def test_a_free_move_is_almost_never_listed_and_a_costly_one_almost_always(cost, least, most):
    """The test's other promises: a move as good as the best is listed far less than one
    time in a hundred, and a 10-point mistake nearly always (the six looks reach it)."""
    coach = Coach()
    low, high = wilson(listings(coach, cost, 4_000, seed=7), 4_000)
    assert least <= low and high <= most, (low, high)


# ---------------------------------------------------------------- a model of the play-outs


@dataclass(frozen=True)
class Chances:
    """A position's play-outs as a model: after each action the seat wins the round with
    a known chance (else the next seat goes out first). A card played down to one without
    Last Card called loses `uncalled` of it."""

    chance: dict[Action, float]
    default: float = 0.3
    """The chance after any action not named."""
    uncalled: float = 0.0
    shared: float = 0.0
    """How much the actions' outcomes share, as the coach's common deals make them: each
    action takes the deal's one draw with this chance, else a draw of its own (at 1,
    actions of equal chance win on exactly the same deals)."""

    def __call__(self, view: View, actions: Sequence[Action], calls: Sequence[bool],
                 tunings: object, full: bool, deal: int, shuffle: int) -> list[int | None]:
        common = Random(deal ^ shuffle).random()
        found: list[int | None] = []
        for action, called in zip(actions, calls, strict=True):
            chance = self.chance.get(action, self.default)
            if isinstance(action, Play) and len(view.hand) == 2 and not called:
                chance -= self.uncalled
            # an action's own draws depend on the deal and the action only, as a play-out
            # does: never on which other actions are played out beside it
            own = Random(f"{deal}:{shuffle}:{action.as_json()}")
            draw = common if own.random() < self.shared else own.random()
            found.append(view.seat if draw < chance else view.next_seat())
        return found


def _p(code: str) -> Play:
    return play(parse_card(code))


def _at(game: Game) -> tuple[View, list[Action]]:
    return game.view(0), game.legal_actions(0)


def test_the_cost_is_the_chance_lost_measured_on_its_own_deals():
    """The cost of a listed move is the better move's chance less the move made's, on the
    reporting deals: positive, and as large as the model makes it (40 and 15 points here,
    within the binomial error of 512 deals). The review then lists the larger mistake
    first, and the game's average cost counts both."""
    game = position(["R5 R6 R7 G2", 7], "R3", preset="duel")
    view, legal = _at(game)
    model = Chances({_p("R5"): 0.7, _p("R6"): 0.55, _p("R7"): 0.3})
    coach = Coach("normal", play_out=model)
    assert coach.advise(view, legal).recommended == _p("R5")
    moments = []
    for index, (made, cost) in enumerate(((_p("R7"), 0.4), (_p("R6"), 0.15))):
        verdict = coach.judge(view, legal, made)
        assert verdict is not None and verdict.costly and verdict.best == _p("R5")
        assert verdict.best_tally is not None and verdict.made_tally is not None
        assert verdict.cost == verdict.best_tally.chance - verdict.made_tally.chance
        spread = math.sqrt(0.7 * 0.3 / 512 + (0.7 - cost) * (0.3 + cost) / 512)
        assert abs(verdict.cost - cost) < 4 * spread, (verdict.cost, cost)
        moments.append(Moment.of(index, index + 1, view, verdict))
    review = Review(tuple(moments), total=2)
    assert [m.made for m in review.costliest()] == [_p("R7"), _p("R6")]
    measured = accuracy(review)
    assert measured is not None and measured.good == 0
    assert measured.cost == pytest.approx((moments[0].cost + moments[1].cost) / 2)
    assert 0.2 < measured.cost < 0.35


def test_when_the_computers_choice_drops_out_the_best_close_option_is_recommended():
    """Hard's choice is the hint when it is among the close options; when it falls out
    of the race, the close option that did best is recommended, and a move made that
    fell out is measured against that one."""
    game = position(["R1 R5 R7 R9 G2", 7], "R3", preset="duel")
    view, legal = _at(game)
    hard = Coach("normal", play_out=Chances({})).advise(view, legal).hard
    others = [a for a in legal if isinstance(a, Play) and a != hard]
    model = Chances({hard: 0.1, others[0]: 0.5, others[1]: 0.53, others[2]: 0.56}, shared=0.9)
    coach = Coach("normal", play_out=model)
    advice = coach.advise(view, legal)
    wins = {t.action: t.wins for t in advice.race}
    assert hard not in advice.close and len(advice.close) >= 2  # the case this test is for
    rest = [wins[a] for a in advice.close[1:]]
    assert all(wins[advice.recommended] > w for w in rest), (advice.close, wins)
    verdict = coach.judge(view, legal, hard)
    assert verdict is not None and verdict.best == advice.recommended and verdict.costly


def test_a_card_left_uncalled_is_weighed_against_the_same_card_called():
    """Two cards as good as each other, one recommended: the other, played down to one
    without Last Card, is weighed against itself with the call (not against the card
    recommended), and listed for the penalty the model gives it."""
    game = position(["R5 R6", 5, 5, 5], "R3")
    view, legal = _at(game)
    assert CALL in legal
    model = Chances({_p("R5"): 0.5, _p("R6"): 0.5}, default=0.1, uncalled=0.3, shared=1.0)
    coach = Coach("normal", play_out=model)
    advice = coach.advise(view, legal)
    assert set(advice.close) == {_p("R5"), _p("R6")}
    made = next(a for a in advice.close if a != advice.recommended)
    verdict = coach.judge(view, legal, made)
    assert verdict is not None and verdict.uncalled and verdict.costly
    assert verdict.best == made
    words = moment_words(Moment.of(0, 1, view, verdict))
    card = made.card.name
    assert f"after {card} without calling Last Card" in words
    assert f"after {card} with Last Card called" in words


def test_a_model_plays_out_here_only():
    """The pool's processes play out through the engine: a model is refused there rather
    than used for part of the deals."""
    class Pool:
        size = 2

    with pytest.raises(ValueError) as refused:
        Coach(pool=Pool(), play_out=Chances({}))
    assert str(refused.value) == "the pool's processes play out through the engine only"


def _three_tests() -> tuple[Coach, View, Action, list[Action]]:
    """A position whose moves' tests stop at different looks (of 64 to 512 deals) against
    the same best move: a clear 30-point mistake (the first look), one costing 5 points
    (the third) and a free move (in doubt to the last)."""
    game = position(["R5 R6 R7 R8 G2", 7], "R3", preset="duel")
    view, _ = _at(game)
    model = Chances({_p("R5"): 0.6, _p("R6"): 0.3, _p("R7"): 0.6, _p("R8"): 0.55},
                    shared=0.8)
    coach = Coach("normal", play_out=model, looks=(64, 128, 256, 512))
    return coach, view, _p("R5"), [_p("R6"), _p("R7"), _p("R8")]


def test_moves_tested_together_get_the_answers_they_get_alone():
    """Tests of several moves against one best move on the same deals (the pondering's
    `SharedTests`, the exercises' `testing_each`): each move stops at the look where its
    own test stops, with exactly that answer; a move dropped half-way is no longer played
    out, and once every move is answered or dropped the tests end."""
    coach, view, best, moves = _three_tests()
    calls = (False, False)
    alone = {m: finish(coach.testing(view, best, m, calls)) for m in moves}
    assert len({n for _, _, n in alone.values()}) == 3  # the case this test is for
    assert finish(coach.testing_each(view, best, moves, calls)) == [alone[m] for m in moves]
    together = SharedTests(coach, view, best, moves, calls)
    steps = 0
    while together.step():
        steps += 1
    assert together.found == alone and steps == max(n for _, _, n in alone.values())
    narrowed = SharedTests(coach, view, best, moves, calls)
    slow = max(moves, key=lambda m: alone[m][2])
    narrowed.drop(slow)
    while narrowed.step():
        pass
    assert narrowed.found == {m: alone[m] for m in moves if m != slow}
    ended = SharedTests(coach, view, best, moves, calls)
    for move in moves:
        assert ended.step()
        ended.drop(move)
    assert not ended.step() and ended.found == {}


def test_a_reference_play_off_replays_the_tests_own_deals():
    """`play_off` on the measuring stream plays the very deals the test measured (a
    benchmark's reference relies on it), and each stream's deals are its own."""
    coach, view, best, moves = _three_tests()
    mean, se, deals = finish(coach.testing(view, best, moves[2], (False, False)))
    legal = [best, *moves]
    rows = coach.play_off(view, legal, (best, moves[2]), deals, "measure")
    assert len(rows) == deals and all(len(row) == 2 for row in rows)
    won = [[1 if row[k] == view.seat else 0 for row in rows] for k in (0, 1)]
    diffs = [a - b for a, b in zip(*won, strict=True)]
    assert sum(diffs) / deals == pytest.approx(mean)
    assert math.sqrt(sum((d - mean) ** 2 for d in diffs) / (deals - 1) / deals) == \
        pytest.approx(se)
    assert coach.play_off(view, legal, (best, moves[2]), deals, "report") != rows


class Beside:
    """A pool whose helpers are this process (the `Pool` protocol): each task sent is
    played out by the helpers' own function when it is collected; the tickets dropped
    are counted."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.sent: dict[int, tuple] = {}
        self.played = self.dropped = 0

    def send(self, tasks: Sequence[tuple]) -> list[tuple[int, int]]:
        tickets = []
        for task in tasks:
            ticket = len(self.sent) + self.played + self.dropped + 1
            self.sent[ticket] = task
            tickets.append((ticket % (self.size - 1), ticket))
        return tickets

    def collect(self, tickets: Sequence[tuple[int, int]]) -> list[list[list[int | None]]]:
        self.played += len(tickets)
        return [pool.play(*self.sent.pop(ticket)) for _, ticket in tickets]

    def drop(self, tickets: Sequence[tuple[int, int]]) -> None:
        for _, ticket in tickets:
            del self.sent[ticket]
            self.dropped += 1


@pytest.mark.parametrize("size", [2, 3])
def test_the_pools_helpers_change_no_verdict_and_a_stop_drops_their_work(size):
    """Deals played out by helper processes beside the coach's (here the same process,
    through the pool's own task function; a pool of two, as on a two-core machine, and
    of three): the hint and the verdict are exactly those of the coach alone; a
    judgement stopped half-way lets the helpers' work go."""
    game = position(["R5 R+2 G7", "G1 G2"], "R3", preset="duel")
    view, legal = _at(game)
    small = {"choose_deals": 64, "choose_playouts": 192, "looks": (64, 128)}
    alone = Coach("hard", **small)
    helpers = Beside(size)
    beside = Coach("hard", pool=helpers, **small)
    assert beside.advise(view, legal) == alone.advise(view, legal)
    made = _p("R5")
    assert beside.judge(view, legal, made) == alone.judge(view, legal, made)
    assert helpers.played > 0 and helpers.sent == {}
    steps = [0]

    def soon() -> bool:
        steps[0] += 1
        return steps[0] > 40

    assert beside.judge(view, legal, made, stop=soon) is None
    assert helpers.dropped > 0 and helpers.sent == {}


def test_the_hint_and_the_verdicts_cross_to_the_table_whole():
    """What the coach's process sends the table (the hint, a costly verdict with its
    tallies, a verdict left close) comes back from its JSON exactly, every figure."""
    game = position(["R5 R6 R7 G2", 7], "R3", preset="duel")
    view, legal = _at(game)
    coach = Coach("normal", play_out=Chances({_p("R5"): 0.7, _p("R6"): 0.55, _p("R7"): 0.3}))
    advice = coach.advise(view, legal)
    costly = coach.judge(view, legal, _p("R7"))
    close = coach.judge(view, legal, _p("R5"))
    assert costly is not None and costly.costly and close is not None and close.close
    assert Advice.from_json(json.loads(json.dumps(advice.as_json()))) == advice
    for verdict in (costly, close):
        assert Verdict.from_json(json.loads(json.dumps(verdict.as_json()))) == verdict


# ---------------------------------------------------------------- what the coach weighs


class Asked:
    """A model of the play-outs that also keeps what the coach asked of it: per deal the
    actions, the calls, each seat's judgement and whether with the full one."""

    def __init__(self, model: Chances) -> None:
        self.model = model
        self.asked: list[tuple[tuple[Action, ...], tuple[bool, ...], tuple, bool]] = []

    def __call__(self, view: View, actions: Sequence[Action], calls: Sequence[bool],
                 tunings: Sequence, full: bool, deal: int, shuffle: int) -> list[int | None]:
        self.asked.append((tuple(actions), tuple(calls), tuple(tunings), full))
        return self.model(view, actions, calls, tunings, full, deal, shuffle)

    @property
    def playouts(self) -> int:
        return sum(len(actions) for actions, *_ in self.asked)


def test_the_player_is_played_out_as_hard_the_computers_at_the_tables_level_each_card_called():
    """Each imagined deal plays the player's own later moves as Hard and the computers at
    the table's level, with the quick rule of thumb unless the full judgement is asked
    for; with Last Card due every card is played with the call, so a card that is good
    called is recommended however costly forgetting the call would be, and the call is
    no option of its own."""
    game = position(["R5 R6", 5, 5, 5], "R3")
    view, legal = _at(game)
    asked = Asked(Chances({_p("R5"): 0.6}, default=0.3, uncalled=0.5))
    advice = Coach("normal", play_out=asked).advise(view, legal)
    assert advice.recommended == _p("R5") and CALL not in advice.options
    assert asked.asked and all(full is False and all(calls) and tunings == (HARD, NORMAL, NORMAL,
                                                                             NORMAL)
                               for _, calls, tunings, full in asked.asked)
    full = Asked(Chances({}))
    Coach("crazy", full=True, play_out=full).advise(view, legal)
    assert full.asked and all(f is True and t == (HARD, CRAZY, CRAZY, CRAZY)
                              for _, _, t, f in full.asked)


def test_a_wild_is_weighed_naming_the_colour_held_most_and_as_the_player_named_it():
    """Of a Wild's four colours the race weighs one, the colour the hand holds most of
    (on a tie, the first in the colours' order), beside every other legal move; a Wild
    the player named otherwise is raced too, and as good as the best it costs nothing."""
    wild = parse_card("W")
    for hand, most in (("W B2 G3 G4 R5", Colour.GREEN), ("W G3 Y2 R5 B7", Colour.RED),
                       ("W G3 Y2 B7", Colour.BLUE)):
        game = position([hand, 7], "R3", preset="duel")
        view, legal = _at(game)
        model = Chances({Play(wild, c): 0.5 for c in Colour}, default=0.2, shared=1.0)
        coach = Coach("normal", play_out=model)
        advice = coach.advise(view, legal)
        wilds = [a for a in advice.options if isinstance(a, Play) and a.card == wild]
        assert wilds == [Play(wild, most)], (hand, advice.options)
        assert len(set(advice.options)) == len(advice.options)
        assert set(advice.options) == {a for a in legal if a not in wilds} - {
            Play(wild, c) for c in Colour} | {Play(wild, most)}
        assert advice.hard in advice.options and advice.recommended == Play(wild, most)
        other = next(Play(wild, c) for c in Colour if c is not most)
        assert other in coach.advise(view, legal, other).options
        assert coach.advise(view, legal, Play(wild, most)).options == advice.options
        verdict = coach.judge(view, legal, other)
        assert verdict is not None and verdict.close and not verdict.costly
        assert verdict.best == advice.recommended  # the review says "as good as" that


def test_the_race_keeps_to_its_budget_and_ends_when_one_option_is_left():
    """The options race in batches of 32 deals while more than one is left: at most
    `choose_deals` deals each, and a batch only while the play-outs it costs fit in
    `choose_playouts`. Options that cannot be told apart are all close, Hard's choice
    first; a clear best ends the race as soon as the others fall out, and a race stopped
    before it began gives every option as close."""
    game = position(["R5 R6 G2", 7], "R3", preset="duel")
    view, legal = _at(game)
    same = Chances({}, default=0.5, shared=1.0)
    assert len(legal) == 2  # two cards to play: a batch costs 64 play-outs
    for deals, playouts, each in ((320, 192, 96), (320, 160, 64), (64, 10_000, 64)):
        advice = Coach("normal", choose_deals=deals, choose_playouts=playouts,
                       play_out=same).advise(view, legal)
        assert [t.deals for t in advice.race] == [each] * 2, (deals, playouts, advice.race)
        assert advice.playouts <= playouts < advice.playouts + 64 or each == deals
        assert set(advice.close) == set(advice.options) and advice.recommended == advice.hard
        assert set(advice.options) == set(legal)  # what it weighs, the player may do
    clear = Chances({_p("R5"): 0.05, _p("R6"): 0.9}, shared=0.5)
    advice = Coach("normal", play_out=clear).advise(view, legal)
    assert advice.close == (_p("R6"),)
    assert max(t.deals for t in advice.race) == sorted(t.deals for t in advice.race)[-2]
    stopped = Coach("normal", play_out=clear).advise(view, legal, stop=lambda: True)
    assert stopped.playouts == 0 and stopped.close[0] == stopped.hard
    assert set(stopped.close) == set(stopped.options)
    assert all(t.chance == 0 and t.out_share(0) == 0 for t in stopped.race)


def test_a_jump_in_is_weighed_against_letting_it_go():
    """A jump-in offered (house rule `jump_in`): the coach weighs jumping in against
    letting it go, Hard's choice (it jumps whenever it helps) first, and a jump let go
    when jumping was far better is costly."""
    game = position([6, "Y2 Y3 R5 G7", 6, 6], "R5", seat=0, jump_in="on", offers="1")
    decision = next_decision(game)
    assert decision.kind is DecisionKind.JUMP and decision.seat == 1
    view, legal = game.view(1), list(decision.actions)
    coach = Coach("normal", play_out=Chances({_p("R5"): 0.6, DECLINE: 0.2}))
    advice = coach.advise(view, legal)
    assert advice.hard == _p("R5") and set(advice.options) == {_p("R5"), DECLINE}
    assert advice.recommended == _p("R5")
    verdict = coach.judge(view, legal, DECLINE)
    assert verdict is not None and verdict.costly and verdict.best == _p("R5")


def test_a_penalty_is_weighed_taken_and_passed_on():
    """With a Draw Two to answer, the coach weighs taking it against passing it on,
    Hard's choice (it always passes it on when it can) first."""
    game = position(["B+2 G1 Y5", 7, 7], "R+2", pending=2)
    view, legal = _at(game)
    assert set(legal) == {_p("B+2"), ACCEPT}
    advice = Coach("normal", play_out=Chances({})).advise(view, legal)
    assert advice.hard == _p("B+2") and set(advice.options) == set(legal)


def test_even_the_only_card_played_without_the_call_is_weighed_against_it_called():
    """With drawing only when stuck, a hand of two holding one playable card may play
    it or call Last Card first: played without the call, it is weighed against itself
    called, and listed for the penalty."""
    game = position(["R5 G2", 7], "R3", preset="duel", draw="when-stuck")
    view, legal = _at(game)
    assert set(legal) == {_p("R5"), CALL}
    coach = Coach("normal", play_out=Chances({_p("R5"): 0.6}, uncalled=0.4))
    verdict = coach.judge(view, legal, _p("R5"))
    assert verdict is not None and verdict.uncalled and verdict.costly
    assert verdict.best == _p("R5")


def test_the_streams_can_be_replayed_by_a_reference():
    """Each option's tally in the race, and the chances shown for a listed move, are
    those of its stream's deals (`play_off` on the choosing and the reporting streams:
    a benchmark's reference relies on it); `play_off` plays any number of deals, with
    Last Card called or not as asked."""
    game = position(["R5 R6 R7 G2", 7], "R3", preset="duel")
    view, legal = _at(game)
    coach = Coach("normal", play_out=Chances({_p("R5"): 0.7, _p("R6"): 0.55, _p("R7"): 0.3}))

    def tally(action: Action, rows: list[list[int | None]], k: int = 0) -> Tally:
        return Tally(action, len(rows), sum(1 for r in rows if r[k] == view.seat),
                     tuple(sum(1 for r in rows if r[k] == s) for s in range(view.seats)))

    advice = coach.advise(view, legal)
    for t in advice.race:
        assert t == tally(t.action, coach.play_off(view, legal, (t.action,), t.deals, "choose"))
        assert sum(t.out_share(s) for s in range(view.seats)) == pytest.approx(1.0)
    verdict = coach.judge(view, legal, _p("R7"))
    assert verdict is not None and verdict.costly
    assert verdict.best_tally is not None and verdict.made_tally is not None
    rows = coach.play_off(view, legal, (verdict.best, verdict.made), verdict.best_tally.deals,
                          "report")
    assert (verdict.best_tally, verdict.made_tally) == (tally(verdict.best, rows),
                                                      tally(verdict.made, rows, 1))
    assert verdict.low <= verdict.cost <= verdict.high
    two = position(["R5 R6", 5, 5, 5], "R3")
    view, legal = _at(two)
    coach = Coach("normal", play_out=Chances({_p("R5"): 0.6}, uncalled=0.6, shared=1.0))
    called = coach.play_off(view, legal, (_p("R5"),), 40, "x", calls=(True,))
    uncalled = coach.play_off(view, legal, (_p("R5"),), 40, "x", calls=(False,))
    assert len(called) == len(uncalled) == 40
    assert any(r == [view.seat] for r in called)  # the penalty takes the whole chance
    assert not any(r == [view.seat] for r in uncalled)


def test_a_verdict_counts_the_play_outs_it_spent_and_reuses_what_was_already_weighed():
    """A verdict's play-outs are those the coach played for it: the race, then the test
    (the two moves on each deal), then for a listed move the report. Judged from a race
    already run, or with the report's deals already under way, those are not played
    again (as the pondering judges a move made from what it weighed while the player
    thought), and the verdict is the same."""
    game = position(["R5 R6 R7 G2", 7], "R3", preset="duel")
    view, legal = _at(game)
    model = Chances({_p("R5"): 0.7, _p("R6"): 0.6, _p("R7"): 0.3}, shared=0.8)
    for made in (_p("R5"), _p("R6"), _p("R7")):  # close, not listed, listed
        asked = Asked(model)
        verdict = Coach("normal", play_out=asked).judge(view, legal, made)
        assert verdict is not None and verdict.playouts == asked.playouts
    coach = Coach("normal", play_out=model)
    advice = coach.advise(view, legal)
    alone = coach.judge(view, legal, _p("R7"))
    asked = Asked(model)
    again = Coach("normal", play_out=asked)
    reports: list[int] = []

    def reported(tested: int):
        reports.append(tested)
        return again.reporting(view, legal, (_p("R5"), _p("R7")), (False, False), tested)

    assert finish(again.judging(view, legal, _p("R7"), advice, reported=reported)) == alone
    assert alone is not None and asked.playouts == alone.playouts - advice.playouts
    assert len(reports) == 1 and reports[0] > 0


def test_a_move_not_listed_gives_the_tests_estimate_and_its_interval():
    """A move that fell out of the race, whose test (two short looks here) cannot tell
    its cost from the bar, is not listed: its verdict is the test's estimate of
    the cost, within its 95% interval (which holds the true cost), not close and not
    costly. A card left uncalled at so small a penalty is not listed either, and says
    so; a draw with Last Card possible is no card left uncalled."""
    game = position(["R5 R6 R7 G2", 7], "R3", preset="duel")
    view, legal = _at(game)
    coach = Coach("normal", play_out=Chances({_p("R5"): 0.6, _p("R6"): 0.54}, shared=0.8),
                  looks=(64, 128))
    verdict = coach.judge(view, legal, _p("R6"))
    assert verdict is not None and verdict.made == _p("R6") and verdict.best == _p("R5")
    assert verdict.close is False and verdict.uncalled is False and not verdict.costly
    assert verdict.made_tally is None and verdict.best_tally is None
    assert verdict.low < 0.06 < verdict.high and verdict.low < verdict.cost < verdict.high
    assert 0.0 < verdict.high - verdict.low < 0.2
    mean, se, deals = finish(coach.testing(view, _p("R5"), _p("R6"), (False, False)))
    assert (verdict.cost, verdict.low, verdict.high) == (
        mean, mean - coach.look_z * se, mean + coach.look_z * se)
    assert verdict.playouts == coach.advise(view, legal).playouts + 2 * deals
    two = position(["R5 R6", 5, 5, 5], "R3")
    view, legal = _at(two)
    coach = Coach("normal", play_out=Chances({_p("R5"): 0.5, _p("R6"): 0.5}, default=0.1,
                                             uncalled=0.005, shared=1.0))
    made = next(a for a in coach.advise(view, legal).close
                if a != coach.advise(view, legal).recommended)
    verdict = coach.judge(view, legal, made)
    assert verdict is not None and verdict.uncalled is True and not verdict.costly
    assert Verdict.from_json(json.loads(json.dumps(verdict.as_json()))) == verdict
    drew = coach.judge(view, legal, DRAW)
    assert drew is not None and drew.uncalled is False


@pytest.mark.parametrize(("low", "made", "best", "called"), [
    (0.029, None, None, False),
    (0.03, None, None, True),
    (0.05, 0.40, 0.431, True),
    (0.05, 0.01, 0.04, True),
    (0.05, 0.41, 0.43, False),
    (0.05, 0.375, 0.405, False),
    (0.05, 0.4051, 0.435, False),
    (0.05, 0.49, 0.50, False),
], ids=["interval below the bar", "interval from the bar", "shown 3 apart",
        "exactly 3 apart", "shown 2 apart", "3 apart shown 2", "shown 3 apart measured less",
        "a point apart"])
def test_a_move_is_called_costly_only_with_figures_that_show_it(low, made, best, called):
    """The verdict: the interval at or above the bar, and the chances shown (whole
    percent) as far apart, measured and as read; without chances, the interval alone."""
    assert costly(low, made, best) is called
    if made is not None:
        assert shown(best) - shown(made) >= 3 or not called


def test_the_bar_and_the_chances_in_the_players_words():
    assert bar_words() == "3%"
    assert [shown(c) for c in (0.0, 0.35, 0.99, 1.0)] == [0, 35, 99, 100]


def test_a_budget_stops_a_test_at_the_last_look_that_fits():
    """With a budget of play-outs, a look after the first is taken only if all of it
    fits, and the tests still open stop where they are, with that look's answer; a test
    left in doubt at its last look is answered there, to the pondering too."""
    _, view, _, _ = _three_tests()
    coach = Coach("normal", play_out=Chances({_p("R5"): 0.6, _p("R6"): 0.57}, shared=0.8),
                  looks=(64, 128, 256, 512))
    best, made, calls = _p("R5"), _p("R6"), (False, False)
    whole = finish(coach.testing(view, best, made, calls))
    assert whole[2] == 512 and not coach.listed(*whole[:2])  # in doubt to the last look
    shared = SharedTests(coach, view, best, (made,), calls)
    while shared.step():
        pass
    assert shared.found == {made: whole}
    # one move: 2 play-outs a deal; the looks cost 128, 128, 256 and 512
    at = {deals: finish(coach.testing_each(view, best, (made,), calls, budget=budget))[0]
          for deals, budget in ((128, 511), (256, 512), (256, 1023), (512, 1024))}
    assert {deals: answer[2] for deals, answer in at.items()} == {d: d for d in at}
    assert at[512] == whole
    rows = coach.play_off(view, [best, made], (best, made), 256, "measure", calls)
    diffs = [(r[0] == view.seat) - (r[1] == view.seat) for r in rows]
    assert at[256][0] == pytest.approx(sum(diffs) / 256)
