"""`colorcards history` and `colorcards export GAME`: the kept games, on the command line.

Both read a private copy of the database (as `stats` does), so they work while a game
is running and never create or repair anything. A game is named by its id, by the
first few characters of it that `history` prints, or `last` for the newest. Every
trouble is one line on stderr and a non-zero exit, never a traceback.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from ..replay.kept import ReplayError
from .paths import DB_NAME, resolve_data_dir
from .records import HistoryEntry
from .store import Store

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
    """'87% · 1.4 pt' (share of decisions not costly, points lost per decision); '-'
    for a game not reviewed."""
    if share is None or cost is None:
        return "-"
    return f"{round(share * 100)}% · {cost * 100:.1f} pt"


def preset_title(preset: str) -> str:
    from ..engine import PRESETS

    found = PRESETS.get(preset)
    return found.title if found else preset


def entry_json(entry: HistoryEntry) -> dict:
    return {"game": entry.game_id, "finished_at": entry.finished_at, "preset": entry.preset,
            "difficulty": entry.difficulty, "seats": entry.seats, "result": entry.result,
            "abandoned": bool(entry.abandoned), "place": entry.place, "turns": entry.turns,
            "replay": entry.replay, "reviewed": entry.reviewed,
            "practice": bool(entry.practice), "accuracy": entry.accuracy,
            "avg_cost": entry.avg_cost}


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


def _open(data_dir: str | None) -> tuple[Store | None, Path | None]:
    """A private copy of the database, or None after saying why on stderr."""
    try:
        directory = resolve_data_dir(data_dir)
    except Exception as exc:
        print(f"colorcards: cannot find a data directory ({exc})", file=sys.stderr)
        return None, None
    path = directory / DB_NAME
    if directory.exists() and not directory.is_dir():
        print(f"colorcards: the data directory {directory} is a file, not a directory",
              file=sys.stderr)
        return None, None
    if path.exists() and not path.is_file():
        print(f"colorcards: {path} is not a file", file=sys.stderr)
        return None, None
    return Store.open_for_reading(path), directory


def run_history(data_dir: str | None, as_json: bool) -> int:
    """Print the kept games, newest first; 0, or 1 if the database could not be read."""
    store, _ = _open(data_dir)
    if store is None:
        return 1
    try:
        entries = store.history()
    finally:
        store.close()
    for problem in store.problems:
        print(f"colorcards: {problem}", file=sys.stderr)
    status = 1 if store.problems else 0
    if as_json:
        print(json.dumps([entry_json(e) for e in entries], indent=1))
        return status
    if not entries:
        print(f"No finished games yet (they are kept in {store.path}).")
        return status
    print(f"{'Game':<{SHORT_ID}}  {'Date':<16}  {'Preset':<13} {'Level':<7} "
          f"{'Result':<18} {'Turns':>5}  {'Replay':<9} Accuracy")
    for e in entries:
        try:
            when = e.when().astimezone().strftime("%Y-%m-%d %H:%M")
        except (ValueError, OverflowError):
            when = "?"
        replay = ("reviewed" if e.reviewed else "yes") if e.replay else "no replay"
        print(f"{e.game_id[:SHORT_ID]:<{SHORT_ID}}  {when:<16}  {preset_title(e.preset):<13} "
              f"{e.difficulty.title():<7} {result_words(e):<18} {e.turns:>5}  {replay:<9} "
              f"{accuracy_words(e.accuracy, e.avg_cost)}"
              f"{'  practice' if e.practice else ''}")
    return status


def run_export(data_dir: str | None, key: str) -> int:
    """Print the game `key` names as an export (JSON); 0, or 1 with a reason on stderr."""
    store, _ = _open(data_dir)
    if store is None:
        return 1
    try:
        entry = find_game(store.history(), key)
        kept = store.kept_game(entry.game_id)
        kept.replay()  # an export that cannot replay is refused here, not by its reader
    except ReplayError as exc:
        print(f"colorcards: cannot export {key}: {exc}", file=sys.stderr)
        return 1
    finally:
        store.close()
    sys.stdout.write(kept.dumps() + "\n")
    return 0
