"""The table's controller on its own, without Textual: a clock kept by hand.

`ManualHost` is the `Clock` the controller is given and the listener of its messages:
timers ring when the test moves its clock on, work (the computers' thinking, the coach's
answers) is done at once, and what the table says is kept. Whole matches play in a
fraction of a second this way.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field

import pytest

from colorcards.coach import Advice
from colorcards.engine import (
    ACCEPT,
    CALL,
    CHALLENGE,
    DRAW,
    PASS,
    Catch,
    Colour,
    Game,
    IllegalAction,
    NameColour,
    Play,
    Swap,
    get_preset,
    parse_cards,
    play,
)
from colorcards.engine import events as E
from colorcards.session.autosave import SAVE_DELAY
from colorcards.session.clocks import THINKING
from colorcards.session.controller import HUMAN, LOG_KEEP, GameController
from colorcards.session.hand_order import kept_order, move, sort_again
from colorcards.session.messages import (
    Changed,
    ColourAsked,
    Hinted,
    RoundOver,
    SwapAsked,
    TableMessage,
)
from colorcards.session.meta import TableMeta
from colorcards.session.seating import Seating
from colorcards.session.wording import Words, ascii_text
from colorcards.settings import GameSettings
from colorcards.store import Store
from engine_helpers import position

# ---------------------------------------------------------------- a host that keeps time by hand


@dataclass(eq=False)
class ManualTimer:
    due: float
    callback: object
    stopped: bool = False

    def stop(self) -> None:
        self.stopped = True


@dataclass
class ManualHost:
    """The table's clock and listener: timers ring when `run` moves the clock on; work is
    done at once (`think` the computers', `weigh` the coach's answers: a test holds
    either by overriding it); everything the table says is kept."""

    time: float = 0.0
    timers: list[ManualTimer] = field(default_factory=list)
    redraws: int = 0
    rounds_over: list[bool] = field(default_factory=list)
    colours_asked: int = 0
    swaps_asked: int = 0
    told: list[TableMessage] = field(default_factory=list)

    def now(self) -> float:
        return self.time

    def schedule(self, seconds, callback):
        timer = ManualTimer(self.time + seconds, callback)
        self.timers.append(timer)
        return timer

    def work(self, task, done, group=THINKING) -> None:
        if group == THINKING:
            self.think(task, done)
        else:
            self.weigh(task, done)

    def think(self, decide, done) -> None:
        done(decide())

    def weigh(self, judge, done) -> None:
        done(judge())

    def hear(self, message: TableMessage) -> None:
        self.told.append(message)
        if isinstance(message, Changed):
            self.changed()
        elif isinstance(message, RoundOver):
            self.rounds_over.append(message.match)
        elif isinstance(message, ColourAsked):
            self.colours_asked += 1
        elif isinstance(message, SwapAsked):
            self.swaps_asked += 1

    def changed(self) -> None:
        self.redraws += 1

    def drawn(self) -> None:
        """The frame is on screen: the waiting saves are written (`SAVE_DELAY` on)."""
        self.run(SAVE_DELAY)

    def run(self, seconds: float = 0.0) -> None:
        """Move the clock on `seconds`, firing every timer that falls due, in order."""
        until = self.time + seconds
        while True:
            due = sorted((t for t in self.timers if not t.stopped and t.due <= until),
                         key=lambda t: t.due)
            if not due:
                break
            timer = due[0]
            self.timers.remove(timer)
            self.time = max(self.time, timer.due)
            timer.callback()
        self.time = until


def controller(seating: Seating, host: ManualHost | None = None, **kwargs) -> GameController:
    host = host or ManualHost()
    kwargs.setdefault("delay", 0.5)
    return GameController(seating, host, listen=host.hear, **kwargs)


def prepared(literal: str, preset: str = "color-cards", rules=None, **kwargs) -> Seating:
    game = position(literal, rules or preset, **kwargs)
    settings = GameSettings(preset=preset, opponents=game.seats - 1)
    return Seating.at(game, settings)


def human_move(ctl: GameController):
    """A plain player: call with two cards, catch, play the first card, else draw or pass."""
    legal = ctl.legal()
    if CALL in legal and (len(ctl.hand()) == 2 or ctl.view().vulnerable == HUMAN):
        return CALL
    catches = [a for a in legal if isinstance(a, Catch)]
    if catches:
        return catches[0]
    if ctl.view().phase == "name-colour":
        return NameColour(Colour.RED)
    swaps = [a for a in legal if isinstance(a, Swap)]
    if swaps:
        return swaps[0]
    plays = [a for a in legal if isinstance(a, Play)]
    if plays:
        return plays[0] if plays[0].colour is not None or not plays[0].card.is_wild \
            else play(plays[0].card, Colour.RED)
    for action in (ACCEPT, DRAW, PASS, CHALLENGE):
        if action in legal:
            return action
    return None


def play_match(ctl: GameController, host: ManualHost, limit: int = 20000) -> None:
    """Play the match to its end: the human by `human_move`, the rest by the host's clock."""
    ctl.start()
    for _ in range(limit):
        if ctl.game.is_over:
            host.run(1)
            return
        if ctl.between_rounds:
            host.run(1)
            ctl.next_round()
            continue
        action = human_move(ctl) if (ctl.my_turn or ctl.view().vulnerable is not None) else None
        if action is not None and action in ctl.legal():
            ctl.act(action)
        else:
            host.run(ctl.delay)
        host.drawn()
    raise AssertionError("the match did not end")


