"""How fast the game answers: process start to the title drawn, and a key to the table redrawn.

    python tests/benchmarks/tui_speed.py [--runs 15] [--keys 60] [--size 100x32]
    python tests/benchmarks/tui_speed.py --first-frame [--runs 15]
    python tests/benchmarks/tui_speed.py --screens [--history 2000] [--repeats 5]
    python tests/benchmarks/tui_speed.py --coach-game 1 3 [--without-coach] [--react 0.25] [--count]
    python tests/benchmarks/tui_speed.py --status [--size 100x32]

1. Start-up: a fresh `python` process starts the app headless with a temporary data
   directory and reports when the title screen has been painted; the parent measures from
   just before spawning the process to that report. Median and worst of `--runs`.
2. Key to redraw: at a table (a fixed position, computers paused), each key press is
   timed from the moment the key is posted to the end of the first screen refresh after
   it. Keys move along the hand, move a card, sort, refuse a card, and play one (the
   heaviest: the engine, the log, the tags, the ring and the hand all change). One frame is
   1/60 s (Textual's rate).
   The log is longer than its box, as after a few minutes of play, so a move scrolls it;
   the script checks that the first frame after a card played shows the move in the log.
3. The title's first frame against a bare Textual app's (`--first-frame`): the two are
   started the same way, turn about, in the same run (a fresh `python` that imports what
   the `colorcards` command imports, then runs the app headless at 80x24 until its first
   screen is painted, on a data directory made by a first run that is not counted); the
   ratio of their medians is what the game adds.
4. Every screen's open (`--screens`): in one app on a data directory with `--history`
   games kept (and on an empty one), each screen of the title is opened by its key and
   timed from the key to the end of the first refresh of that screen, and to the last
   refresh before it is still (a page that fills in after its first frame is whole only
   then). The first opening, 1.5 s after the title is drawn, in a fresh process, and the
   median of the later ones; the History screen also opens a game's replay (Enter).
5. With `--coach-game`: a whole game at four seats (Color Cards, Normal, fast speed) with
   the coach on, the player's keys pressed as a player would (the first card that can be
   played, else D and P), every key timed as above while the computers play and the coach
   weighs in its thread; and for each decision weighed, the time from the key to the
   coach's answer (the note, when it is costly). The coach's budget is its own. Each key
   is also given in the event loop's own CPU time up to its frame, which a busy machine
   does not stretch as it does the wall clock. With `--count`, the same game counts the
   bytecodes the event loop's thread runs from each key to its frame instead (a figure
   no load disturbs; the tracing slows the game, so its times are not given): in all,
   inside Textual's painting of the frame, and in the game's own code.
6. With `--status`: the status line at a table, a coach's note long enough for two rows
   and then the short prompt, in turn (what a key after a note shows), each timed in the
   event loop's CPU from the change to the end of its frame.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FRAME = 1 / 60
REACTION = 0.25
"""Seconds from the player's turn drawn to their key in a whole game (`--react`): a quick
player's. A key pressed within a frame or two of the previous frame waits for Textual's
next one (its screen updates run on a 60 Hz timer) whatever the game does."""
EARLIER = [f"Max played Green {n % 10}, Zoe drew a card." for n in range(40)]
"""The log before the measured keys: longer than its box at every size."""

CHILD = r"""
import sys
from colorcards.tui.program import player_app
from colorcards.tui.screens.title import TitleScreen

app = player_app(data_dir=sys.argv[1])

def check():
    if isinstance(app.screen, TitleScreen) and app.screen.is_mounted:
        app.screen.call_after_refresh(done)
    else:
        app.call_later(check)

def done():
    print("drawn", flush=True)
    app.exit()

app.call_later(check)
app.run(headless=True, size=(80, 24))
"""


PROBE = r"""
import sys
from textual.screen import Screen

_refresh = Screen._compositor_refresh

