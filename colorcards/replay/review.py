"""The review of a kept game: the coach's verdict on each of the player's decisions.

Each decision of the player's with a real choice is weighed by the coach
(`coach.Coach.judge`) from the view the player had then — never the real hidden cards —
with the computers playing out at the game's own level. A decision is listed as a costly
moment only when the whole 95% interval of its cost, measured on deals the choosing
never saw, lies at or above the bar (`weigh.NOTICEABLE`) in the chance to win the round,
and the chances shown for it, measured apart, show as much (`weigh.costly`); every
other decision was as good as the best the coach found, or too close to tell. The hint at the
table asks the same coach the same question, so a move the hint chose is never listed.

A review is weighed decision by decision and may stop after any of them (the player
left the screen): what was weighed is kept, and the review resumes from there.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..coach import SEED, Coach, Verdict, weigh
from ..coach.why import why_better
from ..coach.words import (
    CardName,
    ColourName,
    chances_sentence,
    why_sentence,
    you_did,
)
from ..engine import (
    CALL,
    Action,
    Card,
    Colour,
    DecisionKind,
    Game,
    Phase,
    View,
    next_decision,
    parse_card,
)
from ..engine import HUMAN_SEAT as PLAYER
from ..level import Level
from .kept import KeptGame, action_token, parse_token
from .plays_like import Kinds

VERSION = 3
"""The review's JSON version (a kept review of another version is weighed again).
3: a card played down to one without calling Last Card is weighed with the call left
out."""



@dataclass(frozen=True)
class Moment:
    """One decision of the player's, weighed by the coach."""

    index: int
    """The action's position in the game (0-based): the replay shows it as frame index+1."""
    turn: int
    """The turn of the match it was made on (1-based)."""
    top: Card
    active: Colour | None
    made: Action
    best: Action
    """The coach's choice (the move made, when nothing was told apart from it)."""
    close: bool
    """The move made could not be told apart from the best found: nothing was measured."""
    made_chance: float = 0.0
    best_chance: float = 0.0
    """For a costly moment: the chance to win the round after each, on fresh deals."""
    cost: float = 0.0
    low: float = 0.0
    high: float = 0.0
    """The cost measured, and its 95% interval."""
    deals: int = 0
    """Fresh deals behind the chances shown (a costly moment's; 0 for the others)."""
    made_out: tuple[float, ...] = ()
    best_out: tuple[float, ...] = ()
    """Each seat's share of going out first after each move, on those deals."""
    uncalled: bool = False
    """The card made was the second-last, played without calling Last Card (weighed so,
    against the coach's choice with the call)."""

    @property
    def costly(self) -> bool:
        """A real mistake, listed: the coach's verdict (`weigh.costly`) from the interval
        and the chances shown."""
        if self.close:
            return False
        if not self.deals:
            return weigh.costly(self.low)
        return weigh.costly(self.low, self.made_chance, self.best_chance)

    @property
    def kind(self) -> str:
        """Which of `level.Kinds` the decision was (a field's name)."""
        if self.uncalled:
            return "forgot"
        if self.close:
            return "first" if self.made == self.best else "as_good"
        return "costly" if self.costly else "measured"

    @classmethod
    def of(cls, index: int, turn: int, view: View, verdict: Verdict) -> Moment:
        made, best = verdict.made_tally, verdict.best_tally
        if verdict.close:
            return cls(index, turn, view.top, view.active_colour, verdict.made, verdict.best,
                       close=True)
        if made is None or best is None:  # measured, and not clearly costly
            return cls(index, turn, view.top, view.active_colour, verdict.made, verdict.best,
                       close=False, cost=verdict.cost, low=verdict.low, high=verdict.high,
                       uncalled=verdict.uncalled)
        seats = range(view.seats)
        return cls(index, turn, view.top, view.active_colour, verdict.made, verdict.best,
                   close=False, made_chance=made.chance, best_chance=best.chance,
                   cost=verdict.cost, low=verdict.low, high=verdict.high, deals=made.deals,
                   made_out=tuple(made.out_share(s) for s in seats),
                   best_out=tuple(best.out_share(s) for s in seats),
                   uncalled=verdict.uncalled)

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "index": self.index, "turn": self.turn, "top": self.top.code,
            "active": self.active.value if self.active else None,
            "made": action_token(PLAYER, self.made), "best": action_token(PLAYER, self.best),
            "close": self.close}
        if not self.close:
            data.update(made_chance=self.made_chance, best_chance=self.best_chance,
                        cost=self.cost, low=self.low, high=self.high, deals=self.deals,
                        made_out=list(self.made_out), best_out=list(self.best_out),
                        uncalled=self.uncalled)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Moment:
        moment = cls(index=int(data["index"]), turn=int(data["turn"]),
                     top=parse_card(data["top"]),
                     active=Colour(data["active"]) if data["active"] else None,
                     made=parse_token(data["made"])[1], best=parse_token(data["best"])[1],
                     close=bool(data["close"]))
        if moment.close:
            return moment
        return replace(moment, made_chance=float(data["made_chance"]),
                       best_chance=float(data["best_chance"]), cost=float(data["cost"]),
                       low=float(data["low"]), high=float(data["high"]),
                       deals=int(data["deals"]),
                       made_out=tuple(float(x) for x in data["made_out"]),
                       best_out=tuple(float(x) for x in data["best_out"]),
                       uncalled=bool(data["uncalled"]))


