"""TOML text read as both tools read it: its values (tomllib), the line on which each
table and key sits, and the checks every data file gets (syntax with line and column,
nesting depth, numbers only in plain decimal digits). Pure: it reads no file, so the
score keeper (which imports nothing of pnp but the core) reads a game.toml the same way
pnp does (pnp.data.toml_source opens the files).

`tomllib` gives values but no positions; `LineIndex` recovers the line of every
`[[table]]` header and of each `key =` inside it, so a problem can name file:line.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10 and older
    import tomli as tomllib

from pnp.core.errors import Problem

_ARRAY_HEADER = re.compile(r"^\s*\[\[\s*([A-Za-z0-9_.-]+)\s*\]\]")
_TABLE_HEADER = re.compile(r"^\s*\[\s*([A-Za-z0-9_.-]+)\s*\]")
_KEY = re.compile(r'^\s*(?:([A-Za-z0-9_-]+)|"([^"\\]*)")\s*=')  # bare or "quoted"
_DECODE_POSITION = re.compile(r"\(at line (\d+), column (\d+)\)")


@dataclass
class TableLines:
    """Where one table sits: its header line and the line of each of its keys (1-based)."""

    line: int
    keys: dict[str, int] = field(default_factory=dict)

    def of(self, key: str | None) -> int:
        """The line of `key`, or of the table header when the key is absent or None."""
        return self.keys.get(key, self.line) if key else self.line


@dataclass
class LineIndex:
    """Line numbers of a TOML file's tables: `arrays[name][i]` is the i-th `[[name]]`,
    `tables[name]` the last `[name]` and `every[name]` each `[name]` in file order (a
    sub-table of an array's item, `[tables.fields]` after each `[[tables]]`, repeats)."""

    arrays: dict[str, list[TableLines]] = field(default_factory=dict)
    tables: dict[str, TableLines] = field(default_factory=dict)
    top: TableLines = field(default_factory=lambda: TableLines(line=1))
    every: dict[str, list[TableLines]] = field(default_factory=dict)

    @classmethod
    def scan(cls, text: str) -> "LineIndex":
        """Index `text` line by line (multi-line values count from their first line); a
        table's header line is also the line of its name among the top-level keys."""
        index = cls()
        current = index.top
        for number, raw in enumerate(text.splitlines(), start=1):
            if m := _ARRAY_HEADER.match(raw):
                current = TableLines(line=number)
                index.arrays.setdefault(m.group(1), []).append(current)
                index.top.keys.setdefault(m.group(1), number)
            elif m := _TABLE_HEADER.match(raw):
                current = TableLines(line=number)
                index.tables[m.group(1)] = current
                index.every.setdefault(m.group(1), []).append(current)
                index.top.keys.setdefault(m.group(1), number)
            elif m := _KEY.match(raw):  # one string per key name, however many tables
                current.keys.setdefault(sys.intern(m.group(1) or m.group(2)), number)
        return index

    def array_item(self, name: str, i: int) -> TableLines:
        """Lines of the i-th `[[name]]` table, or of the top of the file if it is not found."""
        items = self.arrays.get(name, [])
        return items[i] if i < len(items) else self.top


MAX_NESTING = 32  # arrays and inline tables inside one another; card data uses 3


def _depth_one_copy(data: dict) -> int:
    """How deeply arrays and tables nest in `data` (a top-level key's value is level 1),
    measured iteratively, so any depth tomllib returns is measured without recursion;
    on the same walk, equal strings of `data` (keys aside) are made one object, in
    place: a deck repeats its values (categories, kinds, a card's words on its copies)
    thousands of times, and every card keeps its values as long as it is printed."""
    shared: dict[str, str] = {}
    deepest = 0
    stack: list[tuple[dict | list, int]] = [(data, 1)]  # a container, its values' level
    while stack:
        container, level = stack.pop()
        if container and level > deepest:
            deepest = level
        places = container.items() if type(container) is dict else enumerate(container)
        for place, value in places:
            kind = type(value)  # tomllib makes plain str, dict and list
            if kind is str:
                container[place] = shared.setdefault(value, value)
            elif kind is dict or kind is list:
                stack.append((value, level + 1))
    return deepest


def parse_toml(path: Path, text: str) -> tuple[dict, LineIndex] | Problem:
    """The values of the TOML `text` of the file `path` and where its tables and keys
    sit, or a Problem naming `path` with line:column on a syntax error, values nested
    more than MAX_NESTING deep, a number too long to read, or a number not written in
    plain decimal digits (`odd_number`)."""
    too_deep = Problem(
        path,
        f"values nested more than {MAX_NESTING} levels deep "
        "(arrays or inline tables inside one another)",
    )
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        line = column = None
        if m := _DECODE_POSITION.search(message):
            line, column = int(m.group(1)), int(m.group(2))
            message = _DECODE_POSITION.sub("", message).strip()
        return Problem(path, f"TOML syntax error: {message}", line=line, column=column)
    except RecursionError:
        return too_deep
    except ValueError:  # an integer of more digits than Python converts (4,300)
        return Problem(path, "TOML syntax error: a number has too many digits to read")
    if _depth_one_copy(data) > MAX_NESTING:
        return too_deep
    odd = odd_number(text)
    if odd is not None:
        line, column, token = odd
        return Problem(
            path,
            f"the number {token} is written in a form the data does not "
            "take: write whole numbers and decimals in plain digits (10, -2, "
            "0.5), without _, exponents, hex, octal, binary, inf or nan",
            line=line,
            column=column,
        )
    return data, LineIndex.scan(text)


_NUMBER = None  # compiled on first use


def odd_number(text: str) -> tuple[int, int, str] | None:
    """(line, column, token) of the first number value of the TOML `text` (already
    parsed) that is not in plain decimal digits: 1_000, 1e3, 0x10, 0o7, 0b1, inf or nan
    (TOML takes them all; the data's numbers are counts, points and millimetres, which
    the README writes as 10, -2 or 0.5), or None. Strings and comments are skipped."""
    global _NUMBER
    import re

    # the common case: no token anywhere that could be such a number, not even in a
    # string or a comment; only then is the text walked, strings and comments skipped
    if not re.search(r"(?<![\w.+-])[+-]?(?:0[xob]|inf\b|nan\b|[0-9][0-9_.]*[_eE])", text):
        return None
    if _NUMBER is None:
        _NUMBER = re.compile(
            r"(?<![\w.+-])[+-]?(?:0[xob][0-9A-Fa-f_]+|inf|nan|"
            r"[0-9][0-9_]*(?:\.[0-9_]+)?(?:[eE][+-]?[0-9_]+)?)(?![\w.:-])"
        )
    plain = re.compile(r"[+-]?[0-9]+(?:\.[0-9]+)?")
    i, n, line, start = 0, len(text), 1, 0
    code: list[tuple[int, int, str]] = []  # (line, column of its start, code text)
    piece: list[str] = []
    while i < n:
        ch = text[i]
        if text.startswith(('"""', "'''"), i):
            quote = text[i : i + 3]
            end = text.find(quote, i + 3)
            end = n if end < 0 else end + 3
            while end < n and text[end] == quote[0]:
                end += 1
            breaks = text.count("\n", i, end)
            if breaks:  # the value ends on a later line
                code.append((line, start, "".join(piece)))
                line += breaks
                start = text.rfind("\n", i, end) + 1
                piece = [" " * (end - start)]
            else:
                piece.append(" " * (end - i))
            i = end
            continue
        if ch in "\"'":
            j = i + 1
            while j < n and text[j] != ch and text[j] != "\n":
                j += 2 if ch == '"' and text[j] == "\\" else 1
            piece.append(" " * (min(j + 1, n) - i))  # a string: blanks, columns kept
            i = j + 1
            continue
        if ch == "#":
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        if ch == "\n":
            code.append((line, start, "".join(piece)))
            piece, line, start = [], line + 1, i + 1
            i += 1
            continue
        piece.append(ch)
        i += 1
    code.append((line, start, "".join(piece)))
    for number, _, chunk in code:
        head = chunk.lstrip()
        if head.startswith("["):  # a table header: its name holds no value
            continue
        value_at = chunk.find("=")
        for m in _NUMBER.finditer(chunk, value_at + 1 if value_at >= 0 else 0):
            if not plain.fullmatch(m.group()):
                return number, m.start() + 1, m.group()
    return None
