"""The command-line commands that print: `colorcards stats`, `history` and `export`.

Each reads a private copy of the database (never creating the data directory), so it
works while a game is running in another terminal. Every trouble is one line on stderr
and a non-zero exit, never a traceback. The store gathers; this module words and prints
(Rich for the tables, never Textual).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from .engine import preset_title
from .replay.kept import ReplayError
from .store import exercises
from .store.history import SHORT_ID, accuracy_words, entry_json, find_game, result_words
from .store.paths import DB_NAME, resolve_data_dir
from .store.records import LevelStats, streak_text
from .store.report import gather, store_levels
from .store.store import Store


def _data_dir(data_dir: str | None) -> tuple[Path, Path] | None:
    """The data directory and its database file, or None after saying on stderr why
    they cannot be read."""
    try:
        directory = resolve_data_dir(data_dir)
    except Exception as exc:
        print(f"colorcards: cannot find a data directory ({exc})", file=sys.stderr)
        return None
    path = directory / DB_NAME
    if directory.exists() and not directory.is_dir():
        print(f"colorcards: the data directory {directory} is a file, not a directory",
              file=sys.stderr)
        return None
    if path.exists() and not path.is_file():
        print(f"colorcards: {path} is not a file", file=sys.stderr)
        return None
    return directory, path


def _reading(data_dir: str | None) -> Store | None:
    """A private copy of the database to read, or None after saying why not."""
    found = _data_dir(data_dir)
    return None if found is None else Store.open_for_reading(found[1])


def run_history(data_dir: str | None, as_json: bool) -> int:
    """Print the kept games, newest first; 0, or 1 if the database could not be read."""
    store = _reading(data_dir)
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
              f"{'  practice' if e.practice else ''}"
              f"{f'  {e.hints} on hints' if e.hints else ''}")
    return status


def run_export(data_dir: str | None, key: str) -> int:
    """Print the game `key` names as an export (JSON); 0, or 1 with a reason on stderr."""
    store = _reading(data_dir)
    if store is None:
        return 1
    try:
        entry = find_game(store.history(), key)
        kept = store.kept_game(entry.game_id)
        kept.replay()  # an export that cannot replay is refused here, not by its reader
        extra = exercises.exported(store, entry.game_id)  # its exercises, if any
    except ReplayError as exc:
        print(f"colorcards: cannot export {key}: {exc}", file=sys.stderr)
        return 1
    finally:
        store.close()
    sys.stdout.write(kept.dumps(extra) + "\n")
    return 0


def _streak(n: int) -> str:
    return streak_text(n) or "-"


def _row(label: list[str], s: LevelStats) -> list[str]:
    return [*label, str(s.games), str(s.wins), str(s.losses), str(s.draws),
            f"{s.win_rate:.0%}" if s.games else "-", _streak(s.current_streak),
            _streak(s.best_streak)]


def run_stats(data_dir: str | None, as_json: bool) -> int:
    """Print the statistics; 0 on success, 1 if the database could not be read.

    A file that cannot be read is dealt with exactly as the game deals with it, by the
    store's own `Store.open`: kept aside under a new name, its finished games carried
    into a new file, and the player told so first."""
    from rich import box
    from rich.console import Console
    from rich.table import Table

    found = _data_dir(data_dir)
    if found is None:
        return 1
    directory, path = found
    store = Store.open_for_reading(path)
    if store.problems and path.is_file():
        # The copy would not read: open the file as the game does, which keeps it aside
        # and carries what can be read into a new one (or says why it cannot).
        store.close()
        store = Store.open(directory)
    try:
        data = gather(store)
    finally:
        store.close()
    unreadable = bool(store.problems) and not store.saving
    if as_json:
        _print(json.dumps(data, indent=2))
        return 1 if unreadable else 0
    for problem in data["problems"]:
        print(f"colorcards: {problem}", file=sys.stderr)
    sys.stderr.flush()  # the reason comes before anything else is printed
    console = Console(highlight=False, soft_wrap=False)
    if not data["games"] and not data["practice"]:
        if data["problems"]:
            print(f"No finished games to show (statistics live in {path}).")
        elif directory.exists():
            print(f"No finished games yet (statistics live in {path}).")
        else:
            print(f"No finished games yet: there is no data directory at {directory} "
                  "(it is made when a game is first saved).")
        return 1 if unreadable else 0
    headers = ["Games", "Wins", "Losses", "Draws", "Win %", "Streak", "Best"]
    # No outer edge or padding: the per-preset table, the widest, fits 80 columns.
    table = Table(title="Your statistics by difficulty", box=box.SIMPLE_HEAD,
                  title_justify="left", padding=(0, 1), show_edge=False, pad_edge=False)
    table.add_column("Level", no_wrap=True)
    for h in headers:
        table.add_column(h, justify="right", no_wrap=True)
    for level, s in store_levels(data).items():
        table.add_row(*_row([level], s))
    console.print(table)
    console.print()
    per = Table(title="By preset", box=box.SIMPLE_HEAD, title_justify="left", padding=(0, 1),
                show_edge=False, pad_edge=False)
    per.add_column("Preset", no_wrap=True)
    per.add_column("Level", no_wrap=True)
    for h in headers:
        per.add_column(h, justify="right", no_wrap=True)
    for preset, levels in data["presets"].items():
        for level, s in levels.items():
            per.add_row(*_row([preset_title(preset), level], LevelStats(**s)))
    console.print(per)
    if data["accuracy"]:
        console.print()
        acc = Table(title="Accuracy of reviewed games (practice left out)",
                    box=box.SIMPLE_HEAD, title_justify="left", padding=(0, 1),
                    show_edge=False, pad_edge=False)
        acc.add_column("Level", no_wrap=True)
        for h in ("Reviewed", "Accuracy", "Chance lost a decision", "Coach's first choice"):
            acc.add_column(h, justify="right", no_wrap=True)
        for level, a in data["accuracy"].items():
            first = a["first_choice"]
            acc.add_row(level, str(a["games"]), f"{a['accuracy']:.0%}",
                        f"{a['avg_cost'] * 100:.1f}%", "–" if first is None else f"{first:.0%}")
        console.print(acc)
        like = data["plays_like"]
        if like:
            print(like["words"])
    if data["practice"]:
        games = sum(s["games"] for s in data["practice"].values())
        wins = sum(s["wins"] for s in data["practice"].values())
        print(f"Practice games (coach on or a move taken back), not counted above: {games}, "
              f"{wins} won.")
    from .store.exercises import PracticeStats

    drills = PracticeStats(**data["exercises"]).words()
    if drills:
        print(drills)
    print(f"Statistics from {path}.")
    return 0


def _print(text: str) -> None:
    """Print (a reader of a pipe gone away, as in `| head`, is dealt with in `cli.main`)."""
    print(text)
