"""A game's kit in another language (issue 46): the game folder written again with that
language's texts (`translated_folder`), so `pnp build` and `pnp validate` lay out,
fit, check and print the translated faces through the very code that does the source's
(no second fitting or drawing code); and the problems found there taken back to the
files a person edits (`at_source`: a translated text's problem at its translation row).

Only text changes: each translated string replaces the source's in its own place in the
TOML file, so a card's numbers, icons, counts and ids are never copied and every other
line keeps its number. rulebook.md is the language's rulebook.<lang>.md.
"""

from __future__ import annotations

import re
from pathlib import Path

from pnp.core.csv_texts import substitute_csv
from pnp.core.errors import Problem
from pnp.core.toml_text import tomllib
from pnp.core.translations import (
    Text,
    Translation,
    fingerprint,
    languages,
    read_translations,
    source_texts,
)

_LITERAL = re.compile(
    r'"""(?:[^"\\]|\\[\s\S]|"(?!""))*"""'
    r"|'''[\s\S]*?'''"
    r'|"(?:[^"\\\n]|\\.)*"'
    r"|'[^'\n]*'"
    r"|#[^\n]*"
)
_KEY_AFTER = re.compile(r"\s*=")


def translated_folder(folder: Path, lang: str) -> Path:
    """The game in `folder` with `lang`'s texts, written under the cache folder
    (translated/<lang>-<fingerprint of folder's path>/<game folder's name>/; a file is
    written only when its bytes change, so the kit's caches keep what did not). A text
    without a translation keeps its source words; `pnp validate --lang` names it."""
    from pnp.core.disk_cache import cache_folder

    where = cache_folder() / "translated" / f"{lang}-{fingerprint(str(folder.resolve()))}"
    target = where / folder.name
    rows, _ = read_translations(folder, lang)
    made = _translated_files(folder, lang, rows)
    wanted = set()
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder)
        if not path.is_file() or _not_copied(rel, made):
            continue
        wanted.add(rel)
        _write(target / rel, path.read_bytes())
    for rel, body in made.items():
        wanted.add(rel)
        _write(target / rel, body)
    for path in sorted(target.rglob("*"), reverse=True):
        rel = path.relative_to(target)
        if path.name.startswith(".") and path.name.endswith(".tmp"):
            continue  # another build's file on its way into place
        if path.is_file() and rel not in wanted:
            path.unlink(missing_ok=True)
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()
    _prune(where)
    return target


def _not_copied(rel: Path, made: dict[Path, bytes]) -> bool:
    return (
        rel.parts[0] == "translations"
        or bool(re.fullmatch(r"rulebook\..+\.md", rel.name))
        or rel in made
    )


def _write(path: Path, body: bytes) -> None:
    """`body` to `path` unless it holds them already, whole or not at all (a temporary
    file of this process moved into place: builds running at once each read a whole
    file)."""
    import os
    import tempfile

    if path.is_file() and path.read_bytes() == body:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=".", suffix=".tmp")
    with os.fdopen(fd, "wb") as f:
        f.write(body)
    os.replace(temporary, path)


#: how many translated game folders the cache keeps (the most lately used)
KEEP_FOLDERS = 8


def _prune(where: Path) -> None:
    """Mark `where` as just used and remove the translated folders beyond the newest
    KEEP_FOLDERS beside it (pnp.core.disk_cache.prune: a cache only saves time)."""
    from pnp.core.disk_cache import prune, used

    used(where)
    prune(where.parent, KEEP_FOLDERS)


