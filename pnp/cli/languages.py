"""The `--lang` option of the verbs that print or check a game's texts (issue 46), and
the languages it names for one game."""

from __future__ import annotations

from pathlib import Path

import click

from pnp.core.errors import DataError, PnpError


def lang_option(help: str, every: bool = True):
    """The --lang LANG option of the verbs that print or check a game's texts (issue 46):
    one of the languages its game.toml declares (completed from it), and with `every`
    "all" for each of them."""
    from pnp.cli.completion import complete_languages

    return click.option(
        "--lang",
        "lang",
        default=None,
        metavar="LANG|all" if every else "LANG",
        shell_complete=complete_languages,
        help=help,
    )


def languages_named(game: str, folder: Path, lang: str | None) -> list[str]:
    """The languages `--lang` names for `game`, whose data is in `folder` ([""] when
    none is named: the game's own texts; pnp.in_language.chosen_languages): a usage error
    (exit 2) naming the game for a language it does not declare."""
    if lang is None:
        return [""]
    from pnp.in_language import chosen_languages

    try:
        return chosen_languages(folder, lang)
    except DataError:  # game.toml cannot be read: its own problem, exit 1
        raise
    except PnpError as exc:
        raise click.UsageError(f"--lang: {game}: {exc}") from None
