"""Each level's judgement, from small positions built on a real game."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from itertools import pairwise

import pytest

from bots_helpers import decide, position, wilson
from colorcards.bots import make_player
from colorcards.bots.crazy import CrazyPlayer
from colorcards.bots.heuristic import EASY, HARD, NORMAL, HeuristicPlayer
from colorcards.bots.knowledge import (
    bluff_chance,
    colour_counts,
    follow_chance,
    stuck,
    turns_until,
)
from colorcards.bots.reasons import reason
from colorcards.bots.thinking import play_out
from colorcards.engine import (
    ACCEPT,
    CALL,
    CHALLENGE,
    DRAW,
    PASS,
    Catch,
    Colour,
    NameColour,
    Play,
    Rank,
    parse_card,
    parse_cards,
    play,
)
from colorcards.engine.events import Drew, Reversed

ALL = ("easy", "normal", "hard", "crazy")


def rule_based_crazy():
    """Crazy's own rules with its play-outs switched off, to test the rules alone."""
    return CrazyPlayer(budget=0)


# ---------------------------------------------------------------- Wild colours

@pytest.mark.parametrize("name", ALL)
def test_wild_names_the_colour_held_most(name):
    """Only a Wild fits (Duel: no drawing instead); every level names its main colour."""
    game = position(["W R1 R5 B3", 7], "G7", preset="duel")
    for seed in range(20):
        action = decide(make_player(name), game, seed)
        assert action == Play(parse_card("W"), Colour.RED)


def test_wild_with_no_coloured_card_left_names_a_colour_the_next_seat_lacks():
    """Last cards both wild: name a colour the next player drew on."""
    game = position(["W W W+4", 5, 5], "G7", preset="party", lacks={1: {Colour.YELLOW}})
    action = decide(make_player("hard"), game)
    assert action.card.is_wild and action.colour is Colour.YELLOW


def test_first_card_wild_names_a_held_colour():
    """A Wild turned up first: the seat names the colour it holds most of."""
    game = position(["Y1 Y2 B4", 7], "W", phase="name-colour", active=None, preset="classic")
    for name in ALL:
        assert decide(make_player(name), game) == NameColour(Colour.YELLOW)


def test_hard_steers_the_wild_into_a_lacking_colour_normal_does_not():
    """Red and blue held equally; the next seat drew on blue. Hard and Crazy name blue."""
    game = position(["W R1 B1", 6, 6], "G7", preset="party", lacks={1: {Colour.BLUE}})
    assert decide(HeuristicPlayer(NORMAL), game) == Play(parse_card("W"), Colour.RED)
    assert decide(HeuristicPlayer(HARD), game) == Play(parse_card("W"), Colour.BLUE)
    assert decide(rule_based_crazy(), game) == Play(parse_card("W"), Colour.BLUE)


def test_hard_steers_a_number_into_a_lacking_colour():
    """Green 9 keeps the colour; Blue 5 switches to blue, which the next seat lacks."""
    game = position(["G9 B5 Y1 Y2", 6, 6], "G5", preset="party", lacks={1: {Colour.BLUE}})
    assert decide(HeuristicPlayer(NORMAL), game) == Play(parse_card("G9"))
    assert decide(HeuristicPlayer(HARD), game) == Play(parse_card("B5"))
    assert decide(rule_based_crazy(), game) == Play(parse_card("B5"))


# ---------------------------------------------------------------- aiming

def test_hard_skips_a_player_about_to_go_out():
    """Next seat holds one card: Hard plays the Skip rather than the number."""
    game = position(["R5 RS B1 B2", 1, 7, 7], "R2", preset="party")
    assert decide(HeuristicPlayer(HARD), game) == Play(parse_card("RS"))


def test_hard_saves_the_draw_two_when_nobody_is_close():
    """Nobody is close: switching to the colour it holds most beats spending Draw Two."""
    game = position(["G5 R+2 G7 G8", 6, 6, 6], "R5", preset="party")
    assert decide(HeuristicPlayer(HARD), game) == Play(parse_card("G5"))