def _translated_files(folder: Path, lang: str, rows: list[Translation]) -> dict[Path, bytes]:
    """Each TOML file of the game with its translated strings, and rulebook.md as the
    language's rulebook (with the source line blanked, so lines keep their numbers)."""
    from pnp.data.translation_checks import rulebook_text

    if lang == languages(folder)[0]:
        return {}
    by_key = {(r.id, r.field): r.translation for r in rows if r.translation.strip()}
    chosen: dict[Path, list[tuple[Text, str]]] = {}
    for t in source_texts(folder):
        if (t.id, t.field) in by_key:
            chosen.setdefault(t.file, []).append((t, by_key[t.id, t.field]))
    text, _ = rulebook_text(folder, lang)
    made: dict[Path, bytes] = {}
    headings: dict[str, str] = {}
    if text is not None:
        made[Path("rulebook.md")] = text.encode("utf-8")
        headings = _headings(folder / "rulebook.md", text)
    for path in sorted(set(chosen) | {folder / "game.toml"}):
        source = path.read_text(encoding="utf-8-sig")
        if path.suffix.lower() == ".csv":
            done = substitute_csv(source, lambda id, field, _: by_key.get((id, field)))
            made[path.relative_to(folder)] = done.encode("utf-8")
            continue
        written = chosen.get(path, [])
        given = _given_words(path) if path.name == "game.toml" else {}
        added = [(t, new) for t, new in written if _unwritten(t, given)]
        pairs = [(t.line or 1, t.source, new) for t, new in written if (t, new) not in added]
        if path.name == "game.toml":
            pairs += _section_names(path, headings)
        if pairs or added:
            done = _with_words(substitute(source, pairs), added)
            made[path.relative_to(folder)] = done.encode("utf-8")
    return made


#: game.toml's tables of words with defaults in code (pnp.core.game_words.CREDIT_WORDS,
#: pnp.core.kit_words.KIT_WORDS): a translation of a word the table leaves out is added
WORD_TABLES = ("credits", "words")


def _given_words(path: Path) -> dict[str, set[str]]:
    """The keys game.toml at `path` gives in each of WORD_TABLES (read once)."""
    from pnp.core.translations import read_toml

    tf = read_toml(path)
    data = {} if isinstance(tf, Problem) else tf.data
    return {t: set(data[t]) if isinstance(data.get(t), dict) else set() for t in WORD_TABLES}


def _unwritten(text: Text, given: dict[str, set[str]]) -> bool:
    """Whether `text` is a word of WORD_TABLES game.toml leaves to its default (`given`:
    the keys it gives in each, `_given_words`); then its translation is added to that
    table (`_with_words`)."""
    table, _, key = text.field.partition(".")
    return table in given and key not in given[table]


def _with_words(text: str, added: list[tuple[Text, str]]) -> str:
    """game.toml's `text` with the translated words of WORD_TABLES it leaves to their
    defaults, in that table after the rest of the file, so that every other line keeps
    its number: a table game.toml has is moved there with them (its lines left blank
    where it was; a problem of one of its words is found by its field)."""
    from pnp.core.toml_text import LineIndex

    for table in WORD_TABLES:
        keys = [
            f"{_basic(t.field.split('.', 1)[1])} = {_basic(new)}"
            for t, new in added
            if t.field.startswith(table + ".")
        ]
        if not keys:
            continue
        index = LineIndex.scan(text)
        header = index.tables.get(table)
        lines = text.split("\n")
        own: list[str] = []
        if header is not None:
            starts = [t.line for ts in (*index.every.values(), *index.arrays.values()) for t in ts]
            end = min([n for n in starts if n > header.line] + [len(lines) + 1])
            own = lines[header.line : end - 1]  # its keys, after its header line
            lines[header.line - 1 : end - 1] = [""] * (end - header.line)
        text = "\n".join(lines).rstrip("\n") + f"\n\n[{table}]\n" + "\n".join(own + keys) + "\n"
    return text


def _headings(source: Path, translated: str) -> dict[str, str]:
    from pnp.data.rulebook import load_rulebook, parse_rulebook
    from pnp.data.translation_checks import heading_map

    try:
        return heading_map(load_rulebook(source), parse_rulebook(translated))
    except Exception:  # a rulebook that cannot be read: validate reports it
        return {}


def _section_names(path: Path, headings: dict[str, str]) -> list[tuple[int, str, str]]:
    """game.toml's [rulebook] `anatomy_after` and `after`: the rulebook section a picture
    follows, named by its heading, so renamed with the translated heading."""
    from pnp.data.toml_source import read_toml

    tf = read_toml(path)
    if isinstance(tf, Problem):
        return []
    rulebook = tf.data.get("rulebook")
    if not isinstance(rulebook, dict):
        return []
    out = []
    where = tf.lines.tables.get("rulebook", tf.lines.top)
    after = rulebook.get("anatomy_after")
    if isinstance(after, str) and after in headings:
        out.append((where.of("anatomy_after"), after, headings[after]))
    setup = rulebook.get("setup")
    if isinstance(setup, dict) and isinstance(setup.get("after"), str):
        line = tf.lines.tables.get("rulebook.setup", tf.lines.top).of("after")
        if setup["after"] in headings:
            out.append((line, setup["after"], headings[setup["after"]]))
    return out


