"""`colorcards sim`: the summary it prints and the one-line refusals."""

import json
import os
import re
import signal
import subprocess
import sys
import time

import pytest

from colorcards.cli import main


def run_json(capsys, *args):
    assert main(["sim", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_json_summary_has_every_field(capsys):
    """The JSON object carries the totals and one entry per named player, in order."""
    data = run_json(capsys, "--preset", "duel", "--players", "random,random",
                    "--games", "40", "--seed", "3")
    assert data["games"] == 40
    assert data["seconds"] > 0 and data["games_per_second"] > 0
    assert data["mean_turns"] > 0 and data["stalemates"] == 0
    assert [p["player"] for p in data["players"]] == ["random", "random"]
    assert sum(p["wins"] for p in data["players"]) == pytest.approx(40)
    for p in data["players"]:
        low, high = p["ci95"]
        assert 0 <= low <= p["win_rate"] <= high <= 1
        assert p["win_rate"] == pytest.approx(p["wins"] / 40, abs=1e-4)


def test_same_seed_same_results_whatever_the_workers(capsys):
    """Per-game seeds make the results independent of how games are spread."""
    args = ["--preset", "party", "--players", "hard,random,easy", "--games", "30", "--seed", "9"]
    one = run_json(capsys, *args, "--workers", "1")
    two = run_json(capsys, *args, "--workers", "2")
    assert one["players"] == two["players"]
    assert one["mean_turns"] == two["mean_turns"]


def test_rule_changes_apply(capsys):
    """--rule takes RULES.md's option names and values."""
    data = run_json(capsys, "--preset", "duel", "--players", "random,random", "--games", "5",
                    "--rule", "stacking=on", "--rule", "draw=any-time")
    assert data["games"] == 5


def test_text_summary_names_each_player(capsys):
    """Without --json a short table is printed."""
    assert main(["sim", "--preset", "duel", "--players", "hard,random", "--games", "10"]) == 0
    out = capsys.readouterr().out
    assert "10 games of Duel" in out
    assert "hard" in out and "random" in out and "95% interval" in out
    assert re.search(r"wins +\d+  ", out) and not re.search(r"wins +\d+\.0 ", out)


def test_games_option_says_what_it_is_and_its_default(capsys):
    with pytest.raises(SystemExit):
        main(["sim", "--help"])
    assert "how many games to play (default 1000)" in " ".join(capsys.readouterr().out.split())


@pytest.mark.parametrize("args, reason", [
    (["--preset", "nope"], "unknown preset 'nope'"),
    (["--rule", "stacking=maybe"], "stacking cannot be 'maybe'"),
    (["--rule", "colour=red"], "unknown rule option 'colour'"),
    (["--rule", "stacking"], "--rule takes KEY=VALUE"),
    (["--preset", "duel", "--players", "random,random,random"], "exactly 2 players, not 3"),
    (["--preset", "party", "--players", ",".join(["random"] * 9)], "2 to 8 players, not 9"),
    (["--rule", "draw_four=challenge"], "challenge exists only with stacking off"),
    (["--games", "-5"], "--games must be at least 1"),
    (["--workers", "0"], "--workers must be at least 1"),
    (["--players", "random,wizard"], "unknown player 'wizard'"),
])
def test_bad_arguments_exit_with_one_line(capsys, args, reason):
    """Every refusal is one line on stderr and a non-zero exit."""
    assert main(["sim", *args]) != 0
    err = capsys.readouterr().err
    assert reason in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_bad_arguments_from_the_shell_print_no_traceback(tmp_path):
    """Run as a program, a bad count still exits 2 with a single line."""
    proc = subprocess.run([sys.executable, "-m", "colorcards", "sim", "--games", "x"],
                          capture_output=True, text=True, cwd=tmp_path)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1



def test_a_game_counts_every_action_applied_as_a_decision(monkeypatch):
    """`decisions` counts draws, plays, passes, calls and deals alike: the game's actions."""
    import colorcards.sim as sim
    from colorcards.bots import make_player
    from colorcards.engine import Game, get_preset

    games = []

    class Recorded(Game):
        def __init__(self, *args):
            super().__init__(*args)
            games.append(self)

    monkeypatch.setattr(sim, "Game", Recorded)
    result = sim.play_game(get_preset("classic").rules(), [make_player("random")] * 3, seed=7)
    assert result.decisions == len(games[0].actions) > result.turns > 0


@pytest.mark.parametrize("fixed, seat_zero",
                         [(True, {"hard"}), (False, {"hard", "easy", "random"})])
def test_fixed_seats_keep_the_first_player_in_the_human_seat(monkeypatch, fixed, seat_zero):
    """With --fixed-seats the first named player sits in seat 0 in every game; without,
    the players rotate round the seats."""
    import colorcards.sim as sim
    from colorcards.engine import get_preset

    seated = []
    real = sim.play_game

    def recording(rules, players, seed, **kwargs):
        seated.append([p.name for p in players])
        return real(rules, players, seed, **kwargs)

    monkeypatch.setattr(sim, "play_game", recording)
    sim.run(get_preset("party").rules(), ["hard", "easy", "random"], 6, seed=2,
            fixed_seats=fixed)
    assert len(seated) == 6
    assert {names[0] for names in seated} == seat_zero
    if fixed:
        assert all(names == ["hard", "easy", "random"] for names in seated)


def test_fixed_seats_from_the_command_line(capsys):
    """The option reaches the run: the player named first keeps seat 0, which plays first."""
    rotated = run_json(capsys, "--preset", "duel", "--players", "hard,random", "--games", "60",
                       "--seed", "4")
    fixed = run_json(capsys, "--preset", "duel", "--players", "hard,random", "--games", "60",
                     "--seed", "4", "--fixed-seats")
    assert fixed["games"] == rotated["games"] == 60
    assert fixed["players"] != rotated["players"]


def _children(pid: int) -> list[int]:
    """The processes `pid` started (Linux's /proc)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry))
    return found


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="finds the workers in /proc")
@pytest.mark.parametrize("how", ["SIGKILL", "SIGTERM"])
def test_a_killed_sim_takes_its_workers_with_it(how):
    """`sim --workers 2` killed by any signal (SIGKILL, which nothing can catch, too):
    neither worker outlives it by more than a moment."""
    sim = subprocess.Popen([sys.executable, "-m", "colorcards", "sim", "--games", "1000000",
                            "--workers", "2", "--json"], stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while len(workers := _children(sim.pid)) < 2:
            assert time.monotonic() < deadline and sim.poll() is None, "no workers started"
            time.sleep(0.05)
        sim.send_signal(getattr(signal, how))
        sim.wait(timeout=30)
        deadline = time.monotonic() + 10
        while left := [w for w in workers if _alive(w)]:
            assert time.monotonic() < deadline, f"workers {left} outlived the sim"
            time.sleep(0.05)
    finally:
        if sim.poll() is None:
            sim.kill()
