"""Seeded mutations of a game's data folder, for the `pnp` fuzz test (issue 9).

`mutate(folder, rng)` applies one or more mutations to a copy of a game's folder and
returns their names. Each mutation is one kind of bad input a user can produce: a
truncated or junk-filled file, a value of the wrong type, a huge or negative number,
NaN, deep nesting, a long string, control or markup characters, a missing file, or a
special file in a data file's place. Game-neutral: it reads whatever files the folder
holds.
"""

from __future__ import annotations

import os
import random
import re
from pathlib import Path

_KEY_LINE = re.compile(r"^(\s*[A-Za-z0-9_-]+\s*=\s*)(.+)$")

VALUES = [
    '""',
    '" "',
    '"x"',
    "0",
    "-1",
    "-9999999999",
    "99999999999999999999",
    "9" * 5000,
    "nan",
    "inf",
    "-inf",
    "1.5",
    "-0.0",
    "true",
    "1979-05-27",
    "07:32:00",
    "[]",
    '[1, "a"]',
    '["a", "b"]',
    "{}",
    "{ a = 1 }",
    "[" * 40 + "]" * 40,
    "[" * 600 + "]" * 600,
    '"' + "x" * 5000 + '"',
    '"' + "word " * 400 + '"',
    '"\\u0001"',
    '"a\\tb"',
    '"a\\rb"',
    '"extra\\u00adordinary"',
    '"a\\u200bb"',
    '"\\u202eevil"',
    '"\\ufeffbom"',
    '"<b>&amp;</b> **x** <font size=99>"',
    '"\\\\"',
    '"#GGGGGG"',
    '"#000000"',
    '"#FFFFFF"',
    '"\U0001f469\u200d\U0001f4bb"',
    '"漢字"',
    '"a\\nb\\nc\\nd\\ne\\nf\\ng"',
    '"smart-tv"',
    '"UPPER-case id"',
    '"poker"',
    '"mini"',
    '"tarot"',
]

RULEBOOK_LINES = [
    "# ",
    "## ",
    "### x",
    "1. ",
    "99999999999. big",
    "- **open bold",
    "**",
    "<para>",
    "&amp; <b>",
    "\t\tindented",
    "\u00adsoft",
    "\u202e",
    "x" * 20_000,
    "- " * 500,
    "1. one\n2. two\n- mixed",
    "",
    "#no space",
    "####### deep",
]


def _replace_value(path: Path, rng: random.Random) -> str:
    lines = path.read_text(encoding="utf-8", errors="surrogateescape").split("\n")
    keyed = [i for i, line in enumerate(lines) if _KEY_LINE.match(line)]
    if not keyed:
        return "nothing to replace"
    i = rng.choice(keyed)
    value = rng.choice(VALUES)
    lines[i] = _KEY_LINE.sub(lambda m: m.group(1) + value, lines[i])
    path.write_text("\n".join(lines), encoding="utf-8", errors="surrogateescape")
    return f"value {value[:20]!r} on line {i + 1}"


def _truncate(path: Path, rng: random.Random) -> str:
    raw = path.read_bytes()
    cut = rng.randrange(len(raw) + 1)
    path.write_bytes(raw[:cut])
    return f"truncated at byte {cut}"


def _junk(path: Path, rng: random.Random) -> str:
    raw = path.read_bytes()
    at = rng.randrange(len(raw) + 1)
    junk = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 16)))
    path.write_bytes(raw[:at] + junk + raw[at:])
    return f"junk bytes at {at}"


def _line_edit(path: Path, rng: random.Random) -> str:
    lines = path.read_text(encoding="utf-8", errors="surrogateescape").split("\n")
    i = rng.randrange(len(lines))
    if rng.random() < 0.5:
        del lines[i]
        what = "deleted"
    else:
        lines.insert(i, lines[rng.randrange(len(lines))])
        what = "duplicated a line at"
    path.write_text("\n".join(lines), encoding="utf-8", errors="surrogateescape")
    return f"{what} line {i + 1}"


def _rulebook_line(path: Path, rng: random.Random) -> str:
    lines = path.read_text(encoding="utf-8", errors="surrogateescape").split("\n")
    i = rng.randrange(len(lines) + 1)
    new = rng.choice(RULEBOOK_LINES)
    lines.insert(i, new)
    path.write_text("\n".join(lines), encoding="utf-8", errors="surrogateescape")
    return f"rulebook line {new[:20]!r}"


def _special(path: Path, rng: random.Random) -> str:
    kind = rng.choice(["missing", "empty", "fifo", "folder", "zero", "urandom", "outside", "bom"])
    raw = path.read_bytes()
    path.unlink()
    if kind == "empty":
        path.write_bytes(b"")
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    elif kind in ("zero", "urandom"):
        path.symlink_to(f"/dev/{kind}")
    elif kind == "outside":
        outside = path.parent.parent / f"outside-{path.name}"
        outside.write_bytes(raw)
        path.symlink_to(outside)
    elif kind == "bom":
        path.write_bytes(b"\xef\xbb\xbf" + raw)
    return f"{kind} file"


TEXT_MUTATIONS = (_replace_value, _replace_value, _replace_value, _truncate, _junk, _line_edit)


def mutate(folder: Path, rng: random.Random, count: int = 1) -> list[str]:
    """Apply `count` random mutations to the files of game folder `folder`; return what
    was done, "<file>: <mutation>" each."""
    done = []
    for _ in range(count):
        files = sorted(p for p in folder.iterdir() if p.is_file() and not p.is_symlink())
        if not files:
            break
        path = rng.choice(files)
        if rng.random() < 0.12:
            op = _special
        elif path.suffix == ".md":
            op = rng.choice((_rulebook_line, _rulebook_line, _truncate, _junk))
        else:
            op = rng.choice(TEXT_MUTATIONS)
        done.append(f"{path.name}: {op(path, rng)}")
    return done
