"""The smallest terminal the table is played in, said once for the table (which waits
below it and says what to do) and for the web page (which chooses its font size to give
the game at least this much of a small phone's screen, or of one held sideways)."""

from __future__ import annotations

NARROWEST = 36
"""Columns the narrow layout needs: the pile, the top card and the colour to match side
by side in the ring (34 and its border). A phone 360 pixels wide shows about 39."""
SHORTEST = 24
"""Rows the table needs (the narrow layout's too: its opponents, ring, prompt and a row
of cards)."""
WHOLE_HAND = (40, 30)
"""Columns and rows at which the narrow table shows a hand of eight whole (two rows of
four cards; at 37 columns a row holds three) with everything else: a phone's page takes
a slightly smaller font to give the game this much (a 360-pixel-wide phone at a device
pixel ratio of 2 or 3 shows 37 columns at 16 px, 40 at 15)."""
