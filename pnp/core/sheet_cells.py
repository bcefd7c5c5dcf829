"""Text cells a spreadsheet would run as a formula, guarded in every CSV file either
tool writes (pnp export-data's card tables, `scorekeeper stats --csv`) and read back
unchanged by pnp's CSV card tables (pnp.data.csv_tables).

A cell starting with "=", "+", "-", "@", a tab or a carriage return (OWASP's list for
CSV injection: `=cmd|' /C calc'!A0` would run a program in some spreadsheets) is
written with a "'" before it, which spreadsheets show as text; a plain number ("-3",
"+2.5") is left as it is, a spreadsheet reads it as a number, not a formula. A cell
that already starts with apostrophes before such a character gets one more, so that
reading back (`unguarded`: one apostrophe dropped before such a cell) gives exactly
what was written, whatever the text."""

from __future__ import annotations

import re

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?")


def _formula_like(text: str) -> bool:
    bare = text.lstrip("'")
    return bare.startswith(FORMULA_STARTS) and not (bare == text and _NUMBER.fullmatch(text))


def guarded(text: str) -> str:
    """`text` as a CSV cell a spreadsheet shows as text (the module docstring)."""
    return "'" + text if _formula_like(text) else text


def unguarded(cell: str) -> str:
    """The text a `guarded` cell was made from: `cell` without its first apostrophe when
    `guarded` would have added it, else `cell` as it is."""
    if cell.startswith("'") and _formula_like(cell[1:]):
        return cell[1:]
    return cell