# ---------------------------------------------------------------- the loop and the clocks


def test_a_whole_classic_match_to_500_ends_with_its_story_whole():
    """Classic to 500, the controller alone: every round is in the story, the last line
    says who won, and the counts of lines logged and kept agree."""
    settings = GameSettings(preset="classic", opponents=3)
    host = ManualHost()
    ctl = controller(Seating.new(settings, seed=11), host)
    play_match(ctl, host)
    assert ctl.game.is_over and host.rounds_over[-1] is True
    assert ctl.log[-1].endswith(("win!", "wins!", "share the win!"))
    story = ctl.story()
    assert [number for number, _ in story] == list(range(1, ctl.game.round + 1))
    assert story[0][1][0].startswith("Round 1:")
    assert sum(len(lines) for _, lines in story) == len(ctl.log) == min(ctl.logged, LOG_KEEP)
    assert max(ctl.game.scores) >= 500


def test_the_turn_timer_runs_out_by_the_clock():
    """The rules' turn timer draws a card for the player when it runs out, and not before."""
    seating = prepared("top=R3 | you: R5 B7 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2",
                       rules=get_preset("color-cards").rules(turn_timer=30))
    host = ManualHost()
    ctl = controller(seating, host)
    ctl.start()
    assert ctl.turn_left() == 30
    host.run(29.5)
    assert len(ctl.hand()) == 2 and ctl.my_turn
    host.run(0.6)
    assert len(ctl.hand()) == 3 and not ctl.my_turn
    assert ctl.log[-1] == "You ran out of time and drew a card: " + \
        ctl.words.card(ctl.hand()[-1]) + "."


def test_a_pause_holds_the_turn_timer_and_the_computers():
    """Paused, no clock runs and no computer moves; resumed, the timer goes on where it was."""
    seating = prepared("top=R3 | you: R5 B7 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2",
                       rules=get_preset("color-cards").rules(turn_timer=30))
    host = ManualHost()
    ctl = controller(seating, host)
    ctl.start()
    host.run(10)
    ctl.pause()
    host.run(100)
    assert ctl.my_turn and len(ctl.hand()) == 2 and ctl.turn_left() is None
    ctl.resume_play()
    assert ctl.turn_left() == pytest.approx(20)
    ctl.act(play(next(c for c in ctl.hand() if c.code == "R5")))
    ctl.pause()
    moves = ctl.moves
    host.run(100)
    assert ctl.moves == moves  # Lily waits
    ctl.resume_play()
    host.run(ctl.delay * 2 + 0.01)  # Lily draws, then keeps it after her next pause
    assert ctl.moves > moves and ctl.log[-1].startswith("Lily drew a card")


def test_a_missed_call_is_caught_after_the_grace_time():
    """Party: forget Last Card and the computers wait `grace` before they catch you."""
    seating = prepared("top=R3 | you: R5 R6 | lily: Y1 Y2 Y3 | max: G4 G5 | zoe: B1 B2",
                       "party")
    host = ManualHost()
    ctl = controller(seating, host, delay=0.5)
    ctl.start()
    ctl.act(play(ctl.hand()[0]))
    assert ctl.view().vulnerable == HUMAN
    host.run(ctl.grace - 0.1)
    assert ctl.view().vulnerable == HUMAN  # still time to press L
    ctl.act(CALL)
    assert ctl.view().vulnerable is None and ctl.log[-1] == "You called Last Card!"


def test_a_wild_first_card_asks_the_player_for_a_colour():
    """A Wild turned up on the player's turn: the host is asked for a colour once."""
    seating = prepared("top=W | you: R5 B7 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2",
                       phase="name-colour")
    host = ManualHost()
    ctl = controller(seating, host)
    ctl.start()
    host.run(0)
    assert host.colours_asked == 1
    ctl.act(NameColour(Colour.BLUE))
    assert ctl.view().active_colour is Colour.BLUE


def test_the_table_reads_refusals_through_the_controller():
    """Why a card cannot be played comes from the controller, Wilds included."""
    seating = prepared("top=R3 | you: B7 W+4 R5 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2")
    ctl = controller(seating)
    cards = {c.code: c for c in ctl.hand()}
    assert ctl.card_refusal(cards["R5"]) is None
    assert "does not match" in ctl.card_refusal(cards["B7"])
    assert ctl.card_refusal(cards["W+4"])  # a red card is held: the Draw Four may not go
    with pytest.raises(IllegalAction, match="draw"):  # why, in words: nothing drawn yet
        ctl.act(PASS)


def test_digest_groups_each_players_moves_since_yours():
    """Since the player's own move, each computer's moves are one group in the digest."""
    seating = prepared("top=R3 | you: R5 B7 G2 | lily: Y1 Y3 | max: G4 G5 | zoe: B1 B2 | "
                       "pile: G9 Y8 B9 ...")
    host = ManualHost()
    ctl = controller(seating, host)
    ctl.start()
    ctl.act(play(next(c for c in ctl.hand() if c.code == "R5")))
    host.run(ctl.delay * 12)
    assert ctl.my_turn
    digest = ctl.digest()
    assert digest.startswith("Since your turn: Lily ")
    assert len(ctl.since_mine()) >= 3
    assert "You" not in digest.split(": ", 1)[1]


# ---------------------------------------------------------------- saving and resuming


