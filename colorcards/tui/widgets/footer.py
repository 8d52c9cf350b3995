"""The table's footer: Textual's Footer, letting go of the keys it has replaced."""

from __future__ import annotations

from textual.widgets import Footer


class TableFooter(Footer):
    """The footer of the table, which composes its keys again whenever the usable keys change.

    Textual 8.2.8 keeps every key the footer ever composed: each new key watches the
    footer's `compact`, and a watcher is dropped only when `compact` changes, which it
    never does (textual#6666). Over a long game that kept hundreds of thousands of
    objects alive, and Python's full garbage collections, which walk them all, grew to
    several frames long, each one landing on whatever key was being answered.
    """

    async def recompose(self) -> None:
        await super().recompose()
        watchers = getattr(self, "__watchers", {}).get("compact")  # where Textual keeps them
        if watchers:
            watchers[:] = [(node, callback) for node, callback in watchers if node.is_attached]
