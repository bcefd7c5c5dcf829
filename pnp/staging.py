"""A kit written whole or not at all (pnp.build, pnp.export, pnp.export_data): every file
is first written into a temporary folder beside the output (`_staging_folder`); only
when all of them are complete are they moved into place (`publish`, os.replace), so a
failed build (bad data, a full disk, a kill) leaves the previous files untouched, and
the next build removes the temporary folders a killed build left behind.
"""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
from pathlib import Path

from pnp.core.errors import PnpError
from pnp.core.file_kinds import kind_of
from pnp.core.outfile import refused, through_links
from pnp.core.shown import PATH_LIMIT, quoted
from pnp.layout.first_page import FIRST_PAGE

#: The files of a kit `pnp build` writes besides its extras.
OUTPUTS = ("cards.pdf", "rules.pdf", "booklet.pdf", FIRST_PAGE)


STAGING_PREFIX = ".building-"


def _staging_folder(target: Path) -> Path:
    """Create `target` if needed and a fresh temporary folder inside it, named for this
    process (`.building-<pid>-…`), after removing the staging folders that builds killed
    before they finished left behind (`remove_stale_staging`). PnpError if the output
    folder cannot be used (a file in the way, no permission, ...)."""
    try:
        for folder in (target.parent, target):
            if folder.exists() and not folder.is_dir():
                raise PnpError(
                    f"cannot write the kit: {quoted(folder, PATH_LIMIT)} is a file, not a folder"
                )
        for name in OUTPUTS:  # each is replaced: only a regular file may be
            refused(target / name, "cannot write the kit")
        through_links(target)
        target.mkdir(parents=True, exist_ok=True)
        remove_stale_staging(target)
        return Path(tempfile.mkdtemp(prefix=f"{STAGING_PREFIX}{os.getpid()}-", dir=target))
    except OSError as exc:
        raise PnpError(
            f"cannot write the kit to {quoted(target, PATH_LIMIT)}: {exc.strerror or exc}"
        ) from None


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # it exists but belongs to someone else
        return True
    return True


def remove_stale_staging(target: Path) -> list[Path]:
    """Remove the `.building-*` folders in `target` whose build is no longer running (the
    pid in the name is gone, or the name has none); a running build's folder is kept.
    Returns the folders removed."""
    removed = []
    for folder in target.glob(f"{STAGING_PREFIX}*"):
        pid = folder.name[len(STAGING_PREFIX) :].split("-", 1)[0]
        if folder.is_dir() and not (pid.isdigit() and int(pid) != os.getpid() and _alive(int(pid))):
            shutil.rmtree(folder, ignore_errors=True)
            removed.append(folder)
    return removed


def _replaceable(new: Path, old: Path) -> None:
    """PnpError unless `old` may be replaced by `new`: absent, or of the same kind (a
    regular file by a file, a folder by a folder). A FIFO, a device, a socket or a
    folder where a file goes is the user's, and is never moved or replaced."""
    if not os.path.lexists(old):
        return
    if new.is_dir() and old.is_dir() and not old.is_symlink():
        odd = _not_plain(old)
        if odd is not None:  # the folder is replaced whole: nothing odd goes with it
            raise PnpError(
                f"cannot replace the folder {quoted(old, PATH_LIMIT)}: "
                f"{quoted(odd[0], PATH_LIMIT)} in it is {odd[1]}, not a regular file; "
                "nothing was written"
            )
        return
    if new.is_dir():
        raise PnpError(
            f"cannot write {quoted(old, PATH_LIMIT)}: something that is not a folder is "
            "there; nothing was written"
        )
    refused(old, "cannot write the kit")


def _not_plain(folder: Path) -> tuple[Path, str] | None:
    """The first entry of `folder`, however deep, that is neither a regular file nor a
    folder (a FIFO, a device, a socket, a link), with what it is, or None."""
    for root, dirs, files in os.walk(folder):
        for name in (*dirs, *files):
            path = Path(root) / name
            mode = os.lstat(path).st_mode
            if stat.S_ISLNK(mode):
                return path, "a symbolic link"
            if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
                return path, kind_of(mode)
    return None


def publish(staging: Path, target: Path, names: tuple[str, ...]) -> None:
    """Move every finished file from `staging` into `target`, all or nothing: the files
    being replaced are set aside first and put back if any move fails. Raises PnpError."""
    for name in names:  # checked again here: the build took a while
        _replaceable(staging / name, target / name)
    set_aside: list[tuple[Path, Path]] = []
    placed: list[Path] = []
    try:
        for name in names:
            final, old = target / name, staging / f"{name}.previous"
            if final.exists():
                os.replace(final, old)
                set_aside.append((old, final))
            os.replace(staging / name, final)
            placed.append(final)
    except OSError as exc:
        for final in placed:
            final.unlink(missing_ok=True)
        for old, final in set_aside:
            os.replace(old, final)
        raise PnpError(
            f"cannot write the kit to {quoted(target, PATH_LIMIT)}: "
            f"{exc.strerror or exc}; the previous files are unchanged"
        ) from None
