"""RULES.md §2 and §7: the deal, the first card, who plays first, presets and options."""

import pytest

from colorcards.engine import (
    CHOICES,
    DEFAULT_PRESET,
    PRESETS,
    Game,
    Rank,
    Rules,
    RulesError,
    get_preset,
    next_decision,
    parse_card,
    parse_value,
)
from engine_helpers import DECK, check_108, legal, position, rules, run


def first_turned(game):
    """The events turning the first card: the returned ones, then the one that stayed."""
    return [e for e in game.history if e.kind == "turned"]


def deal_where(ruleset, seats, wanted, limit=4000):
    """The first deal (by seed) whose turned-up cards satisfy `wanted(turned_events)`."""
    for seed in range(limit):
        game = Game(ruleset, seats, seed)
        if wanted(first_turned(game)):
            return game
    raise AssertionError("no seed gives that first card")


def stays(rank):
    return lambda turned: turned[-1].card.rank is rank


def test_deal_seven_each_and_turn_one():
    """Seven cards each; the rest is the pile with one card turned up."""
    for seats in range(2, 11):
        game = Game(rules("party"), seats, seats)
        assert [len(h) for h in game.hands] == [7] * seats
        assert len(game.draw_pile) == 108 - 7 * seats - 1
        check_108(game)
        assert len(game.discard) == 1


@pytest.mark.parametrize("seats", [2, 4])
def test_classic_wild_draw_four_goes_back(seats):
    """classic: a Wild Draw Four turned up goes back into the pile and another is turned."""
    game = deal_where(rules("classic"), seats,
                      lambda t: t[0].card.rank is Rank.WILD_DRAW_FOUR)
    turned = first_turned(game)
    assert turned[0].returned and not turned[-1].returned
    assert game.top.rank is not Rank.WILD_DRAW_FOUR
    check_108(game)


@pytest.mark.parametrize("seats", [2, 3, 5])
def test_classic_skip_skips_first_player(seats):
    """classic: Skip turned up: the first player is skipped."""
    game = deal_where(rules("classic"), seats, stays(Rank.SKIP))
    first = (game.dealer + 1) % seats
    assert game.current == (first + 1) % seats
    assert [e.seat for e in game.history if e.kind == "skipped"] == [first]


@pytest.mark.parametrize("seats", [2, 3, 5])
def test_classic_reverse_dealer_starts(seats):
    """classic: Reverse turned up: the dealer starts and play runs the other way. With
    two at the table a Reverse acts as a Skip (`turns.card_turn`): the first player is
    skipped, so the dealer starts there too, and play has no other way to run."""
    game = deal_where(rules("classic"), seats, stays(Rank.REVERSE))
    assert game.current == game.dealer
    assert game.direction == (1 if seats == 2 else -1)


@pytest.mark.parametrize("seats", [2, 4])
def test_classic_draw_two_first_player_draws_and_misses(seats):
    """classic: Draw Two turned up: the first player draws two and misses the turn."""
    game = deal_where(rules("classic"), seats, stays(Rank.DRAW_TWO))
    first = (game.dealer + 1) % seats
    assert len(game.hands[first]) == 9 and game.current == (first + 1) % seats


def test_classic_draw_two_even_with_stacking_on():
    """classic with stacking on (Colour Match): the first player still just draws two."""
    game = deal_where(rules("colour-match"), 4, stays(Rank.DRAW_TWO))
    first = (game.dealer + 1) % 4
    assert len(game.hands[first]) == 9 and game.pending == 0


def test_classic_wild_first_player_names_then_plays():
    """classic: Wild turned up: the first player names the colour, then plays."""
    game = deal_where(rules("classic"), 4, stays(Rank.WILD))
    first = (game.dealer + 1) % 4
    assert game.phase == "name-colour" and game.current == first
    assert legal(game) == ["name:red", "name:blue", "name:yellow", "name:green"]
    run(game, "name:green")
    assert game.phase == "turn" and game.current == first and game.active_colour.value == "green"
    assert all(a.kind != "name-colour" for a in game.legal_actions())