def test_meta_round_trips_through_json():
    """TableMeta writes JSON and reads it back equal, unknown keys kept."""
    settings = GameSettings(preset="classic", opponents=2, speed="fast")
    meta = TableMeta(game_id="g1", preset="classic", difficulty="hard",
                     names=("You", "Lily", "Max"), started_at="2026-12-01T10:00:00+00:00",
                     settings=settings, rngs=(None, [3, [1, 2], None]), hand=("R5", "W"),
                     rounds=(0, 12), extra={"replay": {"kept": True}})
    data = json.loads(json.dumps(meta.as_json()))
    assert TableMeta.from_json(data, 3) == meta
    assert data["replay"] == {"kept": True}


def test_a_save_written_before_table_meta_resumes_exactly(tmp_path):
    """A save whose meta has only the keys the controller wrote before TableMeta (no
    'rounds') resumes: the same hand order, and the computers decide as they would have."""
    settings = GameSettings(preset="classic", opponents=3)
    host = ManualHost()
    reference = controller(Seating.new(settings, seed=5), host)
    reference.start()
    for _ in range(12):
        action = human_move(reference) if reference.my_turn else None
        if action is not None:
            reference.act(action)
        else:
            host.run(reference.delay)
    old_meta = reference.save_meta().as_json()
    del old_meta["rounds"]
    assert set(old_meta) == {"game_id", "preset", "difficulty", "names", "started_at",
                             "settings", "rngs", "hand"}
    with Store.open(tmp_path) as store:
        store.save_game(reference.game, reference.save_meta(), list(reference.log))
        with sqlite3.connect(store.path) as db:  # the store writes TableMeta's JSON: age it
            db.execute("UPDATE save SET meta = ?", (json.dumps(old_meta),))
    with Store.open(tmp_path) as store:
        saved = store.load_game()
    assert saved is not None
    host_b = ManualHost()
    resumed = controller(Seating.resume(saved), host_b)
    assert resumed.game.dumps() == reference.game.dumps()
    assert resumed.hand() == reference.hand() and resumed.log == reference.log
    for ctl, clock in ((reference, host), (resumed, host_b)):
        ctl.start()
        for _ in range(8):
            action = human_move(ctl) if ctl.my_turn else None
            if action is not None:
                ctl.act(action)
            else:
                clock.run(ctl.delay)
    assert [a for _, a in resumed.game.actions] == [a for _, a in reference.game.actions]


# ---------------------------------------------------------------- hand order


def test_hand_order_keeps_the_players_order_and_adds_new_cards_right():
    r5, b7, g2 = parse_cards("R5 B7 G2")
    assert kept_order([g2, r5, b7], [r5, b7, g2, r5]) == [g2, r5, b7, r5]
    assert kept_order([g2, r5, b7, r5], [b7, r5]) == [r5, b7]
    assert move([r5, b7, g2], 0, 1) == ([b7, r5, g2], 1)
    assert move([r5, b7, g2], 0, -1) == ([r5, b7, g2], 0)
    by_colour, how = sort_again([g2, b7, r5])
    assert [c.code for c in by_colour] == ["R5", "B7", "G2"] and how == "colour"
    by_number, how = sort_again(by_colour)
    assert [c.code for c in by_number] == ["G2", "R5", "B7"] and how == "number"


def test_the_order_the_player_gives_the_hand_is_kept_for_the_replay():
    """Sorting or moving cards records the moment and the order (a second change before
    the next action replaces the first), and the save carries it."""
    from colorcards.session.meta import TableMeta

    ctl = controller(prepared("top=R3 | you: B7 R5 G2 Y9 | lily: Y1 Y2 | zoe: G4 G5 | max: B1 B2"))
    assert ctl.meta.arranged == ()
    ctl.sort_hand()
    at = len(ctl.game.actions)
    assert ctl.meta.arranged == ((at, tuple(c.code for c in ctl.hand())),)
    ctl.move_card(0, 1)
    assert ctl.meta.arranged == ((at, tuple(c.code for c in ctl.hand())),)
    ctl.act(play(parse_cards("R5")[0]))
    ctl.move_card(0, 1)
    assert [a for a, _ in ctl.meta.arranged] == [at, len(ctl.game.actions)]
    saved = ctl.save_meta().as_json()
    assert TableMeta.from_json(saved, ctl.game.seats).arranged == ctl.meta.arranged


def test_the_order_the_player_gives_the_hand_reaches_the_store(tmp_path):
    """Sorting the hand or moving a card is a change like a move: once drawn it is in the
    store though nothing was played, and Continue deals the hand back in that order."""
    with Store.open(tmp_path) as store:
        host = ManualHost()
        ctl = controller(prepared("top=R3 | you: B7 R5 G2 Y9 | lily: Y1 Y2 | zoe: G4 G5"),
                         host, store=store)
        ctl.start()
        host.drawn()
        orders = []
        for change in (ctl.sort_hand, lambda: ctl.move_card(0, 1), ctl.sort_hand):
            change()
            host.drawn()
            orders.append(tuple(c.code for c in ctl.hand()))
            saved = store.load_game()
            assert saved is not None and saved.meta.hand == orders[-1]
        assert len(set(orders)) == 3
        ctl.stop()
    with Store.open(tmp_path) as store:
        saved = store.load_game()
    assert saved is not None
    resumed = controller(Seating.resume(saved))
    assert tuple(c.code for c in resumed.hand()) == orders[-1]


