"""The `colorcards` command: the game (default), `sim`, `stats`, `history`, `export`,
`replay` and `serve`.

Bad arguments exit non-zero with a one-line reason, never a traceback; so does output
that cannot be written (a full disk, a closed standard output), and the game without a
terminal to play in (tui/program.py `has_terminal`).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Iterator
from typing import Any, NoReturn

from .engine import CHOICES, DEFAULT_PRESET, PRESETS, Partners, RulesError, get_preset, parse_value
from .level import LEVELS


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, exit 2
        self.exit(2, f"colorcards: {message}\n")


def _rule_changes(pairs: list[str]) -> dict[str, Any]:
    changes = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep:
            raise RulesError(f"--rule takes KEY=VALUE, not {pair!r}")
        key = key.strip().replace("-", "_")
        changes[key] = parse_value(key, value)
    return changes


COACH_WORKERS_HELP = ("the most processor cores the coach may use, 1 to this machine's "
                      "(default: all but one; wins over $COLORCARDS_COACH_WORKERS)")
"""--coach-workers, for the terminal game and for every game `serve` serves alike."""

NO_BACKGROUND_REVIEWS_HELP = (
    "do not review games in the background (neither finished games nor your decisions as "
    "you play with the coach off: a game is then reviewed only when you open its review)")
"""--no-background-reviews, likewise."""


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="colorcards",
        description="A colour-and-number shedding card game against computer players.",
    )
    parser.add_argument("--data-dir", help="where saves and statistics live "
                        "(default: the platform's data directory, or $COLORCARDS_DATA_DIR)")
    parser.add_argument("--seed", type=int, help="a reproducible deal")
    parser.add_argument("--preset", choices=list(PRESETS), help="skip to a game with this preset")
    parser.add_argument("--difficulty", choices=[level.value for level in LEVELS],
                        help="skip to a game at this level")
    parser.add_argument("--opponents", type=int, help="number of computer opponents")
    parser.add_argument("--no-background-reviews", action="store_true",
                        help=NO_BACKGROUND_REVIEWS_HELP)
    parser.add_argument("--coach-workers", metavar="N", help=COACH_WORKERS_HELP)
    parser.add_argument("--plain", action="store_true",
                        help="play line by line, for a screen reader, a braille display or "
                        "a script: nothing is redrawn, shapes are named in words (type help)")
    parser.add_argument("--answer-seconds", type=float, metavar="S",
                        help="with --plain: how long the Last Card window and the chance to "
                        "catch stay open (default 10)")
    sub = parser.add_subparsers(dest="command")

    sim = sub.add_parser("sim", help="play games headlessly between computer players")
    sim.add_argument("--preset", default=DEFAULT_PRESET, dest="sim_preset",
                     help=f"one of {', '.join(PRESETS)} (default {DEFAULT_PRESET})")
    sim.add_argument("--players", default="random,random",
                     help="comma-separated player names, one per seat (e.g. hard,random)")
    sim.add_argument("--games", type=int, default=1000,
                     help="how many games to play (default %(default)s)")
    sim.add_argument("--seed", type=int, default=1, dest="sim_seed")
    sim.add_argument("--rule", action="append", metavar="KEY=VALUE",
                     help=f"change one option ({', '.join(CHOICES)})")
    sim.add_argument("--workers", type=int, default=1, help="processes to spread games over")
    sim.add_argument("--fixed-seats", action="store_true",
                     help="keep each player in the seat named (the first in seat 0, the "
                          "human's seat, which plays first) instead of rotating them")
    sim.add_argument("--json", action="store_true", help="print one JSON object")

    stats = sub.add_parser("stats", help="print your statistics per difficulty")
    stats.add_argument("--json", action="store_true", help="print JSON")
    stats.add_argument("--data-dir", dest="stats_data_dir", metavar="DIR",
                     help="as the global --data-dir")

    history = sub.add_parser("history", help="list your finished games, newest first")
    history.add_argument("--json", action="store_true", help="print JSON")
    history.add_argument("--data-dir", dest="stats_data_dir", metavar="DIR",
                     help="as the global --data-dir")
    export = sub.add_parser("export", help="write a finished game as JSON (colorcards export "
                            "GAME > game.json)")
    export.add_argument("game", help="the game's id (or its first characters, as history "
                        "shows it), or 'last'")
    export.add_argument("--data-dir", dest="stats_data_dir", metavar="DIR",
                     help="as the global --data-dir")
    replay = sub.add_parser("replay", help="replay an exported game, move by move")
    replay.add_argument("file", help="a file written by colorcards export")
    replay.add_argument("--check", action="store_true",
                        help="only check that it replays to its recorded result")
    replay.add_argument("--data-dir", dest="stats_data_dir", metavar="DIR",
                        help="as the global --data-dir")
    serve = sub.add_parser("serve", help="play in a web browser (needs pip install '.[web]')")
    serve.add_argument("--port", type=int, default=8000, help="the port (default 8000)")
    serve.add_argument("--host", help="listen on this address instead of 127.0.0.1, this "
                       "machine only; there is no login: anyone who reaches it plays as you")
    serve.add_argument("--data-dir", dest="serve_data_dir", metavar="DIR",
                       help="as the global --data-dir")
    serve.add_argument("--coach-workers", dest="serve_coach_workers", metavar="N",
                       help=COACH_WORKERS_HELP)
    serve.add_argument("--no-background-reviews", dest="serve_no_background_reviews",
                       action="store_true", help=NO_BACKGROUND_REVIEWS_HELP)
    return parser


def run_sim(args: argparse.Namespace) -> int:
    from .bots import make_player
    from .sim import run

    if args.games < 1:
        raise RulesError(f"--games must be at least 1, not {args.games}")
    if args.workers < 1:
        raise RulesError(f"--workers must be at least 1, not {args.workers}")
    preset = get_preset(args.sim_preset)
    rules = preset.rules(**_rule_changes(args.rule))
    names = [n.strip() for n in args.players.split(",") if n.strip()]
    for name in names:
        try:
            make_player(name)
        except ValueError as exc:
            raise RulesError(str(exc)) from None
    preset.check_seats(len(names))
    rules.check_seats(len(names))
    if rules.partners is Partners.ON and "crazy" in names:
        raise RulesError("partners are not played with Crazy, whose computers are already "
                         "one side against you")

    progress = None
    bar = None
    if not args.json and sys.stderr.isatty():
        from rich.progress import Progress

        bar = Progress(transient=True)
        bar.start()
        task = bar.add_task("playing", total=args.games)
        progress = lambda n: bar.advance(task, n)  # noqa: E731
    try:
        summary = run(rules, names, args.games, args.sim_seed, workers=args.workers,
                      progress=progress, fixed_seats=args.fixed_seats)
    finally:
        if bar:
            bar.stop()
    data = summary.as_json()
    if args.json:
        print(json.dumps(data))
        return 0
    print(f"{data['games']} games of {preset.title} in {data['seconds']:.1f} s "
          f"({data['games_per_second']} games/s), {data['mean_turns']} turns a game, "
          f"{data['stalemates']} stalemates")
    for p in data["players"]:
        low, high = p["ci95"]
        print(f"  {p['player']:<8} wins {_wins(p['wins']):>9}  {p['win_rate']:6.1%}  "
              f"(95% interval {low:.1%} to {high:.1%})")
    return 0


def _wins(wins: float) -> str:
    """Wins as a count ('35'); a match whose win was shared counts a share ('35.5')."""
    return f"{wins:.0f}" if float(wins).is_integer() else f"{wins:.1f}"


def check_opponents(args: argparse.Namespace) -> None:
    """RulesError in terms of opponents when --opponents is outside what the preset
    allows (the preset counts players, the player counts opponents)."""
    opponents = getattr(args, "opponents", None)
    if opponents is None:
        return
    preset = get_preset(getattr(args, "preset", None) or DEFAULT_PRESET)
    low, high = preset.min_seats - 1, preset.max_seats - 1
    if low <= opponents <= high:
        return
    allowed = f"exactly {low}" if low == high else f"{low} to {high}"
    plural = "s" if high != 1 else ""
    raise RulesError(f"--opponents {opponents}: {preset.title} is played against {allowed} "
                     f"computer opponent{plural}")


def check_coach_workers(args: argparse.Namespace) -> None:
    """--coach-workers as the count it names (ValueError in the player's words for one
    outside 1 to the cores), before any game starts or any server listens."""
    if args.coach_workers is not None:
        from .coach.pool import setting_of

        args.coach_workers = setting_of(args.coach_workers)


class OutputError(Exception):
    """What a command printed could not be written (its reason in a few words)."""


class _Output:
    """Standard output as a command writes it: a write or flush that fails (a full disk,
    an output closed before the command started) raises `OutputError` instead of the
    error it met, so `main` says so in one line. A reader gone away (a closed pipe) is
    left as BrokenPipeError, which `main` takes quietly."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def _guarded(self, do: str, *args: Any) -> Any:
        if self._stream is None:
            raise OutputError("standard output is closed")
        try:
            return getattr(self._stream, do)(*args)
        except BrokenPipeError:
            raise
        except (OSError, ValueError) as exc:
            raise OutputError((getattr(exc, "strerror", None) or str(exc)).lower()) from None

    def write(self, text: str) -> int:
        return int(self._guarded("write", text))

    def flush(self) -> None:
        self._guarded("flush")

    def isatty(self) -> bool:
        return self._stream is not None and self._stream.isatty()

    def __getattr__(self, name: str) -> Any:
        if self._stream is None:
            raise OutputError("standard output is closed")
        return getattr(self._stream, name)