def substitute(text: str, pairs: list[tuple[int, str, str]]) -> str:
    """`text` (TOML) with each (line, source, new) done: the first string value at or
    after `line` whose value is `source` (and not yet replaced) written as `new`, a
    basic string; a multi-line string's lines are kept as blank lines."""
    literals = []
    for m in _LITERAL.finditer(text):
        if m.group().startswith("#") or _KEY_AFTER.match(text, m.end()):
            continue
        try:
            value = tomllib.loads("x = " + m.group())["x"]
        except tomllib.TOMLDecodeError:
            continue
        literals.append((text.count("\n", 0, m.start()) + 1, value, m))
    done: dict[int, str] = {}
    for line, source, new in sorted(pairs, key=lambda p: p[0]):
        for i, (at, value, m) in enumerate(literals):
            if i not in done and at >= line and value == source:
                done[i] = _basic(new) + "\n" * m.group().count("\n")
                break
    out, last = [], 0
    for i, (_, _, m) in enumerate(literals):
        if i in done:
            out += [text[last : m.start()], done[i]]
            last = m.end()
    return "".join(out) + text[last:]


def _basic(value: str) -> str:
    """`value` as a TOML basic string."""
    import json

    return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")


def at_source(problems: list[Problem], staged: Path, folder: Path, lang: str) -> list[Problem]:
    """`problems` found in the translated folder `staged`, at the files of `folder` a
    person edits: a problem of a translated text at its translation's row, any other at
    the source file's same line (its lines are the source's)."""
    rows, _ = read_translations(folder, lang)
    by_key = {(r.id, r.field): r for r in rows if r.translation.strip()}
    by_line: dict[tuple[Path, int | None], list[Translation]] = {}
    for t in source_texts(folder):
        if (t.id, t.field) in by_key:
            by_line.setdefault((t.file.relative_to(folder), t.line), []).append(
                by_key[t.id, t.field]
            )
    out = []
    for p in problems:
        try:
            rel = Path(p.file).relative_to(staged) if p.file is not None else None
        except ValueError:
            out.append(p)
            continue
        if rel is None:
            out.append(p)
            continue
        row = _row_of(p, rel, by_key, by_line)
        if row is not None:
            out.append(
                p._replace(
                    file=row.file, line=row.line, column=None, message=f"{lang}: {p.message}"
                )
            )
        elif rel == Path("rulebook.md"):
            out.append(p._replace(file=folder / f"rulebook.{lang}.md"))
        elif rel == Path("game.toml") and (p.field or "").split(".")[0] in WORD_TABLES:
            out.append(p._replace(file=folder / rel, line=_word_line(folder, p.field or "")))
        else:
            out.append(p._replace(file=folder / rel))
    return out


def _word_line(folder: Path, field: str) -> int:
    """The line of the word `field` ("words.aid.caption") in the source game.toml (the
    translated one moves its words' tables to its end, `_with_words`)."""
    from pnp.core.translations import read_toml

    table, _, key = field.partition(".")
    tf = read_toml(folder / "game.toml")
    if isinstance(tf, Problem):
        return 1
    return tf.lines.tables.get(table, tf.lines.top).of(key) or 1


def _row_of(p: Problem, rel: Path, by_key, by_line) -> Translation | None:
    if p.card_id and p.field and (p.card_id, p.field) in by_key:
        return by_key[p.card_id, p.field]
    # pnp validate names a rulebook picture "rulebook.anatomy[1]", the sheet "…anatomy.1"
    field = re.sub(r"^(rulebook\.anatomy)\[(\d+)\]", r"\1.\2", p.field or "")
    if rel.name == "game.toml" and field and ("game", field) in by_key:
        return by_key["game", field]
    if rel.name == "game.toml" and p.field and ("back", p.field.removeprefix("back.")) in by_key:
        return by_key["back", p.field.removeprefix("back.")]
    found = by_line.get((rel, p.line), [])
    return found[0] if found else None
