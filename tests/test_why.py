"""A listed moment's reason: one sentence from facts of the position the player could
see, given only where the coach's figures agree; an honest general line where no rule
fits; never anything read from another seat's hidden cards."""

import random

import pytest

from bots_helpers import position
from colorcards.coach.why import GENERAL, why_better
from colorcards.engine import ACCEPT, DECLINE, DRAW, PASS, Colour, Swap, parse_card, play
from colorcards.engine import position_from_text as engine_position
from colorcards.replay.kept import kept_from_game
from colorcards.replay.review import Moment, Review, decisions, moment_views, moment_words
from colorcards.session.results import review_lines
from history_helpers import new_game, step

NAMES = ("You", "Lily", "Zoe", "Max")
SLOWER = ((0.3, 0.4, 0.2, 0.1), (0.45, 0.2, 0.2, 0.15))
"""Out shares (made, best): Lily, next to play, goes out first less after the coach's
choice."""
FASTER = (SLOWER[1], SLOWER[0])
"""The other way round: the figures do not back a reason about Lily."""


def _why(game, made, best, out=SLOWER, uncalled=False):
    return why_better(game.view(0), made, best, out[0], out[1], lambda c: c.name,
                      lambda c: c.title, NAMES, uncalled)


def at(**where):
    """A position's words for `bots_helpers.position`."""
    return where


def _p(code, colour=None):
    return play(parse_card(code), colour)


CASES = {
    "draw two at the next player": (
        at(hands=["R5 R+2 G7", "G1 G2", 5, 5], top="R3"), _p("R5"), _p("R+2"), SLOWER,
        "Why: Lily, next to play, was down to two cards, and your Red Draw Two would have "
        "made Lily draw 2 and miss a turn, unless they had a Draw Two or a Wild Draw Four to "
        "pass it on."),
    "skip at the next player": (
        at(hands=["R5 RS G7", "G1", 5, 5], top="R3"), _p("R5"), _p("RS"), SLOWER,
        "Why: Lily, next to play, was down to one card, and your Red Skip would have made "
        "Lily miss a turn."),
    "wild draw four, no stacking": (
        at(hands=["B5 W+4 G7", "G1", 5, 5], top="R3", stacking="off"), _p("G7"),
        _p("W+4", Colour.BLUE), SLOWER,
        "Why: Lily, next to play, was down to one card, and your Wild Draw Four would have "
        "made Lily draw 4 and miss a turn."),
    "reverse away from the next player": (
        at(hands=["R5 RR G7", "G1", 5, 5], top="R3"), _p("R5"), _p("RR"), SLOWER,
        "Why: Lily, next to play, was down to one card, and your Red Reverse would have "
        "turned play away from Lily."),
    "reverse in a duel, a skip there": (
        at(hands=["R5 RR G7", 1], top="R3", preset="duel"), _p("R5"), _p("RR"),
        ((0.3, 0.7), (0.6, 0.4)),
        "Why: Lily, next to play, was down to one card, and your Red Reverse would have "
        "made Lily miss a turn."),
    "drew while a card could be played": (
        at(hands=["R5 G7 B2", 5, 5, 5], top="R3"), DRAW, _p("R5"), SLOWER,
        "Why: you drew while your Red 5 could be played; playing a card brings you one "
        "closer to going out, drawing takes you one further away."),
    "kept the card drawn": (
        at(hands=["R5 G7 B2", 5, 5, 5], top="R3", phase="drawn", drawn="R5"), PASS,
        _p("R5"), SLOWER,
        "Why: you kept the Red 5 you drew though it could be played; playing it brings you "
        "one closer to going out."),
    "a wild while a coloured card could be played": (
        at(hands=["W R5 G7", 5, 5, 5], top="R3"), _p("W", Colour.GREEN), _p("R5"), SLOWER,
        "Why: you played a Wild while your Red 5 could be played; a Wild can be played when "
        "nothing else fits, so it is worth keeping for such a turn."),
    "named the colour held fewer of": (
        at(hands=["W B1 R2 R4 R6", 5, 5, 5], top="G3"), _p("W", Colour.BLUE),
        _p("W", Colour.RED), FASTER,
        "Why: you named Blue holding 1 Blue card and 3 Red cards; naming the colour you hold "
        "more of leaves you more cards to play on your next turn."),
    "named a colour the next player has": (
        at(hands=["W B1 R2", 5, 5, 5], top="G3", lacks={1: {Colour.RED}}),
        _p("W", Colour.BLUE), _p("W", Colour.RED), SLOWER,
        "Why: Lily, next to play, drew rather than play on Red last time, so naming Red may "
        "leave Lily without a card to play."),
    "took the penalty with a draw card to pass it on": (
        at(hands=["R+2 G5", 5, 5, 5], top="B+2", pending=2), ACCEPT, _p("R+2"), SLOWER,
        "Why: you took the penalty while your Red Draw Two could pass it on to Lily, the "
        "next player, instead."),
    "played down to one without the call": (
        at(hands=["R5 G7", 5, 5, 5], top="R3"), _p("R5"), _p("R5"), SLOWER,
        "Why: playing down to one card without calling Last Card makes you draw 2 at once; "
        "the call costs nothing."),
    "the same in a duel, where you may be caught": (
        at(hands=["R5 G7", 5], top="R3", preset="duel"), _p("R5"), _p("R5"),
        ((0.4, 0.6), (0.6, 0.4)),
        "Why: down to one card without calling Last Card, anyone could catch you, and you "
        "would then draw 2; the call costs nothing."),
}


