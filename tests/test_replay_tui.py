"""History → Replay → the same deal, played with Pilot as a person would, through the
real app and store: the title's and Statistics' ways in, stepping, round by round,
hands face up, a game with no replay, and a replay that cannot be trusted."""

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from colorcards.replay.kept import KeptGame
from colorcards.store import Store
from colorcards.store.recovery import connect
from colorcards.store.schema import migrate
from colorcards.tui.app import ColorCardsApp
from colorcards.tui.helpers import Helpers
from colorcards.tui.screens.history import HistoryScreen
from colorcards.tui.screens.replay import ReplayScreen
from colorcards.tui.screens.results import ResultsScreen
from colorcards.tui.screens.stats import StatsScreen
from history_helpers import play_evening
from tui_table_helpers import HandClock, flat, screen_text, settle, wait


@pytest.fixture
def data(tmp_path):
    """Two kept Color Cards games (seeds 1000, 1001) and one older game with no replay."""
    db = connect(tmp_path / "colorcards.db")
    migrate(db, upto=2)
    db.execute(
        "INSERT INTO records (game_id, finished_at, preset, rules, difficulty, seats, result, "
        "abandoned, place, table_points, cards_left, points_left, turns, duration_seconds, "
        "seed, meta) VALUES ('old', '2026-11-01T20:00:00+00:00', 'color-cards', '{}', "
        "'hard', 4, 'win', 0, 1, 3, 0, 0, 30, 60.0, '12', '{}')")
    db.close()
    with Store.open(tmp_path) as store:
        play_evening(store, games=2, abandon_every=0, autosave=False,
                     plan=(("color-cards", 4, "hard"),))
    return tmp_path


def _header(screen: ReplayScreen) -> str:
    return str(screen.query_one("#replay-header").render())



def _tamper(data, sql: str) -> None:
    """Change the database file from outside the game, as a hand edit or damage would."""
    import sqlite3

    from colorcards.store.paths import DB_NAME

    db = sqlite3.connect(data / DB_NAME)
    try:
        with db:
            db.execute(sql)
    finally:
        db.close()


def _said(messages: list) -> list[str]:
    """What the app notified, from the messages a `run_test(message_hook=...)` saw."""
    from textual.notifications import Notify

    return [m.notification.message for m in messages if isinstance(m, Notify)]

