"""Exercises: a review's costly moments tried again. The coach's answer for each option
is weighed once (as good, in between, costly), kept in the database, and looked up when
the player answers in Practice; the Leitner schedule brings a wrong answer back before
a right one; and nothing another seat held is kept or shown."""

from __future__ import annotations

import json
import random
import sqlite3

import pytest

from bots_helpers import position
from colorcards.coach import Coach
from colorcards.coach.weigh import finish
from colorcards.engine import deal_from_view
from colorcards.replay.exercises import (
    COSTLY,
    GOOD,
    Answer,
    Answers,
    exercises_of,
    known_answers,
    token,
    untoken,
    weigh,
)
from colorcards.replay.frames import frames
from colorcards.replay.review import Moment, Review, decisions
from colorcards.session.exercises import DAY, MINUTE, Schedule, answer_words
from colorcards.store import Store
from colorcards.store import exercises as stored
from colorcards.store.schema import MIGRATIONS, SCHEMA_VERSION, migrate
from colorcards.tui.screens.replay import hand_orders
from test_background_reviews import BUDGET, _finished_game, _wait

QUICK = Coach("normal", choose_deals=32, choose_playouts=160, looks=(32, 64))


def test_each_option_of_a_costly_position_is_answered_as_the_coach_judges_it():
    """A duel, the opponent down to one card: the Red Draw Two holds it off (the coach's
    choice); the Red 5 first leaves it a card to follow: clearly costly, with chances."""
    game = position(["R+2 R5 B3", "G1"], "R3", preset="duel", called="0,1")
    view, legal = game.view(0), tuple(game.legal_actions(0))
    answers = weigh(view, legal, QUICK)
    assert answers is not None and token(answers.best) == "0R+2"
    assert answers.by_option["0R+2"].grade == GOOD
    red5 = answers.by_option["0R5"]
    assert red5.grade == COSTLY and red5.low >= 0.03
    assert red5.chance is not None and red5.best_chance is not None
    assert red5.best_chance > red5.chance
    # Each answer is exactly what Coach.judge says of that move.
    for option in legal:
        verdict = QUICK.judge(view, legal, option)
        assert verdict is not None
        assert (answers.of(option).grade == GOOD) == (verdict.close or option == verdict.best)
    assert answers.playouts > 0
    assert Answers.from_json(json.loads(json.dumps(answers.as_json()))) == answers


def test_options_tested_together_get_exactly_their_answers_alone():
    """The exercise's options are measured against the coach's choice on the same deals
    at once (the best played out once a deal): each stops where its own test stops, with
    the same cost and interval as that test alone."""
    game = position(["R+2 R5 B3 R7 RS", "G1 G2"], "R3", preset="duel")
    view, legal = game.view(0), tuple(game.legal_actions(0))
    best = next(a for a in legal if token(a) == "0R+2")
    moves = [a for a in legal if a != best and token(a) != "0L"]
    coach = Coach("normal", looks=(32, 64, 128, 256))
    together = finish(coach.testing_each(view, best, moves, (False, False)))
    alone = [finish(coach.testing(view, best, m, (False, False))) for m in moves]
    assert together == alone and len(moves) >= 3
    assert len({n for _, _, n in alone}) > 1, "the tests should stop at different looks"


def test_a_budget_stops_the_tests_at_a_look_and_calls_costly_only_what_the_whole_test_does():
    """Within a budget of play-outs (its share of the review's), an exercise's tests stop
    at the last look that fits: it spends no more than the budget once the race and the
    first look are paid, and what it calls costly the unbounded weighing calls costly."""
    game = position(["R+2 R5 B3 R7 RS", "G1 G2"], "R3", preset="duel")
    view, legal = game.view(0), tuple(game.legal_actions(0))
    coach = Coach("normal", choose_deals=64, choose_playouts=320, looks=(32, 64, 128, 256))
    whole = weigh(view, legal, coach)
    assert whole is not None
    race = coach.advise(view, legal).playouts
    tested = sum(1 for a in whole.by_option.values() if a.grade != GOOD)
    floor = race + 32 * (1 + tested)
    for budget in (floor, floor + 300, whole.playouts - 1):
        bounded = weigh(view, legal, coach, budget=budget)
        assert bounded is not None and bounded.playouts <= budget
        assert {k for k, a in bounded.by_option.items() if a.grade == COSTLY} <= {
            k for k, a in whole.by_option.items() if a.grade == COSTLY}
    assert weigh(view, legal, coach, budget=whole.playouts) == whole


