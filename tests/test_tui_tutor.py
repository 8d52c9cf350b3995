"""The tutor at the table, on the controller without Textual: the coach's note for a
costly move and none for a good one, T restoring the exact position (the whole state,
deck order included) after which the computers play as before, practice games kept out
of the per-level statistics, and a coached game surviving quit and Continue."""

from __future__ import annotations

import contextlib
import json
import sqlite3

import pytest

from bots_helpers import position
from coach_helpers import QUICK, LocalCoach
from colorcards.coach import Coach
from colorcards.engine import Game, next_decision, parse_card, play, rng_state
from colorcards.session.controller import HUMAN, GameController
from colorcards.session.seating import Seating
from colorcards.settings import GameSettings
from colorcards.store import Store
from test_tui_controller import ManualHost, controller, human_move, play_match

# The games played through here weigh on `QUICK`, the small budget; the costly position
# below keeps the coach's full budget: the note must come from the coach as the table
# runs it. The coach's process is `LocalCoach`, its protocol answered in the test's thread.


def duel(coach: bool = True) -> Seating:
    """The opponent is down to one card: the Red Draw Two holds it off and the Red 5 then
    goes out; the Red 5 first leaves it a card to follow (the review's costly position)."""
    game = position(["R+2 R5", "G1"], "R3", preset="duel", called="0,1")
    return Seating.at(game, GameSettings(preset="duel", opponents=1, difficulty="hard",
                                         coach=coach))


def state(ctl: GameController, game: dict | None = None) -> str:
    """Everything the table plays from: the whole game (deck order included), the
    computers' generators, the hand's order and the log. (`game`: the game's
    `to_json()`, if the caller has just written it.)"""
    return json.dumps([ctl.game.to_json() if game is None else game,
                       [rng_state(r) if r else None for r in ctl.rngs],
                       [c.code for c in ctl.hand()], ctl.log])


def test_a_costly_move_gets_the_coachs_note():
    host = ManualHost()
    ctl = controller(duel(), host, remote=LocalCoach())
    ctl.start()
    ctl.act(play(parse_card("R5")))
    assert ctl.note is not None
    assert ctl.note.startswith("Coach: Red Draw Two instead of Red 5 — ")
    assert "at least 3% more likely to win this round: " in ctl.note
    assert ctl.note.endswith(". T: take it back.")
    assert any(line.startswith("Coach: Red Draw Two instead of Red 5") for line in ctl.log)
    assert ctl.practice


def test_a_card_played_down_to_one_without_the_call_gets_a_note():
    """Color Cards' penalty for a missed Last Card call is at once: the coach weighs the
    card as played and says what the call was worth."""
    game = position(["R5 G7", 5, 5, 5], "R3")
    seating = Seating.at(game, GameSettings(preset="color-cards", opponents=3,
                                            difficulty="hard", coach=True))
    ctl = controller(seating, ManualHost(), remote=LocalCoach())
    ctl.start()
    ctl.act(play(parse_card("R5")))
    assert ctl.note is not None
    assert ctl.note.startswith("Coach: Call Last Card with Red 5 — ")
    assert "at least 3% more likely to win this round: " in ctl.note
    assert ctl.note.endswith("without the call. T: take it back.")


def test_a_good_move_gets_no_note():
    ctl = controller(duel(), ManualHost(), remote=LocalCoach())
    ctl.start()
    ctl.act(play(parse_card("R+2")))
    assert ctl.note is None
    assert ctl.mark is not None and ctl.mark.judged
    assert not any(line.startswith("Coach:") for line in ctl.log)


def test_without_the_coach_nothing_is_weighed_or_taken_back():
    ctl = controller(duel(coach=False), ManualHost())
    ctl.start()
    ctl.act(play(parse_card("R5")))
    assert ctl.note is None and ctl.mark is None and not ctl.practice
    assert "coach on" in (ctl.take_back() or "")


