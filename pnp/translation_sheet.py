"""The translator's sheet (issue 46): `pnp export-data --lang LANG --format csv` writes
every printed text of a game with its translation so far as one CSV file (`sheet_rows`,
`write_sheet`: id, field, source, translation, status), and `pnp import-translations`
reads a filled-in sheet back into the game folder as translations/<lang>.csv
(`import_sheet`), after checking it as `pnp validate --lang` reads it.

A row's `source` is the text its translation was made from: today's for a text not yet
translated or translated from today's, the older one for a stale translation whose
older source is known (a CSV row keeps it); a stale one known only by its fingerprint
(a TOML row) gets today's source and the status "stale", so reading it back keeps it
stale until someone looks at it.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import BinaryIO

from pnp.core.errors import DataError, PnpError, Problem
from pnp.core.outfile import write_whole
from pnp.core.records import NamedTuple
from pnp.core.sheet_cells import guarded
from pnp.core.shown import quoted
from pnp.core.translations import (
    SHEET_COLUMNS,
    Translation,
    fingerprint,
    languages,
    read_translations,
    source_texts,
)


class SheetRow(NamedTuple):
    id: str
    field: str
    source: str
    translation: str
    status: str


def sheet_rows(folder: Path, lang: str) -> list[SheetRow]:
    """Every printed text of the game in `folder`, in file and line order, with its
    `lang` translation so far (rows of no text left out)."""
    check_language(folder, lang)
    rows, _ = read_translations(folder, lang)
    by_key: dict[tuple[str, str], Translation] = {(r.id, r.field): r for r in rows}
    out = []
    for t in source_texts(folder):
        row = by_key.get((t.id, t.field))
        if row is None:
            out.append(SheetRow(t.id, t.field, t.source, "", ""))
        elif row.made_from == fingerprint(t.source) or (
            row.source and fingerprint(row.source) == row.made_from
        ):
            source = t.source if row.made_from == fingerprint(t.source) else row.source
            out.append(SheetRow(t.id, t.field, source, row.translation, row.status))
        else:
            out.append(SheetRow(t.id, t.field, t.source, row.translation, "stale"))
    return out


def check_language(folder: Path, lang: str) -> None:
    """PnpError unless `lang` is one of the game's languages other than its source."""
    declared = languages(folder)
    if lang not in declared[1:]:
        raise PnpError(
            f"{quoted(lang)} is not a language the game is translated into: game.toml's "
            f"languages are {', '.join(declared)} (the first is the source)"
        )


def sheet_text(rows: list[SheetRow]) -> str:
    """`rows` as CSV text: a header row, then one row each, UTF-8 text with \\n lines; a
    cell a spreadsheet would run as a formula guarded (pnp.core.sheet_cells)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(SHEET_COLUMNS)
    writer.writerows([guarded(cell) for cell in row] for row in rows)
    return out.getvalue()


def write_sheet(folder: Path, lang: str, out: Path) -> tuple[Path, int, int]:
    """Write the sheet of `lang` to `out`/translations/<lang>.csv, with a byte-order mark
    so that a spreadsheet opens it as UTF-8; (its path, rows, rows translated from
    today's source: a stale translation is not counted)."""
    rows = sheet_rows(folder, lang)
    path = out / "translations" / f"{lang}.csv"
    body = sheet_text(rows).encode("utf-8-sig")  # a byte-order mark: Excel reads UTF-8
    _write_bytes(path, body)
    today = {(t.id, t.field): t.source for t in source_texts(folder)}
    stale = [
        r
        for r in rows
        if r.translation.strip() and (r.status == "stale" or r.source != today.get((r.id, r.field)))
    ]
    return path, len(rows), sum(1 for r in rows if r.translation.strip()) - len(stale)


def import_sheet(folder: Path, lang: str, sheet: Path) -> tuple[Path, int]:
    """Read the filled-in `sheet` (a CSV file as `write_sheet` writes it) and write it as
    the game's translations/<lang>.csv; (its path, rows translated). DataError listing
    every problem of the sheet (at its rows) and nothing written if it has any: a
    missing column, an unknown status, a text given twice, a row of no text of the
    game."""
    from pnp.core.translations import read_sheet_csv, row_problems
    from pnp.data.translation_checks import text_problems

    check_language(folder, lang)
    try:
        text = sheet.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise PnpError(
            f"cannot read {quoted(sheet)}: {getattr(exc, 'strerror', None) or exc}"
        ) from None
    rows, problems = read_sheet_csv(sheet, text)
    texts = source_texts(folder)
    problems += [
        p
        for p in text_problems(texts, rows, folder, lang)
        if p.file == sheet and "translates no text" in p.message
    ]
    problems += row_problems(rows)
    if problems:
        raise DataError(problems)
    target = folder / "translations" / f"{lang}.csv"
    target.parent.mkdir(parents=True, exist_ok=True)
    order = {(t.id, t.field): i for i, t in enumerate(texts)}
    kept = sorted(
        (SheetRow(r.id, r.field, r.source, r.translation, r.status) for r in rows),
        key=lambda r: order[r.id, r.field],
    )
    body = sheet_text(kept).encode("utf-8")
    _write_bytes(target, body)
    return target, sum(1 for r in kept if r.translation.strip())


def import_rulebook(folder: Path, lang: str, path: Path) -> tuple[Path, int, list[Problem]]:
    """Read the translated rulebook `path` (Markdown, with or without a source line) and
    write it as the game's rulebook.<lang>.md, its first line naming today's
    rulebook.md and each of its blocks (pnp.data.translation_checks.source_line): the
    translator's word that it translates today's rulebook. (Its path, its blocks, and a
    warning for each block changed since the rulebook.md its own source line names.)
    DataError (nothing written) when it cannot be read or its blocks are not
    rulebook.md's, in order."""
    from pnp.core.translations import fingerprint, read_text
    from pnp.data.rulebook import load_rulebook, parse_rulebook
    from pnp.data.translation_checks import (
        SOURCE_LINE,
        changed_blocks,
        source_line,
        structure_problems,
    )

    check_language(folder, lang)
    text = read_text(path)
    if isinstance(text, Problem):
        raise DataError([text])
    text = text.replace("\r\n", "\n")
    source = (folder / "rulebook.md").read_text(encoding="utf-8-sig")
    first, _, rest = text.partition("\n")
    made = SOURCE_LINE.match(first.strip())
    body = "\n" + rest if made else text
    ours, theirs = load_rulebook(folder / "rulebook.md"), parse_rulebook(body)
    problems = structure_problems(ours, theirs, path)
    if problems:
        raise DataError(problems)
    warnings: list[Problem] = []
    if made and made.group(1) != fingerprint(source):  # made from another rulebook.md
        recorded = made.group(2).split() if made.group(2) is not None else None
        found = changed_blocks(recorded, ours, theirs, path) if recorded else []
        warnings = [p._replace(level="warning") for p in found] or [
            Problem(
                path,
                "its first line names another rulebook.md than today's: recorded as "
                "translating today's; check the blocks that changed",
                line=1,
                level="warning",
            )
        ]
    done = (source_line(source, ours) + "\n" + body.removeprefix("\n")).encode("utf-8")
    target = folder / f"rulebook.{lang}.md"
    _write_bytes(target, done)
    return target, len(theirs), warnings


def _write_bytes(target: Path, body: bytes) -> None:
    """`body` as the whole of `target`, or nothing (pnp.core.outfile.write_whole: never
    through a link, never over what is not a regular file)."""

    def write(stream: BinaryIO) -> None:
        stream.write(body)

    write_whole(target, write)
