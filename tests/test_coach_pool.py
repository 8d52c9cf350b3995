"""The coach's helpers play a judgement's deals beside it: the verdicts are the same for
one process and for several, a helper that ends is stood in for, the number of workers
follows the machine and its cap, and the helpers go with the process that started them."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time

import pytest

from bots_helpers import position
from coach_helpers import answered
from colorcards.coach import Coach
from colorcards.coach.pool import ENVIRONMENT, Pool, cores, environment, setting_of, workers
from colorcards.engine import Game, Rules, next_decision, parse_card, play


def positions() -> list[tuple]:
    """A few decisions of the player's: the costly duel, and the first turns with a choice
    of some dealt four-seat games."""
    duel = position(["R+2 R5", "G1"], "R3", preset="duel", called="0,1")
    found = [(duel, next_decision(duel).actions, play(parse_card("R5")))]
    for seed in (1, 2, 4):
        game = Game.replay(Rules(), 4, seed, [])
        decision = next_decision(game)
        while decision.seat != 0 or len(decision.actions) < 2:
            game.apply(decision.actions[-1], decision.seat)
            decision = next_decision(game)
        found.append((game, decision.actions, decision.actions[-1]))
    return found


def small(pool: Pool | None) -> Coach:
    return Coach("normal", choose_deals=96, choose_playouts=480, looks=(64, 192, 256),
                 pool=pool)


def test_one_worker_and_several_give_identical_verdicts():
    alone = [small(None).judge(game.view(0), legal, made)
             for game, legal, made in positions()]
    assert any(v.costly for v in alone) and any(not v.costly for v in alone)
    for size in (2, 3):
        pool = Pool(size)
        try:
            shared = [small(pool).judge(game.view(0), legal, made)
                      for game, legal, made in positions()]
            assert pool.round_trips > 0  # the helpers did play deals
        finally:
            pool.close()
        assert shared == alone


def test_advice_is_the_same_with_helpers():
    game, legal, _ = positions()[1]
    pool = Pool(2)
    try:
        assert small(pool).advise(game.view(0), legal) == small(None).advise(game.view(0), legal)
    finally:
        pool.close()


def test_threads_sharing_a_pool_each_get_their_own_verdicts():
    """The coach's process lends its helpers to a review's thread while the table's
    work runs on its main thread: judgements made at once from two threads on one pool
    give what each gives alone."""
    cases = positions()
    alone = [small(None).judge(game.view(0), legal, made) for game, legal, made in cases]
    pool = Pool(2)
    found: dict[int, list] = {0: [], 1: []}

    def judge_every(which: int) -> None:
        for _ in range(2):
            found[which].append([small(pool).judge(game.view(0), legal, made)
                                 for game, legal, made in cases])

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # the threads change hands as often as they can
    try:
        threads = [threading.Thread(target=judge_every, args=(k,)) for k in (0, 1)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=300)
        assert pool.round_trips > 0
    finally:
        sys.setswitchinterval(interval)
        pool.close()
    assert found == {0: [alone, alone], 1: [alone, alone]}


def test_a_helper_that_ends_is_stood_in_for():
    """A helper killed before it answers: its deals are played by the judging process,
    and the verdict does not change."""
    game, legal, made = positions()[0]
    expected = small(None).judge(game.view(0), legal, made)
    pool = Pool(3)
    try:
        pool.helpers[0].kill()
        pool.helpers[0].wait()
        assert small(pool).judge(game.view(0), legal, made) == expected
        assert len(pool.helpers) == 1
    finally:
        pool.close()


def test_a_dropped_judgement_leaves_the_pool_usable():
    """A judgement closed half-way (the move taken back) drops its helpers' answers; the
    next judgement on the same pool gets its own."""
    game, legal, made = positions()[0]
    pool = Pool(2)
    try:
        steps = small(pool).judging(game.view(0), legal, made)
        for _ in range(5):
            next(steps)
        steps.close()
        assert small(pool).judge(game.view(0), legal, made) == \
            small(None).judge(game.view(0), legal, made)
    finally:
        pool.close()


@pytest.mark.parametrize(("value", "expected"), [
    ("", max(1, cores() - 1)),
    ("1", 1),
    ("3", 3),
    ("0", max(1, cores() - 1)),
    ("many", max(1, cores() - 1)),
])
def test_the_workers_default_to_the_cores_less_one_and_a_setting_caps_them(value, expected):
    """An empty, zero or unreadable setting leaves the default: the cores less one."""
    assert workers({ENVIRONMENT: value}) == expected


@pytest.mark.parametrize("value", ["", "1", "3", "many"])
def test_the_games_setting_wins_over_the_environment(value):
    """--coach-workers decides whatever COLORCARDS_COACH_WORKERS says; the coach's process
    is started with the count decided."""
    assert workers({ENVIRONMENT: value}, setting=2) == 2
    assert workers({ENVIRONMENT: value}, setting=1) == 1
    assert environment(2)[ENVIRONMENT] == "2"
    assert environment(None) is None


def test_a_setting_typed_is_a_number_from_one_to_the_cores():
    assert [setting_of(str(n)) for n in range(1, cores() + 1)] == list(range(1, cores() + 1))
    assert setting_of(" 1 ") == 1
    for wrong in ("0", str(cores() + 1), "two", "1.5"):
        with pytest.raises(ValueError, match=f"from 1 to {cores()}"):
            setting_of(wrong)


def test_one_worker_starts_no_helper():
    pool = Pool(1)
    assert pool.helpers == []
    pool.close()


PARENT = """
import sys, time
from colorcards.coach.pool import Pool
pool = Pool(3)
print(" ".join(str(p.pid) for p in pool.helpers), flush=True)
time.sleep(600)
"""


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie waiting for its parent's wait counts as gone
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(") ")[1][0] != "Z"
    except OSError:
        return True


@pytest.mark.parametrize("how", ["kill", "quit"])
def test_the_helpers_go_with_their_parent(how):
    parent = subprocess.Popen([sys.executable, "-c", PARENT], stdout=subprocess.PIPE,
                              text=True)
    assert parent.stdout is not None
    pids = [int(p) for p in parent.stdout.readline().split()]
    assert len(pids) == 2 and all(alive(p) for p in pids)
    parent.send_signal(signal.SIGKILL if how == "kill" else signal.SIGTERM)
    parent.wait()
    deadline = time.monotonic() + 20
    while any(alive(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(alive(p) for p in pids)


def children(pid: int) -> list[int]:
    with open(f"/proc/{pid}/task/{pid}/children") as found:
        return [int(p) for p in found.read().split()]


@pytest.mark.skipif(not os.path.exists("/proc/self/task"), reason="reads /proc")
def test_the_coachs_child_and_its_helpers_go_when_the_child_is_killed(monkeypatch):
    """The game's coach process with two workers (the setting, over an environment that
    says one): killed with -9, its helper goes too."""
    from colorcards.coach.remote import RemoteCoach, request
    from colorcards.session.tutor import base_of

    monkeypatch.setenv(ENVIRONMENT, "1")
    game, _, made = positions()[0]
    remote = RemoteCoach(workers=2)
    try:
        answer = answered(remote, request(game, [], made, "hard", base_of(game).pair))
        assert answer is not None and answer.costly
        child = remote.process
        assert child is not None
        helpers = children(child.pid)
        assert len(helpers) == 1 and alive(helpers[0])
        child.send_signal(signal.SIGKILL)
        child.wait()
        deadline = time.monotonic() + 20
        while alive(helpers[0]) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not alive(helpers[0])
    finally:
        remote.close()