def test_hard_reverses_away_from_a_player_about_to_go_out():
    """Next seat has one card, the seat before has many: Reverse hands the turn back."""
    game = position(["R5 RR B1 B2", 1, 7, 7], "R2", preset="party")
    assert decide(HeuristicPlayer(HARD), game) == Play(parse_card("RR"))
    calm = position(["R5 RR B1 B2", 7, 7, 1], "R2", preset="party")
    assert decide(HeuristicPlayer(HARD), calm) != Play(parse_card("RR"))


@pytest.mark.parametrize("card", ["RR", "RS"])
@pytest.mark.parametrize("rules", ["hard", "crazy"])
def test_in_a_duel_a_reverse_stops_a_one_card_opponent_as_a_skip_does(rules, card):
    """Two in the round: a Reverse hands the turn straight back, as a Skip does, so both
    are played to stop an opponent down to one card, even against a long run of another
    colour (Hard's rules; Crazy's, in a computer's seat)."""
    hand = f"{card} G3 G4 G5 G6 G7 G8"
    if rules == "hard":
        game, player = position([hand, 1], "R3", preset="duel"), HeuristicPlayer(HARD)
    else:
        game, player = position([1, hand], "R3", preset="duel", seat=1), rule_based_crazy()
    assert decide(player, game) == Play(parse_card(card))


def test_crazy_aims_the_draw_two_at_the_human_not_a_computer():
    """Same hand, next seat on three cards: Crazy attacks if it is the human only."""
    # Crazy in seat 3: the next seat is 0, the human.
    human_next = position([3, 7, 7, "G5 R+2 G7 G8"], "R5", seat=3, preset="party")
    assert decide(rule_based_crazy(), human_next) == Play(parse_card("R+2"))
    # Crazy in seat 1: the next seat is 2, a computer, equally close to going out.
    computer_next = position([7, "G5 R+2 G7 G8", 3, 7], "R5", seat=1, preset="party")
    assert decide(rule_based_crazy(), computer_next) == Play(parse_card("G5"))


# ---------------------------------------------------------------- slips

SLIPS = {
    "easy": {"random card": 0.85, "missed stack": 0.70, "forgot": 0.65, "caught": 0.05},
    "normal": {"random card": 0.20, "missed stack": 0.50, "forgot": 0.35, "caught": 0.50},
    "hard": {"random card": 0.0, "missed stack": 0.0, "forgot": 0.02, "caught": 0.95},
    "crazy": {"missed stack": 0.0, "forgot": 0.0, "caught": 1.0},
}
"""Each level's slips as BOTS.md's table of the levels gives them: a random playable card
instead of its best, a penalty taken that it could have stacked back, Last Card not
called, a seat that forgot its call caught."""

OPTIONS = "R1 R2 B5 G5 Y5"
"""Five distinct cards to play on Red 5: a random card is one of them at random."""


def decide_with(player, view, legal, seed):
    return player.choose(view, legal, random.Random(seed))


def slipped(name: str, slip: str, trials: int) -> int:
    """In how many of `trials` decisions (a generator each) the level made the slip.
    A random card is seen when it is not the level's best: four times in five."""
    player = make_player(name)
    if slip == "random card":
        game = position([OPTIONS, 7, 7, 7], "R5")
        best = decide(HeuristicPlayer(replace(player.level, random_play=0.0)), game)
        view, legal = game.view(0), game.legal_actions()
        return sum(decide_with(player, view, legal, s) != best for s in range(trials))
    if slip == "missed stack":
        game = position(["B+2 R3 Y4 G5", 7, 7, 7], "R+2", pending=2)
        view, legal = game.view(0), game.legal_actions()
        return sum(decide_with(player, view, legal, s) == ACCEPT for s in range(trials))
    if slip == "forgot":
        game = position([7, "R5 R6", 7, 7], "R1", seat=1)  # Crazy thinks for the human
        view, legal = game.view(1), game.legal_actions()
        assert CALL in legal
        return sum(decide_with(player, view, legal, s) != CALL for s in range(trials))
    game = position([1, 7, 7, 7], "R1", preset="classic", seat=2, vulnerable=0)
    view, legal = game.view(1), game.legal_actions(1)
    assert Catch(0) in legal
    return sum(player.react(view, legal, random.Random(s)) == Catch(0) for s in range(trials))


