"""Driving headless games for the store's tests: one action at a time, resumable.

The loop mirrors `colorcards.sim.play_game`, but everything it needs to carry on
(each seat's generator, which out-of-turn reactions are still to be offered) lives in
the game's `meta`, so a game saved after any action and loaded again continues
exactly as if it had never stopped. The crash test relies on that.
"""

from __future__ import annotations

import random

from colorcards.bots import make_player
from colorcards.engine import CLOSE_WINDOW, NEXT_ROUND, Game, get_preset

PLAN = (("duel", 2), ("party", 4), ("colour-match", 3), ("party", 3), ("duel", 2), ("party", 6))
"""The crash test's games, in order: (preset, seats)."""


def plan_game(index: int) -> tuple[Game, dict]:
    """Game number `index` of the plan, new, with its meta."""
    preset, seats = PLAN[index % len(PLAN)]
    game = Game(get_preset(preset).rules(), seats, seed=1000 + index)
    return game, new_meta(game, f"game-{index}", preset, "normal")


def new_meta(game: Game, game_id: str, preset: str, difficulty: str) -> dict:
    """Meta as the TUI writes it, plus the generators this driver needs."""
    return {
        "game_id": game_id,
        "preset": preset,
        "difficulty": difficulty,
        "names": ["You"] + [f"Bot {s}" for s in range(1, game.seats)],
        "started_at": "2026-12-01T03:00:00+00:00",
        "rngs": [rng_state(random.Random(game.seed * 16 + s + 1)) for s in range(game.seats)],
        "reacted": None,
        "queue": [],
    }


def rng_state(rng: random.Random) -> list:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from(state: list) -> random.Random:
    rng = random.Random()
    rng.setstate((state[0], tuple(state[1]), state[2]))
    return rng


class Driver:
    """Applies one action per `step()`; `meta` always holds what resuming needs."""

    def __init__(self, game: Game, meta: dict):
        self.game = game
        self.meta = meta
        self.rngs = [rng_from(s) for s in meta["rngs"]]
        self.players = [make_player("random") for _ in range(game.seats)]

    def step(self) -> str | None:
        """Apply the next action; its log line, or None if only a reaction was declined."""
        game, meta = self.game, self.meta
        phase = game.phase
        if phase == "match-over":
            raise RuntimeError("the match is over")
        if phase == "round-over":
            return self._apply(NEXT_ROUND, None)
        vulnerable = game.vulnerable
        if vulnerable is not None:
            key = [vulnerable, len(game.history)]
            if meta["reacted"] != key:
                meta["reacted"] = key
                seats = game.seats
                meta["queue"] = [vulnerable] + [(vulnerable + k) % seats for k in range(1, seats)]
            while meta["queue"] and game.vulnerable is not None:
                seat = meta["queue"].pop(0)
                if seat == game.current and game.phase != "window":
                    continue
                legal = game.legal_actions(seat)
                if not legal:
                    continue
                action = self.players[seat].react(None, legal, self.rngs[seat])
                if action is not None:
                    return self._apply(action, seat)
            if game.vulnerable is None:
                return None
        if game.phase == "window":
            return self._apply(CLOSE_WINDOW, None)
        seat = game.current
        action = self.players[seat].choose(None, game.legal_actions(), self.rngs[seat])
        return self._apply(action, None)

    def _apply(self, action, seat) -> str:
        self.game.apply(action, seat)
        self.meta["rngs"] = [rng_state(r) for r in self.rngs]
        who = "-" if seat is None else seat
        return f"{len(self.game.actions)} {who} {action}"


def play_out(game: Game, meta: dict, log: list[str], after=None) -> None:
    """Play to the end of the match, calling `after(game, meta, log)` after each action."""
    driver = Driver(game, meta)
    while game.phase != "match-over":
        line = driver.step()
        if line is not None:
            log.append(line)
            if after is not None:
                after(game, meta, log)


def play_until(game: Game, meta: dict, log: list[str], actions: int) -> Driver:
    """Play until the game holds `actions` actions (or the match ends)."""
    driver = Driver(game, meta)
    while len(game.actions) < actions and game.phase != "match-over":
        line = driver.step()
        if line is not None:
            log.append(line)
    return driver