def test_a_wrong_answer_comes_back_before_a_right_one():
    schedule = Schedule()
    now = 1000.0
    wrong = schedule.next(2, COSTLY, now)
    right = schedule.next(0, GOOD, now)
    assert wrong == (0, now + 10 * MINUTE)
    assert right == (1, now + DAY)
    assert wrong[1] < right[1]
    # Answered well again and again, it comes back later and later.
    box, when, gaps = 0, now, []
    for _ in range(5):
        box, due = schedule.next(box, GOOD, when)
        gaps.append(due - when)
        when = due
    assert gaps == sorted(gaps) and len(set(gaps)) == 5


def test_migration_6_adds_the_exercises_to_a_version_5_file(tmp_path):
    path = tmp_path / "old.sqlite3"
    db = sqlite3.connect(path, isolation_level=None)
    migrate(db, upto=5)
    db.execute("INSERT INTO replays (game_id, names, actions) VALUES ('g', '[]', '')")
    assert migrate(db) == 5
    assert SCHEMA_VERSION >= 6 and 6 in MIGRATIONS
    columns = {r[1] for r in db.execute("PRAGMA table_info(exercises)")}
    assert {"game_id", "idx", "position", "options", "answers", "box", "due", "tries",
            "first"} <= columns
    assert db.execute("SELECT count(*) FROM replays").fetchone()[0] == 1  # kept as it was
    db.close()


def _listed_review(kept, count: int) -> Review:
    """A complete review of `kept` listing its first `count` decisions with three options
    or more as costly (what the coach lists is tested in test_review.py; here, what
    becomes of a listed moment)."""
    moments = []
    listed = 0
    for d in decisions(kept):
        costly = listed < count and len([a for a in d.legal if token(a) != "0L"]) >= 3
        best = next(a for a in d.legal if a != d.made)
        if costly:
            listed += 1
            moments.append(Moment(d.index, d.turn, d.view.top, d.view.active_colour, d.made,
                                  best, close=False, made_chance=0.3, best_chance=0.5,
                                  cost=0.2, low=0.1, high=0.3, deals=512))
        else:
            moments.append(Moment(d.index, d.turn, d.view.top, d.view.active_colour, d.made,
                                  d.made, close=True))
    assert listed == count, "the game has too few choices for the test"
    return Review(tuple(moments), len(moments), "normal")


@pytest.fixture
def reviewed(tmp_path):
    """A store with one finished duel whose review lists two moments."""
    store = Store.open(tmp_path)
    game_id = _finished_game(store, seed=3)
    kept = store.kept_game(game_id)
    store.keep_review(game_id, _listed_review(kept, 2).as_json())
    yield store, kept
    store.close()