@pytest.mark.parametrize(("name", "slip"),
                         [(name, slip) for name, rates in SLIPS.items() for slip in rates])
def test_each_level_slips_at_its_documented_rate(name, slip):
    """Over a generator a decision, each slip comes at its documented rate: within the
    99.9% binomial interval of what is seen (a rate of 0 or 1 exactly). A random card
    shows as a card other than the best 4 times in 5 (it may be the best by chance)."""
    rate = SLIPS[name][slip]
    trials = 200 if name == "crazy" else 3000
    seen = slipped(name, slip, trials)
    if slip == "random card":
        rate *= 1 - 1 / len(OPTIONS.split())
    if rate in (0.0, 1.0):
        assert seen == rate * trials
    else:
        low, high = wilson(seen, trials)
        assert low <= rate <= high, (seen / trials, low, high)


# ---------------------------------------------------------------- stacking

def test_hard_stacks_the_draw_two_and_keeps_the_draw_four():
    """With both, the cheaper Draw Two answers a Draw Two."""
    game = position(["B+2 W+4 R3 Y4", 7, 7, 7], "R+2", pending=2)
    assert decide(HeuristicPlayer(HARD), game) == Play(parse_card("B+2"))


def test_nothing_to_stack_takes_the_penalty():
    game = position(["R3 Y4", 7, 7, 7], "R+2", pending=2)
    for name in ALL:
        assert decide(make_player(name), game) == ACCEPT


# ---------------------------------------------------------------- Last Card

def test_a_seat_that_forgot_stays_silent_in_the_window():
    """Forgetting means no late call: react returns None for its own missed call."""
    game = position(["R5", 7, 7, 7], "R1", preset="classic", seat=1, vulnerable=0)
    legal = game.legal_actions(0)
    assert CALL in legal
    for name in ALL:
        assert make_player(name).react(game.view(0), legal, random.Random(1)) is None


# ---------------------------------------------------------------- challenges and draws

def test_challenge_when_a_bluff_is_likely():
    """A Wild Draw Four from a big hand on a common colour is probably a bluff."""
    game = position([7, "R1 R2 B3", 12, 7], "W+4", seat=2, active=Colour.BLUE,
                    preset="colour-match", stacking="off", draw_four="challenge",
                    phase="challenge", challenger=1, under="G4")
    assert bluff_chance(game.view(2)) > 0.5
    assert decide(HeuristicPlayer(HARD), game) == CHALLENGE


def test_accept_when_the_player_drew_on_that_colour():
    """It drew on green and has not played green since: it most likely held none."""
    game = position([7, "R1 R2 B3", 2, 7], "W+4", seat=2, active=Colour.BLUE,
                    preset="colour-match", stacking="off", draw_four="challenge",
                    phase="challenge", lacks={1: {Colour.GREEN}}, challenger=1, under="G4")
    assert bluff_chance(game.view(2)) < 0.1
    assert decide(HeuristicPlayer(HARD), game) == ACCEPT


