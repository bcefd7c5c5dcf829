"""The one exception family of `pnp`; only `pnp.cli` turns these into messages and exit codes."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnp.core.shown import quoted


class PnpError(Exception):
    """Base of every error `pnp` reports to a user (exit status 1)."""


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the card data.

    `file` is the TOML file, `line`/`column` are 1-based (None when unknown); `card_id`
    names a card, or `subject` says what else is wrong ("back 'red-team'", "deck
    'red-team'", "category 'backups'"); `field` is the key (or key path) at fault.
    `level` is "error" (the kit cannot be built), "warning" (it can, but check this:
    art under 300 dpi) or "note" (what printing changes: a CMYK image converted).
    """

    file: Path | None
    message: str
    line: int | None = None
    column: int | None = None
    card_id: str | None = None
    field: str | None = None
    subject: str | None = None
    level: str = "error"

    def __str__(self) -> str:
        where = str(self.file) if self.file else "<data>"
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        what = []
        if self.subject:
            what.append(self.subject)
        elif self.card_id:
            what.append(f"card {quoted(self.card_id)}")
        if self.field:
            what.append(f"field {quoted(self.field)}")
        prefix = f"{where}: " + (", ".join(what) + ": " if what else "")
        return prefix + self.message


def errors_only(problems: list[Problem]) -> tuple[list[Problem], list[Problem]]:
    """(the errors, the warnings and notes) of `problems`, each in order."""
    return (
        [p for p in problems if p.level == "error"],
        [p for p in problems if p.level != "error"],
    )


class DataError(PnpError):
    """The card data has one or more problems; `problems` lists every one."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class LayoutError(PnpError):
    """Cards, bleed, gutter and margin do not fit the paper, or an option is out of range."""


class UnknownGame(PnpError):
    """The game id names no known game; the message lists the known ones."""


class ImageRefused(PnpError):
    """An image file that cannot be card art; `str(exc)` is a one-line reason for the
    user, without the path (the caller names the file and the line that gave it)."""
