"""RULES.md §10, the house rules: each rule's text, tested on positions written out.

Seats in the positions are named as at a table of four: you (0), lily (1), zoe (2),
max (3); play runs up the seat numbers unless `direction=-1`.
"""

import pytest

from colorcards.engine import (
    DECLINE,
    DecisionKind,
    Game,
    IllegalAction,
    Rules,
    RulesError,
    Swap,
    get_preset,
    next_decision,
)
from colorcards.settings import GameSettings
from engine_helpers import check_108, hand, kinds, legal, position, rules, run

SEVEN_ZERO = rules(seven_zero="on")
JUMP = rules(jump_in="on")


# ---------------------------------------------------------------- seven_zero


def test_a_seven_swaps_hands_with_the_player_of_its_choice():
    """After a 7 is played, its player swaps hands with another player still in the
    round, of their choice (a decision of its own); then play goes on as after any
    number card."""
    game = position("top=R3 | you: R7 B2 G5 | lily: Y1 Y2 | zoe: G1 G2 G3 | max: - "
                    "| out=3", SEVEN_ZERO)
    run(game, "R7")
    assert game.phase == "swap" and game.current == 0
    assert legal(game) == ["swap:1", "swap:2"]  # every other seat in the round
    events = run(game, "swap:2")
    assert hand(game, 0) == "G1 G2 G3" and hand(game, 2) == "B2 G5"
    assert kinds(events) == ["swapped"] and game.current == 1 and game.phase == "turn"
    check_108(game)


def test_a_seven_that_was_the_last_card_swaps_nothing():
    """None if the 7 was their last card: the player goes out."""
    game = position("top=R3 | you: R7 | lily: Y1 Y2 | zoe: G1 G2", SEVEN_ZERO, called=[0])
    run(game, "R7")
    assert game.is_over and game.results[-1].winner == 0


@pytest.mark.parametrize("direction, expected, after", [
    (1, ["G3 G4 G5", "B2 G1", "", "Y1 Y2"], 1),
    (-1, ["Y1 Y2", "G3 G4 G5", "", "B2 G1"], 3),
])
def test_a_zero_passes_every_hand_on_in_the_direction_of_play(direction, expected, after):
    """After a 0 is played, every player still in the round passes their whole hand to
    the next such player in the direction of play (a seat out is passed over); then play
    goes on as after any number card."""
    game = position("top=R3 out=2 | you: R0 B2 G1 | lily: Y1 Y2 | zoe: - | max: G3 G4 G5",
                    rules("classic", seven_zero="on"), direction=direction)
    events = run(game, "R0")
    assert kinds(events) == ["played", "hands-passed"]
    assert [hand(game, s) for s in range(4)] == expected
    assert game.current == after
    check_108(game)


def test_nobody_owes_a_call_for_a_hand_received():
    """Playing a 7 down to one card owes no Last Card call (the hand is swapped away),
    and a player left holding one card by a swap cannot be caught."""
    game = position("top=R3 | you: R7 B2 | lily: Y1 Y2 G5 | zoe: G1", rules(
        "classic", seven_zero="on"))
    events = run(game, "R7", "swap:2")
    assert "missed-call" not in kinds(events) and game.vulnerable is None
    assert hand(game, 0) == "G1" and hand(game, 2) == "B2"
    assert not any(a.startswith("catch") for s in range(3) for a in legal(game, s))


def test_a_seat_knows_the_cards_it_gave_away_until_they_are_played():
    """A seat knows exactly the cards it gave away and which seat now holds them (until
    they are played), and nothing else about other hands."""
    game = position("top=R3 | you: R7 R2 G5 | lily: R1 Y2 | zoe: G1 G2 G3 | max: B5 B6",
                    SEVEN_ZERO)
    run(game, "R7", "swap:1")
    mine = game.view(0).known
    assert [[c.code for c in cards] for cards in mine] == [[], ["R2", "G5"], [], []]
    assert [[c.code for c in cards] for cards in game.view(1).known] == [
        ["R1", "Y2"], [], [], []]
    assert all(not any(game.view(s).known) for s in (2, 3))
    run(game, "1>R2")  # Lily plays one of the cards she was given
    assert [c.code for c in game.view(0).known[1]] == ["G5"]


def test_what_is_known_moves_with_the_hands_passed():
    """After a 0, the cards a seat gave are known in the hand of the seat after."""
    game = position("top=R3 | you: R7 B2 G5 R0 | lily: R1 Y2 | zoe: G1 G2 G3 | max: B5 B6",
                    SEVEN_ZERO)
    run(game, "R7", "swap:1")  # you gave B2 G5 R0 to Lily; you hold R1 Y2
    run(game, "1>R0")  # Lily passes everything on: your gift is now Zoe's
    known = [[c.code for c in cards] for cards in game.view(0).known]
    assert known == [[], ["R1", "Y2"], ["B2", "G5"], []]


