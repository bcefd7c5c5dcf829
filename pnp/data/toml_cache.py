"""A data file's TOML parsed once per content (issue 41 item 4, "nothing done twice"):
pnp.core.toml_text reads TOML with tomllib, in pure Python, at about a megabyte a
second; what it made of a file that parsed without a problem is kept in
pnp.core.disk_cache's folder (toml/<version>/<key>), and the next read of the same
text, by any build or command, loads it (`kept`) instead of parsing it again.

Key: the SHA-256 of the text, of the source of pnp.core.toml_text and of this module
(so a change of how TOML is read or checked never reads an old entry), and Python's
version (tomllib's). An entry is JSON: the values (kept only when every one is JSON's:
strings, numbers, booleans, arrays and tables; a file holding a date is parsed each
time) and the LineIndex, each table's lines once, by position, so the tables that
share one in the index still share it. Equal strings of the values are made one object
again, as pnp.core.toml_text does for a big deck. A missing, damaged or unreadable
entry is a miss, a cache folder that cannot be written is passed over
(pnp.core.disk_cache), and what is read is the same with or without it.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path
from typing import Any

from pnp.core import toml_text
from pnp.core.disk_cache import cache_folder, read_checked, write_checked
from pnp.core.toml_text import LineIndex, TableLines

_code: str | None = None  # the digest of the code that reads TOML, found once

#: the most parsed files kept (pnp.core.disk_cache.prune)
KEEP = 1024


def _code_digest() -> str:
    global _code
    if _code is None:
        digest = hashlib.sha256(repr(sys.version_info[:3]).encode())
        for module in (toml_text.__file__, __file__):
            with open(module, "rb") as f:
                digest.update(f.read())
        _code = digest.hexdigest()
    return _code


def _path(text: str) -> Path | None:
    try:
        code = _code_digest()
    except OSError:  # no source to read: nothing is kept
        return None
    key = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
    return Path(os.path.join(cache_folder(), "toml", code[:16], key))


def kept(text: str) -> tuple[dict, LineIndex] | None:
    """What pnp.core.toml_text.parse_toml made of `text` before, or None."""
    path = _path(text)
    body = read_checked(path) if path is not None else None
    if body is None:
        return None
    try:
        entry = json.loads(body)
        data = entry["data"]
        if type(data) is not dict:
            return None
        return _shared(data), _index(entry["lines"])
    except (ValueError, TypeError, KeyError, IndexError):
        return None


def keep(text: str, data: dict, lines: LineIndex) -> None:
    """Keep what parse_toml made of `text` (`data`, `lines`), when its values are JSON's."""
    path = _path(text)
    if path is None:
        return
    try:
        body = json.dumps({"data": data, "lines": _encoded(lines)}, allow_nan=False)
    except (TypeError, ValueError):  # a date, a time: parsed each time
        return
    write_checked(path, body.encode(), KEEP)


def _encoded(index: LineIndex) -> dict:
    """The index as JSON: each TableLines once ("at": [line, keys]), named by position."""
    order: dict[int, int] = {}
    at: list[list] = []

    def ref(lines: TableLines) -> int:
        if id(lines) not in order:
            order[id(lines)] = len(at)
            at.append([lines.line, lines.keys])
        return order[id(lines)]

    return {
        "top": ref(index.top),
        "arrays": {k: [ref(t) for t in v] for k, v in index.arrays.items()},
        "tables": {k: ref(t) for k, t in index.tables.items()},
        "every": {k: [ref(t) for t in v] for k, v in index.every.items()},
        "at": at,
    }


def _index(raw: dict) -> LineIndex:
    at = [
        TableLines(int(line), {sys.intern(k): int(v) for k, v in keys.items()})
        for line, keys in raw["at"]
    ]
    return LineIndex(
        arrays={k: [at[i] for i in v] for k, v in raw["arrays"].items()},
        tables={k: at[i] for k, i in raw["tables"].items()},
        top=at[raw["top"]],
        every={k: [at[i] for i in v] for k, v in raw["every"].items()},
    )


def _shared(data: dict) -> dict:
    """`data` with equal strings made one object, in place (pnp.core.toml_text does so
    as it parses: a deck repeats its values thousands of times)."""
    shared: dict[str, str] = {}
    stack: list[Any] = [data]
    while stack:
        container = stack.pop()
        places = container.items() if type(container) is dict else enumerate(container)
        for place, value in places:
            kind = type(value)
            if kind is str:
                container[place] = shared.setdefault(value, value)
            elif kind is dict or kind is list:
                stack.append(value)
    return data
