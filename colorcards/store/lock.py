"""Which running copy owns the game in progress.

An exclusive, non-blocking `flock` on a lock file in the data directory, held for the
Store's whole life. The operating system drops it when the process ends, however it
ends (SIGKILL and power loss included), so a stale lock can never block the player.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

# sys.platform tests (rather than try/except ImportError) so that mypy checks the branch
# of the platform it runs on and knows which module each one has.
if sys.platform == "win32":
    import msvcrt
else:
    import fcntl


class DirLock:
    """The held lock; `release()` (or process exit) gives it up."""

    def __init__(self, fd: int, path: Path):
        self.fd = fd
        """The open lock file; the lock lives as long as this descriptor."""
        self.path = path

    @classmethod
    def acquire(cls, path: Path) -> DirLock | None:
        """The lock, or None when another running copy holds it. OSError if the file
        cannot be opened at all."""
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            if sys.platform == "win32":
                msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
            else:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            return None
        try:
            # Who holds it, for a curious player; the lock itself is the flock.
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
        except OSError:
            pass
        return cls(fd, path)

    def release(self) -> None:
        if self.fd < 0:
            return
        try:
            if sys.platform != "win32":
                fcntl.flock(self.fd, fcntl.LOCK_UN)
        finally:
            os.close(self.fd)
            self.fd = -1
