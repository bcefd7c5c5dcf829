"""Impose half-sheet rulebook pages two-up for a saddle-stitched booklet (reportlab only).

The rulebook is drawn a second time onto a `FormPageCanvas`, which turns every page
into a form XObject instead of a page; on save it places those forms two to a
landscape side of the paper in saddle-stitch order. Print double-sided, flipping on
the short edge, fold the stack in half and staple on the fold.

Page order for n pages (padded with blanks to a multiple of 4, 1-based): sheet
k's front holds pages n-2k (left) and 2k+1 (right), its back 2k+2 and n-2k-1.
"""

from __future__ import annotations

from pnp.core.sizes import paper_mm
from pnp.core.units import mm_to_pt
from pnp.render.boxed import BoxedCanvas


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


class FormPageCanvas(BoxedCanvas):
    """A canvas for platypus whose pages become forms, imposed as a booklet on save.

    `sheet_paper` (pnp.core.sizes: "a4", "letter", "300x450mm") is the sheet, turned
    landscape (its long side across); the page size given to
    the constructor is the half-sheet page; `before_pages(canvas)`, when given, is called
    before the first page's form is begun (to define the forms the pages place: a form
    cannot be begun inside another). `sides` is set to the number of printed sides once
    saved.
    """

    def __init__(self, *args, sheet_paper: str = "a4", before_pages=None, **kwargs):
        super().__init__(*args, **kwargs)
        self._sheet = tuple(mm_to_pt(v) for v in sorted(paper_mm(sheet_paper), reverse=True))
        self._pages: list[str] = []
        self.sides = 0
        if before_pages is not None:  # forms the pages use, begun outside any page's form
            before_pages(self)
        self._begin_page_form()

    def _begin_page_form(self) -> None:
        w, h = self._pagesize
        self._current = f"rulebook-page-{len(self._pages) + 1}"
        self.beginForm(self._current, 0, 0, w, h)

    def showPage(self) -> None:
        """End the current rulebook page as a form and start the next one."""
        self.endForm()
        self._pages.append(self._current)
        self._begin_page_form()

    def save(self) -> None:
        """Close the open form, lay out every side of the booklet, write the file."""
        self.endForm()
        page_w, page_h = self._pagesize
        sheet_w, sheet_h = self._sheet
        super().setPageSize((sheet_w, sheet_h))
        order = saddle_stitch_order(len(self._pages))
        for left, right in order:
            for half, index in ((0, left), (1, right)):
                if index is None:
                    continue
                self.saveState()
                self.translate(
                    half * sheet_w / 2 + (sheet_w / 2 - page_w) / 2, (sheet_h - page_h) / 2
                )
                self.doForm(self._pages[index])
                self.restoreState()
            BoxedCanvas.showPage(self)  # the sheet folds whole: its boxes are the sheet
        self.sides = len(order)
        super().save()
