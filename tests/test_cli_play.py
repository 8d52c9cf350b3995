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
