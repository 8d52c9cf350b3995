"""`colorcards stats`: a readable table, JSON, and sentences instead of tracebacks."""

import json
import subprocess
import sys

from colorcards.cli import main
from colorcards.engine import Game, get_preset
from colorcards.store import Store
from store_helpers import new_meta, play_out


def _fill(data, games):
    """Record (preset, difficulty, seed) games; the records."""
    with Store.open(data) as store:
        out = []
        for i, (preset, level, seed) in enumerate(games):
            game = Game(get_preset(preset).rules(), 2, seed=seed)
            meta = new_meta(game, f"g{i}", preset, level)
            log: list[str] = []
            meta = play_out(game, meta, log)
            out.append(store.finish_game(game, meta, log))
        return out


GAMES = [("duel", "hard", 1), ("duel", "hard", 2), ("party", "hard", 3), ("party", "easy", 4),
         ("duel", "crazy", 5)]


def test_table_shows_every_level_and_preset(tmp_path, capsys):
    """Levels in order with their figures; presets by title; no colour codes."""
    records = _fill(tmp_path, GAMES)
    assert main(["stats", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "\x1b[" not in out
    lines = out.splitlines()
    rows = {line.split()[0]: line.split() for line in lines if line.strip()
            and line.split()[0] in ("easy", "normal", "hard", "crazy")}
    hard = [r for r in records if r.difficulty == "hard"]
    wins = sum(r.result == "win" for r in hard)
    assert rows["hard"][1:3] == ["3", str(wins)]
    assert rows["normal"][1] == "0"
    assert "Duel" in out and "Party" in out
    assert str(tmp_path / "colorcards.db") in out


def test_json_matches_the_store(tmp_path, capsys):
    """--json prints the same figures the store derives."""
    _fill(tmp_path, GAMES)
    assert main(["stats", "--json", "--data-dir", str(tmp_path)]) == 0
    data = json.loads(capsys.readouterr().out)
    with Store.open(tmp_path) as store:
        expected = {k: {**v.as_json(), "win_rate": v.win_rate if v.games else None}
                    for k, v in store.stats().items()}
        duel = {k: v.as_json() for k, v in store.stats("duel").items() if v.games}
    assert data["levels"] == expected and data["presets"]["duel"] == duel
    assert data["games"] == len(GAMES) and data["problems"] == []


def test_json_win_rate_of_a_level_never_played_is_null(tmp_path, capsys):
    """A level with no games has no win rate: null, not a 0.0 that reads as all lost."""
    _fill(tmp_path, GAMES)
    assert main(["stats", "--json", "--data-dir", str(tmp_path)]) == 0
    levels = json.loads(capsys.readouterr().out)["levels"]
    assert any(v["games"] == 0 for v in levels.values())
    for level in levels.values():
        assert (level["win_rate"] is None) is (level["games"] == 0)


def test_global_data_dir_option_works_too(tmp_path, capsys):
    """`colorcards --data-dir X stats` reads X."""
    _fill(tmp_path, GAMES[:1])
    assert main(["--data-dir", str(tmp_path), "stats", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 1


def test_no_games_yet_creates_nothing(tmp_path, capsys):
    """A data dir that does not exist: a sentence, zeros, and no directory made."""
    target = tmp_path / "none"
    assert main(["stats", "--data-dir", str(target)]) == 0
    out = capsys.readouterr().out
    assert "No finished games yet" in out and f"no data directory at {target}" in out
    assert not target.exists()


def test_stats_read_while_a_game_runs(tmp_path, capsys):
    """Another copy owning the data dir does not stop `stats`, nor is it mentioned."""
    _fill(tmp_path, GAMES[:2])
    with Store.open(tmp_path):
        assert main(["stats", "--json", "--data-dir", str(tmp_path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 2 and data["problems"] == []


def test_a_damaged_file_is_kept_aside_as_the_game_does_and_said_first(tmp_path, capsys):
    """Garbage in the database: as when the game opens it, the file is kept aside whole
    under a new name and a new one started; stderr says so, and stdout never claims
    'No finished games yet' as if nothing were wrong."""
    path = tmp_path / "colorcards.db"
    garbage = b"not sqlite at all" * 100
    path.write_bytes(garbage)
    assert main(["stats", "--data-dir", str(tmp_path)]) == 0
    captured = capsys.readouterr()
    [kept] = [p for p in tmp_path.iterdir() if p.name.startswith("colorcards.db.damaged-")]
    assert kept.read_bytes() == garbage
    assert "Traceback" not in captured.err and str(path) in captured.err
    assert kept.name in captured.err and "Nothing in it could be read" in captured.err
    assert "No finished games yet" not in captured.out
    assert "No finished games to show" in captured.out


def test_a_cut_short_file_shows_the_games_the_game_would_recover(tmp_path, capsys):
    """A truncated file: stats recovers the finished games the game itself would, says
    so on stderr first, shows them, and the game then opens the repaired file quietly."""
    _fill(tmp_path, GAMES * 8)
    path = tmp_path / "colorcards.db"
    content = path.read_bytes()
    path.write_bytes(content[: len(content) * 3 // 4])
    assert main(["stats", "--json", "--data-dir", str(tmp_path)]) == 0
    data = json.loads(capsys.readouterr().out)
    [problem] = data["problems"]
    assert "could be read and were kept" in problem and "damaged-" in problem
    assert 0 < data["games"] <= len(GAMES) * 8
    with Store.open(tmp_path) as store:
        assert store.problems == [] and len(store.records()) == data["games"]


def test_a_damaged_file_another_copy_holds_is_reported_not_moved(tmp_path, capsys):
    """While a running game holds the data directory nothing is moved: the reason, exit 1."""
    from colorcards.store.lock import DirLock
    from colorcards.store.paths import LOCK_NAME

    path = tmp_path / "colorcards.db"
    path.write_bytes(b"not sqlite at all" * 100)
    lock = DirLock.acquire(tmp_path / LOCK_NAME)  # as a running game holds it
    try:
        assert main(["stats", "--data-dir", str(tmp_path)]) == 1
    finally:
        lock.release()
    captured = capsys.readouterr()
    assert str(path) in captured.err and "No finished games yet" not in captured.out
    assert not [p for p in tmp_path.iterdir() if "damaged" in p.name]


def test_a_data_dir_that_is_a_file(tmp_path, capsys):
    """--data-dir pointing at a file: a message, exit 1."""
    target = tmp_path / "file"
    target.write_text("x")
    assert main(["stats", "--data-dir", str(target)]) == 1
    assert f"{target} is a file, not a directory" in capsys.readouterr().err


def test_stats_never_imports_textual(tmp_path):
    """The command runs without loading Textual (it must start fast, and work headless)."""
    code = ("import sys; from colorcards.cli import main; main(['stats', '--json', "
            "'--data-dir', sys.argv[1]]); print('textual' in sys.modules, file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0
    assert done.stderr.strip().splitlines()[-1] == "False"


def test_store_package_imports_no_textual():
    """colorcards.store never imports Textual (the layer rule)."""
    code = ("import sys, colorcards.store, colorcards.store.report, colorcards.commands; "
            "print('textual' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "False"


def test_tables_fit_80_columns_uncut(tmp_path, capsys, monkeypatch):
    """Piped or in an 80-column terminal, no column is cut to '…' (the per-preset
    table, the widest, with the longest preset title and a long streak)."""
    monkeypatch.setenv("COLUMNS", "80")
    _fill(tmp_path, [("colour-match", "normal", seed) for seed in range(1, 13)])
    assert main(["stats", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Colour Match" in out and "Best" in out
    assert "…" not in out
    tables = [line for line in out.splitlines() if str(tmp_path) not in line]
    assert all(len(line.rstrip()) <= 80 for line in tables)
