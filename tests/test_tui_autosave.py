"""The table's autosave (session/autosave.py) on its own: deferred, once per state, never
after the match is recorded."""

from __future__ import annotations

from colorcards.engine import Game, get_preset
from colorcards.session.autosave import Autosave


class Slot:
    """A store's save slot that counts its writes."""

    def __init__(self) -> None:
        self.writes: list[int] = []

    def save_game(self, game, meta, log) -> None:
        self.writes.append(meta["n"])


def _autosave(state: dict, closed: bool = False):
    slot, waiting = Slot(), []
    game = Game(get_preset("duel").rules(), 2, seed=1)
    save = Autosave(slot, waiting.append, lambda: state["n"],
                    lambda: (game, {"n": state["n"]}, []), closed=closed)
    return save, slot, waiting


def test_a_change_is_saved_once_the_host_runs_the_deferred_save():
    """Two changes before the frame: one deferred save, one write of the latest state."""
    state = {"n": 1}
    save, slot, waiting = _autosave(state)
    save.request()
    state["n"] = 2
    save.request()
    assert len(waiting) == 1 and slot.writes == []
    waiting.pop()()
    assert slot.writes == [2]


def test_an_unchanged_state_is_not_written_again_until_forgotten():
    state = {"n": 1}
    save, slot, _ = _autosave(state)
    for _ in range(2):
        save.request()
        save.flush()
    assert slot.writes == [1]
    save.forget()  # a move taken back: the store's copy is of the state that went
    save.request()
    save.flush()
    assert slot.writes == [1, 1]


def test_closing_writes_what_waits_and_then_nothing():
    state = {"n": 1}
    save, slot, _ = _autosave(state)
    save.request()
    save.close()
    state["n"] = 2
    save.request()
    save.flush()
    assert slot.writes == [1]
    assert _autosave(state, closed=True)[0].closed
