"""The coach behind the hint and the review: a clearly costly move is listed and an even
choice is not; the hint and the review answer a position alike; only what the player
could see counts; a review left half-way resumes; and every kind of move reads as a
sentence."""

import random

import pytest

from bots_helpers import position
from colorcards.coach import NOTICEABLE, Coach
from colorcards.coach.words import hint_words
from colorcards.engine import (
    ACCEPT,
    CALL,
    CHALLENGE,
    DRAW,
    PASS,
    Catch,
    Colour,
    Game,
    NameColour,
    deal_from_view,
    parse_card,
    play,
)
from colorcards.replay.kept import KeptGame, kept_from_game
from colorcards.replay.review import (
    Moment,
    Review,
    decisions,
    moment_words,
    review,
    summary_words,
)
from history_helpers import new_game, step

PLAN = (("color-cards", 4, "normal"),)

QUICK = Coach("normal", choose_deals=32, choose_playouts=160, looks=(32, 64))
"""A small budget: enough to tell the positions here apart, quick enough for a test."""


@pytest.fixture(scope="module")
def kept() -> KeptGame:
    """A finished Color Cards game, Normal players at every seat (seed 5003)."""
    game, _, players = new_game(0, 5003, plan=PLAN)
    rng = random.Random(1)
    while not game.is_over:
        step(game, players, rng)
    return kept_from_game(game, difficulty="normal", preset="color-cards", game_id="g")


def _costly_position() -> Game:
    """A duel: the opponent is down to one card; a Red Draw Two holds it off and the Red 5
    then goes out, while the Red 5 first leaves it a card to follow (Last Card called)."""
    return position(["R+2 R5", "G1"], "R3", preset="duel", called="0,1")


def test_a_clearly_costly_move_is_listed():
    """Red 5 before the Draw Two: the coach recommends the Draw Two and measures the cost
    on fresh deals, with its whole interval above 3 points."""
    game = _costly_position()
    view, legal = game.view(0), game.legal_actions(0)
    coach = Coach("hard")
    advice = coach.advise(view, legal)
    assert advice.recommended == play(parse_card("R+2"))
    verdict = coach.judge(view, legal, play(parse_card("R5")))
    assert verdict is not None and not verdict.close
    assert verdict.costly and verdict.low >= NOTICEABLE
    assert verdict.best_tally.chance > verdict.made_tally.chance + 0.1
    moment = Moment.of(0, 5, view, verdict)
    assert moment.costly and moment.deals >= 32


@pytest.mark.parametrize("preset", ["color-cards", "duel"])
def test_a_card_played_down_to_one_without_the_call_is_weighed_so(preset):
    """Red 5 played from two cards without calling Last Card: the penalty follows (at
    once in Color Cards, when a Hard opponent catches it in a duel), so the coach weighs
    the card as played against the same card with the call, and lists it. Called first,
    the same card is as good as the best."""
    game = position(["R5 G7", 5] if preset == "duel" else ["R5 G7", 5, 5, 5], "R3",
                    preset=preset)
    view, legal = game.view(0), game.legal_actions(0)
    assert CALL in legal
    coach = Coach("hard")
    red5 = play(parse_card("R5"))
    verdict = coach.judge(view, legal, red5)
    assert verdict is not None and verdict.uncalled and not verdict.close
    assert verdict.best == red5 and verdict.costly
    assert verdict.best_tally.chance > verdict.made_tally.chance + NOTICEABLE
    moment = Moment.of(0, 9, view, verdict)
    assert moment.uncalled and Review.from_json(Review((moment,), 1).as_json()) == \
        Review((moment,), 1)
    words = moment_words(moment, seat_names=NAMES)
    assert words.startswith("Turn 9, Red 3 on the pile: you played Red 5 without calling "
                            "Last Card. Your chance to win this round: ")
    assert "after Red 5 without calling Last Card, " in words
    assert "after Red 5 with Last Card called: at least 3% less likely to win" in words
    game.step(CALL, 0)
    view, legal = game.view(0), game.legal_actions(0)
    called = coach.judge(view, legal, red5)
    assert called is not None and not called.uncalled and not called.costly


