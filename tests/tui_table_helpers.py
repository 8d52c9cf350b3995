"""Helpers for the table's Pilot tests: a screen as text, a clock the test moves on,
waiting for the table to settle, and a simple player who plays whole games through the
keys."""

from __future__ import annotations

import asyncio
import heapq
import html
import itertools
import re
import threading
from collections.abc import Callable

from colorcards.engine import ACCEPT, CALL, CHALLENGE, DRAW, PASS
from colorcards.session.clocks import THINKING
from colorcards.session.controller import HUMAN
from colorcards.session.seating import Seating
from colorcards.settings import GameSettings
from colorcards.tui.app import ColorCardsApp

_SVG_TEXT = re.compile(r'<text class="[^"]*" x="([\d.]+)" y="[\d.]+" textLength="[\d.]+" '
                       r'clip-path="url\(#[^"]*-line-(\d+)\)">(.*?)</text>', re.DOTALL)
_CELL = 12.2
"""Pixels per column in Rich's SVG export (0.61 of its 20 px font)."""


def screen_text(app) -> str:
    """Everything on the screen as plain text, one line per row (read from the app's
    own screenshot, as a person would see it)."""
    width, height = app.size
    rows = [[" "] * width for _ in range(height)]
    for x, line, text in _SVG_TEXT.findall(app.export_screenshot()):
        column = round(float(x) / _CELL)
        for offset, char in enumerate(html.unescape(text).replace("\n", "").replace("\xa0", " ")):
            if int(line) < height and column + offset < width:
                rows[int(line)][column + offset] = char
    return "\n".join("".join(row).rstrip() for row in rows)


def flat(text: str) -> str:
    """Text with every run of whitespace (line breaks of wrapped lines too) made one space."""
    return " ".join(text.split())


def shown(app) -> str:
    """The screen's text flattened, so a wrapped log line reads whole."""
    return flat(screen_text(app))


class HandTimer:
    """One call on a `HandClock`, until it rings or is stopped."""

    def __init__(self, due: float, callback: Callable[[], None]):
        self.due = due
        self.callback = callback
        self.live = True

    def stop(self) -> None:
        self.live = False


class HandClock:
    """The app's time kept by hand (`ColorCardsApp(clock=...)`): nothing rings until
    the test moves the clock on, so a game waits exactly as long as the test says and
    no wall-clock second is spent waiting for it. Work (the computers' thinking, the
    coach's answers) runs in threads, in real time, and comes back on the loop as soon
    as it is done; `finished` awaits it."""

    def __init__(self) -> None:
        self.time = 0.0
        self._timers: list[tuple[float, int, HandTimer]] = []
        self._order = itertools.count()
        self._working: dict[asyncio.Future, str] = {}
        self._errors: list[BaseException] = []

    def now(self) -> float:
        return self.time

    def schedule(self, seconds: float, callback: Callable[[], None]) -> HandTimer:
        timer = HandTimer(self.time + max(seconds, 0.0), callback)
        heapq.heappush(self._timers, (timer.due, next(self._order), timer))
        return timer

    def work(self, task, done, group: str = THINKING) -> None:
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        self._working[future] = group

        def run() -> None:
            try:
                result = task()
            except BaseException as exc:  # the test's to see
                loop.call_soon_threadsafe(future.set_exception, exc)
                return
            loop.call_soon_threadsafe(future.set_result, result)

        def back(finished: asyncio.Future) -> None:
            self._working.pop(finished, None)
            try:
                done(finished.result())
            except BaseException as exc:  # the test's to see
                self._errors.append(exc)

        future.add_done_callback(back)
        threading.Thread(target=run, daemon=True).start()

    async def finished(self, group: str | None = THINKING) -> None:
        """Until the work of `group` (None: any) under way is done and handed back (and
        any it started meanwhile); what it raised is raised here."""
        while working := [f for f, g in self._working.items() if group in (None, g)]:
            await asyncio.wait(working)  # (each handed back first: its callback came first)
        if self._errors:
            raise self._errors.pop(0)

    def next_due(self) -> float | None:
        """When the next live timer rings (None: nothing is waiting for time)."""
        while self._timers and not self._timers[0][2].live:
            heapq.heappop(self._timers)
        return self._timers[0][0] if self._timers else None

    def ring_next(self, until: float | None = None) -> bool:
        """Move on to the next live timer (if it is due by `until`) and ring it."""
        due = self.next_due()
        if due is None or (until is not None and due > until):
            return False
        _, _, timer = heapq.heappop(self._timers)
        self.time = max(self.time, due)
        timer.live = False
        timer.callback()
        return True


async def thought(app) -> None:
    """Wait until no computer is thinking (their thinking runs in threads, in real time:
    the answer reaches the table as soon as it is made)."""
    await app.clock.finished()


async def wait(pilot, seconds: float) -> None:
    """Let `seconds` pass on the app's `HandClock`: each timer rings at its time, after
    the thinking and the messages before it are done, as on a real clock; then the
    screen catches up."""
    app = pilot.app
    clock = app.clock
    assert isinstance(clock, HandClock), "time passes by hand on a HandClock (make_app's)"
    until = clock.time + seconds
    while True:
        await thought(app)
        await pilot.pause()
        if not clock.ring_next(until):
            break
    clock.time = until
    await pilot.pause()


def make_app(preset: str = "color-cards", *, seed: int = 1, difficulty: str = "normal",
             opponents: int | None = None, data_dir=None, changes: dict | None = None,
             **kwargs) -> ColorCardsApp:
    """An app that skips to a table with no pause between computer moves, on a
    `HandClock` (`settle` and `wait` move it on)."""
    from colorcards.engine import get_preset

    if opponents is None:
        opponents = get_preset(preset).default_seats - 1
    settings = GameSettings(difficulty=difficulty, preset=preset, opponents=opponents,
                            changes=changes or {})
    kwargs.setdefault("delay", 0)
    kwargs.setdefault("window_seconds", 60)
    kwargs.setdefault("clock", HandClock())
    return ColorCardsApp(data_dir=data_dir, seed=seed, settings=settings, direct=True, **kwargs)