def test_a_bluff_is_likelier_the_more_of_the_colour_this_seat_cannot_see():
    """The colour before the Wild Draw Four was green: holding most of the greens itself,
    this seat rates a bluff less likely than holding none; with no Wild Draw Four open to
    challenge, or nothing to show the colour it was played on, there is no bluff to rate."""
    def chance(hand: str) -> float:
        game = position([7, 5, hand, 7], "W+4", seat=2, active=Colour.BLUE,
                        preset="colour-match", stacking="off", draw_four="challenge",
                        phase="challenge", challenger=1, under="G4")
        return bluff_chance(game.view(2))

    greens, reds = chance("G1 G2 G3 G5 G6 G7 G8 G9"), chance("R1 R2 R3 R5 R6 R7 R8 R9")
    assert 0.0 < greens < reds < 1.0
    calm = position([7, 5, "G1 G2", 7], "R4", seat=2, preset="colour-match")
    assert bluff_chance(calm.view(2)) == 0.0
    unknown = position([7, 5, "G1 G2", 7], "W+4", seat=2, active=Colour.BLUE,
                       preset="colour-match", stacking="off", draw_four="challenge",
                       phase="challenge", challenger=1)
    assert unknown.view(2).colour_before_top() is None
    assert bluff_chance(unknown.view(2)) == 0.0  # nothing shows what it was played on


def test_the_fewer_cards_a_seat_holds_the_more_urgent_it_is_to_stop():
    """A seat's threat grows as its hand shrinks (1 card far above 2, 2 above 3, and on),
    an empty hand is no threat, and a player who weighs the human more (Crazy) weighs
    the human's hand above a computer's of the same size, as seen from a computer."""
    from colorcards.bots.knowledge import seat_threat, threat

    assert threat(0) == 0.0
    levels = [threat(n) for n in range(1, 12)]
    assert all(a > b > 0 for a, b in pairwise(levels))
    assert threat(1) >= 2 * threat(2) and threat(2) >= 2 * threat(3)
    game = position([2, 7, 2, 7], "R4", seat=1, preset="party")
    view = game.view(1)
    assert seat_threat(view, 0, focus_human=True) > seat_threat(view, 2, focus_human=True) \
        == seat_threat(view, 2) == seat_threat(view, 0)
    own = game.view(0)
    assert seat_threat(own, 0, focus_human=True) == seat_threat(own, 0)


@pytest.mark.parametrize(("direction", "out", "expected"), [
    (1, (), {1: 1, 2: 2, 3: 3}),
    (-1, (), {3: 1, 2: 2, 1: 3}),
    (1, (1,), {1: 0, 2: 1, 3: 2}),
    (-1, (3,), {3: 0, 2: 1, 1: 2}),
], ids=["clockwise", "reversed", "a seat out", "a seat out, reversed"])
def test_turns_until_each_seat_plays(direction, out, expected):
    """How many turns until each other seat plays, play running either way and passing
    over a seat that has gone out (which never plays: 0)."""
    hands = [5, *("" if s in out else 5 for s in (1, 2, 3))]
    game = position(hands, "R4", direction=direction, preset="party")
    view = game.view(0)
    assert {seat: turns_until(view, seat) for seat in (1, 2, 3)} == expected


def test_normal_draws_rather_than_spend_its_only_wild_early():
    """Any-time drawing: with a big hand and nobody close, Normal keeps its Wild (a
    human habit that costs a little); Hard spends it."""
    game = position(["W B1 B3 Y4 Y9 G2", 7, 7, 7], "R7")
    assert decide(HeuristicPlayer(NORMAL), game) == DRAW
    assert decide(HeuristicPlayer(HARD), game) != DRAW
    close = position(["W B1 B3 Y4 Y9 G2", 2, 7, 7], "R7")
    assert decide(HeuristicPlayer(NORMAL), close) != DRAW


def test_easy_plays_randomly_often_hard_never():
    """Over many generators Easy varies its card; Hard always plays the same one."""
    game = position(["R5 R9 RS B5 G5", 7, 7, 7], "R2")
    view, legal = game.view(0), game.legal_actions()
    easy = {decide_with(HeuristicPlayer(EASY), view, legal, s) for s in range(100)}
    normal = {decide_with(HeuristicPlayer(NORMAL), view, legal, s) for s in range(100)}
    hard = {decide_with(HeuristicPlayer(HARD), view, legal, s) for s in range(100)}
    assert len(hard) == 1
    assert len(easy) >= 3
    assert len(normal) >= 2


