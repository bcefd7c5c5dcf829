"""Read a TOML data file (pnp.data.files: a regular file in its folder, at most 1 MiB,
UTF-8) and remember on which line each table and key sits (pnp.core.toml_text, which
both tools share)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnp.core.errors import Problem
from pnp.core.toml_text import LineIndex, TableLines, parse_toml
from pnp.data import toml_cache
from pnp.data.files import read_data_text

__all__ = [
    "LineIndex",
    "TableLines",
    "TomlFile",
    "parse_toml_file",
    "read_toml",
]  # the first two re-exported


@dataclass
class TomlFile:
    """A parsed TOML file: its path, its data and where its tables sit."""

    path: Path
    data: dict
    lines: LineIndex


def read_toml(path: Path) -> TomlFile | Problem:
    """Parse `path` (read by pnp.data.files: a regular file in its folder, at most 1 MiB,
    UTF-8 with or without a byte-order mark); return the file, or a Problem with
    file:line:column on a syntax error, values nested more than MAX_NESTING deep, or a
    number too long to read or not in plain digits (pnp.core.toml_text.parse_toml)."""
    text = read_data_text(path)
    if isinstance(text, Problem):
        return text
    return parse_toml_file(path, text)


def parse_toml_file(path: Path, text: str) -> TomlFile | Problem:
    """`text`, the contents of `path` read elsewhere, parsed as `read_toml` parses a
    file: the TomlFile, or the Problem (pnp.core.toml_text.parse_toml); a text parsed
    before is read from pnp.data.toml_cache."""
    kept = toml_cache.kept(text)
    if kept is not None:
        return TomlFile(path, *kept)
    parsed = parse_toml(path, text)
    if isinstance(parsed, Problem):
        return parsed
    toml_cache.keep(text, *parsed)
    return TomlFile(path, *parsed)
