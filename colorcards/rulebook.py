"""The rulebook the game follows: RULES.md, shipped inside the package.

Read with importlib.resources, so it is found wherever the package is installed (a
wheel, a zip, an editable checkout). The code and the tests cite it by section ("§5");
`section()` gives one section's text, for the Rules screen and for tests.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources

FILE = "RULES.md"

_HEADING = re.compile(r"^## (\d+)\. ", re.MULTILINE)
_DEVELOPERS = re.compile(r"<!-- developers -->.*?<!-- /developers -->", re.DOTALL)


@cache
def rulebook() -> str:
    """The whole rulebook, as Markdown."""
    return resources.files("colorcards").joinpath(FILE).read_text(encoding="utf-8")


def players_rulebook() -> str:
    """The rulebook as players read it in the game: the passages for developers
    (``<!-- developers -->`` … ``<!-- /developers -->``: the command line, how the code
    cites it, where the seed comes from) left out."""
    return _DEVELOPERS.sub("", rulebook())


def section_numbers() -> list[int]:
    """The numbers of the rulebook's sections, in order (1, 2, ...)."""
    return [int(n) for n in _HEADING.findall(rulebook())]


def section(number: int) -> str:
    """Section `number` ("## 5. ..." up to the next section), as Markdown; KeyError if
    the rulebook has no such section."""
    text = rulebook()
    starts = [(int(m.group(1)), m.start()) for m in _HEADING.finditer(text)]
    for i, (n, start) in enumerate(starts):
        if n == number:
            end = starts[i + 1][1] if i + 1 < len(starts) else len(text)
            return text[start:end].rstrip() + "\n"
    raise KeyError(f"the rulebook has no section {number}")
