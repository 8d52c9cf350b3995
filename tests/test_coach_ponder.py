"""The coach thinks on the player's time: the race of the player's turn runs as the turn
arrives, the hint is answered from it (the same advice as computed cold), the move's
judgement goes on from it (the same verdict), and a race for a position that is gone is
dropped; a note never comes for a move taken back."""

from __future__ import annotations

import json

from bots_helpers import position
from colorcards.coach import Coach
from colorcards.coach.desk import Coaching, Desk, judge
from colorcards.coach.remote import Judgement, RemoteCoach, request
from colorcards.coach.weigh import SharedTests, finish, pairing
from colorcards.engine import Game, Rules, next_decision, parse_card, play
from colorcards.session.controller import HUMAN, GameController
from colorcards.session.messages import Hinted
from colorcards.session.seating import Seating
from colorcards.session.tutor import base_of
from colorcards.settings import GameSettings
from test_tui_controller import ManualHost


def duel() -> Game:
    """Red Draw Two holds off an opponent down to one card; Red 5 costs the round."""
    return position(["R+2 R5", "G1"], "R3", preset="duel", called="0,1")


def dealt(seed: int = 2) -> Game:
    """A four-seat game at the player's first turn with a choice."""
    game = Game.replay(Rules(), 4, seed, [])
    decision = next_decision(game)
    while decision.seat != 0 or len(decision.actions) < 2:
        game.apply(decision.actions[-1], decision.seat)
        decision = next_decision(game)
    return game


def asked(game: Game, made=None) -> dict:
    return request(game, list(game.actions), made, "normal", base_of(game).pair)


def message(ident: int, data: dict) -> str:
    return json.dumps({"id": ident, "request": data})


def run_all(desk: Desk) -> dict[int, dict | None]:
    came = {}
    while desk.jobs:
        line = desk.work(lambda: True)
        if line is not None:
            answer = json.loads(line)
            came[answer["id"]] = answer["answer"]
    return came


def test_the_hint_from_a_pondered_race_is_the_hint_computed_cold():
    game = dealt()
    coaching = Coaching()
    desk = Desk(coaching.make)
    desk.take(message(1, asked(game)))  # the pondering, as the turn arrives
    pondered = run_all(desk)[1]
    desk.take(message(2, asked(game)))  # H, once the race has run
    job = desk.jobs[2]
    line = desk.work(lambda: True)  # answered in its first step: nothing left to play
    assert line is not None and json.loads(line)["answer"] == pondered
    assert job.spent < 0.05
    cold = Coach("normal").advise(game.view(0), next_decision(game).actions)
    assert pondered == cold.as_json()
    assert coaching.races_run == 1


def test_the_moves_judgement_takes_a_half_run_race_over():
    """The move made while the race is under way: the judgement goes on from it (the
    race is not started again) and gives the verdict it gives cold."""
    game = duel()
    made = play(parse_card("R5"))
    coaching = Coaching()
    desk = Desk(coaching.make, quantum=0.0)
    desk.take(message(1, asked(game)))
    for _ in range(3):
        assert desk.work(lambda: True) is None  # a few deals into the race
    desk.take(message(2, asked(game, made)))  # the move, then the pondering let go
    desk.take(json.dumps({"id": 1, "cancel": True}))
    came = run_all(desk)
    assert list(came) == [2]
    assert Judgement.from_json(came[2]) == judge(asked(game, made))
    assert coaching.races_run == 1


def _made_while_testing(game, made, deals: int, testing: int | None = None) -> Coaching:
    """The turn pondered until its tests start (`testing` of them, when given), `deals`
    steps more, then `made` played and the pondering let go: the move's answer is the
    only one, and the one it gets cold. The desk's coaching, for its counts."""
    coaching = Coaching()
    desk = Desk(coaching.make, quantum=0.0)
    desk.take(message(1, {**asked(game), "ponder": True}))
    while not coaching.tests:
        assert desk.work(lambda: True) is None
    if testing is not None:
        assert coaching.tests_run == testing  # every likely move under test at once
    for _ in range(deals):
        desk.work(lambda: True)
    desk.take(message(2, asked(game, made)))
    desk.take(json.dumps({"id": 1, "cancel": True}))
    came = run_all(desk)
    assert list(came) == [2]
    assert Judgement.from_json(came[2]) == judge(asked(game, made))
    return coaching


def test_the_pondering_tests_the_likely_moves_and_the_move_made_takes_its_test_over():
    """Once the race is run, the pondering tests the moves outside the close ones; the
    move made finds its test under way (or done) and gives the verdict it gives cold."""
    game = duel()
    made = play(parse_card("R5"))
    coaching = _made_while_testing(game, made, deals=1)  # a step into the test of Red 5
    assert (coaching.races_run, coaching.tests_run) == (1, 1)
    assert not any(not t.done for t in coaching.tests.values())


