"""Drives one game at the table: the human's input, the computers' paced turns, the clocks.

The controller owns the engine `Game`, the computer players with their own random
generators, the order the player keeps their hand in and the log in words. It never
touches Textual directly: the table screen gives it three services — `schedule`
(a timer), `think` (run a function in a thread worker, deliver the result on the
event loop) and `changed` (redraw) — so the event loop is never blocked and the
pacing is nothing but timers. Every change is saved through the store at once, with
each computer's generator state, so Continue returns to exactly the same table and
the computers then decide exactly as they would have.
"""

from __future__ import annotations

import random
import re
import secrets
import time
import uuid
from collections import Counter
from datetime import datetime, timezone
from typing import Any, Callable, Protocol

from ..bots import make_player
from ..engine import (
    CLOSE_WINDOW, COLOURS, NEXT_ROUND, TIMEOUT, Action, Card, Colour, Game,
    Rank, View, parse_card,
)
from .palette import PALETTES
from .settings import SPEED_DELAYS, GameSettings

HUMAN = 0
"""The human always sits in seat 0."""

WINDOW_SECONDS = 3.0
"""How long the Last Card window stays open (RULES.md §5, Color Clash)."""

LOG_KEEP = 400
"""Log lines kept with the save (the screen shows the last few)."""

_RANK_ORDER = {rank: i for i, rank in enumerate(Rank)}
_COLOUR_ORDER = {colour: i for i, colour in enumerate(COLOURS)}


class Timer(Protocol):
    def stop(self) -> None: ...


Schedule = Callable[[float, Callable[[], None]], Timer]
Think = Callable[[Callable[[], Any], Callable[[Any], None]], None]


def make_bot(level: str):
    """The computer player for a difficulty level."""
    return make_player(level)


def rng_state_to_json(rng: random.Random) -> list:
    """A generator's state as JSON-ready lists (Random.getstate is tuples)."""
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_json(data: list) -> random.Random:
    """The generator whose state `rng_state_to_json` wrote."""
    rng = random.Random()
    version, internal, gauss = data
    rng.setstate((version, tuple(internal), gauss))
    return rng


def _copy_rng(rng: random.Random) -> random.Random:
    copy = random.Random()
    copy.setstate(rng.getstate())
    return copy


def sort_key_colour(card: Card) -> tuple:
    """Colour first (wilds last), then rank: how most people hold a hand."""
    return (_COLOUR_ORDER.get(card.colour, 4), _RANK_ORDER[card.rank])


def sort_key_rank(card: Card) -> tuple:
    """Rank first (numbers, actions, wilds), then colour."""
    return (_RANK_ORDER[card.rank], _COLOUR_ORDER.get(card.colour, 4))


class Namer:
    """Seat names and the palette's colour names applied to the engine's sentences."""

    def __init__(self, names: list[str], palette: str):
        self.names = names
        self.palette = palette
        colours = PALETTES.get(palette, PALETTES["classic"])
        self._swap = {c.title: colours[c] for c in COLOURS if colours[c] != c.title}
        self._pattern = (re.compile(r"\b(" + "|".join(self._swap) + r")\b")
                         if self._swap else None)

    def __call__(self, seat: int) -> str:
        return self.names[seat]

    def words(self, text: str) -> str:
        """Engine sentence in the palette's colour names, grammar fixed for 'You'."""
        if self._pattern is not None:
            text = self._pattern.sub(lambda m: self._swap[m.group(1)], text)
        for wrong, right in _YOU_FIXES:
            text = text.replace(wrong, right)
        return _YOU_INSIDE.sub("you", text)


_YOU_INSIDE = re.compile(r"(?<=[a-z,] )You\b")
"""'You' in the middle of a sentence ('coming to You', 'caught You') reads 'you'."""

_YOU_FIXES = (
    ("You misses", "You miss"), ("You is ", "You are "), ("You draws", "You draw"),
    ("and wins the round", "and win the round"), ("You scores", "You score"),
    ("You wins", "You win"), ("You was ", "You were "),
)


