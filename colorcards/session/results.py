"""What the end of a round shows, and the game at the table as a kept game.

`results_data` gathers the results screen's figures from the game and the player's
record when a round ends; `headline` and `match_words` say who won and which round it
was; `kept_of` hands the finished game to its review or to the same deal again, and
`review_lines` says its costly moments. The table screen and the plain front end
(plain/) both read these.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import Card, Match
from ..engine import events as E
from ..replay.kept import KeptGame, kept_from_game
from ..replay.review import Review, moment_views, moment_words
from .controller import GameController
from .palette import card_name, colour_name, marks


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
    order: tuple[int, ...]
    """Every seat by its place in the round (the engine's `RoundResult.order`)."""
    cards_left: list[list[Card]]
    """Each seat's cards at the end of the round (only seat 0's are shown face up)."""
    turns: int
    """Turns played in the round."""
    round_points: int
    """Points the round's winner scored."""
    scores: list[int]
    """Match totals per seat after this round."""
    table_points: list[int]
    """Table points per seat, over the match so far."""
    match: Match
    """How long the match is (the rules' option)."""
    stats: Any = None
    """The player's LevelStats at this level after this game, or None."""
    palette: str = "classic"
    """Colour names used for the player's leftover cards."""
    round_table_points: list[int] | None = None
    """Table points each seat earned in this round (None: as `table_points`)."""
    winning_card: Card | None = None
    """The card the round's winner went out with (the results cover the log)."""
    practice: bool = False
    """A practice game (the coach on, a move taken back): not in the record."""
    partner: int | None = None
    """The player's partner (house rule `partners`), or None: a side's win is theirs."""
    hinted: int = 0
    """The player's decisions made after asking for a hint, in the whole match so far."""
    hand_points: list[int] | None = None
    """The points each seat held when the round's winner went out: what the winner
    scored, hand by hand (None: not known, a game saved before they were kept)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "match", Match(self.match))  # the word, as its member


def kept_of(controller: GameController) -> KeptGame:
    """The game at the table as a kept game, for its review or the same deal again."""
    game = controller.game
    record = controller.record  # the store's record of the match (None if not recorded)
    return kept_from_game(game, names=[controller.name(s) for s in range(game.seats)],
                          difficulty=controller.settings.difficulty,
                          preset=controller.settings.preset,
                          game_id=record.game_id if record is not None else "",
                          arranged=controller.meta.arranged, practice=controller.practice,
                          hinted=controller.meta.hinted)


def results_data(controller: GameController, stats: Any = None) -> ResultsData:
    """What the results screen shows, from the game and the player's record at its level
    (`stats`: the store's LevelStats, None when nothing is recorded)."""
    game = controller.game
    result = game.results[-1]
    match_over = game.is_over
    winners = tuple(game.winners) if match_over else (
        () if result.winner is None else tuple(sorted(game.sides[result.winner])))
    mates = game.sides[0] - {0}
    return ResultsData(
        names=[controller.name(seat) for seat in range(game.seats)],
        difficulty=controller.settings.difficulty,
        round=result.round,
        match_over=match_over,
        winners=winners,
        went_out=[s for s in result.order if result.cards_left[s] == 0],
        order=result.order,
        cards_left=[list(h) for h in game.hands],
        turns=game.turns,
        round_points=result.points,
        scores=list(game.scores),
        table_points=list(game.table_points),
        match=game.rules.match,
        stats=stats,
        palette=game.rules.palette,
        round_table_points=list(result.table_points),
        winning_card=winning_card(game.history, result.winner),
        practice=controller.practice,
        partner=min(mates) if mates else None,
        hinted=len(controller.meta.hinted),
        hand_points=scored_from(controller.hand_points.get(result.round), result.points),
    )


def scored_from(points: tuple[int, ...] | None, scored: int) -> list[int] | None:
    """The hands' points kept when the round was won, if they add up to what the winner
    scored (else None: the results do not show a sum that does not add up)."""
    if points is None or sum(points) != scored:
        return None
    return list(points)


def winning_card(history: Sequence[E.Event], winner: int | None) -> Card | None:
    """The card `winner` went out with: their last play before the round was won."""
    if winner is None:
        return None
    won = False
    for event in reversed(history):
        if isinstance(event, E.WentOut) and event.seat == winner and event.place == 1:
            won = True
        elif won and isinstance(event, E.Played) and event.seat == winner:
            return event.card
    return None


def match_words(match: Match, round_no: int) -> str:
    """'Single round', 'Round 2 of 3', 'Round 4 · first to 500 points'."""
    if match.rounds:
        return f"Round {round_no} of {match.rounds}"
    if match.target:
        return f"Round {round_no} · first to {match.target} points"
    return "Single round" if round_no <= 1 else f"Round {round_no}"


def headline(data: ResultsData) -> str:
    """The one sentence that matters most: who won."""
    names = data.names
    if data.partner is not None:
        return _sides_headline(data)
    if data.match_over:
        if not data.winners:
            return "The match ends with no winner."
        if 0 in data.winners and len(data.winners) == 1:
            if data.match is Match.SINGLE:
                return "You went out first — you win!"
            return "You win the match!"
        if 0 in data.winners:
            others = ", ".join(names[s] for s in data.winners if s != 0)
            return f"You share the match win with {others}."
        who = " and ".join(names[s] for s in data.winners)
        if data.match is Match.SINGLE:
            return f"{who} went out first and wins."
        return f"{who} win{'s' if len(data.winners) == 1 else ''} the match."
    if not data.went_out:
        return f"Round {data.round} ends with nobody out: nobody could play or draw."
    first = data.went_out[0]
    if first == 0:
        return f"You went out first and win round {data.round}!"
    return f"{names[first]} went out first and wins round {data.round}."


def _sides_headline(data: ResultsData) -> str:
    """`headline` under the house rule `partners`: the side wins, said of the player's
    side as 'your side' and of the other by its players' names."""
    names = data.names
    if not data.winners:
        if data.match_over:
            return "The match ends with no winner."
        return f"Round {data.round} ends with nobody out: nobody could play or draw."
    first = data.went_out[0] if data.went_out else None
    out = ("You went out first" if first == 0 else
           f"{names[first]} went out first" if first is not None else "")
    if 0 in data.winners:
        if data.match_over and data.match is not Match.SINGLE:
            return "Your side wins the match!"
        if data.match_over:
            return f"{out} — your side wins!"
        return f"{out}: your side wins round {data.round}!"
    side = " and ".join(names[s] for s in data.winners)
    if data.match_over and data.match is not Match.SINGLE:
        return f"{side} win the match."
    if data.match_over:
        return f"{out}: {side} win."
    return f"{out}: {side} win round {data.round}."


def review_lines(result: Review, palette: str = "classic",
                 seat_names: tuple[str, ...] = (), kept: KeptGame | None = None) -> list[str]:
    """The costly moments in words, costliest first ('Turn 14, Red 7 on the pile: ...'),
    each with its reason when the game reviewed is given (`kept`)."""
    views = moment_views(kept) if kept is not None else {}
    return [marks(moment_words(m, lambda c: card_name(c, palette),
                               lambda c: colour_name(c, palette), seat_names,
                               views.get(m.index), hinted=m.index in result.hinted))
            for m in result.costliest()]
