"""The play-outs' shortcuts give what the plain ways give: a generator seeded when first
used draws as one seeded at once, an imagined deal is `random.shuffle`'s, a view's
unseen cards are worked out once, and a turn offers its one catch last (what the coach's
lapses read)."""

from __future__ import annotations

import pickle
import random

import pytest

from colorcards.engine import (
    Catch,
    DecisionKind,
    Game,
    Play,
    SeededWhenDrawn,
    deal_from_view,
    get_preset,
    next_decision,
)


@pytest.mark.parametrize("seed", [0, 7, 2**64 - 1])
def test_a_generator_seeded_when_drawn_draws_as_one_seeded_at_once(seed):
    """Whatever is asked first — a draw through a method bound before any draw (as a
    shuffle binds it), a range, a shuffle, its state — the answers are those of
    `random.Random(seed)`, and afterwards it is one."""
    plain = random.Random(seed)
    later = SeededWhenDrawn(seed)
    draw = later.random  # bound before the first draw
    assert [draw() for _ in range(5)] == [plain.random() for _ in range(5)]
    assert type(later) is random.Random
    assert later.getstate() == plain.getstate()

    cards, same = list(range(60)), list(range(60))
    SeededWhenDrawn(seed).shuffle(cards)
    random.Random(seed).shuffle(same)
    assert cards == same
    assert SeededWhenDrawn(seed).randrange(1000) == random.Random(seed).randrange(1000)
    assert SeededWhenDrawn(seed).getstate() == random.Random(seed).getstate()
    reseeded = SeededWhenDrawn(seed)
    reseeded.seed(3)
    assert reseeded.random() == random.Random(3).random()


def test_a_copy_shuffling_with_a_generator_seeded_when_drawn_plays_the_same():
    """A game copied with `SeededWhenDrawn(s)` plays on exactly as one copied with
    `random.Random(s)`, its draw pile shuffled again when it runs out."""
    rules = get_preset("color-cards").rules()
    reshuffled = 0
    for seed in range(12):
        game = Game(rules, 4, seed)
        for _ in range(20):
            decision = next_decision(game)
            assert decision is not None
            game.step(decision.actions[-1], decision.seat)  # draw, mostly: the pile runs low
        games = [game.copy(random.Random(seed)), game.copy(SeededWhenDrawn(seed))]
        chooser = [random.Random(seed), random.Random(seed)]
        for _ in range(400):
            decisions = [next_decision(g) for g in games]
            assert decisions[0] == decisions[1]
            if decisions[0] is None:
                break
            for g, d, r in zip(games, decisions, chooser, strict=True):
                g.step(r.choice(d.actions), d.seat)
        assert games[0].actions == games[1].actions
        assert games[0].hands == games[1].hands
        reshuffled += type(games[1].rng) is random.Random
    assert reshuffled > 0  # some copies did shuffle: the generator was woken and used


def _views(preset: str, seats: int, count: int) -> list:
    """Views of seat 0 along random games, at its turns."""
    views = []
    rng = random.Random(3)
    for seed in range(count):
        game = Game(get_preset(preset).rules(), seats, seed)
        for _ in range(rng.randrange(5, 40)):
            decision = next_decision(game)
            if decision is None:
                break
            game.step(rng.choice(decision.actions), decision.seat)
        views.append(game.view(0))
    return views


def test_an_imagined_deal_places_a_random_shuffle_of_the_unseen_cards():
    """Without the hints of colours drawn on (`lacks=False`), the hidden cards are one
    `random.shuffle` of the unseen cards in card order with the given generator: the
    other seats take theirs from the front in seat order, the rest is the draw pile.
    (The deal is written for speed; the coach's deals must stay these.)"""
    checked = 0
    for view in _views("color-cards", 4, 30):
        if view.current != 0 or view.phase.value == "drawn":
            continue
        pool = list(view.unseen_cards())
        random.Random(checked).shuffle(pool)
        dealt = deal_from_view(view, random.Random(checked), lacks=False)
        for seat in range(1, view.seats):
            need = view.hand_counts[seat]
            assert dealt.hands[seat] == sorted(pool[:need], key=lambda c: c.index)
            pool = pool[need:]
        assert dealt.draw_pile == pool
        checked += 1
    assert checked >= 10


def test_a_views_unseen_cards_are_its_unseen_counted_one_by_one_and_kept():
    """`unseen_cards` is `unseen()` card by card, the same tuple each time; keeping it
    changes neither the view's equality nor what a pickled view holds."""
    for view in _views("duel", 2, 8):
        cards = view.unseen_cards()
        assert list(cards) == list(view.unseen().elements())
        assert view.unseen_cards() is cards
        again = pickle.loads(pickle.dumps(view))
        assert again == view and again.unseen_cards() == cards


def test_a_turn_lists_its_cards_first_and_one_catch_at_most_last():
    """A turn lists the cards that may be played before anything else, and while a seat
    may be caught, one `Catch` after everything else: the coach's play-outs look for
    them there only (`level_choice`, `quick_move`)."""
    catches = 0
    rules = get_preset("classic").rules()  # Last Card to be called, and caught
    rng = random.Random(9)
    for seed in range(60):
        game = Game(rules, 4, seed)
        while (decision := next_decision(game)) is not None and game.round == 1:
            if decision.kind is DecisionKind.TURN:
                actions = decision.actions
                found = [i for i, a in enumerate(actions) if type(a) is Catch]
                assert found in ([], [len(actions) - 1])
                catches += bool(found)
                plays = [i for i, a in enumerate(actions) if type(a) is Play]
                assert plays == list(range(len(plays)))
            game.step(rng.choice(decision.actions), decision.seat)
    assert catches > 20