def test_a_swap_timed_out_takes_the_next_players_hand():
    game = position("top=R3 | you: R7 B2 | lily: Y1 Y2 Y3 | zoe: G1", rules(
        seven_zero="on", turn_timer=30))
    run(game, "R7", "timeout")
    assert hand(game, 0) == "Y1 Y2 Y3" and game.current == 1


# ---------------------------------------------------------------- jump_in


def test_an_identical_card_may_be_jumped_in_before_the_next_player_acts():
    """When a coloured card is played, any other player holding an identical card may
    play it at once, out of turn, before the next player acts; play then goes on from
    the jumper (the players between are passed over)."""
    game = position("top=R3 | you: R5 B2 G5 | lily: Y1 Y2 | zoe: R5 G3 | max: B5 B6", JUMP)
    run(game, "R5")
    decision = next_decision(game)
    assert decision.kind is DecisionKind.JUMP and decision.seat == 2
    assert legal(game, 1) == []  # the next player waits for the offer
    assert legal(game, 2) == ["R5", "call"]  # two cards: the call may come first
    events = run(game, "2>call", "2>R5")
    assert kinds(events)[:3] == ["called", "played", "jumped-in"]
    assert game.current == 3 and hand(game, 2) == "G3"


@pytest.mark.parametrize("stacking, victim_draws, faces", [("off", 2, None), ("on", 0, 3)])
def test_the_card_jumped_on_has_already_done_what_it_does(stacking, victim_draws, faces):
    """A Skip's victim stays skipped; with stacking off a Draw Two's victim has drawn;
    with stacking on, a Draw Two jumped on adds its 2 to the penalty, which now faces
    the player after the jumper."""
    skip = position("top=R3 | you: RS B2 | lily: Y1 Y2 | zoe: G3 G4 | max: RS B6", JUMP)
    run(skip, "RS", "3>RS")
    assert skip.current == 1  # Max's Skip skips you: Lily plays
    assert [e.seat for e in skip.history if e.kind == "skipped"] == [1, 0]
    two = position("top=R3 | you: R+2 B2 | lily: Y1 Y2 | zoe: R+2 G4 | max: B5 B6",
                   rules(jump_in="on", stacking=stacking))
    run(two, "R+2", "2>R+2")
    assert len(two.hands[1]) == 2 + victim_draws
    if faces is None:
        assert two.pending == 0 and len(two.hands[3]) == 4 and two.current == 0
    else:
        assert two.current == faces and two.pending == 4


def test_wild_cards_cannot_be_jumped_on():
    game = position("top=R3 | you: W B2 | lily: Y1 Y2 | zoe: W G4", JUMP)
    run(game, "W:red")
    assert next_decision(game).kind is DecisionKind.TURN and game.offers == ()


def test_the_first_to_jump_wins_and_an_offer_let_go_leaves_no_trace():
    """The offer goes round in the direction of play from the card's player; the first
    to jump wins; offers let go by put nothing in the public record, so no seat learns
    that another could have jumped."""
    game = position("top=R3 | you: R5 B2 | lily: Y1 Y2 | zoe: R5 G4 | max: B5 B6", JUMP)
    quiet = position("top=R3 | you: R5 B2 | lily: Y1 Y2 | zoe: G4 R6 | max: B5 B6", JUMP)
    run(game, "R5")
    run(quiet, "R5")
    assert game.offers == (2,) and quiet.offers == ()
    run(game, "2>decline")
    assert next_decision(game).kind is DecisionKind.TURN
    for seat in (0, 1, 3):
        seen = [e.as_json() for e in game.view(seat).history]
        assert seen == [e.as_json() for e in quiet.view(seat).history]
        assert game.view(seat).as_json() == quiet.view(seat).as_json()


def test_the_next_player_is_not_offered_the_jump():
    """The next player holding an identical card plays it on its own turn."""
    game = position("top=R3 | you: R5 B2 | lily: R5 Y2 | zoe: G4 G6", JUMP)
    run(game, "R5")
    assert game.offers == () and "R5" in legal(game)


def test_a_jump_with_two_cards_may_call_last_card_first():
    game = position("top=R3 | you: R5 B2 | lily: Y1 Y2 | zoe: R5 G4 | max: B5 B6",
                    rules("classic", jump_in="on"))
    run(game, "call", "R5")
    assert legal(game, 2) == ["R5", "call"]
    run(game, "2>call", "2>R5")
    assert game.vulnerable is None and hand(game, 2) == "G4"


def test_nobody_plays_out_of_turn_without_an_offer():
    game = position("top=R3 | you: R5 B2 | lily: Y1 Y2 | zoe: R6 G4", JUMP)
    run(game, "R5")
    with pytest.raises(IllegalAction):
        run(game, "2>R6")
    with pytest.raises(IllegalAction):
        game.apply(DECLINE, 2)


