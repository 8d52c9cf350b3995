"""The end of a round or a match: who went out, what was left, the score, your record.

Only the player's own leftover cards are shown face up; everyone else's are counts.
At the end of a match of several rounds the standings are the match's (totals, then
table points), and the last round is shown apart, so the order never contradicts the
headline.

Nothing here moves on by itself: Enter presses no default button (the body has the
focus), so a stray Enter from the table cannot skip the results into a new game, and
Escape never leaves a match in the middle.
"""

from __future__ import annotations

from typing import Any

from rich.columns import Columns
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ...engine import HUMAN_SEAT, Card, Match
from ...engine.scoring import match_places
from ...session import palette as palettes
from ...session.controller import GameController
from ...session.palette import STYLES, card_name, glyph, marks
from ...session.results import ResultsData, headline, kept_of, match_words, results_data
from ...session.wording import counted
from ..plain import Plain
from .common import LEVEL_TITLES, percent, streak_short, streak_words
from .go import Answer, Go, Host, answer


def hand_cards(cards: list[Card], palette: str) -> Columns:
    """The player's leftover cards face up, each with its shape and name, laid out in
    columns so that no card is split across two lines."""
    faces = []
    for card in cards:
        style = STYLES[card.colour] if card.colour is not None else "bold"
        faces.append(Text(f"{glyph(card.colour)} {card_name(card, palette)}", style=style,
                          no_wrap=True))
    return Columns(faces, padding=(0, 2))


def several_rounds(data: ResultsData) -> bool:
    """Whether the match is more than its one round (so it has standings of its own)."""
    return data.match is not Match.SINGLE


def match_order(data: ResultsData) -> list[tuple[int, int]]:
    """(place, seat) by the match: highest total first, then most table points. Equal
    totals share a place (the engine's `match_places`), as the match's winners share
    the win."""
    places = match_places([_score(data, s) for s in range(len(data.names))])
    ranked = sorted(range(len(data.names)), key=lambda s: (places[s], -_table(data, s), s))
    return [(places[s], s) for s in ranked]


def _score(data: ResultsData, seat: int) -> int:
    return data.scores[seat] if seat < len(data.scores) else 0


def _table(data: ResultsData, seat: int) -> int:
    return data.table_points[seat] if seat < len(data.table_points) else 0


def _round_table(data: ResultsData, seat: int) -> int:
    points = data.round_table_points if data.round_table_points is not None else data.table_points
    return points[seat] if seat < len(points) else 0


CARD_POINTS = "a number its value, an action card 20, a Wild 50"
"""What each card left in a hand is worth (RULES.md §1), in a few words."""

TABLE_POINTS_NOTE = ("Table pts: 3 for a round's winner, 1 for the rest of the top half, 0 "
                     "below; they break equal totals.")
"""What the 'Table pts' column means, under the tables that show it."""


def points_note(match: Match, partners: bool = False) -> str:
    """What the points on a match's results are for, read once by a newcomer: how a
    round's winner scores (with `partners`, from the other sides' hands), what wins the
    match, and what table points are. A single round shows no points (going out first
    is all that counts), so it has no note."""
    if match is Match.SINGLE:
        return ""
    goal = (f"first to {match.target} wins" if match.target
            else f"after {counted(match.rounds or 0, 'round')} the highest total wins")
    hands = "other sides' hands" if partners else "other hands"
    return (f"Points: whoever goes out scores the cards left in the {hands} "
            f"({CARD_POINTS}); {goal}. {TABLE_POINTS_NOTE}")


def _points_note(data: ResultsData) -> str:
    return points_note(data.match, data.partner is not None)


def points_came_from(data: ResultsData) -> str:
    """Where the round's winner's points came from, hand by hand, said after them: ' —
    the cards held when you went out: Lily 96, Max 32, Zoe 50' (in a round played on,
    the others' hands changed after: some went out too); '' when not known."""
    points = data.hand_points
    if not points or not data.went_out or not data.round_points:
        return ""
    first = data.went_out[0]
    when = "you went out" if first == 0 else f"{data.names[first]} went out"
    hands = ", ".join(f"{'you' if seat == 0 else data.names[seat]} {held}"
                      for seat, held in enumerate(points) if seat != first)
    return f" — the cards held when {when}: {hands}"


