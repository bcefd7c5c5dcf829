"""Text laid out on pages outside the card faces (the print-me-first page, the rulebook's
figures): wrapped to a width, with a word wider than the width broken between its
characters, and every character the font cannot draw shown as "?", so that nothing
overflows and nothing prints as a blank box. Widths in points."""

from __future__ import annotations

from pnp.fonts import font as font_name
from pnp.fonts import missing_glyphs
from pnp.layout.text import text_width, wrap


def printable(text: str, font: str) -> str:
    """`text` with every character `font` (a style name, pnp.fonts) cannot draw, and
    every control character, replaced by "?"."""
    missing = missing_glyphs(text, font)
    return "".join("?" if ch in missing or not ch.isprintable() else ch for ch in text)


#: where a word too wide for its line breaks first: after a hyphen or a slash
BREAK_AFTER = "-‐/"


def lines_of(text: str, font: str, size: float, width: float) -> list[str]:
    """`text` (`printable`) wrapped to `width` pt in `font` at `size` pt; a word wider
    than the width is broken after a hyphen or slash in it that fits ("Kategorie-" /
    "Symbol"), else between its characters (a line holds one at least)."""
    face = font_name(font)
    text = printable(text, font)
    found = wrap(text, face, size, width)
    if found is not None:
        return list(found)
    lines: list[str] = []
    for word in text.split(" "):
        while len(word) > 1 and text_width(word, face, size) > width:
            cut = next(
                (
                    n
                    for n in range(len(word) - 1, 0, -1)
                    if word[n - 1] in BREAK_AFTER and _fits(word[:n], face, size, width)
                ),
                None,
            ) or next(
                n
                for n in range(len(word) - 1, 0, -1)
                if n == 1 or _fits(word[:n], face, size, width)
            )
            lines.append(word[:cut])
            word = word[cut:]
        if lines and text_width(f"{lines[-1]} {word}", face, size) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def _fits(part: str, face: str, size: float, width: float) -> bool:
    return text_width(part, face, size) <= width


def widest(lines: list[str], font: str, size: float) -> float:
    """The width (pt) of the widest of `lines`."""
    face = font_name(font)
    return max((text_width(line, face, size) for line in lines), default=0.0)
