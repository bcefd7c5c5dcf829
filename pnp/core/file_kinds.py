"""What a path is when it is not a regular file, in words, for every message that
refuses one: a data file read, a picture, a font, an output written (pnp.core.outfile)
and the score keeper's own files."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
)


def kind_of(mode: int) -> str:
    """What a file of `st_mode` `mode` is, in words: "a folder", "a named pipe (FIFO)"..."""
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


def not_a_file(path: Path) -> str | None:
    """Why an output may not be written at `path`, or None: it is there and is not a
    regular file (a folder, a FIFO, a device, a socket), or it is a link that leads
    nowhere. Renaming a new file over it would replace it (a device node such as
    /dev/full becomes a plain file), and writing into it could block or never end."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        if os.path.islink(path):
            return "it is a link to a file that does not exist"
        return None
    except OSError as exc:
        if exc.errno == errno.ELOOP and os.path.islink(path):  # itself, not a folder on the way
            return "it is a link that leads round in a loop"
        return None  # a folder on the way (a file, a loop...): the write says so itself
    if stat.S_ISREG(info.st_mode):
        return None
    return f"it is {kind_of(info.st_mode)}, not a regular file"


def lookup_problem(path: Path) -> str | None:
    """Why the system cannot even look `path` up, in its words ("File name too long", a
    loop of links, no permission on a folder on the way), or None: it is there, or it
    simply is not (Path.exists and is_dir raise for the first kind, not the second)."""
    try:
        os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as exc:
        return exc.strerror or str(exc)
    return None