@dataclass(frozen=True)
class Review:
    """The player's decisions weighed so far (all of them once `complete`)."""

    moments: tuple[Moment, ...]
    total: int
    """How many decisions with a choice the game holds."""
    level: str = "hard"
    """The level the computers played out at."""
    seed: int = SEED
    playouts: int = 0
    """Play-outs the coach spent weighing (0: not counted, a review kept before they
    were); the game's exercises may spend as many again (replay/exercises.py)."""
    hinted: tuple[int, ...] = ()
    """The decisions made after asking for a hint (by index, the kept game's): the
    coach's, left out of the accuracy and of the level the player plays like."""

    @property
    def complete(self) -> bool:
        return len(self.moments) >= self.total

    @property
    def own(self) -> list[Moment]:
        """The moments of the player's own decisions (none made after a hint)."""
        return [m for m in self.moments if m.index not in self.hinted]

    def costliest(self) -> list[Moment]:
        """The costly moments, costliest first: every one, as the coach noted each at the
        table (the summary counts them all, and the list names them all)."""
        return sorted((m for m in self.moments if m.costly), key=lambda m: (-m.cost, m.index))

    def as_json(self) -> dict[str, Any]:
        data = {"version": VERSION, "complete": self.complete, "total": self.total,
                "level": self.level,
                "seed": self.seed, "playouts": self.playouts,
                "moments": [m.as_json() for m in self.moments]}
        if self.hinted:
            data["hinted"] = list(self.hinted)
        return data

    @classmethod
    def from_json(cls, data: Any) -> Review | None:
        """The review kept as JSON, or None if it is of another version or damaged."""
        if not isinstance(data, dict) or data.get("version") != VERSION:
            return None
        try:
            return cls(moments=tuple(Moment.from_json(m) for m in data["moments"]),
                       total=int(data["total"]), level=str(data["level"]),
                       seed=int(data["seed"]), playouts=int(data.get("playouts", 0)),
                       hinted=tuple(int(at) for at in data.get("hinted", ())))
        except (KeyError, TypeError, ValueError):
            return None


@dataclass(frozen=True)
class Decision:
    """One of the player's decisions with a real choice, as the player faced it."""

    index: int
    view: View
    legal: tuple[Action, ...]
    made: Action
    turn: int


def decisions(kept: KeptGame) -> list[Decision]:
    """The player's turns with a real choice while the round was still to be won, in
    order. A call of Last Card is not one: the card played with it is."""
    return decisions_of(kept.new_game(), kept.actions)


