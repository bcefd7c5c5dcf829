"""The `scorekeeper` command line: parses, calls scorekeeper.session and the rules, prints.

Exit status: 0 success; 1 a refused or malformed command (the message names the rule or
what was expected; the database is unchanged); 2 usage error (click).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import click

from scorekeeper.errors import ScoreError


#: Each game's verbs live in their own module, imported only when one of them is used,
#: so `status` and the other shared commands start fast.
GAME_COMMANDS = {
    "scorekeeper.hack_attack_commands": ("protect", "user-error", "attack", "end-turn",
                                          "defend", "check"),
    "scorekeeper.hack_back_commands": ("hero", "no-hero", "draw", "play", "activate"),
    "scorekeeper.not_a_hack_commands": ("hack", "negative", "banned", "new-account",
                                         "positive", "steal", "hack-off"),
}
LAZY = {name: module for module, names in GAME_COMMANDS.items() for name in names}


class App(click.Group):
    """A click group that loads game verbs on first use and turns every ScoreError into
    `Error: ...` and exit status 1."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(LAZY))

    def get_command(self, ctx: click.Context, name: str):
        if name in LAZY and name not in self.commands:
            from importlib import import_module
            import_module(LAZY[name])
        return super().get_command(ctx, name)

    def invoke(self, ctx: click.Context):
        if os.environ.get("NO_COLOR"):
            ctx.color = False
        try:
            return super().invoke(ctx)
        except ScoreError as exc:
            raise click.ClickException(str(exc)) from None


class Ctx:
    """What every command shares: the database path and the chosen game id."""

    def __init__(self, db: Path | None, game_id: int | None):
        self.db, self.game_id, self._store = db, game_id, None

    @property
    def store(self):
        """The database of an existing game (never created: only `new` creates it)."""
        return self._open(create=False)

    @property
    def creator(self):
        """The database for `new`: created on first use."""
        return self._open(create=True)

    @property
    def reader(self):
        """The database for a command that only reads: never created, never changed."""
        return self._open(create=False)

    def _open(self, create: bool):
        if self._store is None:
            from scorekeeper.store import Store, default_path
            self._store = Store(self.db or default_path(), create=create)
        return self._store


def _db_path(ctx, param, value):
    if value is not None and not str(value).strip():
        raise click.BadParameter("the database path is empty")
    return Path(value) if value is not None else None


pass_ctx = click.make_pass_decorator(Ctx)


def echo_json(value) -> None:
    click.echo(json.dumps(value, indent=2, ensure_ascii=False))


@click.group(cls=App, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--db", type=click.Path(dir_okay=False), callback=_db_path, envvar="SCOREKEEPER_DB",
              help="Database file (default: scorekeeper.sqlite3 in your user data folder; "
                   "or set SCOREKEEPER_DB).")
@click.option("--game", "game_id", type=click.IntRange(1, 2 ** 63 - 1),
              help="Game id to use (default: the newest).")
@click.version_option(package_name="hackpack")
@click.pass_context
def main(ctx: click.Context, db: Path | None, game_id: int | None) -> None:
    """Keep score at the table for Hack Attack: Defense, Hack Back and Not a Hack."""
    ctx.obj = Ctx(db, game_id)


from scorekeeper import commands  # noqa: E402,F401  (registers the commands on `main`)
