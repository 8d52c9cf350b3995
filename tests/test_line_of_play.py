"""One line of play: whatever the order of moves, take-backs, quitting and Continue, the
coach turned off and on, and rounds ending, the table plays one game. After every T the
whole table is as it was before the move; every position the coach is asked about is
the one the player was in; the save and the kept record hold the actions of the line
actually played, and replaying them gives the game exactly.

The coach here is a stand-in for its process (`Recorder`): it rebuilds each request's
position as the real child does and says a move was costly every other time, so notes
come and go with the take-backs without the cost of real judgements."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from colorcards.coach.remote import Judgement, position
from colorcards.engine import (
    ACCEPT,
    CALL,
    Catch,
    Colour,
    Game,
    NameColour,
    Play,
    action_from_json,
    play,
)
from colorcards.session.controller import HUMAN, GameController
from colorcards.session.seating import Seating
from colorcards.session.table_coach import DECIDE
from colorcards.settings import GameSettings
from colorcards.store import Store
from test_tui_controller import ManualHost
from test_tui_tutor import state


class Recorder:
    """The coach's process as the table sees it: each request's position rebuilt (as the
    child rebuilds it) and kept; every other move said to be costly. The races pondered
    on the player's turns are kept too, and which of them are still wanted."""

    def __init__(self) -> None:
        self.asked: list[Game] = []
        self.pondered: list[Game] = []
        self.wanted: dict[int, dict] = {}
        """The ponderings not yet let go, by their handle."""
        self.judged = 0

    def ask(self, data, stop=None):
        game = position(data)
        self.asked.append(game)
        self.judged += 1
        move = action_from_json(data["made"])
        return Judgement(self.judged % 2 == 1, move, move, 0.4, 0.2)

    def answer(self, asked) -> Judgement | None:
        return asked

    def work(self, job, data, background=False):
        """With the coach off: a decision judged for the game's review alone."""
        assert background and job == DECIDE and data["made"] is not None
        return self.ask(data)

    def follow(self, asked):
        yield {"judgement": asked.as_json()}

    def ponder(self, data):
        assert data["made"] is None
        self.pondered.append(position(data))
        handle = len(self.pondered)
        self.wanted[handle] = data
        return handle

    def cancel(self, handle) -> None:
        self.wanted.pop(handle, None)

    def wake(self) -> None:
        pass


def sit(seating: Seating, store: Store, coach: Recorder) -> tuple[GameController, ManualHost]:
    host = ManualHost()
    ctl = GameController(seating, host, listen=host.hear, store=store, delay=0.5,
                         remote=coach)  # type: ignore[arg-type]  (it speaks the protocol)
    ctl.start()
    return ctl, host


def any_move(ctl: GameController, rng: random.Random):
    """Any of the player's legal actions (a Wild with a colour chosen), or None."""
    legal = list(ctl.legal())
    if not legal:
        return None
    action = rng.choice(legal)
    if isinstance(action, Play) and action.card.is_wild and action.colour is None:
        action = play(action.card, rng.choice(list(Colour)))
    return action


def plain_move(ctl: GameController):
    """A plain player's move, to finish the match: call, catch, play, else draw or pass."""
    legal = ctl.legal()
    if not legal:
        return None
    if CALL in legal and len(ctl.hand()) == 2:
        return CALL
    for action in legal:
        if isinstance(action, Catch | NameColour):
            return action
    for action in legal:
        if isinstance(action, Play):
            return action if action.colour is not None or not action.card.is_wild \
                else play(action.card, Colour.RED)
    return ACCEPT if ACCEPT in legal else legal[0]


