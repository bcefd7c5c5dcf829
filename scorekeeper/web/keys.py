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
from typing import NamedTuple

from scorekeeper.errors import StoreError

#: The suffix of the keys' file: DB.keys.json beside the database DB.
SUFFIX = ".keys.json"
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


def table_keys(db: Path, renew: bool = False) -> Keys:
    """The keys of the database `db`: read from its keys file, or made and written
    there (mode 0600, written to a temporary file and renamed) when there is none, it
    cannot be read as keys, or `renew`. StoreError if the file cannot be written."""
    path = keys_path(db)
    if not renew:
        try:
            saved = json.loads(path.read_text(encoding="utf-8"))
            keys = Keys(str(saved[WRITE]), str(saved[READ]))
            if len(keys.write) >= 22 and len(keys.read) >= 22 and keys.write != keys.read:
                return keys
        except (OSError, ValueError, KeyError, TypeError):
            pass
    keys = Keys(secrets.token_urlsafe(16), secrets.token_urlsafe(16))
    text = json.dumps({WRITE: keys.write, READ: keys.read})
    write_private(path, text.encode())
    return keys


def write_private(path: Path, data: bytes) -> None:
    """Write `data` to `path` readable by its owner only (0600), through a temporary
    file renamed over it, so a reader never sees half of it. StoreError naming the
    file if it cannot be written."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "wb") as out:
            out.write(data)
        os.replace(temporary, path)
    except OSError as exc:
        temporary.unlink(missing_ok=True)
        raise StoreError(f"cannot write {path}: {exc.strerror or exc}") from None
