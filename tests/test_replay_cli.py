"""`colorcards history`, `export` and `replay --check`: round trips, and every bad input
refused with one line naming what is wrong (and which action), never a traceback."""

import json

import pytest

from colorcards.cli import main
from colorcards.replay import KeptGame, ReplayError
from colorcards.replay.kept import read_export
from colorcards.store import Store
from colorcards.store.recovery import connect
from colorcards.store.schema import migrate
from history_helpers import play_evening


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    """A data directory with three kept games (the newest a Color Cards win or loss) and
    one recorded before games were kept."""
    path = tmp_path_factory.mktemp("history")
    db = connect(path / "colorcards.db")
    migrate(db, upto=2)
    db.execute(
        "INSERT INTO records (game_id, finished_at, preset, rules, difficulty, seats, result, "
        "abandoned, place, table_points, cards_left, points_left, turns, duration_seconds, "
        "seed, meta) VALUES ('0ld00000', '2026-11-01T20:00:00+00:00', 'color-cards', '{}', "
        "'hard', 4, 'win', 0, 1, 3, 0, 0, 30, 60.0, '12', '{}')")
    db.close()
    with Store.open(path) as store:
        play_evening(store, games=3, abandon_every=0, autosave=False,
                     plan=(("classic", 3, "normal"), ("duel", 2, "hard"),
                           ("color-cards", 4, "hard")))
    return path


def _run(argv, capsys):
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def _export(data, capsys, game="last") -> dict:
    code, out, err = _run(["--data-dir", str(data), "export", game], capsys)
    assert code == 0 and err == ""
    return json.loads(out)


def test_history_lists_games_newest_first_with_no_replay_for_old_ones(data, capsys):
    """Text and JSON: newest first, the old record marked as having no replay."""
    code, out, err = _run(["history", "--data-dir", str(data)], capsys)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("Game") and "Color Cards" in lines[1]
    assert "no replay" in lines[-1] and "won, 1st of 4" in lines[-1]
    assert lines[-1].endswith(" -")  # not reviewed: no accuracy
    code, out, _ = _run(["history", "--json", "--data-dir", str(data)], capsys)
    listed = json.loads(out)
    assert [g["replay"] for g in listed] == [True, True, True, False]
    assert [g["preset"] for g in listed] == ["color-cards", "duel", "classic", "color-cards"]


def test_history_of_an_empty_directory_says_so(tmp_path, capsys):
    """No games: one sentence, exit 0, nothing created."""
    code, out, _ = _run(["history", "--data-dir", str(tmp_path / "none")], capsys)
    assert code == 0 and out.startswith("No finished games yet")
    assert not (tmp_path / "none").exists()


def test_export_then_replay_round_trips(data, capsys, tmp_path):
    """export > file; replay --check says it replays to its result; the file has the
    format version, options, seats, levels, seed and actions."""
    exported = _export(data, capsys)
    assert exported["format"] == "colorcards-replay" and exported["version"] == 1
    assert exported["levels"] == ["you", "hard", "hard", "hard"] and exported["seats"] == 4
    assert isinstance(exported["seed"], int) and exported["options"]["stacking"] == "on"
    path = tmp_path / "game.json"
    path.write_text(json.dumps(exported))
    code, out, err = _run(["replay", str(path), "--check"], capsys)
    assert code == 0 and "replays to its recorded result" in out and err == ""
    kept, game, distrust = read_export(str(path))
    assert distrust is None and game.is_over
    assert KeptGame.loads(kept.dumps()) == kept


def test_export_by_the_start_of_an_id(data, capsys):
    """A unique start of the id names the game; a short or unknown one is refused."""
    listed = json.loads(_run(["history", "--json", "--data-dir", str(data)], capsys)[1])
    game_id = listed[1]["game"]
    assert _export(data, capsys, game_id[:12])["preset"] == "duel"
    code, out, err = _run(["--data-dir", str(data), "export", "zzzzzz"], capsys)
    assert code == 1 and out == "" and "no game in your history" in err
    assert len(err.splitlines()) == 1


