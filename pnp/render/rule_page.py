"""The rulebook's page, as the rest of pnp needs it without laying the rulebook out:
its half-sheet size per paper (pnp.core.sizes.half_sheet_mm) and margin (mm), and the
footer line every page prints
(checked by `pnp validate` before anything is drawn). pnp.render.rulebook lays the
rulebook out on these pages with reportlab's platypus, which only a build imports."""

from __future__ import annotations

from collections.abc import Iterable

from pnp.core.sizes import half_sheet_mm
from pnp.core.units import mm_to_pt
from pnp.fonts import REGULAR
from pnp.printed import CHECKED_PAPERS, PrintedLine

MARGIN_MM = 13.0


def footer_lines(title: str, papers: Iterable[str] = CHECKED_PAPERS) -> list[PrintedLine]:
    """The footer line of every rulebook and booklet page, on each of `papers`
    (pnp.core.sizes), as `pnp validate` checks it (pnp.printed): `title` and a page
    number, 8 pt, within the width of the paper's half-sheet less its margins (pt)."""
    return [
        PrintedLine(
            f"{title} · 88",
            title,
            REGULAR,
            8,
            mm_to_pt(w - 2 * MARGIN_MM),
            f"the rulebook and booklet footer ({paper})",
        )
        for paper in dict.fromkeys(papers)
        for w in (half_sheet_mm(paper)[0],)
    ]