def test_the_card_under_the_cursor_is_saved_and_put_back_on_continue(tmp_path):
    """Moving the cursor is saved with the game (nothing else changed), and Continue puts
    the cursor back on that card; off every card, nothing is kept."""
    with Store.open(tmp_path) as store:
        host = ManualHost()
        ctl = controller(prepared("top=R3 | you: B7 R5 G2 Y9 | lily: Y1 Y2 | zoe: G4 G5"),
                         host, store=store)
        ctl.start()
        host.drawn()
        ctl.select(ctl.hand()[2])
        host.drawn()
        assert store.load_game().meta.extra["selected"] == ctl.hand()[2].code
        resumed = controller(Seating.resume(store.load_game()))
        assert resumed.selected == ctl.hand()[2].code
        ctl.select(None)
        host.drawn()
        assert "selected" not in store.load_game().meta.extra
        ctl.stop()


# ---------------------------------------------------------------- wording


def _line(game: Game, action, seat, names=("You", "Lily", "Max", "Zoe"), palette="classic"):
    return Words(names, palette).line(game.apply(action, seat))


@pytest.mark.parametrize("literal, seat, action, kwargs, expected", [
    ("top=R3 | you: RS B7 B8 | lily: Y1 Y2 | max: G4 | zoe: B1", 0, "RS", {},
     "You played Red Skip — Lily misses a turn."),
    ("top=R3 | you: B7 G2 | lily: Y1 | max: G4 | zoe: RS Y2 Y3", 3, "RS", {"current": 3},
     "Zoe played Red Skip — you miss a turn."),
])
def test_words_say_you_for_the_player(literal, seat, action, kwargs, expected):
    """'You miss a turn' and 'Lily misses a turn', never 'You misses'."""
    game = position(literal, **kwargs)
    card = next(c for c in game.hands[seat] if c.code == action)
    assert _line(game, play(card), seat) == expected


def test_a_bluff_is_worded_for_you_and_for_them():
    """'you were bluffing and draw 4' for the player; 'Zoe was bluffing and draws 4'."""
    rules = get_preset("classic").rules(draw_four="challenge")
    game = position("top=W+4 colour=blue | you: B3 G5 | lily: Y1 Y2 | max: G4 G5 | zoe: R1 R2",
                    rules, phase="challenge", challenge_from=3, challenge_bluff=True)
    assert _line(game, CHALLENGE, 0) == "You challenged: Zoe was bluffing and draws 4."
    game = position("top=W+4 colour=blue | you: R1 R2 | lily: Y1 Y2 | max: G4 G5 | zoe: B3",
                    rules, phase="challenge", challenge_from=0, challenge_bluff=True, current=1)
    assert _line(game, CHALLENGE, 1).startswith("Lily challenged: you were bluffing and draw 4: ")


def test_a_missed_call_is_said_once():
    """Playing down to one without the call under auto-penalty: one sentence for both."""
    game = position("top=R3 | you: R5 R6 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2 | "
                    "pile: B9 G8 ...")
    card = next(c for c in game.hands[0] if c.code == "R5")
    line = _line(game, play(card), 0)
    assert line == ("You played Red 5 — you did not call Last Card and draw 2 cards: "
                    "Blue 9, Green 8.")


def test_the_round_end_speaks_to_you_in_lower_case_mid_sentence():
    game = position("top=R3 | you: R5 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2", called=[True,
                    False, False, False])
    line = _line(game, play(game.hands[0][0]), 0)
    assert "You played Red 5 — you went out and win the round!" in line
    assert "you score" in line and "You score" not in line and "scores" not in line.split(
        "you score")[0][-10:]


def test_gems_palette_names_and_ascii_text():
    """The palette's colour names in the log; ascii_text leaves nothing beyond ASCII."""
    game = position("top=R3 | you: R5 B7 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2")
    line = _line(game, play(game.hands[0][0]), 0, palette="gems")
    assert line.startswith("You played Ruby 5")
    text = ascii_text("Lily played Wild and named Red ● — +4 is coming to you… · ■ ▲ ◆ ✦ —")
    assert text.isascii() and "o" in text and "#" in text and "^" in text


def test_short_words_name_who_drew_when_it_is_not_the_one_who_played():
    """A Wild Draw Four in a digest: the player who drew is named, not the one who played."""
    wild = parse_cards("W+4")[0]
    events = [E.Played(3, wild, Colour.GREEN), E.Drew(0, 4, "penalty"), E.Skipped(0)]
    words = Words(("You", "Lily", "Max", "Zoe"))
    assert words.short(events, 3) == "✦ Wild Draw Four → Green ◆, you draw 4, you miss a turn"
    assert words.line(events) == ("Zoe played Wild Draw Four and named Green ◆ — you drew "
                                  "4 cards — you miss a turn.")


def test_a_drawn_card_that_cannot_be_played_passes_at_once_even_with_two_cards():
    """Two cards, nothing matches, the drawn card does not either: the player passes at
    once (Last Card could still be called, but there is nothing to play down to one)."""
    seating = prepared("top=YR | you: R5 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2 | "
                       "pile: G7 ...", "classic")
    host = ManualHost()
    ctl = controller(seating, host)
    ctl.start()
    ctl.act(DRAW)
    assert not ctl.my_turn and len(ctl.hand()) == 2
    assert ctl.log[-1] == "You drew Green 7 and passed."


