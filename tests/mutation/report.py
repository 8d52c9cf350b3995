"""The mutation run's figures for the modules issue 47 holds to a score, and its
survivors not yet reviewed.

    python tests/mutation/report.py                 # the four modules
    python tests/mutation/report.py --survivors     # and each unreviewed survivor's diff

Reads what `mutmut run` left in mutants/ (through `mutmut results` and `mutmut show`)
and the equivalent mutants listed in tests/MUTATION.md (a table row a mutant: its name,
the line as mutated, why it changes nothing a player or a caller can meet). A listed
mutant whose line is no longer the one recorded is reported as stale: the code moved
and it must be looked at again. The score is killed / (all - equivalent), where
timeouts count as killed (a mutant that never finishes is noticed) and a mutant that no
test reaches counts as surviving.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MODULES = ("colorcards.coach.weigh", "colorcards.store.recovery", "colorcards.bots.knowledge",
           "colorcards.session.controller")
TARGET = 0.90
"""Issue 47: at least 90% of the non-equivalent mutants killed in each module."""
KILLED = {"killed", "timeout", "caught by type check"}


def mutmut(*args: str) -> str:
    return subprocess.run([sys.executable, "-m", "mutmut", *args], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout


def statuses() -> dict[str, str]:
    """Every mutant's status, by name."""
    found = {}
    for line in mutmut("results", "--all", "true").splitlines():
        name, _, status = line.strip().rpartition(": ")
        if name:
            found[name] = status
    return found


def mutated_line(name: str) -> str:
    """The mutant's changed line, as mutated (its diff's first added line, stripped)."""
    diff = mutmut("show", name)
    added = [line[1:].strip() for line in diff.splitlines()
             if line.startswith("+") and not line.startswith("+++")]
    return added[0] if added else ""


def equivalents(page: Path = ROOT / "tests" / "MUTATION.md") -> dict[str, str]:
    """The equivalent mutants MUTATION.md lists: name -> the line as mutated."""
    rows = re.findall(r"^\| `([\w.ǁ]+__mutmut_\d+)` \| `(.*?)` \|", page.read_text(),
                      re.MULTILINE)
    return {name: line.replace("\\|", "|") for name, line in rows}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--survivors", action="store_true",
                        help="print each survivor not listed as equivalent, with its diff")
    args = parser.parse_args()
    found = statuses()
    listed = equivalents()
    short = 0
    print("| module | mutants | killed | equivalent | surviving | not run | score |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for module in MODULES:
        mine = {n: s for n, s in found.items() if n.startswith(module + ".")}
        counts = Counter(mine.values())
        killed = sum(counts[s] for s in KILLED)
        alive = [n for n, s in mine.items() if s not in KILLED and s != "not checked"]
        same = []
        for name in alive:
            if name in listed:
                line = mutated_line(name)
                if line == listed[name]:
                    same.append(name)
                else:
                    print(f"stale: {name} now mutates `{line}`, listed as `{listed[name]}`",
                          file=sys.stderr)
        surviving = [n for n in alive if n not in same]
        judged = len(mine) - counts["not checked"] - len(same)
        score = killed / judged if judged else 0.0
        short += score < TARGET
        print(f"| `{module}` | {len(mine)} | {killed} | {len(same)} | {len(surviving)} | "
              f"{counts['not checked']} | {score:.1%} |")
        if args.survivors:
            for name in surviving:
                print(f"\n## {name}: {mine[name]}\n{mutmut('show', name)}", file=sys.stderr)
    return 1 if short else 0


if __name__ == "__main__":
    sys.exit(main())
