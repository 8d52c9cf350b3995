"""The table's keys through the controller, as the front ends call them: Enter (the hint's
move, Last Card called first where it says so, else the selected card), a card played
(a Wild asked its colour), D (a draw, or the penalty taken), P, J (a jump-in, or why
not), C (a catch, or why not), the colour chooser's counts, and the hint in another
palette's words. Positions built for each, no whole games."""

from __future__ import annotations

import pytest

from colorcards.engine import (
    ACCEPT,
    CALL,
    CHALLENGE,
    DRAW,
    PASS,
    Catch,
    Colour,
    IllegalAction,
    Play,
    get_preset,
    parse_card,
    play,
)
from colorcards.session.controller import CATCH_SECONDS
from colorcards.session.messages import Hinted
from colorcards.session.seating import Seating
from colorcards.settings import GameSettings
from engine_helpers import position
from test_tui_controller import Advising, ManualHost, controller, prepared

R5, R6, B7, WILD = (parse_card(c) for c in ("R5", "R6", "B7", "W"))
_HANDS = "lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2"


def hinted(literal: str, *close, preset: str = "classic", **kwargs):
    """The table at `literal` (the player to move) after H, the coach advising `close`
    (the first recommended); its host."""
    host = ManualHost()
    ctl = controller(prepared(f"{literal} | {_HANDS}", preset, **kwargs), host,
                     remote=Advising(*close))
    ctl.start()
    ctl.hint()
    return ctl, host


def test_enter_makes_the_hints_move_and_marks_that_decision_the_coachs():
    """Enter after a hint to draw draws (whatever card is selected); after a hint to play
    a card, plays it: the decision is the coach's (`hinted`) once, at its own place."""
    ctl, _ = hinted("top=R3 | you: R5 R6 B7", DRAW)
    at = len(ctl.game.actions)
    assert ctl.enter(R6) is None
    assert ctl.game.actions[at] == (0, DRAW) and len(ctl.hand()) == 4
    assert ctl.meta.hinted == (at,)
    ctl, _ = hinted("top=R3 | you: R5 R6 B7", play(R6))
    at = len(ctl.game.actions)
    assert ctl.enter(R6) is None
    assert ctl.game.actions[at] == (0, play(R6)) and ctl.meta.hinted == (at,)
    assert ctl.hinted is None  # the next Enter is the player's own again


def test_enter_on_a_hint_to_call_and_play_does_both_and_both_are_the_coachs():
    """With two cards, the hint says call Last Card, then play: Enter calls and plays,
    and the card played after the call is the hint's decision too."""
    ctl, _ = hinted("top=R3 | you: R5 B7", play(R5))
    at = len(ctl.game.actions)
    assert ctl.enter(R5) is None
    assert [a for _, a in ctl.game.actions[at:at + 2]] == [CALL, play(R5)]
    assert [c.code for c in ctl.hand()] == ["B7"] and ctl.view().vulnerable is None
    assert ctl.meta.hinted == (at, at + 1)


def test_enter_without_a_hint_plays_the_selected_card_and_without_one_says_why():
    ctl = controller(prepared(f"top=R3 | you: R5 R6 B7 | {_HANDS}", "classic"))
    ctl.start()
    assert ctl.enter(R6) is None and ctl.game.actions[-1] == (0, play(R6))
    ctl = controller(prepared(f"top=R3 | you: R5 R6 B7 | {_HANDS}", "classic"))
    ctl.start()
    with pytest.raises(IllegalAction) as refused:
        ctl.enter(None)
    assert str(refused.value) == "You hold only 3 cards."
    assert ctl.game.actions == []


