"""What every command shares, in one small module that the CLI, the shared commands and
each game's verbs import (never each other): the context object with the database,
the decorator that passes it down, the `--json` option, the whole-number parameter
type, and how a command line's negative numbers reach its arguments."""

from __future__ import annotations

import re
from pathlib import Path

import click

from scorekeeper import numbers
from scorekeeper.errors import quoted


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

    @property
    def saved(self) -> bool:
        """True once this command has saved something (a write transaction committed):
        from then on a failure to print its report must not fail the command."""
        return self._store is not None and self._store.saved

    def _open(self, create: bool):
        """The store, opened once: the file named (--db or SCOREKEEPER_DB) must be in a
        folder that exists; the default one's folder is made when needed."""
        if self._store is None:
            from scorekeeper.store import Store, default_path
            self._store = Store(self.db or default_path(), create=create,
                                folders=self.db is None)
        return self._store


#: Passes the group's Ctx to a command as its first argument.
pass_ctx = click.make_pass_decorator(Ctx)

#: The `--json` flag of read commands, passed as `as_json`.
JSON = click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")


class Whole(click.ParamType):
    """A whole number in low..high, read exactly as typed (sign included, see
    scorekeeper.numbers): text that is no whole number is click's usage error (exit 2);
    a number out of range is an InputError naming the range (exit 1), like every other
    value out of range at the table."""

    name = "integer"

    def __init__(self, low: int, high: int):
        self.low, self.high = low, high

    def convert(self, value, param, ctx) -> int:
        """The number, or the errors above."""
        text = str(value)
        if not numbers.is_whole(text):
            self.fail(f"{quoted(text)} is not a whole number", param, ctx)
        what = param.opts[0] if isinstance(param, click.Option) else param.human_readable_name
        return numbers.whole(text, self.low, self.high, what)


_NEGATIVE = r"-[0-9]+"      # compiled on first use (re's cache), not at start-up


def negatives_as_values(command: click.Command, ctx: click.Context, args: list[str]) -> list[str]:
    """`args` for `command` with every negative number that is not an option value
    taken as a positional value, as typed (`hero ana -3`, `negative ben -2`): click
    would read `-3` as an unknown option. Options keep their order and their values;
    positional words keep theirs, after a `--`. Unchanged if there is no such number."""
    options_of = [p for p in command.get_params(ctx) if isinstance(p, click.Option)]
    takes_value = {name: p.nargs for p in options_of if not p.is_flag and not p.count
                   for name in p.opts}
    names = {name for p in options_of for name in (*p.opts, *p.secondary_opts)}
    options: list[str] = []
    positional: list[str] = []
    moved, i = False, 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            positional += args[i + 1:]
            break
        if arg in takes_value:
            options += args[i:i + 1 + takes_value[arg]]
            i += takes_value[arg]
        elif re.fullmatch(_NEGATIVE, arg) and arg not in names:
            positional.append(arg)
            moved = True
        elif arg.startswith("-") and len(arg) > 1:
            options.append(arg)
        else:
            positional.append(arg)
        i += 1
    return [*options, "--", *positional] if moved else args