def test_export_of_a_game_with_no_replay_is_refused(data, capsys):
    """The old record: one line saying why, exit 1."""
    code, out, err = _run(["--data-dir", str(data), "export", "0ld00000"], capsys)
    assert code == 1 and out == "" and "no replay" in err and len(err.splitlines()) == 1


def _edited(data, capsys, edit) -> dict:
    exported = _export(data, capsys)
    edit(exported)
    return exported


def _set(key, value):
    return lambda d: d.__setitem__(key, value)


def _bad_action(d):
    d["actions"][5] = "0W+4>R" if not d["actions"][5].startswith("0W+4") else "0R0"


def _garbled_token(d):
    d["actions"][3] = "9Q9"


def _drop_tail(d):
    del d["actions"][-3:]


def _edit_turns(d):
    d["result"]["turns"] += 2


def _unknown_option(d):
    d["options"]["flip_side"] = "on"


def _bad_option_value(d):
    d["options"]["stacking"] = "sometimes"


BAD = [
    ("newer version", _set("version", 2), "comes from a newer colorcards (replay format 2"),
    ("not an export", _set("format", "something-else"), "not a colorcards game export"),
    ("unknown option", _unknown_option, "unknown rule option 'flip_side'"),
    ("impossible option value", _bad_option_value, "stacking cannot be 'sometimes'"),
    ("seats out of range", _set("seats", 11), "it has 11 seats"),
    ("seed not a number", _set("seed", "lucky"), "'seed' is not a whole number"),
    ("levels wrong", _set("levels", ["you", "hard", "expert", "hard"]), "its levels"),
    ("no actions", lambda d: d.pop("actions"), "it has no 'actions'"),
    ("impossible action", _bad_action, "action 6 of"),
    ("garbled action", _garbled_token, "action 4 of"),
]


@pytest.mark.parametrize(("edit", "words"), [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_a_bad_export_is_refused_in_one_line(data, capsys, tmp_path, edit, words):
    """Each hand edit: exit 1, one line on stderr naming what is wrong, no traceback."""
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(_edited(data, capsys, edit)))
    code, out, err = _run(["replay", str(path)], capsys)
    assert code == 1 and out == ""
    assert len(err.splitlines()) == 1 and words in err and "Traceback" not in err
    assert err.startswith(f"colorcards: cannot replay {path}")


def test_an_impossible_action_is_named(data, capsys):
    """The refusal says which action, whose, and why the rules refuse it."""
    exported = _edited(data, capsys, _bad_action)
    with pytest.raises(ReplayError, match=r"^action 6 of \d+ \(You: play .*\) is impossible: "
                                          r"[a-z]"):  # the reason as a clause, not 'It ...'
        KeptGame.from_json(exported).replay()


@pytest.mark.parametrize(("edit", "words"), [
    (_edit_turns, "the turns"),
    (_drop_tail, "does not reach the end of the game"),
], ids=["result edited", "actions cut short"])
def test_an_export_that_does_not_reach_its_result_cannot_be_trusted(data, capsys, tmp_path,
                                                                     edit, words):
    """It replays, but not to what it says: --check refuses it, naming the difference."""
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(_edited(data, capsys, edit)))
    code, out, err = _run(["replay", str(path), "--check"], capsys)
    assert code == 1 and out == "" and "cannot be trusted" in err and words in err
    assert len(err.splitlines()) == 1


@pytest.mark.parametrize(("content", "words"), [
    (None, "No such file"),
    (b"", "not valid JSON"),
    (b'{"format": "colorcards-replay", "version": 1, "opt', "not valid JSON"),
    (b"\x89PNG\r\n\x1a\n\x00\x00", "not text"),
    (b"[1, 2, 3]", "not a colorcards game export"),
], ids=["missing", "empty", "truncated", "binary", "a list"])
def test_a_damaged_file_is_refused_in_one_line(tmp_path, capsys, content, words):
    """Missing, empty, cut short, binary, or other JSON: one line, exit 1."""
    path = tmp_path / "game.json"
    if content is not None:
        path.write_bytes(content)
    code, out, err = _run(["replay", str(path)], capsys)
    assert code == 1 and out == "" and words in err and len(err.splitlines()) == 1


