"""The `--lang` option of the verbs that print or check a game's texts (issue 46), and
the languages it names for one game."""

from __future__ import annotations

from pathlib import Path

import click

from pnp.core.errors import DataError, PnpError


class LanguageCode(click.ParamType):
    """A language's code as `--lang` or pnp.toml's `lang` takes it: text ("de", "pt-BR",
    "all"); whether the game declares it is asked later (`languages_named`)."""

    name = "language"

    def convert(self, value, param, ctx):
        if not isinstance(value, str):
            self.fail(f'expected a language code like "de", got {value!r}', param, ctx)
        return value


LANG = LanguageCode()


def lang_option(help: str, every: bool = True):
    """The --lang LANG option of the verbs that print or check a game's texts (issue 46):
    one of the languages its game.toml declares (completed from it), and with `every`
    "all" for each of them."""
    from pnp.cli.completion import complete_languages

    return click.option(
        "--lang",
        "lang",
        type=LANG,
        default=None,
        metavar="LANG|all" if every else "LANG",
        shell_complete=complete_languages,
        help=help,
    )


def languages_named(game: str, folder: Path, lang: str | None, every: bool = True) -> list[str]:
    """The languages `--lang` names for `game`, whose data is in `folder` ([""] when
    none is named: the game's own texts; pnp.in_language.chosen_languages; "all" only
    with `every`): a usage error (exit 2) naming the game for a language it does not
    declare."""
    if lang is None:
        return [""]
    from pnp.in_language import chosen_languages

    try:
        return chosen_languages(folder, lang, every)
    except DataError:  # game.toml cannot be read: its own problem, exit 1
        raise
    except PnpError as exc:
        raise click.UsageError(f"--lang: {game}: {exc}") from None


def languages_for(
    games: list[str], data_dir: Path | None, lang: str | None, every: bool = True
) -> dict[str, list[str]]:
    """Each of `games` with the languages `--lang` names for it (`languages_named`), every
    game and language checked before anything is written: a usage error for a game that
    does not declare the language, DataError for a language whose translations cannot
    be read whole (pnp.in_language.ready)."""
    if lang is None:
        return {game: [""] for game in games}
    from pnp.build import find_kit, game_folder
    from pnp.in_language import is_source, ready

    chosen = {}
    for game in games:
        folder = game_folder(find_kit(game, data_dir), data_dir)
        chosen[game] = languages_named(game, folder, lang, every)
        for each in chosen[game]:
            if each and not is_source(folder, each):
                ready(folder, each)
    return chosen