def test_a_take_back_refused_says_why_in_the_players_words():
    """T with nothing to take back says which of the reasons it is, word for word: the
    coach is off, no move of the player's yet, or the round is over."""
    ctl = controller(duel(coach=False), ManualHost())
    ctl.start()
    assert ctl.take_back() == \
        "Taking a move back is for games with the coach on (Esc, then Coach)."
    host = ManualHost()
    ctl = controller(duel(), host)
    ctl.start()
    assert ctl.take_back() == "There is no move of yours to take back yet."
    ctl.act(play(parse_card("R+2")))
    host.run(5)
    ctl.act(play(parse_card("R5")))
    host.run(5)
    assert ctl.between_rounds
    assert ctl.take_back() == "The round is over: its moves can no longer be taken back."


def test_a_take_back_keeps_the_hands_order_given_before_the_move():
    """The order the player gave the hand just before the move taken back is kept for the
    replay; an order given after it is not."""
    host = ManualHost()
    ctl = controller(duel(), host)
    ctl.start()
    ctl.sort_hand()
    before = ctl.meta.arranged
    assert len(before) == 1
    ctl.act(play(parse_card("R5")))
    ctl.move_card(0, 1)
    assert len(ctl.meta.arranged) == 2
    assert ctl.take_back() is None
    assert ctl.meta.arranged == before


def test_turning_the_coach_on_makes_the_game_practice_and_saves_it_at_once(tmp_path):
    """The pause menu's Coach: on, the game is practice from then on and the store has it
    so before the next move; off again, it stays practice (it was coached)."""
    with Store.open(tmp_path) as store:
        host = ManualHost()
        ctl = controller(duel(coach=False), host, store=store)
        ctl.start()
        host.drawn()
        assert not store.load_game().meta.practice
        ctl.set_coach(True)
        host.drawn()
        saved = store.load_game().meta
        assert saved.practice and saved.settings.coach
        ctl.set_coach(False)
        host.drawn()
        saved = store.load_game().meta
        assert saved.practice and not saved.settings.coach


def test_t_restores_the_exact_position():
    """After the costly move and the computer's answer, T: the whole state as before the
    move; then the better move is played from there."""
    host = ManualHost()
    ctl = controller(duel(), host, remote=LocalCoach())
    ctl.start()
    before = state(ctl)
    ctl.act(play(parse_card("R5")))
    host.run(5)
    assert state(ctl) != before
    assert ctl.take_back() is None
    assert state(ctl) == before
    assert ctl.my_turn and ctl.note is None
    assert ctl.take_back() is not None  # only the last decision, once
    ctl.act(play(parse_card("R+2")))
    assert ctl.note is None


def _to_my_turn(ctl: GameController, host: ManualHost) -> None:
    for _ in range(400):
        decision = next_decision(ctl.game)
        if decision is not None and decision.seat == HUMAN and not ctl.busy \
                and decision.kind.name == "TURN":
            return
        if ctl.between_rounds:
            ctl.next_round()
        host.run(1)
    raise AssertionError("the player's turn never came")


def test_after_a_take_back_the_computers_play_as_before():
    """A dealt game at four seats: a move, the computers' answers; T; the same move
    again: the computers answer exactly as the first time (their generators restored)."""
    host = ManualHost()
    settings = GameSettings(preset="color-cards", opponents=3, difficulty="normal", coach=True)
    ctl = controller(Seating.new(settings, seed=41), host, remote=LocalCoach(QUICK))
    ctl.start()
    _to_my_turn(ctl, host)
    for _ in range(2):  # a move or two first, so the computers' generators have moved on
        ctl.act(human_move(ctl))
        _to_my_turn(ctl, host)
    before = state(ctl)
    at = len(ctl.game.actions)
    move = human_move(ctl)
    ctl.act(move)
    _to_my_turn(ctl, host)
    first = ctl.game.actions[at:]
    assert ctl.take_back() is None
    assert state(ctl) == before
    ctl.act(move)
    _to_my_turn(ctl, host)
    assert ctl.game.actions[at:] == first
    replayed = Game.replay(ctl.game.rules, ctl.game.seats, ctl.game.seed, ctl.game.actions)
    assert replayed.to_json() == ctl.game.to_json()


