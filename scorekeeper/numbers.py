"""Whole numbers typed at the table, read exactly as typed: the sign is kept, nothing is
clamped or rounded, and a number outside its range is refused with the range.

Digits are ASCII; the sign may be `+`, `-` or `−` (U+2212, the minus the tables print).
"""

from __future__ import annotations

import re

from pnp.core.shown import signed
from scorekeeper.errors import InputError, UsageError, quoted

_WHOLE = r"([+\-\u2212]?)([0-9]+)"  # compiled on first use (re's cache), not at start-up
_MOST_DIGITS = 19  # a longer number is outside every range (SQLite's ids end at 2**63 - 1)


def is_whole(text: str) -> bool:
    """True if `text` (spaces around it ignored) is a whole number: ASCII digits with an
    optional sign."""
    return re.fullmatch(_WHOLE, text.strip()) is not None


def sign(text: str) -> str:
    """The sign typed before a whole number: "+", "-" (for `-` and `−`) or ""."""
    m = re.fullmatch(_WHOLE, text.strip())
    mark = m.group(1) if m else ""
    return "-" if mark in ("-", "\u2212") and mark else mark


def shown(text: str) -> str:
    """A typed number for a message, as typed (what the player typed, sign and all)
    when short, else quoted and shortened."""
    text = text.strip()
    return text if len(text) <= 20 and is_whole(text) else quoted(text)


def value(text: str) -> int | None:
    """The whole number `text` (is_whole) exactly as typed, sign included; None if it is
    no whole number or has more than 19 digits (never reads more)."""
    m = re.fullmatch(_WHOLE, text.strip())
    digits = (m.group(2).lstrip("0") or "0") if m else ""
    if not m or len(digits) > _MOST_DIGITS:
        return None
    return int(digits) * (-1 if sign(text) == "-" else 1)


def whole(text: str, low: int, high: int, what: str, note: str = "") -> int:
    """The whole number `text` (`value`) if it lies in low..high (both of at most 19
    digits). InputError "WHAT must be LOW..HIGH NOTE, got TEXT" otherwise; UsageError
    (exit 2) for text that is no whole number."""
    number = value(text)
    if number is not None and low <= number <= high:
        return number
    if not is_whole(text):
        raise UsageError(
            f"{what} must be a whole number, {signed(low)}..{signed(high)}{note}, got {shown(text)}"
        )
    raise InputError(f"{what} must be {signed(low)}..{signed(high)}{note}, got {shown(text)}")