THREE = 37
"""A deal whose first turn has three moves outside the close ones, each tested quickly:
Yellow 6 (as good), a draw and a Wild (both costly)."""


def likely_moves(game: Game) -> tuple[list, object]:
    view, legal = game.view(0), next_decision(game).actions
    advice = Coach("normal").advise(view, legal)
    return [t.action for t in sorted(advice.race, key=lambda t: -t.chance)
            if t.action not in advice.close], advice


def test_moves_tested_together_each_get_the_answer_they_get_alone():
    """The pondering tests the likely moves on the same deals at once (`SharedTests`): each
    move's answer is the one `testing` gives it alone, also when another is dropped
    half-way (a move made), and a dropped move is no longer played out."""
    game = dealt(THREE)
    view, legal = game.view(0), next_decision(game).actions
    moves, advice = likely_moves(game)
    assert len(moves) == 3
    coach = Coach("normal")
    best, calls = pairing(view, legal, moves[0], advice)
    assert all(pairing(view, legal, m, advice) == (best, calls) for m in moves)
    alone = {m: finish(coach.testing(view, best, m, calls)) for m in moves}
    together = SharedTests(coach, view, best, moves, calls)
    while together.step():
        pass
    assert together.found == alone
    narrowed = SharedTests(coach, view, best, moves, calls)
    for _ in range(40):
        narrowed.step()
    narrowed.drop(moves[1])
    while narrowed.step():
        pass
    assert moves[1] not in narrowed.found
    assert {m: narrowed.found[m] for m in (moves[0], moves[2])} == \
        {m: alone[m] for m in (moves[0], moves[2])}


def test_the_move_made_takes_its_test_over_from_the_moves_tested_together():
    """The second likeliest move made while the pondering tests all three together: its
    verdict is the one it gets cold, no test is started again, and the others' tests
    are let go."""
    game = dealt(THREE)
    moves, _ = likely_moves(game)
    made = moves[1]
    coaching = _made_while_testing(game, made, deals=5, testing=3)
    assert (coaching.races_run, coaching.tests_run) == (1, 3)
    assert all(t.done for t in coaching.tests.values())  # the others dropped, not kept


def test_the_pondering_tests_a_close_card_played_without_last_card():
    """With Last Card due, the likeliest slip is the right card played without the
    call: the pondering tests it (against the same card called) before the other moves,
    and the card played uncalled is then answered at once, as cold."""
    game = position(["R+2 R5", "G1 G2 G3"], "R3", preset="duel")
    made = play(parse_card("R+2"))  # the coach's choice, but no call first
    coaching = Coaching()
    desk = Desk(coaching.make, quantum=0.0)
    desk.take(message(1, {**asked(game), "ponder": True}))
    run_all(desk)
    assert coaching.tests_run == 2  # Red Draw Two uncalled, and Red 5
    desk.take(message(2, asked(game, made)))
    job = desk.jobs[2]
    line = desk.work(lambda: True)
    assert line is not None and job.spent < 0.05
    cold = judge(asked(game, made))
    assert cold is not None and cold.costly and cold.uncalled
    assert Judgement.from_json(json.loads(line)["answer"]) == cold


def test_a_move_the_pondering_found_costly_is_answered_at_once():
    """The pondering runs on to the report of an option its test found costly (the
    chances the note shows): the move made then has nothing left to play."""
    game = duel()
    made = play(parse_card("R5"))
    coaching = Coaching()
    desk = Desk(coaching.make, quantum=0.0)
    desk.take(message(1, {**asked(game), "ponder": True}))
    run_all(desk)
    assert coaching.reports_run == 1 and all(r.done for r in coaching.reports.values())
    desk.take(message(2, asked(game, made)))
    job = desk.jobs[2]
    line = desk.work(lambda: True)
    assert line is not None and job.spent < 0.05
    cold = judge(asked(game, made))
    assert cold is not None and cold.costly
    assert Judgement.from_json(json.loads(line)["answer"]) == cold
    assert coaching.reports_run == 1


def test_the_moves_judgement_takes_a_half_run_report_over():
    """The move made while the pondering reports on it: the judgement goes on from
    there (no report is started again), with the verdict it gives cold."""
    game = duel()
    made = play(parse_card("R5"))
    coaching = Coaching()
    desk = Desk(coaching.make, quantum=0.0)
    desk.take(message(1, {**asked(game), "ponder": True}))
    while not coaching.reports:
        assert desk.work(lambda: True) is None
    desk.work(lambda: True)  # a few deals into the report
    assert not all(r.done for r in coaching.reports.values())
    desk.take(message(2, asked(game, made)))
    desk.take(json.dumps({"id": 1, "cancel": True}))
    came = run_all(desk)
    assert Judgement.from_json(came[2]) == judge(asked(game, made))
    assert (coaching.races_run, coaching.tests_run, coaching.reports_run) == (1, 1, 1)


