"""The one reader of every game's card tables: `[[table]]` arrays (and single `[table]`s)
in the game's TOML files, checked against each table's schema, with one set of checks
and one set of words for every game.

A game declares its tables as data (`TableSpec`: the table's name, the file that holds
it, its fields and what its entries are called); `read_tables` reads them all and
reports, each with file:line: unreadable files, keys and tables a file must not hold
(with the tables it may hold), single brackets where double ones are needed (and the
reverse), schema problems per table (missing, mistyped, out-of-range and unknown keys
with the allowed list), and ids used twice ("first defined at file:line").

A table game.toml's `[tables]` names a CSV file for is read from that file instead, a
row a card (pnp.data.csv_tables: its cells read by the fields' kinds, then checked here
by the same schema, each problem at its row and column); its TOML file, if it still
exists, must not hold it too.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp.core.errors import Problem, place
from pnp.core.records import NamedTuple
from pnp.core.shown import quoted
from pnp.data.art import parse_art
from pnp.data.game_file import read_game_file
from pnp.data.models import Category, GameInfo, Source
from pnp.data.schema import Field, check_table
from pnp.data.toml_source import TableLines, TomlFile, read_toml

if TYPE_CHECKING:  # pnp.data.csv_tables is loaded for a game with CSV tables
    from pnp.data.csv_tables import Sheet


class TableSpec(NamedTuple):
    """One kind of table in a game's files: `table` is its TOML name ("tech"), `file`
    the file that holds it, `fields` its schema, `kind` what one entry is called in the
    build summary and messages ("Tech"), `subject` the word that names an entry in
    messages ("card", "deck"), `single` True for one `[table]` instead of `[[table]]`
    arrays, and `ids` the id space its `id` values must be unique in."""

    table: str
    file: str
    fields: tuple[Field, ...]
    kind: str = ""
    subject: str = "card"
    single: bool = False
    ids: str = "cards"


@dataclass(frozen=True)
class Entry:
    """One table as read: its spec, the values that passed the schema, where it sits,
    whether the whole table passed (only then may it become a model) and `raw`, the
    table as written (TOML values; a CSV row's cells read as TOML values)."""

    spec: TableSpec
    values: dict
    source: Source
    complete: bool
    raw: Mapping[str, Any] = field(default_factory=dict, compare=False)

    @property
    def id(self) -> str | None:
        """The entry's id, when it has a valid one."""
        return self.values.get("id")

    def get(self, field: str, default: Any = ()) -> Any:
        """The checked value of `field`, or `default` when it is missing or invalid."""
        return self.values.get(field, default)


@dataclass(frozen=True)
class Tables:
    """What `read_tables` found: every entry in file order, the files that could not be
    read (nothing about their contents is known; a table whose CSV file could not be
    read, or whose `[tables]` entry is refused, counts its spec's TOML file as well, so a
    loader that asks after that file holds back the checks that need its tables), every
    problem, and the file each table was read from (`file_of`)."""

    entries: tuple[Entry, ...]
    unreadable: frozenset[str]
    problems: tuple[Problem, ...]
    files: Mapping[str, str] = field(default_factory=dict)

    def of(self, table: str, complete: bool = True) -> list[Entry]:
        """The entries of `table` (only those that passed the schema, by default)."""
        return [e for e in self.entries if e.spec.table == table and (e.complete or not complete)]

    def file_of(self, table: str) -> str:
        """The file `table` is read from, relative to the game folder: its CSV file when
        game.toml's `[tables]` names one, else its spec's TOML file."""
        return self.files[table]


def read_tables(
    folder: Path,
    specs: tuple[TableSpec, ...] | list[TableSpec],
    sheets: Mapping[str, Path | None] | None = None,
) -> Tables:
    """Read every table of `specs` from their files in `folder`; never raises for bad data.
    `sheets` maps a table to the CSV file it is read from instead (pnp.data.csv_tables,
    loaded only then; None: its `[tables]` entry was refused, so it is read from nowhere).
    Files are read in the order their tables are declared; each file once. A TOML file all
    of whose tables are CSV files may be gone; if it is there it is read, and holding such
    a table is a problem. A spec whose own file is a .csv file (a data-only game's
    [[tables]]) is read as one too."""
    sheets = dict(sheets or {})
    for s in specs:
        if s.table not in sheets and s.file.lower().endswith(".csv"):
            sheets[s.table] = folder / s.file
    entries: list[Entry] = []
    problems: list[Problem] = []
    unreadable: set[str] = set()
    files = {s.table: s.file for s in specs}
    for kind, name in dict.fromkeys(
        ("csv", s.table) if s.table in sheets else ("toml", s.file) for s in specs
    ):
        if kind == "csv":
            from pnp.data.csv_tables import Sheet, read_sheet

            spec = next(s for s in specs if s.table == name)
            path = sheets[name]
            sheet = read_sheet(path, spec.table, spec.fields) if path is not None else None
            if path is not None:
                files[name] = _relative(path, folder)
            if path is None or not isinstance(sheet, Sheet):
                problems += [sheet] if isinstance(sheet, Problem) else []
                unreadable.update((spec.file, files[name]))
            else:
                entries += _read_sheet(sheet, path, spec, folder, problems)
            continue
        mine = [s for s in specs if s.file == name and s.table not in sheets]
        parsed = read_toml(folder / name)
        if isinstance(parsed, Problem):
            problems.append(parsed)
            unreadable.add(name)
            continue
        problems += _stray_keys(parsed, mine, sheets)
        for spec in mine:
            entries += _read_spec(parsed, spec, problems)
    problems += _left_in_toml(folder, specs, sheets)
    problems += _duplicate_ids(entries)
    read = Tables(tuple(entries), frozenset(unreadable), tuple(problems), files)
    seen = _SEEN.get()
    if seen is not None:
        seen.append((tuple(specs), read))
    return read


def _relative(path: Path, folder: Path) -> str:
    """`path` as written relative to `folder` when it is inside it, else whole."""
    try:
        return path.relative_to(folder).as_posix()
    except ValueError:
        return str(path)


def _left_in_toml(
    folder: Path, specs: tuple[TableSpec, ...] | list[TableSpec], sheets: dict[str, Path | None]
) -> list[Problem]:
    """The problems of the TOML files every table of which is read from a CSV file, when
    they are still there: a table held there too, or anything else they hold."""
    problems: list[Problem] = []
    for filename in dict.fromkeys(s.file for s in specs):
        if any(s.file == filename and s.table not in sheets for s in specs):
            continue  # read with its other tables
        if any(sheets.get(s.table) == folder / filename for s in specs):
            continue  # the spec names the CSV file itself (a data-only game's [[tables]])
        if not (folder / filename).exists() and not (folder / filename).is_symlink():
            continue
        parsed = read_toml(folder / filename)
        problems += [parsed] if isinstance(parsed, Problem) else _stray_keys(parsed, [], sheets)
    return problems


def _holds(specs: list[TableSpec]) -> str:
    return ", ".join(f"[{s.table}]" if s.single else f"[[{s.table}]]" for s in specs)


def _stray_keys(
    tf: TomlFile, specs: list[TableSpec], sheets: Mapping[str, Path | None] | None = None
) -> list[Problem]:
    """Keys outside any table and tables the file must not hold, with what it may hold;
    a table game.toml's `[tables]` reads from a CSV file, named with that file (one whose
    `[tables]` entry was refused is let be: that entry's problem says enough)."""
    sheets = sheets or {}
    allowed = {s.table for s in specs} | {t for t, path in sheets.items() if path is None}
    holds = (
        f"this file holds {_holds(specs)} tables"
        if specs
        else "this file's tables are read from CSV files (game.toml [tables])"
    )
    problems = []
    for key in sorted(set(tf.data) - allowed):
        if key in tf.lines.arrays:
            what, line = f"unknown table [[{key}]]", tf.lines.array_item(key, 0).line
        elif key in tf.lines.tables:
            what, line = f"unknown table [{key}]", tf.lines.tables[key].line
        else:
            what, line = f"unknown key {quoted(key)} outside any table", tf.lines.top.of(key)
        message = f"{what}; {holds}"
        if (sheet := sheets.get(key)) is not None:
            message = (
                f"the [[{key}]] table is read from {sheet.name} "
                "(game.toml [tables]); keep it in one place: remove it here, or its line "
                "in [tables]"
            )
        problems.append(Problem(tf.path, message, line=line, field=key))
    return problems


def _read_sheet(
    sheet: Sheet, path: Path, spec: TableSpec, folder: Path, problems: list[Problem]
) -> list[Entry]:
    """The entries of a CSV file's rows, checked by `spec`'s schema, each problem at its cell."""
    problems += sheet.problems
    entries = []
    for row in sheet.rows:
        where = TableLines(row.line, {key: row.line for key in row.columns})
        found: list[Problem] = []
        entry = _entry(path, spec, row.raw, where, found, folder, row.columns, row.reported)
        problems += [p._replace(subject=entry.source.subject) for p in row.problems] + found
        entries.append(entry)
    return entries


def _read_spec(tf: TomlFile, spec: TableSpec, problems: list[Problem]) -> list[Entry]:
    raw = tf.data.get(spec.table)
    if raw is None:
        return []
    if spec.single:
        if not isinstance(raw, dict):
            where = tf.lines.array_item(spec.table, 0)
            problems.append(
                Problem(
                    tf.path,
                    f"expected one [{spec.table}] table (single brackets), got [[{spec.table}]]",
                    line=where.line,
                    field=spec.table,
                )
            )
            return []
        where = tf.lines.tables.get(spec.table, tf.lines.top)
        return [_entry(tf.path, spec, raw, where, problems, Path(tf.path).parent)]
    if not isinstance(raw, list):
        where = tf.lines.tables.get(spec.table, tf.lines.top)
        problems.append(
            Problem(
                tf.path,
                f"expected [[{spec.table}]] tables (double brackets), got [{spec.table}]"
                if isinstance(raw, dict)
                else f"expected [[{spec.table}]] tables",
                line=where.of(spec.table),
                field=spec.table,
            )
        )
        return []
    return [
        _entry(tf.path, spec, item, tf.lines.array_item(spec.table, i), problems, tf.path.parent)
        for i, item in enumerate(raw)
    ]


def _entry(
    file: Path,
    spec: TableSpec,
    raw: Any,
    where: TableLines,
    problems: list[Problem],
    folder: Path,
    columns: Mapping[str, int] | None = None,
    reported: frozenset[str] = frozenset(),
) -> Entry:
    """One table checked by `spec`'s schema, its art relative to the game `folder`. A CSV
    row gives the `columns` of its keys (its problems name them) and the keys whose
    problems the CSV reader `reported` already."""
    entry_id = raw.get("id") if isinstance(raw, dict) and isinstance(raw.get("id"), str) else None
    if spec.single:
        subject: str | None = f"the [{spec.table}] table"
    elif entry_id:
        subject = f"{spec.subject} {quoted(entry_id)}"
    else:  # a CSV row is named by its row number
        subject = None if columns is not None else f"a [[{spec.table}]] table"
    values, p = check_table(raw, spec.fields, where, file, subject=subject)
    if columns is not None:
        p = [_in_sheet(x, spec, raw, columns) for x in p if x.field not in reported]
    cells = tuple(columns.items()) if columns is not None else ()
    source = Source(file, where.line, tuple(where.keys.items()), subject, field_columns=cells)
    if "art" in values:  # the image, checked, relative to the game folder
        values["art"], q = parse_art(values["art"], source.at("art"), folder)
        p += q
    problems += p
    written = dict(raw) if isinstance(raw, dict) else {}
    return Entry(spec, values, source, complete=not p and not reported, raw=written)


def _in_sheet(p: Problem, spec: TableSpec, raw: dict, columns: Mapping[str, int]) -> Problem:
    """A schema problem of a CSV row at its column; a missing key whose column is there
    is an empty cell."""
    key = (p.field or "").split("[")[0]
    if key in columns and key not in raw:
        expected = next(f.expected for f in spec.fields if f.name == key)
        return p._replace(column=columns[key], message=f"empty; expected {expected}")
    return p._replace(column=columns.get(key))


def _duplicate_ids(entries: list[Entry]) -> list[Problem]:
    """Ids used twice in one id space, each named with where it was first defined."""
    seen: dict[tuple[str, str], Source] = {}
    problems = []
    for e in entries:
        if not e.id:
            continue
        key = (e.spec.ids, e.id)
        if key in seen:
            first = seen[key]
            problems.append(
                Problem(
                    e.source.file,
                    f"duplicate id; first defined at {place(first.file, first.line)}",
                    line=e.source.line_of("id"),
                    column=e.source.column_of("id"),
                    subject=e.source.subject,
                    field="id",
                )
            )
        seen.setdefault(key, e.source)
    return problems


class GameFiles(NamedTuple):
    """A game folder as read: its settings (None when game.toml has problems), its valid
    categories, the ids of every declared category, its tables and every problem so far."""

    info: GameInfo | None
    categories: tuple[Category, ...]
    declared: frozenset[str]
    tables: Tables
    problems: tuple[Problem, ...]


def read_game(
    folder: Path,
    specs: tuple[TableSpec, ...],
    categories: bool = False,
    label_fields: tuple[Field, ...] = (),
    subtitle: bool = False,
    back_ids: tuple[str, ...] = (),
) -> GameFiles:
    """Read `folder`'s game.toml (pnp.data.game_file.read_game_file: what the game prints
    there; `back_ids` are the backs that may have their own art) and every table of
    `specs`, each from the CSV file game.toml's `[tables]` names for it (pnp.data.
    csv_tables.sheet_files) or else from its TOML file; every problem, never raised."""
    problems: list[Problem] = []
    info: GameInfo | None = None
    found: list[Category] = []
    declared: set[str] = set()
    sheets: dict[str, Path | None] = {}
    game = read_toml(folder / "game.toml")
    if isinstance(game, Problem):
        problems.append(game)
    else:
        info, found, declared, p = read_game_file(
            game, categories, label_fields, subtitle, back_ids
        )
        problems += p
        if "tables" in game.data:  # only there are CSV files named (pnp.data.csv_tables)
            from pnp.data.csv_tables import sheet_files

            sheets, q = sheet_files(game, specs)
            problems += q
    tables = read_tables(folder, specs, sheets)
    return GameFiles(
        info, tuple(found), frozenset(declared), tables, tuple(problems) + tables.problems
    )


_SEEN: ContextVar[list[tuple[tuple[TableSpec, ...], Tables]] | None] = ContextVar(
    "pnp.data.tables.seen", default=None
)


@contextmanager
def games_read() -> Iterator[list[tuple[tuple[TableSpec, ...], Tables]]]:
    """Within the block, every `read_game` call adds its specs and what it read to the
    list yielded, in call order: how `pnp export-data` learns a game's tables from its
    own loader, whatever game it is."""
    seen: list[tuple[tuple[TableSpec, ...], Tables]] = []
    token = _SEEN.set(seen)
    try:
        yield seen
    finally:
        _SEEN.reset(token)
