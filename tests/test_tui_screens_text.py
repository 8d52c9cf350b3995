"""The words the screens use, checked without a terminal: the rules page for every
preset and option, the results headline for every ending, records and save times."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime

import pytest

from colorcards.engine import PRESETS, Colour, Match, Rules, Stacking, get_preset, parse_card, turns
from colorcards.engine.rules import CHOICES
from colorcards.session.results import headline, match_words
from colorcards.settings import NAMES
from colorcards.tui.screens.chooser import most_held
from colorcards.tui.screens.common import percent, record_line, streak_words, when
from colorcards.tui.screens.newgame import VALUE_WIDTH, opponent_options, readable
from colorcards.tui.screens.rules_text import (
    OPTION_TITLES,
    option_value,
    rules_markdown,
)
from colorcards.tui.screens.title import card_fan, saved_summary, title_art
from engine_helpers import position
from tui_screens_helpers import LevelStats, sample_results


@pytest.mark.parametrize("key", list(PRESETS))
def test_rules_page_lists_every_option_in_force(key):
    """Each preset's page names the preset and lists all twelve options with their values."""
    rules = get_preset(key).rules()
    text = rules_markdown(key, rules)
    assert text.startswith(f"# {PRESETS[key].title}")
    for option in CHOICES:
        value = option_value(option, getattr(rules, option))
        assert f"**{OPTION_TITLES[option]}**: {value}" in text


def test_every_option_value_is_said_in_words():
    """No value reaches the page as the engine spells it ('when-stuck', 'to:500')."""
    said = {}
    for option, values in CHOICES.items():
        for value in values:
            words = option_value(option, value)
            assert words[:1].isupper() or words[:1].isdigit(), words
            if isinstance(value, str) and ("-" in value or ":" in value):
                assert value not in words, (option, value, words)
            said[(option, value)] = words
    assert said[("draw", "when-stuck")] == "Only when nothing you hold plays"
    assert said[("match", "to:500")] == "First to 500 points"
    assert said[("last_card_window", 3)] == "3 s to call late"


@pytest.mark.parametrize("changes, phrase", [
    ({"draw_four": "restricted"}, "only when you hold no card of the colour to match"),
    ({"draw_four": "challenge", "stacking": "off"}, "if not, you draw 6"),
    ({"draw_four": "free"}, "nobody can challenge it"),
    ({"stacking": "on"}, "The penalty passes on and grows"),
    ({"stacking": "off"}, "Stacking is off"),
    ({"last_card": "auto"}, "Last Card is called for you"),
    ({"last_card": "auto-penalty", "last_card_penalty": 4}, "Forget, and you draw 4 at once"),
    ({"last_card": "catch"}, "anyone else may catch you (C)"),
    ({"last_card": "catch", "last_card_window": 3}, "you still have 3 seconds"),
    ({"round_end": "play-on"}, "the others play on for the places"),
    ({"round_end": "first-out"}, "The round ends as soon as someone plays their last card"),
    ({"match": "single"}, "One round decides it"),
    ({"match": "rounds:5"}, "A match is 5 rounds"),
    ({"match": "to:500"}, "reaches 500 points"),
    ({"turn_timer": 45}, "You have 45 seconds for each turn"),
    ({"turn_timer": 0}, "There is no turn timer"),
    ({"draw": "when-stuck"}, "You may draw only when you have nothing you can play"),
    ({"draw": "any-time"}, "even when you could play"),
    ({"first_card": "number"}, "The first card turned up is always a number"),
    ({"first_card": "classic"}, "A Wild Draw Four turned up first goes back"),
    ({"first_card": "as-if-played", "stacking": "on"},
     "the first player draws 2 and misses a turn, unless they pass it on with a Draw Two"),
    ({"first_player": "left-of-dealer"}, "the dealer moves one seat to the left"),
    ({"first_player": "human"}, "You always start each round"),
    ({"palette": "gems"}, "Ruby ● (circle), Violet ■ (square), Amber ▲ (triangle), Teal ◆"),
])
def test_rules_page_explains_each_option(changes, phrase):
    """The page describes the option value in force, in the player's words."""
    text = rules_markdown("color-cards", get_preset("color-cards").rules(**changes))
    assert phrase in " ".join(text.split())


