"""The end of a round or a match: who went out, what was left, the score, your record.

Only the player's own leftover cards are shown face up; everyone else's are counts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.columns import Columns
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ...engine import Card
from ..palette import STYLES, card_name, glyph
from .common import LEVEL_TITLES, percent, streak_short, streak_words


@dataclass(frozen=True)
class ResultsData:
    """Everything the results screen shows, gathered by the table when a round ends."""

    names: list[str]
    """Seat names, 'You' first."""
    difficulty: str
    """The computer players' level."""
    round: int
    """The round that just ended, from 1."""
    match_over: bool
    """Whether this round ended the match."""
    winners: tuple[int, ...]
    """Winning seats: of the match when it is over, else of the round (empty: nobody)."""
    went_out: list[int]
    """Seats in the order they emptied their hands."""
    cards_left: list[list[Card]]
    """Each seat's cards at the end of the round (only seat 0's are shown face up)."""
    turns: int
    """Turns played in the round."""
    round_points: int
    """Points the round's winner scored."""
    scores: list[int]
    """Match totals per seat after this round."""
    table_points: list[int]
    """Table points per seat."""
    match: str
    """The match length option: single, rounds:N or to:N."""
    stats: Any = None
    """The player's LevelStats at this level after this game, or None."""
    palette: str = "classic"
    """Colour names used for the player's leftover cards."""


def match_words(match: str, round_no: int) -> str:
    """'Single round', 'Round 2 of 3', 'Round 4 · first to 500 points'."""
    if match.startswith("rounds:"):
        total = match.split(":")[1]
        return f"Round {round_no} of {total}"
    if match.startswith("to:"):
        return f"Round {round_no} · first to {match.split(':')[1]} points"
    return "Single round" if round_no <= 1 else f"Round {round_no}"


def headline(data: ResultsData) -> str:
    """The one sentence that matters most: who won."""
    names = data.names
    if data.match_over:
        if not data.winners:
            return "The match ends with no winner."
        if 0 in data.winners and len(data.winners) == 1:
            return "You win the match!" if data.match != "single" else "You went out first — you win!"
        if 0 in data.winners:
            others = ", ".join(names[s] for s in data.winners if s != 0)
            return f"You share the match win with {others}."
        who = " and ".join(names[s] for s in data.winners)
        if data.match == "single":
            return f"{who} went out first and wins."
        return f"{who} win{'s' if len(data.winners) == 1 else ''} the match."
    if not data.went_out:
        return f"Round {data.round} ends with nobody out: nobody could play or draw."
    first = data.went_out[0]
    if first == 0:
        return f"You went out first and win round {data.round}!"
    return f"{names[first]} went out first and wins round {data.round}."


def hand_cards(cards: list[Card], palette: str) -> Columns:
    """The player's leftover cards face up, each with its shape and name, laid out in
    columns so that no card is split across two lines."""
    faces = []
    for card in cards:
        style = STYLES[card.colour] if card.colour is not None else "bold"
        faces.append(Text(f"{glyph(card.colour)} {card_name(card, palette)}", style=style,
                          no_wrap=True))
    return Columns(faces, padding=(0, 2))


def standings(data: ResultsData) -> Table:
    """Every seat: place, cards left (counts only for others), score and table points."""
    table = Table(expand=False, box=None, padding=(0, 1), header_style="bold underline")
    table.add_column("Place", justify="right")
    table.add_column("Player", no_wrap=True)
    table.add_column("Cards", justify="right")
    table.add_column("In hand", justify="right")
    table.add_column("Score", justify="right")
    table.add_column("Table pts", justify="right")
    order = list(data.went_out)
    rest = [s for s in range(len(data.names)) if s not in order]
    rest.sort(key=lambda s: (sum(c.points for c in data.cards_left[s]), s))
    for place, seat in enumerate(order + rest, start=1):
        cards = data.cards_left[seat] if seat < len(data.cards_left) else []
        name = Text(data.names[seat], style="bold" if seat == 0 else "")
        if seat != 0:
            name.append(" · Computer", style="dim")
        if seat in data.winners:
            name.append(" ★", style="bold")
        table.add_row(
            f"{place}.",
            name,
            "out" if seat in order and not cards else str(len(cards)),
            f"{sum(c.points for c in cards)} pts",
            str(data.scores[seat]) if seat < len(data.scores) else "–",
            str(data.table_points[seat]) if seat < len(data.table_points) else "–",
        )
    return table


def record_text(stats: Any, difficulty: str) -> Text:
    """The player's record at this level after the game, in words."""
    level = LEVEL_TITLES.get(difficulty, difficulty.title())
    text = Text()
    text.append(f"Your record at {level}: ", style="bold")
    if stats is None or not getattr(stats, "games", 0):
        text.append("this is your first game at this level.")
        return text
    draws = getattr(stats, "draws", 0)
    text.append(
        f"{stats.wins} won · {stats.losses} lost"
        + (f" · {draws} drawn" if draws else "")
        + f" · win rate {percent(stats.win_rate)}\n"
        f"Current streak: {streak_words(stats.current_streak)} · "
        f"best streak: {streak_short(stats.best_streak)}"
    )
    return text


class ResultsScreen(ModalScreen[str]):
    """Returns 'next-round' (match continues), 'new-game' (match over) or 'title'."""

    BINDINGS = [
        Binding("n", "proceed", "Next"),
        Binding("t,escape", "choose('title')", "Title"),
        Binding("left,up", "app.focus_previous", show=False),
        Binding("right,down", "app.focus_next", show=False),
    ]

    def __init__(self, data: ResultsData) -> None:
        super().__init__()
        self.data = data
        """What happened, as the table gathered it."""

    def compose(self) -> ComposeResult:
        data = self.data
        won = 0 in data.winners or (not data.match_over and data.went_out[:1] == [0])
        with Vertical(id="results", classes="dialog" + (" -won" if won else "")):
            yield Static(("★ " if won else "") + headline(data), classes="heading", id="headline")
            with VerticalScroll(id="results-body"):
                summary = (f"{match_words(data.match, data.round)} · "
                           f"{data.turns} turns")
                if data.went_out and data.round_points:
                    first = data.went_out[0]
                    who = "you score" if first == 0 else f"{data.names[first]} scores"
                    summary += f" · {who} {data.round_points} points"
                yield Static(summary, id="results-summary")
                mine = data.cards_left[0] if data.cards_left else []
                if mine:
                    points = sum(c.points for c in mine)
                    yield Static(Text(f"Your cards left: {len(mine)}, worth {points} points",
                                      style="bold"), id="your-cards")
                    yield Static(hand_cards(mine, data.palette), id="your-hand")
                else:
                    yield Static(Text("You have no cards left.", style="bold"), id="your-cards")
                yield Static(standings(data), id="standings")
                yield Static(record_text(data.stats, data.difficulty), id="your-record")
            with Horizontal(classes="buttons"):
                if data.match_over:
                    yield Button("New game  (N)", id="new-game", variant="primary")
                else:
                    yield Button("Next round  (N)", id="next-round", variant="primary")
                yield Button("Title  (T)", id="title")

    def on_mount(self) -> None:
        self.query_one("Button", Button).focus()

    def action_proceed(self) -> None:
        self.dismiss("new-game" if self.data.match_over else "next-round")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id)

    def action_choose(self, what: str) -> None:
        self.dismiss(what)
