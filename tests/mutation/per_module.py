"""Targeted test selection for mutmut (tests/MUTATION.md): a mutant runs only its own
module's tests.

mutmut first runs the tests once to see which tests call which function (its
statistics), then runs, for each mutant, the tests that called the mutated function.
Many tests reach a function from far away (a table's test reaches the coach's weighing,
a coach's test the players' rules) and are slow. This plugin, loaded into mutmut's
pytest runs (`[tool.mutmut]`'s `pytest_add_cli_args`), keeps to the files in `TESTS`:
mutmut sees all of them and no others, and a mutant of a module named there runs only
the tests of that module's files. The tests
run fastest first, by the times the statistics run took (mutmut stops a mutant's run at
its first failing test), and the few tests in `TOO_SLOW` never run.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

TESTS: dict[str, tuple[str, ...]] = {
    "colorcards.coach.weigh": ("test_coach_statistics.py", "test_coach_desk.py"),
    "colorcards.store.recovery": ("test_store_damage.py", "test_store.py"),
    "colorcards.bots.knowledge": ("test_bots_heuristics.py", "test_bots_thinking.py",
                                  "test_why.py", "test_rules_once.py"),
    "colorcards.session.controller": ("test_tui_controller.py", "test_tui_tutor.py",
                                      "test_tui_autosave.py", "test_tui_clocks.py",
                                      "test_review.py", "test_plain.py",
                                      "test_house_table.py", "test_controller_continue.py",
                                      "test_controller_keys.py"),
}
"""For each module, the test files whose tests its mutants run (the smallest set that
covers it: see tests/MUTATION.md)."""


TOO_SLOW = frozenset({
    "test_every_game_of_an_evening_replays_to_its_record",
    "test_the_move_made_takes_its_test_over_from_the_moves_tested_together",
    "test_moves_tested_together_each_get_the_answer_they_get_alone",
    "test_a_coached_game_is_reviewed_as_it_is_played",
    "test_with_the_coach_off_the_game_is_still_reviewed_as_it_is_played",
    "test_the_coachs_process_judges_as_the_coach_does",
})
"""Tests of 8-30 s each under mutmut (whole evenings or reviews played), which every
surviving mutant of the functions they reach would run again: what they check of these
modules is checked by quicker tests too."""


def module_of(mutant: str) -> str | None:
    """The module in `TESTS` a mutant's name ('colorcards.coach.weigh.x_run__mutmut_3')
    belongs to, if any."""
    return next((m for m in TESTS if mutant.startswith(m + ".")), None)


@pytest.hookimpl(trylast=True)  # after tests/conftest.py has put the slowest first
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    module = module_of(os.environ.get("MUTANT_UNDER_TEST", ""))
    if module is not None:
        files = set(TESTS[module])
    else:  # mutmut listing the tests, gathering its statistics, or checking its set-up
        files = {name for names in TESTS.values() for name in names}
    kept = [item for item in items
            if item.path.name in files and item.originalname not in TOO_SLOW]
    dropped = [item for item in items if item not in kept]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
    took = _durations()
    items[:] = sorted(kept, key=lambda item: took.get(item.nodeid, 0.0))


def _durations() -> dict[str, float]:
    """Each test's time in mutmut's statistics run (none before it has run)."""
    try:
        return json.loads(Path("mutmut-stats.json").read_text())["duration_by_test"]
    except (OSError, ValueError, KeyError):
        return {}
