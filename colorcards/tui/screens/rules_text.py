"""The rules of a preset written for the player, from the options actually in force.

Kept apart from the screen so that the words can be tested (and read) as plain text.
"""

from __future__ import annotations

from typing import Any

from ...engine import (
    COLOURS,
    PRESETS,
    DrawFour,
    DrawRule,
    FirstCard,
    FirstPlayer,
    LastCard,
    Match,
    Rank,
    RoundEnd,
    Rules,
    Stacking,
    turns,
)
from ...engine.describe import (
    answer_words,
    card_words,
    challenge_words,
    two_left_words,
)
from ...engine.rules import CHOICES
from ...session.glossary import terms
from ...session.keys import key
from ...session.palette import colour_name, glyph

OPTION_TITLES = {
    "first_card": "First card",
    "first_player": "Who starts",
    "draw": "Drawing",
    "draw_four": "Wild Draw Four",
    "stacking": "Stacking",
    "last_card": "Last Card",
    "last_card_penalty": "Last Card penalty",
    "last_card_window": "Late call window",
    "round_end": "End of a round",
    "match": "Match",
    "turn_timer": "Turn timer",
    "palette": "Colour names",
}


#: Each option's values as a player would say them (the New game screen offers the same).
VALUE_WORDS: dict[str, dict[Any, str]] = {
    "first_card": {
        "classic": "an action card works at once; a Wild Draw Four goes back",
        "number": "always a number",
        "as-if-played": "an action card counts as played; a Wild goes back",
    },
    "first_player": {"human": "you", "left-of-dealer": "the player left of the dealer"},
    "draw": {"any-time": "whenever you like", "when-stuck": "only when nothing you hold plays"},
    "draw_four": {
        "restricted": "Only without the colour to match",
        "challenge": "Any time, but it may be challenged (doubted)",
        "free": "Any time",
    },
    "stacking": {"on": "On: pass a Draw Two or Wild Draw Four on", "off": "Off"},
    "last_card": {
        "auto": "Called for everyone",
        "auto-penalty": "Forget it and you draw at once",
        "catch": "Forget it and you may be caught, and draw",
    },
    "round_end": {"first-out": "the first player out wins",
                  "play-on": "play on for the places until one is left"},
}


def option_value(key: str, value: Any) -> str:
    """An option's value in words, as a list item: 'Always a number', '2 cards', '30 s'."""
    words = _value_words(key, value)
    return words[:1].upper() + words[1:]


def _value_words(key: str, value: Any) -> str:
    if key in VALUE_WORDS:
        return VALUE_WORDS[key][value]
    if key == "last_card_penalty":
        return f"{value} cards"
    if key == "last_card_window":
        return "none" if not value else f"{value} s to call late"
    if key == "turn_timer":
        return "off" if not value else f"{value} s"
    if key == "match":
        match = Match(value)
        if match.rounds:
            return f"{match.rounds} rounds"
        if match.target:
            return f"first to {match.target} points"
        return "a single round"
    if key == "palette":
        return f"{value.title()}: " + ", ".join(colour_name(c, value) for c in COLOURS)
    return str(value)


def _colours(palette: str) -> str:
    return ", ".join(f"{colour_name(c, palette)} {glyph(c)} ({c.shape})" for c in COLOURS)


def _first_card(rules: Rules) -> str:
    if rules.first_card is FirstCard.NUMBER:
        return ("The first card turned up is always a number: action and wild cards go "
                "back into the pile until one appears.")
    if rules.first_card is FirstCard.AS_IF_PLAYED:
        return ("If the first card is a Wild it goes back. A Skip, Reverse or Draw Two "
                "works as if the dealer had just played it, on the first player: "
                + "; ".join(f"a {rank.title}: {card_words(rank, rules, who='the first player')}"
                            for rank in (Rank.SKIP, Rank.REVERSE, Rank.DRAW_TWO)) + ".")
    return ("A Wild Draw Four turned up first goes back and another card is turned. Any "
            "other action works at once: Skip skips the first player, Reverse lets the "
            "dealer start the other way round, Draw Two makes the first player draw "
            f"{turns.DRAWS[Rank.DRAW_TWO]} and miss the turn, and a Wild lets the first "
            "player name the colour.")


def _draw_four(rules: Rules) -> str:
    if rules.draw_four is DrawFour.RESTRICTED:
        return ("You may play a Wild Draw Four only when you hold no card of the colour to "
                "match. Holding a card of the right number or symbol is fine.")
    if rules.draw_four is DrawFour.CHALLENGE:
        four = turns.DRAWS[Rank.WILD_DRAW_FOUR]
        return ("You may play a Wild Draw Four at any time, but the victim may challenge "
                f"it ({key('challenge')}): {challenge_words()}. A bluff caught, the "
                "victim plays on; a challenge lost, the challenger misses the turn. Or "
                f"accept ({key('accept')}) and draw {four}.")
    return "You may play a Wild Draw Four at any time, and nobody can challenge it."


def _stacking(rules: Rules) -> str:
    if rules.stacking is Stacking.OFF:
        return ("Stacking is off: whoever is hit by a Draw Two or a Wild Draw Four draws "
                "and misses the turn.")
    two = answer_words(Rank.DRAW_TWO, rules.stacking)
    four = answer_words(Rank.WILD_DRAW_FOUR, rules.stacking)
    text = (f"Stacking is on: hit by a Draw Two, you may answer with {two or 'nothing'}; "
            f"hit by a Wild Draw Four, only with {four or 'nothing'}.")
    if rules.draw_four is DrawFour.RESTRICTED:
        text += (" A Wild Draw Four answers only when you hold no card of the colour "
                 "to match.")
    return text + (" The penalty passes on and grows (2, 4, 6, ...) until someone cannot "
                   "or will not answer: they draw the lot and miss the turn.")


