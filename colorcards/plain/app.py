"""The plain front end: the whole game as a conversation, for screen readers, braille
displays and scripts (`colorcards --plain`).

Everything is printed as lines, never redrawn, with no cursor movement, box drawing or
colour codes; each line passes through `session.palette.spoken`, so that shapes are
named in words and no mark a reader would spell out is left. Long lines are wrapped at
the width (80 columns), each continuation indented by two spaces. The menu, New game
with its options, Continue, Statistics, History with each game's Review, Practice and
the rules are reached by words or numbers; the game itself is table.py's.

The saves, statistics and records are the store's, as the TUI's are: a game started in
one front end continues in the other. The loop reads a line whenever the player has
something to answer and otherwise runs the game's timers on its clock (clock.py): on the
wall clock at a terminal, on a clock of its own with input from a pipe (a seeded game
then gives the same lines every run).
"""

from __future__ import annotations

import argparse
import queue
import select
import shutil
import sys
import textwrap
from collections.abc import Callable
from typing import IO, TYPE_CHECKING, Any

from ..engine import PRESETS, RulesError, get_preset, parse_value, preset_title
from ..engine.rules import CHOICES
from ..level import LEVELS, Level
from ..session.controller import HUMAN, GameController
from ..session.exercises import Item
from ..session.palette import card_shown, spoken
from ..session.results import headline, kept_of, match_words, results_data
from ..session.seating import Seating
from ..session.wording import counted
from ..settings import SPEEDS, GameSettings, settings_from_args
from ..store.history import ordinal
from ..store.records import streak_text
from .clock import PlainClock
from .looking_back import LookingBack
from .rules import rules_lines
from .table import PlainTable

if TYPE_CHECKING:
    from ..coach.remote import RemoteCoach
    from ..store import Store

WIDTH = 80
"""Lines are wrapped to this many columns where the terminal's width is not known (a
pipe without $COLUMNS)."""

ANSWER_SECONDS = 10.0
"""How long the Last Card window and the chance to catch stay open in the plain front
end (--answer-seconds): time to hear the line that says so and type the answer. The
TUI's are 3 and 5 s, for a player who sees the table."""

MENU: tuple[tuple[str, str, str], ...] = (
    ("continue", "c", "continue the saved game"),
    ("new", "n", "a new game, with its options"),
    ("statistics", "s", "your results per level"),
    ("history", "y", "your finished games, and their review"),
    ("practice", "p", "exercises from your reviewed games"),
    ("rules", "u", "the rules in words"),
    ("quit", "q", "leave Color Cards"),
)
"""The menu's items: (word, letter, what it opens)."""

Handler = Callable[[str], None]


