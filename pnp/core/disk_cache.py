"""The one folder where pnp keeps what it made once and reuses (issue 41 item 4, "pictures
cost nothing twice"): SVG conversions (pnp.data.svg_cache) and the rule files of a build
(pnp.render.rule_files), each under a folder of its own named by what made it.

Where: the folder named by $HACKPACK_CACHE_DIR when it is set (the tests point it at a
temporary folder, so they never touch the user's cache), else platformdirs' user cache
folder for "hackpack" (~/.cache/hackpack on Linux).

An entry is one file: its first line the SHA-256 of the rest, written to a temporary
file in its own folder and moved into place (os.replace), so processes running at once
each read a whole entry or none; a missing, damaged, truncated or unreadable entry reads
as none, and a folder that cannot be written is passed over. Each kind of entry is held
to a number of them (`prune`: the least lately used go first), so the folder does not
grow with every edit a designer makes. None of it is ever reported: a cache only saves
time, and what is printed is the same with or without it.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

#: names the cache folder instead of platformdirs' user cache folder
ENV_DIR = "HACKPACK_CACHE_DIR"
#: a temporary file older than this was left by a write that was killed (`prune`)
STALE_TEMPORARY_NS = 3600 * 10**9
#: the folders this process has pruned
_pruned: set[str] = set()


def cache_folder() -> Path:
    """The folder of the caches: $HACKPACK_CACHE_DIR when set and not blank, else
    platformdirs' user cache folder for "hackpack" (a relative XDG_CACHE_HOME is ignored,
    as the XDG spec says)."""
    named = os.environ.get(ENV_DIR, "")
    if named.strip():
        return Path(os.path.expanduser(named))
    from platformdirs import user_cache_dir

    found = user_cache_dir("hackpack", appauthor=False)
    if not os.path.isabs(found):
        found = os.path.join(os.path.expanduser("~"), ".cache", "hackpack")
    return Path(found)


def read_checked(path: Path | str) -> bytes | None:
    """The body of the entry file at `path` when its first line is the body's SHA-256;
    None when it is missing, unreadable or damaged."""
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except OSError:
        return None
    check, _, body = raw.partition(b"\n")
    return body if hashlib.sha256(body).hexdigest().encode() == check else None


def read_headed(path: Path | str) -> tuple[dict, bytes] | None:
    """An entry `write_headed` wrote: (its head, a JSON object, and the bytes after its
    line), or None when it is missing, damaged or its head is no JSON object."""
    body = read_checked(path)
    if body is None:
        return None
    head, _, rest = body.partition(b"\n")
    try:
        about = json.loads(head)
    except ValueError:
        return None
    return (about, rest) if isinstance(about, dict) else None


def write_headed(path: Path, head: dict, body: bytes, keep: int | None = None) -> None:
    """`write_checked` of `body` under a line holding `head` as JSON (`read_headed`)."""
    write_checked(path, json.dumps(head).encode() + b"\n" + body, keep)


def write_checked(path: Path, body: bytes, keep: int | None = None) -> None:
    """Write `body` under its SHA-256 to `path`, whole or not at all (a temporary file in
    the same folder, moved into place); a folder that cannot be written is passed over.
    With `keep`, the folder is first cut to its newest `keep` - 1 entries (`prune`), so
    it holds `keep` with this one (more only as one process writes several)."""
    if keep is not None:
        prune(path.parent, keep - 1)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(
            dir=path.parent, prefix=f".{path.stem[:16]}", suffix=".tmp"
        )
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(hashlib.sha256(body).hexdigest().encode() + b"\n" + body)
            os.replace(temporary, path)
        except BaseException:
            os.unlink(temporary)
            raise
    except OSError:
        pass


def prune(folder: Path, keep: int) -> None:
    """Remove the oldest entries of `folder` (files, or folders such as a translated
    game's; by modification time: `used` renews it) beyond the newest `keep`, and
    temporary files a write killed half-way left there an
    hour or more ago; once per folder and process (a build writes many entries), and
    never an error (an entry another process removes first, or is reading, is fine: a
    file open for reading stays whole)."""
    if str(folder) in _pruned:
        return
    _pruned.add(str(folder))
    try:
        with os.scandir(folder) as found:
            files = [(e.stat().st_mtime_ns, e.name, e.path, e.is_dir()) for e in found]
    except OSError:
        return
    stale = time.time_ns() - STALE_TEMPORARY_NS
    temporary = [f for f in files if f[1].startswith(".") and f[1].endswith(".tmp")]
    entries = sorted((f for f in files if not f[1].startswith(".")), reverse=True)
    for _, _, path, folder_entry in entries[keep:] + [f for f in temporary if f[0] < stale]:
        try:
            if folder_entry:
                shutil.rmtree(path, ignore_errors=True)
            else:
                os.unlink(path)
        except OSError:
            pass


def used(path: Path | str) -> None:
    """Mark the entry at `path` as just used, so `prune` keeps it among the newest."""
    try:
        os.utime(path)
    except OSError:
        pass


def module_stamps(package: str = "pnp") -> list[list] | None:
    """[file, size, modification time] of every module of `package` (a top-level
    package's name) this process has loaded, sorted (what an entry made with them keeps,
    as Python checks its bytecode); None when one of them cannot be looked at."""
    stamps = []
    inside = package + "."
    for name, module in list(sys.modules.items()):
        path = getattr(module, "__file__", None)
        if (name == package or name.startswith(inside)) and path:
            try:
                info = os.stat(path)
            except OSError:
                return None
            stamps.append([path, info.st_size, info.st_mtime_ns])
    return sorted(stamps)


def unchanged(stamps: Any) -> bool:
    """Whether every file `stamps` lists (`module_stamps`) is still the same size and age."""
    for path, size, mtime in stamps:
        try:
            info = os.stat(path)
        except OSError:
            return False
        if info.st_size != size or info.st_mtime_ns != mtime:
            return False
    return True


def file_stamp(path: Path | str) -> list:
    """[path, size, modification time] of a file, or [path] when it cannot be looked at."""
    try:
        info = os.stat(path)
    except OSError:
        return [str(path)]
    return [str(path), info.st_size, info.st_mtime_ns]
