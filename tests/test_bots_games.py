"""Every level plays whole matches of every preset at every table size, legally."""

from __future__ import annotations

import pytest

from colorcards.bots import LEVELS, PLAYERS, make_player
from colorcards.engine import PRESETS, NameColour, Play
from colorcards.sim import play_game


class Checked:
    """Wraps a player and asserts each answer is one of the legal actions given."""

    def __init__(self, inner):
        self.inner = inner
        self.name = inner.name
        self.uses_view = True
        self.decisions = 0
        self.bad_colours = 0

    def choose(self, view, legal, rng):
        action = self.inner.choose(view, legal, rng)
        assert action in legal, (action, legal)
        self.decisions += 1
        self._colour_check(view, action)
        return action

    def react(self, view, legal, rng):
        action = self.inner.react(view, legal, rng)
        assert action is None or action in legal, (action, legal)
        return action

    def _colour_check(self, view, action):
        """A named colour is one the hand still holds, unless it holds no coloured card."""
        if isinstance(action, Play) and action.colour is not None:
            rest = list(view.hand)
            rest.remove(action.card)
            held = {c.colour for c in rest if c.colour is not None}
            if held and action.colour not in held:
                self.bad_colours += 1
        if isinstance(action, NameColour):
            held = {c.colour for c in view.hand if c.colour is not None}
            if held and action.colour not in held:
                self.bad_colours += 1


def test_levels_registered():
    """The four levels, weakest first, and the random baseline, are all known players."""
    assert LEVELS == ("easy", "normal", "hard", "crazy")
    for name in (*LEVELS, "random"):
        assert name in PLAYERS
        assert make_player(name).name == name


CASES = [(key, seats) for key, p in PRESETS.items()
         for seats in range(p.min_seats, p.max_seats + 1)]


@pytest.mark.parametrize("preset,seats", CASES)
def test_levels_play_whole_games(preset, seats):
    """Mixed tables of all four levels finish a round of every preset legally, naming held
    colours (one round keeps the big tables quick; whole matches are played below)."""
    rules = PRESETS[preset].rules(match="single")
    for seed in range(2):
        players = [Checked(make_player(LEVELS[(s + seed) % len(LEVELS)])) for s in range(seats)]
        result = play_game(rules, players, seed * 97 + seats)
        assert result.turns > 0
        assert sum(p.decisions for p in players) > 0
        assert all(p.bad_colours == 0 for p in players)


@pytest.mark.parametrize("name", LEVELS)
@pytest.mark.parametrize("preset", list(PRESETS))
def test_each_level_alone(preset, name):
    """Each level plays a whole match of the preset, seated alternately with Hard."""
    p = PRESETS[preset]
    rules = p.rules()
    players = [Checked(make_player(name if s % 2 == 0 else "hard")) for s in range(p.default_seats)]
    result = play_game(rules, players, 11)
    assert result.winners or result.stalemate
    assert all(pl.bad_colours == 0 for pl in players)


SIZES = [(key, seats) for key, p in PRESETS.items()
         for seats in sorted({2, min(4, p.max_seats), min(10, p.max_seats)})
         if p.min_seats <= seats]


@pytest.mark.parametrize("name", LEVELS)
@pytest.mark.parametrize("preset,seats", SIZES)
def test_a_table_of_one_level(preset, seats, name):
    """The human's seat and every computer at one level, as in the game: a whole round of
    every preset at 2, 4 and its largest table (up to 10) without an illegal action."""
    rules = PRESETS[preset].rules(match="single")
    players = [Checked(make_player(name)) for _ in range(seats)]
    result = play_game(rules, players, 7 * seats + len(name))
    assert result.winners or result.stalemate
    assert all(p.bad_colours == 0 for p in players)
