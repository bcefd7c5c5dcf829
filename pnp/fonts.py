"""The TrueType fonts the PDFs embed, from the repository's `fonts/` folder.

Fonts are registered with reportlab once, on first use, and embedded (subset) in
every PDF. `missing_glyphs` checks text against a font's character map, so a
character the font cannot draw is a validation error instead of a blank box.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from pnp.errors import PnpError

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"

REGULAR = "HackPack-Regular"
BOLD = "HackPack-Bold"
ITALIC = "HackPack-Italic"

FILES = {
    REGULAR: "DejaVuSansCondensed.ttf",
    BOLD: "DejaVuSansCondensed-Bold.ttf",
    ITALIC: "DejaVuSansCondensed-Oblique.ttf",
}


@lru_cache(maxsize=None)
def font(name: str) -> str:
    """Register (once) the TTFont called `name` and return its name; raises PnpError if the
    file is missing."""
    path = FONT_DIR / FILES[name]
    if not path.is_file():
        raise PnpError(f"font file missing: {path} (the fonts/ folder ships with the repository)")
    ttf = TTFont(name, str(path))
    pdfmetrics.registerFont(ttf)
    return name


def register_all() -> None:
    """Register the regular and bold styles as one family (for <b> in rulebook paragraphs;
    the rulebook markup has no italics, so those files are not parsed here)."""
    font(REGULAR)
    font(BOLD)
    pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD, italic=REGULAR,
                                  boldItalic=BOLD)


def missing_glyphs(text: str, name: str) -> set[str]:
    """Characters of `text` that font `name` has no glyph for. A line break ("\\n") is
    layout, not a glyph; a tab or a carriage return would print as an empty box, so they
    count as missing."""
    cmap = pdfmetrics.getFont(font(name)).face.charToGlyph
    return {ch for ch in set(text) if ch != "\n" and ord(ch) not in cmap}


@lru_cache(maxsize=None)
def metrics(name: str) -> tuple[float, float]:
    """(ascent, descent) of font `name` as fractions of the font size (descent negative):
    the em box every line of text is placed and checked by."""
    face = pdfmetrics.getFont(font(name)).face
    return face.ascent / 1000, face.descent / 1000
