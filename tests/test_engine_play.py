"""RULES.md §3-§4: what may be played on what, and the words used when it may not."""

import pytest

from colorcards.engine import IllegalAction, game_from_text, parse_card
from engine_helpers import P, check_108, legal, position, rules, run


@pytest.mark.parametrize("literal, card, ok", [
    ("top=R3 | you: R9 G1 | lily: G2", "R9", True),
    ("top=R3 | you: B3 G1 | lily: G2", "B3", True),
    ("top=RS | you: BS G1 | lily: G2", "BS", True),
    ("top=RR | you: GR G1 | lily: G2", "GR", True),
    ("top=R+2 | you: Y+2 G1 | lily: G2", "Y+2", True),
    ("top=R3 | you: B7 G1 | lily: G2", "B7", False),
    ("top=RS | you: BR G1 | lily: G2", "BR", False),
    ("top=R+2 | you: BS G1 | lily: G2", "BS", False),
    ("top=W colour=green | you: G7 B1 | lily: G2", "G7", True),
    ("top=W colour=green | you: B7 G1 | lily: G2", "B7", False),
    ("top=W+4 colour=blue | you: B7 G1 | lily: G2", "B7", True),
    ("top=W+4 colour=blue | you: R7 G1 | lily: G2", "R7", False),
])
def test_match_by_colour_number_or_symbol(literal, card, ok):
    """A card matches the active colour, the top card's number, or its symbol."""
    game = position(literal, rules(stacking="off"))
    assert (card in legal(game)) is ok


@pytest.mark.parametrize("top, colour", [("R3", None), ("BS", None), ("G+2", None), ("Y0", None),
                                         ("W", "red"), ("W+4", "blue")])
@pytest.mark.parametrize("preset", ["color-cards", "classic", "duel"])
def test_wild_can_always_be_played(top, colour, preset):
    """A plain Wild can be played on anything, naming any of the four colours."""
    literal = f"top={top} " + (f"colour={colour} " if colour else "") + "| you: W R5 B5 | lily: G2"
    game = position(literal, rules(preset, stacking="off"))
    wilds = [w for w in legal(game) if w.startswith("W:")]
    assert wilds == ["W:red", "W:blue", "W:yellow", "W:green"]


@pytest.mark.parametrize("literal, ok", [
    ("top=R3 | you: W+4 B5 G1 | lily: G2", True),
    ("top=R3 | you: W+4 R5 G1 | lily: G2", False),
    ("top=R3 | you: W+4 B3 G1 | lily: G2", True),        # a matching number does not count
    ("top=R3 | you: W+4 W G1 | lily: G2", True),         # a plain Wild does not count
    ("top=R3 | you: W+4 BS | lily: G2", True),
    ("top=W colour=blue | you: W+4 R5 | lily: G2", True),  # red is not the colour in force
    ("top=W colour=blue | you: W+4 B5 | lily: G2", False),
    ("top=W+4 colour=green | you: W+4 G5 | lily: G2", False),
    ("top=W+4 colour=green | you: W+4 Y5 | lily: G2", True),
])
def test_draw_four_restricted(literal, ok):
    """Restricted: Wild Draw Four only while holding no card of the colour in force."""
    game = position(literal, rules(stacking="off", draw_four="restricted"))
    assert ("W+4:red" in legal(game)) is ok
    assert game.can_apply(P("W+4", "red")) is ok


@pytest.mark.parametrize("draw_four", ["challenge", "free"])
@pytest.mark.parametrize("literal", [
    "top=R3 | you: W+4 R5 G1 | lily: G2",
    "top=W colour=blue | you: W+4 B5 | lily: G2",
    "top=R3 | you: W+4 B5 | lily: G2",
])
def test_draw_four_challenge_and_free_always_playable(draw_four, literal):
    """Challenge and free: Wild Draw Four may always be played."""
    game = position(literal, rules("party", draw_four=draw_four))
    assert ["W+4:red", "W+4:blue", "W+4:yellow", "W+4:green"] == [
        w for w in legal(game) if w.startswith("W+4")]


def test_draw_four_judged_before_it_is_played():
    """Restricted legality uses the colour before the W+4, not the colour it names."""
    game = position("top=B3 | you: W+4 R5 G1 | lily: G2 G3", rules(stacking="off"))
    run(game, "W+4:red")
    assert game.active_colour.value == "red"
    assert len(game.hands[1]) == 6


@pytest.mark.parametrize("literal, action, pattern", [
    ("top=R3 | you: B7 R5 | lily: G2", "B7",
     r"^Blue 7 does not match Red 3 — play red \S+, a 3 or a Wild\.?$"),
    ("top=GS | you: B7 R5 | lily: G2", "B7",
     r"^Blue 7 does not match Green Skip — play green \S+, a Skip or a Wild\.?$"),
    ("top=R8 | you: B7 R5 | lily: G2", "B7",
     r"^Blue 7 does not match Red 8 — play red \S+, an 8 or a Wild\.?$"),
    ("top=W colour=yellow | you: B7 R5 | lily: G2", "B7",
     r"^Blue 7 does not match Wild — play yellow \S+ or a Wild\.?$"),
    ("top=R3 | you: W+4 R5 | lily: G2", "W+4:blue",
     r"^You hold a red card, so Wild Draw Four is not allowed"),
    ("top=R3 | you: W+4 R5 | lily: G2", "G9", r"^You do not hold Green 9"),
    ("top=R3 | you: W R5 | lily: G2", "W", r"^Name a colour for your Wild"),
    ("top=R3 | you: W R5 | lily: G2", "R5:blue", r"^Only a Wild names a colour"),
    ("top=R3 | you: W R5 | lily: G2", "accept", r"^There is no penalty to take"),
    ("top=R3 | you: W R5 | lily: G2", "challenge", r"^There is no Wild Draw Four to challenge"),
    ("top=R3 | you: W R5 | lily: G2", "pass", r"^You can only pass after drawing"),
    ("top=R3 | you: W R5 | lily: G2", "next", r"^The round is still being played"),
    ("top=R3 | you: W R5 | lily: G2", "1>G2", r"^It is not your turn"),
])
def test_illegal_action_says_why(literal, action, pattern):
    """An illegal action raises IllegalAction with a sentence a player understands."""
    game = position(literal, rules(stacking="off"))
    with pytest.raises(IllegalAction, match=pattern):
        run(game, action)