def test_a_coached_game_survives_quit_and_continue(tmp_path):
    """Quit with the note on the table: Continue brings back the coach and the note."""
    store = Store.open(tmp_path)
    host = ManualHost()
    ctl = controller(duel(), host, store=store, remote=LocalCoach())
    ctl.start()
    ctl.act(play(parse_card("R5")))
    note = ctl.note
    assert note is not None
    host.drawn()
    ctl.stop()
    store.close()

    store = Store.open(tmp_path)
    again = controller(Seating.resume(store.load_game()), ManualHost(), store=store)
    again.start()
    assert again.settings.coach and again.practice
    assert again.note == note and note.removesuffix(" T: take it back.") in again.log
    store.close()


def test_a_move_can_be_taken_back_after_continue(tmp_path):
    """A dealt game: a move, quit, Continue; T restores the exact position before the
    move, replayed from the deal (the same deck order)."""
    store = Store.open(tmp_path)
    host = ManualHost()
    settings = GameSettings(preset="color-cards", opponents=3, difficulty="normal", coach=True)
    ctl = controller(Seating.new(settings, seed=77), host, store=store, remote=LocalCoach(QUICK))
    ctl.start()
    _to_my_turn(ctl, host)
    before = state(ctl)
    ctl.act(human_move(ctl))
    _to_my_turn(ctl, host)
    host.drawn()
    ctl.stop()
    store.close()

    store = Store.open(tmp_path)
    again = controller(Seating.resume(store.load_game()), ManualHost(), store=store,
                       remote=LocalCoach(QUICK))
    again.start()
    assert again.take_back() is None
    assert state(again) == before
    store.close()


def test_a_judgement_cut_short_by_quitting_is_made_on_continue(tmp_path):
    """The app closed before the coach answered: Continue weighs the move again (from
    the position replayed), once."""
    store = Store.open(tmp_path)

    class Quitting(ManualHost):
        def weigh(self, judge, done) -> None:
            pass  # the app closed before the coach answered

    class Counting(ManualHost):
        weighed = 0

        def weigh(self, judge, done) -> None:
            self.weighed += 1
            done(judge())

    host = Quitting()
    settings = GameSettings(preset="color-cards", opponents=3, difficulty="normal", coach=True)
    ctl = controller(Seating.new(settings, seed=77), host, store=store, remote=LocalCoach(QUICK))
    ctl.start()
    _to_my_turn(ctl, host)
    ctl.act(human_move(ctl))
    assert ctl.mark is not None and ctl.mark.weighed and not ctl.mark.judged
    host.drawn()
    ctl.stop()
    store.close()

    store = Store.open(tmp_path)
    counting = Counting()
    again = controller(Seating.resume(store.load_game()), counting, store=store,
                       remote=LocalCoach(QUICK))
    again.start()
    assert counting.weighed == 1
    assert again.mark is not None and again.mark.judged
    store.close()


def _duel(store: Store, coach: bool) -> GameController:
    """A whole one-round duel at Normal (seed 9) played into `store`; its controller."""
    host = ManualHost()
    settings = GameSettings(preset="duel", opponents=1, difficulty="normal", coach=coach,
                            changes={"match": "single"})
    ctl = controller(Seating.new(settings, seed=9), host, store=store, remote=LocalCoach(QUICK))
    ctl.start()
    play_match(ctl, host)
    return ctl


def _two_duels(store: Store) -> list:
    """The duel without the coach, then the same with it; their controllers, finished."""
    return [_duel(store, coach) for coach in (False, True)]


