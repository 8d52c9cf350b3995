"""The table and the review agree (issue 41, item 2): every costly move of a coached game
is noted at the table, in the log and on the status line, even when its judgement comes
after the player has moved on, after a take-back of a later move, or after quit and
Continue."""

from __future__ import annotations

import pytest

from bots_helpers import position
from coach_helpers import QUICK, LocalCoach
from colorcards.engine import parse_card, play
from colorcards.session.prompts import RESULTS_WAIT, status
from colorcards.session.seating import Seating
from colorcards.settings import GameSettings
from colorcards.store import Store
from test_coach_ponder import LaterHost
from test_tui_controller import ManualHost, controller, human_move
from test_tui_tutor import _to_my_turn


def duel() -> Seating:
    """The review's costly position with two cards more: the opponent is down to one
    card, the Red Draw Two holds it off, the Red 5 leaves it a card to follow."""
    game = position(["R+2 R5 R7 B4", "G1"], "R3", preset="duel", called="0,1")
    return Seating.at(game, GameSettings(preset="duel", opponents=1, difficulty="hard",
                                         coach=True))


def _moved_on(store: Store | None = None):
    """The duel's costly Red 5, then the player's next move before the coach answers."""
    host = LaterHost()
    ctl = controller(duel(), host, store=store, remote=LocalCoach())
    ctl.start()
    ctl.act(play(parse_card("R5")))  # costly: the Draw Two held the opponent off
    _to_my_turn(ctl, host)
    ctl.act(human_move(ctl))  # the player moves on before the note comes
    return ctl, host


def test_a_note_that_comes_after_the_next_move_stays_until_a_key():
    """Issue 41, item 2: the note on the Red 5 came after the player's next move and was
    written only to the log, where the strip's digest of the turn left it out; the
    status line never showed it. Now it stays on the status line (first, without T: the
    move can no longer be taken back) until the player's next key, and the digest of
    the turn keeps it whole."""
    ctl, host = _moved_on()
    assert len(host.waiting) == 2
    host.answer(0)  # the Red 5's judgement, late
    [late] = ctl.late_notes
    assert late.startswith("Coach: Red Draw Two instead of Red 5 — ")
    assert "T: take it back" not in late
    assert late in status(ctl, ctl.view(), "classic", False)
    assert late in ctl.log and late in ctl.digest()
    ctl.seen()  # a key
    assert ctl.late_notes == []
    assert late not in status(ctl, ctl.view(), "classic", False)
    assert late in ctl.log


def test_a_late_note_survives_quit_and_continue(tmp_path):
    """Unseen when the game was left: Continue shows it again until a key."""
    store = Store.open(tmp_path)
    ctl, host = _moved_on(store)
    host.answer(0)
    [late] = ctl.late_notes
    ctl.stop()
    store.close()
    store = Store.open(tmp_path)
    again = controller(Seating.resume(store.load_game()), ManualHost(), store=store)
    again.start()
    assert again.late_notes == [late]
    store.close()


def test_judgements_cut_short_by_quitting_are_all_made_on_continue(tmp_path):
    """Two decisions in flight when the app closed: Continue weighs both again (before,
    only the last decision was: an earlier costly move went unnoted, and the review
    listed it)."""
    store = Store.open(tmp_path)
    host = LaterHost()
    settings = GameSettings(preset="color-cards", opponents=3, difficulty="normal", coach=True)
    ctl = controller(Seating.new(settings, seed=77), host, store=store,
                     remote=LocalCoach(QUICK))
    ctl.start()
    made = []
    while len(host.waiting) < 2:
        _to_my_turn(ctl, host)
        made.append(ctl.moves)
        ctl.act(human_move(ctl))
    ctl.stop()
    store.close()
    store = Store.open(tmp_path)
    counting = LaterHost()
    again = controller(Seating.resume(store.load_game()), counting, store=store,
                       remote=LocalCoach(QUICK))
    again.start()
    assert len(counting.waiting) == 2
    while counting.waiting:
        counting.answer()
    assert set(made[-2:]) <= set(again.coach.judged)
    store.close()


def test_taking_a_later_move_back_keeps_an_earlier_judgement():
    """T takes back the next move while the Red 5's judgement is still out: the Red 5 is
    still on the line of play, and the last decision again, so its note still comes,
    with T (a take-back dropped every judgement)."""
    ctl, host = _moved_on()
    assert ctl.take_back() is None  # the move after the Red 5
    host.answer(0)
    assert ctl.note is not None and ctl.note.startswith("Coach: Red Draw Two instead of Red 5")
    assert ctl.note.endswith("T: take it back.") and ctl.late_notes == []
    assert ctl.take_back() is None  # and T takes the Red 5 back now


NOTE = ("Coach: Wild Draw Four naming Yellow instead of taking the penalty — at least 3% "
        "more likely to win this round: 46% against 38%. T: take it back.")
