"""Plain-text views shared by every game: short lines, readable at a glance. Each game's
status table is its own (`scorekeeper/games/<game>/view.py`). Styling goes through
click.style, so NO_COLOR and pipes get plain text."""

from __future__ import annotations

import unicodedata

import click

from pnp.core.shown import MINUS, plural, signed
from pnp.core.terminal import encodable
from scorekeeper.outcome import Outcome, Termination

_NO_WIDTH = {"Mn", "Me", "Cf"}  # combining marks and variation selectors; joiners, tags


def number(n: int) -> str:
    """`n` as every table and message prints it (pnp.core.shown.signed): a negative number
    with "−" (U+2212, MINUS SIGN; printed "-" where the output cannot encode it), never
    "-": number(-3) -> "−3", number(4) -> "4". Typed input takes either sign
    (scorekeeper.numbers)."""
    return signed(n)


def counted(n: int, word: str, many: str | None = None) -> str:
    """pnp.core.shown.plural (the one plural rule of both tools) with a negative count
    printed as `number` prints it: counted(-1, "point") -> "−1 point",
    counted(-3, "point") -> "−3 points", counted(2, "Hero", "Heroes") -> "2 Heroes"."""
    text = plural(n, word, many)
    return MINUS + text[1:] if n < 0 else text


def printed_width(text: str, stream=None) -> int:
    """The columns `text` takes when printed on `stream` (default: sys.stdout): after
    the stand-ins of its encoding (pnp.core.terminal.encodable: "Ł" is printed "\\u0141" in
    ASCII), a wide East Asian character or emoji counts 2, a combining mark or an
    invisible format character (a joiner) 0, any other character 1."""
    shown = encodable(text, stream)
    if shown.isascii():
        return len(shown)
    return sum(
        0
        if unicodedata.category(ch) in _NO_WIDTH
        else 2
        if unicodedata.east_asian_width(ch) in "WF"
        else 1
        for ch in shown
    )


def padded(text: str, width: int) -> str:
    """`text` with spaces after it to fill `width` printed columns (`printed_width`), so
    a table's columns line up whatever the names and the output's encoding."""
    return text + " " * max(0, width - printed_width(text))


def column_width(texts, least: int) -> int:
    """The printed width of a column holding `texts`: the widest, at least `least`."""
    return max([least, *(printed_width(t) for t in texts)])


def local_time(stamp: str) -> str:
    """A stored time (ISO 8601 with its UTC offset, as the store writes it) in the local
    time zone, to the minute, with the zone's name: "2026-11-30 18:05 CET". A stamp
    that is not such a time is returned as it is."""
    from datetime import datetime

    try:
        when = datetime.fromisoformat(stamp)
    except (TypeError, ValueError):
        return str(stamp)
    if when.tzinfo is None:
        return str(stamp)
    local = when.astimezone()
    return local.strftime("%Y-%m-%d %H:%M ") + (local.tzname() or local.strftime("UTC%z"))


def outcome_lines(outcome: Outcome, explain: bool, final: bool = True) -> list[str]:
    """The result: the head line with the winner(s) and the deciding rule (the leader(s),
    before the end; "Everyone loses" when there are none), then every step of the
    explanation when `explain`."""
    return [head_line(outcome, final)] + (list(outcome.explanation) if explain else [])


def head_line(outcome: Outcome, final: bool = True) -> str:
    """ "Winner: Ana (highest total)", "Shared win: Ana, Ben" ("Tie: Ana, Ben" where the
    rules call it a tie), "Everyone loses", or "No winner (REASON)" where the rules end
    the game without one (Termination.NO_WINNER); with `final` False, "Leading: ...",
    "Sharing the lead: ..." or "Nobody leads yet"."""
    ended = outcome.termination is Termination.NO_WINNER
    if not outcome.winners:
        head = ("No winner" if ended else "Everyone loses") if final else "Nobody leads yet"
    elif len(outcome.winners) == 1:
        head = f"{'Winner' if final else 'Leading'}: {outcome.winners[0]}"
    else:
        shared = "Tie" if outcome.tie else "Shared win"
        head = f"{shared if final else 'Sharing the lead'}: " + ", ".join(outcome.winners)
    shown = outcome.reason != "shared win" and (bool(outcome.winners) or not final or ended)
    return click.style(head, bold=True) + (f" ({outcome.reason})" if shown else "")
