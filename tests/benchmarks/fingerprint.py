"""Behaviour fingerprint: one hash of every action of many seeded games, for refactors.

    python tests/benchmarks/fingerprint.py               # every level, several presets
    python tests/benchmarks/fingerprint.py --games 200   # games a (level, preset) case
    python tests/benchmarks/fingerprint.py --cases       # each case's own hash too

A refactor that must not change behaviour leaves the fingerprint as it was: the same
seeds, the same players and the same rules give the same actions, in the same order,
and the same scores. The loop here is written with the engine's public calls only
(`Game`, `next_decision`, `Game.view`, a player's `choose`/`react`), not with the
drivers under test, so it reads the same before and after a change to them.
"""

from __future__ import annotations

import argparse
import hashlib
import random

from colorcards.bots import make_player
from colorcards.engine import DECLINE, DecisionKind, Game, get_preset, next_decision

LEVELS = ("random", "easy", "normal", "hard", "crazy")
CASES = (("color-cards", 4), ("classic", 4), ("duel", 2), ("party", 6), ("colour-match", 3))
GAMES = {"random": 1000, "easy": 1000, "normal": 1000, "hard": 300, "crazy": 10}
"""Games a case for each level: Crazy thinks for seconds a game, Hard for a tenth."""
MATCHES = ("classic", "colour-match")
"""Presets played to 500 points: a tenth as many games (at least one)."""


def game_actions(preset: str, seats: int, level: str, seed: int) -> bytes:
    """The whole game's actions and scores, as text."""
    rules = get_preset(preset).rules()
    game = Game(rules, seats, seed)
    players = [make_player(level) for _ in range(seats)]
    rngs = [random.Random(seed * 16 + s) for s in range(seats)]
    for _ in range(400_000):
        d = next_decision(game)
        if d is None:
            break
        kind, seat, actions = d
        if seat is None:
            game.step(actions[0])
            continue
        player, rng = players[seat], rngs[seat]
        view = game.view(seat) if player.uses_view else None
        if kind is DecisionKind.TURN:
            action = player.choose(view, actions, rng)
        else:
            action = player.react(view, actions[:-1], rng) or DECLINE
        game.step(action, seat)
    else:
        raise RuntimeError(f"{preset} {level} seed {seed} did not end")
    text = "|".join(repr(a) for a in game.actions) + f"#{list(game.scores)}{game.winners}"
    return text.encode()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=None,
                        help="games a case (default: 1000 random, easy and normal, "
                             "300 hard, 10 crazy; a tenth of that to 500 points)")
    parser.add_argument("--cases", action="store_true", help="print each case's hash")
    args = parser.parse_args()
    whole = hashlib.sha256()
    for level in LEVELS:
        for preset, seats in CASES:
            case = hashlib.sha256()
            games = args.games or GAMES[level]
            if preset in MATCHES:
                games = max(1, games // 10)
            for index in range(games):
                case.update(game_actions(preset, seats, level, 7919 * index + seats))
            whole.update(case.digest())
            if args.cases:
                print(f"{level:<7} {preset:<13} {games:5} games  {case.hexdigest()[:16]}",
                      flush=True)
    print(whole.hexdigest())


if __name__ == "__main__":
    main()