def test_a_wild_is_asked_its_colour_unless_the_hint_named_one():
    """A card played from the hand: a number card at once; a Wild without a colour is
    handed back for the chooser (nothing played), then played naming the colour chosen;
    the hint's Wild is played with the hint's colour; a Wild that may not be played is
    refused before its colour is asked."""
    ctl = controller(prepared(f"top=R3 | you: R5 W B7 | {_HANDS}", "classic"))
    ctl.start()
    assert ctl.play_card(WILD) is WILD and ctl.game.actions == []
    assert ctl.play_card(WILD, Colour.GREEN) is None
    assert ctl.game.actions[-1] == (0, play(WILD, Colour.GREEN))
    ctl = controller(prepared(f"top=R3 | you: R5 W B7 | {_HANDS}", "classic"))
    ctl.start()
    assert ctl.play_card(R5) is None and ctl.game.actions[-1] == (0, play(R5))
    ctl, _ = hinted("top=R3 | you: R5 W B7", play(WILD, Colour.YELLOW))
    assert ctl.play_card(WILD) is None
    assert ctl.game.actions[-1] == (0, play(WILD, Colour.YELLOW))
    ctl, _ = hinted("top=R3 | you: R5 W B7", play(R5))
    assert ctl.play_card(WILD) is WILD and ctl.game.actions == []
    ctl = controller(prepared(f"top=R+2 | you: W B7 | {_HANDS}", "classic", pending=2))
    ctl.start()
    with pytest.raises(IllegalAction, match="you must draw the 2 cards"):
        ctl.play_card(WILD)
    assert ctl.game.actions == []


def test_d_draws_a_card_or_takes_the_penalty_due():
    """D draws one card; with a Draw Two to answer (stacking on), D takes the penalty
    rather than drawing: two cards, and the turn passes."""
    ctl = controller(prepared(f"top=R3 | you: R5 B7 | {_HANDS}", "classic"))
    ctl.start()
    ctl.draw()
    assert ctl.game.actions[-1] == (0, DRAW)
    settings = GameSettings(preset="classic", opponents=3, changes={"stacking": "on"})
    game = position(f"top=R+2 | you: R+2 B7 | {_HANDS}", settings.rules(), pending=2)
    ctl = controller(Seating.at(game, settings))
    ctl.start()
    assert ACCEPT in ctl.legal()
    ctl.draw()
    assert ctl.game.actions[-1] == (0, ACCEPT) and len(ctl.hand()) == 4
    assert not ctl.my_turn
    # Passed on, with any draw card on any (house rule): the log says how Lily may
    # pass it on, as these rules allow.
    settings = GameSettings(preset="classic", opponents=3, changes={"stacking": "any"})
    game = position(f"top=R+2 | you: W+4 B7 B8 | {_HANDS}", settings.rules(), pending=2)
    ctl = controller(Seating.at(game, settings))
    ctl.start()
    ctl.act(play(parse_card("W+4"), Colour.RED))
    assert ctl.log[-1] == ("You played Wild Draw Four and named Red ● — Lily must draw 6 or "
                           "pass them on with a Draw Two of Red ● or a Wild Draw Four of their "
                           "own."), ctl.log[-1]


def test_p_keeps_the_drawn_card():
    ctl = controller(prepared(f"top=R3 | you: R5 B7 B8 | {_HANDS} | pile: R9 ...", "classic"))
    ctl.start()
    ctl.draw()  # a Red 9, which may be played: P keeps it
    assert ctl.my_turn
    ctl.pass_turn()
    assert ctl.game.actions[-1] == (0, PASS) and "R9" in [c.code for c in ctl.hand()]


def test_the_hint_to_challenge_a_wild_draw_four_names_its_own_key():
    """With four cards coming, the hint to challenge names the challenge's key, not the
    one that takes the penalty."""
    game = position(f"top=W+4 | you: R5 B7 B8 | {_HANDS}", "classic", phase="challenge",
                    pending=4, challenge_from=3, colour="red")
    host = ManualHost()
    ctl = controller(Seating.at(game, GameSettings(preset="classic", opponents=3)), host,
                     remote=Advising(CHALLENGE))
    ctl.start()
    ctl.hint()
    [said] = [m.words for m in host.told if isinstance(m, Hinted)]
    assert said == "Hint: challenge the Wild Draw Four. X does it (Enter too, now)."


def test_enter_on_a_hint_to_call_and_play_a_wild_plays_it_naming_the_hints_colour():
    ctl, _ = hinted("top=R3 | you: W B7", play(WILD, Colour.YELLOW))
    at = len(ctl.game.actions)
    assert ctl.enter(WILD) is None
    assert [a for _, a in ctl.game.actions[at:at + 2]] == [CALL, play(WILD, Colour.YELLOW)]