async def test_history_to_replay_to_the_same_deal(data):
    """H on the title lists the games; Enter replays the newest from the deal; the keys
    step, jump and turn hands face up (beside the log, not in its place); D deals the
    same cards again as a new game."""
    app = ColorCardsApp(data_dir=data, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h")
        await pilot.pause()
        history = app.screen
        assert isinstance(history, HistoryScreen) and len(history.entries) == 3
        await pilot.press("enter")
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        kept = replay.kept
        assert kept.game_id == "evening-1001" and replay.position == 0
        await pilot.press("end")
        assert replay.frame.view.phase == "match-over"
        await pilot.press("home")
        assert replay.position == 0 and replay.frame.view.hand == tuple(
            kept.new_game().hands[0])
        await pilot.press("right", "right", "left")
        assert replay.position == 1
        await pilot.press("pagedown")  # one round: straight to the end
        assert replay.at_end
        await pilot.press("pageup")
        assert replay.position == 0
        assert "FACE UP" not in _header(replay)
        assert not replay.query_one("#replay-hands").display
        await pilot.press("f")
        assert replay.face_up and "ALL HANDS FACE UP" in _header(replay)
        assert replay.query_one("#replay-hands").display
        assert replay.query_one("#replay-log").display
        await pilot.press("end", "d")
        await pilot.pause()
        await pilot.pause()
        assert app.controller is not None
        game = app.controller.game
        assert game.seed == kept.seed and game.rules == kept.rules
        dealt = kept.new_game().history
        assert game.history[:len(dealt)] == dealt  # the same hands and the same first card
        again = KeptGame(rules=game.rules, seats=game.seats, seed=kept.seed,
                         actions=tuple(game.actions))
        assert again.replay().dumps() == game.dumps()


async def test_history_from_statistics_and_back(data):
    """S then H reaches the same list; Escape goes back one step, to Statistics, and
    Escape again to the title."""
    app = ColorCardsApp(data_dir=data, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert type(app.screen).__name__ == "TitleScreen"


async def test_a_game_with_no_replay_only_says_so(data):
    """Enter on the old game keeps the list and says there is no replay."""
    app = ColorCardsApp(data_dir=data, delay=0)
    messages: list = []
    async with app.run_test(size=(80, 24), message_hook=messages.append) as pilot:
        await pilot.press("h")
        await pilot.pause()
        await pilot.press("end", "enter")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        assert any("no replay" in m for m in _said(messages))
        await pilot.press("home", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)


async def test_a_replay_that_does_not_reach_its_record_says_it_cannot_be_trusted(data):
    """The record's turns edited by hand: the replay opens, marked and explained."""
    _tamper(data, "UPDATE records SET turns = turns + 3 WHERE game_id = 'evening-1001'")
    app = ColorCardsApp(data_dir=data, delay=0)
    messages: list = []
    async with app.run_test(size=(80, 24), message_hook=messages.append) as pilot:
        await pilot.press("h")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayScreen) and replay.distrust
        assert "CANNOT BE TRUSTED" in _header(replay)
        assert any("cannot be trusted" in m for m in _said(messages))


async def test_damaged_kept_actions_leave_the_list_working(data):
    """Garbage where the actions are kept: Enter says why and the list stays."""
    _tamper(data, "UPDATE replays SET actions = '??' WHERE game_id = 'evening-1001'")
    app = ColorCardsApp(data_dir=data, delay=0)
    messages: list = []
    async with app.run_test(size=(80, 24), message_hook=messages.append) as pilot:
        await pilot.press("h")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        assert any("cannot be replayed" in m for m in _said(messages))


def test_the_same_deal_keeps_options_that_differ_from_the_preset():
    """Options changed on top of the preset come back as the same changes."""
    from colorcards.engine import Game, get_preset
    from colorcards.tui.looking_back import settings_for

    rules = get_preset("classic").rules(stacking="on", match="single")
    kept = KeptGame(rules=rules, seats=3, seed=5, actions=(), preset="classic",
                    difficulty="crazy")
    settings = settings_for(kept)
    assert settings.rules() == rules and settings.opponents == 2
    assert settings.difficulty == "crazy" and settings.preset == "classic"
    assert Game(settings.rules(), settings.seats, kept.seed).hands == kept.new_game().hands


async def _play_to_the_results(app, pilot) -> None:
    """Play the player's seat (the first play offered, else the first action) until the
    results of the finished match are up (on the app's `HandClock`)."""
    from colorcards.tui.screens.results import ResultsScreen

    for _ in range(3000):
        await settle(pilot)
        if isinstance(app.screen, ResultsScreen) and app.controller.game.is_over:
            return
        ctl = app.controller
        legal = ctl.legal() if ctl.my_turn else ()
        if legal:
            plays = [a for a in legal if a.kind == "play"]
            ctl.act(plays[0] if plays else legal[0])
        else:
            await wait(pilot, 1.0)  # another's Last Card window: it closes
    raise AssertionError("the match did not end")


async def test_results_offer_the_review_and_the_same_deal(tmp_path, monkeypatch):
    """A match played to its end: V on the results reviews it (a progress bar, then the
    moments, kept in the store); Escape goes back to the results, with their Same deal;
    on the title, History shows it reviewed and its replay marks the moments; D on the
    replay deals the same game again."""
    from colorcards.tui.screens.review import ReviewScreen

    app = ColorCardsApp(data_dir=tmp_path, seed=4242, delay=0, clock=HandClock(),
                        helpers=_quick_reviews())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("enter")  # the New game settings as they are
        await pilot.pause()
        await _play_to_the_results(app, pilot)
        game = app.controller.game
        await pilot.press("v")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReviewScreen) and screen.kept.seed == game.seed == 4242
        await app.workers.wait_for_complete()  # the review, in its thread
        await pilot.pause()
        assert screen.result is not None and screen.result.complete
        with Store.open_for_reading(tmp_path / "colorcards.db") as store:
            assert store.history()[0].reviewed
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen) and "Same deal" in screen_text(app)
        await pilot.press("t")
        await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        await pilot.press("enter")
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        assert replay.marks_at  # the comparison below is not of two empty sets
        assert set(replay.marks_at) == {j.index for j in screen.result.costliest()}
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen) and app.screen.result == screen.result  # kept
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        await pilot.pause()
        assert app.controller.game.seed == 4242 and app.controller.game is not game


QUICK_COACH = {"choose_deals": 32, "choose_playouts": 160, "looks": (32, 64)}
"""A coach on a small budget: what it finds differs, how the screens show it does not
(the coach's own tests weigh with the full budget)."""


def _quick_reviews() -> Helpers:
    """The reviews weigh with `QUICK_COACH` (in the reviewer's process, as ever): the
    whole review of a match in a second or two instead of several."""
    return Helpers(review_budget=QUICK_COACH)