@pytest.mark.parametrize("seed", range(40))
def test_number_first_card(seed):
    """number: action and wild cards go back until a number card is turned."""
    game = Game(rules("duel"), 2, seed)
    turned = first_turned(game)
    assert game.top.rank.is_number and not turned[-1].returned
    assert all(e.returned and not e.card.rank.is_number for e in turned[:-1])
    assert game.current == 0 and game.pending == 0 and game.direction == 1
    check_108(game)


@pytest.mark.parametrize("rank", [Rank.WILD, Rank.WILD_DRAW_FOUR])
def test_as_if_played_wilds_go_back(rank):
    """as-if-played: a Wild or Wild Draw Four turned up goes back."""
    game = deal_where(rules(), 4, lambda t: t[0].card.rank is rank)
    assert first_turned(game)[0].returned and not game.top.is_wild


def test_as_if_played_skip():
    """as-if-played Skip: as if the dealer played it, so the first player is skipped."""
    game = deal_where(rules(), 4, stays(Rank.SKIP))
    assert game.current == 1


@pytest.mark.parametrize("seats, current", [(4, 2), (3, 1), (2, 1)])
def test_as_if_played_reverse(seats, current):
    """as-if-played Reverse: the dealer 'played' it; play runs right from the dealer (two
    seats: dealer again)."""
    game = deal_where(rules(), seats, stays(Rank.REVERSE))
    assert game.dealer == seats - 1
    assert game.current == current
    if seats > 2:
        assert game.direction == -1


def test_as_if_played_draw_two_can_be_stacked():
    """as-if-played Draw Two under stacking: the first player may answer with their own."""
    game = deal_where(rules(), 4, stays(Rank.DRAW_TWO))
    assert game.current == 0 and game.pending == 2 and len(game.hands[0]) == 7
    acts = legal(game)
    assert "accept" in acts and "draw" not in acts
    assert [a for a in acts if a not in ("accept", "call")] == [
        w for w in acts if w.endswith("+2") or w.startswith("W+4")]


def test_as_if_played_draw_two_answered():
    """The first player answers the opening Draw Two and the total passes on."""
    for seed in range(4000):
        game = Game(rules(), 4, seed)
        if game.top.rank is Rank.DRAW_TWO and any(c.rank is Rank.DRAW_TWO for c in game.hands[0]):
            break
    else:
        raise AssertionError("no seed")
    card = next(c for c in game.hands[0] if c.rank is Rank.DRAW_TWO)
    run(game, card.code)
    assert game.pending == 4 and game.current == 1


def test_as_if_played_draw_two_without_stacking():
    """as-if-played Draw Two with stacking off: the first player draws two and misses the turn."""
    game = deal_where(rules(stacking="off"), 4, stays(Rank.DRAW_TWO))
    assert len(game.hands[0]) == 9 and game.current == 1


# ---------------------------------------------------------------- who plays first


def end_round(game):
    """Finish the current round at once: the seat to act goes out with a matching card
    (in play-on every other seat but one has gone out already)."""
    seat = game.current
    other = (seat + 1) % game.seats
    lit_hands = " | ".join(
        f"s{s}: " + ("R5" if s == seat else "G1 B1" if s == other else "-")
        for s in range(game.seats))
    state = position(f"top=R3 | {lit_hands}", game.rules, current=seat, round=game.round,
                     dealer=game.dealer, scores=list(game.scores),
                     table_points=list(game.table_points))
    run(state, "R5")
    assert state.phase == "round-over"
    run(state, "next")
    return state


@pytest.mark.parametrize("seats", [2, 3, 6])
def test_human_plays_first_every_round(seats):
    """first_player human: seat 0 starts every round."""
    game = Game(rules("party", match="rounds:3"), seats, 3)
    for _ in range(2):
        assert game.current == 0 and game.dealer == seats - 1
        game = end_round(game)
    assert game.round == 3 and game.current == 0


@pytest.mark.parametrize("seats", [2, 4, 6])
def test_left_of_dealer_and_dealer_moves_left(seats):
    """left-of-dealer: the seat after the dealer starts; the dealer moves one seat left each
    round."""
    game = Game(rules("family-night"), seats, 11)
    dealers = []
    for _ in range(3):
        dealers.append(game.dealer)
        assert game.current == (game.dealer + 1) % seats
        if game.round < 3:
            game = end_round(game)
    assert dealers == [(dealers[0] + k) % seats for k in range(3)]


