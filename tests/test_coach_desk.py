"""The coach's child works on the judgements asked of it in turns, the one that has had
the least processor time first: a quick judgement asked behind a long one is answered
first, and every judgement gives the answer it gives alone."""

from __future__ import annotations

import itertools
import json
import sys
import threading
from pathlib import Path

from bots_helpers import position
from coach_child import SPUN
from coach_helpers import answered
from colorcards.coach.desk import Desk, judge, judging
from colorcards.coach.remote import Judgement, RemoteCoach, request
from colorcards.engine import DRAW, PASS, Game, next_decision, parse_card, play
from colorcards.session.tutor import base_of

CHILD = [sys.executable, str(Path(__file__).with_name("coach_child.py"))]


class Steps:
    """Judgements that take `n` steps on a clock that counts steps."""

    def __init__(self) -> None:
        self.count = 0

    def clock(self) -> float:
        return self.count

    def make(self, data: dict):
        if data.get("fails"):
            raise ValueError("no such position")
        for _ in range(data["n"]):
            self.count += 1
            yield
        return Judgement(bool(data.get("costly")), DRAW, PASS)


def ask(ident: int, data: dict) -> str:
    return json.dumps({"id": ident, "request": data})


def answers_in_turn(desk: Desk, until: int | None = None) -> list[dict]:
    """The answers, in the order they come, while nothing else arrives."""
    came = []
    while desk.jobs and (until is None or len(came) < until):
        line = desk.work(lambda: True)
        if line is not None:
            came.append(json.loads(line))
    return came


def test_a_short_judgement_asked_behind_a_long_one_is_answered_first():
    steps = Steps()
    desk = Desk(steps.make, steps.clock, quantum=10)
    desk.take(ask(1, {"n": 500}))
    for _ in range(5):
        assert desk.work(lambda: True) is None  # 50 steps into the long one
    desk.take(ask(2, {"n": 30, "costly": True}))
    came = answers_in_turn(desk)
    assert [a["id"] for a in came] == [2, 1]
    assert came[0]["answer"] == Judgement(True, DRAW, PASS).as_json()
    assert steps.count == 530  # every step made once: turns lose no work


def test_what_the_player_waits_for_comes_before_the_pondering_of_a_turn():
    """A long judgement of the last move goes on at full speed when the next turn's
    pondering arrives (though the pondering has had less time); the pondering has its
    turn once nothing asked is in hand, and loses no work."""
    steps = Steps()
    desk = Desk(steps.make, steps.clock, quantum=10)
    desk.take(ask(1, {"n": 300, "costly": True}))
    for _ in range(5):
        assert desk.work(lambda: True) is None  # 50 steps into the judgement
    desk.take(ask(2, {"n": 40, "ponder": True}))
    assert [a["id"] for a in answers_in_turn(desk, until=1)] == [1]
    assert steps.count == 300  # the judgement ran to its end before any pondering
    desk.take(ask(3, {"n": 20}))  # the hint, asked while the turn is pondered
    assert [a["id"] for a in answers_in_turn(desk)] == [3, 2]
    assert steps.count == 360


def test_a_turn_ends_when_a_message_comes():
    steps = Steps()
    desk = Desk(steps.make, steps.clock, quantum=100)
    desk.take(ask(1, {"n": 50}))
    assert desk.work(lambda: False) is None
    assert steps.count == 1


def test_a_dropped_judgement_is_not_worked_on():
    steps = Steps()
    desk = Desk(steps.make, steps.clock, quantum=10)
    desk.take(ask(1, {"n": 500}))
    desk.take(ask(2, {"n": 20}))
    desk.take(json.dumps({"id": 1, "cancel": True}))
    assert [a["id"] for a in answers_in_turn(desk)] == [2]
    assert steps.count == 20


def test_a_request_that_cannot_be_judged_gets_no_answer_and_the_desk_goes_on(capsys):
    steps = Steps()
    desk = Desk(steps.make, steps.clock, quantum=10)
    desk.take("not json")
    desk.take(json.dumps({"request": {"n": 1}}))  # no id
    desk.take(ask(1, {"fails": True}))
    desk.take(ask(2, {"n": 3}))
    assert answers_in_turn(desk) == [{"id": 1, "answer": None},
                                     {"id": 2, "answer": Judgement(False, DRAW, PASS).as_json()}]
    assert "no such position" in capsys.readouterr().err


def test_judgements_made_in_turns_are_the_coachs_own():
    """Two real judgements interleaved a few deals at a time give what each gives alone."""
    game = position(["R+2 R5", "G1"], "R3", preset="duel", called="0,1")
    costly = request(game, [], play(parse_card("R5")), "hard", base_of(game).pair)
    dealt = Game.replay(game.rules, 2, 5, [])
    while next_decision(dealt).seat != 0:
        decision = next_decision(dealt)
        dealt.apply(decision.actions[0], decision.seat)
    other = request(dealt, list(dealt.actions), next_decision(dealt).actions[-1], "normal", None)
    order: list[int] = []

    def counted(data: dict):
        """`judging`, each step noted (which judgement) and counted on the desk's clock."""
        inner = judging(data)
        while True:
            try:
                next(inner)
            except StopIteration as end:
                return end.value
            order.append(data["seed"] if data["base"] is None else 0)
            yield

    desk = Desk(counted, lambda: len(order), quantum=3)
    desk.take(ask(1, costly))
    desk.take(ask(2, other))
    came = {a["id"]: a["answer"] for a in answers_in_turn(desk)}
    alone = {1: judge(costly), 2: judge(other)}
    assert alone[1] is not None and alone[1].costly
    assert {i: Judgement.from_json(a) if a else None for i, a in came.items()} == alone
    switches = sum(1 for a, b in itertools.pairwise(order) if a != b)
    assert switches > 10  # the two were worked on in many turns, not one after the other


def test_the_child_answers_a_short_judgement_behind_a_long_one_and_drops_what_is_not_wanted():
    """In a real child: a long judgement asked first, then a short one; the short one is
    answered while the long one goes on, and the long one, no longer wanted, ends at
    once, in the table and in the child."""
    remote = RemoteCoach(CHILD)
    dropped = threading.Event()
    try:
        long = remote.ask({"steps": 200_000}, stop=dropped)  # 200 s of work alone
        short = remote.ask({"steps": 5})
        assert long is not None and short is not None
        assert short.came.wait(timeout=60), "the short judgement waited for the long one"
        assert remote.answer(short) == SPUN
        assert not long.came.is_set()
        dropped.set()
        remote.wake()
        assert remote.answer(long) is None
        held = answered(remote, {"count": True})
        assert held is not None and held.made_chance == 0  # the child let the long one go
    finally:
        dropped.set()
        remote.close()
