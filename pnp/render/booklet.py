"""Impose half-sheet rulebook pages two-up for a saddle-stitched booklet (pypdf).

Sheets are landscape A4 or Letter; print double-sided, flipping on the short edge,
fold the stack in half and staple on the fold. Page order for n pages (padded
with blanks to a multiple of 4): sheet k's front holds pages n-2k (left) and
2k+1 (right), its back holds 2k+2 (left) and n-2k-1 (right), 1-based.
"""

from __future__ import annotations

from pathlib import Path

from pypdf import PageObject, PdfReader, PdfWriter, Transformation

from pnp.units import PAPER_MM, mm_to_pt


def saddle_stitch_order(n_pages: int) -> list[tuple[int | None, int | None]]:
    """(left, right) 0-based page indices for each printed side, in print order;
    None is a blank page. `n_pages` is the rulebook's page count before padding."""
    total = -(-n_pages // 4) * 4
    real = lambda i: i if i < n_pages else None  # noqa: E731
    sides = []
    for k in range(total // 4):
        sides.append((real(total - 1 - 2 * k), real(2 * k)))
        sides.append((real(2 * k + 1), real(total - 2 - 2 * k)))
    return sides


def impose_booklet(rulebook: Path, out: Path, paper: str) -> int:
    """Write the booklet of `rulebook` (half-sheet pages) to `out` on landscape `paper`;
    returns the number of printed sides. Each page is centred in its half of the sheet."""
    reader = PdfReader(str(rulebook))
    sheet_w, sheet_h = (mm_to_pt(v) for v in reversed(PAPER_MM[paper]))
    writer = PdfWriter()
    sides = saddle_stitch_order(len(reader.pages))
    for left, right in sides:
        sheet = PageObject.create_blank_page(width=sheet_w, height=sheet_h)
        for half, index in ((0, left), (1, right)):
            if index is None:
                continue
            page = reader.pages[index]
            pw, ph = float(page.mediabox.width), float(page.mediabox.height)
            dx = half * sheet_w / 2 + (sheet_w / 2 - pw) / 2
            dy = (sheet_h - ph) / 2
            sheet.merge_transformed_page(page, Transformation().translate(dx, dy))
        writer.add_page(sheet)
    writer.add_metadata({"/Title": "Rulebook booklet", "/Creator": "Hack Pack pnp"})
    with open(out, "wb") as fh:
        writer.write(fh)
    return len(sides)
