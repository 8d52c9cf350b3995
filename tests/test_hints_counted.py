"""Hints counted honestly (issue 41, item 3): a decision made after asking for a hint is
the coach's. The game keeps which they were; the review's accuracy and the level the
player plays like leave them out, and History marks the game."""

from __future__ import annotations

import json

from coach_helpers import QUICK, LocalCoach
from colorcards.coach import Coach
from colorcards.commands import run_history
from colorcards.engine import CALL
from colorcards.replay.review import Review, accuracy, review, summary_words
from colorcards.session.messages import Hinted
from colorcards.session.seating import Seating
from colorcards.settings import GameSettings
from colorcards.store import Store
from colorcards.tui.screens.history import row_text
from test_tui_controller import ManualHost, controller, human_move
from test_tui_tutor import _to_my_turn

REVIEWER = Coach("normal", **QUICK)
"""The review's coach on the small budget the table's coach has here."""


def _hint(ctl, host: ManualHost):
    """H: the coach's move, as the table tells it (`Hinted`), or None."""
    host.told.clear()
    ctl.hint()
    hinted = [m for m in host.told if isinstance(m, Hinted)]
    return hinted[-1].action if hinted else None


def _play(store: Store, on_hints: bool, seed: int = 9):
    """A one-round duel at Normal, the coach off; with `on_hints`, every decision with a
    choice made as issue 41's player did: H, then Enter (the coach's move)."""
    host = ManualHost()
    settings = GameSettings(preset="duel", opponents=1, difficulty="normal",
                            changes={"match": "single"})
    ctl = controller(Seating.new(settings, seed=seed), host, store=store,
                     remote=LocalCoach(QUICK))
    ctl.start()
    hinted = 0
    while not ctl.game.is_over:
        _to_my_turn(ctl, host)
        advice = None
        if on_hints and len(ctl.legal()) > 1 and not (CALL in ctl.legal()
                                                       and len(ctl.hand()) == 2):
            advice = _hint(ctl, host)
        if advice is not None:
            hinted += 1
            ctl.act(advice)
        else:
            ctl.act(human_move(ctl))
        for _ in range(100):  # the computers play on to the player's turn or the end
            if ctl.game.is_over or not ctl.busy:
                break
            host.run(1)
    assert ctl.finished
    return ctl, hinted


def test_a_game_played_on_hints_is_not_credited_to_the_player(tmp_path, capsys):
    """Issue 41, item 3: with the coach off, a whole game played by H then Enter had
    'Accuracy 100% (16 of 16 decisions)'. Now every hinted decision is kept with the
    game, the review gives no accuracy of the player's own, says why, and History marks
    the game."""
    store = Store.open(tmp_path)
    ctl, hinted = _play(store, on_hints=True)
    assert hinted >= 3
    assert len(ctl.meta.hinted) == hinted
    kept = store.kept_game(ctl.meta.game_id)
    assert kept.hinted == ctl.meta.hinted
    result = review(kept, coach=REVIEWER)
    assert result.complete and {m.index for m in result.moments} <= set(kept.hinted)
    assert accuracy(result) is None
    assert summary_words(result).startswith(
        "Every decision with a choice was made after asking for a hint: ")
    assert Review.from_json(result.as_json()) == result
    assert store.keep_review(kept.game_id, result.as_json())
    [entry] = store.history()
    assert entry.hints == hinted and entry.accuracy is None
    assert row_text(entry).plain.rstrip().endswith("H")
    assert store.accuracies() == []  # nothing of the player's own to measure
    store.close()
    assert run_history(str(tmp_path), as_json=False) == 0  # the command line's history too
    assert capsys.readouterr().out.rstrip().endswith(f"{hinted} on hints")
    assert run_history(str(tmp_path), as_json=True) == 0
    assert json.loads(capsys.readouterr().out)[0]["hints"] == hinted


def test_decisions_of_ones_own_are_still_measured(tmp_path):
    """Half the game on hints: the accuracy counts only the other half."""
    store = Store.open(tmp_path)
    ctl, _ = _play(store, on_hints=False)
    kept = store.kept_game(ctl.meta.game_id)
    whole = review(kept, coach=REVIEWER)
    own = [m.index for m in whole.moments][::2]
    counted = Review(whole.moments, whole.total, whole.level, whole.seed, whole.playouts,
                     hinted=tuple(own))
    measure = accuracy(counted)
    assert measure is not None
    assert measure.decisions == len(whole.moments) - len(own)
    assert "with a choice made after asking for a hint are the coach's, not counted as " \
        "yours." in \
        summary_words(counted)
    store.close()


def test_a_hint_asked_then_taken_back_still_counts_where_it_was_seen(tmp_path):
    """A take-back keeps the hint of the decision taken back (the player saw it there)
    and forgets those after it."""
    store = Store.open(tmp_path)
    host = ManualHost()
    settings = GameSettings(preset="duel", opponents=1, difficulty="normal", coach=True,
                            changes={"match": "single"})
    ctl = controller(Seating.new(settings, seed=9), host, store=store,
                     remote=LocalCoach(QUICK))
    ctl.start()
    _to_my_turn(ctl, host)
    while len(ctl.legal()) < 2:
        ctl.act(human_move(ctl))
        _to_my_turn(ctl, host)
    at = ctl.moves
    advice = _hint(ctl, host)
    assert advice is not None
    ctl.act(advice)
    assert ctl.meta.hinted == (at,)
    assert ctl.take_back() is None
    assert ctl.meta.hinted == (at,)
    store.close()


def test_the_results_say_the_hinted_decisions_were_the_coachs(tmp_path):
    """At the match's end: how many decisions were made after a hint, and what that
    means for the accuracy."""
    from colorcards.session.results import results_data
    from colorcards.tui.screens.results import hinted_words

    store = Store.open(tmp_path)
    ctl, hinted = _play(store, on_hints=True)
    data = results_data(ctl)
    assert data.hinted == hinted
    assert hinted_words(hinted) == (
        f"You asked for a hint before {hinted} decisions: they are the coach's, and left out "
        "of your accuracy (History marks the game H).")
    store.close()


def test_a_hint_to_call_and_play_marks_the_card_played():
    """Two cards left: the hint says to call Last Card, then play; the call is no
    decision, so the card played after it is the one counted as the coach's."""
    from colorcards.engine import parse_card, play
    from test_tui_controller import prepared

    host = ManualHost()
    ctl = controller(prepared("top=R3 | you: R5 G7 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2"),
                     host, remote=LocalCoach(QUICK))
    ctl.start()
    assert _hint(ctl, host) is not None and CALL in ctl.legal()
    ctl.act(CALL)
    ctl.act(play(parse_card("R5")))
    assert ctl.meta.hinted == (0, 1)
