"""What the player reads under the house rules (RULES.md §10): the prompt after a draw
under `drawn_card=must-play`, the rules' words on drawing and scoring, and the glossary's
terms, each chosen by the rules in force and never suggesting a rule that is not."""

from __future__ import annotations

from colorcards.engine import PASS, get_preset, parse_card
from colorcards.session.glossary import terms
from colorcards.session.prompts import prompt
from colorcards.tui.screens.rules_text import rules_markdown
from test_house_table import seated


def test_a_drawn_card_that_must_be_played_is_not_offered_to_keep():
    """Under `must-play` the prompt after drawing a playable card says it must be played
    (P would not keep it: the engine offers no pass); under `may-play` P keeps it."""
    literal = "top=R3 | you: R9 B2 G5 | lily: Y1 | max: G1 | zoe: B5"
    drawn = {"phase": "drawn", "drawn": "R9"}
    must, _host = seated(literal, state=drawn, drawn_card="must-play")
    must.start()
    assert PASS not in must.legal()
    assert prompt(must, must.view(), "classic", False) == (
        "You drew Red 9 ●: it can be played, so it must be — Enter plays it.")
    may, _host = seated(literal, state=drawn)
    may.start()
    assert prompt(may, may.view(), "classic", False).startswith(
        "You drew Red 9 ●: Enter plays it, P passes and keeps it for later.")


def test_the_rules_say_how_a_draw_ends_as_the_rules_in_force_have_it():
    def words(**changes):
        return rules_markdown("color-cards", get_preset("color-cards").rules(**changes))

    assert "You draw at most one card a turn; if it can be played you may play it" in words()
    assert "if it can be played you must play it straight away" in words(
        drawn_card="must-play")
    until = words(draw_count="until-playable")
    assert "You draw at most one card" not in until
    assert ("A draw goes on until you draw a card that can be played (or both piles are "
            "empty): you may play it straight away or keep it (P passes).") in until
    assert "empty): you must play it straight away." in words(
        draw_count="until-playable", drawn_card="must-play")


def test_the_rules_say_a_side_scores_together_only_with_partners():
    plain = rules_markdown("party", get_preset("party").rules())
    assert "The winner scores the cards left in everyone else's hands" in plain
    assert "partner" not in plain.split("## House rules")[0]
    sides = rules_markdown("party", get_preset("party").rules(partners="on"))
    assert "The winner's side (with partners) scores the cards left in the other sides' " \
           "hands, never a partner's" in sides
    assert "3 for the winner and their partner" in sides


def test_the_glossary_has_a_house_rules_words_only_where_it_is_played():
    """'Swap hands', 'Jump in' and 'Partner' are explained only at a table with their
    house rule; 'Pass it on' wherever draw cards stack, `any` included."""
    plain = dict(terms(get_preset("color-cards").rules()))
    assert not {"Swap hands", "Jump in", "Partner"} & set(plain)
    house = dict(terms(get_preset("color-cards").rules(
        seven_zero="on", jump_in="on", partners="on", stacking="any", match="rounds:3")))
    assert house["Swap hands"].startswith("after a 7, you swap hands with another player")
    assert "(J)" in house["Jump in"]
    assert house["Partner"].startswith("the player opposite you")
    assert "a Wild Draw Four with a Draw Two of the colour named" in house["Pass it on"]
    assert "other sides' hands (never a partner's)" in house["Points"]


def test_passing_on_a_drawn_card_that_must_be_played_is_refused_saying_why():
    """Under `must-play`, P, D or another card after a playable draw are refused in the
    player's words, naming the card that must be played."""
    from colorcards.engine import DRAW, play
    from colorcards.engine.explain import why_not
    from engine_helpers import position

    literal = "top=R3 | you: R9 B2 G5 | lily: Y1 | max: G1 | zoe: B5"
    rules = get_preset("color-cards").rules(drawn_card="must-play")
    view = position(literal, rules, phase="drawn", drawn="R9").view(0)
    must = "A drawn card that can be played must be played in this game: play the Red 9 you drew."
    assert why_not(view, PASS, 0) == must and why_not(view, DRAW, 0) == must
    assert why_not(view, play(parse_card("B2")), 0) == (
        "After drawing you may only play the card you drew (Red 9), which must be played.")
    may = position(literal, get_preset("color-cards").rules(), phase="drawn", drawn="R9")
    assert why_not(may.view(0), play(parse_card("B2")), 0).endswith(", or keep it.")


def test_a_draw_two_of_another_colour_is_said_to_answer_only_in_the_colour_named():
    """Under stacking Any, hit by a Wild Draw Four that named yellow and holding a blue
    Draw Two: the prompt says why it cannot pass the penalty on (not that a Draw Two
    never can)."""
    ctl, _host = seated("top=W+4 colour=yellow | you: B+2 G7 | lily: G1 | max: Y5 | zoe: B5",
                        state={"pending": 4}, stacking="any")
    ctl.start()
    assert prompt(ctl, ctl.view(), "classic", False) == (
        "You must draw 4: a Draw Two answers a Wild Draw Four only if it is yellow — press D "
        "to draw them.")
