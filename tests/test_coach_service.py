"""The coach's one process (coach/service.py): the hint, the note and the reviews are
answered by the same child, with the answers they give alone, and the table's requests
come before a background review."""

from __future__ import annotations

import threading
import time

from coach_helpers import answered
from colorcards.coach import Coach
from colorcards.coach.desk import judge
from colorcards.coach.pool import Pool
from colorcards.coach.remote import Judgement, RemoteCoach, request
from colorcards.coach.service import BACKGROUND, REVIEW, Jobs, decision, job_name
from colorcards.engine import parse_card, play
from colorcards.replay.background import Reviewer
from colorcards.replay.review import Review, review
from colorcards.replay.reviewing import reviewing
from colorcards.session.tutor import base_of
from test_coach_pool import positions
from test_replay_snapshots import scripted_game

SMALL = {"choose_deals": 32, "choose_playouts": 160, "looks": [32, 64]}
"""A review's coach on a small budget: a decision in a few hundredths of a second."""


def test_one_process_answers_the_hint_the_note_and_a_review():
    game, legal, made = positions()[0]
    asked = request(game, [], made, "hard", base_of(game).pair)
    remote = RemoteCoach()
    try:
        note = answered(remote, asked)
        child = remote.process
        assert child is not None
        hint = remote.advise(request(game, [], None, "hard", base_of(game).pair))
        steps: list[dict] = []
        kept = scripted_game()
        assert Reviewer(remote, SMALL).review(kept, None, steps.append)
        assert remote.process is child and child.poll() is None  # the same process
        # With the coach off, the table sends a decision to be judged in a review's turn
        silent = remote.work(job_name(decision), asked, background=True)
        assert silent is not None
        judgements = [Judgement.from_json(u["judgement"]) for u in remote.follow(silent)]
        assert remote.process is child
    finally:
        remote.close()
    assert note == judge(asked) and note is not None and note.costly
    assert judgements == [note] and note.verdict is not None
    assert hint == Coach("hard").advise(game.view(0), legal)
    alone = review(kept, coach=Coach(kept.difficulty, **SMALL))
    assert Review.from_json(steps[-1]) == alone and alone.complete
    assert [len(s["moments"]) for s in steps] == list(range(1, len(alone.moments) + 1))


def test_a_review_plays_its_deals_out_over_the_tables_helpers():
    """The coach's process lends its pool to the reviews: a review weighed over it is
    the review weighed alone, and the helpers did play its deals."""
    kept = scripted_game()
    alone = review(kept, coach=Coach(kept.difficulty, **SMALL))
    sent: list[dict] = []
    pool = Pool(2)
    try:
        assert reviewing({"kept": kept.as_json(), "resume": None, "budget": SMALL},
                         lambda: False, sent.append, pool)
        assert pool.round_trips > 0
    finally:
        pool.close()
    assert Review.from_json(sent[-1]) == alone


def _until(predicate, seconds: float = 30.0) -> None:
    end = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.002)