def test_practice_games_stay_out_of_the_per_level_statistics(tmp_path):
    """Two whole games at Normal, one with the coach: the level's figures count one game;
    the practice figures the other; the history marks it."""
    store = Store.open(tmp_path)
    assert all(ctl.finished for ctl in _two_duels(store))
    assert store.stats()["normal"].games == 1
    assert store.stats(practice=True)["normal"].games == 1
    entries = store.history()
    assert [bool(e.practice) for e in entries] == [True, False]
    assert [r.practice for r in store.records()] == [False, True]
    practice, counted = (store.kept_game(e.game_id) for e in entries)
    assert practice.as_json()["practice"] is True and "practice" not in counted.as_json()
    store.close()


def test_accuracy_is_kept_with_a_complete_review_and_shown(tmp_path):
    """A complete review's accuracy is the share of decisions not costly and the mean
    cost; the store keeps it beside the review (not for a partial one), the history and
    `stats --json` carry it, practice games left out of the accuracy by level."""
    from colorcards.replay.review import Moment, Review, accuracy
    from colorcards.store.report import accuracy_by_level

    red3 = parse_card("R3")
    close = Moment(1, 1, red3, None, play(red3), play(red3), close=True)
    costly = Moment(2, 2, red3, None, play(red3), play(red3), close=False, cost=0.12,
                    low=0.05, high=0.2, made_chance=0.3, best_chance=0.42, deals=512)
    measured = Moment(3, 3, red3, None, play(red3), play(red3), close=False, cost=-0.01,
                      low=-0.04, high=0.02)
    full = Review((close, costly, measured), 3)
    measure = accuracy(full)
    assert measure is not None
    assert (measure.decisions, measure.good) == (3, 2)
    assert measure.cost == pytest.approx(0.04)
    assert measure.kinds == (1, 0, 1, 1, 0)
    assert measure.words() == (
        "Accuracy 67% (2 of 3 decisions). On average a decision lowered your chance to win "
        "the round by 4.0% (less than 3% does not count against accuracy).")
    assert accuracy(Review((close,), 3)) is None  # partial

    store = Store.open(tmp_path)
    ids = [ctl.meta.game_id for ctl in _two_duels(store)]
    assert store.keep_review(ids[0], Review((close,), 3).as_json())
    # the coached game (the newest) was reviewed as it was played; the other's is partial
    assert [e.accuracy is None for e in store.history()] == [False, True]
    for game_id in ids:
        assert store.keep_review(game_id, full.as_json())
    assert [e.accuracy for e in store.history()] == [pytest.approx(2 / 3)] * 2
    assert accuracy_by_level(store.accuracies()) == {
        "normal": {"games": 1, "accuracy": pytest.approx(2 / 3),
                   "avg_cost": pytest.approx(0.04), "first_choice": pytest.approx(1 / 3)}}
    store.close()


def test_the_migration_gives_earlier_reviews_their_accuracy():
    """A file of schema 3 with a complete review, a partial one and a damaged one: the
    upgrade computes the complete one's accuracy from its JSON, as `accuracy` does."""
    import sqlite3

    from colorcards.replay.review import Moment, Review, accuracy
    from colorcards.store.schema import migrate

    red3 = parse_card("R3")
    full = Review((Moment(1, 1, red3, None, play(red3), play(red3), close=True),
                   Moment(2, 2, red3, None, play(red3), play(red3), close=False, cost=0.12,
                          low=0.05, high=0.2, made_chance=0.3, best_chance=0.42,
                          deals=512)), 2)
    db = sqlite3.connect(":memory:", isolation_level=None)
    migrate(db, upto=3)
    def of_then(review: Review) -> str:  # a file of schema 3 holds reviews of version 2
        return json.dumps({**review.as_json(), "version": 2})

    for game_id, text in (("full", of_then(full)),
                          ("partial", of_then(Review(full.moments[:1], 2))),
                          ("damaged", "{not json")):
        db.execute("INSERT INTO replays VALUES (?, '[]', '', ?)", (game_id, text))
    migrate(db)
    found = {g: (a, c) for g, a, c in db.execute("SELECT game_id, accuracy, avg_cost "
                                                  "FROM replays")}
    measure = accuracy(full)
    assert measure is not None
    assert found["full"] == (pytest.approx(measure.share), pytest.approx(measure.cost))
    assert found["partial"] == found["damaged"] == (None, None)