def _painted(self):
    _refresh(self)
    if type(self).__name__ == sys.argv[1]:
        print("drawn", flush=True)
        self.app.exit()

Screen._compositor_refresh = _painted
"""
"""What both children run first: at the end of the first refresh of the screen named by
their first argument (its first frame), say so and quit."""

BARE = PROBE + r"""
from textual.app import App
from textual.widgets import Static

class Bare(App):
    def compose(self):
        yield Static("Color Cards")

Bare().run(headless=True, size=(80, 24))
"""
"""A bare Textual app: one line on its default screen."""

TITLE = PROBE + r"""
import colorcards.cli
from colorcards.tui.program import player_app

player_app(data_dir=sys.argv[2], background_reviews=False).run(headless=True, size=(80, 24))
"""
"""The title, reached as the `colorcards` command reaches it (the command line's module
first), on a fresh data directory."""


def child_env() -> dict[str, str]:
    """The environment a timed child starts in: the game from this checkout, and its
    bytecode may be written (`PYTHONDONTWRITEBYTECODE` is dropped): an installed game
    reads compiled modules, as Textual's own are read here, and compiling the game's
    forty modules from source at every start would be measured otherwise."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(ROOT)
    return env


def first_frame(code: str, *args: str) -> float:
    """Seconds from spawning a `python` running `code` to its first screen painted."""
    env = child_env()
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", code, *args],
                            stdout=subprocess.PIPE, text=True, env=env)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    elapsed = time.perf_counter() - start
    proc.wait()
    if line.strip() != "drawn":
        raise RuntimeError("the first screen was never drawn")
    return elapsed


def first_frames(runs: int) -> None:
    """The title's first frame against a bare Textual app's, turn about in one run."""
    bare, title = [], []
    with tempfile.TemporaryDirectory() as data:
        # Once each, not counted: the bytecode is written and the data directory made, as
        # on a player's every start but the first.
        first_frame(BARE, "Screen")
        first_frame(TITLE, "TitleScreen", data)
        for _ in range(runs):
            bare.append(first_frame(BARE, "Screen"))
            title.append(first_frame(TITLE, "TitleScreen", data))
    ratio = statistics.median(title) / statistics.median(bare)
    print(f"first frame: a bare Textual app {statistics.median(bare) * 1000:.0f} ms median "
          f"(worst {max(bare) * 1000:.0f}), the title {statistics.median(title) * 1000:.0f} ms"
          f" (worst {max(title) * 1000:.0f}): {ratio:.2f}x over {runs} runs each, turn about "
          f"({'within' if ratio <= 1.5 else 'OVER'} the 1.5x budget)")


