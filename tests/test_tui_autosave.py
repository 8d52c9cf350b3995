"""The table's autosave (session/autosave.py) on its own: a change written at once, the
cursor's place after its frame, once per state, again after a failed write, never after
the match is recorded."""

from __future__ import annotations

from colorcards.engine import Game, get_preset
from colorcards.session.autosave import Autosave


class Slot:
    """A store's save slot that counts its writes (and refuses them while `full`)."""

    def __init__(self) -> None:
        self.writes: list[int] = []
        self.full = False

    def save_game(self, game, meta, log) -> bool:
        if self.full:
            return False
        self.writes.append(meta["n"])
        return True


def _autosave(state: dict, closed: bool = False):
    slot, waiting = Slot(), []
    game = Game(get_preset("duel").rules(), 2, seed=1)
    save = Autosave(slot, waiting.append, lambda: state["n"],
                    lambda: (game, {"n": state["n"]}, []), closed=closed)
    return save, slot, waiting


def test_a_change_is_written_before_it_is_drawn():
    """A change of play is written at once, with nothing left for the host to run."""
    state = {"n": 1}
    save, slot, waiting = _autosave(state)
    save.request()
    assert slot.writes == [1] and waiting == []


def test_the_cursors_place_waits_for_the_frame_or_the_next_change():
    """Two cursor moves before the frame: one deferred save, of the latest state; a
    change of play meanwhile writes it at once, and the deferred save then has nothing."""
    state = {"n": 1}
    save, slot, waiting = _autosave(state)
    save.request_soon()
    state["n"] = 2
    save.request_soon()
    assert len(waiting) == 1 and slot.writes == []
    waiting.pop()()
    assert slot.writes == [2]
    save.request_soon()
    state["n"] = 3
    save.request()
    waiting.pop()()
    assert slot.writes == [2, 3]


def test_an_unchanged_state_is_not_written_again_until_forgotten():
    state = {"n": 1}
    save, slot, _ = _autosave(state)
    for _ in range(2):
        save.request()
    assert slot.writes == [1]
    save.forget()  # a move taken back: the store's copy is of the state that went
    save.request()
    assert slot.writes == [1, 1]


def test_a_failed_write_is_written_again_by_retry_or_the_next_change():
    state = {"n": 1}
    save, slot, _ = _autosave(state)
    slot.full = True
    save.request()
    assert save.unsaved and not save.retry()
    slot.full = False
    assert save.retry() and slot.writes == [1] and not save.unsaved
    assert save.retry() and slot.writes == [1]  # nothing more to write
    slot.full = True
    state["n"] = 2
    save.request()  # refused
    slot.full = False
    save.request()  # the same state: written now all the same
    assert slot.writes == [1, 2]


def test_closing_writes_what_waits_and_then_nothing():
    state = {"n": 1}
    save, slot, _ = _autosave(state)
    save.request_soon()
    save.close()
    state["n"] = 2
    save.request()
    assert slot.writes == [1]
    assert _autosave(state, closed=True)[0].closed
