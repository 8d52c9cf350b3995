"""What the table's widgets share: fed by the table, they redraw only on a change."""

from __future__ import annotations

from collections.abc import Hashable


class RedrawsOnChange:
    """Mixed into a widget the table feeds after every change: says whether it must redraw.

    A card played feeds every widget on the table, and each redraw costs Textual a restyle
    and a repaint of the widget (a third of a millisecond or more), so the ones whose
    picture stays the same (the draw pile when nobody drew, the colour to match when it
    stayed) skip it.
    """

    _drawn: Hashable = None
    """What the widget was last drawn from."""

    def changed(self, drawn: Hashable) -> bool:
        """Whether `drawn` differs from what the widget was last drawn from (then remember it)."""
        if drawn == self._drawn:
            return False
        self._drawn = drawn
        return True