async def settle(pilot, limit: int = 100_000) -> None:
    """Let the computers play until the table waits for the human (or a screen is up).

    Time moves on the app's `HandClock` from one timer to the next, each rung once the
    computers' thinking before it is done; nothing waits for the wall clock. One full
    pause at the end lets the screen catch up before anything is read from it."""
    app = pilot.app
    clock = app.clock
    assert isinstance(clock, HandClock), "the table settles on a HandClock (make_app's)"
    stalls = 0
    for _ in range(limit):
        await thought(app)
        ctl = app.controller
        if ctl is None or not _on_table(app):
            await pilot.pause()
            return
        game = ctl.game
        over = game.phase in ("round-over", "match-over")
        if not ctl.busy and not over and ctl.legal() and (
                game.current_seat == HUMAN or game.vulnerable == HUMAN or game.phase == "window"):
            await pilot.pause()
            return
        if clock.ring_next():
            stalls = 0
            continue
        stalls += 1
        if stalls > 50:
            raise AssertionError(f"the table waits for nothing ({game.phase})")
        await pilot.pause()  # the results screen is on its way (messages, not time)
    raise AssertionError("the table never settled")


def _on_table(app) -> bool:
    from colorcards.tui.screens.table import TableScreen

    return isinstance(app.screen, TableScreen)


async def play_turn(pilot, careless: bool = False) -> str:
    """Make one sensible move for the human through the keys; return the key pressed.

    A `careless` player draws whenever it may and passes after drawing: it loses."""
    app = pilot.app
    ctl = app.controller
    legal = ctl.legal()
    game = ctl.game
    if careless and DRAW in legal:
        await pilot.press("d")
        return "d"
    if careless and PASS in legal:
        await pilot.press("p")
        return "p"
    if game.phase == "name-colour" and game.current == HUMAN:
        await pilot.press("enter")  # the colour chooser opened for the first card
        return "enter"
    if game.phase == "window" and game.current == HUMAN:
        await pilot.press("l")
        return "l"
    if any(a.kind == "catch" for a in legal):
        await pilot.press("c")  # a computer forgot Last Card: catch it
        return "c"
    if CHALLENGE in legal:
        await pilot.press("a")
        return "a"
    if CALL in legal and len(ctl.hand()) == 2:
        await pilot.press("l")
        return "l"
    plays = [a for a in legal if a.kind == "play"]
    if plays:
        card = plays[0].card
        index = ctl.hand().index(card)
        hand = app.screen.query_one("Hand")
        if index < 9:
            key = str(index + 1)
            await pilot.press(key)
        else:
            while hand.selected != index:
                await pilot.press("right" if hand.selected < index else "left")
            key = "enter"
            await pilot.press(key)
        if card.is_wild:
            await pilot.pause()
            await pilot.press("enter")  # the colour chooser: the colour held most
        return key
    if ACCEPT in legal or DRAW in legal:
        await pilot.press("d")
        return "d"
    if PASS in legal:
        await pilot.press("p")
        return "p"
    raise AssertionError(f"nothing to do: {legal}")


async def play_to_end(pilot, max_moves: int = 3000, careless: bool = False) -> None:
    """Play rounds until the match is over and its results are shown."""
    from colorcards.tui.screens.results import ResultsScreen

    app = pilot.app
    for _ in range(max_moves):
        await settle(pilot)
        if isinstance(app.screen, ResultsScreen):
            if app.controller.game.is_over:
                return
            await pilot.press("n")
            continue
        game = app.controller.game
        if game.is_over:
            await pilot.pause()
            continue
        await play_turn(pilot, careless)
    raise AssertionError("the match did not end")


def seat_position(app: ColorCardsApp, game, *, preset: str = "color-cards",
                  difficulty: str = "normal", delay: float = 60.0, log: list[str] | None = None,
                  **kwargs):
    """Sit the app down at a prepared engine position (computers wait `delay` seconds);
    the table's controller."""
    settings = GameSettings(difficulty=difficulty, preset=preset, opponents=game.seats - 1)
    seating = Seating.at(game, settings, game_id=f"test-{id(game)}", log=log)
    kwargs.setdefault("window_seconds", 60)
    return app.seat(seating, delay=delay, **kwargs)


def check_table(app) -> str:
    """Assert the table shows what the engine says; return the screen text."""
    from colorcards.session.palette import colour_name, glyph

    ctl = app.controller
    view = ctl.view()
    text = screen_text(app)
    held = len(view.hand)
    assert f"You hold {held} card{'s' if held != 1 else ''}" in text
    assert f"{view.draw_count} left" in text
    colour = view.active_colour
    if colour is not None:
        palette = ctl.game.rules.palette
        assert f"To match: {glyph(colour)} {colour_name(colour, palette)}" in text
    for seat in range(1, view.seats):
        tag = app.screen.query_one(f"#tag-{seat}")
        tag_text = str(tag.render())
        count = view.hand_counts[seat]
        if seat not in view.out:
            assert f"{count} card{'s' if count != 1 else ''}" in tag_text, (seat, tag_text)
        assert ctl.name(seat) in (tag.border_title or "")
        assert "Computer" in tag_text
        assert tag.has_class("-current") == (view.current == seat)
    hand = app.screen.query_one("Hand")
    assert list(hand.cards) == ctl.hand()
    assert sorted(c.index for c in ctl.hand()) == sorted(c.index for c in view.hand)
    return text
