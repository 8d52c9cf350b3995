"""RULES.md §4: Skip, Reverse, Draw Two, Wild Draw Four, stacking and the challenge."""

import pytest

from colorcards.engine import IllegalAction, Rules, RulesError
from engine_helpers import check_108, kinds, legal, position, rules, run

FOUR = "top=R3 | you: RS RR R+2 W+4 B1 B2 | lily: G1 G2 G3 | zoe: Y1 Y2 Y3 | max: G4 G5 G6"
OFF = rules(stacking="off")


@pytest.mark.parametrize("direction, card, current, new_direction", [
    (1, "RS", 2, 1),
    (-1, "RS", 2, -1),
    (1, "RR", 3, -1),
    (-1, "RR", 1, 1),
    (1, "B1", None, 1),
])
def test_skip_and_reverse_at_four(direction, card, current, new_direction):
    """Skip: the next player misses a turn. Reverse: direction flips."""
    game = position(FOUR.replace("top=R3", "top=R1"), OFF, direction=direction)
    run(game, card)
    if current is None:
        current = 1 if direction == 1 else 3
    assert game.current == current and game.direction == new_direction


@pytest.mark.parametrize("card", ["RR", "RS"])
def test_two_player_reverse_acts_as_skip(card):
    """With two players a Reverse acts as a Skip: the same player goes again."""
    game = position("top=R3 | you: RR RS B1 | lily: G1 G2", OFF)
    events = run(game, card)
    assert game.current == 0
    assert "skipped" in kinds(events)


def test_reverse_with_two_players_left_in_play_on():
    """In play-on, once two players are left a Reverse acts as a Skip."""
    game = position("top=R3 | you: RR B1 | lily: - | zoe: G1 G2 | max: -", rules("classic"),
                    out=[1, 3])
    events = run(game, "RR")
    assert game.current == 0 and "skipped" in kinds(events)


def test_skip_passes_over_empty_seats_in_play_on():
    """Play-on: seats that went out are passed over, also by Skip."""
    game = position("top=R3 | you: RS B1 B2 | lily: - | zoe: G1 G2 | max: Y1 Y2", rules("classic"),
                    out=[1])
    run(game, "RS")
    assert game.current == 3
    game = position("top=R3 | you: B3 B1 B2 | lily: - | zoe: G1 G2 | max: Y1 Y2", rules("classic"),
                    out=[1])
    run(game, "B3")
    assert game.current == 2


def test_reverse_passes_over_empty_seats_in_play_on():
    """Play-on with three left: Reverse flips direction and passes over empty seats."""
    game = position("top=R3 | you: RR B1 B2 | lily: G1 G2 | zoe: Y3 Y4 | max: -", rules("classic"),
                    out=[3])
    run(game, "RR")
    assert game.direction == -1 and game.current == 2


@pytest.mark.parametrize("card, drawn", [("R+2", 2), ("W+4:blue", 4)])
@pytest.mark.parametrize("draw_four", ["free", "restricted"])
def test_draw_cards_without_stacking(card, drawn, draw_four):
    """Without stacking the next player draws at once and misses the turn."""
    colour = "red" if card == "R+2" else "green"  # red in force lets the Red Draw Two match
    game = position(f"top=G3 colour={colour} | you: R+2 W+4 B1 B2 | lily: G1 G2 | zoe: Y1 Y2",
                    rules(stacking="off", draw_four=draw_four))
    events = run(game, card)
    assert len(game.hands[1]) == 2 + drawn
    assert game.current == 2 and "skipped" in kinds(events)
    check_108(game)


# ---------------------------------------------------------------- stacking

STACK = rules(stacking="on", draw_four="free")


@pytest.mark.parametrize("top, pending, answers", [
    ("R+2", 2, ["B+2", "W+4:red", "W+4:blue", "W+4:yellow", "W+4:green", "accept"]),
    ("W+4 colour=red", 4, ["W+4:red", "W+4:blue", "W+4:yellow", "W+4:green", "accept"]),
    ("W+4 colour=blue", 8, ["W+4:red", "W+4:blue", "W+4:yellow", "W+4:green", "accept"]),
])
def test_stacking_answers(top, pending, answers):
    """+2 answers +2; +4 answers either; +2 may not answer +4; plain cards never answer."""
    game = position(f"top={top} | you: R5 B5 B+2 W W+4 | lily: G1 G2", STACK, pending=pending)
    assert legal(game) == answers


def test_draw_two_may_not_answer_draw_four():
    """A Draw Two on a pending Wild Draw Four is refused with the reason."""
    game = position("top=W+4 colour=red | you: R+2 W+4 | lily: G1 G2", STACK, pending=4)
    with pytest.raises(IllegalAction, match="a Draw Two cannot answer a Wild Draw Four"):
        run(game, "R+2")


def test_stacked_wild_draw_four_still_restricted():
    """Answering with a Wild Draw Four is still subject to draw_four (restricted)."""
    game = position("top=R+2 | you: R5 Y5 W+4 | lily: G1 G2", rules(stacking="on"), pending=2)
    assert legal(game) == ["accept"]
    game = position("top=R+2 | you: B5 W+4 | lily: G1 G2", rules(stacking="on"), pending=2)
    assert legal(game)[:1] == ["W+4:red"]


