"""The shared commands that start a table or say how to play one: new, rematch and help.
`new` and `help` read the whole registry (every game's verbs, `check`'s hints); the
commands that read a table (scorekeeper.table_commands) never import this module."""

from __future__ import annotations

import click

from pnp.core.terminal import echo
from scorekeeper import session
from scorekeeper.check_command import registered_or_hint
from scorekeeper.commands import SHARED, playing
from scorekeeper.context import pass_ctx, variant_option
from scorekeeper.errors import InputError
from scorekeeper.games import problems
from scorekeeper.help_page import verb_lines
from scorekeeper.layout import echo_lines
from scorekeeper.report import show_status
from scorekeeper.sheet_help import complete_game_ids, data_help_lines


@click.command()
@click.argument("game", shell_complete=complete_game_ids)
@click.argument("players", nargs=-1, required=True)
@variant_option()
@click.option(
    "--first",
    metavar="NAME",
    help="Who goes first, where the rules let the table pick (Hack Attack: Defense, Not "
    "a Hack): the players are seated from NAME on, clockwise.",
)
@click.option(
    "--colour",
    "colours",
    multiple=True,
    metavar="NAME=COLOUR",
    help="A player's colour (orange, sky, green, yellow, blue, red, purple, grey, brown, "
    "teal, pink, navy); by default each keeps their colour from their last game.",
)
@click.option(
    "--data",
    "data_dir",
    metavar="DIR",
    help="Keep a points sheet for the data-only game GAME, found as DIR/GAME/game.toml "
    "(DIR: the data folder holding one folder per game, as pnp's --data).",
)
@pass_ctx
def new(ctx, game, players, variants, first, colours, data_dir) -> None:
    """Start GAME (a game id or alias; a wrong one is answered with the list) with
    PLAYERS in seating order (first named plays first, or --first), by the standard
    rules or with the official variants chosen (--variant). With --data DIR, GAME is a
    data-only game's folder in DIR, kept on a points sheet: rounds, points per player,
    and the highest or lowest total wins, as its game.toml says."""
    from scorekeeper.start import start_table

    if data_dir is None:
        spec = registered_or_hint(game)
        if spec.id not in {g.id for g in playing()}:
            left_out = [p for p in problems() if p.startswith(f"game {spec.id} ")]
            raise InputError(left_out[0] if left_out else f"{spec.name} cannot be played now")
    table = start_table(lambda: ctx.creator, game, players, variants, first, colours, data_dir)
    echo_started(table)


def echo_started(table: session.Table) -> None:
    """Print a table just started: "Game 3: Hack Back with Ana, Ben.", then its status."""
    from scorekeeper.start import started_line

    echo_lines([started_line(table)])
    show_status(table)


@click.command()
@click.option(
    "--rotate",
    is_flag=True,
    help="Seat them from the next player on (where the rules let the table pick who goes first).",
)
@pass_ctx
def rematch(ctx, rotate) -> None:
    """Start the chosen game again (the newest, or --game N): the same game, players,
    variants and colours, in the same seats, or --rotate."""
    from scorekeeper.start import rematch as again

    echo_started(again(ctx.store, ctx.game_id, rotate))


@click.command("help")
@click.argument("game", required=False, shell_complete=complete_game_ids)
@click.option(
    "--data",
    "data_dir",
    metavar="DIR",
    help="GAME is the data-only game DIR/GAME/game.toml: its points sheet's page; "
    "without GAME, the data-only games DIR holds.",
)
@click.pass_context
def help_command(click_ctx, game, data_dir) -> None:
    """One GAME's verbs (a game id or alias), each with a one-line example to copy;
    without GAME, every command, grouped by game (as --help). With --data DIR, a
    data-only game's points sheet: how to start it, its verbs, its scoring."""
    shared = list(SHARED)
    width = click_ctx.make_formatter().width
    if data_dir is not None:
        lines = data_help_lines(data_dir, game, width, shared)
    elif game is None:
        echo(click_ctx.parent.get_help())
        return
    else:
        lines = verb_lines(registered_or_hint(game), width, shared)
    for line in lines:
        echo(line)