def jump_table(current: int = 1, offers: str = "0"):
    """Four seats under the jump-in house rule: the player holds the very Red 5 just
    played (offered to the player when `offers` is 0)."""
    rules = get_preset("color-cards").rules(jump_in="on")
    game = position(f"top=R5 offers={offers} | you: R5 B7 G1 | {_HANDS}", rules,
                    current=current)
    host = ManualHost()
    ctl = controller(Seating.at(game, GameSettings(opponents=3, changes={"jump_in": "on"})),
                     host)
    ctl.start()
    return ctl


def test_j_jumps_in_when_offered_p_lets_it_go_and_j_otherwise_says_when_one_may():
    ctl = jump_table()
    assert ctl.jump_offer() == play(R5)
    ctl.jump()
    assert ctl.log[-1] == "You jumped in with Red 5."
    ctl = jump_table()
    ctl.pass_turn()
    assert ctl.jump_offer() is None and ctl.game.actions[-1][1].kind == "decline"
    assert [c.code for c in ctl.hand()] == ["R5", "B7", "G1"]
    ctl = controller(prepared(f"top=R5 | you: R5 B7 G1 | {_HANDS}"))
    ctl.start()
    assert ctl.jump_offer() is None
    with pytest.raises(IllegalAction) as refused:
        ctl.jump()
    assert str(refused.value) == ("No jump-in now: you may jump in only while you hold the "
                                  "very card just played (the same colour and number or "
                                  "symbol).")
    assert ctl.game.actions == []


def test_c_catches_the_computer_that_forgot_and_otherwise_says_who_can_be_caught():
    ctl = controller(prepared("top=R3 | you: R5 B7 | lily: Y1 | max: G4 G5 | zoe: B1 B2",
                              "classic", vulnerable=1))
    ctl.start()
    assert ctl.catch_left() is None  # no countdown from before the table sat down
    ctl.catch()
    assert len(ctl.game.hands[1]) == 3 and ctl.view().vulnerable is None
    for vulnerable in (None, 0):
        state = {} if vulnerable is None else {"vulnerable": vulnerable}
        ctl = controller(prepared(f"top=R3 | you: R5 | {_HANDS}", "classic", **state))
        ctl.start()
        with pytest.raises(IllegalAction) as refused:
            ctl.catch()
        assert str(refused.value) == ("Nobody can be caught now: only a player down to one "
                                      "card who did not call Last Card.")


def test_the_colour_chooser_counts_the_colours_held_wilds_apart():
    ctl = controller(prepared(f"top=R3 | you: R5 R6 W B7 | {_HANDS}", "classic"))
    assert ctl.colour_counts() == {Colour.RED: 2, Colour.BLUE: 1, Colour.YELLOW: 0,
                                   Colour.GREEN: 0}


def test_the_hint_names_cards_and_colours_in_the_tables_palette():
    """In the gems palette the hint names the gems: a Wild's colour and the cards
    listed as close; and so does the log."""
    rules = get_preset("classic").rules(palette="gems")
    game = position(f"top=R3 | you: R5 W B7 | {_HANDS}", rules)
    settings = GameSettings(preset="classic", opponents=3, changes={"palette": "gems"})
    host = ManualHost()
    ctl = controller(Seating.at(game, settings), host,
                     remote=Advising(play(R5), play(WILD, Colour.BLUE)))
    ctl.start()
    ctl.hint()
    [said] = [m.words for m in host.told if isinstance(m, Hinted)]
    assert said == ("Hint: Ruby 5 ● or Wild naming Violet: about the same. Ruby 5 ● is "
                    "selected; Enter does it.")
    assert isinstance(ctl.hinted, Play)
    ctl.enter(R5)
    assert ctl.log[-1] == "You played Ruby 5.", ctl.log[-1]


class Catcher:
    """A computer that plays the first card it may, never calls Last Card, and catches
    whoever may be caught."""

    uses_view = True

    def choose(self, view, legal, rng):
        return next((a for a in legal if isinstance(a, Play)), legal[0])

    def react(self, view, legal, rng):
        return next((a for a in legal if isinstance(a, Catch)), None)


