"""Games that once failed to end, kept so they never come back."""

from colorcards.bots import make_player
from colorcards.engine import get_preset
from colorcards.sim import play_game


def test_hard_players_saving_wilds_still_finish_a_classic_match():
    """Hard players drawing to save their Wilds once drew against each other forever."""
    rules = get_preset("classic").rules()
    players = [make_player("hard") for _ in range(4)]
    result = play_game(rules, players, 1000, max_turns=20_000)
    assert result.winners
    assert result.turns < 20_000