def decisions_of(game: Game, actions: Sequence[tuple[int | None, Action]]) -> list[Decision]:
    """`decisions` of the match dealt as `game` (played on here) and played by `actions`."""
    found = []
    for index, (seat, action) in enumerate(actions):
        if (seat == PLAYER and action is not CALL and game.phase is not Phase.WINDOW
                and not game.out):
            decision = next_decision(game)
            if (decision is not None and decision.seat == PLAYER
                    and decision.kind is DecisionKind.TURN and len(decision.actions) > 1):
                found.append(Decision(index, game.view(PLAYER), decision.actions, action,
                                      game.total_turns + 1))
        game.apply(action, seat)
    return found


def review(kept: KeptGame, progress: Callable[[int, int], None] = lambda done, total: None,
           stop: Callable[[], bool] = lambda: False, resume: Review | None = None,
           coach: Coach | None = None,
           weighed: Callable[[Review], None] = lambda so_far: None) -> Review:
    """Weigh the player's decisions, keeping those `resume` already weighed if it is a
    review of this game by the same coach (in any order: the table weighs the decisions
    as they are made, and may miss some); stop after any decision once `stop()` says so
    (the review returned is then not `complete`). `progress(done, total)` is called before
    the first decision and after each one."""
    coach = coach or Coach(kept.difficulty)
    todo = decisions(kept)
    known: dict[int, Moment] = {}
    spent = 0
    if (resume is not None and resume.total == len(todo) and resume.seed == coach.seed
            and resume.level == coach.level):
        known = {m.index: m for m in resume.moments}
        spent = resume.playouts
    taken = {d.index: known[d.index] for d in todo
             if d.index in known and known[d.index].made == d.made}
    moments = list(taken.values())
    progress(len(moments), len(todo))
    for decision in todo:
        if decision.index in taken:
            continue
        if stop():
            break
        verdict = coach.judge(decision.view, decision.legal, decision.made, stop)
        if verdict is None:
            break
        spent += verdict.playouts
        moments.append(Moment.of(decision.index, decision.turn, decision.view, verdict))
        moments.sort(key=lambda m: m.index)
        weighed(Review(tuple(moments), len(todo), coach.level, coach.seed, spent,
                       kept.hinted))
        progress(len(moments), len(todo))
    return Review(tuple(moments), len(todo), coach.level, coach.seed, spent, kept.hinted)


def weighed_at_the_table(deal: Game, actions: Sequence[tuple[int | None, Action]],
                         judged: dict[int, tuple[Moment, int]], level: Level | str,
                         seed: int, hinted: tuple[int, ...] = ()) -> Review | None:
    """The review so far of the match dealt as `deal` and played by `actions`, whose
    decisions the coach weighed as they were made (`judged`: by the action's index, each
    moment and the play-outs it took; those of the line finally played are kept), for
    `review` to take on from; None if none of them is one of the match's decisions."""
    todo = decisions_of(deal, actions)
    kept_ones = [judged[d.index] for d in todo
                 if d.index in judged and judged[d.index][0].made == d.made]
    if not kept_ones:
        return None
    return Review(tuple(m for m, _ in kept_ones), len(todo), Level(level), seed,
                  sum(n for _, n in kept_ones), hinted)


# ---------------------------------------------------------------------- words

def moment_views(kept: KeptGame) -> dict[int, View]:
    """Each of the player's decisions (by its index in the game) -> the player's view
    then: what a moment's reason (`moment_words`) is read from."""
    return {d.index: d.view for d in decisions(kept)}


