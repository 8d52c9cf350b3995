"""Snapshots of the Replay and Review screens at 80x24.

The game is played by a plain policy written here (`simple_choice`), so the pictures
depend on the rules and the screens, not on how the computer levels are tuned; the
replay is shown with every hand face up (its log, worded by the table, is then not on
screen), and the review is one given to the screen, so no play-out runs. Update with
`pytest tests/test_replay_snapshots.py --snapshot-update` after checking by eye.
"""

from __future__ import annotations

import pytest
from textual.app import App

from colorcards.engine import (
    DECLINE,
    Action,
    Game,
    Play,
    get_preset,
    next_decision,
    parse_card,
    play,
)
from colorcards.replay.frames import frames
from colorcards.replay.kept import KeptGame, kept_from_game
from colorcards.replay.review import Moment, Review
from colorcards.tui.screens.replay import ReplayScreen
from colorcards.tui.screens.review import ReviewScreen, review_marks


def simple_choice(decision) -> Action:
    """A plain policy: let reactions go, call Last Card when offered, else play a number,
    then an action card, then a Wild (the lowest of each), else draw or pass."""
    if decision.kind == "reaction":
        return DECLINE
    calls = [a for a in decision.actions if a.kind == "call"]
    if calls:
        return calls[0]
    plays = sorted((a for a in decision.actions if isinstance(a, Play)),
                   key=lambda a: (a.card.is_wild, not a.card.is_number, a.card.index))
    return plays[0] if plays else decision.actions[0]


def scripted_game() -> KeptGame:
    """A Color Cards game, seed 2 (49 actions, won by the player), each seat playing
    `simple_choice`."""
    game = Game(get_preset("color-cards").rules(), 4, seed=2)
    while (decision := next_decision(game)) is not None:
        choice = decision.actions[0] if decision.seat is None else simple_choice(decision)
        game.apply(choice, decision.seat)
    assert len(game.actions) == 49 and game.winners == (0,)  # the game the pictures show
    return kept_from_game(game, names=["You", "Lily", "Max", "Zoe"], difficulty="hard",
                          preset="color-cards", game_id="snap")


def given_review(kept: KeptGame) -> Review:
    """Two costly moments at the player's first two plays (fixed chances), the rest of the
    player's decisions as good as the best."""
    plays = [i for i, (seat, a) in enumerate(kept.actions) if seat == 0 and a.kind == "play"]
    game = kept.new_game()
    moments = []
    for index, (seat, action) in enumerate(kept.actions):
        if index in plays[:2]:
            gain = 0.08 * (len(moments) + 1)
            moments.append(Moment(index=index, turn=game.total_turns + 1, top=game.discard[-1],
                                  active=game.active_colour, made=action,
                                  best=play(parse_card("W"), game.active_colour), close=False,
                                  made_chance=0.25, best_chance=0.25 + gain, cost=gain,
                                  low=gain - 0.04, high=gain + 0.04, deals=256,
                                  made_out=(0.25, 0.45, 0.2, 0.1),
                                  best_out=(0.25 + gain, 0.45 - gain, 0.2, 0.1)))
        elif index in plays[2:6]:
            moments.append(Moment(index=index, turn=game.total_turns + 1, top=game.discard[-1],
                                  active=game.active_colour, made=action, best=action,
                                  close=True))
        game.apply(action, seat)
    return Review(tuple(moments), total=len(moments))


def _words(events) -> str:
    return " · ".join(e.kind for e in events)


class Host(App):
    """Shows one screen (the screens bring their own stylesheet)."""

    ENABLE_COMMAND_PALETTE = False  # as ColorCardsApp

    def __init__(self, make) -> None:
        super().__init__()
        self.make = make

    def on_mount(self) -> None:
        self.push_screen(self.make())


@pytest.fixture(autouse=True)
def _unicode_shapes(monkeypatch):
    """Unicode shapes and colour whatever terminal runs the tests."""
    from colorcards.session import palette

    monkeypatch.setattr(palette, "unicode_ok", lambda: True)
    monkeypatch.delenv("NO_COLOR", raising=False)


def test_replay_snapshot_hands_face_up(snap_compare):
    """Mid-game, the player's next play marked as a costly moment, every hand face up."""
    kept = scripted_game()
    review = given_review(kept)
    start = review.costliest()[1].index

    def make():
        return ReplayScreen(kept, frames(kept, _words), marks_at=review_marks(review),
                            start=start)

    assert snap_compare(Host(make), press=["f"], terminal_size=(80, 24))


def test_review_snapshot(snap_compare):
    """A review as kept: the summary and the costliest moments in words."""
    kept = scripted_game()
    assert snap_compare(Host(lambda: ReviewScreen(kept, given_review(kept))),
                        terminal_size=(80, 24))


@pytest.mark.parametrize("size", [(80, 24), (100, 32)])
async def test_a_marked_moment_is_read_whole(size):
    """Issue 30, item 17: a review's moment was cut after two lines ('…68% after'); it
    takes the log's rows while it is shown, and every word of it is on the screen."""
    from tui_table_helpers import shown

    kept = scripted_game()
    review = given_review(kept)
    marks_at = review_marks(review)
    start = review.costliest()[1].index
    app = Host(lambda: ReplayScreen(kept, frames(kept, _words), marks_at=marks_at,
                                    start=start))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert " ".join(marks_at[start].split()) in shown(app)
        await pilot.press("right")  # past the moment: the log is back
        await pilot.pause()
        assert app.screen.query_one("#replay-log").display


@pytest.mark.parametrize("size", [(80, 24), (100, 32)])
async def test_a_practice_game_says_so_in_its_replay_and_review(size):
    """Issue 30, item 19: a practice game's replay and review did not say it was one,
    nor that a move taken back is not in it."""
    import dataclasses

    from tui_table_helpers import shown

    kept = dataclasses.replace(scripted_game(), practice=True)
    shots = frames(kept, _words)
    app = Host(lambda: ReplayScreen(kept, shots, start=len(shots) - 1))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert "PRACTICE" in shown(app)
        assert "A practice game: a move taken back is not in it." in shown(app)
    app = Host(lambda: ReviewScreen(kept, given_review(kept)))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert "· practice" in shown(app) and "not counted in your record" in shown(app)