def test_listed_moments_become_exercises_with_nothing_hidden(reviewed):
    store, kept = reviewed
    assert stored.sync(store) == 2 and stored.sync(store) == 0
    items = stored.due(store, 0.0)
    assert len(items) == 2 and not any(i.ready for i in items)
    by_index = {d.index: d for d in decisions(kept)}
    orders = hand_orders(frames(kept, lambda events: ""), kept.arranged)
    for item in items:
        decision = by_index[item.index]
        view = decision.view
        seen = {**json.loads(json.dumps(view.as_json())), "names": list(kept.seat_names)}
        assert {k: v for k, v in item.position.items() if k != "hand"} == {
            k: v for k, v in seen.items() if k != "hand"}
        # The hand in the order the table showed it, as the replay draws it.
        assert item.position["hand"] == [c.code for c in orders[item.index]]
        assert sorted(item.position["hand"]) == sorted(seen["hand"])
        # What is kept is the player's view: dealing the unseen cards another way (other
        # hands, another draw pile) keeps exactly the same exercise.
        # (The public history is the view's own: a deal has none.)
        public = {k: v for k, v in item.position.items() if k not in ("history", "names")}
        for seed in range(3):
            world = deal_from_view(view, random.Random(seed))
            again = json.loads(json.dumps(world.view(0).as_json()))
            assert {k: v for k, v in again.items() if k != "history"} == public
        # Another seat's draws are kept as counts only.
        drew = [e for e in item.position["history"] if e["kind"] == "drew"]
        assert all(not e.get("cards") for e in drew if e["seat"] != 0)
        assert sorted(item.position["hand"]) == sorted(c.code for c in view.hand)
        assert "hands" not in item.position and "deck" not in item.position
        assert [untoken(o) for o in item.options] == [a for a in decision.legal
                                                      if token(a) != "0L"]
    assert stored.stats(store, 0.0).as_json() == {"exercises": 2, "done": 0,
                                                  "solved_first": 0, "due": 2, "waiting": 2}


def test_the_background_weighs_every_option_of_each_exercise(reviewed):
    from colorcards.replay.background import BackgroundReviews
    from colorcards.store.exercises import Keeper

    store, kept = reviewed
    reviews = BackgroundReviews(store, budget=BUDGET, exercises=Keeper(store))
    reviews.start()
    _wait(lambda: not reviews.running, 600)
    items = stored.due(store, 0.0)
    assert len(items) == 2 and all(i.ready for i in items)
    coach = Coach("normal", **BUDGET)
    by_index = {d.index: d for d in decisions(kept)}
    item = items[0]
    d = by_index[item.index]
    listed = Review.from_json(store.review(kept.game_id))
    assert listed is not None
    [exercise] = [e for e in exercises_of(kept, listed) if e.index == item.index]
    known = known_answers(exercise, listed)
    # The move made keeps the review's verdict; every other option is weighed by the
    # same coach, with the same answers.
    assert item.answers == weigh(d.view, d.legal, coach, known=known)
    assert known and item.answers is not None and item.answers.of(d.made) is not None
    assert stored.unweighed(store) == {}


def _ready(store: Store) -> list:
    """The two exercises with answers given by hand: the first option the coach's choice,
    the second as good, the third clearly costly."""
    stored.sync(store)
    for item in stored.due(store, 0.0):
        moves = item.moves()
        answers = {token(moves[0]): Answer(GOOD), token(moves[1]): Answer(GOOD)}
        for extra in moves[2:]:
            answers[token(extra)] = Answer(COSTLY, 0.2, 0.1, 0.3, 0.25, 0.55)
        stored.keep_answers(store, item.game_id, item.index, Answers(moves[0], answers, 1))
    return stored.due(store, 0.0)


def _card_key(screen, action) -> str:
    """The number key of `action`'s card in the exercise's hand (the table's keys)."""
    from colorcards.tui.widgets import Hand

    index = list(screen.query_one(Hand).cards).index(action.card)
    assert index < 9
    return str(index + 1)


async def _click_card(pilot, screen, action) -> None:
    """A mouse click on `action`'s card in the exercise's hand."""
    from colorcards.tui.widgets import Hand
    from colorcards.tui.widgets.hand import MARGIN

    hand = screen.query_one(Hand)
    index = list(hand.cards).index(action.card)
    assert await pilot.click(hand, offset=(MARGIN + index * hand.slot + 1, 2))


