"""A kit's faces checked once per input (issue 41 item 4: "face checks are not done
twice for the same input"): what checking every face of a kit found (pnp.validate.
FaceChecks: its problems, none for a kit that builds) is kept in pnp.core.disk_cache's
folder (faces/<key>), and `pnp build` of the same kit from the same files with the same
options reads it instead of checking each face again as it draws it.

Key (`checks_key`): the kit's class, its data folder and every file in it (path and
the SHA-256 of its bytes: its tables, layouts, pictures and fonts, so an edit is seen
however quickly it follows the last build), the build options that shape a face (card
size, bleed, ink saver, safe area, sheet), the package's font files, the modules of a
kit from another package than pnp (a game package's own faces), and the versions of
Python, reportlab and Pillow. An entry is used only while none of pnp's modules the
checking process had loaded has changed (pnp.core.disk_cache.module_stamps). A folder
holding a link to another folder, more than MAX_FILES files or MAX_BYTES bytes is
checked each time, and so is a kit whose checks read a picture's pixels (a text over
art: what the rasteriser makes of it is not in the key). A missing or damaged entry is
a miss; what the build prints and reports is the same with or without it.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path
from typing import Any

from pnp.core.disk_cache import (
    cache_folder,
    file_stamp,
    module_stamps,
    read_checked,
    unchanged,
    used,
    write_checked,
)
from pnp.core.errors import Problem
from pnp.fonts import BOLD, ITALIC, REGULAR, font_file

#: the most kits' checks kept (pnp.core.disk_cache.prune)
KEEP = 256
#: a data folder holding more files than this is checked each time (listing it costs)
MAX_FILES = 5000
#: nor one holding more bytes than this (reading them all costs more than the checks)
MAX_BYTES = 64 * 1024 * 1024


def checks_key(kit: Any, folder: Path, options: Any) -> str | None:
    """The key of the checks of `kit`'s faces from `folder` built with `options` (a
    pnp.build.BuildOptions), or None when they are not kept (`_listing`)."""
    import PIL
    import reportlab

    files = _listing(folder)
    package = type(kit).__module__.partition(".")[0]
    own_code = module_stamps(package) if package != "pnp" else []
    if files is None or own_code is None:
        return None
    shape = [
        sorted(options.spec.__dict__.items()),
        options.card_size,
        options.ink_saver,
        options.max_dpi,
        options.safe_mm,
    ]
    described = json.dumps(
        [
            f"{type(kit).__module__}.{type(kit).__qualname__}",
            str(folder),
            files,
            own_code,
            repr(shape),
            [file_stamp(font_file(style)) for style in (REGULAR, BOLD, ITALIC)],
            [list(sys.version_info[:3]), reportlab.Version, PIL.__version__],
        ]
    )
    return hashlib.sha256(described.encode()).hexdigest()


def _listing(folder: Path) -> list[list] | None:
    """[relative path, SHA-256 of its bytes] of every file under `folder`, sorted; None
    when it holds a link to a folder, more than MAX_FILES files or MAX_BYTES bytes, or
    cannot be read."""
    found: list[list] = []
    room = MAX_BYTES
    try:
        for top, dirs, names in os.walk(folder):
            for d in dirs:
                if os.path.islink(os.path.join(top, d)):
                    return None
            for name in names:
                path = os.path.join(top, name)
                room -= os.stat(path).st_size
                if room < 0:
                    return None
                with open(path, "rb") as f:
                    digest = hashlib.sha256(f.read()).hexdigest()
                found.append([os.path.relpath(path, folder), digest])
            if len(found) > MAX_FILES:
                return None
    except OSError:
        return None
    return sorted(found)


def pixels_read() -> int:
    """How many times this process has read texts against a picture's pixels
    (pnp.render.contrast_pixels, loaded only to do so): a kit whose checks did is not
    kept, the rasteriser not being in its key."""
    module = sys.modules.get("pnp.render.contrast_pixels")
    return module.ArtPixels.reads if module is not None else 0


def _path(key: str) -> Path:
    return Path(os.path.join(cache_folder(), "faces", key))


def kept_problems(key: str | None) -> list[Problem] | None:
    """The problems kept under `key`, or None: none kept, damaged, or found by a pnp
    whose modules have changed since."""
    path = _path(key) if key is not None else None
    body = read_checked(path) if path is not None else None
    if path is None or body is None:
        return None
    try:
        entry = json.loads(body)
        if not unchanged(entry["code"]):
            return None
        problems = [decoded(p) for p in entry["problems"]]
        used(path)
        return problems
    except (ValueError, TypeError, KeyError, IndexError):
        return None


def keep_problems(key: str | None, problems: list[Problem]) -> None:
    """Keep `problems`, everything checking the kit's faces found, under `key`."""
    code = module_stamps()
    if key is None or code is None:
        return
    found = [encoded(p) for p in problems]
    write_checked(_path(key), json.dumps({"problems": found, "code": code}).encode(), KEEP)


def encoded(problem: Problem) -> list:
    """`problem` as JSON: its fields in order, its file as [text, whether a Path]."""
    file = problem.file
    return [None if file is None else [str(file), isinstance(file, Path)], *problem[1:]]


def decoded(raw: list) -> Problem:
    """The Problem `encoded` gave `raw` for."""
    file, *rest = raw
    return Problem(None if file is None else Path(file[0]) if file[1] else file[0], *rest)