def test_the_coachs_process_judges_as_the_coach_does():
    """The tutor's request, answered in the child process: the same judgement as the
    coach's own, from a prepared position (its base) and from a dealt game (its seed)."""
    from colorcards.coach.desk import judge
    from colorcards.coach.remote import Judgement, RemoteCoach, request
    from colorcards.session.tutor import base_of

    def judged(data):  # asked of the child, and its answer awaited
        asked = remote.ask(data)
        return None if asked is None else remote.answer(asked)

    game = position(["R+2 R5", "G1"], "R3", preset="duel", called="0,1")
    made = play(parse_card("R5"))
    remote = RemoteCoach()
    try:
        asked = request(game, [], made, "hard", base_of(game).pair)
        answer = judged(asked)
        assert answer is not None and answer.costly
        assert answer == judge(asked)
        assert answer.best == play(parse_card("R+2")) and answer.best_chance > answer.made_chance

        dealt = Game.replay(game.rules, 2, 5, [])
        while next_decision(dealt).seat != HUMAN:
            decision = next_decision(dealt)
            dealt.apply(decision.actions[0], decision.seat)
        decision = next_decision(dealt)
        move = decision.actions[-1]
        local = Judgement.of(Coach("normal").judge(dealt.view(HUMAN), decision.actions, move))
        assert judged(request(dealt, list(dealt.actions), move, "normal", None)) == local
    finally:
        remote.close()
    assert judged(asked) is None  # closed: no answer, no new process


def test_a_finished_record_keeps_practice_but_not_the_take_back(tmp_path):
    """The record's meta says practice; what only a take-back needs (the generators'
    states) stays with the save and goes with it."""
    store = Store.open(tmp_path)
    _duel(store, coach=True)
    store.close()
    with contextlib.closing(sqlite3.connect(store.path)) as db:
        meta = json.loads(db.execute("SELECT meta FROM records").fetchone()[0])
    assert meta["practice"] is True and "tutor" not in meta and "note" not in meta


def test_the_table_says_the_coach_is_still_weighing_until_the_note_comes():
    """A judgement not back by the player's next turn: the status line keeps the prompt
    and says the coach is still weighing the last move; the note, once it comes, takes
    that place (and T can still take the move back)."""
    from colorcards.session.prompts import STILL_WEIGHING, status

    class Holding(ManualHost):
        held: list = []

        def weigh(self, judge, done) -> None:
            self.held.append((judge, done))  # the coach has not answered yet

    host = Holding()
    host.held = []
    ctl = controller(duel(), host, remote=LocalCoach())
    ctl.start()
    assert STILL_WEIGHING not in status(ctl, ctl.view(), "classic", False)
    ctl.act(play(parse_card("R5")))
    _to_my_turn(ctl, host)
    said = status(ctl, ctl.view(), "classic", False)
    assert said.startswith("Your turn") and said.endswith(STILL_WEIGHING)
    judge, done = host.held.pop()
    done(judge())
    said = status(ctl, ctl.view(), "classic", False)
    assert STILL_WEIGHING not in said
    assert ctl.note is not None and said.endswith(ctl.note)
    assert ctl.note.endswith("T: take it back.")


def _small(level: str) -> Coach:
    """The review's coach on the small budget of `QUICK`, at the game's level."""
    return Coach(level, choose_deals=64, choose_playouts=320, looks=(64, 128))


class _Counted(Coach):
    """A coach that counts the decisions it weighs."""

    judged = 0

    def judge(self, *args, **kwargs):
        self.judged += 1
        return super().judge(*args, **kwargs)