@contextlib.contextmanager
def _guarded_output() -> Iterator[None]:
    """Standard output as `_Output` while a command runs."""
    before = sys.stdout
    sys.stdout = _Output(before)
    try:
        yield
    finally:
        if sys.stdout.__class__ is _Output:
            sys.stdout = before


def _quiet_stdout() -> None:
    """Nothing more reaches standard output, not even Python's flush at exit."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), 1)


def main(argv: list[str] | None = None) -> int:
    from .lifeline import from_environment

    from_environment()  # a served game: it ends with its server, within its memory
    with _guarded_output():
        try:
            try:
                args = build_parser().parse_args(argv)
            except SystemExit:
                sys.stdout.flush()  # --help written out, or said why it cannot be
                raise
            status = _run(args)
            sys.stdout.flush()
            return status
        except BrokenPipeError:
            # The reader of a pipe has gone (`colorcards history | head -1`): what it did
            # not read is not wanted. Nothing more may reach the closed pipe, not even at
            # exit.
            _quiet_stdout()
            return 0
        except OutputError as exc:
            _quiet_stdout()
            with contextlib.suppress(OSError, ValueError, AttributeError):
                print(f"colorcards: cannot write the output: {exc}", file=sys.stderr,
                      flush=True)
            return 1


def _run(args: argparse.Namespace) -> int:
    """Run the command `args` name; its exit status. A printing command's output is
    flushed here, so a reader gone away is noticed in `main`, not at exit."""
    try:
        if args.command == "sim":
            return run_sim(args)
        if args.command == "stats":
            from .commands import run_stats

            return _flushed(run_stats(args.stats_data_dir or args.data_dir, as_json=args.json))
        if args.command in ("history", "export"):
            from .commands import run_export, run_history

            data_dir = args.stats_data_dir or args.data_dir
            if args.command == "history":
                return _flushed(run_history(data_dir, as_json=args.json))
            return _flushed(run_export(data_dir, args.game))
        if args.command == "serve":
            from .web import run_serve

            if args.serve_coach_workers is not None:
                args.coach_workers = args.serve_coach_workers
            check_coach_workers(args)
            return run_serve(args)
        if args.command == "replay":
            from .tui.replay_app import run_replay

            args.data_dir = args.stats_data_dir or args.data_dir
            return run_replay(args)
        check_opponents(args)
        check_coach_workers(args)
        if args.plain:
            from .plain.app import run_plain

            return run_plain(args)
        from .tui.program import run_app  # a broken install fails here, loudly, not --help

        return run_app(args)
    except (RulesError, ValueError) as exc:
        print(f"colorcards: {exc}", file=sys.stderr)
        return 2
    except RuntimeError as exc:  # a simulated game that never ended: report, don't trace
        print(f"colorcards: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


def _flushed(status: int) -> int:
    """`status`, once what the command printed has reached its reader."""
    sys.stdout.flush()
    return status


if __name__ == "__main__":
    sys.exit(main())