class Table:
    """A table played through the controller, with the checks made after every step."""

    def __init__(self, tmp: Path, settings: GameSettings, seed: int) -> None:
        self.tmp = tmp
        self.store = Store.open(tmp)
        self.coach = Recorder()
        self.ctl, self.host = sit(Seating.new(settings, seed=seed), self.store, self.coach)
        self.line = list(self.ctl.game.actions)
        """The actions of the line as last seen: the game may only extend it (or, after
        a take-back, go back to a prefix of it)."""
        self.before: dict[int, str] = {}
        """The whole table before each of the player's moves, by the actions before it."""
        self.positions: dict[int, str] = {}
        """The game before each of the player's moves, as the coach must rebuild it."""
        self.checked = 0

    # ------------------------------------------------------------------ the moves

    def move(self, action, final: bool = False) -> None:
        """The player's move, with the table and the position before it kept for the
        checks (the game written out once for both; a `final` move, on the way to the
        end with no take-back to come, keeps only the position)."""
        ctl = self.ctl
        at = len(ctl.game.actions)
        game = ctl.game.to_json()
        if not final:
            self.before[at] = state(ctl, game)
        self.positions[at] = json.dumps(game)
        ctl.act(action)
        self.seen()

    def take_back(self) -> None:
        ctl = self.ctl
        mark = ctl.mark
        now = state(ctl)
        why = ctl.take_back()
        if why is not None:
            assert state(ctl) == now, "a refused take-back changed the table"
            return
        assert mark is not None
        assert state(ctl) == self.before[mark.at], "T did not restore the table exactly"
        self.line = self.line[:mark.at]
        for at in [a for a in self.before if a >= mark.at]:
            del self.before[at]
            self.positions.pop(at, None)
        self.seen()

    def wait(self, seconds: float) -> None:
        if self.ctl.between_rounds and not self.ctl.finished:
            self.host.run(1)
            self.ctl.next_round()
        else:
            self.host.run(seconds)
        self.seen()

    def drawn(self) -> None:
        self.host.drawn()
        self.seen()

    def arrange(self, rng: random.Random) -> None:
        hand = self.ctl.hand()
        if len(hand) > 1:
            if rng.random() < 0.5:
                self.ctl.sort_hand()
            else:
                self.ctl.move_card(rng.randrange(len(hand)), rng.choice((-1, 1)))
        self.seen()

    def toggle_coach(self) -> None:
        self.ctl.set_coach(not self.ctl.settings.coach)
        self.seen()

    def quit_and_continue(self) -> None:
        """Quit (the save written, the store closed) and Continue in a new store."""
        ctl = self.ctl
        ctl.stop()
        self.host.drawn()
        finished = ctl.finished
        self.store.close()
        self.store = Store.open(self.tmp)
        if finished:
            assert self.store.load_game() is None
            return
        saved = self.store.load_game()
        assert saved is not None, f"nothing to continue: {self.store.problems}"
        assert saved.game.actions == ctl.game.actions, "the save holds another line"
        self.ctl, self.host = sit(Seating.resume(saved), self.store, self.coach)
        self.seen()

    # ------------------------------------------------------------------ the checks

    def seen(self) -> None:
        """The game extends the line; every request rebuilt the player's position; a
        note is about a move on the line."""
        actions = self.ctl.game.actions
        assert actions[:len(self.line)] == self.line, "the game left its line of play"
        self.line = list(actions)
        for game in self.coach.asked:
            at = len(game.actions)
            assert json.dumps(game.to_json()) == self.positions[at], \
                "the coach was asked about a position the player was not in"
            self.checked += 1
        self.coach.asked.clear()
        wanted = list(self.coach.wanted.values())
        assert len(wanted) <= 1, "the coach ponders two positions at once"
        for data in wanted:
            assert json.dumps(position(data).to_json()) == json.dumps(self.ctl.game.to_json()), \
                "the coach ponders a position that is gone"
        ctl = self.ctl
        if ctl.note is not None:
            assert ctl.mark is not None and ctl.mark.at < len(actions)

    def finish(self) -> None:
        """Play the match out plainly; then the record is the line, and replays to it."""
        ctl = self.ctl
        for _ in range(20000):
            if ctl.finished:
                break
            if ctl.between_rounds:
                self.wait(1)
                continue
            action = plain_move(ctl) if (ctl.my_turn or ctl.view().vulnerable is not None) \
                else None
            if action is not None and action in ctl.legal():
                self.move(action, final=True)
            else:
                self.wait(ctl.delay)
        assert ctl.finished and ctl.record is not None
        game = ctl.game
        kept = self.store.kept_game(ctl.record.game_id)
        assert list(kept.actions) == self.line == game.actions, "the record is spliced"
        replayed = Game.replay(kept.rules, kept.seats, kept.seed, kept.actions)
        assert replayed.to_json() == game.to_json()
        for at, codes in kept.arranged:  # the hand's order: of the hand held then
            held = Game.replay(kept.rules, kept.seats, kept.seed, kept.actions[:at])
            assert sorted(codes) == sorted(c.code for c in held.hands[HUMAN])
        self.store.close()


