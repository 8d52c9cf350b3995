"""RULES.md §6: going out, play-on, scoring, match lengths, ties and table points."""

import pytest

from colorcards.engine import ALL_CARDS, Ending, Outcome, Rank, parse_card
from engine_helpers import check_108, kinds, legal, position, rules, run


@pytest.mark.parametrize("code, points", [
    ("R0", 0), ("B5", 5), ("G9", 9), ("YS", 20), ("RR", 20), ("B+2", 20), ("W", 50), ("W+4", 50),
])
def test_card_points(code, points):
    """Numbers score face value, Skip/Reverse/Draw Two 20, wilds 50."""
    assert parse_card(code).points == points


def test_every_card_scores_by_rank():
    """All 54 distinct cards score by the table."""
    for card in ALL_CARDS:
        expected = int(card.rank.value) if card.rank.is_number else 50 if card.is_wild else 20
        assert card.points == expected


def test_winner_scores_the_other_hands():
    """The round winner scores the points of all cards left in the other hands."""
    game = position("top=R3 | you: R5 | lily: G7 BS YR | zoe: G+2 W W+4 B0", rules("party"))
    events = run(game, "R5")
    assert game.phase == "match-over" and game.winners == (0,)
    assert game.scores == [7 + 20 + 20 + 20 + 50 + 50 + 0, 0, 0]
    assert game.results[-1].points == 167 and game.results[-1].winner == 0
    assert kinds(events)[-3:] == ["went-out", "round-ended", "match-ended"]


@pytest.mark.parametrize("card, drawn", [("R+2", 2), ("W+4:red", 4)])
def test_going_out_on_a_draw_card_still_makes_next_draw(card, drawn):
    """Going out on Draw Two / Wild Draw Four: the next player still draws, and it counts."""
    code = card.split(":")[0]
    game = position(f"top=R3 | you: {code} | lily: G1 G2 | zoe: Y1 | pile: B9 B8 B7 B6 ...",
                    rules("party"))
    run(game, card)
    assert len(game.hands[1]) == 2 + drawn
    expected = 1 + 2 + 1 + sum([9, 8, 7, 6][:drawn])
    assert game.scores[0] == expected


def test_going_out_on_a_stacked_draw_two_passes_the_whole_total():
    """Stacking on: going out with a Draw Two on a pending +2 makes the next draw 4."""
    game = position("top=B+2 | you: R+2 | lily: G1 G2", rules(), pending=2)
    run(game, "R+2")
    assert len(game.hands[1]) == 6 and game.winners == (0,)


def test_play_on_victim_of_last_draw_card_draws_and_misses():
    """Play-on: the next player draws for the winning Draw Two and misses the turn."""
    game = position("top=R3 | you: R+2 | lily: G1 G2 | zoe: Y1 Y2 | max: B1 B2", rules("classic"))
    run(game, "R+2")
    assert game.phase == "turn" and len(game.hands[1]) == 4 and game.current == 2
    assert game.out == [0]


def test_play_on_places_and_end():
    """Play-on: the rest play on for the places; the round ends when one still holds cards."""
    game = position("top=R3 | you: R5 | lily: R6 | zoe: R7 R8 | max: B1 B2 | pile: Y9 ...",
                    rules("family-night"))
    run(game, "R5")
    assert game.phase == "turn" and game.current == 1 and game.winner_points == 6 + 7 + 8 + 1 + 2
    run(game, "R6")
    assert game.phase == "turn" and game.current == 2 and game.out == [0, 1]
    run(game, "R7")
    assert game.phase == "turn" and game.current == 3  # Last Card auto-called
    run(game, "draw")  # Yellow 9 cannot be played: kept, the turn passes
    assert game.current == 2
    run(game, "R8")
    assert game.phase == "round-over"
    result = game.results[-1]
    assert result.order == (0, 1, 2, 3) and result.winner == 0
    assert result.table_points == (3, 1, 0, 0)
    assert game.scores == [24, 0, 0, 0]  # only the first out scores, as the hands stood then


