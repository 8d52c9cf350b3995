"""`colorcards stats`: the player's statistics in the terminal, without starting the game.

Reads a copy of the database (never creating the data directory) so it works while a
game is running in another terminal. A file that cannot be read is dealt with exactly
as the game deals with it, by the store's own `Store.open`: kept aside under a new
name, its finished games carried into a new file, and the player told so first.
Imports Rich, never Textual.
"""

from __future__ import annotations

import json
import sys

from ..level import LEVELS
from .paths import DB_NAME, resolve_data_dir
from .records import LevelStats, streak_text
from .store import Store


def _streak(n: int) -> str:
    return streak_text(n) or "-"


def _title(preset: str) -> str:
    from ..engine import PRESETS

    found = PRESETS.get(preset)
    return found.title if found else preset


def _level(s: LevelStats) -> dict:
    """One level's figures; a level never played has no win rate (null), not 0.0."""
    data = s.as_json()
    if not s.games:
        data["win_rate"] = None
    return data


def accuracy_by_level(rows: list[tuple[str, float, float]]) -> dict[str, dict]:
    """Per level: reviewed games, their mean accuracy and mean cost per decision."""
    found: dict[str, dict] = {}
    for level in LEVELS:
        mine = [(share, cost) for lv, share, cost in rows if lv == level]
        if mine:
            found[level] = {"games": len(mine),
                            "accuracy": sum(s for s, _ in mine) / len(mine),
                            "avg_cost": sum(c for _, c in mine) / len(mine)}
    return found


def plays_like_json(rows: list[tuple[str, float, float]]) -> dict | None:
    """The level the player plays like, from their latest reviewed games (None until
    there are `FEWEST`)."""
    from ..replay.level import FEWEST, RECENT, estimate_words, nearest, plays_like

    costs = [cost for _, _, cost in rows][-RECENT:]
    if len(costs) < FEWEST:
        return None
    mean = sum(costs) / len(costs)
    return {"level": plays_like(costs), "nearest": nearest(mean), "games": len(costs),
            "avg_cost": mean, "words": estimate_words(costs)}


def gather(store: Store) -> dict:
    """Everything `stats` prints, as JSON-ready data."""
    levels = store.stats()
    practice = store.stats(practice=True)
    measured = store.accuracies()
    presets = {}
    for preset in store.presets():
        per_level = store.stats(preset)
        presets[preset] = {lv: _level(s) for lv, s in per_level.items() if s.games}
    return {
        "database": str(store.path),
        "games": sum(s.games for s in levels.values()),
        "levels": {lv: _level(s) for lv, s in levels.items()},
        "presets": presets,
        "accuracy": accuracy_by_level(measured),
        "plays_like": plays_like_json(measured),
        "practice": {lv: _level(s) for lv, s in practice.items() if s.games},
        "problems": list(store.problems),
    }


def _row(label: list[str], s: LevelStats) -> list[str]:
    return [*label, str(s.games), str(s.wins), str(s.losses), str(s.draws),
            f"{s.win_rate:.0%}" if s.games else "-", _streak(s.current_streak),
            _streak(s.best_streak)]


def run_stats(data_dir: str | None, as_json: bool) -> int:
    """Print the statistics; 0 on success, 1 if the database could not be read."""
    from rich import box
    from rich.console import Console
    from rich.table import Table

    try:
        directory = resolve_data_dir(data_dir)
    except Exception as exc:
        print(f"colorcards: cannot find a data directory ({exc})", file=sys.stderr)
        return 1
    path = directory / DB_NAME
    if directory.exists() and not directory.is_dir():
        print(f"colorcards: the data directory {directory} is a file, not a directory",
              file=sys.stderr)
        return 1
    if path.exists() and not path.is_file():
        print(f"colorcards: {path} is not a file", file=sys.stderr)
        return 1
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
    stats = store_levels(data)
    for level, s in stats.items():
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
            per.add_row(*_row([_title(preset), level], LevelStats(**s)))
    console.print(per)
    if data["accuracy"]:
        console.print()
        acc = Table(title="Accuracy of reviewed games (practice left out)",
                    box=box.SIMPLE_HEAD, title_justify="left", padding=(0, 1),
                    show_edge=False, pad_edge=False)
        acc.add_column("Level", no_wrap=True)
        for h in ("Reviewed", "Accuracy", "Points lost per decision"):
            acc.add_column(h, justify="right", no_wrap=True)
        for level, a in data["accuracy"].items():
            acc.add_row(level, str(a["games"]), f"{a['accuracy']:.0%}",
                        f"{a['avg_cost'] * 100:.1f}")
        console.print(acc)
        like = data["plays_like"]
        if like:
            print(like["words"])
    if data["practice"]:
        games = sum(s["games"] for s in data["practice"].values())
        wins = sum(s["wins"] for s in data["practice"].values())
        print(f"Practice games (coach on or a move taken back), not counted above: {games}, "
              f"{wins} won.")
    print(f"Statistics from {path}.")
    return 0


def _print(text: str) -> None:
    """Print, quietly stopping if the reader of a pipe has gone (`| head`)."""
    try:
        print(text)
        sys.stdout.flush()
    except BrokenPipeError:
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def store_levels(data: dict) -> dict[str, LevelStats]:
    """The per-level figures back as LevelStats, the four levels first."""
    levels: dict[str, LevelStats] = {
        lv: LevelStats(**data["levels"][lv]) for lv in LEVELS if lv in data["levels"]}
    for lv, s in data["levels"].items():
        levels.setdefault(lv, LevelStats(**s))
    return levels