def _slow_reviews(monkeypatch, tmp_path, seconds: float):
    """The Review screen's review weighs on a small budget and pauses `seconds` after
    each decision (tests/review_child.py, the app's coach process), so that Escape
    lands while it is still weighing; the app's helpers, and a function listing the
    `resume` each review was asked with.

    The review of a short game can finish within a frame on a quiet machine."""
    import sys

    from colorcards.coach.remote import RemoteCoach

    log = tmp_path / "resumed.jsonl"
    log.touch()
    monkeypatch.setenv("REVIEW_CHILD_LOG", str(log))
    child = str(Path(__file__).with_name("review_child.py"))
    helpers = Helpers(review_budget=QUICK_COACH,
                      coach=RemoteCoach((sys.executable, child, str(seconds))))

    def resumed() -> list:
        from colorcards.replay.review import Review

        lines = log.read_text(encoding="utf-8").splitlines()
        return [Review.from_json(json.loads(line)) for line in lines]

    return helpers, resumed


async def _open_review(pilot):
    """From the title: History, the newest game's replay, V; the Review screen."""
    from colorcards.tui.screens.review import ReviewScreen

    await pilot.press("h")
    await pilot.pause()
    await pilot.press("enter", "v")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, ReviewScreen)
    return screen


async def test_a_review_can_be_left_at_once(data, monkeypatch):
    """V then Escape straight away: back at the replay, nothing kept, nothing broken."""

    helpers, _ = _slow_reviews(monkeypatch, data, 0.2)
    app = ColorCardsApp(data_dir=data, delay=0, helpers=helpers)
    async with app.run_test(size=(80, 24)) as pilot:
        await _open_review(pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await app.workers.wait_for_complete()  # a review that did not stop would finish
        await pilot.pause()
        assert not app.store.history()[0].reviewed


async def test_a_review_left_half_way_resumes_where_it_stopped(data, monkeypatch):
    """Escape after some decisions are weighed: they are kept with the game (which is not
    yet counted as reviewed), and V again goes on from there rather than start over."""
    from colorcards.replay.review import Review
    from colorcards.tui.screens.review import ReviewScreen

    helpers, resumed = _slow_reviews(monkeypatch, data, 0.3)
    app = ColorCardsApp(data_dir=data, delay=0, helpers=helpers)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_review(pilot)
        for _ in range(600):
            if screen.result is not None and len(screen.result.moments) >= 2:
                break
            await pilot.pause(0.05)
        await pilot.press("escape")
        await pilot.pause()
        await app.workers.wait_for_complete()
        game_id = app.store.history()[0].game_id
        kept = Review.from_json(app.store.review(game_id))
        assert kept is not None and not kept.complete and len(kept.moments) >= 2
        assert not app.store.history()[0].reviewed
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        for _ in range(200):  # the reviewer's process reads its request as it starts
            if len(resumed()) >= 2:
                break
            await pilot.pause(0.05)
        assert resumed()[-1] == kept, "the second visit resumes from what was kept"
        await pilot.press("escape")
        await pilot.pause()


@pytest.mark.parametrize(("judged", "words", "absent"), [
    ((), "You had no real choices", "Turn"),
    (((0.40, 0.41),), "no move cost you a clear chance to win the round", "Turn"),
], ids=["no choices", "nothing costly"])
async def test_a_review_with_nothing_costly_says_so(judged, words, absent):
    """A review kept with no costly moment: a sentence instead of a list."""
    from textual.app import App

    from colorcards.engine import DRAW, PASS, get_preset, parse_card
    from colorcards.replay.review import Moment, Review
    from colorcards.tui.screens.review import ReviewScreen

    kept = KeptGame(rules=get_preset("color-cards").rules(), seats=4, seed=1, actions=())
    result = Review(tuple(Moment(index=0, turn=1, top=parse_card("R7"), active=None, made=DRAW,
                                 best=PASS, close=False, made_chance=made, best_chance=best,
                                 cost=best - made, low=-0.05, high=0.07, deals=384)
                          for made, best in judged), total=len(judged))
    app = App()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(ReviewScreen(kept, result))
        await pilot.pause()
        summary = str(app.screen.query_one("#review-summary").render())
        assert words in summary and absent not in summary
        assert not app.screen.query_one("#review-moments").display


async def test_leaving_a_replay_takes_its_notices_and_a_left_game_says_so(tmp_path):
    """? in a replay shows its keys; Escape takes the notice away with the screen. The
    end of a game left unfinished reads 'The game was left here.'"""
    with Store.open(tmp_path) as store:
        play_evening(store, games=2, abandon_every=2, autosave=False,
                     plan=(("color-cards", 4, "hard"),))
    app = ColorCardsApp(data_dir=tmp_path, delay=0)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("h")
        await pilot.pause()
        history = app.screen
        left = next(e for e in history.entries.values() if e.abandoned)
        assert next(iter(history.entries)) == left.game_id  # the newest: Enter opens it
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("end", "question_mark")
        await pilot.pause()
        text = flat(screen_text(app))
        assert "The game was left here." in text and "PgUp/PgDn a round" in text  # the keys
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        assert "PgUp/PgDn" not in flat(screen_text(app))


def test_the_replay_holds_the_hand_as_the_table_dealt_and_kept_it(data):
    """The replay's hand is in the table's order, not the engine's: the deal sorted as
    Seating.new sorts it, then every card in its place with new ones on the right."""
    from colorcards.replay.frames import frames
    from colorcards.session.hand_order import kept_order
    from colorcards.session.seating import Seating
    from colorcards.tui.looking_back import log_words, settings_for
    from colorcards.tui.screens.replay import hand_orders

    with Store.open(data) as store:
        kept = store.kept_game("evening-1001")
    shots = frames(kept, log_words(kept))
    orders = hand_orders(shots)
    dealt = Seating.new(settings_for(kept), kept.seed).arrangement
    assert list(orders[0]) == dealt
    # the engine's own order is another (drawn cards go in among the others there)
    assert any(list(o) != list(f.view.hand) for o, f in zip(orders, shots, strict=True))
    for before, now, frame in zip(orders, orders[1:], shots[1:], strict=False):
        assert Counter(now) == Counter(frame.view.hand)
        assert list(now) == kept_order(before, frame.view.hand)


def test_the_replay_holds_the_hand_as_the_player_arranged_it(data):
    """From each moment the player sorted or moved cards, the replay shows their order;
    cards still held keep it and new ones go on the right, as at the table."""
    from colorcards.replay.frames import frames
    from colorcards.session.hand_order import kept_order
    from colorcards.tui.looking_back import log_words
    from colorcards.tui.screens.replay import hand_orders

    with Store.open(data) as store:
        kept = store.kept_game("evening-1001")
    shots = frames(kept, log_words(kept))
    plain = hand_orders(shots)
    at = next(i for i, f in enumerate(shots) if i > 0 and len(f.view.hand) >= 3)
    mine = tuple(c.code for c in reversed(plain[at]))
    orders = hand_orders(shots, [(shots[at].index, mine)])
    assert orders[:at] == plain[:at]
    assert tuple(c.code for c in orders[at]) == mine != tuple(c.code for c in plain[at])
    for before, now, frame in zip(orders[at:], orders[at + 1:], shots[at + 1:], strict=False):
        assert list(now) == kept_order(before, frame.view.hand)


def test_an_arranged_hand_is_kept_with_the_game_and_its_export(data):
    """The orders the table records (`TableMeta.arranged`) reach the kept game through the
    store, and an export carries them; a damaged field is refused in words."""
    from colorcards.replay import ReplayError
    from history_helpers import new_game, step

    game, meta, players = new_game(0, 777)
    rng = random.Random(7)
    while not game.is_over:
        step(game, players, rng)
    meta = meta.with_(arranged=((0, ("R5", "B7")), (4, ("G1", "W"))))
    with Store.open(data) as store:
        store.finish_game(game, meta, [])
        kept = store.kept_game(meta.game_id)
    assert kept.arranged == ((0, ("R5", "B7")), (4, ("G1", "W")))
    assert KeptGame.loads(kept.dumps()).arranged == kept.arranged
    broken = kept.as_json()
    broken["arranged"] = [["four", "G1"]]
    with pytest.raises(ReplayError, match="arranged"):
        KeptGame.from_json(broken)


async def test_the_review_screen_weighs_in_the_reviewers_process_never_here(data,
                                                                           monkeypatch):
    """V on a replay: the review is weighed in the reviewer's process. Any judgement made
    in this process (the app's) fails the test."""
    from colorcards.coach import weigh
    from colorcards.replay import review as reviewing

    def never(*args, **kwargs):
        raise AssertionError("the app's process weighed a decision")

    monkeypatch.setattr(weigh.Coach, "judging", never)
    monkeypatch.setattr(weigh.Coach, "advising", never)
    monkeypatch.setattr(reviewing, "review", never)
    app = ColorCardsApp(data_dir=data, delay=0, helpers=_quick_reviews())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_review(pilot)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.result is not None and screen.result.complete
        assert app.store.history()[0].reviewed