def test_a_pondered_report_is_dropped_when_its_position_is_gone():
    game = duel()
    coaching = Coaching()
    desk = Desk(coaching.make, quantum=0.0)
    desk.take(message(1, {**asked(game), "ponder": True}))
    while not coaching.reports:
        desk.work(lambda: True)
    desk.take(json.dumps({"id": 1, "cancel": True}))
    assert not desk.jobs and not coaching.reports


def test_a_pondered_race_is_dropped_when_its_position_is_gone():
    game = dealt()
    coaching = Coaching()
    desk = Desk(coaching.make, quantum=0.0)
    desk.take(message(1, asked(game)))
    for _ in range(3):
        desk.work(lambda: True)
    assert len(coaching.races) == 1
    desk.take(json.dumps({"id": 1, "cancel": True}))
    assert not desk.jobs and not coaching.races  # nothing is worked on for nobody


def test_a_pondered_test_is_dropped_when_its_position_is_gone():
    game = duel()
    coaching = Coaching()
    desk = Desk(coaching.make, quantum=0.0)
    desk.take(message(1, {**asked(game), "ponder": True}))
    while not coaching.tests:
        desk.work(lambda: True)
    desk.take(json.dumps({"id": 1, "cancel": True}))
    assert not desk.jobs and not coaching.tests


class Watched(RemoteCoach):
    """The coach's real process, with what the table pondered and let go noted."""

    def __init__(self) -> None:
        super().__init__()
        self.pondered: list = []
        self.cancelled: list = []

    def ponder(self, data):
        asked = super().ponder(data)
        self.pondered.append(asked)
        return asked

    def cancel(self, asked) -> None:
        self.cancelled.append(asked)
        super().cancel(asked)


def test_the_table_ponders_its_players_turn_and_lets_it_go_when_the_move_is_made():
    """At the table, with the coach's real process: the turn's race is asked as the turn
    arrives; the hint is that race's advice, the same as cold; the move lets it go."""
    game = duel()
    seating = Seating.at(game, GameSettings(preset="duel", opponents=1, difficulty="hard",
                                            coach=True))
    host = ManualHost()
    remote = Watched()
    ctl = GameController(seating, host, listen=host.hear, delay=0.5, remote=remote)
    try:
        ctl.start()
        [pondered] = remote.pondered  # asked as the turn arrived
        ctl.hint()
        cold = Coach("hard").advise(game.view(HUMAN), next_decision(game).actions)
        assert [m.action for m in host.told if isinstance(m, Hinted)] == [cold.recommended]
        assert pondered.came.wait(30)  # the race's own answer came too
        assert pondered not in remote.cancelled
        ctl.act(play(parse_card("R+2")))
        assert remote.cancelled == [pondered]  # let go as the move was made
    finally:
        ctl.stop()
        remote.close()


class LaterHost(ManualHost):
    """Judgements of the player's moves wait until `weigh_now` (as a thread would)."""

    def __init__(self) -> None:
        super().__init__()
        self.waiting: list = []

    def weigh(self, judge, done) -> None:
        self.waiting.append((judge, done))

    def answer(self, which: int = 0) -> None:
        """The judgement asked `which`-th of those still waiting answers now."""
        judge_it, done = self.waiting.pop(which)
        done(judge_it())

    def weigh_now(self) -> None:
        waiting, self.waiting = self.waiting, []
        for judge_it, done in waiting:
            done(judge_it())


def test_no_note_comes_for_a_move_taken_back():
    """A costly move, taken back before its judgement answers: the answer, when it would
    have come, gives no note; the same move made again gets its note."""
    game = duel()
    seating = Seating.at(game, GameSettings(preset="duel", opponents=1, difficulty="hard",
                                            coach=True))
    host = LaterHost()
    remote = RemoteCoach()
    ctl = GameController(seating, host, listen=host.hear, delay=0.5, remote=remote)
    try:
        ctl.start()
        ctl.act(play(parse_card("R5")))
        assert ctl.take_back() is None
        host.weigh_now()
        assert ctl.note is None and not any(line.startswith("Coach:") for line in ctl.log)
        ctl.act(play(parse_card("R5")))
        host.weigh_now()
        assert ctl.note is not None and ctl.note.startswith("Coach: Red Draw Two instead")
    finally:
        ctl.stop()
        remote.close()
