"""`pnp diff OLD_DIR NEW_DIR --game G`: what changed in a game's card data between two
versions, card by card and field by field (pnp.diff); prints one line per card."""

from __future__ import annotations

import click

from pnp.cli.base import complete_game_ids, folder
from pnp.core.terminal import echo, one_line


@click.command()
@click.argument("old_dir", metavar="OLD_DIR", callback=folder)
@click.argument("new_dir", metavar="NEW_DIR", callback=folder)
@click.option(
    "--game",
    "-g",
    "game",
    required=True,
    shell_complete=complete_game_ids,
    help="The game whose data the two folders hold.",
)
def diff(old_dir, new_dir, game) -> None:
    """List what changed from OLD_DIR to NEW_DIR: cards (and decks) added, removed and
    changed field by field, and game.toml's settings. Each folder is a game folder (it
    holds game.toml) or a data folder holding one (like card_data/). Exit status 0
    whether or not anything changed."""
    from pnp.build import find_kit
    from pnp.diff import diff_game, summary

    # a data-only game is found in its folder: OLD_DIR, or the data folder holding it
    data = old_dir.parent if (old_dir / "game.toml").is_file() else old_dir
    found = diff_game(find_kit(game, data), old_dir, new_dir)
    echo(f"{found.game}: {one_line(str(found.old))} → {one_line(str(found.new))}", exact=True)
    for entry in found.entries:
        echo(one_line(entry.line()), exact=True)
    if found.settings:
        echo(one_line(f"game.toml: {'; '.join(found.settings)}"), exact=True)
    echo(summary(found) if found.entries or found.settings else "no changes")
