"""Which language a command prints a game in (issue 46): `--lang` checked against what
game.toml declares (`chosen_languages`), and a build or an export run in a language
other than the source from its translated copy (pnp.translated), with every problem
at the file a person edits (`in_language`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from pnp.core.errors import DataError, PnpError, Problem
from pnp.core.shown import plural, quoted
from pnp.core.translations import languages, read_translations, sheet_paths
from pnp.translated import at_source, translated_folder

ALL = "all"


def chosen_languages(folder: Path, lang: str | None, every: bool = True) -> list[str]:
    """The languages `--lang` names for the game in `folder`: None its source language,
    "all" every language it declares, else that one (PnpError listing them if the
    game does not declare it; DataError when game.toml cannot be read)."""
    from pnp.core.translations import read_toml

    tf = read_toml(folder / "game.toml")
    if isinstance(tf, Problem) and (folder / "game.toml").is_file():
        raise DataError([tf])
    declared = list(languages(folder))
    if lang is None:
        return declared[:1]
    if lang == ALL and every:
        return declared
    if lang not in declared:
        near = [d for d in declared if d.lower() == lang.strip().lower()]
        hint = f"did you mean {quoted(near[0])}? " if near else ""
        if lang == ALL:
            hint = "name one language here, not all; "
        named = f"in {quoted(lang)}" if lang.strip() else "without naming a language"
        raise PnpError(
            f"the game is not printed {named}: {hint}game.toml's languages are "
            f"{', '.join(declared)} (add one there, with translations/LANG.csv)"
        )
    return [lang]


def is_source(folder: Path, lang: str) -> bool:
    return lang == languages(folder)[0]


def in_language(folder: Path, lang: str, run: Callable[[Path | None, str], Any]) -> Any:
    """What `run(data_dir, lang)` makes (a build's, an export's or a preview's report, or
    a list of them: each has `warnings`) of the game in `folder` in `lang`: the source language run as it is
    (data_dir None: where the game is, lang ""); another from its translated copy
    (`translated_folder`, data_dir its parent), with every problem at the file a person
    edits (`at_source`) and a warning first when texts have no translation yet (they
    print in the source language). PnpError for a language the game does not declare;
    DataError when its translation table is not there or has a problem of its own (a
    row given twice, an unknown status, a quote left open, a value under no column)."""
    from dataclasses import replace

    chosen_languages(folder, lang, every=False)
    if is_source(folder, lang):
        return run(None, "")
    ready(folder, lang)
    staged = translated_folder(folder, lang)
    try:
        report = run(staged.parent, lang)
    except DataError as exc:
        mapped = DataError(at_source(exc.problems, staged, folder, lang))
        mapped.__dict__.update({k: v for k, v in vars(exc).items() if k != "problems"})
        raise mapped from None  # with what else it says (pnp.preview.FaceRefused's count)
    first = untranslated(folder, lang)
    reports = report if isinstance(report, list) else [report]  # pnp.preview: one a card
    done = [
        replace(
            r,
            warnings=tuple(
                (first if n == 0 else []) + at_source(list(r.warnings), staged, folder, lang)
            ),
        )
        for n, r in enumerate(reports)
    ]
    return done if isinstance(report, list) else done[0]


def ready(folder: Path, lang: str) -> None:
    """DataError unless the game in `folder` can be printed in `lang` (not its source):
    its translation table is there and read whole (no row given twice, no unknown
    status, no quote left open, no value under no column), and the source game.toml's
    [words] are right. A text without a translation is no reason: it prints in the
    source language, with a warning (`untranslated`)."""
    from pnp.data.translation_checks import sheet_problems, source_word_problems

    unread = sheet_problems(folder, lang)
    if unread is None:
        unread = read_translations(folder, lang)[1]
    unread = source_word_problems(folder) + unread
    if unread:
        raise DataError(unread)


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