def test_a_review_waits_while_work_before_it_is_in_hand():
    """In the child's own scheduling (`Jobs`, `Turns`): each review asks `stop()` at
    every deal; a background review takes no step while the table has a request in hand
    or the Review screen's review runs, the Review screen's none while the table has,
    and a cancelled review's `stop()` says so at once."""
    steps = {"screen": 0, "background": 0}
    sent: list[dict] = []
    held = {REVIEW: threading.Semaphore(0), BACKGROUND: threading.Semaphore(0)}

    def counting(request, stop, send, pool) -> bool:
        while not stop():
            steps[request["name"]] += 1
            time.sleep(0.001)  # a deal's work
        return False

    reviews = Jobs(sent.append, held=lambda rank: held[rank].release(),
                   find=lambda name: counting)
    assert reviews.take({"id": 1, "job": "count", "work": {"name": "background"},
                         "background": True})
    _until(lambda: steps["background"] > 5)

    def held_now(rank: int, name: str) -> None:
        """The review of `rank` waits at its next `stop()`: the hook says so."""
        assert held[rank].acquire(timeout=30), f"the {name} review was not held"

    reviews.table(True)
    held_now(BACKGROUND, "background")
    at = steps["background"]
    reviews.table(False)
    _until(lambda: steps["background"] > at + 5)  # on again
    assert reviews.take({"id": 2, "job": "count", "work": {"name": "screen"}})
    held_now(BACKGROUND, "background")  # behind the Review screen's
    _until(lambda: steps["screen"] > 5)
    reviews.table(True)
    held_now(REVIEW, "screen")
    reviews.table(False)
    assert not reviews.take({"id": 7, "cancel": True})  # not a review's: the table's
    assert reviews.take({"id": 2, "cancel": True})
    _until(lambda: {"id": 2, "answer": {"complete": False}} in sent)
    at = steps["background"]
    _until(lambda: steps["background"] > at + 5)  # its turn again
    assert reviews.take({"id": 1, "cancel": True})
    _until(lambda: {"id": 1, "answer": {"complete": False}} in sent)
    assert not reviews.turns.ahead(BACKGROUND + 1)


def test_the_note_comes_while_a_background_review_is_under_way():
    """A background review under way in the app's coach process, then the note on a
    costly move (the full coach): the note is answered while the review is still under
    way, and the review then goes on to its end."""
    game, _, made = positions()[0]
    remote = RemoteCoach()
    came: list[float] = []
    reviewer = Reviewer(remote, SMALL, background=True)
    done: list[bool] = []
    worker = threading.Thread(target=lambda: done.append(
        reviewer.review(scripted_game(), None, lambda step: came.append(time.monotonic()))))
    try:
        worker.start()
        deadline = time.monotonic() + 120
        while not came and time.monotonic() < deadline:
            time.sleep(0.01)
        assert came, "the review never began"
        note = answered(remote, request(game, [], made, "hard", base_of(game).pair))
        noted = time.monotonic()
        assert note is not None and note.costly
        assert not done, "the review ended before the note was asked: nothing was tested"
        worker.join(300)
        assert done == [True]
        assert any(t > noted for t in came)  # it went on after the note
    finally:
        reviewer.cancel()
        remote.close()


def test_a_review_dropped_ends_and_the_process_goes_on():
    """Cancelling a review answers its wait at once; the same child then answers the
    table (nothing of the review stands in its way)."""
    remote = RemoteCoach()
    reviewer = Reviewer(remote, None, background=True)  # the full coach: minutes of work
    came = threading.Event()
    result: list[bool] = []
    worker = threading.Thread(target=lambda: result.append(
        reviewer.review(scripted_game(), None, lambda step: came.set())))
    try:
        worker.start()
        assert came.wait(120)
        reviewer.cancel()
        worker.join(10)
        assert result == [False]
        duel = positions()[0][0]
        hint = remote.advise(request(duel, [], None, "hard", base_of(duel).pair))
        assert hint is not None and play(parse_card("R+2")) in hint.close
    finally:
        remote.close()


def test_only_the_packages_functions_are_jobs_and_an_unknown_one_is_answered():
    """A job is named by module and function, only within the package; a name that
    finds none is answered at once (incomplete), never left waiting."""
    from colorcards.coach.service import resolve

    assert resolve(job_name(reviewing)) is reviewing
    assert resolve(job_name(decision)) is decision
    for name in ("os:system", "colorcards.coach.service:nothing", "colorcards:1", "x"):
        try:
            resolve(name)
        except (ValueError, ImportError):
            continue
        raise AssertionError(f"{name!r} was taken for a job")
    sent: list[dict] = []
    assert Jobs(sent.append).take({"id": 3, "job": "os:system", "work": {}})
    assert sent == [{"id": 3, "answer": {"complete": False}}]
