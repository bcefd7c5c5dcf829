"""The one exception family of `scorekeeper`; only `scorekeeper.cli` turns these into
`Error: ...` and exit status 1. A message quotes a value with pnp.core.shown's `quoted` and
`described`, re-exported here (pnp.core.shown is small and loads with the CLI anyway)."""

from __future__ import annotations

import sys

from pnp.core.exceptions import HackPackError
from pnp.core.shown import described, quoted  # noqa: F401  (re-exported for every message)


class ScoreError(HackPackError):
    """Base of every error the score keeper reports to a user (its root, shared with pnp's
    PnpError, is pnp.core.errors.HackPackError)."""


class InputError(ScoreError):
    """Malformed input: an unknown player or card, a number out of range, a bad name."""


class UsageError(InputError):
    """Text that is no value of its kind: a word where a number belongs, an entry that
    does not follow its notation. A usage error, as click's own are: exit status 2
    (`scorekeeper.cli.one_line_errors`); a well-formed value out of range is an
    InputError (exit 1). `command`: the click context of the command that was running
    when it was raised (its usage line is shown), or None outside a command."""

    def __init__(self, message: str):
        super().__init__(message)
        click = sys.modules.get("click")  # the rules never import click themselves
        self.command = click.get_current_context(silent=True) if click else None


class RuleError(ScoreError):
    """Well-formed input that the game's rules forbid now. `rule` names the rule (and the
    rules file passage) that forbids it; `legal`, what is legal instead, in one line
    (scorekeeper.legal.summary; "" where not said: the move itself is legal now)."""

    def __init__(self, rule: str, message: str, legal: str = ""):
        super().__init__(f"{message} — rule: {rule}" + (f"; legal now: {legal}" if legal else ""))
        self.rule = rule
        self.message = message
        self.legal = legal


class StoreError(ScoreError):
    """The database cannot be used: not SQLite, another program's file, or a newer schema."""


class RegistryError(ScoreError):
    """The games are wired in wrongly: a verb declared by two owners, or a registered
    package whose `GAME` has another id. Raised when the CLI collects its commands."""
