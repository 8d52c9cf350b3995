"""A random generator's state as JSON, and back: the one place that knows its layout.

`random.Random.getstate()` is ``(version, 625 ints, gauss)`` as tuples; JSON holds lists.
The game's saves, the table's saved seats and the test driver all go through here.
"""

from __future__ import annotations

import random
from typing import Any


def rng_state(rng: random.Random) -> list[Any]:
    """The generator's state as JSON-ready lists."""
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_state(state: object) -> random.Random:
    """The generator whose state `rng_state` wrote; ValueError if `state` is not one."""
    try:
        version, internal, gauss = state  # type: ignore[misc]
        rng = random.Random(0)  # seeded cheaply: the state below replaces it whole
        rng.setstate((version, tuple(internal), gauss))  # type: ignore[has-type]
    except (TypeError, ValueError) as exc:
        raise ValueError(f"not a random generator's state ({exc})") from None
    return rng


def copy_rng(rng: random.Random) -> random.Random:
    """An independent generator that continues exactly as `rng` would."""
    copy = random.Random(0)
    copy.setstate(rng.getstate())
    return copy
