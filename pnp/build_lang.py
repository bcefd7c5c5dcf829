"""`pnp build --lang` and `pnp validate --lang` (issue 46): a kit in one of the languages
its game.toml declares. The source language builds and validates exactly as without
the option; another is built from the game folder written again in that language
(pnp.translated), into out/<game>/<lang>/, and every problem found there is taken back
to the file a person edits (a translation's row, or the source file's line)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from pnp.core.errors import Problem
from pnp.core.translations import SOURCE_LANGUAGE, languages
from pnp.in_language import ALL, chosen_languages, is_source, untranslated


def build_language(options: Any, lang: str) -> Any:
    """pnp.build.build of `options` in `lang` (a BuildReport): the source language as
    ever; another from its translated folder into out/<game>/<lang>/, with a warning
    when texts have no translation yet (they print in the source language)."""
    from pnp.build import build

    return build(replace(options, lang=lang, translated=False))


def _english_only(kit: Any, folder: Path, lang: str) -> list[Problem]:
    """A warning when `kit`'s code writes words in English whatever the language
    (Kit.english_only): a kit in `lang` would print them so."""
    if not kit.english_only or lang not in languages(folder)[1:]:
        return []
    return [
        Problem(
            folder / "game.toml",
            f"{kit.id}'s kit writes these in English in every language, not from its data: "
            f"{'; '.join(kit.english_only)}",
            level="warning",
        )
    ]


def validate_language(
    kit: Any, folder: Path, lang: str, options: Any, sizes: tuple[str, ...] | None = None
) -> tuple[Any, list[Problem]]:
    """Every problem of `kit`'s game in `folder` in `lang`: its texts' (missing, stale,
    rows of no text, the rulebook: pnp.data.translation_checks), then its translated
    faces checked by pnp.validate on each card size of `sizes` (default: every size
    game.toml declares), each problem once, at the file a person edits. (the data,
    the problems); the data is None when it could not be loaded."""
    from pnp.build import frame_for
    from pnp.data.translation_checks import check_language
    from pnp.translated import at_source, translated_folder
    from pnp.validate import validate

    problems = [
        (str(p), p) for p in check_language(folder, lang) + _english_only(kit, folder, lang)
    ]
    if lang not in languages(folder):
        return None, [p for _, p in problems]
    staged = translated_folder(folder, lang) if not is_source(folder, lang) else folder
    options = replace(options, data_dir=staged.parent)
    data, _, found = validate(kit, staged, frame_for(options))
    problems += [(str(p), p) for p in found]
    if data is not None:
        for size in sizes or data.info.card_sizes:
            if size == (options.card_size or data.info.card_size):
                continue
            sized = replace(options, card_size=size)
            _, _, more = validate(kit, staged, frame_for(sized))
            problems += [
                (str(p), p._replace(message=f"{p.message} (on {size} cards)")) for p in more
            ]
    first: dict[str, Problem] = {}
    for key, p in problems:
        first.setdefault(key, p)
    once = list(first.values())
    if staged == folder:
        return data, once
    # a word game.toml itself gets wrong is named there, not again in its translation
    wrong = {p.field for p in once if p.file == folder / "game.toml" and p.field}
    mapped = at_source(once, staged, folder, lang)
    kept = [p for p in mapped if p.file == folder / "game.toml" or p.field not in wrong]
    return data, list({str(p): p for p in kept}.values())


__all__ = [
    "ALL",
    "SOURCE_LANGUAGE",
    "build_language",
    "chosen_languages",
    "is_source",
    "untranslated",
    "validate_language",
]