async def test_practice_answers_as_the_coach_said_and_brings_a_wrong_answer_back(reviewed):
    """The move is chosen at the exercise's table as at the game's: the coach's choice by
    its card's number key, a costly card by a click on it, and (when it comes back after
    ten minutes) another close move with the arrows and Enter."""
    from colorcards.tui.app import ColorCardsApp
    from colorcards.tui.screens.practice import PracticeScreen
    from colorcards.tui.widgets import GameLog, Hand
    from tui_table_helpers import HandClock

    store, _ = reviewed
    items = _ready(store)
    assert all(i.ready for i in items)
    data = store.path.parent
    store.close()
    clock = HandClock()
    clock.time = 5000.0
    app = ColorCardsApp(data_dir=data, delay=0, clock=clock, background_reviews=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("p")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PracticeScreen)
        first = screen.item
        assert first is not None
        # The table as the player saw it: their hand in the table's hand widget, the
        # playable cards raised, the log's lines.
        hand = screen.query_one(Hand)
        assert [c.code for c in hand.cards] == first.position["hand"]
        assert {c.code for c in hand.playable} == {untoken(o).card.code for o in first.options}
        assert screen.query_one(GameLog).display
        await pilot.press(_card_key(screen, first.moves()[0]))  # the coach's choice
        assert screen.last is not None and "the coach's choice" in screen.last
        assert screen.last.startswith("Well found")
        await pilot.press("n")
        second = screen.item
        assert second is not None and second.index != first.index
        await _click_card(pilot, screen, second.moves()[2])  # clearly costly
        assert screen.last is not None and screen.last.startswith("Costly")
        assert "Your chance to win this round: 25% after" in screen.last
        assert "55% after" in screen.last
        await pilot.press("n")
        assert screen.item is None  # nothing else is due now
        await pilot.press("escape")
        await pilot.pause()

        app_store = app.store
        clock.time += 11 * MINUTE  # the wrong answer is due again; the right one is not
        again = stored.due(app_store, clock.now())
        assert [(i.game_id, i.index) for i in again] == [(second.game_id, second.index)]
        await pilot.press("p")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PracticeScreen) and screen.item is not None
        assert screen.item.index == second.index
        moves = screen.item.moves()
        hand = screen.query_one(Hand)
        # Another move the coach cannot tell apart: the arrows to its card, then Enter.
        steps = list(hand.cards).index(moves[1].card) - hand.selected
        await pilot.press(*(["right"] * steps if steps > 0 else ["left"] * -steps), "enter")
        assert screen.last is not None and screen.last.startswith("Well found")
        assert "as good as the coach's choice" in screen.last
        clock.time += 2 * DAY
        figures = stored.stats(app_store, clock.now())
        assert figures.done == 2 and figures.solved_first == 1 and figures.due == 2
        assert len(moves) >= 3


