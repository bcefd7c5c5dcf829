"""The rulebook's page, as the rest of pnp needs it without laying the rulebook out:
its half-sheet size per paper (pnp.core.sizes.half_sheet_mm) and margin (mm), and the
footer line every page prints
(checked by `pnp validate` before anything is drawn). pnp.render.rulebook lays the
rulebook out on these pages with reportlab's platypus, which only a build imports."""

from __future__ import annotations

from pnp.core.sizes import HALF_SHEET_MM
from pnp.core.units import mm_to_pt
from pnp.fonts import REGULAR
from pnp.printed import PrintedLine

MARGIN_MM = 13.0


def footer_lines(title: str) -> list[PrintedLine]:
    """The footer line of every rulebook and booklet page, on each named paper, as
    `pnp validate` checks it (pnp.printed): `title` and a page number, 8 pt, within the
    page's width less its margins (pt). A custom paper is at least A5, whose page (A6)
    is the narrowest of them (pnp.core.sizes)."""
    return [
        PrintedLine(
            f"{title} · 88",
            title,
            REGULAR,
            8,
            mm_to_pt(w - 2 * MARGIN_MM),
            f"the rulebook and booklet footer ({paper})",
        )
        for paper, (w, _) in HALF_SHEET_MM.items()
    ]
