"""Snapshots of the table and the colour chooser at 80x24 and 120x40, from fixed positions.

Computers wait a minute between moves, so each picture is the table as the player
first sees it. Update with `pytest --snapshot-update` after a deliberate change.
"""

from __future__ import annotations

import pytest

from colorcards.tui.app import ColorCardsApp
from engine_helpers import position
from tui_table_helpers import seat_position

SIZES = [(80, 24), (120, 40)]

TABLE = ("top=B7 | you: R5 B2 B+2 G9 Y1 W W+4 | lily: Y1 Y2 Y3 | max: G4 G5 G6 G7 | "
         "zoe: B1 B3 B4 B5 B6")


def _seat(literal: str, **kwargs):
    async def run_before(pilot) -> None:
        game = position(literal, **kwargs)
        seat_position(pilot.app, game)
        await pilot.pause()
        await pilot.pause()

    return run_before


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_table_snapshot(snap_compare, tmp_path, size):
    """Your turn at a table of four: playable cards raised, the colour to match large."""
    app = ColorCardsApp(data_dir=tmp_path, delay=60)
    assert snap_compare(app, terminal_size=size, run_before=_seat(TABLE))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_table_snapshot_penalty_and_catch(snap_compare, tmp_path, size):
    """You must draw 2 while a computer may be caught: the controls say both."""
    literal = "top=R+2 | you: B+2 G5 R1 | lily: Y1 | max: G4 G5 | zoe: B1 B2"
    app = ColorCardsApp(data_dir=tmp_path, delay=60)
    assert snap_compare(app, terminal_size=size,
                        run_before=_seat(literal, rules="colour-match", pending=2, vulnerable=1))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_colour_chooser_snapshot(snap_compare, tmp_path, size):
    """After a Wild the chooser offers the four colours, the one held most selected."""
    app = ColorCardsApp(data_dir=tmp_path, delay=60)

    async def run_before(pilot) -> None:
        await _seat(TABLE)(pilot)
        hand = pilot.app.controller.hand()
        index = next(i for i, c in enumerate(hand) if c.code == "W")
        await pilot.press(str(index + 1))
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run_before)


NARROW = [(42, 40), (60, 30)]
"""The narrow layout: a phone held upright (42x40) and a narrow terminal pane (60x30)."""


@pytest.mark.parametrize("size", NARROW, ids=lambda s: f"{s[0]}x{s[1]}")
def test_narrow_table_snapshot(snap_compare, tmp_path, size):
    """Below 80 columns: the opponents as a list, the pile, the hand in rows, the keys as
    tap targets."""
    app = ColorCardsApp(data_dir=tmp_path, delay=60)
    assert snap_compare(app, terminal_size=size, run_before=_seat(TABLE))


def test_narrow_table_snapshot_penalty_and_catch(snap_compare, tmp_path):
    """Narrow, +2 coming your way while a computer may be caught: the list says who, the
    controls wrap."""
    literal = "top=R+2 | you: B+2 G5 R1 | lily: Y1 | max: G4 G5 | zoe: B1 B2"
    app = ColorCardsApp(data_dir=tmp_path, delay=60)
    assert snap_compare(app, terminal_size=(42, 40),
                        run_before=_seat(literal, rules="colour-match", pending=2, vulnerable=1))


def test_narrow_match_snapshot(snap_compare, tmp_path):
    """A phone's 37 columns, a Classic match and ten cards: the header's words whole on
    two lines, three cards a row."""
    literal = ("top=R3 | you: R5 R6 R7 R8 R9 B1 B2 B3 B4 B5 | lily: Y1 Y2 | max: G4 G5 | "
               "zoe: B6 B7")

    async def run_before(pilot) -> None:
        seat_position(pilot.app, position(literal, "classic"), preset="classic")
        await pilot.pause()
        await pilot.pause()

    app = ColorCardsApp(data_dir=tmp_path, delay=60)
    assert snap_compare(app, terminal_size=(37, 30), run_before=run_before)


def test_too_narrow_says_what_to_do(snap_compare, tmp_path):
    """Under 36 columns even the narrow table cannot fit: the header says what to do, in
    a player's words."""
    app = ColorCardsApp(data_dir=tmp_path, delay=60)
    assert snap_compare(app, terminal_size=(34, 40), run_before=_seat(TABLE))
