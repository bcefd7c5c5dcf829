"""`pnp diff OLD_DIR NEW_DIR --game G`: what changed in a game's card data between two
versions, card by card and field by field (pnp.diff); prints one line per card."""

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
    required=True,
    shell_complete=complete_game_ids,
    help="The game whose data the two folders hold.",
)
def diff(old_dir, new_dir, game) -> None:
    """List what changed from OLD_DIR to NEW_DIR: cards (and decks) added, removed and
    changed field by field, and game.toml's settings. Each folder is a game folder (it
    holds game.toml) or a data folder holding one (like card_data/). Exit status 0
    whether or not anything changed."""
    from pnp.diff import diff_game, summary

    found = diff_game(_kit(game, old_dir, new_dir), old_dir, new_dir)
    echo(f"{found.game}: {one_line(str(found.old))} → {one_line(str(found.new))}", exact=True)
    for entry in found.entries:
        echo(one_line(entry.line()), exact=True)
    if found.settings:
        echo(one_line(f"game.toml: {'; '.join(found.settings)}"), exact=True)
    echo(summary(found) if found.entries or found.settings else "no changes")


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
