"""Write card sheets: a front page per sheet, and for duplex its back page right after;
or, for fold-and-glue sheets, one page per sheet with each back beside its front.

Each card is drawn at its own origin inside a clip of its bleed rectangle, so no
card paints over a neighbour. Positions come from pnp.layout.imposition (and
pnp.layout.gutterfold); the cut guides (crop marks, cut lines where marks cannot show a
trim line, the arcs of rounded corners) from pnp.layout.crop_marks, drawn after the
cards of a front page, for the slots it fills. Back pages get no guides: the sheet is
cut from its front. A gutterfold sheet's guides are its own (marks on the outer edges
only) and its fold line is dashed. Lengths in points.
"""

from __future__ import annotations

import hashlib
import zlib
from pathlib import Path
from typing import Callable, Iterable, Protocol, Sequence

from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFName, PDFStream
from reportlab.pdfgen.canvas import Canvas

from pnp.core.records import NamedTuple
from pnp.core.units import mm_to_pt
from pnp.fonts import REGULAR
from pnp.fonts import font as font_name
from pnp.layout.corners import Arc
from pnp.layout.crop_marks import CUT_LINE_WIDTH_PT, CutGuides, cut_guides
from pnp.layout.gutterfold import Fold, fold_guides
from pnp.layout.imposition import Grid, Rect, SheetSpec, back_trim
from pnp.layout.kit import PrintGroup
from pnp.layout.page_boxes import sheet_boxes
from pnp.render.boxed import BoxedCanvas

CROP_MARK_WIDTH_PT = 0.3
CUT_LINE_GREY = 0.5  # 0 black .. 1 white: reads as a line, fades if left on an edge
FOLD_LINE_WIDTH_PT = 0.5
FOLD_LINE_GREY = 0.35
FOLD_DASH_MM = (3.0, 1.5)  # dash, gap: a fold line, never read as a cut


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


def _place(
    c: Canvas, trim: Rect, bleed: float, draw: Callable[..., None], turned: bool = False
) -> None:
    """Draw a card at `trim` (its origin the trim's bottom-left corner), clipped to its
    bleed; `turned`: half a turn round, its origin at the trim's top-right corner."""
    c.saveState()
    path = c.beginPath()
    path.rect(trim.x - bleed, trim.y - bleed, trim.w + 2 * bleed, trim.h + 2 * bleed)
    c.clipPath(path, stroke=0, fill=0)
    if turned:
        c.transform(-1, 0, 0, -1, trim.x + trim.w, trim.top)
    else:
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
    corner = mm_to_pt(spec.corner_mm)
    for sheet in sheet_layout(groups, grid.per_sheet, spec.deck_sheets):
        slots = [grid.slot(i) for i in range(len(sheet))]
        fronts = [grid.trim(*slot) for slot in slots]
        for (card, _), trim in zip(sheet, fronts):
            _place(c, trim, grid.bleed, lambda card=card: painter.front(card))
        if spec.crop_marks:
            if len(slots) not in guides:
                guides[len(slots)] = cut_guides(grid, slots, corner)
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


def write_fold_sheets(
    c: Canvas, fold: Fold, spec: SheetSpec, groups: Sequence[PrintGroup], painter: Painter
) -> SheetStats:
    """Draw every group onto gutterfold sheets of `fold` (pnp.layout.gutterfold), one page
    each: the fronts in slot order, then each card's own back at its front's mirror
    image across the fold (a card without a back leaves its cell blank), then the
    guides (`spec.crop_marks`) and the fold line (always: it is how the sheet folds)."""
    grid, sheets = fold.grid, 0
    corner = mm_to_pt(spec.corner_mm)
    turned = fold.back_turn_deg == 180
    guides: dict[int, CutGuides] = {}  # by cards on the sheet: slots fill in order
    for sheet in sheet_layout(groups, fold.per_sheet, spec.deck_sheets):
        fronts = [grid.trim(*fold.front_slot(i)) for i in range(len(sheet))]
        for (card, _), trim in zip(sheet, fronts):
            _place(c, trim, grid.bleed, lambda card=card: painter.front(card))
        for (_, back_id), trim in zip(sheet, fronts):
            if back_id is not None:
                back = fold.back_trim(trim)
                _place(c, back, grid.bleed, lambda b=back_id: painter.back(b), turned)
        if len(sheet) not in guides:
            found = fold_guides(fold, len(sheet), corner)
            guides[len(sheet)] = found if spec.crop_marks else CutGuides((), (), (), found.fold)
        _draw_guides(c, guides[len(sheet)])
        c.showPage()
        sheets += 1
    return SheetStats(sum(len(g.copies) for g in groups), sheets, sheets)


def _draw_guides(c: Canvas, guides: CutGuides) -> None:
    """Cut lines (grey rectangles), crop marks (black lines), corner arcs (grey, as thin
    as the cut lines, in a form: `_corners_form`) and the fold line (dashed, in its own
    q ... Q), on top of the cards and outside any card's q ... Q block."""
    if guides.cut_lines:
        c.setStrokeGray(CUT_LINE_GREY)
        c.setLineWidth(CUT_LINE_WIDTH_PT)
        for r in guides.cut_lines:
            c.rect(r.x, r.y, r.w, r.h, stroke=1, fill=0)
    if guides.marks:
        c.setStrokeColorRGB(0, 0, 0)
        c.setLineWidth(CROP_MARK_WIDTH_PT)
        c.lines(guides.marks)
    if guides.corners:
        c.doForm(_corners_form(c, guides.corners))
    if guides.fold is not None:
        c.saveState()
        c.setStrokeGray(FOLD_LINE_GREY)
        c.setLineWidth(FOLD_LINE_WIDTH_PT)
        c.setDash([mm_to_pt(v) for v in FOLD_DASH_MM])
        c.line(*guides.fold)
        c.restoreState()


def _corners_form(c: Canvas, arcs: Sequence[Arc]) -> str:
    """The name of a form XObject drawing `arcs` (grey, as thin as the cut lines), made
    the first time these arcs are asked for: every full sheet places the same one, so
    the arcs are in the file once."""
    name = "corners-" + hashlib.sha256(repr(tuple(arcs)).encode()).hexdigest()[:16]
    if not c.hasForm(name):
        c.beginForm(name, 0, 0, *c._pagesize)
        c.setStrokeGray(CUT_LINE_GREY)
        c.setLineWidth(CUT_LINE_WIDTH_PT)
        path = c.beginPath()
        for a in arcs:
            path.arc(a.cx - a.r, a.cy - a.r, a.cx + a.r, a.cy + a.r, a.start_deg, 90)
        c.drawPath(path, stroke=1, fill=0)
        c.endForm()
    return name


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
