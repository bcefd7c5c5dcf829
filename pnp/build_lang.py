"""`pnp build --lang` and `pnp validate --lang` (issue 46): a kit in one of the languages
its game.toml declares. The source language builds and validates exactly as without
the option; another is built from the game folder written again in that language
(pnp.translated), into out/<game>/<lang>/, and every problem found there is taken back
to the file a person edits (a translation's row, or the source file's line)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from pnp.core.errors import DataError, PnpError, Problem
from pnp.core.shown import plural, quoted
from pnp.core.translations import SOURCE_LANGUAGE, languages, sheet_paths

ALL = "all"


def chosen_languages(folder: Path, lang: str | None) -> list[str]:
    """The languages `--lang` names for the game in `folder`: None its source language,
    "all" every language it declares, else that one (PnpError listing them if the
    game does not declare it)."""
    declared = list(languages(folder))
    if lang is None:
        return declared[:1]
    if lang == ALL:
        return declared
    if lang not in declared:
        raise PnpError(
            f"the game is not printed in {quoted(lang)}: game.toml's languages are "
            f"{', '.join(declared)} (add one there, with translations/{lang}.csv)"
        )
    return [lang]


def is_source(folder: Path, lang: str) -> bool:
    return lang == languages(folder)[0]


def build_language(options: Any, lang: str) -> Any:
    """pnp.build.build of `options` in `lang` (a BuildReport): the source language as
    ever; another from its translated folder into out/<game>/<lang>/, with a warning
    when texts have no translation yet (they print in the source language)."""
    from pnp.build import build, find_kit, game_folder
    from pnp.translated import at_source, translated_folder

    folder = game_folder(find_kit(options.game, options.data_dir), options.data_dir)
    if is_source(folder, lang):
        return build(options)
    staged = translated_folder(folder, lang)
    try:
        report = build(
            replace(options, data_dir=staged.parent, lang=lang, typed_data_dir=options.data_dir)
        )
    except DataError as exc:
        raise DataError(at_source(exc.problems, staged, folder, lang)) from None
    warnings = at_source(list(report.warnings), staged, folder, lang)
    return replace(report, warnings=tuple(untranslated(folder, lang) + warnings))


def untranslated(folder: Path, lang: str) -> list[Problem]:
    """One warning when some of the game's texts have no `lang` translation (or a stale
    one, or the rulebook has none): how many, and the command that lists them."""
    from pnp.data.translation_checks import check_language

    found = check_language(folder, lang)
    if not found:
        return []
    sheets = sheet_paths(folder, lang)
    return [
        Problem(
            sheets[0] if sheets else folder / "game.toml",
            f"{plural(len(found), 'problem')} in the {lang} texts (missing or stale "
            f"translations print as they are); pnp validate --lang {lang} lists them",
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

    problems = [(str(p), p) for p in check_language(folder, lang)]
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
    return data, at_source(once, staged, folder, lang) if staged != folder else once


__all__ = ["ALL", "SOURCE_LANGUAGE", "build_language", "chosen_languages", "validate_language"]