def baseline(runs: int) -> list[float]:
    """Seconds for a process that only imports textual.app: the floor on this machine now."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import textual.app"], check=True)
        times.append(time.perf_counter() - start)
    return times


def startup(runs: int) -> list[float]:
    """Seconds from spawning the process to the title painted, per run."""
    times = []
    env = child_env()
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as data:
            start = time.perf_counter()
            proc = subprocess.Popen([sys.executable, "-c", CHILD, data], stdout=subprocess.PIPE,
                                    text=True, env=env)
            line = proc.stdout.readline()
            elapsed = time.perf_counter() - start
            proc.wait()
            if line.strip() != "drawn":
                raise RuntimeError("the title was never drawn")
            times.append(elapsed)
    return times


async def key_latency(keys: int, size: tuple[int, int]) -> list[float]:
    """Seconds from a key posted to the end of the next screen refresh, per key."""
    sys.path.insert(0, str(ROOT / "tests"))
    from textual.screen import Screen

    from colorcards.tui.program import player_app
    from engine_helpers import position
    from tui_table_helpers import screen_text, seat_position

    refreshed: list[float] = []
    first_frames: list[str] = []  # the screen at the first refresh after a card played
    original = Screen._compositor_refresh

    def timed(self) -> None:
        original(self)
        refreshed.append(time.perf_counter())
        if len(first_frames) < watching:
            first_frames.append(screen_text(self.app))

    def seat():
        return seat_position(app, position(literal), delay=3600, log=list(EARLIER))

    Screen._compositor_refresh = timed
    latencies = []
    by_key: dict[str, list[float]] = {}
    literal = ("top=B7 | you: R5 B2 B3 B4 B5 B6 G9 Y1 Y2 R1 R2 | lily: Y1 Y2 Y3 | "
               "max: G4 G5 G6 G7 | zoe: B1 B3 B4 B5 B6")
    watching = 0  # how many first frames after a card played to keep
    try:
        with tempfile.TemporaryDirectory() as data:
            app = player_app(data_dir=data, delay=3600)
            async with app.run_test(size=size) as pilot:
                seat()
                await pilot.pause()
                await pilot.pause()
                sequence = ["right", "left", "1", "right", "shift+right", "s"]
                for i in range(keys):
                    key = sequence[i % len(sequence)]
                    await pilot.pause()
                    start = time.perf_counter()
                    await pilot.press(key)
                    after = [t for t in refreshed if t > start]
                    if after:
                        latencies.append(after[0] - start)
                        by_key.setdefault(key, []).append(after[0] - start)
                plays = max(5, keys // 6)
                for _ in range(plays):
                    # A card that is played: engine, log, tags, ring and hand all change.
                    controller = seat()
                    await pilot.pause()
                    await pilot.pause()
                    index = next(i for i, c in enumerate(controller.hand()) if c.code == "B2")
                    watching += 1
                    start = time.perf_counter()
                    await pilot.press(str(index + 1))
                    after = [t for t in refreshed if t > start]
                    assert controller.game.top.code == "B2"
                    if after:
                        latencies.append(after[0] - start)
                        by_key.setdefault("play a card", []).append(after[0] - start)
    finally:
        Screen._compositor_refresh = original
    for key, times in by_key.items():
        print(f"  {key:>11}: median {statistics.median(times) * 1000:.1f} ms, "
              f"worst {max(times) * 1000:.1f} ms")
    moved = sum(1 for text in first_frames if "You played Blue 2." in " ".join(text.split()))
    print(f"  the first frame after a card played showed it in the log: {moved} of {plays}")
    return latencies


async def screen_opens(games: int, repeats: int, size: tuple[int, int] = (80, 24)) -> None:
    """Each screen of the title opened by its key: to its first frame and to its last,
    in wall-clock time and in the event loop's own CPU time (which neighbours on a busy
    machine disturb less)."""
    sys.path.insert(0, str(ROOT / "tests"))
    from textual.screen import Screen

    from colorcards.store import Store
    from colorcards.tui.program import player_app

    frames: list[tuple[float, float, str]] = []  # (wall, loop's CPU, screen) at each frame
    original = Screen._compositor_refresh

    def timed(self) -> None:
        original(self)
        frames.append((time.perf_counter(), time.thread_time(), type(self).__name__))

    async def settle(pilot, name: str = "", quiet: float = 0.3) -> tuple[float, ...]:
        """After a key: (wall to the first frame of `name`, CPU to it, wall to its last
        frame before `quiet` seconds without one); with no `name`, only wait."""
        start, cpu = time.perf_counter(), time.thread_time()
        if name:
            await pilot.press(key)
        quiet_since = time.perf_counter()
        seen = len(frames)
        while time.perf_counter() - quiet_since < quiet:
            await pilot.pause(0.02)
            if len(frames) != seen:
                seen, quiet_since = len(frames), time.perf_counter()
        if not name:
            return ()
        mine = [(wall, used) for wall, used, screen in frames if wall > start and screen == name]
        if not mine:
            raise RuntimeError(f"{name} was never drawn")
        return mine[0][0] - start, mine[0][1] - cpu, mine[-1][0] - start

    # (what, key on the title, the screen it opens, the key that opens it from there)
    opens = [("New game", "n", "NewGameScreen", None),
             ("Statistics", "s", "StatsScreen", None),
             ("History", "h", "HistoryScreen", None),
             ("Rules", "r", "RulesScreen", None),
             ("a replay (from History)", "h", "ReplayScreen", "enter")]
    Screen._compositor_refresh = timed
    results: dict[str, list[tuple[float, ...]]] = {}
    try:
        with tempfile.TemporaryDirectory() as data:
            if games:
                from history_store import grow

                from history_helpers import play_evening

                with Store.open(data) as store:
                    play_evening(store, games=min(games, 20), abandon_every=0,
                                 autosave=False, plan=(("color-cards", 4, "hard"),))
                    grow(store, games)
            app = player_app(data_dir=data, background_reviews=False)
            async with app.run_test(size=size) as pilot:
                await settle(pilot, quiet=1.5)  # the title, read for a moment
                for what, first_key, name, then in opens:
                    if then and not games:
                        continue
                    for _ in range(repeats):
                        key = first_key
                        if then:
                            await pilot.press(key)
                            await settle(pilot)
                            key = then
                        results.setdefault(what, []).append(await settle(pilot, name))
                        while type(app.screen).__name__ != "TitleScreen":
                            await pilot.press("escape")
                            await settle(pilot)
    finally:
        Screen._compositor_refresh = original
    kept = f"{games:,} games kept" if games else "no games kept"
    print(f"screens opened from the title at {size[0]}x{size[1]}, {kept}: ms from the key to "
          "the first frame (the loop's CPU in brackets), then to the last frame, the first "
          "opening and the median of the later ones:")
    for what, times in results.items():
        later = times[1:] or times
        first, cpu, last = (statistics.median(t[i] for t in later) for i in range(3))
        worst = max(t[0] for t in later)
        over = max(times[0][0], first) > 0.1
        print(f"  {what:>23}: first opening {times[0][0] * 1000:.0f} ({times[0][1] * 1000:.0f})"
              f" / {times[0][2] * 1000:.0f}; then {first * 1000:.0f} ({cpu * 1000:.0f}) / "
              f"{last * 1000:.0f}, worst first frame {worst * 1000:.0f}"
              f"{'  OVER 100 ms' if over else ''}")


class Bytecodes:
    """Counts the bytecodes run on the thread that starts it, until it stops: in all, inside
    a frame's painting (`Screen._compositor_refresh`), and in the colorcards package."""

    def __init__(self) -> None:
        self.counted: list[tuple[int, int, int]] = []  # (all, painting, the game's own)
        self._now = [0, 0, 0]
        import colorcards

        self._package = str(Path(colorcards.__file__).parent)  # wherever it is installed
        self._tracer = self._trace  # one bound method, to know it again in `stop`

    def _trace(self, frame, event, arg):
        frame.f_trace_opcodes = True
        if event == "opcode":
            now = self._now
            now[0] += 1
            if frame.f_code.co_filename.startswith(self._package):
                now[2] += 1
            caller = frame
            while caller is not None:
                if caller.f_code.co_name == "_compositor_refresh":
                    now[1] += 1
                    break
                caller = caller.f_back
        return self._tracer

    def start(self) -> None:
        self._now = [0, 0, 0]
        sys.settrace(self._tracer)

    def stop(self) -> None:
        if sys.gettrace() is self._tracer:
            sys.settrace(None)
            self.counted.append((self._now[0], self._now[1], self._now[2]))


