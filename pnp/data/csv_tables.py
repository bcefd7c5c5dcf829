"""Card tables in CSV files, as a spreadsheet exports them (README, "Cards from a
spreadsheet"). game.toml names them in its `[tables]` table, card table name = file:

    [tables]
    tech = "tech.csv"          # the [[tech]] cards, one a row, instead of tech.toml's

The file: UTF-8 (a byte-order mark, as Excel writes, is dropped), values separated by
commas, or by semicolons when the header row holds semicolons and no comma (Excel's
CSV in locales that write decimal commas); quoted as Python's csv module reads
LibreOffice's, Excel's and Google Sheets' files. Row 1 names the columns, each a key of
the table; every further row is one card. Each cell is read by the kind of its field
(pnp.data.schema.Field) and then checked by the same schema as TOML:
- empty (or only spaces): the field is absent, as a key not written in TOML;
- "int": whole numbers in plain digits (3, -2); "bool": true or false, any case;
- "list": items separated by `LIST_SEPARATOR` ("|"), spaces round each item dropped;
- anything else ("str", "id", "colour", an "art" path): the text as it is.
A row whose every cell is empty is skipped (spreadsheets export trailing blank rows);
row numbers are the spreadsheet's (the header is row 1), whatever line breaks the cells
hold. A table with nested fields ("table", "tables": Hack Back's effects and deck lists)
or a single `[table]` cannot be a CSV file (`refusal`). Writing is `sheet_cells` and
`write_sheet` (pnp.export_data).
"""

from __future__ import annotations

import csv
import io
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO, Protocol

from pnp.core.errors import Problem, column_letters
from pnp.core.sheet_cells import guarded, unguarded
from pnp.core.shown import described, quoted
from pnp.data.files import read_data_bytes
from pnp.data.schema import Field
from pnp.data.toml_source import TableLines, TomlFile

LIST_SEPARATOR = "|"
NESTED = ("table", "tables")  # field kinds a cell cannot hold
_WHOLE = re.compile(r"[+-]?[0-9]{1,30}")
_BOOLEANS = {"true": True, "false": False}


class Spec(Protocol):
    """What this module needs of a pnp.data.tables.TableSpec."""

    @property
    def table(self) -> str: ...
    @property
    def file(self) -> str: ...
    @property
    def fields(self) -> tuple[Field, ...]: ...
    @property
    def single(self) -> bool: ...


def refusal(spec: Spec) -> str | None:
    """Why the table of `spec` cannot be a CSV file, in words, or None when it can: a
    single `[table]`, or fields that hold tables (named)."""
    if spec.single:
        return "it is one table, not rows of cards"
    nested = [f.name for f in spec.fields if f.kind in NESTED]
    if not nested:
        return None
    names = " and ".join(quoted(n) for n in nested)
    fields = "its field" if len(nested) == 1 else "its fields"
    return f"{fields} {names} {'holds' if len(nested) == 1 else 'hold'} tables (nested)"


def sheet_files(
    game: TomlFile, specs: Sequence[Spec]
) -> tuple[dict[str, Path | None], list[Problem]]:
    """The CSV file of each table game.toml's `[tables]` names (a path inside the game
    folder; None for an entry with a problem, whose table is then read from nowhere) and
    every problem of that table: a table the game does not have, a value that is not a
    .csv path inside the folder, a table that cannot be a CSV file (`refusal`) and one
    file named for two tables. Each at its line, as field `tables.<name>`."""
    raw = game.data.get("tables")
    if not isinstance(raw, dict):  # absent; or not a table, which game.toml's schema says
        return {}, []
    folder = Path(game.path).parent
    where = game.lines.tables.get("tables") or TableLines(game.lines.top.of("tables"))
    known = {s.table: s for s in specs}
    files: dict[str, Path | None] = {}
    owner: dict[Path, str] = {}
    problems: list[Problem] = []
    for name, value in raw.items():
        spec = known.get(name)
        message = (
            f"unknown card table; this game's tables: {', '.join(known)}"
            if spec is None
            else _path_problem(folder, value)
        )
        if spec is not None and message is None and (why := refusal(spec)):
            header = f"[{name}]" if spec.single else f"[[{name}]]"
            message = f"a CSV file cannot hold the {header} table: {why}; keep it in {spec.file}"
        path = folder / value if message is None else None
        if path is not None and path in owner:
            message = f"{quoted(value)} is also the file of the table {quoted(owner[path])}"
            message += "; a CSV file holds one table"
        if message is not None:
            problems.append(
                Problem(game.path, message, line=where.of(name), field=f"tables.{name}")
            )
            path = None
        if spec is not None:
            files[name] = path
        if path is not None:
            owner[path] = name
    return files, problems