@pytest.mark.parametrize("top, held, answers", [
    ("R+2", "B+2", True),
    ("R+2", "W+4", True),
    ("W+4", "B+2", False),
    ("W+4", "W+4", True),
])
def test_rules_page_says_what_the_engine_lets_answer_a_stack(top, held, answers):
    """Under stacking, the page says a card answers a draw card exactly when the engine
    lets it be played on one (the Rules screen once said a Draw Two answered a +4)."""
    colour = " colour=green" if top.startswith("W") else ""
    game = position(f"top={top}{colour} | you: {held} Y5 | lily: G2 G3",
                    get_preset("color-cards").rules(draw_four="free"), pending=2)
    playable = any(getattr(a, "card", None) == parse_card(held) for a in game.legal_actions())
    assert playable is answers
    said = [rank for rank, _ in turns.answers(parse_card(top).rank, Stacking.ON)]
    assert (parse_card(held).rank in said) is answers
    text = " ".join(rules_markdown("color-cards", get_preset("color-cards").rules()).split())
    hit = "Draw Two" if top == "R+2" else "Wild Draw Four"
    sentence = text.split(f"hit by a {hit}, ")[1].split(";")[0].split(".")[0]
    assert (parse_card(held).rank.title in sentence) is answers, sentence


def test_rules_page_covers_table_points_and_scoring():
    text = " ".join(rules_markdown("classic", get_preset("classic").rules()).split())
    assert "3 for the winner, 1 for anyone else in the top half" in text
    assert "Skip, Reverse and Draw Two 20, Wilds 50" in text
    assert "counts as a loss" in text


def test_forbidden_combination_reads_in_screen_words():
    with pytest.raises(Exception) as caught:
        Rules(draw_four="challenge", stacking="on")
    message = readable(str(caught.value))
    assert "draw_four" not in message and "stacking=off" not in message
    assert message.startswith("A Wild Draw Four challenge") and message.endswith(".")


@pytest.mark.parametrize("key", list(PRESETS))
def test_opponent_choices_follow_the_preset(key):
    preset = PRESETS[key]
    values = [n for n, _ in opponent_options(key)]
    assert values == list(range(preset.min_seats - 1, preset.max_seats))


@pytest.mark.parametrize("key", list(PRESETS))
def test_preset_blurb_names_no_computer_player(key):
    """The New game blurb sits beside the Opponents row: naming players ('You against
    Lily, Zoe and Max') contradicted a table of one or of eight."""
    assert not any(name in PRESETS[key].blurb for name in NAMES)


def test_opponent_labels_are_worded_alike_for_every_table():
    """Every size names its computer players the same way, and fits the row."""
    labels = dict(opponent_options("color-cards"))
    assert labels[3] == "3 — Lily, Max, Zoe"
    assert labels[4] == "4 — Lily, Max, Zoe, Ava"
    assert labels[5] == "5 — Lily, Max, Zoe, Ava, Leo"
    assert labels[9] == "9 — Lily, Max, Zoe, Ava, Leo, Mia, Sam, Ivy, Ben"
    assert all(len(label) <= VALUE_WIDTH for label in labels.values())


@pytest.mark.parametrize("counts, colour", [
    ({Colour.GREEN: 5}, Colour.GREEN),
    ({Colour.BLUE: 2, Colour.RED: 2}, Colour.RED),
    ({Colour.YELLOW: 1, Colour.GREEN: 1}, Colour.YELLOW),
])
def test_most_held_breaks_ties_in_colour_order(counts, colour):
    assert most_held(counts) is colour


@pytest.mark.parametrize("streak, words", [
    (3, "3 wins in a row"), (1, "1 win in a row"), (-1, "1 loss in a row"),
    (-4, "4 losses in a row"), (0, "none"),
])
def test_streak_words(streak, words):
    assert streak_words(streak) == words


def test_results_record_mentions_draws_and_a_missing_best_run():
    from colorcards.tui.screens.results import record_text

    stats = LevelStats(games=3, wins=0, losses=2, draws=1, win_rate=0.0, current_streak=-1)
    assert record_text(stats, "crazy").plain == (
        "Your record at Crazy: 0 won · 2 lost · 1 drawn · win rate 0%\n"
        "Current streak: 1 loss in a row · best streak: –")


