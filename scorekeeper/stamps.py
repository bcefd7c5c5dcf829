"""Times as the store writes them, and the check that a stored one is such a time:
ISO 8601 date and time in UTC with its offset, "2026-11-30T17:05:09+00:00"."""

from __future__ import annotations

import re
from datetime import datetime, timezone  # loaded with sqlite3 already

from scorekeeper.errors import quoted


def now() -> str:
    """The time now as the store writes it: ISO 8601 in UTC with its offset."""
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


#: A time as the store writes it (`now`): ISO 8601 date and time with its UTC offset,
#: "2026-11-30T17:05:09+00:00" (a fraction of a second or "Z" allowed). Compiled once
#: per read of a log, not at start-up, with re.ASCII (\d is [0-9]), written out digit by
#: digit: it compiles in a fifth of the time of the same pattern with [0-9]{2} classes.
_TIME = r"\d\d\d\d-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,6})?(?:[+-]\d\d:\d\d|Z)"


def time_matcher():
    """The fullmatch of `_TIME` (from re's cache: compiled on first use)."""
    return re.compile(_TIME, re.ASCII).fullmatch


def is_time(text: object, fullmatch=None) -> bool:
    """True if `text` is a time as the store writes it (`_TIME`) that exists on the
    calendar; `fullmatch`: `time_matcher()`, when checking many."""
    if type(text) is not str or not (fullmatch or time_matcher())(text):
        return False
    try:
        datetime.fromisoformat(text)
    except ValueError:  # 2026-13-40T...: the right shape, no such time
        return False
    return True


def time_problem(text: object) -> str | None:
    """What is wrong with a stored time ("its time is not text", "its time 'yesterday'
    is not ..."), or None if it is one the store writes (`is_time`)."""
    if type(text) is not str:
        return "its time is not text"
    if is_time(text):
        return None
    return (
        f"its time {quoted(text, 40)} is not an ISO 8601 time with its UTC offset, "
        "such as 2026-11-30T17:05:09+00:00"
    )