def test_play_on_with_two_seats_ends_at_first_out():
    """Play-on needs three or more players: at two the round ends at once."""
    game = position("top=R3 | you: R5 | lily: G1", rules("classic"))
    run(game, "R5")
    assert game.phase == "round-over"


def test_first_out_ends_round_at_once():
    """first-out: the first player to empty their hand wins and the round ends."""
    game = position("top=R3 | you: R5 | lily: G1 | zoe: G2 | max: G3",
                    rules("party", match="rounds:3"))
    run(game, "R5")
    assert game.phase == "round-over" and game.current_seat is None
    assert legal(game) == ["next"]


@pytest.mark.parametrize("hands, order, table", [
    (["R5", "G1"], [0, 1], [3, 0]),
    (["R5", "G1", "G2"], [0, 1, 2], [3, 1, 0]),
    (["R5", "G9", "G2"], [0, 2, 1], [3, 0, 1]),
    (["R5", "G1", "G2", "G3"], [0, 1, 2, 3], [3, 1, 0, 0]),
    (["R5", "G1", "G2", "G3", "G4"], [0, 1, 2, 3, 4], [3, 1, 1, 0, 0]),
    (["R5", "G4", "G2", "G3", "G1"], [0, 4, 2, 3, 1], [3, 0, 1, 0, 1]),
    (["R5", "B1", "B2", "B3", "B4", "B5"], [0, 1, 2, 3, 4, 5], [3, 1, 1, 0, 0, 0]),
    (["R5"] + [f"B{i}" for i in range(1, 10)], list(range(10)), [3, 1, 1, 1, 1, 0, 0, 0, 0, 0]),
])
def test_table_points_half_rounded_up(hands, order, table):
    """Winner 3, the rest of the top half (rounded up) 1, below 0; ordered by fewest hand points."""
    literal = "top=R3 | " + " | ".join(f"s{i}: {h}" for i, h in enumerate(hands))
    game = position(literal, rules(match="rounds:3"))
    run(game, "R5")
    assert game.results[-1].order == tuple(order)
    assert game.results[-1].table_points == tuple(table)
    assert game.table_points == table


def test_table_points_add_up_over_rounds():
    """Table points are summed over the rounds of the match."""
    game = position("top=R3 | you: R5 | lily: G1 | zoe: G2", rules(match="rounds:3"),
                    table_points=[3, 1, 4], round=2)
    run(game, "R5")
    assert game.table_points == [6, 2, 4]


@pytest.mark.parametrize("match, round, scores, after, over, winners", [
    ("single", 1, [0, 0], [12, 0], True, (0,)),
    ("rounds:3", 1, [0, 0], [12, 0], False, ()),
    ("rounds:3", 2, [0, 40], [12, 40], False, ()),
    ("rounds:3", 3, [0, 40], [12, 40], True, (1,)),
    ("rounds:3", 3, [28, 40], [40, 40], True, (0, 1)),
    ("rounds:5", 3, [0, 0], [12, 0], False, ()),
    ("rounds:5", 5, [0, 0], [12, 0], True, (0,)),
    ("to:500", 7, [480, 490], [492, 490], False, ()),
    ("to:500", 8, [488, 490], [500, 490], True, (0,)),
    ("to:500", 2, [0, 0], [12, 0], False, ()),
])
def test_match_lengths(match, round, scores, after, over, winners):
    """single; rounds:N (highest total, ties share); to:500 (until someone reaches 500)."""
    game = position("top=R3 | you: R5 | lily: G1 B1 Y1 R9", rules(match=match),
                    round=round, scores=scores)
    run(game, "R5")
    assert game.scores == after
    assert game.is_over is over
    assert game.winners == winners
    if not over:
        assert game.phase == "round-over"
        run(game, "next")
        assert game.round == round + 1 and game.phase in ("turn", "name-colour")
        assert ([len(h) for h in game.hands] == [7, 7] or game.pending
                or game.top.rank is Rank.DRAW_TWO)
        check_108(game)


