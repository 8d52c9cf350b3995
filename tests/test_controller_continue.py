"""A game left and continued, and the coach at the table: what the table brings back from
its save (the coach's notes the player has not seen, the judgements that had not come,
the points each hand held when a round was won, the story, a prepared table's start),
what T takes back and when it cannot, which decisions are weighed and what waits for
them; on the controller without Textual and a coach whose answers are fixed
(`Costly`), so that each test is a few moves long (tests/MUTATION.md)."""

from __future__ import annotations

from colorcards.coach import Advice
from colorcards.coach.remote import Judgement
from colorcards.engine import CALL, DRAW, PASS, Colour, action_from_json, parse_card, play
from colorcards.session.controller import GameController
from colorcards.session.messages import Changed
from colorcards.session.prompts import RESULTS_WAIT, status
from colorcards.session.results import results_data
from colorcards.session.seating import Seating
from colorcards.session.table_coach import TAKE_BACKS
from colorcards.settings import GameSettings
from colorcards.store import Store
from engine_helpers import position
from test_coach_ponder import LaterHost
from test_tui_controller import ManualHost, controller


class Costly:
    """The coach's process finding every move of the player's costly, drawing a card
    being better by a point more each time it is asked (a fixed judgement: no
    play-outs); its advice, when the test gives one."""

    def __init__(self, advice: Advice | None = None) -> None:
        self.advice = advice
        self.asked: list[dict] = []
        self.worked: list[dict] = []
        """The requests to judge a move for the game's review alone (the coach off)."""

    def ask(self, data, stop=None):
        self.asked.append(data)
        return len(self.asked), data

    def answer(self, asked) -> Judgement:
        n, data = asked  # each note its own figures: 31% against 30%, 32% against 30%...
        return Judgement(True, action_from_json(data["made"]), DRAW, 0.30, 0.30 + n / 100)

    def advise(self, data, stop=None):
        return self.advice

    def work(self, job, data, background=False):
        self.worked.append(data)
        return data

    def follow(self, asked):
        return iter(())

    def ponder(self, data):
        return None

    def cancel(self, asked) -> None:
        pass

    def wake(self) -> None:
        pass


def coached(literal: str, preset: str = "duel", **state) -> Seating:
    """A prepared table at `literal` with the coach on."""
    game = position(literal, preset, **state)
    return Seating.at(game, GameSettings(preset=preset, opponents=game.seats - 1, coach=True))


def to_my_turn(ctl: GameController, host: ManualHost) -> None:
    for _ in range(40):
        if ctl.my_turn and not ctl.busy:
            return
        host.run(ctl.delay)
    raise AssertionError("the turn never came back")


def dealt(seed: int = 3) -> Seating:
    """A coached duel dealt from `seed` (a dealt game's moves can be weighed again from
    the deal after Continue)."""
    return Seating.new(GameSettings(preset="duel", opponents=1, coach=True), seed=seed)


def a_card(ctl: GameController):
    """The player's move: the first card they may play (a Wild naming Red), else draw."""
    for card in ctl.hand():
        if card in ctl.playable():
            return play(card, Colour.RED if card.is_wild else None)
    return DRAW