def test_a_truncated_real_export_is_refused(data, capsys, tmp_path):
    """A real export cut anywhere in the middle never gets past reading."""
    text = json.dumps(_export(data, capsys), indent=1)
    for cut in (len(text) // 3, len(text) // 2, len(text) - 2):
        path = tmp_path / f"cut-{cut}.json"
        path.write_text(text[:cut])
        code, _, err = _run(["replay", str(path), "--check"], capsys)
        assert code == 1 and "not valid JSON" in err


def test_replay_takes_the_data_dir_after_the_subcommand(data, capsys, tmp_path):
    """`colorcards replay --data-dir X file.json --check`, as stats and history take it."""
    path = tmp_path / "game.json"
    path.write_text(json.dumps(_export(data, capsys)))
    code, out, err = _run(["replay", "--data-dir", str(data), str(path), "--check"], capsys)
    assert code == 0 and "replays to its recorded result" in out and err == ""


@pytest.mark.parametrize("command", ["stats", "history", "export", "replay"])
def test_subcommand_help_shows_no_internal_names(command, capsys):
    """--help says DIR, not the parser's STATS_DATA_DIR."""
    with pytest.raises(SystemExit):
        main([command, "--help"])
    out = capsys.readouterr().out
    assert "--data-dir DIR" in out and "STATS_DATA_DIR" not in out


@pytest.mark.parametrize("argv", [["history"], ["history", "--json"], ["stats"],
                                  ["stats", "--json"], ["export", "last"]])
def test_a_reader_that_goes_away_leaves_no_traceback(data, argv):
    """`colorcards history | head -1`: the pipe's reader is gone before the command writes
    (closed here at once, before the child has even started); it stops quietly (Rich,
    which prints the statistics' tables, stops them with 1 on its own)."""
    import subprocess
    import sys

    child = subprocess.Popen([sys.executable, "-m", "colorcards", *argv, "--data-dir",
                              str(data)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert child.stdout is not None and child.stderr is not None
    child.stdout.close()  # `head` has read its line and gone
    err = child.stderr.read().decode()
    assert child.wait(timeout=60) in (0, 1) and err == "", err


def test_an_export_saved_with_a_byte_order_mark_replays(data, capsys, tmp_path):
    """An editor that writes UTF-8 with a byte-order mark: the file still replays, and
    its exercises are read as the game is."""
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(_export(data, capsys)).encode())
    code, out, err = _run(["replay", str(path), "--check"], capsys)
    assert code == 0 and "replays to its recorded result" in out and err == ""


def test_a_bad_action_is_named_without_repeating_all_of_it(data, capsys, tmp_path):
    """A thousand-character action: the refusal names it by its start, on one short line."""
    path = tmp_path / "long.json"
    path.write_text(json.dumps(_edited(data, capsys, lambda d: d["actions"].__setitem__(
        4, "0" + "Q" * 1000))))
    code, _, err = _run(["replay", str(path), "--check"], capsys)
    assert code == 1 and "action 5 of" in err and "'0QQQ" in err and "…" in err
    assert len(err) < 200 and len(err.splitlines()) == 1


def test_names_from_a_file_cannot_write_to_the_terminal(data, capsys):
    """Control characters in a name (an escape sequence, a line break, a direction
    override) are shown as replacement marks; a name of any length is cut short."""
    names = ["You", "Ann\x1b[31m", "Bo\nBo", "Cy\u202eyC"]
    kept = KeptGame.from_json(_edited(data, capsys, _set("names", names)))
    assert kept.names == ("You", "Ann\ufffd[31m", "Bo\ufffdBo", "Cy\ufffdyC")
    long = KeptGame.from_json(_edited(data, capsys, _set("names", ["You", "W" * 500] * 2)))
    assert len(long.names[1]) == 40 and long.names[1].endswith("…")