# ---------------------------------------------------------------- Crazy plays as a side

def test_crazy_spares_a_partner_about_to_go_out_hard_does_not():
    """The next seat is a computer on one card: Hard skips it, Crazy lets its partner
    play (a computer going out is a win for Crazy's side)."""
    game = position([7, "R5 RS B1 B2", 1, 7], "R2", seat=1, preset="party")
    assert decide(HeuristicPlayer(HARD), game) == Play(parse_card("RS"))
    assert decide(rule_based_crazy(), game) == Play(parse_card("R5"))


def test_crazy_keeps_its_skip_for_the_human_even_far_from_going_out():
    """The human, next, holds seven cards: Crazy skips it; with a partner next, it keeps
    the Skip."""
    game = position([7, 7, 7, "R5 RS R7 B1"], "R2", seat=3, preset="party")
    assert decide(rule_based_crazy(), game) == Play(parse_card("RS"))
    partner_next = position([7, "R5 RS R7 B1", 7, 7], "R2", seat=1, preset="party")
    assert decide(rule_based_crazy(), partner_next) != Play(parse_card("RS"))


def test_crazy_reverses_play_away_from_the_human():
    """Crazy sits just before the human, who is down to two cards: a Reverse puts two
    partners' turns between the human and its next turn."""
    game = position([2, 7, 7, "R5 RR B1 B2"], "R2", seat=3, preset="party")
    assert decide(rule_based_crazy(), game) == Play(parse_card("RR"))
    # Seen from just after the human, the same Reverse would bring the human closer.
    after = position([2, "R5 RR B1 B2", 7, 7], "R2", seat=1, preset="party")
    assert decide(rule_based_crazy(), after) == Play(parse_card("R5"))


def test_crazy_names_a_colour_the_human_drew_on_whoever_is_next():
    """Red and blue held equally; the human (not next) drew on blue: Crazy names blue."""
    game = position([6, "W R1 B1", 6], "G7", seat=1, preset="party",
                    lacks={0: {Colour.BLUE}})
    assert decide(rule_based_crazy(), game) == Play(parse_card("W"), Colour.BLUE)
    assert decide(HeuristicPlayer(HARD), game) == Play(parse_card("W"), Colour.RED)


def test_crazy_catches_only_the_human():
    """A partner who forgot Last Card is left alone; the human never is."""
    for target in (0, 2):
        hands = [7, 7, 7, 7]
        hands[target] = 1
        game = position(hands, "R1", preset="classic", seat=3, vulnerable=target)
        legal = game.legal_actions(1)
        assert Catch(target) in legal
        answer = make_player("crazy").react(game.view(1), legal, random.Random(0))
        assert answer == (Catch(0) if target == 0 else None)


def test_a_play_out_counts_a_partner_going_out_as_a_win_for_the_side():
    """Seat 1 goes out with its last card: a win for the computers' side, a loss for seat 2
    alone and for the human."""
    game = position([3, "R5", 4, 4], "R2", seat=1, preset="party")
    assert play_out(game.copy(random.Random(1)), frozenset({1, 2, 3}), 50, side=True) == 1.0
    assert play_out(game.copy(random.Random(1)), frozenset({2}), 50) == 0.0
    assert play_out(game.copy(random.Random(1)), frozenset({0}), 50) == 0.0


# Cards laid under the top card, all seen: nine of one colour (no 5 or 7 among them)
# leave few of that colour for the hidden hands.
SEEN = {colour: " ".join(f"{colour}{n}" for n in "123468912") for colour in "RB"}