def test_a_coached_game_is_reviewed_as_it_is_played(tmp_path):
    """Each decision the coach judges at the table is a step of the game's review: the
    finished game is kept with its review so far, and the review takes on from there to
    the very review made from nothing, weighing only what the table did not (here
    nothing). Across quit and Continue, and a take-back: the steps of the line taken
    back are dropped, the rest kept."""
    from colorcards.replay.review import Review, review

    store = Store.open(tmp_path)
    host = ManualHost()
    settings = GameSettings(preset="color-cards", opponents=3, difficulty="normal", coach=True,
                            changes={"match": "single"})
    ctl = controller(Seating.new(settings, seed=77), host, store=store, remote=LocalCoach(QUICK))
    ctl.start()
    for _ in range(3):
        _to_my_turn(ctl, host)
        ctl.act(human_move(ctl))
    _to_my_turn(ctl, host)
    host.drawn()
    assert len(ctl.coach.judged) >= 3
    ctl.stop()
    store.close()

    store = Store.open(tmp_path)
    again = controller(Seating.resume(store.load_game()), host := ManualHost(), store=store,
                       remote=LocalCoach(QUICK))
    kept_over = dict(again.coach.judged)
    assert len(kept_over) >= 3  # the save kept them
    again.start()
    assert again.take_back() is None  # the last decision's step goes with it
    assert max(again.coach.judged) < max(kept_over)
    play_match(again, host)
    assert again.finished
    kept = store.kept_game(again.meta.game_id)
    stored = Review.from_json(store.review(kept.game_id))
    assert stored is not None and stored.complete
    alone = review(kept, coach=_small("normal"))
    counted = _Counted("normal", choose_deals=64, choose_playouts=320, looks=(64, 128))
    assert review(kept, resume=stored, coach=counted) == alone == stored
    assert counted.judged == 0
    assert store.history()[0].accuracy is not None  # a complete review's accuracy
    store.close()


def test_with_the_coach_off_the_game_is_still_reviewed_as_it_is_played(tmp_path):
    """The coach off: no note and no mark, the game counted, but each decision is sent
    to the coach's process in the background's turn, and the finished game is kept with
    the review those judgements make (the review made from nothing, here complete)."""
    from colorcards.replay.review import Review, review

    store = Store.open(tmp_path)
    host = ManualHost()
    settings = GameSettings(preset="duel", opponents=1, difficulty="normal", coach=False,
                            changes={"match": "single"})
    service = LocalCoach(QUICK)
    ctl = controller(Seating.new(settings, seed=9), host, store=store, remote=service)
    play_match(ctl, host)
    assert ctl.finished and not ctl.practice and ctl.mark is None
    assert not any(line.startswith("Coach:") for line in ctl.log)
    assert service.asked and all(data["background"] for data in service.asked)
    kept = store.kept_game(ctl.meta.game_id)
    stored = Review.from_json(store.review(kept.game_id))
    assert stored == review(kept, coach=_small("normal")) and stored.complete
    store.close()


def test_what_only_resuming_needs_is_written_by_the_table_and_left_out_of_the_record():
    """The keys the table writes at each save (its mark, the note, the cursor's card, the
    decisions judged) are one list (`meta.TABLE_KEYS`), and the record leaves them out."""
    from colorcards.session.meta import RESUME_ONLY, TABLE_KEYS

    ctl = controller(duel(), ManualHost(), remote=LocalCoach())
    ctl.start()
    ctl.select(ctl.hand()[0])
    ctl.act(play(parse_card("R5")))
    meta = ctl.save_meta()
    assert ctl.note is not None and ctl.coach.judged
    # the mark, its note, the cursor, the judged (the late notes, the judgements still to
    # come and the hands' points are written when there are any)
    assert {"tutor", "note", "selected", "weighed"} <= set(meta.extra) & set(TABLE_KEYS)
    record = meta.for_the_record()
    assert not set(record) & RESUME_ONLY and "rngs" in meta.as_json()
