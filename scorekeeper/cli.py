"""The `scorekeeper` command line: the shared commands (scorekeeper.commands) and every
registered game's verbs (scorekeeper.games), in one click group. Thin: it parses,
calls the library and turns its errors into messages.

Exit status: 0 success; 1 a refused or malformed command (the message names the rule or
what was expected; the database is unchanged); 2 usage error (click).
"""

from __future__ import annotations

import os
from pathlib import Path

import click

from scorekeeper.commands import SHARED
from scorekeeper.context import Ctx
from scorekeeper.errors import RegistryError, ScoreError
from scorekeeper.games import all_games

_COMMANDS = "scorekeeper.commands"   # the key of the collected commands in ctx.meta


def collect_commands() -> dict[str, click.Command]:
    """Every command of the CLI by name: the shared commands and the verbs each playable
    game declares (`Game.verbs`), read from both game registries now. RegistryError
    naming the verb and both owners if two of them declare the same name."""
    commands = {c.name: c for c in SHARED}
    owners = dict.fromkeys(commands, "the shared commands")
    for game in all_games():
        for verb in game.verbs:
            if verb.name in commands:
                raise RegistryError(f"the verb {verb.name!r} is declared by both "
                                    f"{owners[verb.name]} and {game.id}")
            commands[verb.name], owners[verb.name] = verb, game.id
    return commands


class App(click.Group):
    """A click group whose commands are collected (`collect_commands`) when it first
    lists or resolves one, once per invocation; it turns every ScoreError into
    `Error: ...` and exit status 1."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        """Every command name, sorted (the shared commands and every game's verbs)."""
        return sorted(self._commands(ctx))

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        """The command called `name`, or None (click then reports the usage error)."""
        return self._commands(ctx).get(name)

    def _commands(self, ctx: click.Context) -> dict[str, click.Command]:
        if _COMMANDS not in ctx.meta:
            try:
                ctx.meta[_COMMANDS] = collect_commands()
            except ScoreError as exc:
                raise click.ClickException(str(exc)) from None
        return ctx.meta[_COMMANDS]

    def invoke(self, ctx: click.Context):
        """Run the command; NO_COLOR turns styling off; a ScoreError exits 1 with its message."""
        if os.environ.get("NO_COLOR"):
            ctx.color = False
        try:
            return super().invoke(ctx)
        except ScoreError as exc:
            raise click.ClickException(str(exc)) from None


def _db_path(ctx, param, value):
    if value is not None and not str(value).strip():
        raise click.BadParameter("the database path is empty")
    return Path(value) if value is not None else None


@click.group(cls=App, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--db", type=click.Path(dir_okay=False), callback=_db_path, envvar="SCOREKEEPER_DB",
              help="Database file (default: scorekeeper.sqlite3 in your user data folder; "
                   "or set SCOREKEEPER_DB).")
@click.option("--game", "game_id", type=click.IntRange(1, 2 ** 63 - 1),
              help="Game id to use (default: the newest).")
@click.version_option(package_name="hackpack")
@click.pass_context
def main(ctx: click.Context, db: Path | None, game_id: int | None) -> None:
    """Keep score at the table for the Hack Pack's card games: start one with 'new',
    record what happens with the game's own verbs, and ask for 'status' or 'result'."""
    ctx.obj = Ctx(db, game_id)
