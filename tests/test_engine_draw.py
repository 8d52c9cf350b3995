"""RULES.md §3: drawing, the drawn card, reshuffling, empty piles, stalemate, the turn timer."""

import pytest

from colorcards.engine import Colour, Ending, IllegalAction, copy_rng, parse_card
from engine_helpers import check_108, hand, kinds, legal, position, rules, run


@pytest.mark.parametrize("draw, holding_playable, may_draw", [
    ("any-time", True, True),
    ("any-time", False, True),
    ("when-stuck", True, False),
    ("when-stuck", False, True),
])
def test_draw_any_time_or_when_stuck(draw, holding_playable, may_draw):
    """any-time: draw instead of playing; when-stuck: only with no playable card."""
    you = "R5 G1" if holding_playable else "B5 G1"
    game = position(f"top=R3 | you: {you} | lily: G2", rules(draw=draw, stacking="off"))
    assert ("draw" in legal(game)) is may_draw
    if not may_draw:
        with pytest.raises(IllegalAction, match="cannot draw in this game"):
            run(game, "draw")


def test_drawn_playable_card_may_be_played_at_once():
    """A playable drawn card may be played at once; only one voluntary draw a turn."""
    game = position("top=R3 | you: B5 G1 G7 | lily: G2 | pile: R9 ...", rules(stacking="off"))
    events = run(game, "draw")
    assert kinds(events) == ["drew"] and events[0].cards == (parse_card("R9"),)
    assert game.phase == "drawn" and game.current == 0
    assert legal(game) == ["R9", "pass"]
    run(game, "R9")
    assert game.current == 1 and game.top is parse_card("R9")


def test_only_the_drawn_card_may_be_played():
    """After drawing, other playable cards in the hand stay in the hand."""
    game = position("top=R3 | you: R5 G3 G7 | lily: G2 | pile: R9 ...", rules(stacking="off"))
    run(game, "draw")
    assert legal(game) == ["R9", "pass"]
    with pytest.raises(IllegalAction, match=r"only play the card you drew \(Red 9\)"):
        run(game, "R5")
    with pytest.raises(IllegalAction, match="already drawn a card this turn"):
        run(game, "draw")


def test_pass_after_drawing_ends_the_turn():
    """Choosing not to play the drawn card ends the turn (Pass)."""
    game = position("top=R3 | you: B5 G1 | lily: G2 | pile: R9 ...", rules(stacking="off"))
    run(game, "draw", "pass")
    assert game.current == 1 and hand(game, 0) == "R9 B5 G1"


def test_unplayable_drawn_card_is_kept_with_a_pass():
    """If the drawn card cannot be played the seat keeps it at once, in the same step:
    the record reads Drew then Passed, as when a playable card is kept."""
    game = position("top=R3 | you: B5 G1 | lily: G2 | pile: Y9 ...", rules(stacking="off"))
    events = run(game, "draw")
    assert kinds(events) == ["drew", "passed"]
    assert game.current == 1 and game.phase == "turn" and hand(game, 0) == "B5 Y9 G1"
    assert game.drawn is None and game.stuck_passes == 0  # the draw, not a stuck pass


def test_drawn_wild_draw_four_still_restricted():
    """A drawn Wild Draw Four is playable only if the hand holds no card of the active colour."""
    game = position("top=R3 | you: R5 G1 | lily: G2 | pile: W+4 ...", rules(stacking="off"))
    assert kinds(run(game, "draw")) == ["drew", "passed"]  # kept at once: Red 5 is held
    assert game.current == 1 and hand(game, 0) == "R5 G1 W+4"
    game = position("top=R3 | you: B5 G1 | lily: G2 | pile: W+4 ...", rules(stacking="off"))
    run(game, "draw")
    assert legal(game) == ["W+4:red", "W+4:blue", "W+4:yellow", "W+4:green", "pass"]


def test_reshuffle_keeps_the_top_card():
    """When the pile runs out, the discard pile except its top becomes the new pile."""
    game = position("top=G5 under: R1 B2 Y3 | you: B5 G1 | lily: G2 | pile: | rest=lily",
                    rules(stacking="off"))
    events = run(game, "draw")
    assert kinds(events)[0] == "reshuffled"
    assert [c.code for c in game.discard] == ["G5"]
    assert len(game.draw_pile) == 2 and len(game.hands[0]) == 3
    check_108(game)


