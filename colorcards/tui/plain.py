"""A Static whose text is text: never read as markup.

What the screens show is made of words from files (names in an export or a save, a
preset or a reason read back from the database) as often as of the game's own: a name
like `[b]Bo` or `Ann [/]` must show as typed, never restyle the screen or stop it with a
markup error. Textual reads a string given to a Static as markup; a `Plain` takes it as
it is. What is meant to be styled is given styled (Rich's `Text`, Textual's `Content`).
"""

from __future__ import annotations

from typing import Any

from textual.widgets import Static


class Plain(Static):
    """A Static that shows strings as plain text (see the module's docstring)."""

    def __init__(self, *args: Any, markup: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, markup=markup, **kwargs)
