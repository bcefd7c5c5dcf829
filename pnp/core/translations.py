"""A game's texts in more than one language (issue 46): which languages game.toml
declares, every printed text of the source data with its id, field and place, and the
translation tables beside them (`translations/<lang>.csv`, the translator's sheet, and
`translations/<lang>.toml`), read and checked against today's source texts.

A text is named by (id, field), as README's "Kits in more than one language" lists: a
card's, aid's or deck's own fields by its id ("phishing-email", "name"; an aid's lines
one by one from 0, "lines.0"), the back's by the id "back" ("title", "subtitle"),
game.toml's others by the id "game" ("name", "labels.tech", "category.backups.name",
"rulebook.anatomy.0.parts.<key>", "rulebook.setup.middle.0.label": lists counted from
0). A translation keeps the fingerprint of the source it
was made from (`fingerprint`: SHA-256, the first 12 hex digits; a CSV sheet keeps the
source itself in its `source` column): one that differs from today's source is stale.
"""

from __future__ import annotations

import csv
import hashlib
import io
from functools import lru_cache
from pathlib import Path
from typing import Any

from pnp.core.csv_texts import csv_files, csv_texts, delimiter
from pnp.core.errors import Problem
from pnp.core.game_words import CREDIT_WORDS
from pnp.core.kit_words import KIND_KEY, KIT_WORDS
from pnp.core.records import NamedTuple
from pnp.core.sheet_cells import unguarded
from pnp.core.shown import quoted
from pnp.core.toml_text import LineIndex, parse_toml

SOURCE_LANGUAGE = "en"
SHEET_COLUMNS = ("id", "field", "source", "translation", "status")
#: a row's status: informational, but "stale" (a sheet's mark of a translation whose
#: source changed, pnp.translation_sheet) keeps it stale
STATUSES = ("", "draft", "done", "stale")
#: the keys of a card, aid or deck table whose strings are printed text
TEXT_KEYS = frozenset(
    {"name", "text", "description", "how_to", "flavor", "lines", "title", "subtitle", "label"}
)
#: the files of a game folder that hold no printed text to translate (icons.toml: the
#: credits name each icon's author and licence as they wrote them)
NOT_TEXT = frozenset({"icons.toml", "faces.toml"})


MAX_BYTES = 4 * 1024 * 1024  # a translation table of a few thousand texts


class TomlFile(NamedTuple):
    """A TOML file as read here: its path, values and lines (pnp.core.toml_text)."""

    path: Path
    data: dict
    lines: LineIndex


def read_text(path: Path) -> str | Problem:
    """The UTF-8 text of `path` (a byte-order mark dropped), or the Problem saying why
    it cannot be read."""
    try:
        with open(path, "rb") as f:
            body = f.read(MAX_BYTES + 1)
    except OSError as exc:
        return Problem(path, f"cannot read it: {exc.strerror or exc}")
    if len(body) > MAX_BYTES:
        return Problem(path, f"larger than {MAX_BYTES // (1024 * 1024)} MiB")
    try:
        return body.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        return Problem(path, f"not UTF-8 text (byte {exc.start + 1})")


def read_toml(path: Path) -> TomlFile | Problem:
    """`path` parsed (pnp.core.toml_text.parse_toml), or the Problem with its line; the
    same text is parsed once in a process (a translated build reads game.toml's texts
    several times: to write its copy, to check it, to place its problems)."""
    text = read_text(path)
    if isinstance(text, Problem):
        return text
    return _parsed(path, text)


@lru_cache(maxsize=64)
def _parsed(path: Path, text: str) -> TomlFile | Problem:
    """`text`, read from `path`, parsed: read only, never changed (it is shared)."""
    parsed = parse_toml(path, text)
    return parsed if isinstance(parsed, Problem) else TomlFile(path, *parsed)