# ---------------------------------------------------------------- draw_count, drawn_card


def test_a_draw_goes_on_until_a_card_can_be_played():
    """A player who draws keeps drawing until they draw a card they can play; they may
    then play that card or keep it, as after a single draw."""
    game = position("top=R3 | you: B7 G1 | lily: Y1 Y2 | pile: B1 G9 R8 Y4 ...",
                    rules(draw_count="until-playable"))
    events = run(game, "draw")
    assert [e.count for e in events if e.kind == "drew"] == [3]
    assert game.phase == "drawn" and game.drawn.code == "R8"
    assert legal(game) == ["R8", "pass"]


def test_a_draw_until_playable_stops_when_both_piles_are_empty():
    game = position("top=R3 deck=partial | you: B7 G1 | lily: Y1 Y2 | pile: B1 G9",
                    rules(draw_count="until-playable"))
    run(game, "draw")
    assert hand(game, 0) == "B1 B7 G1 G9" and game.current == 1


def test_a_drawn_card_that_can_be_played_must_be_played():
    game = position("top=R3 | you: B7 G1 | lily: Y1 Y2 | pile: R8 ...",
                    rules(drawn_card="must-play"))
    run(game, "draw")
    assert legal(game) == ["R8"]
    kept = position("top=R3 | you: B7 G1 | lily: Y1 Y2 | pile: B8 ...",
                    rules(drawn_card="must-play"))
    run(kept, "draw")
    assert kept.current == 1  # a card that cannot be played is kept, as always


# ---------------------------------------------------------------- stacking: any


@pytest.mark.parametrize("held, answers", [("B+2", True), ("R+2", False), ("W+4", True)])
def test_stack_anything_lets_a_draw_two_answer_a_wild_draw_four_of_its_colour(held, answers):
    """As stacking on, and a Draw Two may also answer a Wild Draw Four when it is of the
    colour named."""
    game = position(f"top=W+4 colour=blue | you: {held} Y5 | lily: G2 G3",
                    rules(stacking="any", draw_four="free"), pending=4)
    assert (held in [w.split(":")[0] for w in legal(game)]) is answers
    on = position(f"top=W+4 colour=blue | you: {held} Y5 | lily: G2 G3",
                  rules(stacking="on", draw_four="free"), pending=4)
    assert (held in [w.split(":")[0] for w in legal(on)]) is (held == "W+4")


def test_a_draw_two_on_a_wild_draw_four_passes_the_total_on():
    game = position("top=W+4 colour=blue | you: B+2 Y5 | lily: G2 G3 | zoe: G4",
                    rules(stacking="any"), pending=4)
    run(game, "B+2")
    assert game.pending == 6 and game.current == 1


def test_a_challenge_needs_stacking_off():
    with pytest.raises(RulesError):
        Rules(stacking="any", draw_four="challenge")


# ---------------------------------------------------------------- partners


@pytest.mark.parametrize("seats", [2, 3, 5, 7])
def test_partners_are_played_at_four_or_six_seats(seats):
    with pytest.raises(RulesError, match="4 or 6"):
        Game(rules(partners="on"), seats, 1)


def test_partners_are_not_played_at_crazy():
    with pytest.raises(RulesError, match="Crazy"):
        GameSettings(difficulty="crazy", changes={"partners": "on"}).rules()


def test_a_partner_going_out_wins_the_round_for_both():
    """Players sitting opposite each other are a side: the first player out wins the
    round for their side, which scores the points left in the other sides' hands (never
    a partner's); a side's win is each of its players' win."""
    game = position("top=R3 | you: G7 G8 | lily: Y1 Y2 | zoe: R5 | max: B9 W",
                    rules(partners="on"), current=2, called=[2])
    run(game, "R5")
    result = game.results[-1]
    assert result.winner == 2 and game.winners == (0, 2)
    assert result.points == 1 + 2 + 9 + 50  # Lily's and Max's hands, not yours
    assert game.scores == [result.points, 0, result.points, 0]
    assert result.table_points[0] == result.table_points[2] == 3
    assert result.order[:2] == (2, 0)


def test_a_side_reaching_the_target_wins_together():
    game = position("top=R3 scores=480,0,480,0 | you: G7 | lily: Y1 Y2 | zoe: R5 | "
                    "max: B9 W", rules("classic", partners="on", round_end="first-out"),
                    current=2, called=[2])
    run(game, "R5")
    assert game.is_over and game.winners == (0, 2)


def test_partners_sit_opposite_at_six():
    assert get_preset("party").rules(partners="on").sides(6)[1] == frozenset({1, 4})
    assert Swap(2) is Swap(2)
