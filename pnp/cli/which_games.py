"""Which games a `pnp` command runs on: the game `--game` names, or with `--all` every
registered game, or every game the data folder holds (pnp.faces.held) when there is
one: `pnp validate --all --data DIR` checks the games of DIR, the copies of shipped
games and the data-only games alike, not the shipped games DIR lacks."""

from __future__ import annotations

from pathlib import Path

import click

from pnp.cli.base import show_warnings
from pnp.core.errors import PnpError
from pnp.core.shown import quoted


def chosen_games(game: str | None, all_games: bool, data_dir: Path | None = None) -> list[str]:
    """The games a command runs on: `game`, or with `all_games` every registered game,
    or with a `data_dir` every game it holds (pnp.faces.held: the copies of registered
    games and the data-only games there, each folder passed over named on stderr).
    A pnp.toml's `game` gives way to a typed `--all`. Usage error for both typed or
    neither; PnpError for a data folder that holds no game."""
    from pnp.core.games import game_ids

    ctx = click.get_current_context(silent=True)
    if all_games and ctx is not None and _from_file(ctx, "game"):
        game = None
    if all_games and game:
        raise click.UsageError("use --game GAME or --all, not both")
    if not all_games:
        if not game:
            raise click.UsageError("name a game with --game GAME, or use --all")
        return [game]
    if data_dir is None:
        return game_ids()
    from pnp.faces.held import games_in

    held = games_in(data_dir)
    show_warnings(held.passed_over)
    if not held.games:
        shown = quoted(data_dir, 200)
        why = (
            "each folder with a game.toml was passed over (named above)"
            if held.passed_over
            else f"no folder of it holds a game.toml (`pnp new NAME --dir {shown}` writes one)"
        )
        raise PnpError(f"the data folder {shown} holds no game: {why}")
    return list(held.games)


def _from_file(ctx: click.Context, name: str) -> bool:
    """Whether the parameter `name` took its value from a pnp.toml (pnp.cli.defaults)."""
    from click.core import ParameterSource

    return ctx.get_parameter_source(name) is ParameterSource.DEFAULT_MAP