def test_an_even_choice_lists_neither_move():
    """Red 5 or Red 6 on Red 3, with the opponent on seven cards: whichever is played, the
    review finds nothing to hold against it."""
    game = position(["R5 R6 G2", 7], "R3", preset="duel")
    view, legal = game.view(0), game.legal_actions(0)
    coach = Coach("hard")
    for made in (play(parse_card("R5")), play(parse_card("R6"))):
        verdict = coach.judge(view, legal, made)
        assert verdict is not None and not verdict.costly


def test_the_hint_and_the_review_answer_a_position_alike(kept):
    """For the same position, budget and seed: the hint's move is never held against the
    player, and where the move made was measured, it was measured against the hint's."""
    todo = decisions(kept)
    assert len(todo) >= 4
    measured = 0
    for d in todo[:6]:
        advice = QUICK.advise(d.view, d.legal)
        hinted = QUICK.judge(d.view, d.legal, advice.recommended)
        assert hinted is not None and hinted.close and not hinted.costly
        verdict = QUICK.judge(d.view, d.legal, d.made)
        assert verdict is not None
        if not verdict.close:
            measured += 1
            assert verdict.best == advice.recommended
        else:
            assert d.made in advice.close


def test_the_controller_hint_is_the_coachs_advice():
    """The table's H asks the same coach: what it is handed is `Coach.advise` of the view
    (the request rebuilt as the coach's process rebuilds it: `LocalCoach`)."""
    from coach_helpers import LocalCoach
    from colorcards.session.messages import Hinted
    from test_tui_controller import ManualHost, controller, prepared

    host = ManualHost()
    ctl = controller(prepared("top=R3 | you: R5 RS G2 | lily: G1 B4 | zoe: Y3 Y4 | max: B1 B2"),
                     host, remote=LocalCoach())
    assert ctl.my_turn
    ctl.hint()
    [hinted] = [m for m in host.told if isinstance(m, Hinted)]
    advice = Coach(ctl.settings.difficulty).advise(ctl.view(), ctl.game.legal_actions(0))
    assert hinted.action == ctl.hinted == advice.recommended
    assert hinted.words.startswith("Hint: ")


def _redealt(kept: KeptGame, index: int, seed: int) -> Game:
    """The game just before action `index`, with every card the player cannot see dealt
    again at random (the engine's `deal_from_view`), hand sizes and history kept."""
    game = Game.replay(kept.rules, kept.seats, kept.seed, kept.actions[:index])
    return deal_from_view(game.view(0), random.Random(seed), lacks=False, history=True)


def test_re_dealing_the_unseen_cards_changes_neither_hint_nor_review(kept):
    """Other hands and the draw pile dealt again: the player's view is the same, and so
    are the coach's advice and its verdict on the move made."""
    todo = decisions(kept)[:3]
    assert len(todo) == 3
    for number, d in enumerate(todo):
        other = _redealt(kept, d.index, seed=number + 99)
        real = Game.replay(kept.rules, kept.seats, kept.seed, kept.actions[:d.index])
        assert other.hands[1:] != real.hands[1:] or other.draw_pile != real.draw_pile
        view = other.view(0)
        assert view.as_json() == d.view.as_json()
        legal = other.legal_actions(0)
        assert QUICK.advise(view, legal) == QUICK.advise(d.view, d.legal)
        assert QUICK.judge(view, legal, d.made) == QUICK.judge(d.view, d.legal, d.made)


def test_a_review_left_half_way_resumes_where_it_stopped(kept):
    """Stopped after two decisions, the review keeps them; resumed, it weighs only the
    rest and comes to exactly the review weighed in one go."""
    asked = []

    def stop() -> bool:
        return len(asked) >= 2

    part = review(kept, stop=stop, coach=QUICK, weighed=asked.append)
    assert not part.complete and len(part.moments) == 2
    assert Review.from_json(part.as_json()) == part
    progress = []
    whole = review(kept, resume=part, coach=QUICK, progress=lambda d, t: progress.append(d))
    assert whole.complete and progress[0] == 2
    assert whole == review(kept, coach=QUICK)
    other = Coach("hard", choose_deals=32, choose_playouts=160, looks=(32, 64))
    restarted = []
    review(kept, resume=part, coach=other, progress=lambda d, t: restarted.append(d))
    assert restarted[0] == 0, "a review by another coach is not resumed"


def test_stopping_gives_up_before_the_next_decision(kept):
    """A stop asked for (the player left) ends the review with what was weighed."""
    calls = []
    result = review(kept, progress=lambda d, t: calls.append((d, t)), stop=lambda: True,
                    coach=QUICK)
    assert result.moments == () and not result.complete
    assert calls == [(0, len(decisions(kept)))]