@pytest.mark.parametrize("pile, line", [
    ("G9", "Lily drew a card and passed."),
    ("R9", "Lily drew a card and played Red 9."),
])
def test_a_computers_draw_is_shown_after_its_pause_with_its_move(pile, line):
    """Whether or not the drawn card fits, the table shows the draw only one pause after
    it was decided, in one line with what became of the card."""
    seating = prepared(f"top=R3 | you: R5 B7 B8 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2 | "
                       f"pile: {pile} ...")
    host = ManualHost()
    ctl = controller(seating, host, delay=0.5)
    ctl.start()
    ctl.act(play(next(c for c in ctl.hand() if c.code == "R5")))
    logged, redraws = ctl.logged, host.redraws
    host.run(0.5)  # Lily's pause: she draws
    assert len(ctl.game.hands[1]) == 3 and host.redraws == redraws  # nothing shown yet
    host.run(0.49)
    assert host.redraws == redraws and ctl.logged in (logged, logged + 1)
    host.run(0.02)
    assert ctl.log[-1] == line and ctl.logged == logged + 1 and host.redraws == redraws + 1


class Keeper:
    """A computer that draws whenever it may and keeps what it drew."""

    def choose(self, view, legal, rng):
        return DRAW if DRAW in legal else PASS if PASS in legal else legal[0]


class WatchedHost(ManualHost):
    """Notes, at each redraw, the time and what the player's screen would show."""

    def __init__(self) -> None:
        super().__init__()
        self.ctl: GameController | None = None
        self.shown: list = []

    def changed(self) -> None:
        super().changed()
        ctl = self.ctl
        if ctl is not None:
            view = ctl.view()
            self.shown.append((round(self.time, 6), ctl.log[-1:], view.current, view.phase,
                               tuple(view.hand_counts)))


def test_a_computers_kept_card_takes_the_same_time_playable_or_not():
    """A computer that keeps a card it could have played (two decisions: draw, then keep)
    and one that keeps a card it could not (one step) give the player the same screens at
    the same times, and the next seat moves at the same moment."""
    timelines = []
    for pile in ("R9", "G9"):  # Red 9 fits Red 3, Green 9 does not
        seating = prepared(f"top=R3 | you: R5 B7 B8 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2 "
                           f"| pile: {pile} G7 G8 ...")
        host = WatchedHost()
        ctl = controller(seating, host, delay=0.5)
        host.ctl = ctl
        ctl.players[1] = Keeper()
        ctl.start()
        ctl.act(play(next(c for c in ctl.hand() if c.code == "R5")))
        host.shown.clear()
        host.run(2.1)
        timelines.append(host.shown)
    kept_playable, kept_unplayable = timelines
    assert kept_playable == kept_unplayable
    # Lily's draw shows one pause after she drew (at 0.5 s); Max moves a pause later.
    assert [(t, line, current) for t, line, current, *_ in kept_playable] == [
        (1.0, ["Lily drew a card and passed."], 2), (1.5, ["Max called Last Card!"], 2),
        (2.0, ["Max played Green 5."], 3)]


def test_the_story_of_an_older_save_without_round_headings_is_told_as_earlier():
    """A save from before round headings were kept: its lines come under 'Earlier'
    (round 0) once the match is past round 1, and under round 1 while it is in it."""
    seating = prepared("top=R3 | you: R5 B7 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2",
                       round=3)
    seating.log[:] = ["Round 1: Lily dealt seven cards each.", "Max played Red 9."]
    ctl = controller(seating)
    assert ctl.story() == [(0, ["Round 1: Lily dealt seven cards each.", "Max played Red 9."])]
    ctl.log.append("Round 3: Max dealt seven cards each.")
    ctl.rounds.append(2)
    assert [number for number, _ in ctl.story()] == [0, 3]


def test_every_engine_event_has_the_tables_own_words():
    """A new kind of event in the engine needs its sentence here (else the engine's
    third-person words would say 'You misses')."""
    words = Words(("You", "Lily"))
    assert [kind for kind in E.EVENT_TYPES.values() if not words.knows(kind)] == []


@pytest.mark.parametrize("literal, kwargs, said", [
    ("top=R3 | you: B7 G2 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2", {},
     "Your turn: nothing matches ● Red or 3 — press D to draw."),
    ("top=R3 | you: R5 G2 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2", {},
     "Two cards left: press L to call Last Card, then play ● Red or 3."),
    ("top=R+2 | you: B7 G2 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2", {"pending": 2},
     "You must draw 2: nothing you hold can pass them on — press D to draw them."),
    # Issue 40: a Wild Draw Four held where the rule bars it, and a Draw Two on a Wild
    # Draw Four: the prompt says why, as the engine decides it
    ("top=W+4 colour=red | you: W+4 R7 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2",
     {"pending": 4}, "You must draw 4: a Wild Draw Four may not be played while you hold a "
     "red card — press D to draw them."),
    ("top=W+4 colour=red | you: R+2 B7 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2",
     {"pending": 4}, "You must draw 4: a Draw Two cannot answer a Wild Draw Four — press D "
     "to draw them."),
    # Issue 30, item 2: no 'stack a draw card'; the cards that pass it on, by name
    ("top=R+2 | you: B+2 W+4 G2 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2", {"pending": 2},
     "You must draw 2: pass them on with a Draw Two or a Wild Draw Four, or D draws them."),
    # Issue 30, item 7: only Wilds fit, and the prompt says so
    ("top=R3 | you: W W | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2", {},
     "Two cards left: press L to call Last Card, then play a Wild."),
    ("top=R3 | you: R5 B7 W | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2", {},
     "Your turn: play ● Red or 3, or a Wild."),
    ("top=R3 | you: R5 B7 G1 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2", {},
     "Your turn: play ● Red or 3."),
    ("top=R3 | you: R5 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2",
     {"vulnerable": 0, "current": 1},
     "You did not call Last Card: press L now — until someone catches you, you still can."),
])
def test_the_prompt_says_what_the_player_can_do(literal, kwargs, said):
    """Two cards and nothing to play says 'press D', never 'call Last Card, then play'."""
    from colorcards.session.prompts import prompt

    ctl = controller(prepared(literal, **kwargs))
    assert prompt(ctl, ctl.view(), "classic", False) == said


