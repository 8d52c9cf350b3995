"""RULES.md §5: calling Last Card, the auto modes, catching, the 3 s window, penalties."""

import pytest

from colorcards.engine import IllegalAction
from engine_helpers import check_108, hand, kinds, legal, position, rules, run

THREE = "top=R3 | you: R5 G1 | lily: G2 G4 B6 | zoe: Y2 Y4 Y6"


@pytest.mark.parametrize("mode", ["auto-penalty", "catch"])
def test_call_before_playing_down_to_one(mode):
    """Calling before the play to one card means no penalty and nobody can catch you."""
    game = position(THREE, rules(last_card=mode, stacking="off"))
    assert "call" in legal(game)
    events = run(game, "call", "R5")
    assert "missed-call" not in kinds(events)
    assert len(game.hands[0]) == 1 and game.vulnerable is None and game.called[0]
    assert legal(game, 2) == []


def test_call_only_when_about_to_go_down_to_one():
    """With three cards there is nothing to call yet."""
    game = position("top=R3 | you: R5 G1 B1 | lily: G2", rules(last_card="catch", stacking="off"))
    assert "call" not in legal(game)
    with pytest.raises(IllegalAction, match="about to play down to one card"):
        run(game, "call")


def test_auto_calls_for_everyone():
    """auto: the call is made for the player; it is never offered and never missed."""
    game = position(THREE, rules("family-night"))
    assert "call" not in legal(game)
    events = run(game, "R5")
    assert "called" in kinds(events) and "missed-call" not in kinds(events)
    assert game.called[0] and game.vulnerable is None and len(game.hands[0]) == 1


@pytest.mark.parametrize("penalty", [2, 4])
def test_auto_penalty_draws_at_once(penalty):
    """auto-penalty: forget to call and you draw the penalty immediately."""
    game = position(THREE, rules(last_card="auto-penalty", last_card_penalty=penalty))
    events = run(game, "R5")
    assert kinds(events)[:3] == ["played", "missed-call", "drew"]
    assert len(game.hands[0]) == 1 + penalty
    assert game.vulnerable is None and game.current == 1
    check_108(game)


@pytest.mark.parametrize("penalty", [2, 4])
@pytest.mark.parametrize("catcher", [1, 2])
def test_catch_gives_the_penalty(penalty, catcher):
    """catch: any other player may catch a missed call; the caught player draws the penalty."""
    game = position(THREE, rules("party", last_card_penalty=penalty))
    run(game, "R5")
    assert game.vulnerable == 0 and game.current == 1
    assert "catch:0" in legal(game, catcher)
    events = run(game, f"{catcher}>catch:0")
    assert kinds(events) == ["caught", "drew"]
    assert len(game.hands[0]) == 1 + penalty and game.vulnerable is None
    assert game.current == 1
    check_108(game)


def test_computer_catches_human_and_human_catches_computer():
    """The human can be caught by a computer and can catch a computer that forgot."""
    game = position("top=R3 | you: G2 G4 B6 | lily: R5 G1 | zoe: Y2 Y4 Y6", rules("party"),
                    current=1)
    run(game, "R5")
    assert legal(game, 0) == ["catch:1"]
    run(game, "0>catch:1")
    assert len(game.hands[1]) == 3


@pytest.mark.parametrize("next_action", ["R2", "draw"])
def test_catch_closes_when_the_next_player_acts(next_action):
    """The missed call can be caught until the next player acts, not after."""
    game = position("top=R3 | you: R5 G1 | lily: R2 G4 B6 | zoe: Y2 Y4 Y6",
                    rules(last_card="catch"))
    run(game, "R5")
    assert "catch:0" in legal(game, 2)
    run(game, next_action)
    assert game.vulnerable is None
    assert "catch:0" not in legal(game, 2)
    with pytest.raises(IllegalAction, match="Nobody can be caught"):
        run(game, "2>catch:0")


def test_next_player_may_catch_before_acting():
    """The next player's own turn starts with the chance to catch."""
    game = position(THREE, rules("party"))
    run(game, "R5")
    assert legal(game)[-1] == "catch:0"
    run(game, "catch:0", "draw")
    assert len(game.hands[0]) == 3


def test_late_call_out_of_turn_ends_the_danger():
    """The offender may still call out of turn; after that nobody can catch them."""
    game = position(THREE, rules("party"))
    run(game, "R5")
    assert legal(game, 0) == ["call"]
    run(game, "0>call")
    assert game.vulnerable is None and game.called[0]
    with pytest.raises(IllegalAction, match="already called Last Card"):
        run(game, "2>catch:0")


def test_nobody_can_catch_a_player_who_called():
    """A catch on a player who called (or is not down to one card) is refused."""
    game = position(THREE, rules("party"))
    run(game, "call", "R5")
    with pytest.raises(IllegalAction):
        run(game, "1>catch:0")
    with pytest.raises(IllegalAction, match="cannot catch yourself"):
        run(game, "0>catch:0")