"""A note as long as they come, after a prompt as long as they come."""
TABLE = ("top=B7 | you: R5 B2 B+2 G9 Y1 W W+4 | lily: Y1 Y2 Y3 | max: G4 G5 G6 G7 | "
         "zoe: B1 B3 B4 B5 B6")


async def _with_a_note(pilot):
    from engine_helpers import position as literal_position
    from tui_table_helpers import seat_position

    seat_position(pilot.app, literal_position(TABLE))
    await pilot.pause()
    ctl = pilot.app.controller
    ctl.note = NOTE
    pilot.app.screen.refresh_table()
    await pilot.pause()
    await pilot.pause()


@pytest.mark.parametrize("size", [(80, 24), (100, 32)], ids=["80x24", "100x32"])
async def test_a_long_note_after_the_prompt_is_read_whole(tmp_path, size):
    """Issue 41, item 2: at 80 columns the prompt and a note took more than the status
    line's two rows, and the note's end was cut. Now the line takes the rows it needs
    (up to four, from the log's strip), and both are read whole."""
    from colorcards.tui.app import ColorCardsApp
    from tui_table_helpers import shown

    app = ColorCardsApp(data_dir=tmp_path, delay=60)
    async with app.run_test(size=size) as pilot:
        await _with_a_note(pilot)
        text = shown(app)
        assert "Your turn: play" in text and NOTE in text


@pytest.mark.parametrize("size", [(80, 24), (100, 32)], ids=["80x24", "100x32"])
def test_a_long_note_snapshot(snap_compare, tmp_path, size):
    """The prompt and a long note on the status line, the log's strip giving up rows."""
    from colorcards.tui.app import ColorCardsApp

    app = ColorCardsApp(data_dir=tmp_path, delay=60)
    assert snap_compare(app, terminal_size=size, run_before=_with_a_note)


async def test_the_log_strip_is_written_again_when_the_status_line_gives_its_rows_back(
        tmp_path):
    """A late note took a row of the strip; once a key has seen it, the strip shows its
    lines for the rows it has again (it kept a line's end alone in its first row)."""
    from colorcards.tui.app import ColorCardsApp
    from colorcards.tui.widgets import LogStrip

    app = ColorCardsApp(data_dir=tmp_path, delay=60)
    async with app.run_test(size=(80, 24)) as pilot:
        await _with_a_note(pilot)
        ctl = app.controller
        ctl.note = None
        ctl.table_log.note("Lily played Blue 9.")
        ctl.table_log.note("Max played Blue 3.")
        ctl.table_log.mine()  # (nothing since the player's move: the lines, not a digest)
        ctl.late_notes.append(NOTE.removesuffix(" T: take it back."))
        app.screen.refresh_table()
        await pilot.pause()
        assert app.screen.query_one(LogStrip).text == "Max played Blue 3."  # one row
        await pilot.press("right")  # a key: the late note is seen
        for _ in range(3):
            await pilot.pause()
        assert app.screen.query_one(LogStrip).text == "Lily played Blue 9.\nMax played Blue 3."


def test_the_results_wait_for_the_note_on_the_rounds_last_move(tmp_path):
    """A costly move, and the opponent goes out on it: the round's results (and the
    match's record, with the review weighed at the table so far) wait for the coach's
    note, which came after them before (on a table the player no longer looked at), as
    long as the coach weighs: a busy machine's slow note is noted all the same."""
    store = Store.open(tmp_path)
    game = position(["R+2 R5 B4", "R1"], "R3", preset="duel", called="0,1")
    host = LaterHost()
    ctl = controller(Seating.at(game, GameSettings(preset="duel", opponents=1,
                                                   difficulty="hard", coach=True)),
                     host, store=store, remote=LocalCoach())
    ctl.start()
    ctl.act(play(parse_card("R5")))  # Lily goes out on it
    host.run(120)
    assert ctl.game.is_over and host.rounds_over == [] and not ctl.finished
    assert status(ctl, ctl.view(), "classic", False) == f"The round is over. {RESULTS_WAIT}"
    host.answer()
    assert any(line.startswith("Coach: Red Draw Two instead of Red 5") for line in ctl.log)
    host.run(1)
    assert host.rounds_over == [True] and ctl.finished
    store.close()

    # The coach cannot say (its process ended): the results come all the same.
    game = position(["R+2 R5 B4", "R1"], "R3", preset="duel", called="0,1")
    host = LaterHost()
    ctl = controller(Seating.at(game, GameSettings(preset="duel", opponents=1,
                                                   difficulty="hard", coach=True)), host,
                     remote=LocalCoach())
    ctl.start()
    ctl.act(play(parse_card("R5")))
    host.run(5)
    assert host.rounds_over == []
    _, done = host.waiting.pop()
    done(None)
    host.run(1)
    assert host.rounds_over == [True]