def test_the_window_clock_says_a_late_call_can_be_caught():
    """The Last Card window is said as it is: a call now, and you can still be caught."""
    from colorcards.session.prompts import clock_text

    seating = prepared("top=R3 | you: R5 R6 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2", "classic")
    host = ManualHost()
    ctl = controller(seating, host, window_seconds=3)
    ctl.start()
    ctl.act(play(ctl.hand()[0]))
    assert ctl.view().phase == "window"
    assert clock_text(ctl, ctl.view(), False) == "L: call now - you can be caught · 3 s"


def test_a_computer_moves_one_pause_after_the_last_move_however_long_it_thinks():
    """Thinking runs during the pause: a move that took 0.3 s to think still comes at 0.5 s,
    so the time a computer takes says nothing about what it held."""

    class SlowThinker(ManualHost):
        def think(self, decide, done) -> None:
            result = decide()
            self.time += 0.3  # the thread took this long
            done(result)

    seating = prepared("top=R3 | you: R5 B7 B8 | lily: R1 Y2 Y3 | max: G4 G5 | zoe: B1 B2")
    host = SlowThinker()
    ctl = controller(seating, host, delay=0.5)
    ctl.start()
    ctl.act(play(next(c for c in ctl.hand() if c.code == "R5")))
    moves = ctl.moves
    assert host.time == pytest.approx(0.3)  # Lily thought at once, taking 0.3 s
    host.run(0.15)
    assert ctl.moves == moves  # 0.45 s after the player's move: not yet
    host.run(0.06)
    assert ctl.moves == moves + 1 and ctl.log[-1] == "Lily played Red 1."


def test_the_digest_starts_again_with_each_deal():
    """What happened since the player's move does not reach back past the new deal."""
    settings = GameSettings(preset="classic", opponents=3)
    host = ManualHost()
    ctl = controller(Seating.new(settings, seed=11), host)
    ctl.start()
    for _ in range(5000):
        if ctl.between_rounds:
            break
        action = human_move(ctl) if ctl.my_turn else None
        if action is not None:
            ctl.act(action)
        else:
            host.run(ctl.delay)
    assert ctl.between_rounds
    ctl.next_round()
    assert ctl.since_mine()[0].startswith(f"Round {ctl.game.round}:")
    # No turn of the player's yet in this round: the digest starts at the deal, and
    # never says 'since your turn' (issue 30: a newcomer read it at the first deal).
    assert ctl.digest().startswith(f"Round {ctl.game.round} dealt")
    assert "Since your turn" not in ctl.digest()


class FirstPlay:
    """A computer that plays the first card it may, else draws or passes."""

    def choose(self, view, legal, rng):
        plays = [a for a in legal if isinstance(a, Play)]
        return plays[0] if plays else DRAW if DRAW in legal else legal[0]


@pytest.mark.parametrize("zoe, said", [
    # a Skip landing on the player
    ("RS Y3 Y4", "Zoe played Red Skip, aimed at you: you were next, down to two cards — "
                 "you miss a turn."),
    ("R4 Y3 Y4", "Zoe played Red 4."),               # nothing against the player
])
def test_a_move_against_the_player_says_the_public_fact_behind_it(zoe, said):
    """A computer's move that lands on the player is logged with the fact every player
    saw that makes it sensible (issue 10: a side-playing table must not look like it
    cheats); an ordinary move is logged as before."""
    seating = prepared(f"top=R3 | you: R5 B7 | lily: Y1 Y2 | max: G4 G5 | zoe: {zoe} "
                       f"| pile: G7 G8 ...", current=3)
    host = ManualHost()
    ctl = controller(seating, host, delay=0.5)
    ctl.players[3] = FirstPlay()
    ctl.start()
    host.run(0.6)
    assert ctl.log[-1].startswith("Zoe played Red")
    assert ctl.log[-1].endswith(said), ctl.log[-1]


class Forgetful(FirstPlay):
    """Plays the first card it may, never calls Last Card, never catches."""

    uses_view = True

    def react(self, view, actions, rng):
        return None


def _lily_forgets(preset: str):
    """Lily plays down to one card without calling; Max, after her, neither calls nor
    catches; the player may catch her out of turn."""
    seating = prepared("top=R3 | you: R5 B7 B8 | lily: R4 R6 | max: G4 G5 G6 "
                       "| pile: G7 G8 G9 ...", preset, current=1)
    host = ManualHost()
    ctl = controller(seating, host, delay=0.5, window_seconds=3)
    ctl.players[1] = ctl.players[2] = Forgetful()
    ctl.start()
    host.run(0.5)  # Lily plays Red 4
    assert ctl.view().vulnerable == 1, ctl.log
    return ctl, host