def _action_cards(rules: Rules) -> list[str]:
    """Each action card's effect, as the engine plays it under these rules."""
    lines = []
    for rank in (Rank.SKIP, Rank.REVERSE, Rank.DRAW_TWO, Rank.WILD, Rank.WILD_DRAW_FOUR):
        words = card_words(rank, rules)
        two = two_left_words(rank, rules)
        if two:
            words += f"; with two players left, {two}"
        lines.append(f"- **{rank.title}**: {words[:1].upper()}{words[1:]}.")
    return lines


def _last_card(rules: Rules) -> str:
    n = rules.last_card_penalty
    if rules.last_card is LastCard.AUTO:
        return ("Down to one card, Last Card is called for you. Nobody can be caught.")
    if rules.last_card is LastCard.AUTO_PENALTY:
        return (f"When you play your second-to-last card, call Last Card ({key('call')}) "
                f"first or as you play. Forget, and you draw {n} at once.")
    text = (f"When you play your second-to-last card, call Last Card ({key('call')}). "
            f"If you forget, anyone else may catch you ({key('catch')}) until you call or "
            f"the next player acts; caught, you draw {n}. You can catch a computer player "
            "who forgets, too.")
    if rules.last_card_window:
        text += (f" After the play you still have {rules.last_card_window} seconds to make "
                 f"the call, and nobody else plays meanwhile.")
    return text


def _round_end(rules: Rules) -> str:
    if rules.round_end is RoundEnd.PLAY_ON:
        return ("When someone empties their hand, the others play on for the places (with "
                "three or more players) until only one still holds cards. Skips and "
                "Reverses pass over the empty seats.")
    return "The round ends as soon as someone plays their last card."


def _match(rules: Rules) -> str:
    if rules.rounds:
        return (f"A match is {rules.rounds} rounds; the highest total wins, and a tie "
                f"shares the win.")
    if rules.target:
        return f"Rounds go on until someone's total reaches {rules.target} points."
    return "One round decides it: first out wins."


def rules_markdown(preset_key: str, rules: Rules) -> str:
    """The whole rulebook for this preset and these options, as Markdown."""
    preset = PRESETS.get(preset_key)
    title = preset.title if preset else preset_key
    seats = ""
    if preset:
        seats = (f"{preset.min_seats} players" if preset.min_seats == preset.max_seats
                 else f"{preset.min_seats} to {preset.max_seats} players")
    draw = ("You may draw one card instead of playing, even when you could play."
            if rules.draw is DrawRule.ANY_TIME
            else "You may draw only when you have nothing you can play.")
    timer = (f"You have {rules.turn_timer} seconds for each turn. When they run out you draw "
             f"a card and the turn passes; the game never plays a card for you."
             if rules.turn_timer else "There is no turn timer: take your time.")
    starts = ("You always start each round." if rules.first_player is FirstPlayer.HUMAN
              else "The first player is the one left of the dealer; the dealer moves one "
                   "seat to the left each round.")
    blurb = preset.blurb if preset else ""
    lines = [
        f"# {title}",
        "",
        f"*{blurb}* {seats}.".strip() if blurb else seats,
        "",
        "## The aim",
        "Be first to get rid of every card in your hand, one matching card at a time.",
        "",
        "## The cards",
        f"108 cards in four colours, each with its own shape so that nothing depends on "
        f"seeing colour: {_colours(rules.palette)}.",
        "",
        "Each colour has one 0, two each of 1 to 9, two Skips, two Reverses and two Draw "
        "Twos. Four Wilds and four Wild Draw Fours belong to no colour.",
        "",
        "## Dealing",
        f"Everyone gets seven cards; the rest is the draw pile. {_first_card(rules)} "
        f"{starts}",
        "",
        "## Your turn",
        "Play one card that matches the colour to match, or the number or symbol of the "
        "top card. A Wild can go on anything (but see Wild Draw Four below); after a Wild "
        "you name the colour to match.",
        "",
        f"{draw} You draw at most one card a turn; if it can be played you may play it "
        f"straight away, otherwise your turn ends ({key('pass_turn')} passes).",
        "",
        timer,
        "",
        "When the draw pile runs out, the discards under the top card are shuffled into a "
        "new one. If nobody can play or draw for two whole trips round the table, the "
        "round ends with no winner.",
        "",
        "## Action cards",
        *_action_cards(rules),
        "",
        "## Wild Draw Four",
        _draw_four(rules),
        "",
        "## Stacking",
        _stacking(rules),
        "",
        "## Last Card!",
        _last_card(rules),
        "",
        "## End of a round and scoring",
        f"{_round_end(rules)} If the last card is a Draw Two or Wild Draw Four, the next "
        f"player still draws. The winner scores the cards left in everyone else's hands: "
        f"numbers their face value, Skip, Reverse and Draw Two 20, Wilds 50.",
        "",
        "## Match",
        _match(rules),
        "",
        "## Table points",
        "Each round also gives table points: 3 for the winner, 1 for anyone else in the "
        "top half of the finishing order (half rounded up), 0 below that. At a table of "
        "two, second place gets nothing. Places go by the order of going out, then by the "
        "fewest points in hand.",
        "",
        "Leaving a game unfinished to start another counts as a loss, unless it was a "
        "practice game (the coach on), which is not counted at all.",
        "",
        "## Options in force",
    ]
    for option in CHOICES:
        lines.append(f"- **{OPTION_TITLES[option]}**: "
                     f"{option_value(option, getattr(rules, option))}")
    lines += ["", "## Words used in the game"]
    lines += [f"- **{word}**: {meaning}." for word, meaning in terms(rules)]
    return "\n".join(lines) + "\n"