async def test_an_exercise_is_played_with_the_tables_keys_draw_wild_and_drawn_card():
    """D draws, a Wild asks its colour in the table's chooser (and Escape there keeps it
    unplayed), a card that cannot be played is refused, and a card just drawn may be
    kept with P; each answer as the coach said."""
    from textual.app import App

    from colorcards.engine import COLOURS, DRAW, PASS, Colour, Play, parse_card
    from colorcards.session.exercises import Item
    from colorcards.tui.screens.chooser import ColourChooser
    from colorcards.tui.screens.practice import PracticeScreen
    from colorcards.tui.widgets import Hand

    def item(game, index: int, answers: dict) -> Item:
        view, legal = game.view(0), tuple(game.legal_actions(0))
        options = tuple(token(a) for a in legal if token(a) != "0L")
        best = untoken(options[0])
        return Item("g", index, 3, "normal", {**view.as_json(), "names": ["You", "Ann"]},
                    options, options[0], token(best), "", Answers(best, answers, 1))

    wild = position(["W R5 B7", "G1 G2 G3"], "B3")
    wild_options = list(wild.legal_actions(0))
    assert DRAW in wild_options
    blue_wild = Play(parse_card("W"), Colour.BLUE)
    answers = {token(a): Answer(COSTLY, 0.1, 0.05, 0.2, 0.3, 0.4) for a in wild_options}
    answers[token(blue_wild)] = Answer(GOOD)
    answers[token(DRAW)] = Answer("between", 0.02, -0.01, 0.05)
    first = item(wild, 1, answers)
    again = item(wild, 3, answers)
    for seed in range(50):  # a deal whose next card may be played on the pile
        drawn_game = position(["R5 G7 Y2", "G1 G2 G3"], "R3", seed=seed)
        drawn_game.step(DRAW, 0)
        if drawn_game.view(0).drawn is not None:
            break
    kept_options = tuple(drawn_game.legal_actions(0))
    assert PASS in kept_options
    second = item(drawn_game, 2, {token(a): Answer(GOOD) if a is PASS else
                                  Answer(COSTLY, 0.1, 0.05, 0.2, 0.3, 0.4) for a in kept_options})
    answered: list[tuple[int, str]] = []

    def keep(it: Item, action, grade: str) -> Item:
        answered.append((it.index, token(action)))
        return it

    class Host(App):
        def on_mount(self) -> None:
            self.push_screen(PracticeScreen([first, second, again], keep))

    app = Host()
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PracticeScreen) and screen.item is first
        hand = screen.query_one(Hand)
        red = [c.code for c in hand.cards].index("R5") + 1
        await pilot.press(str(red))  # Red 5 on Blue 3: not a move the rules allowed
        assert screen.last is None and answered == []  # refused: nothing answered
        await pilot.press(str([c.code for c in hand.cards].index("W") + 1))
        await pilot.pause()
        assert isinstance(app.screen, ColourChooser)
        await pilot.press("escape")  # the Wild kept: the exercise still waits
        await pilot.pause()
        assert app.screen is screen and screen.last is None
        await pilot.press(str([c.code for c in hand.cards].index("W") + 1))
        await pilot.pause()
        assert isinstance(app.screen, ColourChooser)
        await pilot.press(str(COLOURS.index(Colour.BLUE) + 1))
        await pilot.pause()
        assert app.screen is screen
        assert answered == [(1, token(blue_wild))]
        assert screen.last is not None and screen.last.startswith("Well found")
        await pilot.press("n")
        assert screen.item is second
        assert hand.cards[hand.selected] == drawn_game.view(0).drawn  # the card just drawn
        await pilot.press("p")  # keep it
        assert answered[-1] == (2, token(PASS))
        assert screen.last is not None and screen.last.startswith("Well found")
        await pilot.press("n")
        assert screen.item is again
        await pilot.press("d")  # draw: measured, not clearly costly
        assert answered[-1] == (3, token(DRAW))
        assert screen.last is not None and screen.last.startswith("In between")
        await pilot.press("n")
        assert screen.item is None


def test_answer_words_say_when_a_move_is_not_weighed():
    from colorcards.session.exercises import Item

    item = Item("g", 1, 1, "normal", {"hand": ["R5"], "discard": ["R3"]}, ("0R5", "0D"),
                "0R5", "0D", "", None)
    assert not item.ready
    assert "not weighed" in answer_words(item, untoken("0R5"))


def test_a_moment_with_one_card_to_play_is_no_exercise():
    """Two cards, one of them playable, and no drawing then (Duel): the only choice was
    to call Last Card, which goes with the card in an exercise, so there is nothing to
    find; with two playable cards there is."""
    from colorcards.replay.exercises import worth_trying

    one = position(["Y6 R6", "G1 G2 G3"], "Y2", preset="duel")
    two = position(["Y6 Y7", "G1 G2 G3"], "Y2", preset="duel")
    assert "0L" in {token(a) for a in one.legal_actions(0)}
    assert not worth_trying(tuple(one.legal_actions(0)))
    assert worth_trying(tuple(two.legal_actions(0)))


def test_exercises_of_an_incomplete_review_are_none(reviewed):
    _, kept = reviewed
    whole = _listed_review(kept, 2)
    part = Review(whole.moments[:-1], whole.total, whole.level)
    assert exercises_of(kept, part) == [] and len(exercises_of(kept, whole)) == 2