def test_next_round_redeals_and_keeps_scores():
    """The next round deals fresh hands and keeps the match totals."""
    game = position("top=R3 | you: R5 | lily: G1 B1 Y1 R9 | zoe: G2",
                    rules("party", match="rounds:3"))
    run(game, "R5")
    run(game, "next")
    assert game.scores == [14, 0, 0] and game.round == 2 and game.out == []
    assert [len(h) for h in game.hands] == [7, 7, 7]
    check_108(game)


def test_next_round_only_between_rounds():
    """Dealing the next round is refused while a round is being played and after the match."""
    game = position("top=R3 | you: R5 | lily: G1", rules())
    run(game, "R5")
    assert game.is_over and game.legal_actions() == ()
    with pytest.raises(Exception, match="The game is over"):
        run(game, "next")


def test_round_over_legal_query_for_a_seat_does_not_block_next_round():
    """Asking a seat's legal actions between rounds must not stop the table dealing."""
    game = position("top=R3 | you: R5 | lily: G1", rules(match="rounds:3"))
    run(game, "R5")
    assert legal(game, game.current) == []
    run(game, "next")
    assert game.round == 2


@pytest.mark.parametrize("literal, card, current, direction", [
    ("top=R3 | you: RR | lily: G1 G2 | zoe: Y1 Y2 | max: B1 B2", "RR", 3, -1),
    ("top=R3 | you: RR | lily: G1 G2 | zoe: Y1 Y2", "RR", 2, None),
    ("top=R3 | you: RS | lily: G1 G2 | zoe: Y1 Y2 | max: B1 B2", "RS", 2, 1),
    ("top=R3 | you: R5 | lily: G1 G2 | zoe: Y1 Y2 | max: B1 B2", "R5", 1, 1),
])
def test_going_out_on_an_action_card_in_play_on(literal, card, current, direction):
    """Play-on: the winning card still acts (Reverse flips, or skips with two left; Skip skips)."""
    game = position(literal, rules("classic"))
    run(game, card)
    assert game.out == [0] and game.phase == "turn" and game.current == current
    if direction is not None:
        assert game.direction == direction


@pytest.mark.parametrize("card, drawn", [("R+2", 2), ("W+4:green", 4)])
def test_two_players_draw_card_means_go_again(card, drawn):
    """Two players, stacking off: the victim draws and the player goes again."""
    code = card.split(":")[0]
    game = position(f"top=R3 | you: {code} B5 | lily: G1 G2", rules("duel"))
    run(game, card)
    assert len(game.hands[1]) == 2 + drawn and game.current == 0


@pytest.mark.parametrize("match, round, scores, ending, winners", [
    ("single", 1, [0, 0], Ending.WENT_OUT, (0,)),
    ("rounds:3", 3, [0, 40], Ending.ROUNDS_PLAYED, (1,)),
    ("rounds:3", 3, [28, 40], Ending.ROUNDS_PLAYED, (0, 1)),
    ("to:500", 8, [488, 490], Ending.TARGET_REACHED, (0,)),
])
def test_outcome_says_who_won_and_why(match, round, scores, ending, winners):
    """The outcome: the winners, why the match ended, the totals and the rounds played."""
    game = position("top=R3 | you: R5 | lily: G1 B1 Y1 R9", rules(match=match),
                    round=round, scores=scores)
    assert game.outcome() is None
    run(game, "R5")
    assert game.outcome() == Outcome(winners, ending, tuple(game.scores),
                                     tuple(game.table_points), round)


def test_a_match_still_being_played_has_no_outcome():
    """Between the rounds of a longer match there is no outcome yet."""
    game = position("top=R3 | you: R5 | lily: G1 B1 Y1 R9", rules(match="rounds:3"))
    run(game, "R5")
    assert game.phase == "round-over" and game.outcome() is None


def test_places_come_from_the_engines_scoring():
    """A round's places follow its finishing order; a match's, the match points with
    equal totals sharing the better place (issue 19: one scoring home)."""
    from colorcards.engine.outcome import RoundResult
    from colorcards.engine.scoring import match_places

    result = RoundResult(1, 2, 30, (2, 0, 3, 1), (3, 1, 0, 0), (0, 3, 0, 5))
    assert result.places == (2, 4, 1, 3)
    assert match_places([120, 40, 120, 0]) == (1, 3, 1, 4)
