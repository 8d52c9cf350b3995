"""Where the data lives, and how a file that cannot be used is kept out of the way.

A damaged or foreign file is never deleted: it is renamed beside itself with a
timestamp, so the player (or a bug report) still has it.
"""

from __future__ import annotations

import errno
import os
import shutil
from datetime import UTC, datetime
from pathlib import Path

APP_NAME = "colorcards"
ENV_VAR = "COLORCARDS_DATA_DIR"
DB_NAME = "colorcards.db"
LOCK_NAME = "colorcards.lock"


def resolve_data_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    """The data directory: `explicit`, else $COLORCARDS_DATA_DIR, else the platform's.

    `~` is expanded in the first two, so `--data-dir ~/cards` means what it says."""
    if explicit is not None and str(explicit) != "":
        return Path(explicit).expanduser()
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def utc_now() -> datetime:
    """Now, timezone-aware, to the microsecond (records are ordered by it)."""
    return datetime.now(UTC)


def stamp(moment: datetime | None = None) -> str:
    """A file-name timestamp in local time, as the player reads clocks: 20261201-031245."""
    return (moment or datetime.now()).strftime("%Y%m%d-%H%M%S")


def kept_name(path: Path, kind: str) -> Path:
    """A free name beside `path` for keeping it: colorcards.db.damaged-20261201-031245."""
    base = f"{path.name}.{kind}-{stamp()}"
    candidate = path.with_name(base)
    n = 2
    while candidate.exists() or candidate.with_name(candidate.name + "-wal").exists():
        candidate = path.with_name(f"{base}-{n}")
        n += 1
    return candidate


def move_aside(path: Path, kind: str) -> Path:
    """Rename a database and its -wal/-shm companions to a kept name; the new path.

    The companions keep SQLite's naming (kept + "-wal"), so the kept copy still opens
    with every transaction it had. OSError if the main file cannot be renamed."""
    target = kept_name(path, kind)
    os.replace(path, target)
    for suffix in ("-wal", "-shm"):
        companion = path.with_name(path.name + suffix)
        if companion.exists():
            try:
                os.replace(companion, target.with_name(target.name + suffix))
            except OSError:
                pass
    return target


def probe_writable(directory: Path) -> None:
    """Create the directory if needed and prove a file can be written in it; OSError if not.

    `os.access` is not enough: it says yes to root on a read-only mount and knows
    nothing of a full disk."""
    directory.mkdir(parents=True, exist_ok=True)
    probe = directory / f".colorcards-probe-{os.getpid()}"
    fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        os.write(fd, b"ok")
    finally:
        os.close(fd)
        try:
            os.unlink(probe)
        except OSError:
            pass


FULL_BELOW = 1 << 20
"""Bytes: a disk with less free than this, where a write failed, is full (SQLite may
report a full disk as an I/O error)."""

_FULL_ERRNOS = frozenset({errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)})


def reason(exc: BaseException, where: Path | None = None) -> str:
    """A short plain reason for an OS or SQLite error. With `where` (the directory
    that was written), a write that failed on a full disk says so, whatever words the
    error itself used ('disk I/O error')."""
    if where is not None and disk_full(exc, where):
        return "the disk is full"
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror.lower()
    text = str(exc) or type(exc).__name__
    return text


def disk_full(exc: BaseException, where: Path) -> bool:
    """Whether `exc`, raised writing in `where`, came of a full disk."""
    if isinstance(exc, OSError) and exc.errno in _FULL_ERRNOS:
        return True
    try:
        return shutil.disk_usage(where).free < FULL_BELOW
    except OSError:
        return False


def unwritable(directory: Path, exc: OSError) -> str:
    """Why `directory` cannot be used for the data, in the player's words: the cause the
    error names when it is the real one, else what stands in the way (a file where the
    directory or one of its parents should be, a place where no file may be made)."""
    for place in (directory, *directory.parents):
        if place.exists() or place.is_symlink():
            if not place.is_dir():
                return ("it is a file, not a directory" if place == directory
                        else f"{place} is a file, not a directory")
            if place == directory and isinstance(exc, FileNotFoundError):
                return "no file can be made there"  # /proc, a directory gone meanwhile
            break
    return reason(exc, directory if directory.is_dir() else None)
