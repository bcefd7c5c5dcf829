"""Printing to any terminal, pipe or file, for both command lines (`pnp`, `scorekeeper`).

Printing never fails a command: `echo` writes a line in whatever encoding the output
has (symbols the encoding lacks get a plain stand-in, "▶" -> ">", "—" -> "-"; other
characters a \\uXXXX escape), JSON is always ASCII, colour is used only on a terminal
that wants it, and a write that fails (a closed pipe, a full disk) is raised as
OutputLost for the CLI to settle — after a saved action or a written kit, that is no
failure. `one_line` makes any message one short line.
"""

from __future__ import annotations

import codecs
import json
import os
import re
import sys
import unicodedata

import click

from pnp.core.shown import QUOTE_LIMIT, quoted

#: Plain stand-ins for the symbols the score keeper prints, for encodings that lack them.
PLAIN = {
    "▶": ">",
    "—": "-",
    "–": "-",
    "−": "-",
    "→": "->",
    "“": '"',
    "”": '"',
    "‘": "'",
    "’": "'",
    "…": "...",
    "×": "x",
    "·": "|",
    "≤": "<=",
    "≥": ">=",
}
_HANDLER = "hackpack.plain"
_EXACT = "hackpack.exact"


class OutputLost(Exception):
    """Writing to the output failed (`cause`: the OSError or UnicodeError)."""

    def __init__(self, cause: Exception):
        super().__init__(getattr(cause, "strerror", None) or str(cause))
        self.cause = cause

    @property
    def closed_pipe(self) -> bool:
        """True if the reader of the output went away (`scorekeeper history | head`)."""
        return isinstance(self.cause, BrokenPipeError)


def escape(ch: str) -> str:
    """`ch` as an ASCII escape: \\u00E9, or \\U0001F600 beyond the BMP."""
    return f"\\u{ord(ch):04X}" if ord(ch) <= 0xFFFF else f"\\U{ord(ch):08X}"


def stand_in(ch: str) -> str:
    """An ASCII stand-in for `ch`: PLAIN's, else its letters without their accents ("ő"
    -> "o"), else its escape."""
    if ch in PLAIN:
        return PLAIN[ch]
    base = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
    return base if base and base.isascii() and base.isprintable() else escape(ch)


def _plain(error: UnicodeError) -> tuple[str, int]:
    """Codec error handler: each character the encoding lacks becomes its `stand_in`."""
    assert isinstance(error, UnicodeEncodeError)  # used to encode only
    return "".join(map(stand_in, error.object[error.start : error.end])), error.end


def _exact(error: UnicodeError) -> tuple[str, int]:
    """Codec error handler for text that must stay exact (paths): PLAIN's stand-in for a
    symbol, else the character's escape, never a look-alike letter."""
    assert isinstance(error, UnicodeEncodeError)  # used to encode only
    chars = error.object[error.start : error.end]
    return "".join(PLAIN.get(ch) or escape(ch) for ch in chars), error.end


codecs.register_error(_HANDLER, _plain)
codecs.register_error(_EXACT, _exact)


def encodable(text: str, stream=None, exact: bool = False) -> str:
    """`text` with every character that `stream` (default: sys.stdout) cannot encode
    replaced by its `stand_in`, or with `exact` (for paths and data) by its escape."""
    if text.isascii():
        return text
    encoding = getattr(stream or sys.stdout, "encoding", None) or "utf-8"
    handler = _EXACT if exact else _HANDLER
    try:
        return text.encode(encoding, handler).decode(encoding)
    except LookupError:
        return text.encode("ascii", handler).decode("ascii")


def echo(text: str = "", err: bool = False, exact: bool = False) -> None:
    """Print one line (styled text allowed: click drops the styles where colour is off);
    with `exact`, characters the output lacks are escaped, never replaced by look-alikes
    (`encodable`). OutputLost if the write fails."""
    try:
        click.echo(encodable(text, sys.stderr if err else sys.stdout, exact), err=err)
    except (OSError, UnicodeError) as exc:
        raise OutputLost(exc) from None


def echo_json(value) -> None:
    """Print `value` (JSON-ready) as indented, ASCII-only JSON (non-ASCII as \\u escapes),
    which every output encoding can carry. OutputLost if the write fails."""
    echo(json.dumps(value, indent=2, ensure_ascii=True))


def colour_wanted(environ=os.environ) -> bool:
    """False when colour is switched off: NO_COLOR set to anything (no-color.org) or
    TERM=dumb. (Output that is not a terminal gets no colour either; click checks that.)"""
    return not environ.get("NO_COLOR") and environ.get("TERM") != "dumb"


def silence_stdout() -> None:
    """After the reader of stdout went away: point stdout at the null device, so the
    flush at exit cannot fail again (Python's documented recipe for SIGPIPE)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


_LONG_RUN = re.compile(r"\S{200,}")


def one_line(message: str, typed=()) -> str:
    """`message` made safe to print as one short line: each of the `typed` values (the
    command line's words) longer than pnp.core.shown.QUOTE_LIMIT that it holds whole, as
    typed or as Python's repr, becomes its quoted, shortened form (pnp.core.shown.quoted);
    any other run of 200 or more characters without a space is cut, with its length;
    line breaks, control, format and bidi characters are escaped as \\uXXXX. Meant for
    click's usage errors, which echo values whole, and as a last guard on the tools' own
    messages, which quote what was typed already."""
    for value in sorted({v for v in typed if len(v) > QUOTE_LIMIT}, key=len, reverse=True):
        message = message.replace(repr(value), quoted(value)).replace(value, quoted(value))
    message = _LONG_RUN.sub(
        lambda m: f"{m.group(0)[:QUOTE_LIMIT]}… ({len(m.group(0)):,} characters)", message
    )
    return "".join(escape(ch) if _unprintable(ch) else ch for ch in message)


def _unprintable(ch: str) -> bool:
    """Control, line-break and format characters, but the joiners and tags that emoji
    and names are made of (U+200C, U+200D, U+E0020-U+E007F)."""
    category = unicodedata.category(ch)
    return category in ("Cc", "Cs", "Zl", "Zp") or (
        category == "Cf" and ch not in "\u200c\u200d" and not 0xE0020 <= ord(ch) <= 0xE007F
    )
