"""The printed texts of a game's card tables kept in CSV files (game.toml's `[tables]`,
README "Cards from a spreadsheet"), for the translations of pnp.core.translations: each
row's text columns under its id (an aid's `lines` cell, items separated by "|" in the
cell, one text per item: "lines.0" ...), at the spreadsheet's row (the header is row 1); and the
same file with translated texts in their cells (`substitute_csv`). Read as pnp.data.
csv_tables reads them: commas, or semicolons when the header holds semicolons and no
comma; a cell guarded against formulas read without its guard (pnp.core.sheet_cells)."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterator
from pathlib import Path

from pnp.core.sheet_cells import guarded, unguarded

LIST_SEPARATOR = "|"


def delimiter(text: str) -> str:
    header = text.split("\n", 1)[0]
    return ";" if ";" in header and "," not in header else ","


def csv_files(folder: Path, game: dict) -> list[Path]:
    """The CSV files game.toml's `[tables]` names that are in `folder`."""
    tables = game.get("tables")
    if not isinstance(tables, dict):
        return []
    found = []
    for value in tables.values():
        if isinstance(value, str) and value.lower().endswith(".csv"):
            path = folder / value
            if path.is_file() and folder.resolve() in path.resolve().parents:
                found.append(path)
    return found


def _rows(text: str) -> Iterator[tuple[int, list[str], list[str]]]:
    """(row number, header, cells) of each row after the header."""
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff"), newline=""), delimiter=delimiter(text))
    header = [h.strip() for h in next(reader, [])]
    for number, cells in enumerate(reader, start=2):
        yield number, header, cells


def csv_texts(text: str, text_keys: frozenset[str]) -> Iterator[tuple[str, str, str, int]]:
    """(id, field, source, row) of every text of a card table's CSV `text`."""
    try:
        for number, header, cells in _rows(text):
            row = dict(zip(header, cells))
            id = unguarded(row.get("id", "")).strip()
            for key in header:
                if not id or key not in text_keys or not row.get(key, "").strip():
                    continue
                if key == "lines":
                    items = [i.strip() for i in unguarded(row[key]).split(LIST_SEPARATOR)]
                    for n, item in enumerate(items):
                        yield id, f"{key}.{n}", item, number
                else:
                    yield id, key, unguarded(row[key]), number
    except csv.Error:
        return  # a file csv cannot read: pnp validate names it


def substitute_csv(text: str, translated: Callable[[str, str, str], str | None]) -> str:
    """`text` (a card table's CSV file) with each text cell `translated(id, field,
    source)` gives a translation for written in it (others as they are)."""
    out = io.StringIO()
    sep = delimiter(text)
    writer = csv.writer(out, delimiter=sep, lineterminator="\n")
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff"), newline=""), delimiter=sep)
    header = next(reader, [])
    writer.writerow(header)
    names = [h.strip() for h in header]
    for cells in reader:
        row = dict(zip(names, cells))
        id = unguarded(row.get("id", "")).strip()
        new = []
        for key, cell in zip(names, cells):
            if key == "lines" and cell.strip():
                items = [i.strip() for i in unguarded(cell).split(LIST_SEPARATOR)]
                done = [translated(id, f"lines.{n}", item) or item for n, item in enumerate(items)]
                new.append(guarded(f" {LIST_SEPARATOR} ".join(done)))
            else:
                found = translated(id, key, unguarded(cell)) if cell.strip() else None
                new.append(guarded(found) if found is not None else cell)
        writer.writerow(new + cells[len(names) :])
    return out.getvalue()