async def status_changes(size: tuple[int, int], times: int = 40) -> None:
    """`--status`: the loop's CPU from the status line's change to its frame."""
    sys.path.insert(0, str(ROOT / "tests"))
    from textual.screen import Screen

    from colorcards.tui.program import player_app
    from engine_helpers import position
    from tui_table_helpers import HandClock, seat_position

    note = ("Coach: that cost you about 8 points in the chance to win the round; Red 5 was "
            "better, it kept your Wild for later. T takes it back.")
    frames: list[float] = []
    original = Screen._compositor_refresh

    def timed(self) -> None:
        original(self)
        frames.append(time.thread_time())

    Screen._compositor_refresh = timed
    spent: dict[str, list[float]] = {"the note": [], "the prompt after it": []}
    try:
        game = position("top=R3 | you: R5 B7 G2 | lily: Y1 Y2 | max: G4 G5 | zoe: B1 B2")
        with tempfile.TemporaryDirectory() as data:
            app = player_app(data_dir=data, delay=60, clock=HandClock())
            async with app.run_test(size=size) as pilot:
                seat_position(app, game)
                await pilot.pause()
                await pilot.pause()
                screen = app.screen
                prompt = screen.status(app.controller.view())
                for _ in range(times + 5):  # the first five warm the caches: not counted
                    for kind, text in zip(spent, (note, prompt), strict=True):
                        seen, start = len(frames), time.thread_time()
                        screen._say(text)
                        for _ in range(100):
                            await pilot.pause(0.01)
                            if len(frames) > seen:
                                break
                        spent[kind].append(frames[seen] - start)
    finally:
        Screen._compositor_refresh = original
    print(f"the status line at {size[0]}x{size[1]}, the loop's CPU from the change to its "
          f"frame ({times} of each):")
    for kind, cpu in spent.items():
        cpu = cpu[5:]
        print(f"  {kind}: median {statistics.median(cpu) * 1000:.2f} ms, worst "
              f"{max(cpu) * 1000:.2f} ms; {sum(1 for t in cpu if t > FRAME)} over a frame")


