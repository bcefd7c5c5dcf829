"""A reportlab canvas that writes the PDF page boxes (pnp.layout.page_boxes) on every
page: reportlab writes the MediaBox from the page size; `BoxedCanvas` adds the TrimBox
and BleedBox as each page is finished. Lengths in points."""

from __future__ import annotations

import math

from reportlab.pdfgen.canvas import Canvas

from pnp.layout.page_boxes import PageBoxes, whole_page


class BoxedCanvas(Canvas):
    """A Canvas whose every page carries a TrimBox and a BleedBox.

    `page_boxes` (a PageBoxes, in points) applies to the pages finished after it is set;
    while it is None a page has no trim of its own and both boxes are the page
    (`whole_page` of the page size at the time). Raises ValueError when `page_boxes`'
    MediaBox is not the page size being written."""

    page_boxes: PageBoxes | None = None

    def showPage(self) -> None:
        """Set the current page's TrimBox and BleedBox, then finish it as Canvas does."""
        w, h = self._pagesize
        boxes = self.page_boxes or whole_page(w, h)
        if not all(map(math.isclose, boxes.media_pt, (0.0, 0.0, w, h))):
            raise ValueError(f"page boxes for {boxes.media_pt[2:]} pt on a {w} x {h} pt page")
        self.setTrimBox(boxes.trim_pt)
        self.setBleedBox(boxes.bleed_pt)
        super().showPage()
