"""What `pnp validate --lang LANG` finds in a language's texts before any face is laid
out: each source text without a translation (at the source's file:line), each
translation made from another source than today's (stale: at its row), each row that
translates no text there is, and the translated rulebook (`rulebook.<lang>.md`): there,
first line `<!-- source: <fingerprint of rulebook.md> -->`, the same blocks in the same
order (headings, paragraphs, list items) as rulebook.md."""

from __future__ import annotations

import re
from pathlib import Path

from pnp.core.errors import DataError, Problem
from pnp.core.shown import quoted
from pnp.core.translations import (
    Text,
    Translation,
    fingerprint,
    languages,
    read_translations,
    sheet_paths,
    source_texts,
)
from pnp.data.rulebook import Block, load_rulebook

SOURCE_LINE = re.compile(
    r"^<!--\s*source:\s*([0-9a-f]{12})(?:\s+blocks:((?:\s+[0-9a-f]{6})*))?\s*-->\s*$"
)


def rulebook_path(folder: Path, lang: str) -> Path:
    return folder / f"rulebook.{lang}.md"


def rulebook_text(folder: Path, lang: str) -> tuple[str | None, str | None]:
    """(the translated rulebook's text with its source line blanked, the fingerprint
    that line names), or None for what is not there."""
    text, made_from, _ = rulebook_source(folder, lang)
    return text, made_from


def rulebook_source(folder: Path, lang: str) -> tuple[str | None, str | None, list[str] | None]:
    """`rulebook_text`, and the fingerprints of the source's blocks its source line
    records (`source_line`; None when it names only the whole rulebook.md)."""
    path = rulebook_path(folder, lang)
    if not path.is_file():
        return None, None, None
    text = path.read_text(encoding="utf-8-sig")
    first, _, rest = text.partition("\n")
    m = SOURCE_LINE.match(first.strip())
    if not m:
        return text, None, None
    blocks = m.group(2).split() if m.group(2) is not None else None
    return "\n" + rest, m.group(1), blocks


def block_print(block: Block) -> str:
    """A rulebook block's fingerprint in a source line: 6 hex digits of its kind, number
    and text."""
    return fingerprint(f"{block.kind}\n{block.number}\n{block.text}")[:6]


def source_line(source: str, blocks: list[Block]) -> str:
    """The first line of a translated rulebook made from rulebook.md's text `source` of
    `blocks`: its fingerprint and each block's, so that a later change to rulebook.md
    is named block by block (`changed_blocks`)."""
    prints = " ".join(block_print(b) for b in blocks)
    return f"<!-- source: {fingerprint(source)} blocks: {prints} -->"


def check_language(folder: Path, lang: str) -> list[Problem]:
    """Every problem of `lang`'s texts in the game `folder`: an undeclared language, a
    missing or stale translation, a row of no text, and the rulebook's."""
    declared = languages(folder)
    if lang not in declared:
        return [
            Problem(
                folder / "game.toml",
                f"language {quoted(lang)} is not among the game's languages "
                f"({', '.join(declared)}): add it to `languages`",
                line=1,
            )
        ]
    if lang == declared[0]:
        return []
    unread = source_word_problems(folder) + (sheet_problems(folder, lang) or [])
    if unread:  # not each text without a translation: the source's or the sheet's problem
        return unread + rulebook_problems(folder, lang)
    rows, problems = read_translations(folder, lang)
    problems += text_problems(source_texts(folder), rows, folder, lang)
    return problems + rulebook_problems(folder, lang)


def source_word_problems(folder: Path) -> list[Problem]:
    """The problems of the source game.toml's [words] (pnp.data.game_file.read_words):
    a translated kit reads its own copy, so they are looked for here."""
    from pnp.data.game_file import read_words
    from pnp.data.toml_source import read_toml

    tf = read_toml(folder / "game.toml")
    return [tf] if isinstance(tf, Problem) else read_words(tf)[1]


def sheet_problems(folder: Path, lang: str) -> list[Problem] | None:
    """Why `lang` has no translations to read, or None: no translation table, or one
    that cannot be read (not UTF-8, no header, not a file): the problems reading it."""
    if not sheet_paths(folder, lang):
        return [
            Problem(
                folder / "game.toml",
                f"{lang} has no translation table: translations/{lang}.csv (or .toml) is "
                f"not there; pnp export-data --lang {lang} --format csv writes one to fill in",
                line=_line_of_languages(folder),
            )
        ]
    rows, problems = read_translations(folder, lang)
    return problems if problems and not rows else None


def _line_of_languages(folder: Path) -> int:
    from pnp.core.translations import read_toml

    tf = read_toml(folder / "game.toml")
    return 1 if isinstance(tf, Problem) else tf.lines.top.of("languages") or 1