# ---------------------------------------------------------------- presets and options

TABLE = {
    "color-cards": (2, 10, 4, {"first_card": "as-if-played", "first_player": "human",
                               "draw": "any-time", "draw_four": "restricted", "stacking": "on",
                               "last_card": "auto-penalty", "last_card_penalty": 2,
                               "round_end": "first-out", "match": "single"}),
    "classic": (2, 6, 4, {"first_card": "classic", "first_player": "left-of-dealer",
                          "draw": "any-time", "draw_four": "restricted", "stacking": "off",
                          "last_card": "catch", "last_card_window": 3, "last_card_penalty": 2,
                          "round_end": "play-on", "match": "to:500"}),
    "family-night": (2, 6, 4, {"first_card": "number", "first_player": "left-of-dealer",
                                   "draw": "any-time", "draw_four": "restricted", "stacking": "off",
                                   "last_card": "auto", "round_end": "play-on",
                                   "match": "rounds:3"}),
    "duel": (2, 2, 2, {"first_card": "number", "first_player": "human", "draw": "when-stuck",
                           "draw_four": "free", "stacking": "off", "last_card": "catch",
                           "last_card_penalty": 2, "round_end": "first-out", "match": "single"}),
    "party": (2, 8, 4, {"first_card": "number", "first_player": "human", "draw": "when-stuck",
                            "draw_four": "free", "stacking": "off", "last_card": "catch",
                            "last_card_penalty": 2, "round_end": "first-out", "match": "single"}),
    "colour-match": (2, 10, 4, {"first_card": "classic", "first_player": "left-of-dealer",
                                    "draw": "when-stuck", "draw_four": "free", "stacking": "on",
                                    "last_card": "catch", "last_card_penalty": 4,
                                    "round_end": "first-out", "match": "to:500"}),
}


@pytest.mark.parametrize("key", list(TABLE))
def test_preset_options(key):
    """Each preset is the bundle of options of RULES.md §7."""
    low, high, default, options = TABLE[key]
    preset = get_preset(key)
    assert (preset.min_seats, preset.max_seats, preset.default_seats) == (low, high, default)
    for option, value in options.items():
        assert getattr(preset.rules(), option) == value, option
    assert preset.rules().turn_timer == 0


def test_presets_by_name_and_default():
    """Six presets by name; Color Cards is the default."""
    assert set(PRESETS) == set(TABLE) and DEFAULT_PRESET == "color-cards"
    assert get_preset("color-cards").rules() == Rules()
    with pytest.raises(RulesError, match="unknown preset 'uno'"):
        get_preset("uno")


@pytest.mark.parametrize("key, bad", [
    ("classic", 7), ("classic", 1), ("family-night", 7), ("duel", 3), ("duel", 1),
    ("party", 9), ("colour-match", 11), ("color-cards", 11), ("color-cards", 1),
])
def test_seats_outside_preset_range_refused(key, bad):
    """A seat count the preset does not allow is refused with a clear message."""
    with pytest.raises(RulesError, match=f"not {bad}"):
        get_preset(key).check_seats(bad)


@pytest.mark.parametrize("key", list(TABLE))
def test_seats_inside_preset_range_accepted(key):
    """Every seat count in range is accepted and deals a game."""
    low, high, _, _ = TABLE[key]
    for seats in range(low, high + 1):
        get_preset(key).check_seats(seats)
        game = Game(get_preset(key).rules(), seats, seats)
        assert game.seats == seats and len(game.hands) == seats
        assert all(len(h) >= 7 for h in game.hands)  # seven each (a first +2 adds two)
        assert game.cards_in_play() == DECK
        decision = next_decision(game)
        assert decision is not None and decision.actions


@pytest.mark.parametrize("seats", [0, 1, 11, "4"])
def test_game_refuses_impossible_tables(seats):
    """A game needs 2 to 10 seats."""
    with pytest.raises(RulesError):
        Game(Rules(), seats, 1)


