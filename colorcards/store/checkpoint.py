"""Moving the write-ahead log into the database file, off the autosave's path.

SQLite's automatic checkpoint runs inside whichever commit crosses the threshold and
syncs the disk twice there: that turns one autosave in a hundred into a slow one
(tests/benchmarks/STORE.md). Instead the saving connection never checkpoints; this thread does,
on its own connection, a little after every `EVERY` saves. A passive checkpoint never
blocks the saver. If the log still grows past `LIMIT_FRAMES` (saves arriving faster
than a checkpoint can finish, which play never does), it restarts the log, waiting for
the saver once, so the file stays bounded.
"""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

EVERY = 8
"""Saves between two checkpoints."""
LIMIT_FRAMES = 256
"""Log frames (pages, 4 KiB each: 1 MiB) above which the checkpoint restarts the log."""


class Checkpointer:
    """A daemon thread that checkpoints `path` when nudged; `stop()` ends it."""

    def __init__(self, path: Path):
        self._path = path
        self._wake = threading.Event()
        self._stopping = False
        self._saves = 0
        self.errors = 0
        """Checkpoints that failed (the saving connection's own commits are unaffected)."""
        self._thread = threading.Thread(target=self._run, name="colorcards-checkpoint",
                                        daemon=True)
        self._thread.start()

    def saved(self) -> None:
        """Count one save; wake the thread every EVERY saves."""
        self._saves += 1
        if self._saves >= EVERY:
            self._saves = 0
            self._wake.set()

    def _run(self) -> None:
        try:
            db = sqlite3.connect(str(self._path), isolation_level=None, check_same_thread=False,
                                 timeout=5.0)
        except sqlite3.Error:
            self.errors += 1
            return
        try:
            db.execute("PRAGMA busy_timeout = 5000")
            while True:
                self._wake.wait()
                self._wake.clear()
                if self._stopping:
                    return
                try:
                    _busy, frames, _done = db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
                    if frames > LIMIT_FRAMES:
                        db.execute("PRAGMA wal_checkpoint(RESTART)").fetchone()
                except sqlite3.Error:
                    self.errors += 1
        finally:
            db.close()

    def stop(self, wait: float = 10.0) -> None:
        """End the thread, waiting at most `wait` seconds for a checkpoint under way (one
        left unfinished is finished by the next connection that opens the file)."""
        self._stopping = True
        self._wake.set()
        self._thread.join(timeout=wait)
