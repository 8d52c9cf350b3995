"""Issue 19: a rule a computer player plans by is the rule the table plays by.

The players' reckoning (`bots.knowledge`) asks the engine's own statements of who plays
next (`engine.turns`) and of matching (`Card.matches`); these tests play the engine and
check that the reckoning says what the engine then does, so the two cannot drift."""

import random

import pytest

from colorcards.bots.knowledge import next_to_play
from colorcards.engine import ALL_CARDS, Game, Phase, Play, get_preset, next_decision

PRESETS = [("color-cards", 4), ("classic", 3), ("duel", 2), ("party", 5), ("colour-match", 4)]


def positions(preset: str, seats: int, count: int, **changes):
    """Games at the turns of random play, `count` of them."""
    rng = random.Random(seats)
    found = 0
    for seed in range(200):
        game = Game(get_preset(preset).rules(**changes), seats, seed)
        while not game.is_over:
            d = next_decision(game)
            if d.seat is not None and game.phase is Phase.TURN and game.vulnerable is None:
                yield game
                found += 1
                if found == count:
                    return
            game.step(rng.choice(d.actions), d.seat)


@pytest.mark.parametrize("preset,seats", PRESETS)
def test_the_players_next_seat_is_the_engines(preset, seats):
    """After any play, the seat a player reckons will play next is the seat the engine
    asks next (the penalty's or the challenge's seat for a stacked or challengeable
    draw card)."""
    checked = 0
    for game in positions(preset, seats, 80):
        seat = game.current
        for action in game.legal_actions():
            if not isinstance(action, Play) or len(game.hands[seat]) == 1:
                continue
            expected = next_to_play(game.view(seat), action.card)
            after = game.copy()
            after.step(action, seat)
            if after.phase is Phase.WINDOW:
                continue  # the window's clock decides first
            assert after.current == expected, (action, game.view(seat).direction)
            checked += 1
    assert checked > 80


@pytest.mark.parametrize("preset,seats", [("color-cards", 4), ("duel", 2)])
def test_the_engine_offers_exactly_the_matching_cards(preset, seats):
    """The cards the engine lets a seat play are those `Card.matches` (the Draw Four
    rule and a pending penalty aside)."""
    checked = 0
    for game in positions(preset, seats, 200, draw_four="free", stacking="off"):
        checked += 1
        plays = {a.card for a in game.legal_actions() if isinstance(a, Play)}
        held = set(game.hands[game.current])
        assert plays == {c for c in held if game.matches(c)}
        assert all(game.matches(c) == c.matches(game.active_colour, game.top.rank)
                   for c in ALL_CARDS)
    assert checked == 200


def test_colour_before_top_reads_the_record():
    """The colour a challenged Wild Draw Four was played on is the active colour just
    before it was played."""
    checked = 0
    rng = random.Random(3)
    before = None
    for seed in range(8):  # eight random matches to 500: about 4,000 challenges
        game = Game(get_preset("classic").rules(draw_four="challenge"), 3, seed)
        while not game.is_over:
            d = next_decision(game)
            action = rng.choice(d.actions)
            if isinstance(action, Play):
                before = game.active_colour
            game.step(action, d.seat)
            if game.phase is Phase.CHALLENGE:
                assert game.view(game.current).colour_before_top() is before
                checked += 1
    assert checked > 20


# ---------------------------------------------------------------- one place, proven
#
# Each card's effect is stated once, in `engine/turns.py`. Each test below changes one
# card's effect there (monkeypatched) and finds the table, the computers' reckoning,
# the coach's why, the prompts and every word a player reads following it.

from colorcards.bots.knowledge import hits_next  # noqa: E402
from colorcards.coach.why import why_better  # noqa: E402
from colorcards.engine import (  # noqa: E402
    Colour,
    Rank,
    parse_card,
    play,
    position_from_text,
    turns,
)
from colorcards.engine.actions import CHALLENGE  # noqa: E402
from colorcards.engine.explain import why_not  # noqa: E402
from colorcards.session.glossary import terms  # noqa: E402
from colorcards.session.prompts import prompt  # noqa: E402
from colorcards.session.wording import Words  # noqa: E402
from colorcards.tui.screens.rules_text import rules_markdown  # noqa: E402
from colorcards.tui.widgets.ring import two_in_play  # noqa: E402
from test_tui_controller import controller, prepared  # noqa: E402

NAMES = ("You", "Lily", "Zoe", "Max")


def _closer(seats: int) -> tuple[list[float], list[float]]:
    """Out shares (made, best): Lily, next, goes out first less after the coach's choice."""
    made, best = [0.6 / seats] * seats, [0.8 / seats] * seats
    made[1], best[1] = 0.4, 0.2
    return made, best


def _said(rules, word: str) -> str:
    """The glossary's meaning of `word` for these rules."""
    return dict(terms(rules))[word]


def _page(rules) -> str:
    return " ".join(rules_markdown("color-cards", rules).split())


def _why(literal: str, made: str, best: str, colour: Colour | None = None) -> str:
    game = position_from_text(literal)
    card = parse_card(best)
    return why_better(game.view(0), play(parse_card(made)), play(card, colour),
                      *_closer(game.seats), lambda c: c.name, lambda c: c.title, NAMES)