def text_problems(
    texts: list[Text], rows: list[Translation], folder: Path, lang: str
) -> list[Problem]:
    by_key = {(r.id, r.field): r for r in rows}
    sheets = sheet_paths(folder, lang)
    sheet = sheets[0].relative_to(folder) if sheets else Path("translations") / f"{lang}.csv"
    problems = []
    known = set()
    for t in texts:
        known.add((t.id, t.field))
        row = by_key.get((t.id, t.field))
        if row is None or not row.translation.strip():
            problems.append(
                Problem(
                    t.file,
                    f"{quoted(t.id)} {quoted(t.field)} has no {lang} translation "
                    f"(in {sheet}): {quoted(t.source, 60)}",
                    line=t.line,
                )
            )
        elif row.made_from != fingerprint(t.source) or row.status == "stale":
            problems.append(
                Problem(
                    row.file,
                    f"{quoted(t.id)} {quoted(t.field)}: stale, translated from another source "
                    f"({row.made_from}); today's is {quoted(t.source, 60)} "
                    f"({fingerprint(t.source)}, {t.file.name}:{t.line})",
                    line=row.line,
                )
            )
    for row in rows:
        if (row.id, row.field) not in known:
            problems.append(
                Problem(
                    row.file,
                    f"{quoted(row.id)} {quoted(row.field)} translates no text of the game",
                    line=row.line,
                )
            )
    return problems


def rulebook_problems(folder: Path, lang: str) -> list[Problem]:
    """The translated rulebook: there, made from today's rulebook.md, and of the same
    blocks in the same order."""
    path, source = rulebook_path(folder, lang), folder / "rulebook.md"
    if not source.is_file():
        return []
    text, made_from, recorded = rulebook_source(folder, lang)
    if text is None:
        return [Problem(source, f"has no {lang} translation: {path.name} is not there", line=1)]
    problems = []
    today = fingerprint(source.read_text(encoding="utf-8-sig"))
    if made_from is None:
        problems.append(
            Problem(
                path,
                f"the first line must be <!-- source: {today} --> (the fingerprint "
                "of the rulebook.md it translates)",
                line=1,
            )
        )
    elif made_from != today and recorded is None:
        problems.append(
            Problem(
                path,
                f"stale: translated from another rulebook.md ({made_from}); today's is "
                f"{today} (pnp import-translations --lang {lang} {path.name} records each "
                "block, so that a later change is named block by block)",
                line=1,
            )
        )
    try:
        ours, theirs = load_rulebook(source), _blocks(path, text)
    except DataError as exc:
        return problems + exc.problems
    if made_from != today and recorded is not None:
        return problems + changed_blocks(recorded, ours, theirs, path)
    return problems + structure_problems(ours, theirs, path)


def changed_blocks(
    recorded: list[str], source: list[Block], translated: list[Block], path: Path
) -> list[Problem]:
    """What changed in rulebook.md since its translation `path` was made (`recorded`: the
    fingerprints of the blocks it was made from, in order), block by block at the
    translation's line: a block changed, a block new (to translate after the block
    before it), a block gone (to remove)."""
    from difflib import SequenceMatcher

    if len(recorded) != len(translated):
        return structure_problems(source, translated, path)
    today = [block_print(b) for b in source]
    problems = []

    def at(i: int) -> int:
        return translated[min(i, len(translated) - 1)].line if translated else 1

    for op, i1, i2, j1, j2 in SequenceMatcher(None, recorded, today, autojunk=False).get_opcodes():
        if op in ("replace", "delete"):
            for k in range(i1, i2):
                j = j1 + (k - i1)
                if op == "replace" and j < j2:
                    what = f"rulebook.md:{source[j].line} changed: {quoted(source[j].text, 60)}"
                else:
                    what = "rulebook.md no longer has this block: remove it"
                problems.append(Problem(path, f"stale: {what}", line=at(k)))
        if op in ("replace", "insert"):
            for j in range(j1 + (i2 - i1 if op == "replace" else 0), j2):
                problems.append(
                    Problem(
                        path,
                        f"rulebook.md:{source[j].line} is new: translate it after this "
                        f"block ({quoted(source[j].text, 60)})",
                        line=at(i1 + (i2 - i1) - 1) if i2 > i1 or i1 > 0 else 1,
                    )
                )
    return problems


def _blocks(path: Path, text: str) -> list[Block]:
    from pnp.data.rulebook import parse_rulebook

    return parse_rulebook(text)


def structure_problems(source: list[Block], translated: list[Block], path: Path) -> list[Problem]:
    """The first block where the translation's structure leaves the source's: another
    kind of block (a heading for a paragraph), another item number, fewer or more
    blocks."""
    for a, b in zip(source, translated):
        if (a.kind, a.number) != (b.kind, b.number):
            return [
                Problem(
                    path,
                    f"a {b.kind} where rulebook.md:{a.line} has a {a.kind}: the "
                    "translation keeps the source's blocks in order",
                    line=b.line,
                )
            ]
    if len(source) != len(translated):
        line = translated[len(source)].line if len(translated) > len(source) else None
        return [
            Problem(
                path,
                f"{len(translated)} blocks where rulebook.md has {len(source)}: the "
                "translation keeps the source's blocks in order",
                line=line or 1,
            )
        ]
    return []


def heading_map(source: list[Block], translated: list[Block]) -> dict[str, str]:
    """Each source heading's translation (the rulebook's pictures name the section they
    follow by its heading): the n-th heading of each level in rulebook.md to the n-th
    of that level in the translation, so that a paragraph added to rulebook.md since
    the translation was made moves no heading."""
    out: dict[str, str] = {}
    for kind in ("title", "h2", "h3"):
        ours = [b.text for b in source if b.kind == kind]
        theirs = [b.text for b in translated if b.kind == kind]
        out.update(zip(ours, theirs))
    return out
