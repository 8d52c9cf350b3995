"""Reviews in the background: a finished game is reviewed in a process of its own; quitting
stops it at once with what was weighed kept, and the next start resumes from there."""

from __future__ import annotations

import time

from colorcards.replay.background import BackgroundReviews
from colorcards.replay.review import Review, accuracy
from colorcards.session.seating import Seating
from colorcards.settings import GameSettings
from colorcards.store import Store
from test_tui_controller import ManualHost, controller, play_match

BUDGET = {"choose_deals": 64, "choose_playouts": 320, "looks": [64, 128]}
"""A small coach: a few tenths of a second a decision."""


def _finished_game(store: Store, seed: int) -> str:
    host = ManualHost()
    settings = GameSettings(preset="duel", opponents=1, difficulty="normal",
                            changes={"match": "single"})
    ctl = controller(Seating.new(settings, seed=seed), host, store=store)
    ctl.start()
    play_match(ctl, host)
    return ctl.meta.game_id


def _wait(predicate, seconds: float = 120.0) -> None:
    end = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.005)


def test_a_background_review_stops_on_quit_and_resumes(tmp_path):
    store = Store.open(tmp_path)
    game_id = _finished_game(store, seed=3)
    assert store.unreviewed() == [game_id]

    def kept() -> Review | None:
        return Review.from_json(store.review(game_id))

    reviews = BackgroundReviews(store, budget=BUDGET)
    reviews.start()
    _wait(lambda: (r := kept()) is not None and len(r.moments) >= 1)
    reviews.stop()
    assert not reviews.running
    part = kept()
    assert part is not None and not part.complete, "the review ended before it was stopped"
    # Stopped, its thread has ended (`running`): only that thread keeps what the
    # reviewer weighs, so nothing more is kept (the next start resumes from `part`).

    done: list[str] = []
    again = BackgroundReviews(store, budget=BUDGET, reviewed=done.append)
    again.start()
    _wait(lambda: not again.running)
    whole = kept()
    assert whole is not None and whole.complete and done == [game_id]
    assert whole.moments[:len(part.moments)] == part.moments  # resumed, not begun again
    assert store.unreviewed() == []
    measure = accuracy(whole)
    assert measure is not None
    assert store.history()[0].accuracy == measure.share


async def test_the_app_reviews_in_the_background_and_stops_on_quit(tmp_path, monkeypatch):
    """The app starts the reviews a moment after the title; quitting ends the reviewer."""
    import asyncio

    from colorcards.tui.app import REVIEWS_AFTER, ColorCardsApp
    from colorcards.tui.helpers import Helpers
    from tui_table_helpers import HandClock

    store = Store.open(tmp_path)
    game_id = _finished_game(store, seed=3)
    store.close()
    clock = HandClock()
    app = ColorCardsApp(data_dir=tmp_path, background_reviews=True, clock=clock,
                        helpers=Helpers(review_budget=BUDGET))  # the small coach
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        clock.time = REVIEWS_AFTER - 0.01
        assert not clock.ring_next(clock.time) and app.reviews is None  # not yet
        assert clock.ring_next(REVIEWS_AFTER) and app.reviews is not None
        for _ in range(12000):  # the reviewer runs at the lowest priority: on a busy
            await asyncio.sleep(0.01)  # machine its first decision may take a while
            if app.reviews is not None and app.store.review(game_id) is not None:
                break
        reviews = app.reviews
        assert reviews is not None and reviews.running
        await pilot.press("q")  # quit from the title
    # The reviewer's process is ended at once; the quit does not wait for the thread
    # that read it (tests/test_tui_quit.py), which ends on its own.
    _wait(lambda: not reviews.running, 30.0)
    again = Store.open(tmp_path)
    assert Review.from_json(again.review(game_id)) is not None  # what was weighed is kept
    again.close()


def test_the_setting_turns_the_background_reviews_off(monkeypatch):
    """`colorcards --no-background-reviews`: that app starts no reviewer; without it the
    program's app reviews in the background (an app made otherwise, a test's, does not)."""
    from colorcards.cli import build_parser
    from colorcards.tui.app import ColorCardsApp
    from colorcards.tui.program import app_from_args

    for flags, on in ([], True), (["--no-background-reviews"], False):
        assert app_from_args(build_parser().parse_args(flags)).background_reviews is on
    assert ColorCardsApp().background_reviews is False
