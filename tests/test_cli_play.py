"""The game's own command-line options: a mistake is one line in the player's terms."""

import pytest

from colorcards.cli import main


@pytest.mark.parametrize("argv, words", [
    (["--opponents", "0"], "--opponents 0: Color Cards is played against 1 to 9 computer "
                           "opponents"),
    (["--opponents", "10"], "--opponents 10: Color Cards is played against 1 to 9 computer "
                            "opponents"),
    (["--preset", "duel", "--opponents", "3"],
     "--opponents 3: Duel is played against exactly 1 computer opponent"),
    (["--preset", "classic", "--opponents", "6"],
     "--opponents 6: Classic is played against 1 to 5 computer opponents"),
])
def test_opponents_out_of_range_is_said_in_opponents(argv, words, capsys, tmp_path):
    """--opponents counts computer players; the answer counts them too (not 'players')."""
    assert main(["--data-dir", str(tmp_path), *argv]) == 2
    err = capsys.readouterr().err
    assert err == f"colorcards: {words}\n"
    assert "players, not" not in err


@pytest.mark.parametrize("value", ["0", "-1", "many", "999", ""])
def test_coach_workers_out_of_range_is_said_in_the_players_words(value, capsys, tmp_path,
                                                                monkeypatch):
    """--coach-workers takes 1 to the cores; anything else is one line, and no game starts
    (nothing is written to the data directory)."""
    from colorcards.coach.pool import cores

    started = []
    monkeypatch.setattr("colorcards.tui.program.run_app", lambda args: started.append(args) or 0)
    assert main(["--data-dir", str(tmp_path / "data"), "--coach-workers", value]) == 2
    err = capsys.readouterr().err
    assert err == (f"colorcards: --coach-workers takes a number from 1 to {cores()} (the "
                   f"cores this machine gives the game), not {value!r}\n")
    assert started == [] and not (tmp_path / "data").exists()


def test_coach_workers_reach_the_coachs_process(monkeypatch, tmp_path):
    """A count in range is handed to the app, which starts the coach's process with it."""
    from colorcards.tui.program import player_app

    started = []
    monkeypatch.setattr("colorcards.tui.program.run_app", lambda args: started.append(args) or 0)
    assert main(["--data-dir", str(tmp_path), "--coach-workers", "1"]) == 0
    assert started[0].coach_workers == 1
    assert player_app(coach_workers=1).remote_coach.workers == 1
    assert player_app().remote_coach.workers is None