@pytest.mark.parametrize("preset", ["classic", "party"])
def test_a_computer_that_forgot_can_be_caught_by_a_person_reading_the_table(preset):
    """Issue 30, item 11: the chance to catch Lily lasts CATCH_SECONDS, time to read
    'press C to catch them!' and press it; nobody else moves before then. Then the
    catch is said once, in order, and nothing before it says nobody caught her
    (item 4: 'Nobody caught Lily: the window closed', then 'You caught Lily')."""
    from colorcards.session.controller import CATCH_SECONDS
    from colorcards.session.prompts import clock_text

    ctl, host = _lily_forgets(preset)
    moves = ctl.moves
    assert CATCH_SECONDS >= 5
    host.run(CATCH_SECONDS - 0.1)  # the window's 3 s and Lily's own answer go by
    assert Catch(1) in ctl.legal(), ctl.log
    assert not any(isinstance(action, Play) for _, action in ctl.game.actions[moves:])
    assert clock_text(ctl, ctl.view(), False).startswith("C: catch Lily")
    assert not any("Nobody caught" in line for line in ctl.log)
    ctl.act(Catch(1))
    assert ctl.log[-1] == "You caught Lily without a Last Card call: Lily draws 2 cards."
    assert sum("caught Lily" in line for line in ctl.log) == 1


def test_a_catch_in_the_window_is_one_sentence():
    """Caught while the Classic window is open: the catch closes it, said once."""
    ctl, _ = _lily_forgets("classic")
    assert ctl.view().phase == "window"
    ctl.act(Catch(1))
    assert ctl.log[-1] == "You caught Lily without a Last Card call: Lily draws 2 cards."


def test_the_window_running_out_says_the_player_can_still_be_caught():
    """The late call's time is up, the catch's is not: the log says so, never 'nobody
    caught'. Once the player's time is up too, the table moves on."""
    from colorcards.session.controller import CATCH_SECONDS

    ctl, host = _lily_forgets("classic")
    host.run(3.5)
    assert ctl.view().phase != "window"
    assert "Lily still has not called Last Card: Lily can be caught until the next move." \
        in ctl.log
    host.run(CATCH_SECONDS + 2 * ctl.delay)
    assert ctl.view().vulnerable is None and ctl.log[-1].startswith("Max played")


def test_the_coachs_note_never_hides_that_it_is_your_turn():
    """Issue 30, item 10: with a note on the player's last move, their turn's prompt is
    still said, first; on another's turn the note alone."""
    from colorcards.session.prompts import status

    seating = prepared("top=R3 | you: R5 B7 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2")
    host = ManualHost()
    ctl = controller(seating, host)
    ctl.start()
    note = "Coach: Red 5 instead of Blue 7 — 35% against 24% to win this round."
    ctl.note = note + " T: take it back."
    said = status(ctl, ctl.view(), "classic", False)
    assert said.startswith("Two cards left: press L") and said.endswith(ctl.note), said
    ctl.act(CALL)
    ctl.act(play(ctl.hand()[0]))
    ctl.note = note
    assert status(ctl, ctl.view(), "classic", False) == note  # Lily is playing


def test_a_colour_aimed_at_you_is_said_of_the_colour_not_of_the_penalty():
    """Issue 30, item 3: Lily's Wild Draw Four lands on Max, and the colour she named is
    one you drew on: the log says that of the colour, right after it, and the penalty is
    Max's, in plain words (no 'stack or draw', no '(aimed at you: …)' after Max's +4)."""
    seating = prepared("top=G3 | you: R5 B7 B8 | lily: W+4 Y2 Y4 | max: G4 G5 | zoe: B1 B2 "
                       "| pile: G7 G8 ...", current=1, lacks={0: {Colour.RED}})
    host = ManualHost()
    ctl = controller(seating, host, delay=0.5)
    ctl.players[1] = FirstPlay()  # the Wild Draw Four naming Red, the first colour
    ctl.start()
    host.run(0.6)
    assert ctl.log[-1] == ("Lily played Wild Draw Four and named Red ●, a colour you drew on "
                           "last time — Max must draw 4 or pass them on with a Wild Draw "
                           "Four of their own."), ctl.log[-1]


def test_out_in_a_play_on_round_the_player_can_skip_to_its_end():
    """Issue 30, item 12: out first in Classic, the player watched the others play on for
    the places for a long while. The prompt says Enter skips, and `hurry` has the round
    end without the computers' pauses."""
    from colorcards.session.prompts import prompt

    seating = prepared("top=R3 | you: R5 | lily: Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 | max: G1 G2 G3 G4 "
                       "G5 G6 G7 G8 | zoe: B1 B2 B3 B4 B5 B6 B7 B8 | pile: B9 G9 Y9 ...",
                       "classic", called="0")
    host = ManualHost()
    ctl = controller(seating, host, delay=0.5)
    ctl.start()
    assert not ctl.hurry()  # nothing to skip while the player still holds cards
    ctl.act(play(ctl.hand()[0]))
    host.run(0.1)
    assert ctl.out_and_waiting and not ctl.between_rounds
    assert prompt(ctl, ctl.view(), "classic", False).endswith(
        "Enter skips to the end of the round.")
    started = host.time
    assert ctl.hurry()
    for _ in range(2000):
        if ctl.between_rounds:
            break
        host.run(0.0)
    assert ctl.between_rounds, ctl.log[-3:]
    assert host.time == started  # the clock never had to move: no pause between the moves
    ctl.next_round()
    assert not ctl.hurrying