def test_drawing_cancels_an_earlier_call():
    """A call covers the cards held then: after drawing, it must be made again."""
    game = position("top=R3 | you: R5 G1 | lily: G2 G4 B6", rules("color-cards"), called=[0])
    run(game, "draw")
    assert not game.called[0]


def test_offender_who_plays_again_may_still_call():
    """Two players, Skip to one card without a call: the offender plays again and may still
    call first."""
    game = position("top=R3 | you: RS G1 | lily: G2 G4 B6", rules("duel"))
    run(game, "RS")
    assert game.current == 0 and game.vulnerable == 0
    assert "call" in legal(game, 0)
    run(game, "0>call")
    assert game.vulnerable is None


# ---------------------------------------------------------------- the 3 s window (Classic)

def classic_window():
    game = position("top=R3 | you: R5 G1 | lily: G2 G4 B6 | zoe: Y2 Y4 Y6 R7", rules("classic"))
    events = run(game, "R5")
    assert kinds(events) == ["played", "missed-call"]
    return game


def test_window_opens_and_nobody_else_may_play():
    """With the window, the play is followed by a catch window in which nobody else plays."""
    game = classic_window()
    assert game.phase == "window" and game.current == 0
    assert legal(game, 0) == ["call"]
    assert legal(game, 1) == ["catch:0"] and legal(game, 2) == ["catch:0"]
    # In a newcomer's words (issue 30): no 'window', which nothing explains.
    late = "Wait a moment: the player down to one card may still call Last Card late"
    with pytest.raises(IllegalAction, match=late):
        run(game, "1>G2")
    with pytest.raises(IllegalAction, match=late):
        run(game, "2>R7")
    with pytest.raises(IllegalAction, match="Call Last Card now, before someone catches you"):
        run(game, "0>G1")


def test_window_call_closes_it_without_penalty():
    """The offender calls inside the window: no penalty, play goes on to the next seat."""
    game = classic_window()
    events = run(game, "0>call")
    assert kinds(events) == ["called", "window-closed"]
    assert game.phase == "turn" and game.current == 1 and len(game.hands[0]) == 1
    assert game.vulnerable is None


@pytest.mark.parametrize("catcher", [1, 2])
def test_window_catch_gives_penalty_and_closes(catcher):
    """Caught inside the window: the penalty, then play goes on."""
    game = classic_window()
    run(game, f"{catcher}>catch:0")
    assert len(game.hands[0]) == 3 and game.phase == "turn" and game.current == 1


def test_close_window_then_catchable_until_next_player_acts():
    """After CLOSE_WINDOW the missed call can still be caught until the next player acts."""
    game = classic_window()
    events = run(game, "close")
    assert kinds(events) == ["window-closed"]
    assert game.phase == "turn" and game.current == 1 and game.vulnerable == 0
    assert "catch:0" in legal(game, 2)
    run(game, "draw")
    assert game.vulnerable is None and "catch:0" not in legal(game, 2)


def test_close_window_only_when_open():
    """CLOSE_WINDOW is refused when no window is open."""
    game = position(THREE, rules("classic"))
    with pytest.raises(IllegalAction, match="no Last Card window"):
        run(game, "close")


def test_window_keeps_the_card_effect():
    """A Skip played into the window still skips once the window closes."""
    game = position("top=R3 | you: RS G1 | lily: G2 G4 B6 | zoe: Y2 Y4 Y6", rules("classic"))
    run(game, "RS", "close")
    assert game.current == 2


def test_no_window_without_the_option():
    """Catch mode without a window (Duel, Party, Colour Match): play goes straight on."""
    game = position(THREE, rules("party"))
    run(game, "R5")
    assert game.phase == "turn" and game.current == 1


def test_auto_penalty_on_a_stacked_answer_keeps_the_stack_going():
    """Answering a stack down to one card without a call: penalty at once, the stack passes on."""
    game = position("top=R+2 | you: B+2 R5 | lily: G1 G2 G3", rules(), pending=2)
    run(game, "B+2")
    assert len(game.hands[0]) == 3 and game.pending == 4 and game.current == 1


def test_window_keeps_a_stacked_penalty_for_the_next_player():
    """A Draw Two into the window: once it closes, the next player faces the stack."""
    game = position("top=R3 | you: R+2 G1 | lily: G2 G4 B6 | zoe: Y2 Y4 Y6",
                    rules("classic", stacking="on"))
    run(game, "R+2")
    assert game.phase == "window" and game.pending == 2
    run(game, "close")
    assert game.current == 1 and game.pending == 2 and legal(game)[-2:] == ["accept", "catch:0"]


def test_catch_with_empty_piles_draws_what_there_is():
    """Caught with nothing left to draw: the catch stands, the penalty is what there is."""
    game = position("top=R3 | you: R5 G1 | lily: G2 G4 B6 | pile: | rest=lily", rules("party"))
    run(game, "R5")
    events = run(game, "1>catch:0")
    assert [e.count for e in events if e.kind == "drew"] == [1]  # the Red 3, reshuffled
    assert hand(game, 0) == "R3 G1" and [c.code for c in game.discard] == ["R5"]
    check_108(game)