@pytest.mark.parametrize(("seen", "card"), [("B", "B5"), ("R", "R7")])
def test_crazy_leaves_the_human_on_one_card_the_colour_it_is_least_likely_to_hold(seen, card):
    """The human, next, holds one card, dealt from the cards Crazy cannot see. Red and
    blue are otherwise alike: Crazy leaves the colour of which most cards are already
    seen, and without the seen cards the choice would not be forced either way."""
    game = position([1, 7, 7, "R7 B5 Y1 Y2"], "R5", seat=3, under=SEEN[seen])
    assert decide(rule_based_crazy(), game) == Play(parse_card(card))


@pytest.mark.parametrize(("seen", "card"), [("B", "R7"), ("R", "B5")])
def test_crazy_leaves_a_partner_on_one_card_the_colour_it_is_likeliest_to_hold(seen, card):
    """The same choice with a partner next on one card: Crazy leaves it the colour it
    can most likely follow (the human, on seven, is not close)."""
    game = position([7, "R7 B5 Y1 Y2", 1, 7], "R5", seat=1, under=SEEN[seen])
    assert decide(rule_based_crazy(), game) == Play(parse_card(card))


def test_crazy_draws_to_keep_a_colour_the_human_drew_on():
    """The human, next, is down to one card and drew on red: Crazy's only card to play
    (a blue 5 on the red 5) would change the colour, so it draws instead; Hard plays it.
    Had the human drawn on nothing, Crazy would play it too."""
    game = position([1, 7, 7, "B5 G9 G8 Y1"], "R5", seat=3, lacks={0: {Colour.RED}})
    assert decide(rule_based_crazy(), game) == DRAW
    assert decide(HeuristicPlayer(HARD), game) == Play(parse_card("B5"))
    open_game = position([1, 7, 7, "B5 G9 G8 Y1"], "R5", seat=3, under=SEEN["B"])
    assert decide(rule_based_crazy(), open_game) == Play(parse_card("B5"))


def test_the_chance_a_hidden_hand_can_follow():
    """Exact odds for a hand dealt from a small pool: a card of the colour, of the rank
    or a Wild follows; a colour the seat drew on is not in its hand."""
    pool = Counter(parse_cards("R1 R2 B1 G3 G4 W"))
    assert follow_chance(pool, (), 1, Colour.RED, Rank.TWO) == pytest.approx(3 / 6)
    assert follow_chance(pool, (), 1, Colour.RED, Rank.ONE) == pytest.approx(4 / 6)
    assert follow_chance(pool, (), 1, Colour.YELLOW, Rank.WILD) == pytest.approx(1 / 6)
    # Two cards from six, three of which fit: 1 - C(3, 2) / C(6, 2).
    assert follow_chance(pool, (), 2, Colour.RED, Rank.TWO) == pytest.approx(1 - 3 / 15)
    # Drew on green: the hand is dealt from the other four cards.
    assert follow_chance(pool, {Colour.GREEN}, 1, Colour.BLUE, Rank.THREE) == pytest.approx(2 / 4)
    assert follow_chance(pool, (), 7, Colour.YELLOW, None) == 1.0
    assert follow_chance(Counter(), (), 1, Colour.RED, Rank.ONE) == 0.0


# ---------------------------------------------------------------- what draws tell

def draw_and_keep(game, seat: int) -> None:
    """`seat`, to act, draws a card and keeps it (played through the engine)."""
    game.apply(DRAW, seat)
    if game.phase == "drawn" and game.current == seat:
        game.apply(PASS, seat)