def _path_problem(folder: Path, value: Any) -> str | None:
    """What is wrong with a `[tables]` value as a CSV file's path in `folder`, or None."""
    if not isinstance(value, str) or not value.lower().endswith(".csv") or not value[:-4]:
        return f'expected a CSV file\'s path such as "tech.csv", got {described(value)}'
    path = Path(value)
    real_folder = Path(os.path.realpath(folder))
    real = Path(os.path.realpath(folder / path))
    if path.is_absolute() or ".." in path.parts or real_folder not in real.parents:
        return f"refused: {quoted(value)} is not inside the game's folder"
    return None


@dataclass(frozen=True)
class Row:
    """One card row as read: its cells as TOML values (`raw`, empty cells left out), its
    row number, the column (1 = A) of each key, the keys whose cell or column already has
    a problem (`reported`: the schema says nothing more of them) and those problems."""

    raw: dict[str, Any]
    line: int
    columns: dict[str, int]
    reported: frozenset[str] = frozenset()
    problems: tuple[Problem, ...] = ()


@dataclass(frozen=True)
class Sheet:
    """A CSV file as read: its card rows and the problems of its header row."""

    rows: tuple[Row, ...]
    problems: tuple[Problem, ...] = field(default=())


def read_sheet(path: Path, table: str, fields: Sequence[Field]) -> Sheet | Problem:
    """Read the CSV file `path` of the table `table` (fields `fields`): its header checked
    (unknown, repeated and missing columns, values in a column without a name) and every
    row's cells read by their fields' kinds; or the one Problem that makes the file
    unreadable (not a file, too large, not UTF-8 (its row and column named), no header,
    broken quoting (its row named)). Never raises for bad data."""
    raw = read_data_bytes(path)
    if isinstance(raw, Problem):
        return raw
    delimiter = _delimiter(raw)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        return _not_utf8(path, raw, exc.start, delimiter)
    records: list[list[str]] = []
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    try:
        for record in reader:
            records.append(record)
    except csv.Error as exc:
        return Problem(
            path, f"not a CSV file this reader understands: {exc}", line=len(records) + 1
        )
    if not records or not any(cell.strip() for cell in records[0]):
        return Problem(
            path,
            "row 1 must name the columns (the table's keys: "
            f"{', '.join(f.name for f in fields)}); it is empty",
            line=1,
        )
    header = [cell.strip() for cell in records[0]]
    columns, problems, missing = _header(path, header, fields, table)
    problems += _nameless(path, header, records)
    rows = tuple(
        _row(path, records[i], i + 1, columns, fields, missing)
        for i in range(1, len(records))
        if any(cell.strip() for cell in records[i])
    )
    return Sheet(rows, tuple(problems))


def _delimiter(raw: bytes) -> str:
    """ ";" when the header row (the first line) holds semicolons and no comma, else ","."""
    first = raw.split(b"\n", 1)[0]
    return ";" if b";" in first and b"," not in first else ","


def _not_utf8(path: Path, raw: bytes, start: int, delimiter: str) -> Problem:
    """The Problem of a file that is not UTF-8, at the row and column of the cell that
    holds its first undecodable byte (the bytes before it are UTF-8 and read as CSV)."""
    before = raw[:start].decode("utf-8-sig")
    try:
        records = list(csv.reader(io.StringIO(before, newline=""), delimiter=delimiter))
    except csv.Error:
        records = [[]] * (before.count("\n") + 1)
    if not records or before.endswith(("\n", "\r")):
        records.append([""])
    row, column = len(records), max(1, len(records[-1]))
    header = [c.strip() for c in records[0]] if row > 1 else []
    name = header[column - 1] if column <= len(header) and header[column - 1] else None
    return Problem(
        path,
        f"not UTF-8 text: byte 0x{raw[start]:02X} cannot be decoded; save the file as UTF-8 "
        '(Excel: "CSV UTF-8"; LibreOffice: character set "Unicode (UTF-8)")',
        line=row,
        column=column,
        field=name,
    )


def _header(
    path: Path, header: list[str], fields: Sequence[Field], table: str
) -> tuple[dict[str, int], list[Problem], frozenset[str]]:
    """(each known key's column, the header's problems, the required keys with no
    column). An unknown or repeated column is named at its letter; its cells are not
    read."""
    known = {f.name for f in fields}
    columns: dict[str, int] = {}
    problems: list[Problem] = []
    for number, name in enumerate(header, start=1):
        if not name:
            continue
        if name in columns:
            message = f"the column {quoted(name)} is also column {column_letters(columns[name])}"
        elif name not in known:
            message = f"unknown column; allowed columns: {', '.join(sorted(known))}"
        else:
            columns[name] = number
            continue
        problems.append(Problem(path, message, line=1, column=number, field=name))
    missing = [f for f in fields if f.required and f.name not in columns]
    for f in missing:
        problems.append(
            Problem(
                path,
                f"no column {quoted(f.name)} ({f.expected}); every [[{table}]] row needs one",
                line=1,
            )
        )
    return columns, problems, frozenset(f.name for f in missing)