def test_exercises_and_their_schedule_survive_a_file_moved_aside(tmp_path):
    """A file colorcards cannot use (here: from a newer colorcards) is moved aside and
    what it held carried into a new one: the exercises with their answers and schedule."""
    data = tmp_path / "data"
    store = Store.open(data)
    game_id = _finished_game(store, seed=3)
    store.keep_review(game_id, _listed_review(store.kept_game(game_id), 2).as_json())
    items = _ready(store)
    stored.answered(store, items[0], COSTLY, 100.0)
    before = stored.due(store, 10_000.0)
    store.close()
    with sqlite3.connect(data / "colorcards.db") as db:
        db.execute("UPDATE schema_version SET version = 99")
    with Store.open(data) as again:
        assert again.problems and "newer colorcards" in again.problems[0]
        assert stored.due(again, 10_000.0) == before
        assert stored.stats(again, 10_000.0).done == 1


async def test_a_listed_moment_is_tried_again_from_the_review_and_the_replay(reviewed):
    """Enter on the review's highlighted moment: the table as the player saw it, before
    any answer; the coach's answer to the move chosen; Escape back to the review, whose
    R still replays the game from that moment. Enter on that moment in the replay tries
    it again too, and Escape comes back to the replay there."""
    from colorcards.tui import looking_back
    from colorcards.tui.app import ColorCardsApp
    from colorcards.tui.screens.practice import PracticeScreen
    from colorcards.tui.screens.replay import ReplayScreen
    from colorcards.tui.screens.review import ReviewScreen
    from colorcards.tui.widgets import GameLog, Hand
    from tui_table_helpers import HandClock, shown

    store, kept = reviewed
    items = _ready(store)
    data = store.path.parent
    store.close()
    app = ColorCardsApp(data_dir=data, delay=0, clock=HandClock(), background_reviews=False)
    async with app.run_test(size=(100, 32)) as pilot:
        looking_back.open_review(app, app.store.kept_game(kept.game_id), lambda: None)
        await pilot.pause()
        review = app.screen
        assert isinstance(review, ReviewScreen)
        assert "Enter: try that moment again" in shown(app)
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PracticeScreen) and screen.item is not None
        listed = review.result.costliest()[0] if review.result else None
        assert listed is not None and screen.item.index == listed.index
        assert screen.last is None  # no answer before a move
        assert [c.code for c in screen.query_one(Hand).cards] == screen.item.position["hand"]
        assert screen.query_one(GameLog).display
        assert screen.item.log()[-1] in shown(app)  # the log up to then
        await _click_card(pilot, screen, screen.item.moves()[2])
        assert screen.last is not None and screen.last.startswith("Costly")
        await pilot.press("escape")
        await pilot.pause()
        review = app.screen
        assert isinstance(review, ReviewScreen)
        await pilot.press("r")  # what Enter did before: the replay, at that moment
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayScreen) and replay.frame.index == listed.index
        assert "Enter: try it again" in shown(app)
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PracticeScreen) and screen.item is not None
        assert screen.item.index == listed.index
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen) and app.screen.frame.index == listed.index
        await pilot.press("end", "enter")  # not a costly moment: Enter offers nothing
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
    assert len(items) == 2



