"""Doing it again on save: `pnp build --watch` and `pnp preview --watch` run their work
once, then again after every batch of changes to the files of the game folders, until
they are stopped (Ctrl-C, or a stop event).

Changes are seen by the `watchfiles` library (Rust's `notify`: inotify, FSEvents or
ReadDirectoryChangesW, polling where none works) and debounced by it: a batch closes
once the folders have been quiet for STEP_MS, or DEBOUNCE_MS after its first change,
so an editor's save (a temporary file, a rename, a touch) is one batch and one
rebuild. Its default filter leaves out editors' swap and backup files, `.git` and
`__pycache__`, and office suites' lock files (LOCK_FILES); the folders passed as `ignore` (the output folder, when it lies inside
a game folder) are left out too, so writing the kit does not start it again. A
PnpError of one run (bad data: a TOML syntax error while a file is half edited) is
handed to `failed` and watching goes on; the next save tries again.
Source: shared/DESIGN.md, "The designer's workbench"; issue 25, item 4.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from pnp.core.errors import PnpError

#: Quiet time that closes a batch of changes, and the longest a batch is grouped (ms).
STEP_MS, DEBOUNCE_MS = 100, 1600
#: How long the watcher waits for a change before it says it is watching (ms); it also
#: bounds how late a stop event is seen when nothing changes.
READY_MS = 200


def _inside(path: str, folders: Sequence[str]) -> bool:
    return any(path == f or path.startswith(f + os.sep) for f in folders)


#: File names left out besides watchfiles' own (editors' swap and backup files): the
#: lock files office suites keep beside a spreadsheet while it is open.
LOCK_FILES = (r"^\.~lock\..*#$", r"^~\$")


def change_filter(ignore: Sequence[Path]) -> Callable[[Any, str], bool]:
    """watchfiles' default filter (editor swap and backup files, `.git`, `__pycache__` and
    the like left out) with LOCK_FILES, leaving out every path inside the `ignore`
    folders too."""
    from watchfiles import DefaultFilter

    default = DefaultFilter(
        ignore_entity_patterns=(*DefaultFilter.ignore_entity_patterns, *LOCK_FILES)
    )
    ignored = [os.path.realpath(f) for f in ignore]

    def wanted(change: Any, path: str) -> bool:
        return default(change, path) and not _inside(os.path.realpath(path), ignored)

    return wanted


def watch(
    folders: Sequence[Path],
    run: Callable[[frozenset[Path]], None],
    failed: Callable[[PnpError], None],
    ready: Callable[[], None] = lambda: None,
    ignore: Sequence[Path] = (),
    stop_event: Any = None,
) -> None:
    """Call `run(frozenset())` once, `ready()` as soon as the folders are watched, then
    `run(changed)` after each debounced batch of changes to files in `folders` (the set
    of paths changed: added, modified or deleted), until `stop_event` (anything with
    `is_set()`, such as a threading.Event) is set, or KeyboardInterrupt (Ctrl-C, raised
    to the caller). A PnpError raised by `run` goes to `failed(exc)` and watching goes on.
    FileNotFoundError if a folder does not exist."""
    from watchfiles import watch as changes_in

    _attempt(run, frozenset(), failed)
    waiting = True
    for changes in changes_in(
        *(os.path.abspath(f) for f in folders),
        watch_filter=change_filter(ignore),
        debounce=DEBOUNCE_MS,
        step=STEP_MS,
        stop_event=stop_event,
        rust_timeout=READY_MS,
        yield_on_timeout=True,
    ):
        if waiting:  # the first batch or time-out: the folders are watched from now on
            waiting = False
            ready()
        changed = lasting(changes)
        if changed:
            _attempt(run, changed, failed)


def lasting(changes: set[tuple[Any, str]]) -> frozenset[Path]:
    """The paths of a batch of watchfiles changes ((Change, path) pairs) but those of
    files made and removed within it and gone now (an editor's or sed's temporary
    file, a lock file): a batch of nothing else needs no run."""
    from watchfiles import Change

    made = {path for change, path in changes if change == Change.added}
    removed = {path for change, path in changes if change == Change.deleted}
    passing = {path for path in made & removed if not os.path.lexists(path)}
    return frozenset(Path(path) for _, path in changes if path not in passing)


def _attempt(
    run: Callable[[frozenset[Path]], None], changed: frozenset[Path], failed: Callable
) -> None:
    try:
        run(changed)
    except PnpError as exc:
        failed(exc)
