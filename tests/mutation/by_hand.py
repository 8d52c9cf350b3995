"""Issue 47's hand-made mutants, each applied to a scratch copy and met by its tests.

    python tests/mutation/by_hand.py            # every mutant
    python tests/mutation/by_hand.py 2 5        # some of them, by number

For each mutant: the repository's package, tests and pyproject.toml are copied to a
scratch directory, the one change is made there (the text it replaces must occur exactly
once, else the mutant is reported as moved: a refactor has changed that line, and the
mutant must be written again), and the tests named for it run there with pytest (one
process; the scratch copy is imported before the installed one). A mutant is killed when
at least one of its tests fails; the failing tests are listed. Before the mutants, the
same tests run on the unchanged copy and must pass.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Mutant:
    what: str
    """The behaviour the change breaks, as issue 47 says it."""
    path: str
    before: str
    after: str
    tests: tuple[str, ...]
    """The tests that must notice (pytest node ids or -k expressions on a file)."""


MUTANTS = (
    Mutant("the opening Wild's time-out names the colour held fewest of",
           "colorcards/engine/game.py",
           "colour = max(COLOURS, key=lambda c: counts[c])",
           "colour = min(COLOURS, key=lambda c: counts[c])",
           ("tests/test_engine_draw.py::test_timeout_on_an_opening_wild_names_the_colour_held_most",)),
    Mutant("every look at 1.96 standard errors, not Pocock's bound for the looks",
           "colorcards/coach/weigh.py",
           "self.look_z = POCOCK[len(self.looks)]",
           "self.look_z = POCOCK[1]",
           ("tests/test_coach_statistics.py",)),
    Mutant("the last look lists a move on its estimate, not its interval",
           "colorcards/coach/weigh.py",
           "return mean - self.look_z * se >= NOTICEABLE",
           "return mean >= NOTICEABLE",
           ("tests/test_coach_statistics.py",)),
    Mutant("the race's close options in ascending order: the weakest recommended",
           "colorcards/coach/weigh.py",
           "leader_order = sorted(alive, key=lambda i: (-sum(results[i][:deals]), i))",
           "leader_order = sorted(alive, key=lambda i: (sum(results[i][:deals]), i))",
           ("tests/test_coach_statistics.py",)),
    Mutant("the costly verdict's cost with its sign reversed",
           "colorcards/coach/weigh.py",
           "cost=tallies[0].chance - tallies[1].chance",
           "cost=tallies[1].chance - tallies[0].chance",
           ("tests/test_coach_statistics.py",)),
    Mutant("a card left uncalled weighed against the card recommended, not itself called",
           "colorcards/coach/weigh.py",
           "best = made if made in advice.close else advice.recommended",
           "best = advice.recommended",
           ("tests/test_coach_statistics.py",)),
    Mutant("a Reverse with two in the round no longer an attack (for the players and the "
           "coach's why; the engine's rule, asked since issue 40, unchanged)",
           "colorcards/bots/knowledge.py",
           "return view.card_turn(rank).hits",
           "return view.card_turn(rank).hits and rank is not Rank.REVERSE",
           ("tests/test_bots_heuristics.py::test_in_a_duel_a_reverse_stops_a_one_card_opponent_as_a_skip_does",
            "tests/test_why.py")),
    Mutant("'locked' no longer trouble of the moment: a held file moved aside as damaged",
           "colorcards/store/recovery.py",
           '"disk i/o", "locked", "permission"',
           '"disk i/o", "permission"',
           ("tests/test_store_damage.py",)),
    Mutant("a game in progress that did not load from a kept file vanishes without a word",
           "colorcards/store/recovery.py",
           "found.lost_save = True",
           "pass",
           ("tests/test_store_damage.py",)),
    Mutant("the hand's order left out of the save's key: a rearranged hand never saved",
           "colorcards/session/controller.py",
           "return (len(self.game.actions), tuple(c.code for c in self.arrangement),",
           "return (len(self.game.actions),",
           ("tests/test_tui_controller.py",)),
    Mutant("Normal plays a random card half the time",
           "colorcards/bots/heuristic.py",
           'NORMAL = Tuning("normal", random_play=0.2,',
           'NORMAL = Tuning("normal", random_play=0.5,',
           ("tests/test_bots_heuristics.py",)),
    Mutant("Normal misses a stack one time in three, not one in two",
           "colorcards/bots/heuristic.py",
           "random_play=0.2, stack_miss=0.5,",
           "random_play=0.2, stack_miss=0.33,",
           ("tests/test_bots_heuristics.py",)),
    Mutant("Easy plays a random card 70% of its turns, not 85%",
           "colorcards/bots/heuristic.py",
           'EASY = Tuning("easy", random_play=0.85,',
           'EASY = Tuning("easy", random_play=0.7,',
           ("tests/test_bots_heuristics.py",)),
    Mutant("Easy misses half its stacks, not 70%",
           "colorcards/bots/heuristic.py",
           "random_play=0.85, stack_miss=0.7,",
           "random_play=0.85, stack_miss=0.5,",
           ("tests/test_bots_heuristics.py",)),
)


def copy_of(root: Path, into: Path) -> None:
    for name in ("colorcards", "tests"):
        shutil.copytree(root / name, into / name,
                        ignore=shutil.ignore_patterns("__pycache__", "__snapshots__"))
    shutil.copy(root / "pyproject.toml", into / "pyproject.toml")


def run_tests(where: Path, tests: tuple[str, ...]) -> tuple[int, list[str]]:
    """pytest's exit code in `where`, and the tests that failed."""
    done = subprocess.run([sys.executable, "-m", "pytest", "-n", "0", "-q", "-rf",
                           "-p", "no:cacheprovider", *tests], cwd=where, capture_output=True,
                          text=True)
    failed = re.findall(r"^FAILED (.+?)(?: - .*)?$", done.stdout, re.MULTILINE)
    return done.returncode, failed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("numbers", nargs="*", type=int, help="mutants by number (1-based)")
    args = parser.parse_args()
    chosen = [(n, MUTANTS[n - 1]) for n in (args.numbers or range(1, len(MUTANTS) + 1))]
    failures = 0
    with tempfile.TemporaryDirectory(prefix="colorcards-mutants-") as scratch:
        base = Path(scratch) / "clean"
        copy_of(ROOT, base)
        every = tuple(dict.fromkeys(t for _, m in chosen for t in m.tests))
        code, failed = run_tests(base, every)
        if code != 0:
            print(f"the tests fail without a mutant: {failed or code}")
            return 1
        for number, mutant in chosen:
            where = Path(scratch) / f"m{number}"
            shutil.copytree(base, where)
            source = where / mutant.path
            text = source.read_text()
            if text.count(mutant.before) != 1:
                print(f"{number:2}. MOVED    {mutant.what}: {mutant.path} no longer holds "
                      f"{mutant.before!r} once")
                failures += 1
                continue
            source.write_text(text.replace(mutant.before, mutant.after))
            code, failed = run_tests(where, mutant.tests)
            killed = code != 0
            failures += not killed
            print(f"{number:2}. {'killed' if killed else 'SURVIVED':8} {mutant.what}")
            for test in failed:
                print(f"      by {test}")
            shutil.rmtree(where)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
