"""Write card sheets: a front page per sheet, and for duplex its back page right after.

Each card is drawn at its own origin inside a clip of its bleed rectangle, so no
card paints over a neighbour. Positions come from pnp.layout.imposition; the cut
guides (crop marks, and cut lines where marks cannot show a trim line) from
pnp.layout.crop_marks, drawn after the cards of a front page, for the slots it fills.
Back pages get no guides: the sheet is cut from its front. Lengths in points.
"""

from __future__ import annotations

import zlib
from pathlib import Path
from typing import Callable, Iterable, NamedTuple, Protocol, Sequence

from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFName, PDFStream
from reportlab.pdfgen.canvas import Canvas

from pnp.fonts import REGULAR
from pnp.fonts import font as font_name
from pnp.layout.crop_marks import CUT_LINE_WIDTH_PT, CutGuides, cut_guides
from pnp.layout.imposition import Grid, Rect, SheetSpec, back_trim
from pnp.layout.kit import PrintGroup
from pnp.layout.page_boxes import sheet_boxes
from pnp.render.boxed import BoxedCanvas

CROP_MARK_WIDTH_PT = 0.3
CUT_LINE_GREY = 0.5  # 0 black .. 1 white: reads as a line, fades if left on an edge


class SheetStats(NamedTuple):
    """What was written: card copies placed, sheets, PDF pages."""

    cards: int
    sheets: int
    pages: int


class Painter(Protocol):
    """What the sheet writer needs (pnp.render.painter.KitPainter): draw a card's front,
    or a back, at the current origin (the card's trim bottom-left)."""

    def front(self, card) -> None: ...

    def back(self, back_id: str) -> None: ...


def _place(c: Canvas, trim: Rect, bleed: float, draw: Callable[..., None]) -> None:
    c.saveState()
    path = c.beginPath()
    path.rect(trim.x - bleed, trim.y - bleed, trim.w + 2 * bleed, trim.h + 2 * bleed)
    c.clipPath(path, stroke=0, fill=0)
    c.translate(trim.x, trim.y)
    draw()
    c.restoreState()


def chunks(items: Sequence, size: int) -> Iterable[Sequence]:
    """`items` in consecutive slices of `size` (the last may be shorter)."""
    for start in range(0, len(items), size):
        yield items[start : start + size]


def sheet_layout(
    groups: Sequence[PrintGroup], per_sheet: int, deck_sheets: bool = False
) -> list[list[tuple[object, str | None]]]:
    """Each sheet's cards in slot order, each with the back it names (a key of the kit's
    backs, or None for a card printed without one): the groups' copies in order, sharing
    sheets; with `deck_sheets` every group starts a fresh sheet."""
    sheets: list[list[tuple[object, str | None]]] = []
    for group in groups:
        copies = [(card, group.back) for card in group.copies]
        if sheets and not deck_sheets and len(sheets[-1]) < per_sheet:
            room = per_sheet - len(sheets[-1])
            sheets[-1] += copies[:room]
            copies = copies[room:]
        sheets += [list(chunk) for chunk in chunks(copies, per_sheet)]
    return sheets


def write_sheets(
    c: Canvas, grid: Grid, spec: SheetSpec, groups: Sequence[PrintGroup], painter: Painter
) -> SheetStats:
    """Draw every group onto sheets of `grid` (`sheet_layout`: groups share sheets unless
    `spec.deck_sheets`); one page per front, plus one back page per sheet when
    `spec.duplex` is "long" or "short", where each card's own back lands behind it
    (`back_trim`) and a card without a back leaves its back cell blank."""
    sheets = pages = 0
    guides: dict[int, CutGuides] = {}  # by cards on the sheet: slots fill in order
    for sheet in sheet_layout(groups, grid.per_sheet, spec.deck_sheets):
        slots = [grid.slot(i) for i in range(len(sheet))]
        fronts = [grid.trim(*slot) for slot in slots]
        for (card, _), trim in zip(sheet, fronts):
            _place(c, trim, grid.bleed, lambda card=card: painter.front(card))
        if spec.crop_marks:
            if len(slots) not in guides:
                guides[len(slots)] = cut_guides(grid, slots)
            _draw_guides(c, guides[len(slots)])
        c.showPage()
        sheets += 1
        pages += 1
        if spec.duplex != "none":
            for (_, back_id), trim in zip(sheet, fronts):
                if back_id is None:
                    continue
                back = back_trim(grid, trim, spec.duplex, spec.back_offset_mm)
                _place(c, back, grid.bleed, lambda back_id=back_id: painter.back(back_id))
            c.showPage()
            pages += 1
    return SheetStats(sum(len(g.copies) for g in groups), sheets, pages)


def _draw_guides(c: Canvas, guides: CutGuides) -> None:
    """Cut lines (grey rectangles) then crop marks (black lines), on top of the cards and
    outside any card's q ... Q block."""
    if guides.cut_lines:
        c.setStrokeGray(CUT_LINE_GREY)
        c.setLineWidth(CUT_LINE_WIDTH_PT)
        for r in guides.cut_lines:
            c.rect(r.x, r.y, r.w, r.h, stroke=1, fill=0)
    if guides.marks:
        c.setStrokeColorRGB(0, 0, 0)
        c.setLineWidth(CROP_MARK_WIDTH_PT)
        c.lines(guides.marks)


class PageCompressingCanvas(BoxedCanvas):
    """A canvas that deflates each page's content stream as soon as the page is finished.

    reportlab keeps every page until `save()`; holding them compressed (about a fifth
    of the size) keeps peak memory nearly flat as the card count grows. The output is
    the same PDF that `pageCompression=1` gives, byte for byte in structure.
    """

    def showPage(self) -> None:
        super().showPage()
        page = self._doc.Pages.pages[-1]
        if page.stream and not page.Contents:
            data = page.stream.encode("utf8") if isinstance(page.stream, str) else page.stream
            page.Contents = PDFStream(
                PDFDictionary({"Filter": PDFArray([PDFName("FlateDecode")])}), zlib.compress(data)
            )
            page.stream = None


def new_canvas(path: Path, grid: Grid, title: str) -> Canvas:
    """A canvas for a card PDF: page size from `grid`, deterministic output (invariant),
    our embedded font as the initial font (so no unembedded Helvetica is referenced),
    and every page's TrimBox the sheet's printable area (pnp.layout.page_boxes)."""
    c = PageCompressingCanvas(
        str(path),
        pagesize=(grid.page_w, grid.page_h),
        invariant=1,
        pageCompression=1,
        initialFontName=font_name(REGULAR),
        initialFontSize=9,
    )
    c.page_boxes = sheet_boxes(grid.page_w, grid.page_h, grid.margin, grid.bleed)
    c.setTitle(title)
    c.setCreator("Hack Pack pnp")
    return c