def test_decisions_are_the_players_turns_with_a_choice(kept):
    """Every decision listed is seat 0's, on its turn, with more than one action."""
    todo = decisions(kept)
    assert todo
    for d in todo:
        assert kept.actions[d.index] == (0, d.made)
        assert d.view.seat == 0 and d.view.current == 0 and d.turn >= 1
        assert len(d.legal) > 1 and d.made in d.legal


def _moment(made, best, made_chance=0.24, best_chance=0.35, top="R7", active=Colour.RED,
            made_out=(0.24, 0.41, 0.2, 0.15), best_out=(0.35, 0.22, 0.23, 0.2)):
    return Moment(index=27, turn=14, top=parse_card(top), active=active, made=made,
                  best=best, close=False, made_chance=made_chance, best_chance=best_chance,
                  cost=best_chance - made_chance, low=0.04, high=0.18, deals=256,
                  made_out=made_out, best_out=best_out)


NAMES = ("You", "Lily", "Zoe", "Max")
SURE = ": at least 3% less likely to win (95% sure)"


@pytest.mark.parametrize(("made", "best", "words"), [
    (play(parse_card("R3")), play(parse_card("RR")),
     "Turn 14, Red 7 on the pile: you played Red 3. Your chance to win this round: 24% "
     "after Red 3, 35% after Red Reverse" + SURE + ". After Red 3, Lily went out first in "
     "41% of the "
     "games the coach played out; after Red Reverse, 22%."),
    (play(parse_card("W"), Colour.BLUE), play(parse_card("W"), Colour.GREEN),
     "Turn 14, Red 7 on the pile: you played Wild naming Blue. Your chance to win this "
     "round: 24% after Wild naming Blue, 35% after Wild naming Green" + SURE + "."),
    (DRAW, play(parse_card("R3")),
     "Turn 14, Red 7 on the pile: you drew. Your chance to win this round: 24% after "
     "drawing, 35% after Red 3" + SURE + "."),
    (PASS, play(parse_card("R3")),
     "Turn 14, Red 7 on the pile: you kept the drawn card. Your chance to win this round: "
     "24% after keeping the drawn card, 35% after Red 3" + SURE + "."),
    (ACCEPT, play(parse_card("R+2")),
     "Turn 14, Red 7 on the pile: you took the penalty. Your chance to win this round: "
     "24% after taking the penalty, 35% after Red Draw Two" + SURE + "."),
    (CHALLENGE, ACCEPT,
     "Turn 14, Red 7 on the pile: you challenged the Wild Draw Four. Your chance to win "
     "this round: 24% after challenging the Wild Draw Four, 35% after taking the penalty"
     + SURE + "."),
    (NameColour(Colour.BLUE), NameColour(Colour.RED),
     "Turn 14, Red 7 on the pile: you named Blue. Your chance to win this round: 24% after "
     "naming Blue, 35% after naming Red" + SURE + "."),
    (CALL, DRAW,
     "Turn 14, Red 7 on the pile: you called Last Card. Your chance to win this round: 24% "
     "after calling Last Card, 35% after drawing" + SURE + "."),
    (Catch(2), DRAW,
     "Turn 14, Red 7 on the pile: you caught Zoe. Your chance to win this round: 24% after "
     "catching Zoe, 35% after drawing" + SURE + "."),
], ids=["card", "colour", "draw", "keep", "accept", "challenge", "name", "call", "catch"])
def test_every_kind_of_moment_reads_as_a_sentence(made, best, words):
    """Chances as chances, each move in words; a reason only where an opponent's share of
    going out first moved by five points or more."""
    quiet = tuple(0.2 for _ in NAMES)
    moment = _moment(made, best) if "Lily" in words else _moment(made, best, made_out=quiet,
                                                                    best_out=quiet)
    assert moment_words(moment, seat_names=NAMES) == words


def test_a_wild_on_top_says_the_colour_to_match():
    """'Wild (Blue to match)': the top card alone would not say what was asked."""
    words = moment_words(_moment(play(parse_card("B3")), play(parse_card("B9")), top="W",
                                 active=Colour.BLUE), seat_names=NAMES)
    assert words.startswith("Turn 14, Wild (Blue to match) on the pile: you played Blue 3.")


