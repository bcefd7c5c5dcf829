"""Shell completion (click's `shell_complete`) of the ids `pnp` options take: a game's
after `--game`, a card's after `--card`. The data folder is the one the command would
read: `--data` as typed, else the `data` of a pnp.toml (pnp.cli.config_files), else
each game's own folder; likewise the game is `--game` as typed, else pnp.toml's
`game`. Completing never writes and never fails: what cannot be read offers nothing."""

from __future__ import annotations

from pathlib import Path

import click

from pnp.core.errors import PnpError


def data_folder(ctx: click.Context) -> Path | None:
    """The data folder the command being completed would read: `--data` as typed, else
    pnp.toml's `data`; None for the games' own folders, and for a command that takes no
    `--data` (`pnp diff` reads its two folders)."""
    from pnp.cli.config_files import written_text

    if not any(p.name == "data_dir" for p in ctx.command.params):
        return None
    typed = ctx.params.get("data_dir") or written_text("data", folder=True)
    return Path(typed) if typed else None


def complete_game_ids(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """Game ids that start with what is typed, any case: the registered games', or for
    a command reading a data folder (`data_folder`) the games it holds, registered
    games' copies and data-only games (pnp.faces.held), as `--all` would run them."""
    from pnp.core.games import game_ids

    folder = data_folder(ctx)
    if folder is None:
        ids = game_ids()
    else:
        from pnp.faces.held import games_in

        try:
            ids = list(games_in(folder).games)
        except (PnpError, OSError):
            return []
    typed = incomplete.casefold()
    return [g for g in ids if g.startswith(typed)]


def complete_card_ids(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """Card ids, for an option such as `--card` of a command that also takes `--game`
    and `--data` (pnp.cli.base.game_options): the ids of every card the game prints
    (its own and its player aids, in data order) that start with what is typed, any
    case. Offers nothing while no game is named or its data cannot be loaded."""
    from pnp.build import find_kit, game_folder
    from pnp.cli.config_files import written_text

    game = ctx.params.get("game") or written_text("game")
    if not game:
        return []
    root = data_folder(ctx)
    try:
        kit = find_kit(game, root)
        data = kit.load(game_folder(kit, root))
    except (PnpError, OSError):
        return []
    typed = incomplete.casefold()
    return [c.id for c in kit.printed_cards(data) if c.id.casefold().startswith(typed)]


def complete_languages(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """The languages the game named (`--game`, else pnp.toml's `game`) declares in its
    game.toml (the source first), then "all", that start with what is typed; without
    a game, "all" alone."""
    from pnp.build import find_kit, game_folder
    from pnp.cli.config_files import written_text
    from pnp.core.translations import languages

    game = ctx.params.get("game") or written_text("game")
    found = ["all"]
    if game:
        root = data_folder(ctx)
        try:
            found = [*languages(game_folder(find_kit(game, root), root)), "all"]
        except (PnpError, OSError):
            pass
    return [lang for lang in found if lang.startswith(incomplete)]
