"""A child process that ends with the process that started it, however that one ends.

A game served to a browser tab (`colorcards serve`) and a `sim --workers` worker are
processes nothing else would end: a server or a sim killed by any signal, SIGKILL
included, would leave them running (a game holding the data directory, so that the next
game says another copy owns it). Each calls `die_with_parent` as it starts. On Linux the
kernel then sends it SIGTERM the moment its parent ends (prctl's PR_SET_PDEATHSIG, asked
through ctypes); on every system a thread also watches for the parent to go (the child is
handed to another parent) every POLL seconds, and sends the same signal. SIGTERM lets a
game quit as it would (it saves every move before showing it); a child still running
GRACE seconds later ends at once.

The served game's limits come the same way, through its environment (`from_environment`):
the server's pid and the most memory it may hold.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from contextlib import suppress

PARENT = "COLORCARDS_PARENT"
"""The environment variable that names the pid a served game ends with."""
MEMORY = "COLORCARDS_MEMORY_MOST"
"""The environment variable that gives the bytes of data a served game may hold."""
POLL = 0.5
"""Seconds between two looks at whether the parent is still there."""
GRACE = 10.0
"""Seconds a child told to end may take before it is ended at once."""
_PR_SET_PDEATHSIG = 1


def die_with_parent(parent: int, signum: int = signal.SIGTERM) -> None:
    """End this process (`signum`, then at once after GRACE) when `parent` ends: the
    process that started this one, whose pid it was given. Call it from a child whose
    parent started it from a thread that lives as long as the parent does (on Linux the
    kernel's signal follows the thread that started the child)."""
    if os.name != "posix":
        return  # Windows: a child is not a child there; nothing to watch this way
    _ask_the_kernel(signum)
    if os.getppid() != parent:
        _end(signum)  # the parent went before the kernel was asked
        return
    threading.Thread(target=_watch, args=(parent, signum), name="colorcards-lifeline",
                     daemon=True).start()


def _ask_the_kernel(signum: int) -> None:
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    with suppress(OSError, AttributeError):  # without it, the watching thread still ends us
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signum, 0, 0, 0)


def _watch(parent: int, signum: int) -> None:
    while os.getppid() == parent:
        time.sleep(POLL)
    _end(signum)


def _end(signum: int) -> None:
    """Ask this process to end as `signum` asks, and end it at once after GRACE."""
    def hard() -> None:
        time.sleep(GRACE)
        os._exit(128 + signum)

    threading.Thread(target=hard, name="colorcards-lifeline-end", daemon=True).start()
    os.kill(os.getpid(), signum)


def keep_memory_under(most: int) -> None:
    """Let this process (and what it starts) hold at most `most` bytes of data: past it,
    an allocation fails (MemoryError) rather than take the machine's memory."""
    try:
        import resource
    except ImportError:
        return  # Windows
    limit = getattr(resource, "RLIMIT_DATA", None) or getattr(resource, "RLIMIT_AS", None)
    if limit is None:
        return
    _, hard = resource.getrlimit(limit)
    if hard != resource.RLIM_INFINITY:
        most = min(most, hard)
    try:
        resource.setrlimit(limit, (most, hard))
    except (ValueError, OSError):
        pass


def from_environment(environ: dict[str, str] | None = None) -> None:
    """Apply what the process that started this one asked through the environment: end
    with it (PARENT), hold no more than so much memory (MEMORY). Nothing if neither is set."""
    env = os.environ if environ is None else environ
    for name, apply in ((MEMORY, keep_memory_under), (PARENT, die_with_parent)):
        text = env.pop(name, "")  # this process's, not the processes it starts
        if text.isdigit():
            apply(int(text))