def order_note(data: ResultsData) -> str:
    """Why a single round's places after the first are in their order, said only where
    the cards left would suggest another: the engine places those still holding cards by
    what their cards are worth (RULES.md §6), and a newcomer saw 4 cards placed above 3
    with nothing to say why. '' where fewer cards always means a better place."""
    if several_rounds(data):
        return ""  # a match's results show the points in hand beside each place
    side = set(data.winners) if data.partner is not None else set()
    held = [len(_cards(data, s)) for s in data.order if _cards(data, s) and s not in side]
    ahead = [len(_cards(data, s)) for s in side if _cards(data, s)]
    if held == sorted(held) and not (held and ahead and max(ahead) > min(held)):
        return ""
    if side:  # house rule partners: the winner's partner places next, whatever it holds
        return (f"The winning side places first; after it, places go by what the cards "
                f"left are worth, fewest points first ({CARD_POINTS}).")
    return (f"Places after the first go by what the cards left are worth, fewest points "
            f"first ({CARD_POINTS}).")


def _cards(data: ResultsData, seat: int) -> list[Card]:
    return data.cards_left[seat] if seat < len(data.cards_left) else []


def _points_left(data: ResultsData, seat: int) -> int:
    return sum(c.points for c in _cards(data, seat))


def _name(data: ResultsData, seat: int, star: bool, narrow: bool = False) -> Text:
    """A seat's name, computers marked as such (not on a phone: the list at the table
    says so), the player's partner as theirs (house rule `partners`), the winners
    starred (in words in ASCII)."""
    name = Text(data.names[seat], style="bold" if seat == HUMAN_SEAT else "")
    if seat != HUMAN_SEAT and seat == data.partner:
        name.append(" (partner)" if narrow else marks(" · your partner"), style="dim")
    elif seat != HUMAN_SEAT and not narrow:
        name.append(marks(" · Computer"), style="dim")
    if star and seat in data.winners:
        name.append(" ★" if palettes.unicode_ok() else " (winner)", style="bold")
    return name


def _table_of(*columns: str) -> Table:
    table = Table(expand=False, box=None, padding=(0, 1), header_style="bold underline")
    for column in columns:
        table.add_column(column, justify="left" if column == "Player" else "right",
                         no_wrap=column == "Player")
    return table


NARROW = 60
"""Under this many columns the standings keep to what fits (a phone held upright)."""


def standings(data: ResultsData, narrow: bool = False) -> Table:
    """The standings that decide the result.

    At the end of a match of several rounds: every seat by its match total, then table
    points. Otherwise (a single round, or a round in the middle of a match): the round's
    finishing order with cards left, and the match totals so far. `narrow` (a phone):
    the points left in hand and the round's table points are left out, every heading
    read whole."""
    if data.match_over and several_rounds(data):
        table = _table_of("Place", "Player", "Total", "Table pts")
        for place, seat in match_order(data):
            table.add_row(f"{place}.", _name(data, seat, star=True), str(_score(data, seat)),
                          str(_table(data, seat)))
        return table
    # A single round: who went out and the cards left, nothing to add up. In a match,
    # the points left in hand, the totals and this round's table points with their own.
    if not several_rounds(data):
        table = _table_of("Place", "Player", "Cards left")
        for place, seat in enumerate(data.order, start=1):
            cards = _cards(data, seat)
            table.add_row(f"{place}.", _name(data, seat, star=True),
                          "out" if seat in data.went_out and not cards else str(len(cards)))
        return table
    if narrow:
        table = _table_of("Place", "Player", "Cards", "Total", "Table pts")
        for place, seat in enumerate(data.order, start=1):
            cards = _cards(data, seat)
            table.add_row(f"{place}.", _name(data, seat, star=True, narrow=True),
                          "out" if seat in data.went_out and not cards else str(len(cards)),
                          str(_score(data, seat)), str(_table(data, seat)))
        return table
    table = _table_of("Place", "Player", "Cards", "In hand", "Total", "Table pts",
                      "Table total")
    for place, seat in enumerate(data.order, start=1):
        cards = _cards(data, seat)
        table.add_row(f"{place}.", _name(data, seat, star=True),
                      "out" if seat in data.went_out and not cards else str(len(cards)),
                      counted(_points_left(data, seat), "pt"), str(_score(data, seat)),
                      f"+{_round_table(data, seat)}", str(_table(data, seat)))
    return table


