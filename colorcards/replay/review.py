"""The review of a kept game: where the player's moves cost them the round.

For each of the player's decisions with a real choice, every sensible option (each
distinct card that could be played, a Wild naming the colour the hand holds most of
and the colour named, drawing, keeping a drawn card) is played out in imagined deals
and scored by how often the player then wins the round. The deals come from
`deal_from_view(view, rng)`: the cards the player could not see at that moment are
placed at random, consistently with everything the player could see — never the real
hidden cards, which would make the advice unfair and useless. Every option meets the
same deals and the same shuffles (common random numbers), so the comparison is between
moves, not between lucky and unlucky deals. Play-outs use the Hard level's rules for
every seat (`HeuristicPlayer(HARD)`: its judgement, without its own thinking ahead,
which would nest play-outs inside play-outs), through the engine's own rules
(`Game.copy`, `next_decision`).

A decision's generator is seeded from the review's seed and the decision's number
only, so the review of a position depends on nothing but what the player saw.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..bots.drive import decide
from ..bots.heuristic import HARD, HeuristicPlayer
from ..engine import (
    COLOURS,
    DRAW,
    PASS,
    Action,
    Card,
    Colour,
    Game,
    Play,
    View,
    deal_from_view,
    next_decision,
)
from .kept import KeptGame

VERSION = 1
"""The review's JSON version (a kept review of another version is computed again)."""

WORLDS = 24
"""Imagined deals per decision (every option plays each of them out)."""

SEED = 0x5EED_2E71
"""The review's own seed: with a decision's number, all its generator depends on."""

REFINED = 5
"""Decisions that look costliest after the first pass, weighed again more closely."""

REFINE_WORLDS = 72
"""Imagined deals for those."""

PLY_LIMIT = 600
"""Decisions a play-out may take before it counts as not won."""

SHOWN = 3
"""Moments the review lists."""

NOTICEABLE = 0.03
"""Below this (3 points in the chance of winning) a move is as good as the best."""

PLAYER = 0


@dataclass(frozen=True)
class Judged:
    """One decision of the player's, weighed."""

    index: int
    """The action's position in the game (0-based): the replay shows it as frame index+1."""
    turn: int
    """The turn of the match it was made on (1-based)."""
    top: Card
    active: Colour | None
    made: Action
    best: Action
    made_chance: float
    """How often the player won the round after the move made, in the imagined deals."""
    best_chance: float
    """The same after the best option found (the move made, if nothing was better)."""
    options: int

    @property
    def cost(self) -> float:
        return max(0.0, self.best_chance - self.made_chance)

    def as_json(self) -> dict[str, Any]:
        from .kept import action_token

        return {"index": self.index, "turn": self.turn, "top": self.top.code,
                "active": self.active.value if self.active else None,
                "made": action_token(PLAYER, self.made), "best": action_token(PLAYER, self.best),
                "made_chance": self.made_chance, "best_chance": self.best_chance,
                "options": self.options}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Judged:
        from ..engine import parse_card
        from .kept import parse_token

        return cls(index=int(data["index"]), turn=int(data["turn"]),
                   top=parse_card(data["top"]),
                   active=Colour(data["active"]) if data["active"] else None,
                   made=parse_token(data["made"])[1], best=parse_token(data["best"])[1],
                   made_chance=float(data["made_chance"]),
                   best_chance=float(data["best_chance"]), options=int(data["options"]))


@dataclass(frozen=True)
class Review:
    """Every decision of the player's weighed, and the costliest of them."""

    judged: tuple[Judged, ...]
    worlds: int = WORLDS
    seed: int = SEED

    def costliest(self, count: int = SHOWN) -> list[Judged]:
        """The `count` decisions that cost most (only those that cost noticeably)."""
        costly = [j for j in self.judged if j.cost >= NOTICEABLE]
        costly.sort(key=lambda j: (-j.cost, j.index))
        return costly[:count]

    def as_json(self) -> dict[str, Any]:
        return {"version": VERSION, "worlds": self.worlds, "seed": self.seed,
                "judged": [j.as_json() for j in self.judged]}

    @classmethod
    def from_json(cls, data: Any) -> Review | None:
        """The review kept as JSON, or None if it is of another version or damaged."""
        if not isinstance(data, dict) or data.get("version") != VERSION:
            return None
        try:
            return cls(judged=tuple(Judged.from_json(j) for j in data["judged"]),
                       worlds=int(data["worlds"]), seed=int(data["seed"]))
        except (KeyError, TypeError, ValueError):
            return None