def test_record_line():
    assert record_line(None, "hard") == "No games at Hard yet."
    assert record_line(LevelStats(), "easy") == "No games at Easy yet."
    stats = LevelStats(games=10, wins=6, losses=4, win_rate=0.6, current_streak=2,
                       best_streak=3)
    assert record_line(stats, "easy") == (
        "10 games, all presets: 6 won, 4 lost (60%) · streak: 2 wins")
    lost = LevelStats(games=2, wins=0, losses=2, win_rate=0.0, current_streak=-2)
    assert record_line(lost, "hard").endswith("streak: 2 losses")
    assert percent(1.0) == "100%" and percent(0.0) == "0%"


@pytest.mark.parametrize("value, text", [
    ("2026-11-28T14:05:00", "Sat 28 Nov, 14:05"),
    (datetime(2026, 12, 1, 9, 30), "Tue 1 Dec, 09:30"),
    ("not a time", "at an unknown time"),
    (None, "at an unknown time"),
])
def test_when(value, text):
    assert when(value) == text


def test_when_converts_aware_times_to_local_time(monkeypatch):
    import time

    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    try:
        assert when(datetime(2026, 12, 1, 9, 30, tzinfo=UTC)) == "Tue 1 Dec, 09:30"
    finally:
        monkeypatch.undo()
        time.tzset()


def test_saved_summary_tolerates_missing_fields():
    assert saved_summary({"preset": "party"}) == "Party"
    assert saved_summary({"preset": "mystery", "difficulty": "easy"}) == "mystery · Easy"


def _results(**changes):
    return dataclasses.replace(sample_results(), **changes)


@pytest.mark.parametrize("changes, text", [
    ({}, "Max went out first and wins round 2."),
    ({"went_out": [0], "winners": (0,)}, "You went out first and win round 2!"),
    ({"went_out": [], "winners": ()}, "Round 2 ends with nobody out: nobody could play or draw."),
    ({"match_over": True, "winners": (0,)}, "You win the match!"),
    ({"match_over": True, "winners": (0, 3)}, "You share the match win with Zoe."),
    ({"match_over": True, "winners": (1, 3)}, "Lily and Zoe win the match."),
    ({"match_over": True, "winners": (2,)}, "Max wins the match."),
    ({"match_over": True, "winners": ()}, "The match ends with no winner."),
    ({"match_over": True, "winners": (0,), "match": "single"}, "You went out first — you win!"),
    ({"match_over": True, "winners": (2,), "match": "single"}, "Max went out first and wins."),
])
def test_results_headline(changes, text):
    assert headline(_results(**changes)) == text


@pytest.mark.parametrize("match, round_no, text", [
    ("single", 1, "Single round"), ("rounds:3", 2, "Round 2 of 3"),
    ("to:500", 4, "Round 4 · first to 500 points"),
])
def test_match_words(match, round_no, text):
    assert match_words(Match(match), round_no) == text


def test_title_in_ascii_uses_no_unicode():
    for text in (title_art(ascii_only=True), card_fan(ascii_only=True)):
        assert all(ord(ch) < 128 for ch in text.plain)
    assert "C O L O R" in title_art(ascii_only=True).plain


def test_card_fan_shows_each_colour_and_a_wild():
    plain = card_fan().plain
    for glyph in ("●", "■", "▲", "◆", "✦"):
        assert glyph in plain


def test_a_practice_games_accuracy_is_read_whole_in_80_columns():
    """Issue 30, item 18: History showed 'P acc 100' without its '%' at 80 columns."""
    from colorcards.store.records import HistoryEntry
    from colorcards.tui.screens.history import header_text, row_text

    entry = HistoryEntry("a1b2c3d4", "2026-12-12T19:05:00+00:00", "colour-match", "normal", 10,
                         "loss", 0, 10, 345, True, True, practice=1, accuracy=1.0,
                         avg_cost=0.0, hints=3)
    row = row_text(entry).plain.rstrip()
    assert row.endswith("100% P H") and len(row) <= 78, row
    assert header_text().plain.rstrip().endswith("Accuracy")  # issue 41: was 'Replay'
    assert len(header_text().plain.rstrip()) <= 78