def test_a_draw_when_stuck_proves_the_hand_had_nothing_playable():
    """Under draw=when-stuck a seat that drew and has not played since held no Wild."""
    game = position(["W R9 R8 R7 R6", "G5 B6 Y7 G8 B9 G1", "R4 R3 B1 B2 B3"], "R2",
                    preset="party", seat=1)
    assert not stuck(game.view(0), 1)
    draw_and_keep(game, 1)  # no red card, no Wild: drawing is all it may do
    assert stuck(game.view(0), 1) and stuck(game.view(2), 1)
    game.apply(play(parse_card("R4")), 2)
    assert stuck(game.view(0), 1)  # others' plays prove nothing about seat 1
    game.apply(play(parse_card("W"), Colour.GREEN), 0)
    game.apply(play(parse_card("G5")), 1)
    assert not stuck(game.view(0), 1)


def test_a_reverse_after_the_draw_proves_nothing_about_the_seat_that_drew():
    """Events of no seat's (a Reverse's change of direction) since the draw are passed
    over like others' plays: the seat that drew is still known to hold nothing playable."""
    game = position(["W R9 R8 R7 R6", "G5 B6 Y7 G8 B9 G1", "RR R3 B1 B2 B3"], "R2",
                    preset="party", seat=1)
    draw_and_keep(game, 1)
    game.apply(play(parse_card("RR")), 2)
    assert isinstance(game.view(0).history[-1], Reversed)
    assert stuck(game.view(0), 1)


def test_colours_are_counted_without_the_wilds():
    assert colour_counts(parse_cards("R1 R2 B3 W W+4")) == {
        Colour.RED: 2, Colour.BLUE: 1, Colour.YELLOW: 0, Colour.GREEN: 0}


def test_a_draw_proves_nothing_when_drawing_is_allowed_any_time_or_forced():
    """Any-time drawing (Color Cards) is a choice; a penalty is no choice at all."""
    any_time = position([5, "R5 G5 B6 Y7 G8 B9", 6], "R2", seat=1)
    draw_and_keep(any_time, 1)  # it holds R5 and draws all the same
    assert not stuck(any_time.view(0), 1)
    penalty = position(["R+2 R9 R8 R7 R6", 6, 6], "R2", preset="party")
    penalty.apply(play(parse_card("R+2")), 0)
    assert any(isinstance(e, Drew) and e.seat == 1 and e.reason == "penalty"
               for e in penalty.view(0).history)
    assert not stuck(penalty.view(0), 1)


# ---------------------------------------------------------------- the log's reasons

@pytest.mark.parametrize("hands, seat, top, card, colour, expected", [
    # A Skip on the human, who is next and down to two cards.
    ([2, 7, 7, "RS B1"], 3, "R2", "RS", None,
     "aimed at you: you were next, down to two cards"),
    # A Draw Two on the human far from going out: it simply plays next.
    ([7, 7, 7, "R+2 B1"], 3, "R2", "R+2", None, "aimed at you: you were next"),
    # A Wild naming the colour the human drew on.
    ([6, "W R1", 6], 1, "G7", "W", Colour.BLUE, "a colour you drew on last time"),
    # Head to head every Skip lands on the human: it explains nothing (issue 30, item 3).
    ([3, "RS B1"], 1, "R2", "RS", None, None),
    # A plain number card on a partner: nothing to explain.
    ([2, "R5 B1", 7], 1, "R2", "R5", None, None),
    # A Skip on a partner while the human is close: not aimed at the human.
    ([2, "RS B1", 7, 7], 1, "R2", "RS", None, None),
])
def test_a_move_against_the_human_comes_with_its_public_reason(hands, seat, top, card, colour,
                                                                expected):
    """The log can say why: counts and draws the player saw, nothing hidden."""
    game = position(hands, top, seat=seat, preset="party", lacks={0: {Colour.BLUE}})
    assert reason(game.view(seat), Play(parse_card(card), colour)) == expected


def test_the_reason_for_a_reverse_that_turns_play_away_from_the_human():
    game = position([2, 7, 7, "RR B1"], "R2", seat=3, preset="party")
    assert reason(game.view(3), Play(parse_card("RR"))) == (
        "turning play away from you: you were down to two cards")
    assert reason(game.view(3), Play(parse_card("B1"))) is None