def test_a_game_continued_keeps_the_notes_not_seen_and_weighs_again_what_had_not_come(tmp_path):
    """Three moves, the coach's answers held: the last one's note comes (T takes that
    move back), the first one's comes late (on the status line until the next key), the
    second's never comes before the game is left. Continue shows the late note still,
    and weighs the second move again: its note comes late too."""
    host = LaterHost()
    with Store.open(tmp_path) as store:
        ctl = controller(dealt(), host, store=store, remote=Costly())
        ctl.start()
        made, hands = [], []
        for _ in range(3):
            to_my_turn(ctl, host)
            hands.append([c.code for c in ctl.hand()])
            made.append(a_card(ctl))
            ctl.act(made[-1])
        assert len(host.waiting) == 3
        host.answer(2)  # the last move's note: T can take it back
        assert host.told[-1] == Changed()  # the status line is drawn again with it
        host.answer(0)  # the first move's, after the player moved on
        assert ctl.note is not None
        [late] = ctl.late_notes
        host.drawn()
        saved = store.load_game()
    assert saved is not None
    table = ManualHost()
    again = controller(Seating.resume(saved), table, remote=Costly())
    assert again.late_notes == [late] and again.note == ctl.note
    said = status(again, again.view(), "classic", False)
    assert late in said and ctl.note in said
    again.start()  # the second move's judgement never came: weighed again, once
    assert len(again.late_notes) == 2 and again.late_notes[0] == late
    assert f"instead of {again.words.card(made[1].card)} — " in again.late_notes[1]
    assert again.late_notes[1] in again.log and again.late_notes[1] not in ctl.log
    assert sum(line.startswith("Coach: ") for line in again.log) == 3  # each note once
    told = len(table.told)
    again.seen()
    assert again.late_notes == [] and "unseen" not in again.save_meta().extra
    assert table.told[told:] == [Changed()]  # the status line is drawn again
    assert again.take_back() is None  # the last move, whose note came in time
    assert [c.code for c in again.hand()] == hands[2]


def test_the_points_each_hand_held_when_the_round_was_won_come_back_with_the_game(tmp_path):
    """The results say where the winner's points came from, hand by hand, also after the
    game is left on its results and continued; a save's entries that do not read are
    left out."""
    host = ManualHost()
    settings = GameSettings(preset="color-cards", opponents=3, changes={"match": "to:500"})
    seating = Seating.at(position("top=R3 | you: R5 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2",
                                  settings.rules()), settings)
    with Store.open(tmp_path) as store:
        ctl = controller(seating, host, store=store)
        ctl.start()
        ctl.act(play(parse_card("R5")))
        assert ctl.between_rounds and results_data(ctl).hand_points == [0, 3, 9, 3]
        host.drawn()
        saved = store.load_game()
    assert saved is not None
    again = controller(Seating.resume(saved))
    assert results_data(again).hand_points == [0, 3, 9, 3]
    assert again.story() == ctl.story() and again.rounds == ctl.rounds
    odd = saved.meta.with_(extra={**saved.meta.extra, "scored": {
        "1": [0, 3, 9, 3], "x": [1, 2], "2": [1, "2"], "3": "12", "4": {}}})
    kept = controller(Seating(saved.game, odd, list(saved.log or []), again.hand(),
                              again.rngs))
    assert kept.hand_points == {1: (0, 3, 9, 3)}


def test_the_computers_pace_is_the_speed_chosen_and_an_unknown_one_plays_at_normal():
    """A computer moves one pause after the last move: 0.3 s fast, 1.4 s slow, 0.8 s at
    a speed this version does not know (a newer version's save). The computers wait
    two pauses before catching a player who forgot Last Card."""
    for speed, pause in (("fast", 0.3), ("slow", 1.4), ("turbo", 0.8)):
        game = position("top=R3 | you: R5 B7 G2 | lily: R4 Y2 Y3", "duel", current=1)
        host = ManualHost()
        ctl = GameController(Seating.at(game, GameSettings(preset="duel", opponents=1,
                                                           speed=speed)),
                             host, listen=host.hear)
        ctl.start()
        host.run(pause - 0.01)
        assert not ctl.my_turn, speed
        host.run(0.01)
        assert ctl.my_turn, speed
        assert ctl.grace == 2 * pause


def test_with_the_coach_off_a_dealt_games_decisions_are_weighed_for_its_review_alone():
    """With the coach off, each decision with a choice of a dealt game is still weighed
    for the game's review (nothing said at the table); not a prepared table's (its
    review has no deal to replay), nor with the background reviews off."""
    def weighed(seating: Seating, **kwargs) -> int:
        remote = Costly()
        ctl = controller(seating, remote=remote, **kwargs)
        ctl.start()
        ctl.act(a_card(ctl))
        assert ctl.note is None and ctl.mark is None and not remote.asked
        return len(remote.worked)

    off = GameSettings(preset="duel", opponents=1)
    assert weighed(Seating.new(off, seed=3)) == 1
    assert weighed(Seating.new(off, seed=3), review_as_played=False) == 0
    game = position("top=R3 | you: R5 R6 B7 | lily: G1 G2 G3", "duel")
    assert weighed(Seating.at(game, off)) == 0