def test_an_export_carries_the_games_exercises_and_replay_reads_them_back(tmp_path, capsys):
    """`colorcards export` writes the game's exercises (position, options, answers and
    schedule); `colorcards replay FILE --check` reads them back; an export written
    before exercises were exported still reads (none), and a damaged exercise is left out
    with one line on stderr, the game still replayed."""
    from colorcards.cli import main
    from colorcards.replay.kept import KeptGame, read_export
    from colorcards.session.exercises import Item, exercises_from_export

    data = tmp_path / "data"
    store = Store.open(data)
    game_id = _finished_game(store, seed=3)
    store.keep_review(game_id, _listed_review(store.kept_game(game_id), 2).as_json())
    items = _ready(store)
    stored.answered(store, items[0], COSTLY, 100.0)
    kept_items = stored.every(store, game_id)
    store.close()

    assert main(["--data-dir", str(data), "export", game_id[:12]]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    exported = json.loads(out)
    assert len(exported["exercises"]) == 2
    first = exported["exercises"][0]
    assert first["box"] == 0 and first["due"] == 100.0 + 10 * MINUTE and first["tries"] == 1
    assert first["answers"]["options"] and first["position"]["hand"]
    assert "hands" not in first["position"]  # the player's view only
    carried, damaged = exercises_from_export(exported)
    assert carried == kept_items and damaged == 0
    assert all(isinstance(i, Item) and i.ready for i in carried)
    assert KeptGame.from_json(exported).game_id == game_id

    path = tmp_path / "game.json"
    path.write_text(out)
    assert main(["replay", str(path), "--check"]) == 0
    out, err = capsys.readouterr()
    assert "replays to its recorded result" in out and "2 exercises" in out and err == ""

    old = {k: v for k, v in exported.items() if k != "exercises"}  # an export before
    path.write_text(json.dumps(old))
    assert main(["replay", str(path), "--check"]) == 0
    out, err = capsys.readouterr()
    assert "exercise" not in out and err == ""
    assert exercises_from_export(old) == ([], 0)
    read_export(str(path))

    exported["exercises"][1]["position"] = "not a position"
    path.write_text(json.dumps(exported))
    assert main(["replay", str(path), "--check"]) == 0
    out, err = capsys.readouterr()
    assert "1 exercise," not in out and "1 exercise)" in out
    assert err.strip() == "colorcards: 1 of the file's exercises are damaged and left out"


@pytest.mark.parametrize(("edit", "why"), [
    (lambda p: p.update(hand=["R4"] * 100_000, hand_counts=[100_000, *p["hand_counts"][1:]]),
     "more of a card than the deck has"),
    (lambda p: p.update(hand_counts=[len(p["hand"]), *[60] * (len(p["hand_counts"]) - 1)]),
     "do not add up to a deck"),
    (lambda p: p.update(hand_counts=p["hand_counts"] * 6), "seats"),
], ids=["100,000 Red 4s", "more cards than a deck", "too many seats"])
def test_an_impossible_exercise_in_a_file_is_left_out(edit, why):
    """An exercise no table can reach (a hand of a hundred thousand Red 4s) is refused as
    a replay's impossible action is, not shown."""
    from colorcards.session.exercises import Item
    from test_replay_snapshots import scripted_game

    kept = scripted_game()
    decision = next(d for d in decisions(kept) if len(d.legal) >= 2)
    options = tuple(token(a) for a in decision.legal)
    position = {**decision.view.as_json(), "names": list(kept.seat_names)}
    entry = Item(kept.game_id, decision.index, decision.turn, "hard", position, options,
                 token(decision.made), options[0], "", None).as_json()
    assert Item.from_json(kept.game_id, entry).position == position  # as it is: fine
    edit(entry["position"])
    with pytest.raises(ValueError, match=why):
        Item.from_json(kept.game_id, entry)


async def test_an_exported_games_exercises_are_tried_again_in_its_replay(tmp_path):
    """`colorcards replay FILE` of a game whose export carries exercises: their moments
    are marked (M goes to them), and Enter on one tries it again with the file's
    answers."""
    from colorcards.tui.replay_app import ReplayFileApp
    from colorcards.tui.screens.practice import PracticeScreen
    from colorcards.tui.screens.replay import ReplayScreen

    data = tmp_path / "data"
    store = Store.open(data)
    game_id = _finished_game(store, seed=3)
    store.keep_review(game_id, _listed_review(store.kept_game(game_id), 2).as_json())
    items = _ready(store)
    kept = store.kept_game(game_id)
    store.close()
    app = ReplayFileApp(kept, items, data_dir=tmp_path / "elsewhere")
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        await pilot.press("m")
        while replay.frame.index != items[1].index:
            await pilot.press("m")
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PracticeScreen) and screen.item == items[1]
        await pilot.press(_card_key(screen, items[1].moves()[0]))
        assert screen.last is not None and screen.last.startswith("Well found")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        assert app.screen.frame.index == items[1].index