def test_a_reshuffle_of_one_card_makes_it_the_pile_and_draws_one_key():
    """Two cards in the discard pile and none to draw: the one under the top is the
    whole new pile (and the shuffle still draws its one key, as for any pile)."""
    game = position("top=G5 under: R1 | you: B5 G1 | lily: G2 | pile: | rest=lily",
                    rules(stacking="off"))
    expected = copy_rng(game.rng)
    expected.random()
    events = run(game, "draw")
    assert kinds(events)[:2] == ["reshuffled", "drew"] and events[0].count == 1
    assert hand(game, 0) == "R1 B5 G1" and [c.code for c in game.discard] == ["G5"]
    assert game.rng.getstate() == expected.getstate()
    check_108(game)


def test_reshuffle_keeps_a_wilds_named_colour_on_top():
    """A Wild on top keeps its named colour through the reshuffle."""
    game = position("top=W colour=blue under: R1 B2 W | you: G5 G1 | lily: G2 | pile: | rest=lily",
                    rules(stacking="off"))
    run(game, "draw")
    assert game.top is parse_card("W") and game.active_colour.value == "blue"
    assert [c.code for c in game.discard] == ["W"]


def test_reshuffled_wild_is_colourless():
    """A Wild that was shuffled back names a new colour when played again."""
    game = position("top=R3 under: W | you: B5 G1 | lily: G2 | pile: | rest=lily",
                    rules(stacking="off"))
    run(game, "draw")
    assert game.drawn is parse_card("W")
    assert legal(game) == ["W:red", "W:blue", "W:yellow", "W:green", "pass"]
    run(game, "W:yellow")
    assert game.active_colour.value == "yellow"


def test_penalty_from_short_piles_draws_what_there_is():
    """If a player must draw and both piles run dry, they draw what there is."""
    game = position("top=R+2 under: Y1 | you: B5 G1 | lily: G2 | pile: | rest=lily",
                    rules(), pending=4)
    events = run(game, "accept")
    drew = [e for e in events if e.kind == "drew"]
    assert drew[0].count == 1 and hand(game, 0) == "B5 Y1 G1"
    assert game.current == 1
    check_108(game)


def test_empty_piles_no_draw_then_pass():
    """With both piles empty, a stuck player cannot draw but passes."""
    game = position("top=R3 | you: B5 G1 Y7 | lily: G2 | pile: | rest=lily", rules(stacking="off"))
    assert legal(game) == ["pass"]
    with pytest.raises(IllegalAction, match="no cards left to draw"):
        run(game, "draw")
    run(game, "pass")
    assert game.current == 1


def stuck_table(seats: int, ruleset=None):
    """Every seat holds one card it cannot play on Red 3 and both piles are empty.

    With the whole deck in play a stalemate cannot happen (someone always holds a
    plain Wild), so this position keeps only the stuck cards: it tests the counting."""
    others = " | ".join(f"s{i}: G{i + 4}" for i in range(1, seats))
    return position(f"top=R3 deck=partial | you: B5 | {others} | pile:",
                    ruleset or rules(stacking="off"))


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_stalemate_after_two_full_trips(seats):
    """If nobody can play or draw for two full trips round the table, the round has no winner."""
    game = stuck_table(seats)
    for _ in range(2 * seats - 1):
        assert legal(game) == ["pass"]
        run(game, "pass")
        assert game.phase == "turn"
    events = run(game, "pass")
    assert game.phase == "match-over" and game.winners == ()
    assert game.results[-1].winner is None and game.results[-1].points == 0
    assert "round-ended" in kinds(events)
    assert game.outcome().ending is Ending.STALEMATE and game.outcome().winners == ()


def test_a_play_resets_the_stalemate_count():
    """A single play in between starts the two trips again."""
    game = position("top=R3 deck=partial | you: B5 G9 | lily: R5 | pile:", rules(stacking="off"))
    run(game, "pass")
    assert game.stuck_passes == 1
    run(game, "R5")
    assert game.stuck_passes == 0


def test_stalemate_counts_a_stuck_turn_that_timed_out():
    """A human who is stuck and runs out of time could not play or draw either: it counts."""
    game = stuck_table(2, rules(stacking="off", turn_timer=30))
    run(game, "timeout", "pass", "timeout")
    assert game.phase == "turn"
    run(game, "pass")
    assert game.phase == "match-over" and game.winners == ()


