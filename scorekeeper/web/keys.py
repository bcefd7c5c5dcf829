"""The table's two keys for the web page: the write key (record moves) and the read key
(watch only). Each is 128 random bits (secrets.token_urlsafe), carried in the page's
address (/t/KEY/...), so a link or its QR code is all a phone needs, and nothing can be
read without one. They are kept beside the database, in a file only its owner may
read, so a phone's link still works after the server restarts; `--new-keys` makes new
ones (every link given out before stops working)."""

from __future__ import annotations

import hmac
import json
import os
import secrets
from pathlib import Path

from pnp.core.file_kinds import not_a_file
from pnp.core.records import NamedTuple
from scorekeeper.errors import StoreError
from scorekeeper.store import OWN_SUFFIXES

#: The suffix of the keys' file: DB.keys.json beside the database DB (one of the files
#: that belong to it, scorekeeper.store.OWN_SUFFIXES).
SUFFIX = OWN_SUFFIXES[-1]
WRITE, READ = "write", "read"


class Keys(NamedTuple):
    """The write key and the read key (URL-safe text, 22 characters each)."""

    write: str
    read: str

    def access(self, typed: str) -> str | None:
        """WRITE or READ for the key `typed`, None for any other text (compared in
        constant time, hmac.compare_digest)."""
        given = typed.encode("utf-8", "replace")
        if hmac.compare_digest(given, self.write.encode()):
            return WRITE
        if hmac.compare_digest(given, self.read.encode()):
            return READ
        return None


def keys_path(db: Path) -> Path:
    """Where the keys of the database `db` are kept: DB.keys.json beside it."""
    return db.with_name(db.name + SUFFIX)


def table_keys(db: Path, renew: bool = False) -> tuple[Keys, str]:
    """The keys of the database `db` and what became of the old ones: read from its
    keys file (""), or made and written there (mode 0600, through a temporary file
    renamed) when there is none (""), it cannot be read as keys (why not, for a
    warning: links given out before stop working), or `renew`. StoreError if the file
    cannot be written."""
    path = keys_path(db)
    why = ""
    if not renew and path.exists():
        keys = read_keys(path)
        if keys is not None:
            return keys, why
        why = f"{path} does not hold the keys (changed by hand?): new ones were made"
    keys = Keys(secrets.token_urlsafe(16), secrets.token_urlsafe(16))
    text = json.dumps({WRITE: keys.write, READ: keys.read})
    write_private(path, text.encode())
    return keys, why


def read_keys(path: Path) -> Keys | None:
    """The keys saved at `path`, None if it is missing or does not hold two distinct
    keys of 22 characters or more."""
    try:
        saved = json.loads(path.read_text(encoding="utf-8"))
        keys = Keys(str(saved[WRITE]), str(saved[READ]))
    except (OSError, ValueError, KeyError, TypeError, RecursionError):
        return None
    if len(keys.write) >= 22 and len(keys.read) >= 22 and keys.write != keys.read:
        return keys
    return None


class KeyRing:
    """The keys a running server checks: those it started with, replaced by the keys
    file's when it changes (`serve --new-keys` run beside it revokes the old links at
    once); a keys file that no longer reads keeps the last keys."""

    def __init__(self, db: Path, keys: Keys):
        self.path, self.keys = keys_path(db), keys
        self._seen = self._stamp()

    def _stamp(self) -> tuple | None:
        try:
            info = self.path.stat()
        except OSError:
            return None
        return info.st_mtime_ns, info.st_size, info.st_ino

    def access(self, typed: str) -> str | None:
        """As Keys.access, with the keys the file holds now."""
        stamp = self._stamp()
        if stamp != self._seen:
            self._seen = stamp
            self.keys = read_keys(self.path) or self.keys
        return self.keys.access(typed)


def write_private(path: Path, data: bytes) -> None:
    """Write `data` to `path` readable by its owner only (0600), through a temporary
    file renamed over it, so a reader never sees half of it. StoreError naming the
    file if it cannot be written."""
    why = not_a_file(path)
    if why:  # renamed over, a FIFO or a device would be replaced by a plain file
        raise StoreError(f"cannot write {path}: {why}")
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "wb") as out:
            out.write(data)
        os.replace(temporary, path)
    except OSError as exc:
        temporary.unlink(missing_ok=True)
        raise StoreError(f"cannot write {path}: {exc.strerror or exc}") from None
