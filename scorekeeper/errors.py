"""The one exception family of `scorekeeper`; only `scorekeeper.cli` turns these into
`Error: ...` and exit status 1. A message quotes a value with pnp.shown's `quoted` and
`described`, re-exported here (pnp.shown is small and loads with the CLI anyway)."""

from __future__ import annotations

from pnp.shown import described, quoted  # noqa: F401  (re-exported for every message)


class ScoreError(Exception):
    """Base of every error the score keeper reports to a user."""


class InputError(ScoreError):
    """Malformed input: an unknown player or card, a number out of range, a bad name."""


class RuleError(ScoreError):
    """Well-formed input that the game's rules forbid now. `rule` names the rule (and the
    rules file passage) that forbids it."""

    def __init__(self, rule: str, message: str):
        super().__init__(f"{message} — rule: {rule}")
        self.rule = rule
        self.message = message


class StoreError(ScoreError):
    """The database cannot be used: not SQLite, another program's file, or a newer schema."""


class RegistryError(ScoreError):
    """The games are wired in wrongly: a verb declared by two owners, or a registered
    package whose `GAME` has another id. Raised when the CLI collects its commands."""