# ---------------------------------------------------------------- the turn timer

TIMED = rules(stacking="off", turn_timer=30)


def test_timeout_draws_one_and_ends_the_turn_without_playing():
    """When the timer runs out the player draws one card and the turn ends, even if it is
    playable."""
    game = position("top=R3 | you: R5 G1 | lily: G2 | pile: R9 ...", TIMED)
    events = run(game, "timeout")
    assert kinds(events) == ["timed-out", "drew"]
    assert hand(game, 0) == "R5 R9 G1" and game.current == 1 and game.top is parse_card("R3")


def test_timeout_after_drawing_just_passes():
    """After a voluntary draw, running out of time ends the turn with no second card."""
    game = position("top=R3 | you: B5 G1 | lily: G2 | pile: R9 Y1 ...", TIMED)
    run(game, "draw", "timeout")
    assert hand(game, 0) == "R9 B5 G1" and game.current == 1


def test_timeout_under_a_pending_penalty_accepts_it():
    """Under a stacked penalty, running out of time takes the penalty."""
    game = position("top=R+2 | you: B+2 G1 | lily: G2 G3", rules(turn_timer=30), pending=4)
    run(game, "timeout")
    assert len(game.hands[0]) == 6 and game.pending == 0 and game.current == 1


def test_timeout_facing_a_challenge_takes_the_four():
    """Facing a challengeable Wild Draw Four, time running out takes the four cards."""
    game = position("top=W+4 colour=blue | you: B5 G1 | lily: G2 G3",
                    rules("party", draw_four="challenge", turn_timer=45),
                    phase="challenge", challenge_from=1)
    run(game, "timeout")
    assert len(game.hands[0]) == 6 and game.current == 1


@pytest.mark.parametrize(("held", "named"), [
    ("G1 B5 B7 R2 B9 G4", "blue"),
    ("Y3 W Y8 W+4 R1", "yellow"),
    ("G2 R2 G5 R7", "red"),
    ("W W+4 G3", "green"),
], ids=["most of one", "wilds not counted", "a tie: first in order", "one colour"])
def test_timeout_on_an_opening_wild_names_the_colour_held_most(held, named):
    """The round opened on a Wild and time ran out before the player named a colour: the
    colour they hold most of is named for them (a tie goes to the first in the order red,
    blue, yellow, green), and they draw one on it as any time-out does."""
    game = position(f"top=W | you: {held} | lily: G2 G3", TIMED, phase="name-colour")
    events = run(game, "timeout")
    assert kinds(events) == ["timed-out", "colour-named", "drew"]
    assert game.active_colour is Colour(named) and game.current == 1
    assert len(game.hands[0]) == len(held.split()) + 1


@pytest.mark.parametrize("preset", ["color-cards", "classic", "duel"])
def test_timeout_needs_a_timer(preset):
    """Without a turn timer there is nothing to run out."""
    game = position("top=R3 | you: R5 G1 | lily: G2", rules(preset))
    before = game.to_json()
    with pytest.raises(IllegalAction, match="no turn timer"):
        run(game, "timeout")
    assert game.to_json() == before


def test_timeout_refused_between_rounds():
    """Between rounds no turn is running."""
    game = position("top=R3 | you: R5 | lily: G2", rules(match="rounds:3", turn_timer=30))
    run(game, "R5")
    with pytest.raises(IllegalAction):
        run(game, "timeout")


def test_only_the_seat_to_act_times_out():
    """Another seat's timer cannot run out, nor during the Last Card window."""
    game = position("top=R3 | you: R5 G1 | lily: G2", TIMED)
    with pytest.raises(IllegalAction, match="whose turn it is"):
        run(game, "1>timeout")
    game = position("top=R3 | you: R5 G1 | lily: G2 | zoe: G3", rules("classic", turn_timer=30))
    run(game, "R5")
    assert game.phase == "window"
    with pytest.raises(IllegalAction):
        run(game, "timeout")


@pytest.mark.parametrize("seconds", [30, 45, 60, 90])
def test_timer_values(seconds):
    """The turn timer is off or 30/45/60/90 s."""
    assert rules(turn_timer=seconds).turn_timer == seconds