# ---------------------------------------------------------------------- options

def _most_held(hand: Sequence[Card], played: Card) -> Colour:
    """The colour the hand holds most of once `played` is gone (first in order on a tie)."""
    rest = list(hand)
    rest.remove(played)
    counts = Counter(c.colour for c in rest if c.colour is not None)
    return max(COLOURS, key=lambda colour: (counts[colour], -COLOURS.index(colour)))


def options(view: View, legal: Sequence[Action], made: Action) -> list[Action]:
    """The move made first, then every other sensible option: each distinct card that
    may be played (a Wild naming the colour the hand holds most of), drawing, passing
    (keeping a drawn card), and any other choice the rules offer (accept, challenge)."""
    found: list[Action] = [made]
    for action in legal:
        if isinstance(action, Play) and action.colour is not None:
            action = Play(action.card, _most_held(view.hand, action.card))
            if action not in legal:
                continue
        if action not in found:
            found.append(action)
    return found


# ---------------------------------------------------------------------- weighing

def _winner(result: Any) -> int | None:
    """Who won a round of `Game.results` (a `RoundResult`; a dict in engines before it)."""
    return result["winner"] if isinstance(result, dict) else result.winner


def _won_round(game: Game, rounds: int, players: Sequence[Any], rng: random.Random) -> float:
    """Play `game` on until the round ends: 1.0 if the player won it, else 0.0."""
    for _ in range(PLY_LIMIT):
        if len(game.results) > rounds:
            return 1.0 if _winner(game.results[rounds]) == PLAYER else 0.0
        decision = next_decision(game)
        if decision is None:
            break
        if decision.seat is None:
            game.apply(decision.actions[0])
        else:
            game.apply(decide(game, decision, players[decision.seat], rng), decision.seat)
    if len(game.results) > rounds:
        return 1.0 if _winner(game.results[rounds]) == PLAYER else 0.0
    return 0.0


def weigh(view: View, made: Action, number: int, worlds: int = WORLDS, seed: int = SEED,
          stop: Callable[[], bool] = lambda: False) -> tuple[list[Action], list[float]]:
    """(options, chance of winning the round after each), from `view` alone.

    `number` is the decision's number in the game: with `seed`, it seeds the generator
    that deals the imagined games, so the result depends only on what the view shows."""
    rng = random.Random(seed * 1_000_003 + number)
    players = [HeuristicPlayer(HARD) for _ in range(view.seats)]
    first = deal_from_view(view, random.Random(rng.random()))
    choices = options(view, first.legal_actions(PLAYER), made)
    wins = [0.0] * len(choices)
    rounds = len(view.results)
    played = 0
    for _ in range(worlds):
        if stop():
            break
        deal_seed = rng.random()
        play_seed = rng.random()
        world = deal_from_view(view, random.Random(deal_seed))
        for i, action in enumerate(choices):
            game = world.copy(rng=random.Random(play_seed))
            game.apply(action, PLAYER)
            wins[i] += _won_round(game, rounds, players, random.Random(play_seed))
        played += 1
    return choices, [w / max(1, played) for w in wins]


def decisions(kept: KeptGame) -> list[tuple[int, View, Action, int]]:
    """The player's decisions with a real choice: (action index, view, action made,
    turn number), in order."""
    found = []
    game = kept.new_game()
    for index, (seat, action) in enumerate(kept.actions):
        if seat == PLAYER and game.phase != "window":
            decision = next_decision(game)
            if (decision is not None and decision.seat == PLAYER
                    and decision.kind == "turn" and len(decision.actions) > 1):
                found.append((index, game.view(PLAYER), action, game.total_turns + 1))
        game.apply(action, seat)
    return found


