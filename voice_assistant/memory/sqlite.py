"""The SQLite database itself: opened private (0700 folder, 0600 files) in WAL mode, its
schema created when missing, and changes made all or nothing, a refused write (disk full,
read-only) becoming a clear ``StorageError``."""

from __future__ import annotations

import logging
import os
import sqlite3
import stat
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from voice_assistant.errors import StorageError

log = logging.getLogger("voice_assistant.memory")


def connect(path: Path) -> sqlite3.Connection:
    """Open (creating if needed) the database. Memories are private: a new data folder is
    0700 and a new database 0600, whatever the umask (SQLite gives its WAL the same mode).
    A database that others may read (made by an earlier version, or copied in) is made
    private too; the folder, which may be one the user chose, is left as it is."""
    if str(path) != ":memory:":
        if not path.parent.exists():
            path.parent.mkdir(parents=True, mode=0o700)
        if not path.exists():
            os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
        for file in (path, *(path.with_name(path.name + end) for end in ("-wal", "-shm"))):
            make_private(file)
    db = sqlite3.connect(path, timeout=10, check_same_thread=False, isolation_level=None)
    db.row_factory = sqlite3.Row
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    db.execute("PRAGMA foreign_keys=ON")
    return db


def make_private(file: Path) -> None:
    """Take group and other permissions off ``file`` if it has any (and exists)."""
    try:
        mode = stat.S_IMODE(file.stat().st_mode)
        if mode & 0o077:
            file.chmod(mode & 0o700)
            log.warning("%s could be read by others (%o); it is now %o", file, mode, mode & 0o700)
    except FileNotFoundError:
        return
    except PermissionError as exc:  # not ours: say so, the owner has to fix it
        log.warning("%s can be read by others and cannot be made private: %s", file, exc)


def _database_path(db: sqlite3.Connection) -> str:
    with suppress(sqlite3.Error):
        for row in db.execute("PRAGMA database_list"):
            if row[1] == "main":
                return str(row[2]) or "(in memory)"
    return "the database"


def storage_error(db: sqlite3.Connection, exc: sqlite3.Error) -> StorageError:
    """A clear error for a write SQLite refused; the transaction has been rolled back."""
    text = str(exc)
    path = _database_path(db)
    if "full" in text:
        return StorageError(
            "disk-full", f"cannot write {path}: the disk is full; nothing was saved"
        )
    if "readonly" in text or "read-only" in text:
        return StorageError(
            "read-only", f"cannot write {path}: it (or its folder) is read-only; nothing was saved"
        )
    return StorageError("write-failed", f"cannot write {path}: {text}; nothing was saved")


def ensure_schema(db: sqlite3.Connection, script: str) -> None:
    """Create what is missing; a database that cannot be written says so clearly."""
    try:
        db.executescript(script)
    except sqlite3.OperationalError as exc:
        raise storage_error(db, exc) from exc


@contextmanager
def transaction(db: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """All of a change or none of it; inside an open transaction it simply joins it.
    A write SQLite refuses (disk full, read-only) becomes a ``StorageError``."""
    if db.in_transaction:
        yield db
        return
    try:
        db.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as exc:
        raise storage_error(db, exc) from exc
    try:
        yield db
    except BaseException as exc:
        if db.in_transaction:
            db.execute("ROLLBACK")
        if isinstance(exc, sqlite3.OperationalError):
            raise storage_error(db, exc) from exc
        raise
    try:
        db.execute("COMMIT")
    except sqlite3.OperationalError as exc:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise storage_error(db, exc) from exc
