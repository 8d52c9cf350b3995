"""What the status line and the clock say to the player, from the controller alone.

Key names come from the key table (`keys.key`). Plain functions of the game as the
player sees it, so they are tested without Textual:
the prompt says what the player can actually do now (nothing to play means 'press D',
not 'call Last Card'), and the Last Card window is said as it is (a late call can still
be caught), not as protection.
"""

from __future__ import annotations

from ..engine import CALL, DRAW, Card, Phase, View
from ..engine.explain import cannot_answer
from ..engine.turns import DRAWS
from .controller import HUMAN, GameController
from .keys import key
from .palette import card_shown, colour_name, glyph

HINT_ASKED = "The coach is thinking about your move…"
"""What the status line says from H until the coach's answer comes."""

TAKEN_BACK = "Taken back: the table is as it was before your move."
"""What the status line says after T, before the turn's prompt (a game with the coach on
is practice already: saying it again there read as news)."""


def prompt(ctl: GameController, view: View, palette: str, ascii_only: bool) -> str:
    """What the player should know or do now, in a sentence."""
    name = ctl.name
    legal = ctl.legal()
    if view.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
        return "The round is over."
    if view.vulnerable is not None:
        if view.vulnerable == HUMAN:
            return (f"You did not call Last Card: press {key('call')} now — until someone "
                    "catches you, you still can.")
        return (f"{name(view.vulnerable)} did not call Last Card: press {key('catch')} to "
                "catch them!")
    if view.current != HUMAN:
        if ctl.paused:
            return "Paused."
        if ctl.out_and_waiting:
            place = view.out.index(HUMAN) + 1
            return (f"You went out in place {place}: the others play on for the places. "
                    + ("Skipping to the end of the round…" if ctl.hurrying
                       else "Enter skips to the end of the round."))
        return f"{name(view.current)} is playing…" if view.current is not None else ""
    if view.phase is Phase.NAME_COLOUR:
        return "A Wild opened the round: name the colour."
    if view.phase is Phase.CHALLENGE and view.challenge_from is not None:
        return (f"{name(view.challenge_from)} played a Wild Draw Four on you: "
                f"{key('challenge')} challenges it, {key('accept')} takes the four cards.")
    playable = ctl.playable()
    last_card = CALL in legal and len(ctl.hand()) == 2  # a card played now leaves one
    if view.pending:
        if playable:
            return (f"You must draw {view.pending}: pass them on with {_either(playable)}, "
                    f"or {key('draw')} draws them.")
        why = _barred(view, palette)
        return (f"You must draw {view.pending}: {why} — press {key('draw')} to draw them.")
    if view.phase is Phase.DRAWN and view.drawn is not None:
        drawn = card_shown(view.drawn, palette, ascii_only)
        if view.drawn in playable and last_card:
            return (f"You drew {drawn}: press {key('call')} to call Last Card, then Enter "
                    f"plays it; {key('pass_turn')} passes and keeps it for later.")
        if view.drawn in playable:
            return (f"You drew {drawn}: Enter plays it, {key('pass_turn')} passes and keeps "
                    "it for later.")
        return f"You drew {drawn}: it cannot be played — press {key('pass_turn')}."
    colour = view.active_colour
    match = (f"{glyph(colour, ascii_only)} {colour_name(colour, palette)}"
             if colour else "any colour")
    if not view.top.is_wild:
        match += f" or {view.top.rank.title}"
    if not playable:
        if DRAW in legal:
            return f"Your turn: nothing matches {match} — press {key('draw')} to draw."
        return f"Your turn: you cannot play or draw — press {key('pass_turn')} to pass."
    what = _what_to_play(match, playable)
    if last_card:
        return f"Two cards left: press {key('call')} to call Last Card, then play {what}."
    return f"Your turn: play {what}."


def _barred(view: View, palette: str) -> str:
    """Why nothing held can pass the penalty on, as the engine says it: nothing held is a
    draw card, or each held one may not answer now ('a Draw Two cannot answer a Wild
    Draw Four', 'a Wild Draw Four may not be played while you hold a red card')."""
    reasons = dict.fromkeys(
        reason for card in view.hand if card.rank in DRAWS
        if (reason := cannot_answer(view, card, lambda c: colour_name(c, palette).lower())))
    if not reasons:
        return "nothing you hold can pass them on"
    return "; ".join(reasons)


def _what_to_play(match: str, playable: set[Card]) -> str:
    """What the player can play, as held: '● Red or 3', '● Red or 3, or a Wild', 'a
    Wild' (only Wilds fit: the match alone would leave out the only legal play)."""
    wilds = {card.rank.title for card in playable if card.is_wild}
    wild = " or ".join(f"a {title}" for title in sorted(wilds, key=len))
    if not wild:
        return match
    if all(card.is_wild for card in playable):
        return wild
    return f"{match}, or {wild}"


def _either(cards: set[Card]) -> str:
    """The kinds of card in `cards`, by name: 'a Draw Two', 'a Draw Two or a Wild Draw
    Four'."""
    titles = sorted({card.rank.title for card in cards}, key=len)
    return " or ".join(f"a {title}" for title in titles)


STILL_WEIGHING = "The coach is still weighing your last move…"
"""Said on the player's turn while the note on their last move is yet to come: a note
that comes later is still given (and T still takes that move back until the next)."""

RESULTS_WAIT = "The coach is still weighing your last moves: the results follow its notes."
"""Said once a round is over while the coach's notes on its moves are yet to come: the
results wait for them (the review lists no move the table did not note)."""


def status(ctl: GameController, view: View, palette: str, ascii_only: bool) -> str:
    """The status line: the prompt, and the coach's note on the player's last move when
    there is one (or, on their turn, that it is still being weighed); before it, the
    notes on earlier moves that came after the player moved on, until their next key.
    On the player's own turn the prompt comes first: a note in its place hid that it
    was their turn."""
    said = prompt(ctl, view, palette, ascii_only)
    note = " ".join([*ctl.late_notes, *([ctl.note] if ctl.note else [])])
    if not note:
        if view.current == HUMAN and ctl.note_awaited:
            return f"{said} {STILL_WEIGHING}"
        if ctl.between_rounds and ctl.notes_due:
            return f"{said} {RESULTS_WAIT}"
        return said
    if view.current == HUMAN or view.vulnerable == HUMAN:
        return f"{said} {note}"
    return note


def clock_text(ctl: GameController, view: View, ascii_only: bool) -> str:
    """The clock running now, said as it is: a late call can still be caught."""
    window = ctl.window_left()
    catch = ctl.catch_left()
    if catch is not None and view.vulnerable is not None:
        return f"{key('catch')}: catch {ctl.name(view.vulnerable)} · {catch:.0f} s"
    if window is not None:
        if view.vulnerable == HUMAN:
            return f"{key('call')}: call now - you can be caught · {window:.0f} s"
        if view.vulnerable is not None:
            return f"{key('catch')}: catch {ctl.name(view.vulnerable)} · {window:.0f} s"
        return f"Last Card · {window:.0f} s"
    left = ctl.turn_left()
    if left is not None:
        return f"{'Time' if ascii_only else '⏱'} {left:.0f} s"
    return ""