def describe(events, namer: Namer) -> str:
    """One log line for what one action caused: 'Max played Blue Skip — Lily misses a turn.'"""
    parts = []
    for event in events:
        seat = getattr(event, "seat", HUMAN)
        if event.kind == "drew" and seat == HUMAN and event.cards:
            names = ", ".join(namer.words(c.name) for c in event.cards)
            text = event.describe(namer).rstrip(".!") + f": {names}"
        else:
            if seat != HUMAN:
                event = event.public()
            text = event.describe(namer).rstrip(".")
        parts.append(namer.words(text))
    if not parts:
        return ""
    line = " — ".join(parts)
    return line if line.endswith("!") else line + "."


class GameController:
    """One game in progress at the table, from the deal to the last result."""

    def __init__(self, game: Game, settings: GameSettings, meta: dict, *, log: list[str],
                 arrangement: list[Card], rngs: list[random.Random | None], store=None,
                 delay: float | None = None, window_seconds: float = WINDOW_SECONDS,
                 turn_seconds: float | None = None):
        self.game = game
        """The engine's game; the screen reads it only through `view()` and the helpers."""
        self.settings = settings
        self.meta = meta
        """What the store keeps beside the game (ids, names, settings, generators, hand)."""
        self.log = log
        """What happened, in words, oldest first."""
        self.arrangement = arrangement
        """The human's cards in the order they keep them (the engine keeps card order)."""
        self.rngs = rngs
        """Each computer's own generator (None for the human)."""
        self.players = [None] + [make_bot(settings.difficulty) for _ in range(1, game.seats)]
        self.store = store
        self.delay = SPEED_DELAYS.get(settings.speed, 0.8) if delay is None else delay
        """Seconds between computer moves."""
        self.grace = self.delay * 2
        """Seconds the computers wait before catching the human, time enough to press L."""
        self.window_seconds = window_seconds
        self.turn_seconds = turn_seconds
        """Overrides the rules' turn timer length (tests); None uses `rules.turn_timer`."""
        self.namer = Namer(list(meta["names"]), settings.rules().palette)
        self.schedule: Schedule | None = None
        self.think: Think | None = None
        self.changed: Callable[[], None] = lambda: None
        self.round_over: Callable[[bool], None] = lambda match: None
        self.name_colour: Callable[[], None] = lambda: None
        self.defer_save: Callable[[Callable[[], None]], None] | None = None
        """How the table puts a save off until the frame is drawn (None: save at once)."""
        self._save_due = False
        self.record = None
        """The GameRecord the store returned when the match ended."""
        self.last_events: list = []
        """The events of the last action applied (the screen uses them for effects)."""
        self.paused = False
        self._step: Timer | None = None
        self._window_timer: Timer | None = None
        self._window_key: object = None
        self.window_deadline: float | None = None
        self._turn_timer: Timer | None = None
        self._turn_key: object = None
        self.turn_deadline: float | None = None
        self._turn_left: float | None = None
        self._thinking: object = None
        self._reacted: object = None
        self._saved_at: object = None
        self._finished = game.is_over and meta.get("finished", False)
        self._sync_hand()

    # ---------------------------------------------------------------- building

    @classmethod
    def new(cls, settings: GameSettings, seed: int | None = None, **kwargs) -> "GameController":
        """A new game with these settings (seeded for a reproducible deal)."""
        rules = settings.rules()
        game = Game(rules, settings.seats, seed)
        if seed is None:
            rngs = [None] + [random.Random(secrets.randbits(64)) for _ in range(settings.opponents)]
        else:
            rngs = [None] + [random.Random(seed * 16 + s + 1) for s in range(1, settings.seats)]
        meta = {
            "game_id": uuid.uuid4().hex,
            "preset": settings.preset,
            "difficulty": settings.difficulty,
            "names": settings.names(),
            "started_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
            "settings": settings.as_json(),
        }
        ctl = cls(game, settings, meta, log=[], arrangement=list(game.hands[HUMAN]), rngs=rngs,
                  **kwargs)
        ctl.arrangement.sort(key=sort_key_colour)
        ctl._log_events(game.history)
        return ctl

    @classmethod
    def resume(cls, saved, **kwargs) -> "GameController":
        """The game a `SavedGame` holds, exactly as it was left."""
        meta = dict(saved.meta)
        settings = GameSettings.from_json(meta.get("settings") or {
            "difficulty": meta.get("difficulty", "normal"), "preset": meta.get("preset"),
            "opponents": saved.game.seats - 1})
        game = saved.game
        states = meta.get("rngs") or []
        rngs: list[random.Random | None] = [None]
        for seat in range(1, game.seats):
            data = states[seat] if seat < len(states) else None
            rngs.append(rng_from_json(data) if data else random.Random(secrets.randbits(64)))
        arrangement = []
        for code in meta.get("hand", []):
            try:
                arrangement.append(parse_card(code))
            except ValueError:
                continue
        return cls(game, settings, meta, log=list(saved.log or []), arrangement=arrangement,
                   rngs=rngs, **kwargs)

    # ---------------------------------------------------------------- what the screen reads

    def view(self) -> View:
        """The human's view: the only window the table has onto the game."""
        return self.game.view(HUMAN)

    def name(self, seat: int) -> str:
        return self.namer(seat)

    def hand(self) -> list[Card]:
        """The human's cards in their chosen order."""
        return self.arrangement

    def legal(self) -> tuple[Action, ...]:
        """What the human may do now (their turn, or a catch or late call out of turn)."""
        if self.game.phase == "round-over":
            return ()
        return self.game.legal_actions(HUMAN)

    def playable(self) -> set[Card]:
        """The cards the human may play now."""
        return {a.card for a in self.legal() if a.kind == "play"}

    @property
    def my_turn(self) -> bool:
        return self.game.current_seat == HUMAN

    @property
    def busy(self) -> bool:
        """True while a computer move, a reaction or a clock is pending (tests wait on it)."""
        return self._step is not None or self._thinking is not None

    def turn_left(self) -> float | None:
        """Seconds left on the human's turn timer, or None."""
        if self.turn_deadline is None:
            return None
        return max(0.0, self.turn_deadline - time.monotonic())

    def window_left(self) -> float | None:
        """Seconds left in the Last Card window, or None."""
        if self.window_deadline is None:
            return None
        return max(0.0, self.window_deadline - time.monotonic())

    def colour_counts(self) -> dict[Colour, int]:
        """How many cards of each colour the human holds (the chooser pre-selects the most)."""
        counts = Counter(c.colour for c in self.arrangement if c.colour is not None)
        return {colour: counts.get(colour, 0) for colour in COLOURS}

    # ---------------------------------------------------------------- the human's input

    def act(self, action: Action) -> None:
        """Apply the human's action; IllegalAction (with the engine's reason) if not allowed."""
        self._apply(action, HUMAN)
        self.advance()

    def next_round(self) -> None:
        """Deal the next round after the results."""
        if self.game.phase == "round-over":
            self._apply(NEXT_ROUND, None)
        self.advance()

    def move_card(self, index: int, step: int) -> int:
        """Move the card at `index` one place left or right; return its new index."""
        target = index + step
        if not (0 <= index < len(self.arrangement) and 0 <= target < len(self.arrangement)):
            return index
        cards = self.arrangement
        cards[index], cards[target] = cards[target], cards[index]
        self._save()
        return target

    def sort_hand(self) -> str:
        """Sort by colour, or by number if already sorted by colour; say which."""
        by_colour = sorted(self.arrangement, key=sort_key_colour)
        if self.arrangement != by_colour:
            self.arrangement[:] = by_colour
            how = "colour"
        else:
            self.arrangement.sort(key=sort_key_rank)
            how = "number"
        self._save()
        return how

    def hint(self, done: Callable[[Action], None]) -> None:
        """Ask the Hard player what it would do in the human's seat; `done` gets the action."""
        legal = self.legal()
        if not legal or not self.my_turn:
            return
        view = self.view()
        rng = random.Random(len(self.game.history))
        adviser = make_bot("hard")

        def decide():
            return adviser.choose(view, legal, rng)

        self._run_thinking(decide, done)

    # ---------------------------------------------------------------- the loop

    def start(self) -> None:
        self.advance()

    def stop(self) -> None:
        """Write any waiting save and cancel every timer (the screen is going away)."""
        self.flush_save()
        self._cancel_step()
        self._cancel_window()
        self._cancel_turn_timer()
        self._thinking = None

    def pause(self) -> None:
        """Hold everything while a menu is open; the turn timer keeps its remaining time."""
        self.flush_save()
        if self.paused:
            return
        self.paused = True
        self._turn_left = self.turn_left()
        self._cancel_step()
        self._cancel_window()
        self._cancel_turn_timer(keep_key=True)
        self._thinking = None

    def resume_play(self) -> None:
        if not self.paused:
            return
        self.paused = False
        self.advance()

    def advance(self) -> None:
        """Save, redraw, and set up whatever happens next."""
        self._cancel_step()
        self._sync_hand()
        self._save()
        if not self.paused:
            self._plan()
        self.changed()

    def _plan(self) -> None:
        """Start the clocks and schedule the next computer move, as the state asks."""
        game = self.game
        phase = game.phase
        if phase == "match-over":
            self._cancel_window()
            self._cancel_turn_timer()
            self._finish()
            self._after(lambda: self.round_over(True))
            return
        if phase == "round-over":
            self._cancel_window()
            self._cancel_turn_timer()
            self._after(lambda: self.round_over(False))
            return
        if phase == "window":
            self._open_window()
        else:
            self._cancel_window()
        if game.current_seat == HUMAN and phase != "window":
            self._start_turn_timer()
        else:
            self._cancel_turn_timer()
        vulnerable = game.vulnerable
        if vulnerable is not None and self._reacted != (vulnerable, len(game.history)):
            wait = self.grace if vulnerable == HUMAN else self.delay
            self._step = self._schedule(wait, self._react)
            return
        if phase == "window":
            return
        seat = game.current_seat
        if seat == HUMAN:
            if phase == "name-colour":
                self._after(self.name_colour)
            return
        self._step = self._schedule(self.delay, self._computer_turn)

    # ---------------------------------------------------------------- computers

    def _computer_turn(self) -> None:
        self._step = None
        game = self.game
        seat = game.current_seat
        if seat is None or seat == HUMAN or self.paused:
            return
        view = game.view(seat)
        legal = game.legal_actions(seat)
        rng = _copy_rng(self.rngs[seat])
        player = self.players[seat]
        token = (len(game.history), seat)

        def decide():
            return player.choose(view, legal, rng)

        def decided(action: Action) -> None:
            if token != (len(self.game.history), self.game.current_seat) or self.paused:
                self.advance()  # the table moved on while it thought (a catch): think again
                return
            self.rngs[seat] = rng
            self._apply(action, seat)
            self.advance()

        self._run_thinking(decide, decided)

    def _run_thinking(self, decide: Callable[[], Any], done: Callable[[Any], None]) -> None:
        marker = object()
        self._thinking = marker

        def finished(result) -> None:
            if self._thinking is not marker:
                return
            self._thinking = None
            done(result)

        if self.think is None:
            finished(decide())
        else:
            self.think(decide, finished)

    def _react(self) -> None:
        """Offer each computer its chance to call late or catch, the offender first."""
        self._step = None
        game = self.game
        offender = game.vulnerable
        if offender is None or self.paused:
            self.advance()
            return
        self._reacted = (offender, len(game.history))
        seats = game.seats
        for seat in [offender] + [(offender + k) % seats for k in range(1, seats)]:
            if game.vulnerable is None:
                break
            if seat == HUMAN or (seat == game.current and game.phase != "window"):
                continue
            legal = game.legal_actions(seat)
            if not legal:
                continue
            action = self.players[seat].react(game.view(seat), legal, self.rngs[seat])
            if action is not None:
                self._apply(action, seat)
        self.advance()

    # ---------------------------------------------------------------- clocks

    def _open_window(self) -> None:
        key = (len(self.game.actions), self.game.current)
        if self._window_key == key and self._window_timer is not None:
            return
        self._cancel_window()
        self._window_key = key
        self.window_deadline = time.monotonic() + self.window_seconds
        self._window_timer = self._schedule(self.window_seconds, self._window_closed)

    def _window_closed(self) -> None:
        self._window_timer = None
        self.window_deadline = None
        if self.game.phase == "window" and not self.paused:
            self._apply(CLOSE_WINDOW, None)
            self.advance()

    def _cancel_window(self) -> None:
        if self._window_timer is not None:
            self._window_timer.stop()
        self._window_timer = None
        self._window_key = None
        self.window_deadline = None

    def _start_turn_timer(self) -> None:
        seconds = self.game.rules.turn_timer
        if not seconds:
            return
        if self.turn_seconds is not None:
            seconds = self.turn_seconds
        key = (self.game.round, self.game.total_turns)
        if self._turn_key == key and self._turn_timer is not None:
            return
        if self._turn_key == key and self._turn_left is not None:
            seconds = self._turn_left  # back from the menu: the clock goes on where it stopped
        self._cancel_turn_timer()
        self._turn_key = key
        self._turn_left = None
        self.turn_deadline = time.monotonic() + seconds
        self._turn_timer = self._schedule(seconds, self._time_out)

    def _time_out(self) -> None:
        self._turn_timer = None
        self.turn_deadline = None
        game = self.game
        if self.paused or game.current_seat != HUMAN or game.phase == "window":
            return
        self._apply(TIMEOUT, HUMAN)
        self.advance()

    def _cancel_turn_timer(self, keep_key: bool = False) -> None:
        if self._turn_timer is not None:
            self._turn_timer.stop()
        self._turn_timer = None
        self.turn_deadline = None
        if not keep_key:
            self._turn_key = None
            self._turn_left = None

    # ---------------------------------------------------------------- plumbing

    def _schedule(self, seconds: float, callback: Callable[[], None]) -> Timer:
        if self.schedule is None:
            raise RuntimeError("the controller has no scheduler: attach it to a table first")
        return self.schedule(seconds, callback)

    def _after(self, callback: Callable[[], None]) -> None:
        """Run `callback` once the table has been redrawn (results, the colour chooser)."""
        self._step = self._schedule(0, lambda: (setattr(self, "_step", None), callback()))

    def _cancel_step(self) -> None:
        if self._step is not None:
            self._step.stop()
        self._step = None

    def _apply(self, action: Action, seat: int | None) -> None:
        events = self.game.apply(action, seat)
        self.last_events = events
        self._log_events(events)

    def _log_events(self, events) -> None:
        line = describe(events, self.namer)
        if line:
            self.log.append(line)
            del self.log[:-LOG_KEEP]

    def _sync_hand(self) -> None:
        """Keep the player's order for the cards still held; new cards go on the right."""
        held = self.game.hands[HUMAN]
        left = Counter(held)
        ordered = []
        for card in self.arrangement:
            if left[card] > 0:
                ordered.append(card)
                left[card] -= 1
        for card in held:
            if left[card] > 0:
                ordered.append(card)
                left[card] -= 1
        self.arrangement[:] = ordered

    def save_meta(self) -> dict:
        """The meta the store keeps: ids and names plus what resuming exactly needs."""
        meta = self.meta
        meta["settings"] = self.settings.as_json()
        meta["rngs"] = [None] + [rng_state_to_json(r) for r in self.rngs[1:]]
        meta["hand"] = [c.code for c in self.arrangement]
        return meta

    def _save(self) -> None:
        """Save now, or just after the screen is redrawn when the table defers saves."""
        if self.defer_save is not None:
            if not self._save_due:  # else a save is on its way and will write this too
                self._save_due = True
                self.defer_save(self.flush_save)
        else:
            self.flush_save(force=True)

    def flush_save(self, force: bool = False) -> None:
        """Write the save if a change is waiting (the table calls this once a change is drawn)."""
        if not (force or self._save_due):
            return
        self._save_due = False
        store = self.store
        if store is None or self._finished:
            return
        key = (len(self.game.actions), tuple(c.code for c in self.arrangement),
               tuple(hash(r.getstate()) if r else 0 for r in self.rngs))
        if key == self._saved_at:
            return
        self._saved_at = key
        store.save_game(self.game, self.save_meta(), list(self.log))

    def _finish(self) -> None:
        """Record the finished match once (statistics, the save cleared)."""
        if self._finished:
            return
        self.flush_save()
        self._finished = True
        self._cancel_step()
        if self.store is not None:
            meta = self.save_meta()
            meta["finished"] = True
            self.record = self.store.finish_game(self.game, meta, list(self.log))