def test_only_moments_clear_of_the_noise_are_listed_costliest_first():
    """A moment whose interval reaches below 3% is not listed, however large its
    estimate, nor one whose chances shown do not show it 3% apart (measured apart, they
    would contradict the verdict); the rest are listed costliest first."""
    noisy = Moment(1, 1, parse_card("R7"), Colour.RED, DRAW, PASS, close=False, cost=0.2,
                   low=0.01, high=0.39, made_chance=0.2, best_chance=0.4, deals=64)
    big = Moment(2, 2, parse_card("R7"), Colour.RED, DRAW, PASS, close=False, cost=0.3,
                 low=0.2, high=0.4, made_chance=0.1, best_chance=0.4, deals=256)
    mid = Moment(3, 3, parse_card("R7"), Colour.RED, DRAW, PASS, close=False, cost=0.1,
                 low=0.05, high=0.15, made_chance=0.3, best_chance=0.4, deals=256)
    shown_less = Moment(5, 5, parse_card("R7"), Colour.RED, DRAW, PASS, close=False,
                        cost=0.01, low=0.04, high=0.15, made_chance=0.27, best_chance=0.28,
                        deals=2048)
    fine = Moment(4, 4, parse_card("R7"), Colour.RED, DRAW, DRAW, close=True)
    result = Review((noisy, big, mid, shown_less, fine), total=5)
    assert result.costliest() == [big, mid]
    assert summary_words(result) == (
        "Of your 5 decisions with a choice, 3 were as good as the best found or too close "
        "to tell; 2 clearly lowered your chance to win the round, by 3% or more.")
    assert summary_words(Review((fine,), total=1)).endswith(
        "1 was as good as the best found or too close to tell: no move cost you a clear "
        "chance to win the round.")


def test_the_hint_in_words():
    """One move, or the moves the coach could not tell apart with the first selected (no
    'Hard's choice': a newcomer cannot know what that is). A pass says it keeps the card,
    with the key the prompt names (issue 30, item 6)."""
    r3, rr, w = play(parse_card("R3")), play(parse_card("RR")), play(parse_card("W"),
                                                                     Colour.RED)
    assert hint_words([r3]) == "Hint: play Red 3. Enter does it."
    assert hint_words([DRAW]) == "Hint: draw a card. Enter does it."
    assert hint_words([PASS]) == ("Hint: pass, keeping the drawn card for later. Enter does "
                                  "it.")
    assert hint_words([PASS], own_key=lambda a: "P") == (
        "Hint: pass, keeping the drawn card for later. P does it (Enter too, now).")
    assert hint_words([r3], own_key=lambda a: "P") == "Hint: play Red 3. Enter does it."
    assert hint_words([r3, rr]) == ("Hint: Red 3 or Red Reverse: about the same. Red 3 is "
                                    "selected; Enter does it.")
    assert hint_words([r3, rr, w, DRAW]).startswith(
        "Hint: Red 3, Red Reverse, Wild naming Red or 1 other: about the same.")
    assert hint_words([r3], call_first=True) == ("Hint: call Last Card, then play Red 3. "
                                                 "Enter does both.")
    assert hint_words([r3, rr], call_first=True) == (
        "Hint: Red 3 or Red Reverse: about the same; call Last Card first. Red 3 is selected; "
        "Enter calls and plays it.")
    assert hint_words([DRAW], call_first=True) == "Hint: draw a card. Enter does it."


def test_a_review_round_trips_through_json(kept):
    """Kept in the database as JSON and read back the same; another version is ignored."""
    result = review(kept, coach=QUICK)
    assert result.complete and result.as_json()["complete"] is True
    assert Review.from_json(result.as_json()) == result
    assert Review.from_json({**result.as_json(), "version": 1}) is None
    assert Review.from_json({"version": 2, "moments": [{"index": "x"}]}) is None


def test_the_review_lists_every_costly_moment():
    """Issue 41: the review lists each move the coach noted at the table, however many
    (it listed the five costliest, while the summary counted them all)."""
    moments = tuple(Moment(i, i, parse_card("R7"), Colour.RED, DRAW, PASS, close=False,
                           cost=0.1 + i / 100, low=0.05, high=0.2, made_chance=0.2,
                           best_chance=0.3 + i / 100, deals=256) for i in range(7))
    result = Review(moments, total=7)
    assert [m.index for m in result.costliest()] == [6, 5, 4, 3, 2, 1, 0]
