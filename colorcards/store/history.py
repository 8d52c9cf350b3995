"""The kept games as `colorcards history` and `export GAME` name and word them (the
printing is `commands.py`'s).

A game is named by its id, by the first few characters of it that `history` prints, or
`last` for the newest.
"""

from __future__ import annotations

from typing import Any

from ..replay.kept import ReplayError
from .records import HistoryEntry

SHORT_ID = 8
"""Characters of a game's id that `history` shows (enough to name it for `export`)."""

RESULT_WORDS = {"win": "won", "loss": "lost", "draw": "drawn"}


def ordinal(place: int) -> str:
    """1st, 2nd, 3rd, 4th ... 11th, 12th, 13th ... 21st."""
    if 10 <= place % 100 <= 20:
        return f"{place}th"
    return f"{place}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(place % 10, 'th') }"


def result_words(entry: HistoryEntry) -> str:
    """'won, 1st of 4', 'lost, 3rd of 4', 'drawn', 'abandoned (lost)'."""
    if entry.abandoned:
        return "abandoned (lost)"
    words = RESULT_WORDS.get(entry.result, entry.result)
    if entry.place is not None and entry.result != "draw":
        words += f", {ordinal(entry.place)} of {entry.seats}"
    return words


def accuracy_words(share: float | None, cost: float | None) -> str:
    """'87% · 1.4% lost' (share of decisions not costly; chance to win lost per
    decision, on average); '-' for a game not reviewed."""
    if share is None or cost is None:
        return "-"
    return f"{round(share * 100)}% · {cost * 100:.1f}% lost"


def entry_json(entry: HistoryEntry) -> dict[str, Any]:
    return {"game": entry.game_id, "finished_at": entry.finished_at, "preset": entry.preset,
            "difficulty": entry.difficulty, "seats": entry.seats, "result": entry.result,
            "abandoned": bool(entry.abandoned), "place": entry.place, "turns": entry.turns,
            "replay": entry.replay, "reviewed": entry.reviewed,
            "practice": bool(entry.practice), "accuracy": entry.accuracy,
            "avg_cost": entry.avg_cost, "hints": entry.hints}


def find_game(entries: list[HistoryEntry], key: str) -> HistoryEntry:
    """The entry `key` names (an id, a unique start of one, or 'last'); ReplayError if
    none or several do."""
    key = key.strip()
    if not entries:
        raise ReplayError("there are no finished games yet")
    if key.lower() in ("last", "latest"):
        return entries[0]
    exact = [e for e in entries if e.game_id == key]
    if exact:
        return exact[0]
    if len(key) < 4:
        raise ReplayError(f"{key!r} is too short to name a game: give at least 4 characters "
                          f"of its id (as `colorcards history` shows it) or 'last'")
    found = [e for e in entries if e.game_id.startswith(key)]
    if not found:
        raise ReplayError(f"no game in your history has an id starting {key!r} "
                          f"(see `colorcards history`)")
    if len(found) > 1:
        raise ReplayError(f"{len(found)} games have ids starting {key!r}: give more of it")
    return found[0]
