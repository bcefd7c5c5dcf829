"""`pnp diff OLD_DIR NEW_DIR [--game G]`: what changed in a game's card data between two
versions, card by card and field by field, its pictures by their contents and its face
layout element by element (pnp.diff); prints one line per card, per other file and per
layout element. Two game folders need no --game: their game.toml names the game."""

from __future__ import annotations

from pathlib import Path

import click

from pnp.cli.base import GAME, folder
from pnp.cli.completion import complete_game_ids
from pnp.core.terminal import echo, one_line


@click.command()
@click.argument("old_dir", metavar="OLD_DIR", callback=folder)
@click.argument("new_dir", metavar="NEW_DIR", callback=folder)
@click.option(
    "--game",
    "-g",
    "game",
    type=GAME,
    default=None,
    shell_complete=complete_game_ids,
    help="The game whose data the two folders hold (default: the game two game folders "
    "are, as NEW_DIR's game.toml names it).",
)
def diff(old_dir, new_dir, game) -> None:
    """List what changed from OLD_DIR to NEW_DIR: cards (and decks) added, removed and
    changed field by field, their pictures by their contents, game.toml's settings, the
    icon table's and the face layout's elements. Each folder is a game folder (it holds
    game.toml) or a data folder holding one (like card_data/); two game folders need no
    --game. Exit status 0 whether or not anything changed."""
    from pnp.diff import diff_game, summary

    if game is None:
        game = _game_of(old_dir, new_dir)
    found = diff_game(_kit(game, old_dir, new_dir), old_dir, new_dir)
    echo(f"{found.game}: {one_line(str(found.old))} → {one_line(str(found.new))}", exact=True)
    for entry in found.entries:
        echo(one_line(entry.line()), exact=True)
    if found.settings:
        echo(one_line(f"game.toml: {'; '.join(found.settings)}"), exact=True)
    for changed in found.files:
        for line in changed.shown():
            echo(one_line(line), exact=True)
    echo("no changes" if found.empty else summary(found))


def _game_of(old_dir: Path, new_dir: Path) -> str:
    """The game two game folders hold: the `id` NEW_DIR's game.toml gives, else its
    folder's name; a usage error when either is no game folder."""
    from pnp.core.errors import Problem
    from pnp.data.toml_source import read_toml

    if not all((f / "game.toml").is_file() for f in (old_dir, new_dir)):
        raise click.UsageError(
            "Missing option '--game': name the game, or give two game folders (each "
            "holding a game.toml)"
        )
    game = read_toml(new_dir / "game.toml")
    given = None if isinstance(game, Problem) else game.data.get("id")
    return given if isinstance(given, str) and given.strip() else new_dir.resolve().name


def _kit(game: str, old_dir: Path, new_dir: Path):
    """The kit of `game`: a registered game's, else the data-only game one of the two
    folders holds (a game folder of any name, or a data folder holding `game`/);
    UnknownGame as pnp.build.find_kit says it when neither does."""
    from pnp.build import find_kit
    from pnp.core.errors import UnknownGame
    from pnp.faces.held import game_id_like
    from pnp.faces.kit import DataKit

    try:
        return find_kit(game, old_dir)
    except UnknownGame:
        for folder in (old_dir, new_dir):
            if game_id_like(game) and any(
                (f / "game.toml").is_file() for f in (folder, folder / game)
            ):
                return DataKit(game)
        raise