def last_round(data: ResultsData) -> Table:
    """The round that ended the match, apart from the match standings: who went out and
    what everyone was left holding."""
    table = _table_of("Place", "Player", "Cards", "In hand")
    for place, seat in enumerate(data.order, start=1):
        cards = _cards(data, seat)
        table.add_row(f"{place}.", _name(data, seat, star=False),
                      "out" if seat in data.went_out and not cards else str(len(cards)),
                      counted(_points_left(data, seat), "pt"))
    return table


def hinted_words(hinted: int) -> str:
    """'You asked for a hint before 12 decisions: they are the coach's, and left out of
    your accuracy (History marks the game H).'"""
    return (f"You asked for a hint before {counted(hinted, 'decision')}: "
            f"{'they are' if hinted != 1 else 'it is'} the coach's, and left out of your "
            "accuracy (History marks the game H).")


def record_text(stats: Any, difficulty: str, practice: bool = False) -> Text:
    """The player's record at this level after the game, in words (a practice game says
    it is not counted in it)."""
    level = LEVEL_TITLES.get(difficulty, difficulty.title())
    text = Text()
    if practice:
        text.append("A practice game ", style="bold")
        text.append(f"(coach on or a move taken back): not counted in your record at "
                    f"{level}.")
        return text
    text.append(f"Your record at {level}: ", style="bold")
    if stats is None or not getattr(stats, "games", 0):
        text.append("this is your first game at this level.")
        return text
    draws = getattr(stats, "draws", 0)
    text.append(marks(
        f"{stats.wins} won · {stats.losses} lost"
        + (f" · {draws} drawn" if draws else "")
        + f" · win rate {percent(stats.win_rate)}\n"
        f"Current streak: {streak_words(stats.current_streak)} · "
        f"best streak: {streak_short(stats.best_streak)}"
    ))
    return text


def show(app: Host, controller: GameController, match: bool) -> None:
    """The results of the round (or the match) that just ended at `controller`'s table
    (not twice, nor once another game is at the table); the review and the same deal
    come back to them."""
    if controller is not app.controller or isinstance(app.screen, ResultsScreen):
        return
    if match:
        app.review_in_background()  # the game just recorded is reviewed meanwhile
    data = results_data(controller, app.store.stats().get(controller.settings.difficulty))

    def chosen(where: Answer | None) -> None:
        kept = kept_of(controller) if where in (Go.REVIEW, Go.SAME_DEAL) else None
        app.go(where, back=lambda: show(app, controller, match), kept=kept)

    app.push_screen(ResultsScreen(data), chosen)