def test_a_practice_games_review_from_its_results_knows_it_is_practice():
    """Issue 30, item 19: V on a coached game's results reviewed it as a counted game
    (the kept form made at the table left out that it was practice)."""
    from colorcards.session.results import kept_of

    game = position("top=R3 | you: R5 B7 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2")
    practice = controller(Seating.at(game, GameSettings(preset="color-cards", opponents=3,
                                                        coach=True)))
    counted = controller(prepared("top=R3 | you: R5 B7 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2"))
    assert kept_of(practice).practice and not kept_of(counted).practice


# ---------------------------------------------------------------- the hint


class Advising:
    """The coach's process answering every hint with these close options, the first
    recommended (none: it could not answer)."""

    def __init__(self, *close) -> None:
        self.close = close

    def advise(self, data, stop=None):
        return Advice(self.close, (), self.close, self.close[0]) if self.close else None


_HANDS = "lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2"


@pytest.mark.parametrize(("literal", "kwargs", "close", "said"), [
    ("top=R3 | you: R5 R6 B7", {}, ("R5",), "Hint: play Red 5 ●. Enter does it."),
    ("top=R3 | you: R5 R6 B7", {}, ("R6", "R5"),
     "Hint: Red 6 ● or Red 5 ●: about the same. Red 6 ● is selected; Enter does it."),
    ("top=R3 | you: R5 B7", {}, ("R5",),
     "Hint: call Last Card, then play Red 5 ●. Enter does both."),
    ("top=R3 | you: W B7 G1", {}, ("W:blue",), "Hint: play Wild naming Blue. Enter does it."),
    ("top=R3 | you: B7 G1", {}, ("draw",), "Hint: draw a card. D does it (Enter too, now)."),
    ("top=R+2 | you: B7 G1", {"pending": 2}, ("accept",),
     "Hint: take the penalty. D does it (Enter too, now)."),
    ("top=R3 | you: R5 R6 B7", {}, (), "The coach could not answer just now: press H again."),
])
def test_the_hint_says_the_coachs_move_and_the_key_that_makes_it(literal, kwargs, close, said):
    """H: the coach's move in the player's words, with the card's colour mark, the Wild's
    colour, Last Card to call first, and the key that makes it (D for a draw or for
    taking a penalty, as the prompt says; Enter too); when the coach cannot answer, how
    to ask again."""
    actions = {"draw": DRAW, "accept": ACCEPT}
    chosen = tuple(actions[c] if c in actions else
                   play(parse_cards(c.split(":")[0])[0], Colour(c.split(":")[1]) if ":" in c
                        else None) for c in close)
    host = ManualHost()
    ctl = controller(prepared(f"{literal} | {_HANDS}", "classic", **kwargs), host,
                     remote=Advising(*chosen))
    ctl.start()
    ctl.hint()
    hinted = [m for m in host.told if isinstance(m, Hinted)]
    assert [(m.words, m.action) for m in hinted] == [(said, chosen[0] if chosen else None)]
    assert ctl.hinted == (chosen[0] if chosen else None)


def test_a_hint_is_for_the_players_turn_and_marks_the_decision_once():
    """A hint asked out of turn is refused in words; asked on the turn, however often, the
    decision is marked once as the coach's (its review leaves it out of the accuracy)."""
    host = ManualHost()
    ctl = controller(prepared(f"top=R3 | you: R5 R6 B7 | {_HANDS}", "classic", current=1),
                     host, remote=Advising(play(parse_cards("R5")[0])))
    with pytest.raises(IllegalAction) as refused:
        ctl.hint()
    assert str(refused.value) == "Hints are for your own turn."
    ctl = controller(prepared(f"top=R3 | you: R5 R6 B7 | {_HANDS}", "classic"), host,
                     remote=Advising(play(parse_cards("R5")[0])))
    ctl.start()
    ctl.hint()
    ctl.hint()
    assert ctl.meta.hinted == (len(ctl.game.actions),)
    assert ctl.save_meta().hinted == (len(ctl.game.actions),)


def test_moving_to_another_card_lets_the_hint_go_and_back_to_its_card_keeps_it():
    """Enter makes the hint's move only while the cursor is on the hint's card: moved
    to another card, the player chose their own move."""
    five, six = parse_cards("R5 R6")
    host = ManualHost()
    ctl = controller(prepared(f"top=R3 | you: R5 R6 B7 | {_HANDS}", "classic"), host,
                     remote=Advising(play(five)))
    ctl.start()
    ctl.hint()
    ctl.select(five)
    assert ctl.hinted == play(five)
    ctl.select(six)
    assert ctl.hinted is None
    ctl.hint()
    ctl.select(None)
    assert ctl.hinted is None


def test_a_wild_that_may_not_be_played_is_refused_for_what_is_due():
    """A Wild refused while a penalty is due is refused for the penalty, not for its
    colour (any colour would do)."""
    ctl = controller(prepared(f"top=R+2 | you: W B7 | {_HANDS}", "classic", pending=2))
    [wild] = [c for c in ctl.hand() if c.is_wild]
    refusal = ctl.card_refusal(wild)
    assert refusal is not None and "colour" not in refusal.lower(), refusal
    assert refusal == ("Wild cannot be played now: you must draw the 2 cards, and in this "
                       "game no card can pass them on."), refusal