def review(kept: KeptGame, progress: Callable[[int, int], None] = lambda done, total: None,
           stop: Callable[[], bool] = lambda: False, worlds: int = WORLDS,
           seed: int = SEED) -> Review | None:
    """Weigh every decision of the player's; None if `stop()` said to give up.

    Every decision is weighed in `worlds` imagined deals; then the `REFINED` that look
    costliest are weighed again in `REFINE_WORLDS` (the first `worlds` of them the same
    deals), so the moments listed are not an accident of a few deals. `progress(done,
    total)` is called before the first decision and after each step."""
    todo = decisions(kept)
    refined = min(REFINED, len(todo))
    total = len(todo) + refined
    progress(0, total)
    judged: list[Judged] = []
    for number, (index, view, made, turn) in enumerate(todo):
        judged.append(_judge(index, view, made, turn, number, worlds, seed, stop))
        if stop():
            return None
        progress(number + 1, total)
    costly = sorted(range(len(judged)), key=lambda k: -judged[k].cost)[:refined]
    for done, k in enumerate(costly, start=len(todo) + 1):
        index, view, made, turn = todo[k]
        judged[k] = _judge(index, view, made, turn, k, max(worlds, REFINE_WORLDS), seed, stop)
        if stop():
            return None
        progress(done, total)
    return Review(tuple(judged), worlds, seed)


def _judge(index: int, view: View, made: Action, turn: int, number: int, worlds: int,
           seed: int, stop: Callable[[], bool]) -> Judged:
    choices, chances = weigh(view, made, number, worlds, seed, stop)
    best = max(range(len(choices)), key=lambda i: (chances[i], i == 0))
    return Judged(index=index, turn=turn, top=view.top, active=view.active_colour, made=made,
                  best=choices[best], made_chance=round(chances[0], 4),
                  best_chance=round(chances[best], 4), options=len(choices))


# ---------------------------------------------------------------------- words

def moment_words(j: Judged, card_name: Callable[[Card], str] = lambda c: c.name,
                 colour_name: Callable[[Colour], str] = lambda c: c.title) -> str:
    """'Turn 14: Wild on Red 7 — keeping the Wild and playing Red 3 wins about 12
    points more often.'"""
    on = card_name(j.top)
    if j.top.is_wild and j.active is not None:
        on += f" ({colour_name(j.active)} to match)"
    made, best = j.made, j.best
    if isinstance(made, Play):
        did = card_name(made.card)
        if made.colour is not None:
            did += f" naming {colour_name(made.colour)}"
        did = f"{did} on {on}"
    elif made is DRAW:
        did = f"drawing on {on}"
    elif made is PASS:
        did = f"keeping the drawn card on {on}"
    else:
        did = f"{made} on {on}"
    if isinstance(best, Play) and isinstance(made, Play) and best.card is made.card:
        instead = f"naming {colour_name(best.colour)} instead" if best.colour else "the same card"
    elif isinstance(best, Play):
        play = card_name(best.card)
        if best.colour is not None:
            play += f" naming {colour_name(best.colour)}"
        if isinstance(made, Play):
            instead = f"keeping the {card_name(made.card)} and playing {play}"
        else:
            instead = f"playing {play}"
    elif best is DRAW:
        instead = (f"keeping the {card_name(made.card)} and drawing" if isinstance(made, Play)
                   else "drawing")
    elif best is PASS:
        instead = "keeping the drawn card"
    else:
        instead = str(best)
    points = round(j.cost * 100)
    did = did[0].upper() + did[1:]
    return (f"Turn {j.turn}: {did} — {instead} wins about {points} "
            f"point{'s' if points != 1 else ''} more often.")


def summary_words(result: Review) -> str:
    """'Of your 27 decisions, 22 were as good as the best found.'"""
    total = len(result.judged)
    if not total:
        return "You had no real choices to make in this game."
    fine = sum(1 for j in result.judged if j.cost < NOTICEABLE)
    return (f"Of your {total} decision{'s' if total != 1 else ''} with a choice, {fine} "
            f"{'was' if fine == 1 else 'were'} as good as the best found "
            f"(within {round(NOTICEABLE * 100)} points).")
