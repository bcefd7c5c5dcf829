"""How a value a user typed or wrote is quoted in a message, by both tools.

A message quotes the value at fault so the user can find it, but never echoes it whole:
a 10,000-character name or a million-item array would bury the line. `quoted` shortens
a text to `limit` characters and says how long it was, and escapes characters that do
not show (control, format and line-break characters) as `\\uXXXX`, so one problem is
always one readable line. `described` says what a data value is (TOML's words) without
printing a table or an array whole.
"""

from __future__ import annotations

import math
import unicodedata
from datetime import date, datetime, time

QUOTE_LIMIT = 60  # characters of a quoted text kept in a message
PATH_LIMIT = 120  # a path keeps more: its end names the file
_INVISIBLE = {"Cc", "Cf", "Zl", "Zp", "Co", "Cs", "Cn"}


def _visible(ch: str) -> str:
    if ch == "\\" or ch == "'":
        return "\\" + ch
    if unicodedata.category(ch) in _INVISIBLE:
        return f"\\u{ord(ch):04X}" if ord(ch) <= 0xFFFF else f"\\U{ord(ch):08X}"
    return ch


def quoted(text: object, limit: int = QUOTE_LIMIT) -> str:
    """`text` in single quotes for a message: at most `limit` characters of it (then
    "…' (N characters)"), every invisible character escaped as \\uXXXX. Never raises;
    a non-text value is quoted as its `str`."""
    text = str(text)
    shown = "".join(_visible(ch) for ch in text[:limit])
    if len(text) > limit:
        return f"'{shown}…' ({len(text):,} characters)"
    return f"'{shown}'"


def described(value: object, limit: int = QUOTE_LIMIT) -> str:
    """What a value read from data is, in TOML's words, short enough for one line:
    `'text'` (quoted, shortened: see `quoted`), `true`, `3`, `nan`, `a date 2026-11-30`, `an array of
    1,000,000 items`, `a table with 3 keys`."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return quoted(value, limit)
    if isinstance(value, int):
        if abs(value) < 10**30:
            return str(value)
        return f"a number of about {int(value.bit_length() * math.log10(2)) + 1:,} digits"
    if isinstance(value, float):
        return (
            "nan"
            if math.isnan(value)
            else repr(value)
            if math.isfinite(value)
            else ("inf" if value > 0 else "-inf")
        )
    if isinstance(value, (datetime, date, time)):
        return f"a date/time {value.isoformat()}"
    if isinstance(value, dict):
        return f"a table with {plural(len(value), 'key')}"
    if isinstance(value, (list, tuple)):
        return f"an array of {plural(len(value), 'item')}"
    return quoted(value, limit)


def listed(names, limit: int = 12) -> str:
    """`names` joined with commas for a message, each quoted if it is long: at most
    `limit` of them, then "… (N in all)"."""
    names = list(names)
    shown = ", ".join(n if len(n) <= 40 else quoted(n, 40) for n in names[:limit])
    return shown + (f", … ({len(names):,} in all)" if len(names) > limit else "")


_BLANK = {"Cc", "Cf", "Zs", "Zl", "Zp", "Mn", "Me", "Cn", "Co", "Cs"}


def prints_nothing(text: str) -> bool:
    """True if no character of `text` makes a mark on paper: whitespace, no-break and
    zero-width spaces, soft hyphens, joiners and other format or control characters,
    and combining marks with nothing to combine with."""
    return all(unicodedata.category(ch) in _BLANK for ch in text)


MINUS = "\u2212"  # "−", MINUS SIGN: every negative number either tool prints


def signed(n: int) -> str:
    """`n` as both tools print it, on a card or at the table: a negative number with "−"
    (U+2212), never "-": signed(-3) -> "−3", signed(4) -> "4"."""
    return f"{MINUS}{-n}" if n < 0 else str(n)


def singular(n: int) -> bool:
    """True if a count of `n` takes the singular: 1 and -1 ("their −1 point is final")."""
    return abs(n) == 1


def plural(n: int, word: str, many: str | None = None) -> str:
    """`n` (with thousands separators) and `word`, with `many` (default: `word` + "s")
    for every count but 1 and -1: plural(1, "point") -> "1 point", plural(0, "player")
    -> "0 players", plural(2, "Hero", "Heroes") -> "2 Heroes". Both tools use it."""
    return f"{n:,} {word if singular(n) else many or word + 's'}"