class PlainApp(LookingBack):
    """The conversation (see the module docstring)."""

    def __init__(self, store: Store, *, stdin: IO[str], stdout: IO[str], live: bool,
                 settings: GameSettings | None = None, seed: int | None = None,
                 direct: bool = False, answer_seconds: float = ANSWER_SECONDS,
                 delay: float | None = None, remote: RemoteCoach | None = None,
                 review_budget: dict[str, Any] | None = None, width: int | None = None) -> None:
        self.store = store
        self.stdin = stdin
        self.stdout = stdout
        self.settings = settings or GameSettings()
        """The last game's settings: New game starts from them."""
        self.seed = seed
        """A reproducible deal for the first game started (--seed)."""
        self.direct = direct
        self.answer_seconds = answer_seconds
        self.delay = delay
        self.remote = remote
        """The coach's process (None: the coach judges in this process)."""
        self.review_budget = review_budget
        self.width = width or shutil.get_terminal_size((WIDTH, 24)).columns
        """Lines are wrapped to this many columns."""
        self.table: PlainTable | None = None
        self.handler: Handler = self.menu_answer
        self.done = False
        self._completions: queue.Queue[Callable[[], None]] = queue.Queue()
        self.clock = PlainClock(live, completed=self._completions.put)
        self._new: dict[str, Any] = {}
        self._questions: list[tuple[str, Callable[[str], str | None]]] = []
        self._history: list[Any] = []
        self._exercises: list[Item] = []
        self._exercise: Item | None = None
        self._after_results: GameController | None = None

    # ---------------------------------------------------------------- lines

    def say(self, text: str) -> None:
        """One line (or a wrapped paragraph) for the player, in spoken words."""
        words = spoken(text, self.settings.rules().palette if self.table is None
                       else self.table.palette)
        for line in textwrap.wrap(words, self.width - 1, subsequent_indent="  ",
                                  break_on_hyphens=False) or [""]:
            self.stdout.write(line + "\n")
        self.stdout.flush()

    # ---------------------------------------------------------------- the loop

    def run(self) -> int:
        for problem in self.store.problems:
            self.say(problem)
        self.say("Color Cards, told line by line. Type help at any time for the commands.")
        if self.direct:
            self.start_game(self.settings)
        else:
            self.show_menu()
        while not self.done:
            self.clock.run_due()
            self._drain()
            if self.done:
                break
            waiting = self.handler == self.table_answer and self.table is not None \
                and not self.table.asks()
            if not self.clock.live:
                if waiting and self.clock.skip_ahead():
                    continue
                line = self.stdin.readline()
            else:
                due = self.clock.next_due()
                timeout = 0.1 if due is None else min(max(due - self.clock.now(), 0.0), 0.1)
                ready, _, _ = select.select([self.stdin], [], [], timeout)
                if not ready:
                    continue
                line = self.stdin.readline()
            if not line:
                self.end_of_input()
                break
            self.handler(line.rstrip("\r\n"))
        return 0

    def _drain(self) -> None:
        while True:
            try:
                done = self._completions.get_nowait()
            except queue.Empty:
                return
            done()

    def end_of_input(self) -> None:
        """No more input (a pipe ran dry, Ctrl+D): the game is saved, and that is all."""
        if self.table is not None:
            self.table.controller.stop()  # its coach's work under way too
        self.done = True

    def close(self) -> None:
        if self.table is not None:
            self.table.controller.stop()
        self.table = None

    # ---------------------------------------------------------------- the menu

    def menu(self) -> list[tuple[str, str, str]]:
        """The menu's items now (Continue only with a game saved), with what they say."""
        saved = self.store.saved_summary()
        items = []
        for word, letter, what in MENU:
            if word == "continue":
                if saved is None:
                    continue
                what += (f" ({preset_title(saved['preset'])} at "
                         f"{Level(saved['difficulty']).label}, round {saved['round']})")
            items.append((word, letter, what))
        return items

    def show_menu(self) -> None:
        self.close()
        self.handler = self.menu_answer
        self.say("Menu (a number, a letter or a word):")
        for number, (word, letter, what) in enumerate(self.menu(), 1):
            self.say(f"{number} or {letter}, {word}: {what}")

    def menu_answer(self, text: str) -> None:
        word = text.strip().lower()
        choice = None
        for number, (name, letter, _) in enumerate(self.menu(), 1):
            if word in (str(number), letter, name):
                choice = name
        if choice is None and word in ("help", "?", ""):
            self.show_menu()
            return
        if choice == "continue":
            self.continue_game()
        elif choice == "new":
            self.ask_new_game()
        elif choice == "statistics":
            self.show_stats()
        elif choice == "history":
            self.show_history()
        elif choice == "practice":
            self.show_practice()
        elif choice == "rules":
            for line in rules_lines():
                self.say(line)
            self.handler = self.rules_answer
        elif choice == "quit":
            self.say("Goodbye.")
            self.done = True
        else:
            self.say(f'"{text.strip()}" is not on the menu.')
            self.show_menu()

    def rules_answer(self, text: str) -> None:
        which = text.strip().lower().removeprefix("rules").strip()
        if not which.isdigit():
            self.show_menu()
            return
        for line in rules_lines(which):
            self.say(line)
        self.say("Another section's number, or Enter for the menu.")

    # ---------------------------------------------------------------- a game

    def ask_new_game(self) -> None:
        """New game: each option asked in turn, Enter keeping the value said."""
        s = self.settings
        self._new = {"difficulty": s.difficulty.value, "preset": s.preset,
                     "opponents": s.opponents, "speed": s.speed, "coach": s.coach,
                     "changes": dict(s.changes)}
        presets = ", ".join(f"{n} {p.title}" for n, p in enumerate(PRESETS.values(), 1))
        saved = self.store.saved_summary()
        self._questions = []
        if saved is not None:
            loss = "it is practice, so nothing is lost" if saved["practice"] else \
                "it will be recorded as a loss"
            self._questions.append(
                (f"A game is in progress: starting a new one leaves it ({loss}). Type yes to "
                 "go on, or Enter for the menu.", self._abandon))
        self._questions += [
            (f"Level: {', '.join(level.value for level in LEVELS)}? "
             f"(Enter: {self._new['difficulty']})", self._level),
            (f"Preset: {presets}? (Enter: {preset_title(self._new['preset'])})", self._preset),
            ("How many computer opponents? (Enter: the preset's usual number)",
             self._opponents),
            (f"Speed of the computers' moves: {', '.join(SPEEDS)}? (Enter: {s.speed})",
             self._speed),
            (f"Coach (notes on your moves, take-back; the game is then practice): yes or "
             f"no? (Enter: {'yes' if s.coach else 'no'})", self._coach),
            ("House rules: an option and its value (for example: stacking off), one a "
             "line, or Enter to deal (q at any question: back to the menu). Options: "
             + ", ".join(CHOICES) + ".", self._house),
        ]
        self.handler = self._new_answer
        self.say(self._questions[0][0])

    def _new_answer(self, text: str) -> None:
        question, take = self._questions[0]
        answer = text.strip().lower()
        if answer in ("q", "quit", "menu"):
            self.show_menu()
            return
        problem = take(answer)
        if problem == "menu":
            self.show_menu()
            return
        if problem == "again":
            return
        if problem:
            self.say(problem)
            self.say(question)
            return
        self._questions.pop(0)
        if self._questions:
            self.say(self._questions[0][0])
            return
        settings = GameSettings(**self._new)
        self.start_game(settings, abandon=self._new.pop("abandon", False) or
                        self.store.saved_summary() is not None)

    def _abandon(self, answer: str) -> str | None:
        return None if answer in ("yes", "y") else "menu"

    def _level(self, answer: str) -> str | None:
        if answer:
            if answer not in [level.value for level in LEVELS]:
                return f'"{answer}" is not a level.'
            self._new["difficulty"] = answer
        return None

    def _preset(self, answer: str) -> str | None:
        if answer:
            keys = list(PRESETS)
            if answer.isdigit() and 1 <= int(answer) <= len(keys):
                answer = keys[int(answer) - 1]
            found = [k for k, p in PRESETS.items() if answer in (k, p.title.lower())]
            if not found:
                return f'"{answer}" is not a preset.'
            self._new["preset"] = found[0]
        preset = get_preset(self._new["preset"])
        if not preset.min_seats - 1 <= self._new["opponents"] <= preset.max_seats - 1:
            self._new["opponents"] = preset.default_seats - 1
        return None

    def _opponents(self, answer: str) -> str | None:
        preset = get_preset(self._new["preset"])
        low, high = preset.min_seats - 1, preset.max_seats - 1
        if not answer:
            return None
        if not answer.isdigit() or not low <= int(answer) <= high:
            return f"{preset.title} is played against {low} to {high} computer opponents."
        self._new["opponents"] = int(answer)
        return None

    def _speed(self, answer: str) -> str | None:
        if answer and answer not in SPEEDS:
            return f'"{answer}" is not a speed.'
        if answer:
            self._new["speed"] = answer
        return None

    def _coach(self, answer: str) -> str | None:
        if answer:
            if answer not in ("yes", "no", "y", "n", "on", "off"):
                return "Yes or no?"
            self._new["coach"] = answer in ("yes", "y", "on")
        return None

    def _house(self, answer: str) -> str | None:
        if not answer:
            return None
        option, _, value = answer.replace("=", " ").partition(" ")
        option = option.strip().replace("-", "_")
        try:
            changes = {**self._new["changes"], option: parse_value(option, value.strip())}
            GameSettings(**{**self._new, "changes": changes}).rules()
        except (RulesError, ValueError, KeyError) as exc:
            return f"{exc}"
        self._new["changes"] = changes
        self.say(f"{option} is now {value.strip()}. Another, or Enter to deal.")
        return "again"

    def start_game(self, settings: GameSettings, abandon: bool = False) -> None:
        self.close()
        if abandon:
            record = self.store.abandon_game()
            if record is not None and not record.practice:
                self.say("The unfinished game was recorded as a loss.")
        self.settings = settings
        seed, self.seed = self.seed, None  # --seed deals the first game only
        self.say(f"A new game: {preset_title(settings.preset)} against "
                 f"{counted(settings.opponents, 'computer player')} at "
                 f"{settings.difficulty.label}"
                 + (", with the coach." if settings.coach else "."))
        self.seat(Seating.new(settings, seed))

    def continue_game(self) -> None:
        known = len(self.store.problems)
        saved = self.store.load_game()
        for problem in self.store.problems[known:]:
            self.say(problem)
        if saved is None:
            self.say("There is no saved game to continue.")
            self.show_menu()
            return
        seating = Seating.resume(saved)
        self.settings = seating.settings
        self.say(f"Back to your game: {preset_title(seating.settings.preset)} at "
                 f"{seating.settings.difficulty.label}, round {seating.game.round}.")
        self.seat(seating)

    def seat(self, seating: Seating) -> None:
        # Scripted, nothing is weighed for the review as the game goes (the coach's
        # answers would be waited for at each move): the review weighs the game when asked.
        pace: dict[str, Any] = {"window_seconds": self.answer_seconds,
                                "catch_seconds": self.answer_seconds,
                                "review_as_played": self.clock.live}
        if self.delay is not None:
            pace["delay"] = self.delay
        self.table = PlainTable(seating, self.clock, self.say, store=self.store,
                                remote=self.remote, round_over=self.round_over, **pace)
        ctl = self.table.controller
        self.table.shown = ctl.logged - len(ctl.since_mine())
        self.handler = self.table_answer
        ctl.start()

    def table_answer(self, text: str) -> None:
        table = self.table
        assert table is not None
        if not table.answer(text):
            self.show_menu()

    # ---------------------------------------------------------------- results

    def round_over(self, ctl: GameController, match: bool) -> None:
        """The round's (or the match's) results, as lines; Enter goes on."""
        data = results_data(ctl, self.store.stats().get(ctl.settings.difficulty))
        self.say(headline(data))
        if data.match.rounds or data.match.target:
            self.say(match_words(data.match, data.round) + ".")
        for place, seat in enumerate(data.order, 1):
            left = data.cards_left[seat]
            said = "went out" if not left else f"{len(left)} cards left"
            if data.match.rounds or data.match.target:
                said += f", {data.scores[seat]} points in the match"
            self.say(f"{ordinal(place)}: {data.names[seat]}, {said}.")
        mine = data.cards_left[HUMAN]
        if mine:
            self.say("Your cards left: " + ", ".join(
                card_shown(c, data.palette) for c in mine) + ".")
        if match:
            self.say(self.record_line(data.stats, ctl.settings.difficulty.value, data.practice))
            self.say("Enter: back to the menu. review: the coach's review of this game.")
        else:
            self.say("Enter deals the next round (q: the menu; the game is saved).")
        self._after_results = ctl
        self.handler = self.results_answer

    def record_line(self, stats: Any, level: str, practice: bool) -> str:
        title = Level(level).label
        if practice:
            return (f"A practice game (coach on or a move taken back): not counted in your "
                    f"record at {title}.")
        if stats is None or not stats.games:
            return f"Your record at {title}: this is your first game at this level."
        return (f"Your record at {title}: {stats.wins} won, {stats.losses} lost, win rate "
                f"{stats.win_rate * 100:.0f}%. Current streak: "
                f"{streak_text(stats.current_streak) or 'none'}.")

    def results_answer(self, text: str) -> None:
        ctl = self._after_results
        word = text.strip().lower()
        if ctl is None:
            self.show_menu()
            return
        if ctl.game.is_over:
            if word in ("review", "r"):
                kept = kept_of(ctl)
                self.close()
                self.review(kept)
                return
            self.show_menu()
            return
        if word in ("q", "quit"):
            self.show_menu()
            return
        self.handler = self.table_answer
        ctl.next_round()

def run_plain(args: argparse.Namespace) -> int:
    """`colorcards --plain`: the conversation on this terminal (or pipe)."""
    from ..coach.remote import RemoteCoach
    from ..store import Store

    settings, direct = settings_from_args(args)
    store = Store.open(getattr(args, "data_dir", None))
    remote = RemoteCoach(workers=getattr(args, "coach_workers", None))
    app = PlainApp(store, stdin=sys.stdin, stdout=sys.stdout, live=sys.stdin.isatty(),
                   settings=settings, seed=getattr(args, "seed", None), direct=direct,
                   answer_seconds=getattr(args, "answer_seconds", None) or ANSWER_SECONDS,
                   remote=remote)
    try:
        return app.run()
    except KeyboardInterrupt:
        return 130
    finally:
        app.close()
        remote.close(0.2)
        store.close(0.2)
