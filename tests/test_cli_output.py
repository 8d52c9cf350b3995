"""Output that cannot be written (a full disk, a standard output closed before the command
started) ends every printing command with one line on stderr and status 1, never a
traceback; the game without a terminal says it needs one and ends with status 2 at once."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys

import pytest

from colorcards.cli import main
from colorcards.store import Store
from history_helpers import play_evening


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    path = tmp_path_factory.mktemp("output")
    with Store.open(path) as store:
        play_evening(store, games=1, abandon_every=0, autosave=False)
    return path


class Full:
    """A standard output on a full disk: writes are taken, the flush fails."""

    def __init__(self) -> None:
        self.taken = ""

    def write(self, text: str) -> int:
        self.taken += text
        return len(text)

    def flush(self) -> None:
        if self.taken:
            raise OSError(errno.ENOSPC, "No space left on device")

    def isatty(self) -> bool:
        return False


def _commands(data, tmp_path) -> list[list[str]]:
    export = tmp_path / "game.json"
    with open(export, "w") as out:
        assert subprocess.run([sys.executable, "-m", "colorcards", "export", "last",
                               "--data-dir", str(data)], stdout=out).returncode == 0
    where = ["--data-dir", str(data)]
    return [["stats", *where], ["stats", "--json", *where], ["history", *where],
            ["history", "--json", *where], ["export", "last", *where],
            ["sim", "--games", "2"], ["sim", "--games", "2", "--json"],
            ["replay", str(export), "--check"], ["--help"], ["stats", "--help"]]


@pytest.mark.parametrize("stdout", ["full", "closed"])
def test_every_printing_command_says_it_cannot_write_in_one_line(data, tmp_path, capsys,
                                                                  monkeypatch, stdout):
    for argv in _commands(data, tmp_path):
        monkeypatch.setattr(sys, "stdout", Full() if stdout == "full" else None)
        try:
            status = main(argv)
        except SystemExit as exc:
            status = exc.code
        monkeypatch.undo()
        err = capsys.readouterr().err
        why = "no space left on device" if stdout == "full" else "standard output is closed"
        assert status == 1, argv
        assert err.splitlines()[-1] == f"colorcards: cannot write the output: {why}", argv
        assert "Traceback" not in err


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("argv", [["stats"], ["history", "--json"]])
def test_as_a_process_on_a_full_disk_and_a_closed_output(data, argv):
    """The installed command itself: nothing else on stderr, not even at exit."""
    command = [sys.executable, "-m", "colorcards", *argv, "--data-dir", str(data)]
    with open("/dev/full", "w") as full:
        done = subprocess.run(command, stdout=full, stderr=subprocess.PIPE, text=True,
                              timeout=60)
    assert done.returncode == 1
    assert done.stderr == "colorcards: cannot write the output: no space left on device\n"
    closed = subprocess.run(command, stderr=subprocess.PIPE, text=True, timeout=60,
                            preexec_fn=lambda: os.close(1))
    assert closed.returncode == 1
    assert closed.stderr == "colorcards: cannot write the output: standard output is closed\n"


def test_the_game_without_a_terminal_says_it_needs_one(tmp_path):
    """`colorcards </dev/null >out 2>err`: one line, status 2, at once (it used to wait
    for keys forever, writing escape codes to err)."""
    env = {k: v for k, v in os.environ.items() if k != "TEXTUAL_DRIVER"}
    for argv in (["--data-dir", str(tmp_path)], ["--preset", "duel", "--data-dir", str(tmp_path)]):
        done = subprocess.run([sys.executable, "-m", "colorcards", *argv],
                              stdin=subprocess.DEVNULL, capture_output=True, text=True,
                              timeout=60, env=env)
        assert done.returncode == 2 and done.stdout == ""
        [line] = done.stderr.splitlines()
        assert line.startswith("colorcards: the game needs a terminal to play in")
    assert not (tmp_path / "colorcards.db").exists()  # nothing opened


def test_replaying_a_file_without_a_terminal_checks_it_then_says_so(data, tmp_path):
    export = tmp_path / "game.json"
    export.write_text(json.dumps(json.loads(subprocess.run(
        [sys.executable, "-m", "colorcards", "export", "last", "--data-dir", str(data)],
        capture_output=True, text=True).stdout)))
    env = {k: v for k, v in os.environ.items() if k != "TEXTUAL_DRIVER"}
    done = subprocess.run([sys.executable, "-m", "colorcards", "replay", str(export)],
                          stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          timeout=60, env=env)
    assert done.returncode == 2
    assert done.stderr.startswith("colorcards: the game needs a terminal")
