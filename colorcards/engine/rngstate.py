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
        rng = _unseeded()  # the state below is all of it
        rng.setstate((version, tuple(internal), gauss))  # type: ignore[has-type]
    except (TypeError, ValueError) as exc:
        raise ValueError(f"not a random generator's state ({exc})") from None
    return rng


def copy_rng(rng: random.Random) -> random.Random:
    """An independent generator that continues exactly as `rng` would."""
    copy = _unseeded()
    copy.setstate(rng.getstate())
    return copy


def _unseeded() -> random.Random:
    """A generator with no state yet, for `setstate` to fill (seeding one first costs
    as much as copying a state into it: the Mersenne Twister's 624 words each time)."""
    return random.Random.__new__(random.Random)


class SeededWhenDrawn(random.Random):
    """A generator seeded with `seed` only when first used, then exactly
    `random.Random(seed)`, which it becomes (its class too). Seeding is most of what a
    generator costs that is used little or not at all: a play-out's game shuffles only
    if its draw pile runs out, and a third of them end before."""

    def __init__(self, seed: int) -> None:  # (no seeding yet: see below)
        self._seed = seed

    def __getattribute__(self, name: str) -> Any:
        # Any use of the generator starts with reading one of its attributes (a draw,
        # its state, a method of random.py's that draws): the first seeds it and makes
        # it a plain `random.Random`, so a method bound now draws at full speed.
        if type(self) is SeededWhenDrawn:
            self.__class__ = random.Random  # type: ignore[assignment]  # (the same layout)
            random.Random.seed(self, object.__getattribute__(self, "_seed"))
        return object.__getattribute__(self, name)
