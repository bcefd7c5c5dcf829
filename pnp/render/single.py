"""Single-face PDFs: one page per card face, the card's trim plus a margin around it.

`pnp export --format pdf-single` writes every printed copy this way for print shops
(the margin is the bleed), and the PNG and Tabletop Simulator exports rasterise pages
written by the same function (pnp.export), so every image comes from the one drawing:
each face is painted by pnp.render.painter.KitPainter at the page's trim origin, as on
the card sheets. No crop marks. Lengths in points (1 mm = 72/25.4 pt).
Source: shared/DESIGN.md, "pnp export" and "Card faces are data".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from pnp.fonts import REGULAR
from pnp.fonts import font as font_name
from pnp.layout.card_frame import CardFrame
from pnp.layout.kit import Kit, PrintGroup, front_key
from pnp.layout.page_boxes import single_card_boxes
from pnp.render.cmyk import canvas_options
from pnp.render.painter import KitPainter, reprinted
from pnp.render.sheets import PageCompressingCanvas

FRONT, BACK, BLANK = "front", "back", "blank"


@dataclass(frozen=True)
class Side:
    """One page of a single-face PDF: `kind` is FRONT (the front of `card`), BACK (the
    back `back_id`, a key of the kit's backs) or BLANK (an empty page: the back of a card
    its group prints without one)."""

    kind: str
    card: Any = None
    back_id: str | None = None

    @property
    def key(self) -> tuple[str, str | None]:
        """What the page shows, the same for every copy: ("front", the card's front key,
        pnp.layout.kit.front_key: its id), ("back", back id) or ("blank", None)."""
        if self.kind == FRONT:
            return FRONT, front_key(self.card)
        return self.kind, self.back_id


def print_order(groups: Sequence[PrintGroup]) -> list[Side]:
    """Every printed copy of `groups` in print order, each front followed by its back
    (a BLANK side for a group printed without a back), so fronts fall on odd pages."""
    sides: list[Side] = []
    for group in groups:
        back = Side(BACK, back_id=group.back) if group.back is not None else Side(BLANK)
        for card in group.copies:
            sides += [Side(FRONT, card), back]
    return sides


def distinct_sides(groups: Sequence[PrintGroup]) -> list[Side]:
    """Each distinct face of `groups` once: every card's front in order of first
    appearance, then every back the groups name (groups without a back add none)."""
    fronts: dict[str, Side] = {}
    backs: dict[str, Side] = {}
    for group in groups:
        for card in group.copies:
            fronts.setdefault(front_key(card), Side(FRONT, card))
        if group.back is not None:
            backs.setdefault(group.back, Side(BACK, back_id=group.back))
    return [*fronts.values(), *backs.values()]


def page_size(frame: CardFrame, margin_pt: float) -> tuple[float, float]:
    """(width, height) in points of a page holding one card of `frame` with `margin_pt`
    around its trim: (w + 2·margin, h + 2·margin)."""
    return frame.w + 2 * margin_pt, frame.h + 2 * margin_pt


def single_canvas(
    path: Path,
    frame: CardFrame,
    margin_pt: float,
    title: str,
    colour: str = "rgb",
    press: Any = None,
) -> Canvas:
    """A canvas for a single-face PDF at `path`, its pages `page_size(frame, margin_pt)`,
    with the card sheets' settings (pnp.render.sheets.new_canvas): byte-identical output
    run to run (invariant), each page compressed when finished, the embedded font as
    the initial font (no unembedded Helvetica is referenced), and every page's TrimBox
    the card's trim, its BleedBox the whole page (pnp.layout.page_boxes). `colour` is
    "rgb" or "cmyk" (every colour and picture written as CMYK: pnp.render.cmyk), `press`
    how CMYK is written (a pnp.render.cmyk.Press: its ink limit; with `pdfx` the file is
    PDF/X-1a, pnp.render.pdfx); ValueError for another colour."""
    pdfx = colour == "cmyk" and press is not None and press.pdfx
    if pdfx:
        from pnp.render.pdfx import PdfxCanvas, make_pdfx
    c = (PdfxCanvas if pdfx else PageCompressingCanvas)(
        str(path),
        pagesize=page_size(frame, margin_pt),
        invariant=1,
        pageCompression=1,
        initialFontName=font_name(REGULAR),
        initialFontSize=9,
        **canvas_options(colour, press),
    )
    if pdfx:
        make_pdfx(c)
    c.page_boxes = single_card_boxes(frame.w, frame.h, margin_pt)
    c.setTitle(title)
    c.setCreator("Hack Pack pnp")
    return c


def write_single(
    path: Path,
    kit: Kit,
    data: Any,
    frame: CardFrame,
    sides: Iterable[Side],
    margin_pt: float,
    title: str,
    checks: Any = None,
    colour: str = "rgb",
    press: Any = None,
) -> int:
    """Write one page per side of `sides` to `path`: each face drawn by the kit's painter
    with its trim's bottom-left at (margin_pt, margin_pt), clipped to the page; a BLANK
    side is an empty page. `margin_pt` is the bleed for print shops and PNGs, 0 for a
    page at trim size. `checks` (a pnp.validate.FaceChecks, or None) checks each face as
    it is first drawn; `colour` "rgb" or "cmyk" and `press` (`single_canvas`). Returns
    the page count; OSError if the file cannot be written."""
    c = single_canvas(path, frame, margin_pt, title, colour, press)
    sides = list(sides)
    keep = reprinted(front_key(s.card) for s in sides if s.kind == FRONT)
    painter = KitPainter(c, kit, data, frame, checks=checks, keep=keep)
    width, height = page_size(frame, margin_pt)
    pages = 0
    for side in sides:
        if side.kind != BLANK:
            c.saveState()
            clip = c.beginPath()
            clip.rect(0, 0, width, height)
            c.clipPath(clip, stroke=0, fill=0)
            c.translate(margin_pt, margin_pt)
            if side.kind == FRONT:
                painter.front(side.card)
            else:
                assert side.back_id is not None  # a BACK side names its back
                painter.back(side.back_id)
            c.restoreState()
        c.showPage()
        pages += 1
    c.save()
    return pages