@pytest.mark.parametrize("case", list(CASES))
def test_each_reason_where_it_applies(case):
    """Each rule's position gets its own sentence, word for word."""
    where, made, best, out, words = CASES[case]
    game = position(**where)
    assert _why(game, made, best, out, uncalled=made == best) == words


def test_a_larger_hand_taken_after_a_seven_says_why():
    """After a 7 (house rule `seven_zero`), taking a larger hand than another: the
    counts the player saw say why."""
    game = position(["B2 G5", 3, 1, 5], "R7", phase="swap", seven_zero="on")
    assert _why(game, Swap(1), Swap(2)) == (
        "Why: you took Lily's hand of 3 cards, where Zoe's held 1 card: the smaller hand "
        "leaves you closer to going out.")
    partners = position(["B2 G5", 1, 3, 5], "R7", phase="swap", seven_zero="on",
                        partners="on")
    assert _why(partners, Swap(2), Swap(1)).startswith(
        "Why: Zoe is your partner: swapping with them only moved your side's cards")


def test_a_jump_in_let_go_says_what_it_would_have_done():
    """A jump-in let go (house rule `jump_in`): the card it would have shed, and the
    players it would have passed over."""
    game = engine_position("top=R5 jump_in=on offers=0 turn=2 | you: R5 B7 G1 | "
                           "lily: Y2 Y3 | zoe: G4 G5 | max: B1 B2")
    assert _why(game, DECLINE, _p("R5")) == (
        "Why: jumping in with your Red 5 would have played a card out of turn: one card "
        "fewer for you, and Zoe and Max would have been passed over.")


@pytest.mark.parametrize(("where", "made", "best", "out"), [
    (at(hands=["R5 R6 G7", 5, 5, 5], top="R3"), _p("R5"), _p("R6"), SLOWER),
    (at(hands=["R5 R+2 G7", "G1 G2", 5, 5], top="R3"), _p("R5"), _p("R+2"), FASTER),
    (at(hands=["R5 R+2 G7", "G1 G2 G3", 5, 5], top="R3"), _p("R5"), _p("R+2"), SLOWER),
    (at(hands=["RS R+2 G7", "G1", 5, 5], top="R3"), _p("RS"), _p("R+2"), SLOWER),
    (at(hands=["W B1 B4 R2", 5, 5, 5], top="G3"), _p("W", Colour.BLUE),
     _p("W", Colour.RED), SLOWER),
    (at(hands=["R5 W+4 G7", "G1", 5, 5], top="R3", stacking="off", draw_four="challenge"),
     _p("G7"), _p("W+4", Colour.BLUE), SLOWER),
], ids=["two numbers", "figures disagree", "next player not close", "both hold back",
        "colour held more of", "a challenge would win"])
def test_where_no_rule_fits_the_general_line(where, made, best, out):
    """No rule fits (or its fact is not backed by the figures): the honest general line,
    never an invented reason."""
    game = position(**where)
    assert _why(game, made, best, out) == GENERAL


@pytest.mark.parametrize("case", list(CASES))
def test_no_reason_reads_another_seats_hidden_cards(case):
    """The same position with the other seats' cards dealt otherwise (the same counts):
    every reason is the same, word for word."""
    where, made, best, out, _ = CASES[case]
    game = position(**where)
    other = position(**where, seed=7)
    assert [other.hands[s] for s in range(1, game.seats)] != \
        [game.hands[s] for s in range(1, game.seats)]
    uncalled = made == best
    assert _why(other, made, best, out, uncalled) == _why(game, made, best, out, uncalled)


def test_every_listed_moment_of_a_game_gives_its_reason():
    """The Review's lines and the Replay's marks read each moment's reason from the
    player's view at that decision; without the game, the figures alone."""
    game, _, players = new_game(0, 5003, plan=(("color-cards", 4, "normal"),))
    rng = random.Random(1)
    while not game.is_over:
        step(game, players, rng)
    kept = kept_from_game(game, difficulty="normal", preset="color-cards", game_id="g")
    todo = [d for d in decisions(kept) if any(a != d.made for a in d.legal)][:3]
    moments = tuple(
        Moment(d.index, d.turn, d.view.top, d.view.active_colour, d.made,
               next(a for a in d.legal if a != d.made), close=False, made_chance=0.2,
               best_chance=0.4, cost=0.2 - i / 100, low=0.1, high=0.3, deals=64,
               made_out=(0.2, 0.3, 0.3, 0.2), best_out=(0.4, 0.2, 0.2, 0.2))
        for i, d in enumerate(todo))
    result = Review(moments, total=len(moments))
    views = moment_views(kept)
    lines = review_lines(result, seat_names=tuple(NAMES), kept=kept)
    assert len(lines) == 3
    for m, line in zip(result.costliest(), lines, strict=True):
        why = why_better(views[m.index], m.made, m.best, m.made_out, m.best_out,
                         lambda c: c.name, lambda c: c.title, NAMES)
        assert why in line and line == moment_words(m, seat_names=NAMES,
                                                    view=views[m.index])
    assert all("Why" not in line for line in review_lines(result, seat_names=tuple(NAMES)))
