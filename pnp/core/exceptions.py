"""The roots of both tools' exceptions, alone: `HackPackError` and `PnpError`.
pnp.core.errors adds the rest of the family and the records of data problems beside
them (and re-exports these two); a command that only needs to catch or subclass a root
(every score keeper command: scorekeeper.errors) imports this module and no more."""


class HackPackError(Exception):
    """Base of every error either tool reports to a user (exit status 1)."""


class PnpError(HackPackError):
    """Base of every error `pnp` and the shared core report to a user (exit status 1)."""