def moment_words(m: Moment, card_name: CardName = lambda c: c.name,
                 colour_name: ColourName = lambda c: c.title,
                 seat_names: Sequence[str] = (), view: View | None = None,
                 hinted: bool = False) -> str:
    """'Turn 14, Red 7 to match: you played Red 3. Your chance to win this round: 24%
    after Red 3, 35% after Red Reverse. Why: Lily, next to play, was down to one card,
    and …. After Red 3, Lily went out first in 41% of the deals; after Red Reverse, 22%.'
    The 'Why' sentence (`coach.why`) needs the player's `view` at the moment (from
    `moment_views`); without one it is left out. A decision made after asking for a
    hint (`hinted`) says so: 'you played Red 3 (after asking for a hint)'."""
    on = card_name(m.top)
    if m.top.is_wild and m.active is not None:
        on += f" ({colour_name(m.active)} to match)"
    did = you_did(m.made, card_name, colour_name, seat_names, m.uncalled)
    if hinted:
        did += " (after asking for a hint)"
    words = (f"Turn {m.turn}, {on} on the pile: {did}. "
             + chances_sentence(m.made, m.made_chance, m.best, m.best_chance, card_name,
                                colour_name, seat_names, m.uncalled))
    if view is not None:
        words += " " + why_better(view, m.made, m.best, m.made_out, m.best_out, card_name,
                                  colour_name, seat_names, m.uncalled)
    why = why_sentence(m.made, m.made_out, m.best, m.best_out, PLAYER, seat_names,
                       card_name, colour_name, m.uncalled)
    return f"{words} {why}" if why else words


def summary_words(result: Review) -> str:
    """'Of your 15 decisions with a choice, 13 were as good as the best found or too close
    to tell; 2 clearly lowered your chance to win the round, by 3% or more.' The
    decisions made after asking for a hint are the coach's, and said apart."""
    if not result.moments:
        return "You had no real choices to make in this game."
    own = result.own
    hinted = len(result.moments) - len(own)
    apart = (f"{hinted} decision{'s' if hinted != 1 else ''} with a choice made after asking "
             "for a hint "
             f"{'are' if hinted != 1 else 'is'} the coach's, not counted as yours.")
    if not own:
        return f"Every decision with a choice was made after asking for a hint: {apart}"
    total = len(own)
    costly = sum(1 for m in own if m.costly)
    fine = total - costly
    words = (f"Of your {total} decision{'s' if total != 1 else ''} with a choice, {fine} "
             f"{'was' if fine == 1 else 'were'} as good as the best found or too close to "
             "tell")
    if costly:
        words += (f"; {costly} clearly lowered your chance to win the round, by "
                  f"{weigh.bar_words()} or more.")
    else:
        words += ": no move cost you a clear chance to win the round."
    return f"{words} {apart[0].upper()}{apart[1:]}" if hinted else words


# ---------------------------------------------------------------------- accuracy

@dataclass(frozen=True)
class Accuracy:
    """How well a reviewed game was played: the measure kept with it."""

    decisions: int
    """Decisions with a choice, weighed."""
    good: int
    """Of them, as good as the best found or too close to tell (not costly)."""
    cost: float
    """The average cost per decision, in the chance to win the round (0.02: 2%):
    a close move costs nothing, a measured one what it was measured to cost (never less
    than nothing)."""
    kinds: Kinds
    """The decisions by kind: what the level you play like is estimated from."""

    @property
    def share(self) -> float:
        return self.good / self.decisions if self.decisions else 1.0

    def words(self) -> str:
        """'Accuracy 87% (13 of 15 decisions). On average a decision lowered your chance to
        win the round by 1.4% (…).' The
        two figures measure different things, so each says which (a game with no costly
        move is 100% accurate and may still have lost a little on each decision)."""
        return (f"Accuracy {round(self.share * 100)}% ({self.good} of {self.decisions} "
                f"decision{'s' if self.decisions != 1 else ''}). On average a decision "
                f"lowered your chance to win the round by {self.cost * 100:.1f}% (less than "
                f"{weigh.bar_words()} does not count against accuracy).")


def accuracy(result: Review) -> Accuracy | None:
    """The accuracy of a complete review, of the player's own decisions (None while it is
    partial, or with no choice of their own: none, or all made after a hint)."""
    own = result.own
    if not result.complete or not own:
        return None
    costs = [0.0 if m.close else max(m.cost, 0.0) for m in own]
    good = sum(1 for m in own if not m.costly)
    return Accuracy(len(costs), good, sum(costs) / len(costs), Kinds.of(m.kind for m in own))