LONG = ("top=R3 | you: W B2 B4 | lily: R1 R2 R3 R4 R5 R6 R7 R8 R9 G1 G2 G3 G4 G5 G6 G7 G8 G9 "
        "Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 B1 B3 B5")
"""Two players, Lily unable to go out before the player has made 21 decisions (each a
draw or a pass, with a Wild to play instead: a choice the coach weighs)."""


def test_t_takes_back_twenty_moves_one_after_another_each_with_its_note_and_no_more():
    """Twenty-one decisions, each noted by the coach: T takes back twenty of them, the
    latest first, each time putting back the hand and the note of the decision now last;
    the twenty-first T says the budget's words."""
    host = ManualHost()
    ctl = controller(coached(LONG, "classic"), host, remote=Costly())
    ctl.start()
    hands, notes = [], [None]
    for _ in range(TAKE_BACKS + 1):
        to_my_turn(ctl, host)
        hands.append([c.code for c in ctl.hand()])
        ctl.act(DRAW if DRAW in ctl.legal() else PASS)
        notes.append(ctl.note)
        assert ctl.note is not None and ctl.note.endswith(" T: take it back.")
    assert len(set(notes)) > 3
    for back in range(TAKE_BACKS):
        assert ctl.take_back() is None, back
        assert ctl.my_turn and not ctl.busy  # the player may move at once
        assert [c.code for c in ctl.hand()] == hands[-1 - back]
        # the note of the decision now last, while T can take that one back too
        assert ctl.note == (notes[-2 - back] if back < TAKE_BACKS - 1 else None)
    assert ctl.take_back() == (
        "No earlier move of yours can be taken back: T goes back 20 moves at most, and not "
        "past a round's start or the moment you continued the game.")


def test_a_hint_taken_back_goes_with_its_decision_and_stays_with_the_one_it_was_for():
    """The decisions made after a hint are the coach's in the review: taking back the
    hinted move keeps the mark (the hint was seen there); taking back the decision
    before it as well drops it."""
    host = ManualHost()
    ctl = controller(coached(LONG, "classic"), host,
                     remote=Costly(Advice((DRAW,), (), (DRAW,), DRAW)))
    ctl.start()
    ctl.act(DRAW)
    to_my_turn(ctl, host)
    ctl.hint()
    hinted = len(ctl.game.actions)
    assert ctl.meta.hinted == (hinted,)
    ctl.act(DRAW)
    assert ctl.take_back() is None and ctl.meta.hinted == (hinted,)
    assert ctl.hinted is None  # Enter plays the selected card again, not the hint
    assert ctl.take_back() is None and ctl.meta.hinted == ()


def test_a_move_made_before_a_prepared_table_was_continued_cannot_be_taken_back(tmp_path):
    """A prepared table has no deal to replay: after Continue, T says the move was made
    before the table was set up."""
    host = ManualHost()
    with Store.open(tmp_path) as store:
        ctl = controller(coached(LONG, "classic"), host, store=store, remote=Costly())
        ctl.start()
        ctl.act(DRAW)
        host.drawn()
        saved = store.load_game()
    assert saved is not None
    again = controller(Seating.resume(saved), remote=Costly())
    assert again.take_back() == ("That move was made before this table was set up: it "
                                 "cannot be taken back.")