def lily_forgets():
    """A party at Lily's turn, her second-last card to play: every computer a `Catcher`,
    so she forgets Last Card and Zoe catches whom she can; started."""
    seating = prepared("top=R3 | you: R5 B7 B8 | lily: R4 R6 | max: G4 G5 G6 "
                       "| zoe: Y1 Y2 Y3 | pile: G7 G8 G9 ...", "party", current=1)
    host = ManualHost()
    ctl = controller(seating, host, delay=0.5)
    ctl.players[1] = ctl.players[2] = ctl.players[3] = Catcher()
    ctl.start()
    return ctl, host


def test_the_others_wait_out_the_players_chance_to_catch_the_computer_that_forgot():
    """Lily plays down to one card without calling and lets her late call go: Zoe, asked
    next and catching whoever she can, waits the player's CATCH_SECONDS first; then she
    catches."""
    ctl, host = lily_forgets()
    host.run(0.5)  # Lily plays Red 4
    assert ctl.view().vulnerable == 1
    host.run(CATCH_SECONDS - 0.1)
    assert Catch(1) in ctl.legal() and len(ctl.game.hands[1]) == 1, ctl.log
    assert ctl.catch_left() == pytest.approx(0.1)
    host.run(0.1 + ctl.delay)
    assert len(ctl.game.hands[1]) == 3
    assert ctl.log[1] == "Zoe caught Lily without a Last Card call: Lily draws 2 cards."


def test_with_last_card_already_called_the_hint_and_enter_just_play():
    """Down to two cards with Last Card already called: the hint says play, and Enter
    plays, without calling again."""
    ctl, host = hinted("top=R3 | you: R5 B7", play(R5), called="0")
    [said] = [m.words for m in host.told if isinstance(m, Hinted)]
    assert said == "Hint: play Red 5 ●. Enter does it."
    at = len(ctl.game.actions)
    ctl.enter(R5)
    assert ctl.game.actions[at:at + 1] == [(0, play(R5))]


def test_a_hint_that_comes_after_the_player_moved_on_is_not_given():
    """The coach answers H only while the table is where it was asked: the player drew
    meanwhile (still their turn), so the answer is let go."""
    class Slow(ManualHost):
        held: list

        def think(self, decide, done) -> None:
            self.held.append((decide, done))

    host = Slow()
    host.held = []
    ctl = controller(prepared(f"top=R3 | you: R5 B7 B8 | {_HANDS} | pile: R9 ...", "classic"),
                     host, remote=Advising(play(R5)))
    ctl.start()
    ctl.hint()
    ctl.draw()  # a Red 9: the player may play it or keep it
    assert ctl.my_turn
    decide, done = host.held.pop()
    done(decide())
    assert not any(isinstance(m, Hinted) for m in host.told) and ctl.hinted is None


def test_the_players_turn_has_an_id_that_changes_each_time_it_comes_back():
    """None on the others' turns; the front end tells one turn of the player's from
    the next by it."""
    host = ManualHost()
    ctl = controller(prepared(f"top=R3 | you: R5 R6 B7 | {_HANDS}", "classic"), host)
    ctl.start()
    mine = ctl.turn_id()
    assert mine == (ctl.game.round, ctl.game.total_turns)
    ctl.act(play(R5))
    assert ctl.turn_id() is None
    while not ctl.my_turn:
        host.run(ctl.delay)
    assert ctl.turn_id() not in (None, mine)


def test_after_a_pause_on_the_players_turn_the_table_waits_for_the_player():
    """Paused and resumed on the player's turn, nothing is pending: the player may move
    at once (the front end takes keys while the table is not busy)."""
    ctl = controller(prepared(f"top=R3 | you: R5 R6 | {_HANDS}", "classic"))
    ctl.start()
    assert ctl.my_turn and not ctl.busy
    ctl.pause()
    ctl.resume_play()
    assert ctl.my_turn and not ctl.busy
    ctl.stop()
    assert not ctl.busy


def test_the_players_catch_ends_the_chance_to_catch():
    """Caught by the player within their time: nobody is left to catch, and the clock
    says nothing more of it."""
    ctl, host = lily_forgets()
    host.run(0.5 + CATCH_SECONDS - 1)
    assert ctl.catch_left() == pytest.approx(1)
    ctl.catch()
    assert ctl.log[-1] == "You caught Lily without a Last Card call: Lily draws 2 cards."
    assert ctl.catch_left() is None and ctl.view().vulnerable is None
