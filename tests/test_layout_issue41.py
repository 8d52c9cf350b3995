"""What a fourth new player met at 80×24 (issue 41, items 11 to 13, and the notices over
the table): Practice's answer read whole, History's columns said for what they hold,
Statistics' accuracy lines whole, the log never parting a shape from its card, notices
said on the table's status line instead of over the opponents, and Ctrl+C quitting,
saved. Snapshots at 80×24 and 100×32."""

from __future__ import annotations

import time

import pytest

from colorcards.engine import DRAW
from colorcards.replay.exercises import BETWEEN, COSTLY, GOOD, Answer, Answers, token, untoken
from colorcards.replay.plays_like import Kinds
from colorcards.replay.review import decisions
from colorcards.settings import GameSettings
from colorcards.store import Store
from colorcards.store.records import HistoryEntry, Measured
from colorcards.tui.app import ColorCardsApp
from colorcards.tui.screens.history import HistoryScreen
from colorcards.tui.screens.practice import PracticeScreen
from colorcards.tui.screens.stats import StatsScreen
from colorcards.tui.screens.table import TableScreen
from colorcards.tui.widgets.log import wrapped
from test_tui_screens import shown
from tui_screens_helpers import STATS, ScreenApp, sample_records

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((100, 32), id="100x32")]

REVIEW_WORDS = (
    "Turn 5, Green 7 on the pile: you played Green Reverse without calling Last Card. Your "
    "chance to win this round: 21% after Green Reverse without calling Last Card, 48% after "
    "Green Reverse with Last Card called: at least 3% less likely to win (95% sure). Why: "
    "the penalty for a missed call comes at once at this table. After Green Reverse without "
    "calling Last Card, Lily went out first in 44% of the games the coach played out; after "
    "Green Reverse with Last Card called, 23%.")
"""A review's sentence as long as they come (the one cut mid-sentence at 80×24)."""


assert TableScreen  # imported here, as the app imports it: never while a test patches

@pytest.fixture(autouse=True)
def _unicode_and_utc(monkeypatch):
    from colorcards.session import palette

    monkeypatch.setattr(palette, "unicode_ok", lambda: True)
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def _exercise():
    """An exercise of the scripted game, its options answered, the made move costly."""
    from colorcards.session.exercises import Item
    from test_replay_snapshots import scripted_game

    kept = scripted_game()
    decision = next(d for d in decisions(kept) if len(d.legal) >= 3)
    options = tuple(token(a) for a in decision.legal if token(a) != "0L")
    made = token(decision.made) if token(decision.made) in options else options[-1]
    answers = {o: Answer(GOOD) for o in options}
    answers[made] = Answer(COSTLY, 0.27, 0.12, 0.4, 0.21, 0.48)
    if token(DRAW) in answers:
        answers[token(DRAW)] = Answer(BETWEEN, 0.02, -0.01, 0.05)
    best = next(o for o in options if o != made)
    return Item(kept.game_id, decision.index, decision.turn, "hard",
                {**decision.view.as_json(), "names": list(kept.seat_names)}, options,
                made, best, REVIEW_WORDS, Answers(untoken(best), answers, 1)), untoken(made)


def _practice_app():
    item, made = _exercise()
    app = ScreenApp(lambda: PracticeScreen([item], lambda it, action, grade: it))
    return app, made


async def _answered(pilot) -> None:
    screen = pilot.app.screen
    screen.choose(_exercise()[1])
    await pilot.pause()
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES)
async def test_the_practice_answer_is_read_whole_and_scrolls(size):
    """Item 11: the answer was cut mid-sentence ('…After Green Reverse without calling
    Last') and ↓ did not scroll; the heading said '1 due' once it was solved. Now the
    answer takes the room it needs (the table gives way under 32 rows), ↓ reaches its
    last words, and the heading counts it done."""
    app, _ = _practice_app()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert "Practice · 1 due" in shown(app)
        await _answered(pilot)
        for _ in range(20):
            await pilot.press("down")
        await pilot.pause()
        text = shown(app)
        assert "Green Reverse with Last Card called, 23%." in text
        assert "N: next exercise" in text
        assert "Practice · 0 due · 1 done" in text


async def test_a_practice_answer_longer_than_the_screen_scrolls():
    """Where even the table's room is not enough, ↓ brings the answer's last words."""
    app, _ = _practice_app()
    async with app.run_test(size=(70, 16)) as pilot:
        await pilot.pause()
        await _answered(pilot)
        assert "N: next exercise" not in shown(app)
        for _ in range(12):
            await pilot.press("down")
        await pilot.pause()
        assert "Green Reverse with Last Card called, 23%. N: next exercise" in shown(app)


@pytest.mark.parametrize("size", SIZES)
def test_practice_answered_snapshot(snap_compare, size):
    """An exercise answered: the coach's answer and the review's words, the hand below."""
    app, _ = _practice_app()
    assert snap_compare(app, terminal_size=size, run_before=_answered)


def _history() -> list[HistoryEntry]:
    day = "2026-12-1{}T19:0{}:00+00:00"
    return [
        HistoryEntry("a1", day.format(2, 5), "classic", "normal", 4, "win", 0, 1, 212, True,
                     True, practice=0, accuracy=0.92, avg_cost=0.013),
        HistoryEntry("a2", day.format(1, 4), "color-cards", "hard", 4, "loss", 0, 3, 61, True,
                     True, practice=1, accuracy=1.0, avg_cost=0.0, hints=2),
        HistoryEntry("a3", day.format(1, 3), "duel", "easy", 2, "win", 0, 1, 33, True, True,
                     hints=16),
        HistoryEntry("a4", day.format(0, 2), "party", "crazy", 8, "loss", 1, None, 12, True,
                     False),
        HistoryEntry("a5", day.format(0, 1), "family-night", "normal", 4, "draw", 0, 2, 140,
                     False, False),
    ]


