"""Measuring and splitting encoded rich text (pnp.data.markup.encoded): the word wrap of
pnp.layout.text measures a line of it here, and the painter draws it run by run.

In encoded text a style switch (STYLE_MARKS) holds until the next switch or a space:
what follows a space prints in the text's own font until a switch says otherwise, so
any line of whole words measures and prints as it does in the whole text; where the
wrap breaks a word at a break point, `carried` restates the style. An icon is one character ICON_EM sizes wide, drawn as a square ICON_SIDE
sizes across, centred ICON_RISE sizes above the baseline. Widths and offsets in points.
"""

from __future__ import annotations

from reportlab.pdfbase.pdfmetrics import stringWidth

from pnp.core.records import NamedTuple
from pnp.data.markup import BOLD, ITALIC, MARK_STYLES, REGULAR, STYLE_MARKS, icon_name
from pnp.fonts import BOLD as BOLD_FONT
from pnp.fonts import ITALIC as ITALIC_FONT
from pnp.fonts import font as registered

ICON_EM = 1.2  # an inline icon's advance, in sizes
ICON_SIDE = 1.15  # its drawn square, in sizes (inside the em box)
ICON_RISE = 0.36  # its centre above the baseline, in sizes (half a capital's height)


def style_font(style: str, font: str) -> str:
    """The font a run in `style` prints in, in a text set in `font`: regular is the
    text's own font; bold and italic are the fonts of those styles."""
    return BOLD_FONT if style == BOLD else ITALIC_FONT if style == ITALIC else font


def carried(parts: list[str]) -> list[str]:
    """A word split at its break points (`re.split` with the break points kept: text,
    break, text, ...) with each text part after the first starting in the style the part
    before it ended in, so a line that starts with it prints it in that style."""
    style = REGULAR
    out = []
    for i, part in enumerate(parts):
        if i % 2 == 0:
            if i and style != REGULAR:
                part = STYLE_MARKS[style] + part
            for ch in part:
                style = MARK_STYLES.get(ch, style)
        out.append(part)
    return out


class Run(NamedTuple):
    """A piece of a line as it prints: `text` in `font` starting `x` pt from the line's
    start, or the inline icon `icon` (its name; `text` empty) at `x`, `width` pt wide."""

    x: float
    width: float
    text: str = ""
    font: str = ""
    icon: str | None = None


def runs(line: str, font: str, size: float) -> tuple[Run, ...]:
    """The runs of one encoded `line` of a text set in `font` at `size` pt, left to right."""
    out: list[Run] = []
    x = 0.0
    style, piece = REGULAR, list[str]()

    def flush() -> None:
        nonlocal x
        if piece:
            text = "".join(piece)
            f = registered(style_font(style, font))
            w = stringWidth(text, f, size)
            out.append(Run(x, w, text, f))
            x += w
            piece.clear()

    for ch in line:
        switch = MARK_STYLES.get(ch)
        if switch is not None:
            flush()
            style = switch
            continue
        name = icon_name(ch)
        if name is not None:
            flush()
            out.append(Run(x, ICON_EM * size, icon=name))
            x += ICON_EM * size
            continue
        if style != REGULAR and ch.isspace():
            flush()
            style = REGULAR
        piece.append(ch)
    flush()
    return tuple(out)


def rich_width(line: str, font: str, size: float) -> float:
    """The width (pt) of an encoded `line` set in `font` at `size` pt."""
    return sum(run.width for run in runs(line, font, size))