def test_stacking_totals_add_and_reset():
    """The penalty adds up (2, 4, 8); the first who will not answer draws it all, then it resets."""
    game = position("top=G1 colour=red | you: R+2 B5 B6 | lily: B+2 G7 G8 | zoe: W+4 Y5 Y6 "
                    "| max: G4 G5 G6", STACK)
    run(game, "R+2")
    assert game.pending == 2 and game.current == 1
    run(game, "B+2")
    assert game.pending == 4 and game.current == 2
    run(game, "W+4:green")
    assert game.pending == 8 and game.current == 3
    events = run(game, "accept")
    assert len(game.hands[3]) == 11 and game.pending == 0
    assert game.current == 0 and "skipped" in kinds(events)
    assert "B5" not in legal(game) and "draw" in legal(game)
    check_108(game)


def test_stacking_off_means_no_answer():
    """With stacking off the victim has no chance to answer."""
    game = position("top=R3 | you: R+2 B5 | lily: B+2 G7", OFF)
    run(game, "R+2")
    assert len(game.hands[1]) == 4 and game.current == 0 and game.pending == 0


def test_pending_penalty_allows_no_draw_or_pass():
    """Facing a penalty, draw and pass are refused: stack or take it."""
    game = position("top=R+2 | you: R5 B5 B6 | lily: G1", STACK, pending=2)
    assert legal(game) == ["accept"]
    with pytest.raises(IllegalAction, match=r"You must draw 2"):
        run(game, "draw")


# ---------------------------------------------------------------- the challenge

CHAL = rules("party", draw_four="challenge")


def played_w4(you: str, top: str = "R3"):
    """Seat 0 plays Wild Draw Four naming blue on `top` with `you` in hand; Lily faces it."""
    game = position(f"top={top} | you: W+4 {you} | lily: G1 G2 G5 | zoe: Y1 Y2 Y3", CHAL)
    run(game, "W+4:blue")
    assert game.phase == "challenge" and game.current == 1 and game.challenge_from == 0
    assert legal(game) == ["challenge", "accept"]
    return game


def test_challenge_a_bluff():
    """Bluff (a card of the colour in force was held): the player draws 4, the victim plays on."""
    game = played_w4("R5 G9")
    events = run(game, "challenge")
    assert kinds(events) == ["challenged", "drew"] and events[0].bluff
    assert len(game.hands[0]) == 2 + 4 and len(game.hands[1]) == 3
    assert game.current == 1 and game.phase == "turn"
    assert "G1" not in legal(game)  # blue is in force
    check_108(game)


@pytest.mark.parametrize("you", ["B3 G9", "W G9", "Y7 G9"])
def test_challenge_an_honest_play(you):
    """Honest (matching numbers and Wilds do not count): the challenger draws 6 and misses
    the turn."""
    game = played_w4(you)
    events = run(game, "challenge")
    assert not events[0].bluff
    assert len(game.hands[1]) == 3 + 6 and len(game.hands[0]) == 2
    assert game.current == 2 and "skipped" in kinds(events)


def test_accepting_the_wild_draw_four():
    """Not challenging: draw 4 and miss the turn."""
    game = played_w4("R5 G9")
    run(game, "accept")
    assert len(game.hands[1]) == 7 and game.current == 2


def test_challenge_judged_against_colour_before_wild():
    """The bluff test uses the colour in force before the card, here a Wild's named yellow."""
    game = position("top=W colour=yellow | you: W+4 R5 G9 | lily: G1 G2 G5", CHAL)
    run(game, "W+4:red")
    run(game, "challenge")
    assert len(game.hands[1]) == 9  # holding red was no bluff: red was not in force


@pytest.mark.parametrize("literal, action", [
    ("top=R3 | you: W+4 R5 | lily: G1", "W+4:red"),
])
def test_challenge_refused_in_other_phases(literal, action):
    """There is nothing to challenge until a Wild Draw Four is played on you."""
    game = position(literal, CHAL)
    with pytest.raises(IllegalAction, match="no Wild Draw Four to challenge"):
        run(game, "challenge")


@pytest.mark.parametrize("draw_four", ["restricted", "free"])
def test_no_challenge_unless_the_option_says_so(draw_four):
    """restricted and free: the Wild Draw Four hits at once, no challenge."""
    game = position("top=R3 | you: W+4 B5 | lily: G1 G2", rules("party", draw_four=draw_four))
    run(game, "W+4:red")
    assert game.phase == "turn" and len(game.hands[1]) == 6


def test_challenge_only_with_stacking_off():
    """A challenge exists only with stacking off: the combination is refused."""
    with pytest.raises(RulesError, match="stacking off"):
        Rules(draw_four="challenge", stacking="on")
    with pytest.raises(RulesError, match="stacking off"):
        rules("color-cards", draw_four="challenge")