SETTINGS = [
    GameSettings(preset="color-cards", opponents=3, difficulty="easy", coach=True),
    GameSettings(preset="duel", opponents=1, difficulty="normal", coach=True,
                 changes={"match": "rounds:3"}),
    GameSettings(preset="classic", opponents=2, difficulty="easy", coach=True,
                 changes={"match": "rounds:3"}),
    GameSettings(preset="party", opponents=3, difficulty="normal", coach=True),
    GameSettings(preset="family-night", opponents=2, difficulty="hard", coach=True,
                 changes={"match": "rounds:3"}),
]

OPS = ("move", "move", "move", "move", "wait", "wait", "drawn", "take back", "take back",
       "quit", "coach", "arrange")


@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data(), which=st.integers(0, len(SETTINGS) - 1), seed=st.integers(0, 10**6))
def test_random_interleavings_keep_one_line_of_play(tmp_path_factory, data, which, seed):
    table = Table(tmp_path_factory.mktemp("line"), SETTINGS[which], seed)
    rng = random.Random(seed)
    for _ in range(data.draw(st.integers(10, 120), label="steps")):
        if table.ctl.finished:
            break
        op = data.draw(st.sampled_from(OPS))
        if op == "move":
            action = any_move(table.ctl, rng)
            if action is None:
                table.wait(table.ctl.delay)
            else:
                table.move(action)
        elif op == "wait":
            table.wait(data.draw(st.sampled_from((0.5, 1.0, 3.0))))
        elif op == "drawn":
            table.drawn()
        elif op == "take back":
            table.take_back()
        elif op == "quit":
            table.quit_and_continue()
        elif op == "coach":
            table.toggle_coach()
        else:
            table.arrange(rng)
    if not table.ctl.finished:
        table.finish()


def _reach_my_turn(table: Table) -> None:
    for _ in range(500):
        ctl = table.ctl
        if ctl.my_turn and not ctl.busy and ctl.legal():
            return
        table.wait(ctl.delay)
    raise AssertionError("the player's turn never came")


@pytest.mark.parametrize("seed", [77, 5, 123])
def test_take_back_after_continue_then_another_line(tmp_path, seed):
    """The path that forked the game: a move, quit, Continue, T, a different move, play
    on past where the table sat down, another move, T; then quit, Continue, to the end."""
    settings = GameSettings(preset="color-cards", opponents=3, difficulty="normal",
                            coach=True)
    table = Table(tmp_path, settings, seed)
    _reach_my_turn(table)
    first = plain_move(table.ctl)
    table.move(first)
    _reach_my_turn(table)
    table.quit_and_continue()
    sat_down = len(table.ctl.game.actions)
    table.take_back()
    assert table.ctl.mark is None  # taken back
    other = next(a for a in table.ctl.legal() if a != first)
    table.move(other)
    while len(table.ctl.game.actions) <= sat_down + 4 and not table.ctl.between_rounds:
        _reach_my_turn(table)
        table.move(plain_move(table.ctl))
    _reach_my_turn(table)
    at = len(table.ctl.game.actions)
    table.move(plain_move(table.ctl))
    table.take_back()
    assert table.ctl.mark is None or table.ctl.mark.at < at  # the move before may go next
    table.quit_and_continue()
    table.finish()
    assert table.checked > 0  # the coach was asked, and every request was checked