def _patch_turn(monkeypatch, rank: Rank, turn_of) -> None:
    """Make a card of `rank` do `turn_of(in_round)` to the turn order, in `turns` only."""
    real = turns.card_turn

    def card_turn(r, in_round, stacking, challenge):
        return turn_of(in_round) if r is rank else real(r, in_round, stacking, challenge)

    monkeypatch.setattr(turns, "card_turn", card_turn)


def test_a_reverse_between_two_changed_in_one_place_changes_everywhere(monkeypatch):
    """With two in the round a Reverse acts as a Skip (RULES.md §4). Made to turn play
    round only, at its one place: the table lets the other player play, the computers'
    reckoning no longer counts it a hit, the coach's why no longer says it makes them
    miss a turn, the first card turned up acts so too, and the glossary, the rules'
    page and the ring stop saying it."""
    duel = "top=R3 rules=duel | you: RR G7 B2 | lily: G1"
    rules = position_from_text(duel).rules
    view = position_from_text(duel).view(0)
    assert hits_next(view, Rank.REVERSE)
    before = _why(duel, "G7", "RR")
    assert "would have made Lily miss a turn" in before
    assert "as a Skip" in _said(rules, "Reverse") and "Reverse" in two_in_play(rules)

    _patch_turn(monkeypatch, Rank.REVERSE, lambda n: turns.Turn.REVERSE)
    game = position_from_text(duel)
    game.step(play(parse_card("RR")), 0)
    assert game.current == 1  # the table: play goes on to Lily
    view = position_from_text(duel).view(0)
    assert not hits_next(view, Rank.REVERSE)  # the reckoning
    assert view.next_after(parse_card("RR")) == 1
    assert "miss a turn" not in _why(duel, "G7", "RR")  # the coach's why
    assert "as a Skip" not in _said(rules, "Reverse")  # the glossary
    assert "with two players left" not in _page(rules).split("**Reverse**")[1][:80]
    assert two_in_play(rules) == "Skip: go again"  # the ring
    classic = get_preset("classic").rules()
    for seed in range(400):  # the first card: a Reverse turned up between two
        dealt = Game(classic, 2, seed)
        if dealt.top.rank is Rank.REVERSE:
            assert dealt.direction == -1 and dealt.current == dealt.dealer
            break
    else:
        raise AssertionError("no deal turned up a Reverse")


def test_a_skip_changed_in_one_place_changes_everywhere(monkeypatch):
    """A Skip made to pass play on like a number, at its one place."""
    literal = "top=R3 stacking=off | you: RS G7 B2 | lily: G1 | zoe: Y5 Y6 | max: B5 B6"
    rules = position_from_text(literal).rules
    assert "would have made Lily miss a turn" in _why(literal, "G7", "RS")
    _patch_turn(monkeypatch, Rank.SKIP, lambda n: turns.Turn.ON)
    game = position_from_text(literal)
    game.step(play(parse_card("RS")), 0)
    assert game.current == 1 and not any(e.kind == "skipped" for e in game.history)
    view = position_from_text(literal).view(0)
    assert not hits_next(view, Rank.SKIP) and view.next_after(parse_card("RS")) == 1
    assert "miss a turn" not in _why(literal, "G7", "RS")
    assert _said(rules, "Skip") == "play simply passes on"
    assert "**Skip**: Play simply passes on." in _page(rules)
    assert "Skip" not in two_in_play(rules)


def test_a_draw_two_changed_in_one_place_changes_everywhere(monkeypatch):
    """A Draw Two made to cost three cards, at its one place (`turns.DRAWS`): the
    penalty drawn or passed on, the coach's why, the log, the prompt and the words."""
    monkeypatch.setitem(turns.DRAWS, Rank.DRAW_TWO, 3)
    off = "top=R3 stacking=off | you: R+2 G7 B2 | lily: G1 | zoe: Y5 Y6 | max: B5 B6"
    game = position_from_text(off)
    game.step(play(parse_card("R+2")), 0)
    assert len(game.hands[1]) == 4 and game.current == 2
    on = "top=R3 | you: R+2 G7 B2 | lily: G1 | zoe: Y5 Y6 | max: B5 B6"
    game = position_from_text(on)
    events = game.apply(play(parse_card("R+2")), 0)
    assert game.pending == 3
    assert "Lily must draw 3 or pass them on" in Words(NAMES, rules=game.rules).line(events)
    assert "would have made Lily draw 3 and miss a turn" in _why(off, "G7", "R+2")
    assert _said(game.rules, "Draw Two").startswith("the next player draws 3 and misses")
    assert "**Draw Two**: The next player draws 3 and misses a turn" in _page(game.rules)
    ctl = controller(prepared("top=R+2 | you: B7 G2 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2",
                              pending=3))
    assert prompt(ctl, ctl.view(), "classic", False).startswith("You must draw 3:")