async def test_a_files_exercise_without_answers_says_so(tmp_path):
    """An exported exercise whose answers the file does not hold: nothing will weigh it
    in `colorcards replay FILE`, so the screen says that, not that the coach is on it."""
    from dataclasses import replace

    from colorcards.tui.replay_app import ReplayFileApp
    from colorcards.tui.screens.practice import PracticeScreen
    from tui_table_helpers import shown

    data = tmp_path / "data"
    store = Store.open(data)
    game_id = _finished_game(store, seed=3)
    store.keep_review(game_id, _listed_review(store.kept_game(game_id), 2).as_json())
    items = [replace(i, answers=None) for i in _ready(store)]
    kept = store.kept_game(game_id)
    store.close()
    app = ReplayFileApp(kept, items, data_dir=tmp_path / "elsewhere")
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pilot.press("m", "enter")
        await pilot.pause()
        assert isinstance(app.screen, PracticeScreen)
        text = shown(app)
        assert "does not hold the coach's answers" in text and "still weighing" not in text


def test_practice_snapshot(snap_compare):
    """An exercise at 80x24: the table as the player saw it (tags, pile, log, bar, hand),
    waiting for a move."""
    from textual.app import App

    from colorcards.session.exercises import Item
    from colorcards.tui.screens.practice import PracticeScreen
    from test_replay_snapshots import scripted_game

    kept = scripted_game()
    decision = next(d for d in decisions(kept) if len(d.legal) >= 3)
    options = tuple(token(a) for a in decision.legal if token(a) != "0L")
    best = untoken(options[0])
    answers = Answers(best, {o: Answer(GOOD) for o in options}, 1)
    item = Item(kept.game_id, decision.index, decision.turn, "hard",
                {**decision.view.as_json(), "names": list(kept.seat_names)}, options,
                token(decision.made), options[0], "", answers)

    class Host(App):
        def on_mount(self) -> None:
            self.push_screen(PracticeScreen([item], lambda it, action, grade: it))

    assert snap_compare(Host(), terminal_size=(80, 24))


async def test_an_exercise_of_another_table_gets_its_own_ring():
    """A Duel's exercise, then one of a four-seat game: the ring is made again with the
    three opponents' tags and counts, and the hand is the new exercise's."""
    from textual.app import App

    from colorcards.session.exercises import Item
    from colorcards.tui.screens.practice import PracticeScreen
    from colorcards.tui.widgets import Hand, OpponentTag

    def item(game, index: int, names: list[str]) -> Item:
        view, legal = game.view(0), tuple(game.legal_actions(0))
        options = tuple(token(a) for a in legal if token(a) != "0L")
        best = untoken(options[0])
        return Item("g", index, 3, "normal", {**view.as_json(), "names": names}, options,
                    options[0], options[0], "", Answers(best, {o: Answer(GOOD)
                                                               for o in options}, 1))

    duel = item(position(["R5 R7 B7", "G1 G2 G3"], "R3", preset="duel"), 1, ["You", "Ann"])
    four = item(position(["Y5 Y7 B7 G9", 5, 6, 7], "Y3"), 2, ["You", "Lily", "Max", "Zoe"])

    class Host(App):
        def on_mount(self) -> None:
            self.push_screen(PracticeScreen([duel, four], lambda it, action, grade: it))

    app = Host()
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PracticeScreen)
        assert [t.player_name for t in screen.query(OpponentTag)] == ["Ann"]
        await pilot.press("n")
        await pilot.pause()
        tags = {t.player_name: t for t in screen.query(OpponentTag)}
        assert sorted(tags) == ["Lily", "Max", "Zoe"]
        assert [str(tags[n].render()).count(f"{k} cards") for n, k in
                (("Lily", 5), ("Max", 6), ("Zoe", 7))] == [1, 1, 1]
        assert [c.code for c in screen.query_one(Hand).cards] == four.position["hand"]
        await pilot.press(_card_key(screen, four.moves()[0]))
        assert screen.last is not None and screen.last.startswith("Well found")