@pytest.mark.parametrize("key, option, value", [
    ("classic", "stacking", "on"), ("duel", "draw", "any-time"), ("party", "last_card_penalty", 4),
    ("family-night", "match", "rounds:5"), ("color-cards", "turn_timer", 60),
    ("color-cards", "round_end", "play-on"), ("classic", "first_card", "as-if-played"),
    ("colour-match", "palette", "gems"), ("duel", "last_card_window", 3),
])
def test_option_changes_on_top_of_a_preset(key, option, value):
    """Any single option can be changed on top of a preset; the rest stays."""
    base = get_preset(key).rules()
    changed = get_preset(key).rules(**{option: value})
    assert getattr(changed, option) == value
    for name in CHOICES:
        if name != option:
            assert getattr(changed, name) == getattr(base, name)


def test_colour_match_switches_to_challenge_without_stacking():
    """Colour Match: free Draw Four, but challenge once stacking is turned off."""
    assert rules("colour-match").draw_four == "free"
    assert rules("colour-match", stacking="off").draw_four == "challenge"
    assert rules("colour-match", stacking="off", draw_four="restricted").draw_four == "restricted"
    assert rules("classic", stacking="off").draw_four == "restricted"


@pytest.mark.parametrize("changes, message", [
    ({"stacking": "maybe"}, "stacking cannot be 'maybe'"),
    ({"colour": "red"}, "unknown rule option 'colour'"),
    ({"draw_four": "challenge"}, "stacking off"),
    ({"turn_timer": 10}, "turn_timer cannot be 10"),
    ({"match": "rounds:4"}, "match cannot be"),
])
def test_bad_options_refused(changes, message):
    """Unknown options, values outside the rulebook and forbidden combinations are refused."""
    with pytest.raises(RulesError, match=message):
        rules("color-cards", **changes)


@pytest.mark.parametrize("option, text, value", [
    ("stacking", "on", "on"), ("last_card_penalty", "4", 4), ("turn_timer", "90", 90),
    ("match", "to:500", "to:500"), ("last_card_window", "3", 3),
])
def test_parse_value_reads_rulebook_words(option, text, value):
    """Options are given as RULES.md writes them."""
    assert parse_value(option, text) == value


@pytest.mark.parametrize("option, text",
                         [("stacking", "yes"), ("nope", "on"), ("turn_timer", "31")])
def test_parse_value_refuses(option, text):
    """Bad option names or values are refused with a RulesError."""
    with pytest.raises(RulesError):
        parse_value(option, text)


def test_timeout_on_an_opening_wild_names_a_colour_and_draws():
    """The first player's timer runs out before naming: a colour is set, they draw one,
    turn ends."""
    game = deal_where(rules("classic", turn_timer=30), 4, stays(Rank.WILD))
    first = game.current
    events = run(game, "timeout")
    assert [e.kind for e in events][:3] == ["timed-out", "colour-named", "drew"]
    assert game.active_colour is not None and len(game.hands[first]) == 8
    assert game.phase == "turn" and game.current == (first + 1) % 4
    assert game.top.rank is Rank.WILD


def test_position_builder_places_what_the_literal_says():
    """The test helper: hands in card order, the pile from its top, the rest where it is told."""
    from engine_helpers import hand
    from engine_helpers import position as pos
    game = pos("top=W colour=blue under: R1 | you: W B7 R5 | lily: - | zoe: G2 | pile: Y1 Y2 ...")
    assert hand(game, 0) == "R5 B7 W" and game.hands[1] == [] and game.out == [1]
    assert [c.code for c in game.draw_pile[-2:]] == ["Y2", "Y1"]
    assert game.active_colour.value == "blue"
    assert game.discard[-2:] == [parse_card("R1"), parse_card("W")]
    exact = pos("top=R3 | you: B7 | lily: G2 | pile: Y1")
    assert [c.code for c in exact.draw_pile] == ["Y1"] and len(exact.discard) == 108 - 3
    dumped = pos("top=R3 | you: B7 | lily: G2 | pile: | rest=lily")
    assert exact.draw_pile and not dumped.draw_pile and len(dumped.hands[1]) == 108 - 2
    for built in (game, exact, dumped):
        check_108(built)
    with pytest.raises(ValueError, match="appears 2 times, more than the deck's 1"):
        pos("top=R0 | you: R0 | lily: G2")
