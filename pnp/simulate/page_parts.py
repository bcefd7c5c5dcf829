"""The pieces every page of `balance.pdf` (pnp.simulate.pages) is made of: its
paragraph styles, a rate with its 95 % interval as text, a table of text cells under a
bold heading row, and a chart kept together with its title and note.

Geometry is in points (1 mm = 72/25.4 pt) on A4 portrait. Nothing here names a game.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.graphics.shapes import Drawing
from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import CondPageBreak, KeepTogether, Paragraph, Table, TableStyle

from pnp.fonts import BOLD, REGULAR, register_all
from pnp.simulate.report import percent


def _styles() -> dict[str, ParagraphStyle]:
    register_all()
    return {
        "h1": ParagraphStyle("h1", fontName=BOLD, fontSize=16, leading=20, spaceAfter=6),
        "h2": ParagraphStyle(
            "h2", fontName=BOLD, fontSize=11.5, leading=15, spaceBefore=10, spaceAfter=3
        ),
        "body": ParagraphStyle("body", fontName=REGULAR, fontSize=9, leading=12),
        "cell": ParagraphStyle("cell", fontName=REGULAR, fontSize=7.5, leading=9),
        "head": ParagraphStyle("head", fontName=BOLD, fontSize=7.5, leading=9),
        "note": ParagraphStyle(
            "note", fontName=REGULAR, fontSize=8, leading=10, textColor=colors.HexColor("#444444")
        ),
        "reading": ParagraphStyle(
            "reading",
            fontName=REGULAR,
            fontSize=7.5,
            leading=9,
            leftIndent=8,
            bulletIndent=0,
            spaceAfter=1,
            bulletFontName=REGULAR,
        ),
    }


def _with_interval(rate: float | None, interval: list | None) -> str:
    """ "12.5% [9.1-16.8]" (or "n/a")."""
    if rate is None:
        return "n/a"
    if not interval:
        return percent(rate)
    return f"{percent(rate)} [{100 * interval[0]:.1f}-{100 * interval[1]:.1f}]"


def _grid(rows: list[list], widths: list, styles: dict) -> Table:
    """A table of text cells, the first row a bold heading repeated on each page."""
    cells = [
        [Paragraph(escape(str(c)), styles["head" if r == 0 else "cell"]) for c in row]
        for r, row in enumerate(rows)
    ]
    table = Table(cells, colWidths=widths, repeatRows=1)
    table.setStyle(
        TableStyle(
            [
                ("LINEBELOW", (0, 0), (-1, 0), 0.5, colors.black),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 2),
                ("RIGHTPADDING", (0, 0), (-1, -1), 2),
            ]
        )
    )
    return table


def _chart(story: list, styles: dict, title: str, drawing: Drawing, note: str = "") -> None:
    block = [Paragraph(escape(title), styles["h2"]), drawing]
    if note:
        block.append(Paragraph(escape(note), styles["note"]))
    story.extend([CondPageBreak(drawing.height + 20 * mm), KeepTogether(block)])