def fingerprint(text: str) -> str:
    """The first 12 hex digits of the SHA-256 of `text` (UTF-8)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


class Text(NamedTuple):
    """One printed text of the source data: its (id, field), the source words and where
    they are (file, line)."""

    id: str
    field: str
    source: str
    file: Path
    line: int | None


class Translation(NamedTuple):
    """One row of a translation table: the text it translates, the fingerprint of the
    source it was made from, the translation ("" when not yet made), its status and
    where the row is (file, line: a CSV sheet's row, the header being row 1)."""

    id: str
    field: str
    made_from: str
    translation: str
    status: str
    file: Path
    line: int | None
    source: str = ""


def languages(folder: Path) -> tuple[str, ...]:
    """The languages game.toml in `folder` declares (`languages`, the source first), or
    the source language alone."""
    if not (folder / "game.toml").is_file():
        return (SOURCE_LANGUAGE,)
    tf = read_toml(folder / "game.toml")
    if isinstance(tf, Problem):
        return (SOURCE_LANGUAGE,)
    found = tf.data.get("languages")
    if not isinstance(found, list) or not found or not all(isinstance(x, str) for x in found):
        return (SOURCE_LANGUAGE,)
    return tuple(found)


def source_texts(folder: Path) -> list[Text]:
    """Every printed text of the game in `folder`, in file and line order: game.toml's
    first, then each other TOML table file's (`NOT_TEXT` aside), then each card table's
    CSV file's that game.toml's [tables] names (pnp.core.csv_texts)."""
    texts: list[Text] = []
    game = read_toml(folder / "game.toml")
    if not isinstance(game, Problem):
        texts += _game_texts(game)
    for path in sorted(folder.glob("*.toml")):
        if path.name in NOT_TEXT or path.name == "game.toml":
            continue
        tf = read_toml(path)
        if not isinstance(tf, Problem):
            texts += _table_texts(tf)
    for path in csv_files(folder, {} if isinstance(game, Problem) else game.data):
        text = read_text(path)
        if not isinstance(text, Problem):
            texts += [Text(*t[:3], path, t[3]) for t in csv_texts(text, TEXT_KEYS)]
    return texts


def _game_texts(tf: TomlFile) -> list[Text]:
    data, lines, out = tf.data, tf.lines, []

    def add(field: str, value: object, line: int | None) -> None:
        if isinstance(value, str) and value:
            out.append(Text("game", field, value, tf.path, line))

    add("name", data.get("name"), lines.top.of("name"))
    for i, cat in enumerate(_tables(data.get("category"))):
        where = lines.array_item("category", i)
        add(f"category.{cat.get('id')}.name", cat.get("name"), where.of("name"))
    back = _table(data.get("back"))
    for key in ("title", "subtitle"):
        value, line = back.get(key), lines.tables.get("back", lines.top).of(key)
        if isinstance(value, str) and value:  # the back's own id: "back"
            out.append(Text("back", key, value, tf.path, line))
    labels = _table(data.get("labels"))
    for key, value in labels.items():
        add(f"labels.{key}", value, lines.tables.get("labels", lines.top).of(key))
    rulebook = _table(data.get("rulebook"))
    for i, figure in enumerate(_tables(rulebook.get("anatomy"))):
        where = lines.array_item("rulebook.anatomy", i)
        add(f"rulebook.anatomy.{i}.title", figure.get("title"), where.of("title"))
        parts = _table(figure.get("parts"))
        for key, value in parts.items():
            add(f"rulebook.anatomy.{i}.parts.{key}", value, where.of("parts"))
    credits = _table(data.get("credits"))
    where = lines.tables.get("credits", lines.top)
    for key, default in CREDIT_WORDS.items():
        if data.get("icons"):  # only a game with card pictures prints the credits
            add(f"credits.{key}", credits.get(key, default), where.of(key))
    words = _table(data.get("words"))
    where = lines.tables.get("words", lines.top)
    for key in {**KIT_WORDS, **words}:  # a wrong key is game.toml's problem, not a text
        if key in KIT_WORDS or KIND_KEY.fullmatch(key):
            add(f"words.{key}", words.get(key, KIT_WORDS.get(key)), where.of(key))
    setup = _table(rulebook.get("setup"))
    add(
        "rulebook.setup.title",
        setup.get("title"),
        lines.tables.get("rulebook.setup", lines.top).of("title"),
    )
    for place in ("middle", "each"):
        for i, spot in enumerate(_tables(setup.get(place))):
            where = lines.array_item(f"rulebook.setup.{place}", i)
            add(f"rulebook.setup.{place}.{i}.label", spot.get("label"), where.of("label"))
    return out


def _table(value: object) -> dict:
    return value if isinstance(value, dict) else {}


def _tables(value: object) -> list[dict]:
    return [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []


def _table_texts(tf: TomlFile) -> list[Text]:
    """The texts of a card, aid or deck table file: each `[[kind]]` entry's text keys
    under its id; a plain `[name]` table's (a shared deck) under its name."""
    out: list[Text] = []
    for kind, value in tf.data.items():
        if isinstance(value, dict):
            out += _entry_texts(value, kind, tf.path, tf.lines.tables.get(kind, tf.lines.top))
        for i, entry in enumerate(_tables(value)):
            if isinstance(entry.get("id"), str):
                where = tf.lines.array_item(kind, i)
                out += _entry_texts(entry, entry["id"], tf.path, where)
    return out


def _entry_texts(entry: dict, id: str, path: Path, where) -> list[Text]:
    out = []
    for key, value in entry.items():
        if key not in TEXT_KEYS:
            continue
        if isinstance(value, str) and value:
            out.append(Text(id, key, value, path, where.of(key)))
        elif isinstance(value, list):
            line = where.of(key)
            for n, item in enumerate(value):
                if isinstance(item, str) and item:
                    out.append(Text(id, f"{key}.{n}", item, path, line))
    return out


def sheet_paths(folder: Path, lang: str) -> list[Path]:
    """The translation tables of `lang` there are in `folder`: translations/<lang>.csv,
    translations/<lang>.toml, in that order."""
    return [
        p
        for p in (folder / "translations" / f"{lang}.csv", folder / "translations" / f"{lang}.toml")
        if p.is_file()
    ]


def read_translations(folder: Path, lang: str) -> tuple[list[Translation], list[Problem]]:
    """Every row of `lang`'s translation tables in `folder` and the problems reading them
    (a missing column, an unknown status, a text given twice), each at its file:line."""
    rows: list[Translation] = []
    problems: list[Problem] = []
    for path in sheet_paths(folder, lang):
        text = read_text(path)
        if isinstance(text, Problem):
            problems.append(text)
            continue
        read = read_sheet_csv(path, text) if path.suffix == ".csv" else _read_toml(path)
        rows += read[0]
        problems += read[1]
    return rows, problems + row_problems(rows)


def row_problems(rows: list[Translation]) -> list[Problem]:
    """A text translated twice, an unknown status, and a line break the source has none
    of (a quote left open, which runs the rows after it into one cell)."""
    problems: list[Problem] = []
    seen: dict[tuple[str, str], Translation] = {}
    for row in rows:
        first = seen.setdefault((row.id, row.field), row)
        if first is not row:
            problems.append(
                Problem(
                    row.file,
                    f"{quoted(row.id)} {quoted(row.field)} is translated twice (first at "
                    f"{first.file.name}:{first.line})",
                    line=row.line,
                )
            )
        if "\n" in row.translation + row.status and "\n" not in row.source:
            problems.append(
                Problem(
                    row.file,
                    "a line break its source has none of: a quote left open runs the "
                    "rows after it into one cell",
                    line=row.line,
                )
            )
        elif row.status not in STATUSES:
            problems.append(
                Problem(
                    row.file,
                    f"status {quoted(row.status)}: expected empty, draft, done or stale",
                    line=row.line,
                )
            )
    return problems


def read_sheet_csv(path: Path, text: str) -> tuple[list[Translation], list[Problem]]:
    """A translator's sheet: comma- or (as a German or French spreadsheet saves it)
    semicolon-separated, with a header row naming SHEET_COLUMNS."""
    sep = delimiter(text)
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff"), newline=""), delimiter=sep)
    header = [h.strip() for h in next(reader, [])]
    missing = [c for c in SHEET_COLUMNS[:4] if c not in header]
    if missing:
        return [], [
            Problem(
                path,
                f"the header lacks the columns {', '.join(missing)}; "
                f"expected {','.join(SHEET_COLUMNS)}",
                line=1,
            )
        ]
    col = {name: header.index(name) for name in SHEET_COLUMNS if name in header}
    rows, problems = [], []
    line = reader.line_num + 1
    for cells in reader:
        if any(c.strip() for c in cells[len(header) :]):
            problems.append(
                Problem(
                    path,
                    f"a value under no column ({quoted(cells[len(header)], 30)}): a "
                    f"{'semicolon' if sep == ';' else 'comma'} outside quotes?",
                    line=line,
                )
            )
        if any(c.strip() for c in cells):
            cell = {k: unguarded(cells[i]) if i < len(cells) else "" for k, i in col.items()}
            rows.append(
                Translation(
                    cell["id"].strip(),
                    cell["field"].strip(),
                    fingerprint(cell["source"]),
                    cell["translation"],
                    cell.get("status", "").strip(),
                    path,
                    line,
                    cell["source"],
                )
            )
        line = reader.line_num + 1
    return rows, problems


def _read_toml(path: Path) -> tuple[list[Translation], list[Problem]]:
    """translations/<lang>.toml: `[[text]]` tables of id, field, translation, the source's
    `fingerprint` (or the `source` itself) and an optional status."""
    tf = read_toml(path)
    if isinstance(tf, Problem):
        return [], [tf]
    rows, problems = [], []
    for i, entry in enumerate(_tables(tf.data.get("text"))):
        where = tf.lines.array_item("text", i)
        values: dict[str, Any] = {
            k: entry.get(k) for k in ("id", "field", "translation", "fingerprint", "source")
        }
        wrong = [k for k in ("id", "field", "translation") if not isinstance(values[k], str)]
        if not isinstance(values["fingerprint"], str) and not isinstance(values["source"], str):
            wrong.append("fingerprint")
        if wrong:
            problems.append(
                Problem(path, f"[[text]] needs the strings {', '.join(wrong)}", line=where.line)
            )
            continue
        source = values["source"] if isinstance(values["source"], str) else ""
        made_from = values["fingerprint"] or fingerprint(source)
        status = entry.get("status", "")
        rows.append(
            Translation(
                values["id"],
                values["field"],
                str(made_from),
                values["translation"],
                status if isinstance(status, str) else str(status),
                path,
                where.line,
                source,
            )
        )
    unknown = set(tf.data) - {"text"}
    if unknown:
        problems.append(
            Problem(
                path,
                f"unknown keys {', '.join(sorted(unknown))}; the file takes [[text]] tables",
                line=1,
            )
        )
    return rows, problems
