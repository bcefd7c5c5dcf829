"""Reading a game's data files safely: the one place `pnp` opens card data.

The rules (README, "Card data files"):
- a data file is a regular file: a folder, a FIFO, a socket or a device (`/dev/zero`)
  is refused before it is opened, so nothing can hang or fill memory;
- a data file may be a symbolic link only to a file inside its game's folder; a link
  that leads out of it (to `/etc/passwd`, to another game) is refused, so a kit prints
  only what its own folder holds;
- a data file holds at most `MAX_FILE_BYTES` bytes (checked on the size, then again
  while reading, in case the file grows);
- it is UTF-8 text; a byte-order mark at its start is dropped.
Every refusal is one Problem naming the file and the reason.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from pnp.core.errors import Problem
from pnp.core.file_kinds import kind_of

MAX_FILE_BYTES = 1024 * 1024  # 1 MiB: the largest shipped file is about 16 KiB


def _outside(path: Path) -> Path | None:
    """Where `path` really leads when that is outside its folder, else None."""
    real, home = Path(os.path.realpath(path)), Path(os.path.realpath(path.parent))
    return None if real.parent == home or home in real.parents else real


def read_data_bytes(path: Path, limit: int = MAX_FILE_BYTES) -> bytes | Problem:
    """The bytes of the data file `path`, or a Problem saying why it cannot be used:
    missing or unreadable, not a regular file, a link out of its folder
    (`path.parent`), or larger than `limit` bytes. Never raises, never blocks."""
    try:
        info = path.stat()
    except OSError as exc:
        return Problem(path, f"cannot read file: {exc.strerror or exc}")
    if not stat.S_ISREG(info.st_mode):
        return Problem(path, f"cannot read file: it is {kind_of(info.st_mode)}, not a regular file")
    if (real := _outside(path)) is not None:
        return Problem(
            path,
            f"refused: it is a link to {real}, outside the game's folder "
            f"{path.parent}; copy the file into the folder instead",
        )
    too_big = Problem(
        path, f"refused: the file is larger than the {limit // 1024:,} KiB a data file may hold"
    )
    if info.st_size > limit:
        return too_big
    try:
        with open(path, "rb") as f:
            raw = f.read(limit + 1)
    except OSError as exc:
        return Problem(path, f"cannot read file: {exc.strerror or exc}")
    return too_big if len(raw) > limit else raw


def decode_text(path: Path, raw: bytes) -> str | Problem:
    """`raw` as text (UTF-8, a leading byte-order mark dropped), or a Problem with the
    line and column of the first byte that is not UTF-8."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        return Problem(
            path,
            f"not UTF-8 text: byte 0x{raw[exc.start]:02X} cannot be decoded; "
            "save the file as UTF-8",
            line=line,
            column=column,
        )


def read_data_text(path: Path, limit: int = MAX_FILE_BYTES) -> str | Problem:
    """`read_data_bytes` then `decode_text`: the file's text, or the Problem."""
    raw = read_data_bytes(path, limit)
    return raw if isinstance(raw, Problem) else decode_text(path, raw)