def _nameless(path: Path, header: list[str], records: list[list[str]]) -> list[Problem]:
    """A problem for each column with no name in row 1 (an empty header cell, or past the
    header's end) that holds a value, at the first row holding one."""
    problems = []
    width = max(len(r) for r in records)
    for number in range(1, width + 1):
        if number <= len(header) and header[number - 1]:
            continue
        row = next(
            (i + 1 for i, r in enumerate(records) if number <= len(r) and r[number - 1].strip()),
            None,
        )
        if row is not None:
            problems.append(
                Problem(
                    path,
                    "a value in a column with no name in row 1; name the column or clear it",
                    line=row,
                    column=number,
                )
            )
    return problems


def _row(
    path: Path,
    record: list[str],
    line: int,
    columns: dict[str, int],
    fields: Sequence[Field],
    missing: frozenset[str],
) -> Row:
    """The row `record` (row number `line`) read by its fields' kinds."""
    raw: dict[str, Any] = {}
    reported = set(missing)
    problems = []
    for f in fields:
        number = columns.get(f.name)
        cell = record[number - 1] if number is not None and number <= len(record) else ""
        cell = unguarded(cell)  # '=... as write_sheet guards it: the text it was
        if number is None or not cell.strip():
            continue
        value, message, item = cell_value(f, cell)
        if message is None:
            raw[f.name] = value
            continue
        reported.add(f.name)
        problems.append(Problem(path, message, line=line, column=number, field=f"{f.name}[{item}]"))
    return Row(raw, line, dict(columns), frozenset(reported), tuple(problems))


def cell_value(f: Field, cell: str) -> tuple[Any, str | None, int]:
    """The TOML value of a non-empty cell of field `f` (the module's docstring says how
    each kind is read), or (None, the problem, the index of the list item at fault) for a
    list with an empty item. A number or boolean that does not read as one stays text,
    for the schema to refuse in its own words."""
    if f.kind == "int" and _WHOLE.fullmatch(cell.strip()):
        return int(cell.strip()), None, 0
    if f.kind == "bool" and cell.strip().lower() in _BOOLEANS:
        return _BOOLEANS[cell.strip().lower()], None, 0
    if f.kind != "list":
        return cell, None, 0
    items = [item.strip() for item in cell.split(LIST_SEPARATOR)]
    empty = next((i for i, item in enumerate(items) if not item), None)
    if empty is not None:
        return (
            None,
            f"expected text in {f.expected}, got an empty item "
            f"(items are separated by {quoted(LIST_SEPARATOR)})",
            empty,
        )
    return items, None, 0


def sheet_cells(values: Mapping[str, Any], fields: Sequence[Field]) -> dict[str, str] | str:
    """The cells of one table's TOML `values` (as written; every field flat), by key, as
    `read_sheet` reads them back to the same values; or why they cannot be (an art table,
    a list item with the separator, spaces round it or nothing in it, an empty list, a
    text that is only spaces)."""
    cells: dict[str, str] = {}
    for f in fields:
        if f.name not in values:
            continue
        value = values[f.name]
        if isinstance(value, bool):
            cells[f.name] = "true" if value else "false"
        elif isinstance(value, int):
            cells[f.name] = str(value)
        elif isinstance(value, list) and all(isinstance(v, str) for v in value):
            if not value:
                return f"field {quoted(f.name)} is an empty list, which a cell cannot hold"
            bad = next((v for v in value if _not_an_item(v)), None)
            if bad is not None:
                return (
                    f"field {quoted(f.name)} holds the item {quoted(bad)}, which a cell "
                    f"cannot (empty, spaces round it, or a {quoted(LIST_SEPARATOR)} in it)"
                )
            cells[f.name] = f" {LIST_SEPARATOR} ".join(value)
        elif isinstance(value, str) and value.strip():
            cells[f.name] = value
        else:
            return f"field {quoted(f.name)} holds {described(value)}, which a cell cannot"
    return cells


def _not_an_item(item: str) -> bool:
    return not item.strip() or item != item.strip() or LIST_SEPARATOR in item


def write_sheet(header: Sequence[str], rows: Sequence[Mapping[str, str]], stream: BinaryIO) -> None:
    """Write a CSV file of `header` and `rows` (cells by key, an absent key an empty cell)
    to the binary `stream` (last, for pnp.core.outfile.write_whole): UTF-8 with a
    byte-order mark, so Excel reads it as UTF-8 (LibreOffice and Google Sheets read
    either), commas, quotes only where needed, and Excel's CRLF line ends."""
    text = io.StringIO(newline="")
    writer = csv.writer(text)
    writer.writerow(header)
    for row in rows:  # a text a spreadsheet would run as a formula: as text ('=...)
        writer.writerow([guarded(row.get(key, "")) for key in header])
    stream.write(text.getvalue().encode("utf-8-sig"))