@pytest.mark.parametrize("literal, pending, action, pattern", [
    # Issue 41, item 6: the card first (the prompt's words again read as nothing done)
    ("top=R+2 | you: R5 B1 B2 | lily: G2", 2, "R5",
     r"^Red 5 cannot pass on the 2 cards you must draw: only a Draw Two or a Wild Draw Four"),
    ("top=W+4 colour=red | you: R+2 B1 | lily: G2", 4, "R+2",
     r"a Draw Two cannot answer a Wild Draw Four"),
    ("top=R+2 | you: W+4 R5 B1 | lily: G2", 2, "W+4:blue",
     r"^You hold a red card, so Wild Draw Four is not allowed"),
    ("top=W+4 colour=red | you: W+4 R5 B1 | lily: G2", 4, "W+4:blue",
     r"^You hold a red card, so Wild Draw Four is not allowed"),
])
def test_illegal_stack_says_why(literal, pending, action, pattern):
    """Facing a stacked penalty, the refusal names the rule that was broken."""
    game = position(literal, rules(), pending=pending)
    with pytest.raises(IllegalAction, match=pattern):
        run(game, action)


@pytest.mark.parametrize("preset, literal, kw, action", [
    ("color-cards", "top=R3 | you: B7 R5 | lily: G2", {}, "B7"),
    ("color-cards", "top=R3 | you: W+4 R5 | lily: G2", {}, "W+4:green"),
    ("color-cards", "top=R3 | you: W R5 | lily: G2", {}, "W"),
    ("color-cards", "top=R3 | you: W R5 G1 | lily: G2", {}, "call"),
    ("color-cards", "top=R3 | you: W R5 | lily: G2", {}, "catch:1"),
    ("color-cards", "top=R3 | you: W R5 | lily: G2", {}, "1>G2"),
    ("color-cards", "top=R3 | you: W R5 | lily: G2", {}, "name:red"),
    ("color-cards", "top=R3 | you: W R5 | lily: G2", {}, "close"),
    ("color-cards", "top=R3 | you: W R5 | lily: G2", {}, "timeout"),
    ("color-cards", "top=R3 | you: W R5 | lily: G2", {}, "next"),
    ("color-cards", "top=R+2 | you: R5 G3 | lily: G2", {"pending": 2}, "R5"),
    ("color-cards", "top=R+2 | you: R5 G3 | lily: G2", {"pending": 2}, "draw"),
    ("color-cards", "top=W+4 colour=red | you: B+2 G3 | lily: G2", {"pending": 4}, "B+2"),
    ("duel", "top=R3 | you: R5 G3 | lily: G2", {}, "draw"),
    ("duel", "top=R3 | you: R5 G3 | lily: G2", {"phase": "drawn", "drawn": "R5"}, "G3"),
    ("duel", "top=R3 | you: R5 G3 | lily: G2", {"phase": "drawn", "drawn": "R5"}, "draw"),
])
def test_illegal_action_changes_nothing(preset, literal, kw, action):
    """A refused action leaves the whole state, to the last byte of JSON, as it was."""
    game = position(literal, rules(preset), **kw)
    before = game.to_json()
    with pytest.raises(IllegalAction):
        run(game, action)
    assert game.to_json() == before
    check_108(game)


def test_legal_actions_are_deterministic_and_in_card_order():
    """Legal actions come in card order, wilds with each colour, then draw."""
    ruleset = rules(stacking="off", draw_four="free")
    game = position("top=R3 | you: W+4 W R7 R5 B3 G9 | lily: G2", ruleset)
    expected = ["R5", "R7", "B3", "W:red", "W:blue", "W:yellow", "W:green",
                "W+4:red", "W+4:blue", "W+4:yellow", "W+4:green", "draw"]
    assert legal(game) == expected
    # The order depends on nothing but the cards: not on the order they were dealt in,
    # nor on the deck's other cards, nor on whether the list was worked out before.
    for order, seed in (("G9 B3 R5 R7 W W+4", 1), ("R7 W+4 G9 W B3 R5", 99)):
        other = position(f"top=R3 | you: {order} | lily: G2", ruleset, seed=seed)
        assert legal(other) == expected
        assert legal(game_from_text(other.dumps())) == expected


def test_play_moves_card_and_sets_colour():
    """A played card goes on top of the discard pile; a Wild's named colour is in force."""
    game = position("top=R3 | you: W R5 G1 | lily: G2 G4", rules(stacking="off"))
    events = run(game, "W:green")
    assert game.top is parse_card("W") and game.active_colour.value == "green"
    assert game.current == 1 and [c.code for c in game.hands[0]] == ["R5", "G1"]
    assert events[0].kind == "played" and events[0].colour.value == "green"
    check_108(game)