def test_what_answers_a_penalty_changed_in_one_place_changes_everywhere(monkeypatch):
    """A Draw Two made to answer a Wild Draw Four of the colour named, at its one place
    (`turns.may_answer`): the table lets it be played, the prompt offers it, a
    refusal and the log say so, and the glossary and the rules' page too."""
    literal = "top=W+4 colour=blue pending=4 | you: B+2 R+2 G7 | lily: G1 | max: Y5 | zoe: B5"
    ctl = controller(prepared(literal.replace("pending=4 ", ""), pending=4))
    assert "a Draw Two cannot answer a Wild Draw Four" in prompt(ctl, ctl.view(), "classic",
                                                                   False)
    real = turns.may_answer

    def may_answer(rank, of_colour, top, stacking):
        if rank is Rank.DRAW_TWO and top is Rank.WILD_DRAW_FOUR:
            return of_colour
        return real(rank, of_colour, top, stacking)

    monkeypatch.setattr(turns, "may_answer", may_answer)
    game = position_from_text(literal)
    assert play(parse_card("B+2")) in game.legal_actions()
    assert play(parse_card("R+2")) not in game.legal_actions()
    refusal = why_not(game.view(0), play(parse_card("R+2")), 0)
    assert "only a Draw Two of Blue or a Wild Draw Four can pass them on" in refusal
    ctl = controller(prepared(literal.replace("pending=4 ", ""), pending=4))
    assert "pass them on with a Draw Two" in prompt(ctl, ctl.view(), "classic", False)
    played = position_from_text("top=B3 | you: W+4 G7 | lily: G1 | max: Y5 | zoe: B5")
    events = played.apply(play(parse_card("W+4"), Colour.BLUE), 0)
    line = Words(NAMES, rules=played.rules).line(events)
    assert "pass them on with a Draw Two of Blue ■ or a Wild Draw Four" in line
    assert "a Wild Draw Four with a Draw Two of the colour named or a Wild Draw Four" in \
        _said(played.rules, "Pass it on")
    assert "hit by a Wild Draw Four, only with a Draw Two of the colour named" in \
        _page(played.rules)


def test_a_wild_changed_in_one_place_changes_everywhere(monkeypatch):
    """A plain Wild made to skip the next player too, at its one place."""
    literal = "top=R3 stacking=off | you: W G7 B2 | lily: G1 | zoe: Y5 Y6 | max: B5 B6"
    _patch_turn(monkeypatch, Rank.WILD, lambda n: turns.Turn.SKIP)
    game = position_from_text(literal)
    game.step(play(parse_card("W"), Colour.GREEN), 0)
    assert game.current == 2
    view = position_from_text(literal).view(0)
    assert hits_next(view, Rank.WILD)
    assert "would have made Lily miss a turn" in _why(literal, "G7", "W", Colour.GREEN)
    assert _said(game.rules, "Wild").endswith("you name the colour to match; the next "
                                              "player misses a turn")
    assert "**Wild**: You name the colour to match; the next player misses a turn" in \
        _page(game.rules)


def test_a_wild_draw_four_changed_in_one_place_changes_everywhere(monkeypatch):
    """A Wild Draw Four made to cost six, and a lost challenge eight, at their one
    place: the table, a challenge, the coach's why and the words."""
    monkeypatch.setitem(turns.DRAWS, Rank.WILD_DRAW_FOUR, 6)
    monkeypatch.setattr(turns, "CHALLENGE_LOST", 8)
    literal = "top=R3 rules=party | you: W+4 G7 B2 | lily: G1 | zoe: Y5 Y6 | max: B5 B6"
    game = position_from_text(literal)
    game.step(play(parse_card("W+4"), Colour.BLUE), 0)
    assert len(game.hands[1]) == 7
    assert "would have made Lily draw 6 and miss a turn" in _why(
        literal, "G7", "W+4", Colour.BLUE)
    challenge = get_preset("party").rules(draw_four="challenge")
    fair = position_from_text("top=W+4 colour=blue phase=challenge challenger=0 turn=1 "
                              "rules=party draw_four=challenge | you: G7 B2 | lily: G1 | "
                              "zoe: Y5 Y6 | max: B5 B6")
    events = fair.apply(CHALLENGE, 1)
    assert len(fair.hands[1]) == 9
    assert "Lily draws 8" in Words(NAMES, rules=challenge).line(events)
    assert "if not, you draw 8" in _said(challenge, "Challenge")
    assert "they draw 6; if not, you draw 8" in _page(challenge)
    assert "the next player draws 6 and misses a turn" in _said(challenge, "Wild Draw Four")


def test_a_number_card_changed_in_one_place_changes_everywhere(monkeypatch):
    """A 5 made to skip the next player, at its one place: the table's quick path for a
    plain card is built from the same statement, so it follows too."""
    literal = "top=R3 | you: R5 G7 B2 | lily: G1 | zoe: Y5 Y6 | max: B5 B6"
    _patch_turn(monkeypatch, Rank.FIVE, lambda n: turns.Turn.SKIP)
    game = position_from_text(literal)
    game.step(play(parse_card("R5")), 0)
    assert game.current == 2
    view = position_from_text(literal).view(0)
    assert hits_next(view, Rank.FIVE)
    assert "would have made Lily miss a turn" in _why(literal, "G7", "R5")