def test_a_rounds_results_wait_for_the_coachs_note_on_its_last_move():
    """The player goes out while the coach still weighs that card: the results wait,
    the status line says why; the note comes, then the results."""
    host = LaterHost()
    ctl = controller(coached("top=R3 | you: R5 | lily: G1 G2 G3", "classic"), host,
                     remote=Costly())
    ctl.start()
    ctl.act(play(parse_card("R5")))
    host.run(1)
    assert ctl.between_rounds and host.rounds_over == []
    assert status(ctl, ctl.view(), "classic", False).endswith(RESULTS_WAIT)
    host.answer(0)
    assert ctl.log[-1].startswith("Coach: Drawing instead of Red 5") and host.rounds_over == []
    # The round is over: the note does not offer what T would refuse.
    assert ctl.note is not None and ctl.note.startswith("Coach: Drawing instead of Red 5")
    assert "take it back" not in ctl.note
    assert ctl.take_back() == "The round is over: its moves can no longer be taken back."
    host.run(0)
    assert host.rounds_over == [False]


def test_when_the_clock_decides_the_players_move_nothing_is_left_to_take_back():
    settings = GameSettings(preset="classic", opponents=1, coach=True,
                            changes={"turn_timer": 30})
    host = ManualHost()
    ctl = controller(Seating.at(position(LONG, settings.rules()), settings), host,
                     remote=Costly())
    ctl.start()
    ctl.act(DRAW)
    to_my_turn(ctl, host)
    assert ctl.take_back_refusal() is None
    host.run(30.1)
    assert "ran out of time" in " ".join(ctl.log[-2:])
    assert ctl.take_back() == "There is no move of yours to take back yet."


def test_a_call_is_no_decision_to_take_back_and_a_forced_move_or_a_catch_is_not_weighed():
    """With the coach on: Last Card called alone leaves nothing to take back yet; a draw
    that is the only move, and a catch out of turn, are marked (T takes them back) but
    never weighed: the coach is asked about decisions with a choice only."""
    remote = Costly()
    ctl = controller(coached("top=R3 | you: R5 B7 | lily: G1 G2 G3", "classic"),
                     remote=remote)
    ctl.start()
    ctl.act(CALL)
    assert ctl.take_back() == "There is no move of yours to take back yet."
    ctl = controller(coached("top=R3 | you: B7 B8 B9 | lily: G1 G2 G3", "classic"),
                     remote=remote)
    ctl.start()
    ctl.act(DRAW)
    assert remote.asked == [] and ctl.take_back_refusal() is None
    ctl = controller(coached("top=R3 | you: R5 B7 | lily: G1 | max: G4 G5 | zoe: B1 B2",
                             "classic", vulnerable=1), remote=remote)
    ctl.start()
    ctl.catch()
    assert remote.asked == [] and ctl.take_back_refusal() is None


def test_a_timer_set_for_the_table_overrides_the_rules():
    """The table may be given its own turn timer (`turn_seconds`): the player's turn
    runs out by it, not by the rules' 30 seconds."""
    settings = GameSettings(preset="classic", opponents=1, changes={"turn_timer": 30})
    host = ManualHost()
    ctl = controller(Seating.at(position("top=R3 | you: R5 B7 | lily: G1 G2", settings.rules()),
                                settings), host, turn_seconds=5)
    ctl.start()
    assert ctl.turn_left() == 5
    host.run(5.01)
    assert not ctl.my_turn and len(ctl.hand()) == 3


def test_a_judgement_pending_at_a_prepared_table_is_not_weighed_again_on_continue(tmp_path):
    """A prepared table has no deal to replay a move from: after Continue, a judgement
    that never came is let go (no note from a position that never was); a save naming
    decisions the game never reached (damaged) weighs nothing either."""
    host = LaterHost()
    with Store.open(tmp_path) as store:
        ctl = controller(coached(LONG, "classic"), host, store=store, remote=Costly())
        ctl.start()
        ctl.act(DRAW)
        to_my_turn(ctl, host)
        ctl.act(DRAW if DRAW in ctl.legal() else PASS)
        host.answer(1)
        assert ctl.save_meta().extra["pending"] == [0]
        host.drawn()
        saved = store.load_game()
    assert saved is not None
    remote = Costly()
    again = controller(Seating.resume(saved), remote=remote)
    again.start()
    assert remote.asked == [] and again.late_notes == []
    moves = len(saved.game.actions)
    damaged = saved.meta.with_(extra={**saved.meta.extra, "pending": [moves, moves + 5]})
    again = controller(Seating(saved.game, damaged, list(saved.log or []), again.hand(),
                               again.rngs), remote=remote)
    again.start()
    assert remote.asked == [] and again.late_notes == []


