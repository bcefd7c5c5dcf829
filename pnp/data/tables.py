"""The one reader of every game's card tables: `[[table]]` arrays (and single `[table]`s)
in the game's TOML files, checked against each table's schema, with one set of checks
and one set of words for every game.

A game declares its tables as data (`TableSpec`: the table's name, the file that holds
it, its fields and what its entries are called); `read_tables` reads them all and
reports, each with file:line: unreadable files, keys and tables a file must not hold
(with the tables it may hold), single brackets where double ones are needed (and the
reverse), schema problems per table (missing, mistyped, out-of-range and unknown keys
with the allowed list), and ids used twice ("first defined at file:line").
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp.core.errors import Problem
from pnp.core.shown import quoted
from pnp.data.art import parse_art
from pnp.data.game_file import read_game_file
from pnp.data.models import Category, GameInfo, Source
from pnp.data.schema import Field, check_table
from pnp.data.toml_source import TableLines, TomlFile, read_toml


@dataclass(frozen=True)
class TableSpec:
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
    and whether the whole table passed (only then may it become a model)."""

    spec: TableSpec
    values: dict
    source: Source
    complete: bool

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
    read (nothing about their contents is known), and every problem."""

    entries: tuple[Entry, ...]
    unreadable: frozenset[str]
    problems: tuple[Problem, ...]

    def of(self, table: str, complete: bool = True) -> list[Entry]:
        """The entries of `table` (only those that passed the schema, by default)."""
        return [e for e in self.entries if e.spec.table == table and (e.complete or not complete)]


def read_tables(folder: Path, specs: tuple[TableSpec, ...] | list[TableSpec]) -> Tables:
    """Read every table of `specs` from their files in `folder`; never raises for bad data.

    Files are read in the order their tables are declared; each file once."""
    entries: list[Entry] = []
    problems: list[Problem] = []
    unreadable: set[str] = set()
    for filename in dict.fromkeys(s.file for s in specs):
        parsed = read_toml(folder / filename)
        if isinstance(parsed, Problem):
            problems.append(parsed)
            unreadable.add(filename)
            continue
        mine = [s for s in specs if s.file == filename]
        problems += _stray_keys(parsed, mine)
        for spec in mine:
            entries += _read_spec(parsed, spec, problems)
    problems += _duplicate_ids(entries)
    return Tables(tuple(entries), frozenset(unreadable), tuple(problems))


def _holds(specs: list[TableSpec]) -> str:
    return ", ".join(f"[{s.table}]" if s.single else f"[[{s.table}]]" for s in specs)


def _stray_keys(tf: TomlFile, specs: list[TableSpec]) -> list[Problem]:
    """Keys outside any table and tables the file must not hold, with what it may hold."""
    allowed = {s.table for s in specs}
    problems = []
    for key in sorted(set(tf.data) - allowed):
        if key in tf.lines.arrays:
            what, line = f"unknown table [[{key}]]", tf.lines.array_item(key, 0).line
        elif key in tf.lines.tables:
            what, line = f"unknown table [{key}]", tf.lines.tables[key].line
        else:
            what, line = f"unknown key {quoted(key)} outside any table", tf.lines.top.of(key)
        problems.append(
            Problem(
                tf.path, f"{what}; this file holds {_holds(specs)} tables", line=line, field=key
            )
        )
    return problems


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
        return [_entry(tf, spec, raw, tf.lines.tables.get(spec.table, tf.lines.top), problems)]
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
        _entry(tf, spec, item, tf.lines.array_item(spec.table, i), problems)
        for i, item in enumerate(raw)
    ]


def _entry(
    tf: TomlFile, spec: TableSpec, raw: Any, where: TableLines, problems: list[Problem]
) -> Entry:
    entry_id = raw.get("id") if isinstance(raw, dict) and isinstance(raw.get("id"), str) else None
    if spec.single:
        subject = f"the [{spec.table}] table"
    else:
        subject = f"{spec.subject} {quoted(entry_id)}" if entry_id else f"a [[{spec.table}]] table"
    values, p = check_table(raw, spec.fields, where, tf.path, subject=subject)
    source = Source(tf.path, where.line, tuple(where.keys.items()), subject)
    if "art" in values:  # the image, checked, relative to the game folder
        values["art"], q = parse_art(values["art"], source.at("art"), Path(tf.path).parent)
        p += q
    problems += p
    return Entry(spec, values, source, complete=not p)


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
                    f"duplicate id; first defined at {first.file}:{first.line}",
                    line=e.source.line_of("id"),
                    subject=e.source.subject,
                    field="id",
                )
            )
        seen.setdefault(key, e.source)
    return problems


@dataclass(frozen=True)
class GameFiles:
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
    `specs`, collecting every problem; never raises for bad data."""
    problems: list[Problem] = []
    info: GameInfo | None = None
    found: list[Category] = []
    declared: set[str] = set()
    game = read_toml(folder / "game.toml")
    if isinstance(game, Problem):
        problems.append(game)
    else:
        info, found, declared, p = read_game_file(
            game, categories, label_fields, subtitle, back_ids
        )
        problems += p
    tables = read_tables(folder, specs)
    return GameFiles(
        info, tuple(found), frozenset(declared), tables, tuple(problems) + tables.problems
    )
