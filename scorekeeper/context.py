"""What every command shares, in one small module that the CLI, the shared commands and
each game's verbs import (never each other): the context object with the database,
the decorator that passes it down, the `--json` option and JSON printing."""

from __future__ import annotations

import json
from pathlib import Path

import click


class Ctx:
    """What every command shares: the database path (None: the default) and the chosen
    game number (None: the newest). The store is opened on first use, once."""

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


#: Passes the group's Ctx to a command as its first argument.
pass_ctx = click.make_pass_decorator(Ctx)

#: The `--json` flag of read commands, passed as `as_json`.
JSON = click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")


def echo_json(value) -> None:
    """Print `value` (JSON-ready) as indented JSON, non-ASCII kept as is."""
    click.echo(json.dumps(value, indent=2, ensure_ascii=False))