def test_a_new_deal_left_before_any_move_continues_with_its_first_line_once():
    settings = GameSettings(preset="duel", opponents=1)
    ctl = controller(Seating.new(settings, seed=5))
    assert len(ctl.log) == 1 and ctl.log[0].startswith("Round 1")
    again = controller(Seating(ctl.game, ctl.save_meta(), list(ctl.log), ctl.hand(),
                               ctl.rngs))
    assert again.log == ctl.log


def test_the_coachs_note_on_a_wild_names_the_colour_it_named():
    ctl = controller(coached("top=R3 | you: W B7 B8 | lily: G1 G2 G3", "classic"),
                     remote=Costly())
    ctl.start()
    ctl.act(play(parse_card("W"), Colour.BLUE))
    assert ctl.note is not None
    assert ctl.note.startswith("Coach: Drawing instead of Wild naming Blue ■ — "), ctl.note


def test_the_coach_turned_off_and_on_again_takes_back_only_the_moves_since():
    """Turning the coach off forgets the moves that could be taken back, and the table is
    drawn again; on again, T takes back the moves made since, and no further."""
    host = ManualHost()
    ctl = controller(coached(LONG, "classic"), host, remote=Costly())
    ctl.start()
    ctl.act(DRAW)
    to_my_turn(ctl, host)
    ctl.set_coach(False)
    assert host.told[-1] == Changed() and ctl.take_back_refusal() is not None
    ctl.set_coach(True)
    assert host.told[-1] == Changed()
    for _ in range(2):
        to_my_turn(ctl, host)
        ctl.act(DRAW if DRAW in ctl.legal() else PASS)
    assert ctl.take_back() is None and ctl.take_back() is None
    assert ctl.take_back() is not None


def test_a_save_without_the_judgements_pending_weighs_the_last_move_again(tmp_path):
    """A save written before the judgements still to come were kept (no 'pending'):
    Continue weighs the move T takes back again, its note comes."""
    host = LaterHost()
    with Store.open(tmp_path) as store:
        ctl = controller(dealt(), host, store=store, remote=Costly())
        ctl.start()
        to_my_turn(ctl, host)
        ctl.act(a_card(ctl))
        host.drawn()
        saved = store.load_game()
    assert saved is not None and saved.meta.extra["pending"]
    older = saved.meta.with_(extra={k: v for k, v in saved.meta.extra.items()
                                    if k != "pending"})
    resumed = Seating.resume(saved)
    again = controller(Seating(saved.game, older, resumed.log, resumed.arrangement,
                               resumed.rngs), remote=Costly())
    again.start()
    assert again.note is not None and again.note.endswith(" T: take it back.")


def test_a_match_continued_in_its_second_round_tells_its_story_by_round():
    """The log's rounds come back with the game: the story of a match left in its second
    round is told round by round after Continue, as before."""
    host = ManualHost()
    settings = GameSettings(preset="color-cards", opponents=3, changes={"match": "to:500"})
    seating = Seating.at(position("top=R3 | you: R5 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2",
                                  settings.rules()), settings)
    ctl = controller(seating, host)
    ctl.start()
    ctl.act(play(parse_card("R5")))
    host.run(1)
    ctl.next_round()
    story = ctl.story()
    assert len(story) == 2 and story[1][0] == 2
    again = controller(Seating(ctl.game, ctl.save_meta(), list(ctl.log), ctl.hand(), ctl.rngs))
    assert again.story() == story
