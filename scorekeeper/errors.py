"""The one exception family of `scorekeeper`; only `scorekeeper.cli` turns these into
`Error: ...` and exit status 1. And how a message quotes a value: through pnp.shown,
imported when a message first needs it, so that a command that fails nothing (status)
starts without importing pnp."""

from __future__ import annotations


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


def quoted(text: object, limit: int | None = None) -> str:
    """pnp.shown.quoted: `text` in single quotes, shortened to `limit` characters (default:
    pnp.shown's) with its length said, invisible characters escaped. For every value a
    message quotes."""
    from pnp.shown import quoted as quote
    return quote(text) if limit is None else quote(text, limit)


def described(value: object) -> str:
    """pnp.shown.described: what a data value is, in one short phrase ("3", "text 'x'",
    "an array of 5 items")."""
    from pnp.shown import described as describe
    return describe(value)
