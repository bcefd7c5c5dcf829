"""`pnp icons --game G --collection icons.json --svgs DIR`: copy the pictures a game's
icon table names, with their authors, from an unpacked icon collection into the game
folder (pnp.icons_sync). Run it after changing a card's icon; building never needs it."""

from __future__ import annotations

from pathlib import Path

import click

from pnp.cli.base import GAME, folder
from pnp.cli.completion import complete_game_ids
from pnp.core.terminal import echo


@click.command()
@click.option(
    "--game",
    "-g",
    "game",
    type=GAME,
    required=True,
    shell_complete=complete_game_ids,
    help="Game id.",
)
@click.option(
    "--data",
    "data_dir",
    callback=folder,
    metavar="DIR",
    default=None,
    help="Card data folder holding <game>/ (default: the data each game ships with).",
)
@click.option(
    "--collection",
    required=True,
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    metavar="JSON",
    help="The collection's Iconify JSON (icons.json of @iconify-json/game-icons, unpacked).",
)
@click.option(
    "--svgs",
    required=True,
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    metavar="DIR",
    help="The collection's SVGs by author (a checkout of github.com/game-icons/icons).",
)
def icons(game, data_dir, collection, svgs) -> None:
    """Copy every icon the game's icon table (game.toml `icons`) names into its icons/
    folder, credit each to its author in the table's [authors], and delete the SVGs no
    card names any more. Then `pnp validate` checks them as any SVG art."""
    from pnp.build import find_kit, game_folder
    from pnp.icons_sync import sync_icons

    done = sync_icons(game_folder(find_kit(game, data_dir), data_dir), collection, svgs)
    echo(f"{game}: {len(done.written)} icons written, {len(done.deleted)} unused deleted")
