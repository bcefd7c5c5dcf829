"""Text from the data that is printed outside the card faces (rulebook and booklet
footers, the tracker's title, the kit table, deck names in the TTS export and on the
terminal): each place declares the line it draws, and `pnp validate` checks it as it
checks face text (shared/DESIGN.md, "Faces are data"): allowed characters, glyphs in
the font, and fit in the width it is drawn in.

Lengths: `width_pt` and `size_pt` in points (1 mm = 72/25.4 pt).
"""

from __future__ import annotations

from pnp.core.records import NamedTuple
from pnp.fonts import glyph_problem, missing_glyphs


class PrintedLine(NamedTuple):
    """One line drawn from data outside a face: the `text` as drawn (the data's value
    inside its fixed words), the data `value` it holds, its `font` and `size_pt`, the
    `width_pt` it must fit in (None: no width, e.g. a file's metadata or the terminal)
    and `where` it is drawn, in words ("the rulebook footer, on A4")."""

    text: str
    value: str
    font: str
    size_pt: float
    width_pt: float | None
    where: str


#: The papers `pnp validate` checks the lines drawn on a paper's page in: the default
#: and its US twin. `pnp build` checks them on its own paper too (pnp.validate
#: .check_printed); the tracker's title is set smaller on a narrower one (A5).
CHECKED_PAPERS = ("a4", "letter")

#: The longest data value printed outside the faces (a game or deck name): a title,
#: never a paragraph; longer is refused before it is measured.
MAX_PRINTED = 60


def line_problem(line: PrintedLine) -> str | None:
    """What is wrong with `line`, in words, or None: a value longer than MAX_PRINTED
    characters, one that holds control or bidi characters or characters its font has
    no glyph for (an emoji), or a line wider than its width."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from pnp.fonts import font, register_all

    register_all()
    value = line.value
    if not value.strip():
        return f"is empty where it is printed on {line.where}"
    if len(value) > MAX_PRINTED:
        return (
            f"is {len(value)} characters long; text printed on {line.where} is at most "
            f"{MAX_PRINTED}"
        )
    odd = sorted({ch for ch in value if not ch.isprintable()})  # breaks, tabs, C1, format
    if odd:
        import unicodedata

        listed = ", ".join(
            f"U+{ord(ch):04X}" + (f" {unicodedata.name(ch)}" if unicodedata.name(ch, "") else "")
            for ch in odd
        )
        return (
            f"holds {listed}: a line printed on {line.where} takes letters, marks and "
            "plain spaces only; remove " + ("it" if len(odd) == 1 else "them")
        )
    missing = missing_glyphs(value, line.font)
    if missing:
        return f"{glyph_problem(missing)} (printed on {line.where})"
    if line.width_pt is not None:
        wide = stringWidth(line.text, font(line.font), line.size_pt)
        if wide > line.width_pt + 0.01:
            return (
                f"does not fit on {line.where}: {wide * 25.4 / 72:.1f} mm wide at "
                f"{line.size_pt:g} pt in {line.width_pt * 25.4 / 72:.1f} mm"
            )
    return None
