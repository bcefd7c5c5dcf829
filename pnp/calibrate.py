"""`pnp calibrate`: the duplex calibration sheet (pnp.layout.calibration: its geometry,
in points computed from mm) drawn by a small reportlab renderer (`render_calibration`),
front on page 1 and back on page 2, and written to its file atomically
(`write_calibration`). Design: shared/DESIGN.md, "pnp — the print-and-play generator".
"""

from __future__ import annotations

from pathlib import Path
from typing import BinaryIO

from reportlab.pdfgen.canvas import Canvas

from pnp.core.outfile import write_whole
from pnp.fonts import BOLD, REGULAR, font
from pnp.layout.calibration import (
    _FLIP,
    _LINE_PT,
    FILE_NAME,
    CalibrationSheet,
    Side,
    calibration_sheet,
)
from pnp.render.boxed import BoxedCanvas


def _draw(c: Canvas, side: Side) -> None:
    """Paint one page: every line at the page's top level, then circles, then labels."""
    c.setStrokeColorRGB(0, 0, 0)
    c.setFillColorRGB(0, 0, 0)
    for line in side.lines:
        c.setLineWidth(line.width)
        c.line(line.x1, line.y1, line.x2, line.y2)
    c.setLineWidth(_LINE_PT["tick"])
    for x, y, r in side.circles:
        c.circle(x, y, r, stroke=1, fill=0)
    for label in side.labels:
        c.setFont(font(BOLD if label.bold else REGULAR), label.size)
        draw = c.drawCentredString if label.anchor == "centre" else c.drawString
        draw(label.x, label.y, label.text)


def render_calibration(out: Path | BinaryIO, sheet: CalibrationSheet) -> None:
    """Write `sheet` as a two-page PDF to the path or binary file `out`: page 1 the
    front, page 2 the back. Deterministic (reportlab's invariant mode); fonts embedded."""
    c = BoxedCanvas(
        out if hasattr(out, "write") else str(out),
        pagesize=(sheet.page_w, sheet.page_h),
        invariant=1,
        pageCompression=1,
        initialFontName=font(REGULAR),
        initialFontSize=9,
    )
    c.setTitle(f"Duplex calibration, {sheet.paper}, {_FLIP[sheet.duplex]}")
    c.setCreator("Hack Pack pnp")
    for side in (sheet.front, sheet.back):
        _draw(c, side)
        c.showPage()
    c.save()


def write_calibration(out_dir: Path, paper: str, duplex: str, margin_mm: float) -> Path:
    """Write `out_dir`/calibration.pdf (creating `out_dir`) and return its path.

    The PDF is written whole or not at all (pnp.core.outfile.write_whole: a hidden file in
    `out_dir` renamed over the old one).
    Raises LayoutError for a request `check_request` refuses, PnpError when the folder
    cannot be written."""
    sheet = calibration_sheet(paper, duplex, margin_mm)
    return write_whole(Path(out_dir) / FILE_NAME, lambda stream: render_calibration(stream, sheet))
