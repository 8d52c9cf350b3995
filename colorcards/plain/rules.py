"""The rules in plain words: the rulebook the game ships (colorcards/RULES.md), read as
lines with its Markdown marks taken out, so that a screen reader says the words and not
the marks: headings as sentences, a table's rows as 'Skip: the next player misses their
turn', no backticks, asterisks or bars. `rules` lists the sections; `rules 5` reads one.
"""

from __future__ import annotations

import re

from ..rulebook import players_rulebook, section, section_numbers

_HEADING = re.compile(r"^#+\s*")
_MARKS = re.compile(r"[`*]")
_ROW_RULE = re.compile(r"^\|[-| :]+\|$")


def plain_lines(markdown: str) -> list[str]:
    """Markdown as lines a listener follows (see the module docstring)."""
    lines: list[str] = []
    header: list[str] | None = None
    for raw in markdown.splitlines():
        line = raw.strip()
        if line.startswith("<!--"):
            continue
        if _ROW_RULE.match(line):
            continue
        if line.startswith("|"):
            cells = [_MARKS.sub("", c).strip() for c in line.strip("|").split("|")]
            if header is None:
                header = cells
                continue
            first, rest = cells[0], [c for c in cells[1:] if c]
            lines.append(f"{first}: {', '.join(rest)}." if rest else f"{first}.")
            continue
        header = None
        if not line:
            continue
        line = _MARKS.sub("", _HEADING.sub("", line))
        if line.startswith("- "):
            line = line[2:]
        if lines and raw.startswith("  ") and not raw.lstrip().startswith("- "):
            lines[-1] += " " + line  # a list item's continued line
        else:
            lines.append(line)
    return lines


def rules_lines(which: str = "") -> list[str]:
    """The rulebook's sections by number and title (`which` empty), or section `which`."""
    if which.strip().isdigit():
        try:
            return plain_lines(section(int(which)))
        except KeyError:
            pass
    titles = [line for line in players_rulebook().splitlines() if line.startswith("## ")]
    return (["The rulebook's sections (type rules and a number to hear one):"]
            + [_HEADING.sub("", t) for t in titles]
            + [f"For example: rules {section_numbers()[0]}."])
