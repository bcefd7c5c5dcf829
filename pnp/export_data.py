"""`pnp export-data --format folder`: an editable copy of a game's whole data folder
(`copy_game`: a shipped game's, from the package, for a designer to change and build with
`--data`). `pnp export-data --format csv`: a game's flat card tables written out as CSV files, one
a table, for a designer to keep in a spreadsheet and read back through game.toml's
`[tables]` (pnp.data.csv_tables; README, "Cards from a spreadsheet").

The tables are the ones the game's own loader reads (pnp.data.tables.games_read), so
every game gets this, whatever game it is. Each is written from its values as written
(`Entry.raw`) so that reading the file back gives the same values; a table that
cannot be a CSV file (nested fields, a single table: csv_tables.refusal) or whose
values a cell cannot hold (an art table, a list item with the separator in it) is
named with why, and stays in TOML. The files go to `<out>/<game>/csv/`, the folder
replaced whole or not at all (pnp.build.publish).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from pnp.build import _staging_folder, find_kit, game_folder, publish
from pnp.core.errors import PnpError
from pnp.core.outfile import write_whole
from pnp.core.pictures import without_pictures
from pnp.core.shown import PATH_LIMIT, quoted
from pnp.data.csv_tables import refusal, sheet_cells, write_sheet
from pnp.data.tables import Entry, TableSpec, games_read

FOLDER = "csv"  # inside out/<game>/


@dataclass(frozen=True)
class TableOut:
    """One table written: its name, the CSV file's name, its rows and its columns."""

    table: str
    file: str
    rows: int
    columns: tuple[str, ...]


@dataclass(frozen=True)
class TableKept:
    """One table not written: its name, the file it stays in, why (`reason`) and whether
    it is a single `[table]` (else `[[table]]`s)."""

    table: str
    file: str
    reason: str
    single: bool = False

    @property
    def header(self) -> str:
        """How the TOML file writes the table: "[[card]]" or "[shared]"."""
        return f"[{self.table}]" if self.single else f"[[{self.table}]]"


@dataclass(frozen=True)
class DataExport:
    """What `export_data` did: the game, the folder the CSV files went to (None: no table
    could be written, nothing was), the tables written, those kept in TOML and the game's
    folder they were read from."""

    game: str
    path: Path | None
    written: tuple[TableOut, ...]
    kept: tuple[TableKept, ...]
    folder: Path
    declared: bool = False  # a data-only game: game.toml's [[tables]] `file` names each file

    def in_game_folder(self) -> str | None:
        """The folder of the CSV files relative to the game's folder ("csv"), when they
        were written inside it (`--out` the data folder), so `[tables]` can name them
        where they are; else None."""
        if self.path is None:
            return None
        try:
            return self.path.resolve().relative_to(self.folder.resolve()).as_posix()
        except ValueError:
            return None


def export_data(game: str, data_dir: Path | None, out_dir: Path) -> DataExport:
    """Write `game`'s flat tables (read from `data_dir`/<game>/, or its own folder without one) as CSV files into
    `out_dir`/<game>/csv/. Raises DataError when the data has problems (every one), and
    PnpError when the folder cannot be written (the previous one is then unchanged)."""
    from pnp.faces.kit import DataKit

    kit = find_kit(game, data_dir)
    declared = isinstance(kit, DataKit)
    folder = game_folder(kit, data_dir)
    with games_read() as seen, without_pictures():  # tables, not pictures, are written
        kit.load(folder)
    specs: dict[str, tuple[TableSpec, list[Entry], str]] = {}
    for table_specs, tables in seen:
        for spec in table_specs:
            specs.setdefault(spec.table, (spec, tables.of(spec.table), tables.file_of(spec.table)))
    written: list[tuple[TableOut, list[dict[str, str]]]] = []
    kept: list[TableKept] = []
    for spec, entries, source in specs.values():
        result = _table(spec, entries)
        if isinstance(result, str):
            kept.append(TableKept(spec.table, source, result, spec.single))
        else:
            written.append(result)
    if not written:
        return DataExport(kit.id, None, (), tuple(kept), folder, declared)
    target = Path(out_dir) / kit.id
    _write(target, written)
    return DataExport(
        kit.id, target / FOLDER, tuple(w for w, _ in written), tuple(kept), folder, declared
    )


def _table(spec: TableSpec, entries: list[Entry]) -> tuple[TableOut, list[dict[str, str]]] | str:
    """The table's file and rows, or why it cannot be a CSV file. Its columns: every
    required field and each optional one some entry has, in the spec's order."""
    why = refusal(spec)
    if why is not None:
        return why
    rows = []
    for e in entries:
        cells = sheet_cells(e.raw, spec.fields)
        if isinstance(cells, str):
            return f"{e.source.subject or 'an entry'}: {cells}"
        rows.append(cells)
    columns = tuple(f.name for f in spec.fields if f.required or any(f.name in row for row in rows))
    return TableOut(spec.table, f"{spec.table}.csv", len(rows), columns), rows


def _write(target: Path, written: list[tuple[TableOut, list[dict[str, str]]]]) -> None:
    """Write every table into a staging folder inside `target`, then put its csv/ folder
    in place of the old one (all or nothing)."""
    staging = _staging_folder(target)
    try:
        for out, rows in written:
            write_whole(staging / FOLDER / out.file, partial(write_sheet, out.columns, rows))
        if (target / FOLDER).exists() and not (target / FOLDER).is_dir():
            raise PnpError(
                f"cannot write the tables: {quoted(target / FOLDER, PATH_LIMIT)} is a file, "
                "not a folder"
            )
        publish(staging, target, (FOLDER,))
    finally:
        shutil.rmtree(staging, ignore_errors=True)


@dataclass(frozen=True)
class FolderCopy:
    """What `copy_game` did: the game, the folder it was copied from, the new folder and
    how many files it holds."""

    game: str
    source: Path
    path: Path
    files: int


def copy_game(game: str, data_dir: Path | None, out_dir: Path) -> FolderCopy:
    """Copy `game`'s whole data folder (its tables, icons, rulebook: a shipped game's
    from the package) to `out_dir`/<game>/, an editable copy that `--data out_dir`
    builds. Never overwrites: PnpError, one line, when that folder already exists or
    cannot be written; the copy is made beside it and renamed into place, so a folder
    is there whole or not at all. Links inside the game's folder are copied as the
    files they lead to."""
    kit = find_kit(game, data_dir)
    source = game_folder(kit, data_dir)
    out = Path(out_dir)
    target = out / kit.id
    if os.path.lexists(target):
        raise PnpError(
            f"{quoted(target, PATH_LIMIT)} already exists; export-data never writes over a "
            "game's folder: remove it or choose another --out"
        )
    staging = None
    try:
        if out.exists() and not out.is_dir():
            raise PnpError(
                f"cannot write {quoted(target, PATH_LIMIT)}: {quoted(out, PATH_LIMIT)} is a file, not a folder"
            )
        out.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".copy-{kit.id}-", dir=out))
        copied = shutil.copytree(
            source, staging / kit.id, ignore=shutil.ignore_patterns("__pycache__")
        )
        files = sum(1 for p in Path(copied).rglob("*") if p.is_file())
        os.rename(copied, target)  # refused if the folder appeared meanwhile
    except OSError as exc:
        raise PnpError(
            f"cannot write {quoted(target, PATH_LIMIT)}: {exc.strerror or exc}"
        ) from None
    finally:
        if staging is not None:
            shutil.rmtree(staging, ignore_errors=True)
    return FolderCopy(kit.id, source, target, files)
