"""One output file written whole or not at all: the bytes go to a new hidden file beside
the target and are renamed over it (os.replace), so a failure leaves the previous file
as it was (developers' guide: "nothing already written is lost")."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

from pnp.core.errors import PnpError
from pnp.core.file_kinds import not_a_file
from pnp.core.shown import PATH_LIMIT, quoted


def _refuse_in_the_way(target: Path) -> None:
    """PnpError when `target`'s folder is a file, or `target` is there and is not a
    regular file (a folder, a FIFO, a device, a socket, a link to nothing): renaming
    a new file over it would replace it (a device such as /dev/full would become a
    plain file)."""
    folder = target.parent
    if folder.exists() and not folder.is_dir():
        raise PnpError(
            f"cannot write {target.name}: {quoted(folder, PATH_LIMIT)} is a file, not a folder"
        )
    refused(target, f"cannot write {target.name}")


def refused(target: Path, doing: str) -> None:
    """PnpError "DOING: 'TARGET' is a named pipe (FIFO), not a regular file; nothing was
    written" when `target` is there and is not a regular file (pnp.core.file_kinds)."""
    why = not_a_file(target)
    if why:
        shown = why.removeprefix("it ")
        raise PnpError(f"{doing}: {quoted(target, PATH_LIMIT)} {shown}; nothing was written")


def in_the_way(path: Path, is_file: bool, what: str) -> None:
    """PnpError when something of the other kind holds the name `path` of `what` a
    command writes, a file (`is_file`) or a folder: a folder called cards-single.pdf, a
    file called png; it is the user's, so it is not replaced. A file is only ever
    written over a regular file (`refused`)."""
    if is_file:  # a regular file, or nothing: never a folder, a FIFO or a device
        refused(path, f"cannot write {what}")
        return
    if path.is_symlink() or not path.exists():
        return
    if not path.is_dir():
        raise PnpError(
            f"cannot write {what}: {quoted(path, PATH_LIMIT)} is a file, not the folder "
            f"{what} writes"
        )


def through_links(folder: Path) -> None:
    """OSError for a folder on the way to `folder` that is a link which leads nowhere: a
    loop (ELOOP, "Too many levels of symbolic links") or a missing target, where
    mkdir would only say "File exists"."""
    for part in (folder, *folder.parents):
        if part.is_symlink():
            try:
                os.stat(part)
            except FileNotFoundError:
                raise FileNotFoundError(
                    2, f"{quoted(part, PATH_LIMIT)} is a link to a folder that does not exist"
                ) from None


def _temporary(target: Path) -> Path:
    return target.parent / f".{target.stem}-{os.getpid()}-{os.urandom(4).hex()}{target.suffix}"


def _failed(target: Path, exc: OSError, existed: bool) -> PnpError:
    kept = "the previous file is unchanged" if existed else "nothing was written"
    return PnpError(f"cannot write {quoted(target, PATH_LIMIT)}: {exc.strerror or exc}; {kept}")


def check_writable(target: Path) -> None:
    """Make sure `write_whole(target, ...)` can start, creating nothing: `target`'s
    nearest folder that exists (its own, or the one its missing folders would go in)
    takes a new file (made and removed at once — permission bits say nothing to root).
    For work that takes long before it writes. PnpError as `write_whole`."""
    target = Path(target)
    _refuse_in_the_way(target)
    folder = target.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    probe = folder / _temporary(target).name
    try:
        through_links(target.parent)
        if not folder.is_dir():
            raise NotADirectoryError(20, "Not a directory")
        os.close(os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
        probe.unlink()
    except OSError as exc:
        raise _failed(target, exc, target.exists()) from None


def write_whole(target: Path, write: Callable[[BinaryIO], None]) -> Path:
    """Create `target`'s folder if needed, call `write(stream)` on a new hidden file in
    it (`.<stem>-<pid>-<hex><suffix>`, opened with O_EXCL so no file or link already there
    is written through) and rename that file over `target`. Returns `target`.

    PnpError (the previous file, if any, unchanged) when the folder is a file, `target`
    is a folder, or the disk refuses (no space, no permission, ...)."""
    target = Path(target)
    _refuse_in_the_way(target)
    existed = target.exists()
    temporary = _temporary(target)
    try:
        through_links(target.parent)
        target.parent.mkdir(parents=True, exist_ok=True)
        # 0o666 less the umask, as any other output file gets
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        try:
            with os.fdopen(fd, "wb") as stream:
                write(stream)
            os.replace(temporary, target)
        finally:
            temporary.unlink(missing_ok=True)
    except OSError as exc:
        raise _failed(target, exc, existed) from None
    return target