class ResultsScreen(ModalScreen[Answer]):
    """Returns Go.NEXT_ROUND (match continues), the place 'new', Go.REVIEW or SAME_DEAL (match
    over) or Go.TITLE.

    The player moves on only by a clear choice: N, T, a click, or a button reached with
    the arrows or Tab and then pressed."""

    BINDINGS = [
        Binding("n", "proceed", "Next"),
        Binding("v", "after('review')", "Review", show=False),
        Binding("d", "after('same-deal')", "Same deal", show=False),
        Binding("t", "choose('title')", "Title"),
        Binding("escape", "escape", "Title", show=False),
        Binding("left", "app.focus_previous", show=False),
        Binding("right", "app.focus_next", show=False),
    ]

    AUTO_FOCUS = "#results-body"
    """The body, not a button, has the focus: Enter does nothing until the player picks a
    button (arrows, Tab or a click) or presses N or T."""

    def __init__(self, data: ResultsData) -> None:
        super().__init__()
        self.data = data
        """What happened, as the table gathered it."""

    def compose(self) -> ComposeResult:
        data = self.data
        won = 0 in data.winners or (not data.match_over and data.went_out[:1] == [0])
        with Vertical(id="results", classes="dialog" + (" -won" if won else "")):
            star = "★ " if won and palettes.unicode_ok() else ""
            yield Plain(star + marks(headline(data)), classes="heading", id="headline")
            with VerticalScroll(id="results-body"):
                summary = (f"{match_words(data.match, data.round)} · "
                           f"{counted(data.turns, 'turn')}")
                if data.went_out and data.round_points and several_rounds(data):
                    first = data.went_out[0]
                    who = "you score" if first == 0 else f"{data.names[first]} scores"
                    summary += f" · {who} {counted(data.round_points, 'point')}"
                    summary += points_came_from(data)
                yield Plain(marks(summary), id="results-summary")
                if data.winning_card is not None and data.went_out:
                    first = data.went_out[0]
                    who = "You" if first == 0 else data.names[first]
                    card = data.winning_card
                    yield Plain(Text(marks(f"{who} went out with {glyph(card.colour)} "
                                            f"{card_name(card, data.palette)}."),
                                      style=STYLES[card.colour] if card.colour else "bold"),
                                 id="went-out-with")
                if data.match_over and several_rounds(data):
                    yield Plain(Text(f"The match after {counted(data.round, 'round')}",
                                      style="bold"),
                                 id="match-heading")
                    yield Plain(standings(data), id="standings", classes="-headed")
                    yield Plain(_points_note(data), id="table-points-note",
                                 classes="aside")
                    yield Plain(Text(f"The last round, round {data.round}", style="bold"),
                                 id="round-heading")
                    yield Plain(last_round(data), id="last-round", classes="-headed")
                mine = data.cards_left[0] if data.cards_left else []
                if mine:
                    said = f"Your cards left: {len(mine)}"
                    if several_rounds(data):
                        said += f", worth {counted(sum(c.points for c in mine), 'point')}"
                    yield Plain(Text(said, style="bold"), id="your-cards")
                    yield Plain(hand_cards(mine, data.palette), id="your-hand")
                else:
                    yield Plain(Text("You have no cards left.", style="bold"), id="your-cards")
                if not (data.match_over and several_rounds(data)):
                    yield Plain(standings(data, self.app.size.width < NARROW),
                                 id="standings")
                    if note := order_note(data):
                        yield Plain(note, id="order-note", classes="aside")
                    if several_rounds(data):  # wherever 'Table pts' is shown, whole once
                        yield Plain(_points_note(data) if data.round == 1
                                    else TABLE_POINTS_NOTE, id="table-points-note",
                                     classes="aside")
                yield Plain(record_text(data.stats, data.difficulty, data.practice),
                             id="your-record")
                if data.hinted and data.match_over:
                    yield Plain(hinted_words(data.hinted), id="your-hints", classes="aside")
            with Horizontal(classes="buttons"):
                if data.match_over:
                    yield Button("New game (N)", id="new", variant="primary")
                    yield Button("Review this game (V)", id="review")
                    yield Button("Same deal (D)", id="same-deal")
                else:
                    yield Button("Next round (N)", id="next-round", variant="primary")
                yield Button("Title (T)", id="title")
            yield Plain(self._keys(), id="results-keys", classes="keys")

    def _keys(self) -> str:
        go = "N new game" if self.data.match_over else f"N round {self.data.round + 1}"
        if self.data.match_over:
            go += " · V review · D same deal"
        return marks(f"{go} · T title · ↑ ↓ read")

    def on_resize(self) -> None:
        """Under 80 columns (a phone held upright) the buttons go two to a row, so that
        every one of them can be tapped (screens.tcss)."""
        self.set_class(self.app.size.width < 80, "-narrow")
        data = self.data
        if not (data.match_over and several_rounds(data)):
            for shown in self.query("#standings").results(Static):  # none before mounting
                shown.update(standings(data, self.app.size.width < NARROW))

    def action_proceed(self) -> None:
        self.dismiss(answer("new") if self.data.match_over else Go.NEXT_ROUND)

    def action_after(self, what: str) -> None:
        """'review' or 'same-deal': only once the match is over."""
        if self.data.match_over:
            self.dismiss(answer(what))
        else:
            self.app.bell()

    def action_escape(self) -> None:
        """Leaving a finished match is harmless; in the middle of one, say how to go on."""
        if self.data.match_over:
            self.dismiss(Go.TITLE)
            return
        self.app.bell()
        self.query_one("#results-keys", Static).update(Text(marks(
            f"The match goes on: N deals round {self.data.round + 1}, T goes to the title."),
            style="bold"))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(answer(str(event.button.id)))

    def action_choose(self, what: str) -> None:
        self.dismiss(answer(what))