@pytest.mark.parametrize("size", SIZES)
async def test_history_says_what_its_last_column_holds(size):
    """Item 13: the 'Replay' column held 'P acc 92%', and the footer said 'esc Back'. Now
    it is 'Accuracy', the marks are said under the list, and Esc is written as a key."""
    app = ScreenApp(lambda: HistoryScreen(_history()))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        text = shown(app)
        assert "Turns Accuracy" in text and "Replay" not in text.split("Turns")[1][:12]
        assert "92%" in text and "100% P H" in text and "no replay" in text
        assert "P practice · H hints asked" in text
        assert "Esc Back" in text and "esc" not in text


@pytest.mark.parametrize("size", SIZES)
def test_history_snapshot(snap_compare, size):
    assert snap_compare(ScreenApp(lambda: HistoryScreen(_history())), terminal_size=size)


def _stats():
    kinds = Kinds(9, 1, 2, 1, 0)
    measured = ([Measured("normal", 0.9 + 0.01 * (i % 5), 0.013, kinds) for i in range(14)]
                + [Measured("hard", 0.85, 0.021, kinds) for _ in range(3)])
    return StatsScreen(STATS, sample_records(), measured, None,
                       "Exercises: 3 done, 2 solved the first time, 1 due now.")


async def _to_the_end(pilot) -> None:
    await pilot.pause()
    await pilot.press("end")
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES)
async def test_statistics_accuracy_lines_are_whole(size):
    """Item 13: the accuracy line wrapped ('…2' / 'reviewed') at 80 columns. Now each
    level's two rows hold it whole, the count beside the bars."""
    from tui_table_helpers import screen_text

    app = ScreenApp(_stats)
    async with app.run_test(size=size) as pilot:
        await _to_the_end(pilot)
        rows = screen_text(app).splitlines()
        [bottom] = [r for r in rows if r.lstrip().startswith("Normal") and "chance lost" in r]
        assert bottom.rstrip().endswith("92% · 1.3% chance lost a decision")
        assert any(r.rstrip().endswith("14 reviewed") for r in rows)
        assert "left out" in shown(app)


@pytest.mark.parametrize("size", SIZES)
def test_statistics_snapshot(snap_compare, size):
    assert snap_compare(ScreenApp(_stats), terminal_size=size, run_before=_to_the_end)


def test_the_log_keeps_a_shape_with_its_card():
    """Item 13: the log wrapped 'Zoe ●' / '2'. A row never ends at a shape."""
    line = ("Since your turn: Lily drew 1, ▲ Draw Two, +2 on Max · Max drew 2, Max misses a t "
            "Zoe ● 2")
    rows = wrapped(line, 78)
    assert rows[-1].endswith("Zoe ● 2") and all(not r.endswith("●") for r in rows)
    for width in range(20, 90):
        for row in wrapped(line, width):
            assert not row.rstrip().endswith(("●", "▲")) and len(row) <= width


async def test_notices_are_said_on_the_table_not_over_it(tmp_path):
    """Item 12: 'The unfinished game was recorded as a loss.' came as a toast over Max's
    count. Now the table says it on its status line, before the prompt, and no toast
    covers anything."""
    app = ColorCardsApp(data_dir=tmp_path, delay=60)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(GameSettings())
        await pilot.pause()
        app.controller.flush_save()
        app.start_game(GameSettings(), abandon=True)
        for _ in range(4):
            await pilot.pause()
        assert "The unfinished game was recorded as a loss." in shown(app)
        assert not app.query("Toast")


async def test_ctrl_c_quits_saved(tmp_path):
    """Item 12: Ctrl+C showed Textual's 'Do you want to quit? Press ctrl+q' over the table
    and did not quit. Now it quits, the game saved: Continue finds it."""
    app = ColorCardsApp(data_dir=tmp_path, delay=60)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(GameSettings(), seed=3)
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        moves = app.controller.moves
        await pilot.press("ctrl+c")
        await pilot.pause()
    assert app.return_code == 0
    with Store.open(tmp_path) as store:
        saved = store.load_game()
        assert saved is not None and len(saved.game.actions) == moves


@pytest.mark.parametrize("size", SIZES)
async def test_the_review_keeps_its_summary_in_sight_and_reads_each_moment_whole(size):
    """Listing every costly moment made the list taller: at 80x24 the list's focus
    scrolled the page past the summary's first lines ('accuracy).' was all that showed)
    and ↓ never brought the last moment's end into sight. The summary stays, and each
    moment is read whole once highlighted."""
    from colorcards.replay.review import summary_words
    from colorcards.session.results import review_lines
    from colorcards.tui.screens.review import ReviewScreen
    from test_replay_snapshots import Host, given_review, scripted_game

    kept = scripted_game()
    result = given_review(kept)
    app = Host(lambda: ReviewScreen(kept, result))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for line in review_lines(result, seat_names=kept.seat_names, kept=kept):
            assert " ".join(summary_words(result).split()) in shown(app)
            assert " ".join(line.split()) in shown(app)
            await pilot.press("down")
            await pilot.pause()