def _looks(app) -> tuple[int, str, int]:
    """What a key may change that costs a relayout or a redraw of the hand: the status
    line's rows, the colour to match, the hand's size."""
    from colorcards.tui.screens.table import TableScreen

    screen, ctl = app.screen, app.controller
    if not isinstance(screen, TableScreen) or ctl is None:
        return (0, "", 0)
    status = screen.query_one("#status")
    view = ctl.view()
    colour = view.active_colour.name if view.active_colour else ""
    return (status.size.height, colour, len(ctl.hand()))


async def coach_game(seed: int, size: tuple[int, int], coach: bool = True,
                     react: float = REACTION, count: bool = False) -> None:
    """A whole coached game: every key's latency and the coach's time to answer (or, with
    `count`, every key's bytecodes)."""
    sys.path.insert(0, str(ROOT / "tests"))
    from textual.screen import Screen

    from colorcards.engine import DRAW, PASS, Play
    from colorcards.settings import GameSettings
    from colorcards.tui.program import player_app
    from colorcards.tui.screens.table import TableScreen

    refreshed: list[tuple[float, float]] = []  # (wall clock, the loop thread's CPU)
    original = Screen._compositor_refresh
    original_weigh = TableScreen.weigh_move
    answered: list[tuple[float, bool]] = []  # seconds to the answer, and whether costly
    bytecodes = Bytecodes() if count else None

    def timed(self) -> None:
        original(self)
        refreshed.append((time.perf_counter(), time.thread_time()))
        if bytecodes is not None:
            bytecodes.stop()  # the key's frame (later frames are not counted: not started)

    def weigh_move(self, judge, done):
        start = time.perf_counter()

        def finished(result):
            answered.append((time.perf_counter() - start, bool(getattr(result, "costly", 0))))
            done(result)

        return original_weigh(self, judge, finished)

    Screen._compositor_refresh = timed
    TableScreen.weigh_move = weigh_move
    latencies: list[float] = []
    spent: list[float] = []  # the loop thread's CPU from the key to that frame
    slow: list[tuple[str, float, tuple, tuple]] = []  # the keys over a frame of CPU
    notes = 0
    try:
        with tempfile.TemporaryDirectory() as data:
            settings = GameSettings(preset="color-cards", opponents=3, speed="fast",
                                    coach=coach)
            app = player_app(data_dir=data, seed=seed, settings=settings, direct=True)
            async with app.run_test(size=size) as pilot:
                for _ in range(20000):
                    await asyncio.sleep(0.02)
                    ctl = app.controller
                    if ctl is None or ctl.finished:
                        break
                    if not isinstance(app.screen, TableScreen):
                        if ctl.between_rounds and type(app.screen).__name__ == "ResultsScreen":
                            await pilot.press("n")  # the next round, as a player starts it
                        continue
                    if not ctl.my_turn or ctl.busy:
                        continue
                    legal = ctl.legal()
                    if react:
                        await pilot.pause(react)  # the player sees the turn, then presses
                        if not ctl.my_turn or ctl.busy or ctl.legal() != legal:
                            continue
                    plays = [a for a in legal if isinstance(a, Play) and not a.card.is_wild]
                    if plays:
                        key = str(ctl.hand().index(plays[0].card) + 1)
                        if int(key) > 9:
                            key = "d" if DRAW in legal else "p"
                    elif DRAW in legal:
                        key = "d"
                    elif PASS in legal:
                        key = "p"
                    else:
                        key = "d"
                    before = _looks(app)
                    start, cpu = time.perf_counter(), time.thread_time()
                    if bytecodes is not None:
                        bytecodes.start()
                    await pilot.press(key)
                    await pilot.pause()
                    after = [t for t in refreshed if t[0] > start]
                    if after:
                        latencies.append(after[0][0] - start)
                        spent.append(after[0][1] - cpu)
                        if spent[-1] > FRAME:
                            slow.append((key, spent[-1], before, _looks(app)))
                    notes = sum(1 for line in ctl.log if line.startswith("Coach:"))
                # let the last judgements come back
                for _ in range(200):
                    if app.controller is None or not app.controller.weighing:
                        break
                    await asyncio.sleep(0.05)
    finally:
        Screen._compositor_refresh = original
        TableScreen.weigh_move = original_weigh
    kind = "coached" if coach else "uncoached"
    if bytecodes is not None:
        counted = bytecodes.counted
        total, paint, own = (sorted(c[i] for c in counted) for i in range(3))
        print(f"{kind} game (seed {seed}): {len(counted)} keys, bytecodes from a key to its "
              f"frame: median {statistics.median(total):,.0f}, worst {total[-1]:,}; "
              f"painting the frame {sum(paint) / sum(total):.0%} of them, "
              f"the game's own code {sum(own) / sum(total):.1%}")
        return
    frames = sum(1 for t in latencies if t <= FRAME)
    print(f"{kind} game (seed {seed}): {len(latencies)} keys, median "
          f"{statistics.median(latencies) * 1000:.1f} ms, worst {max(latencies) * 1000:.1f} ms;"
          f" {frames}/{len(latencies)} within one frame ({FRAME * 1000:.1f} ms)")
    print(f"  the event loop's own CPU from a key to its frame (what load does not stretch): "
          f"median {statistics.median(spent) * 1000:.1f} ms, worst {max(spent) * 1000:.1f} ms;"
          f" {sum(1 for t in spent if t <= FRAME)}/{len(spent)} within one frame")
    for key, cpu, (rows, colour, cards), (rows_after, colour_after, cards_after) in slow:
        changes = [f"status {rows} -> {rows_after} rows" if rows != rows_after else "",
                   f"colour {colour} -> {colour_after}" if colour != colour_after else "",
                   f"hand {cards} -> {cards_after} cards" if cards != cards_after else ""]
        print(f"    over a frame: key {key!r} {cpu * 1000:.1f} ms CPU; "
              f"{', '.join(c for c in changes if c) or 'no change of rows, colour or hand'}")
    if answered:
        ranked = sorted(t for t, _ in answered)
        print(f"  the coach answered {len(answered)} decisions: median "
              f"{statistics.median(ranked):.2f} s, 95th percentile "
              f"{ranked[max(0, int(len(ranked) * 0.95) - 1)]:.2f} s, worst {ranked[-1]:.2f} s;"
              f" {notes} note(s) for a costly move")
        costly = sorted(t for t, c in answered if c)
        if costly:
            print(f"  its notes came in (seconds after the move): "
                  f"{', '.join(f'{t:.2f}' for t in costly)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--keys", type=int, default=60)
    parser.add_argument("--size", default="100x32", help="terminal columns x rows for the keys")
    parser.add_argument("--coach-game", type=int, nargs="*", metavar="SEED",
                        help="only play whole coached games with these seeds (default 1)")
    parser.add_argument("--without-coach", action="store_true",
                        help="play those games with the coach off (the reference)")
    parser.add_argument("--react", type=float, default=REACTION,
                        help="seconds from the turn drawn to the key, for --coach-game "
                             "(default %(default)s; 0 presses as soon as the turn is the "
                             "player's)")
    parser.add_argument("--count", action="store_true",
                        help="for --coach-game: count each key's bytecodes, not its time")
    parser.add_argument("--status", action="store_true",
                        help="only the status line's change from a note to the prompt")
    parser.add_argument("--first-frame", action="store_true",
                        help="only the title's first frame against a bare Textual app's")
    parser.add_argument("--screens", action="store_true",
                        help="only each screen's open, on no games and on --history games")
    parser.add_argument("--history", type=int, default=2000,
                        help="games kept for --screens (default %(default)s)")
    parser.add_argument("--screens-of", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--repeats", type=int, default=5,
                        help="times each screen is opened for --screens")
    args = parser.parse_args()
    size = tuple(int(n) for n in args.size.split("x"))
    if args.first_frame or args.screens:
        print(f"machine: {os.cpu_count()} CPUs, load average "
              f"{' '.join(f'{n:.1f}' for n in os.getloadavg())}")
    if args.first_frame:
        first_frames(args.runs)
    if args.screens:
        for games in (0, args.history):  # each in a process of its own, as a player starts
            subprocess.run([sys.executable, __file__, "--screens-of", str(games), "--repeats",
                            str(args.repeats)], check=True)
    if args.screens_of is not None:
        asyncio.run(screen_opens(args.screens_of, args.repeats))
        return
    if args.first_frame or args.screens:
        return
    if args.status:
        asyncio.run(status_changes(size))
        return
    if args.coach_game is not None:
        for seed in args.coach_game or [1]:
            asyncio.run(coach_game(seed, size, coach=not args.without_coach,
                                   react=args.react, count=args.count))
        return
    floor = baseline(args.runs)
    times = startup(args.runs)
    load = os.getloadavg()[0]
    print(f"machine: {os.cpu_count()} CPUs, load average {load:.1f}; a process that only "
          f"imports textual.app takes {statistics.median(floor) * 1000:.0f} ms (median)")
    print(f"start-up to title drawn: median {statistics.median(times) * 1000:.0f} ms, "
          f"worst {max(times) * 1000:.0f} ms over {len(times)} runs "
          f"({'within' if statistics.median(times) <= 0.5 else 'OVER'} the 500 ms budget)")
    print(f"keys at a {size[0]}x{size[1]} table:")
    lat = asyncio.run(key_latency(args.keys, size))
    frames = sum(1 for t in lat if t <= FRAME)
    print(f"key to table redrawn: median {statistics.median(lat) * 1000:.1f} ms, "
          f"95th percentile {sorted(lat)[int(len(lat) * 0.95) - 1] * 1000:.1f} ms, "
          f"worst {max(lat) * 1000:.1f} ms; {frames}/{len(lat)} within one frame "
          f"({FRAME * 1000:.1f} ms)")


if __name__ == "__main__":
    main()
