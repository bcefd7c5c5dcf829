"""`pnp new NAME`: write a ready data-only game folder from the template (pnp.faces.
template) and print the two commands that use it: the kit's build and the score
keeper's points sheet."""

from __future__ import annotations

import shlex

import click

from pnp.cli.base import folder
from pnp.core.terminal import echo, one_line


def _game_id(ctx: click.Context, param: click.Parameter, value: str) -> str:
    """NAME as a new game's id: kebab-case, at most 48 characters, not a registered
    game's id or alias (its kit would be built instead); a usage error otherwise."""
    from pnp.core.errors import UnknownGame
    from pnp.core.games import resolve
    from pnp.faces.held import game_id_like

    if not game_id_like(value):
        raise click.BadParameter(
            "a game's name is a kebab-case id: lowercase letters and digits in words "
            "joined by '-', at most 48 characters, such as 'pocket-heist'"
        )
    try:
        known = resolve(value)
    except UnknownGame:
        return value
    named = "id" if known == value else f"name (an alias of {known})"
    raise click.BadParameter(f"{value} is a registered game's {named}; choose another name")


@click.command()
@click.argument("name", callback=_game_id)
@click.option(
    "--dir",
    "data_dir",
    callback=folder,
    default=".",
    show_default=True,
    metavar="DIR",
    help="The data folder to write the game's folder NAME into (made if needed).",
)
def new(name: str, data_dir) -> None:
    """Write a new game's folder NAME: game.toml, three example cards of two kinds, a
    face layout, player aids and a rulebook, ready to build; never overwrites."""
    from pnp.faces.template import TEMPLATE_FILES, write_new_game

    target = write_new_game(name, data_dir)
    where = shlex.quote(str(data_dir))
    echo(f"Wrote {one_line(str(target))}/: {', '.join(TEMPLATE_FILES)}", exact=True)
    echo(f"  build the kit:   pnp build --game {name} --data {one_line(where)}", exact=True)
    echo(f"  keep the score:  scorekeeper new --data {one_line(where)} {name} PLAYER…", exact=True)
