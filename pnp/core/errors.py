"""The one exception family of `pnp`; only `pnp.cli` turns these into messages and exit codes.

`HackPackError` is the root of both tools' errors (`PnpError` here, the score keeper's
`scorekeeper.errors.ScoreError`; the two roots are defined alone in pnp.core.exceptions,
which the score keeper imports instead of this module): each CLI turns any of them into one `Error: ...` line and
exit status 1, so an error raised by the shared core (a game's manifest, its data folder,
its data loader) reaches a user of either tool as a message, never as a traceback."""

from __future__ import annotations

import re
from pathlib import Path

from pnp.core.exceptions import HackPackError, PnpError  # noqa: F401  (the roots, re-exported)
from pnp.core.records import NamedTuple
from pnp.core.shown import quoted


class Problem(NamedTuple):
    """One thing wrong with the card data.

    `file` is the data file, `line`/`column` are 1-based (None when unknown): in a CSV
    file (`in_sheet`) the spreadsheet's row (the header is row 1) and column; `card_id`
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
        where = place(self.file, self.line, self.column, self.field)
        what = []
        if self.subject:
            what.append(self.subject)
        elif self.card_id:
            what.append(f"card {quoted(self.card_id)}")
        if self.field and not (
            in_sheet(self.file) and self.column and _head(self.field) == self.field
        ):
            what.append(f"field {quoted(self.field)}")  # a sheet's column names it already
        prefix = f"{where}: " + (", ".join(what) + ": " if what else "")
        return prefix + self.message


def in_sheet(file: Path | str | None) -> bool:
    """Whether `file` is a spreadsheet's CSV file (its name ends in .csv), whose Problems
    give a row and a column instead of a line and a character."""
    return file is not None and str(file).lower().endswith(".csv")


def column_letters(number: int) -> str:
    """A spreadsheet's name for its column `number` (1-based): 1 "A", 26 "Z", 27 "AA"."""
    letters = ""
    while number > 0:
        number, rest = divmod(number - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def _head(field: str) -> str:
    """The key a field path starts with ("defenses" of "defenses[1]")."""
    return re.split(r"[\[.:]", field, maxsplit=1)[0]


def place(
    file: Path | str | None, line: int | None, column: int | None = None, field: str | None = None
) -> str:
    """Where a problem is, as messages write it: `file:line:column` in a TOML file (1-based
    line and character), and in a CSV file (`in_sheet`) `file, row N, column C 'name'`:
    the spreadsheet's row (the header is row 1), its column letter and the header's name
    (the key `field` starts with)."""
    where = str(file) if file else "<data>"
    if line is None:
        return where
    if not in_sheet(file):
        return f"{where}:{line}" + (f":{column}" if column is not None else "")
    where += f", row {line}"
    if column:
        where += f", column {column_letters(column)}"
        where += f" {quoted(_head(field))}" if field else ""
    return where


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


class GameLeftOut(PnpError):
    """A registered game whose code, once loaded, fails its registration check (a kit
    that defines another game): the message names the game and its package. `--all`
    leaves it out with a warning; named alone, it is an error."""


class ImageRefused(PnpError):
    """An image file that cannot be card art; `str(exc)` is a one-line reason for the
    user, without the path (the caller names the file and the line that gave it)."""
