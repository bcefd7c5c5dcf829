"""Card-sheet imposition: the grid, where each card's front and back go, crop marks.

All lengths here are in points unless a name ends in `_mm`. Row 0 is the top row;
rectangles are (x, y, width, height) with (x, y) the bottom-left corner in PDF
coordinates (origin at the bottom-left of the page).
Design: shared/DESIGN.md, "pnp — the print-and-play generator", Geometry.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.core.errors import LayoutError
from pnp.core.records import NamedTuple
from pnp.core.shown import quoted
from pnp.core.sizes import card_corner_mm, card_mm, paper_mm
from pnp.core.units import mm_to_pt, pt_to_mm

DUPLEX_MODES = ("long", "short", "none")
#: "grid": fronts on a page, their backs on the next (duplex); "gutterfold": each front
#: beside its back on one single-sided page, folded in half (pnp.layout.gutterfold).
LAYOUTS = ("grid", "gutterfold")

#: Defaults that give 9 poker cards a page on both A4 and Letter (mm).
DEFAULT_BLEED_MM = 0.5
DEFAULT_GUTTER_MM = 2.0
DEFAULT_MARGIN_MM = 2.0
CROP_MARK_MAX_MM = 5.0
MAX_BLEED_MM = 10.0
MAX_GAP_MM = 100.0  # gutter and printer margin
MAX_BACK_OFFSET_MM = 10.0  # a duplex drift larger than this is a printer fault, not a setting
CROP_MARK_CLEARANCE_MM = 0.3
MAX_CORNER_MM = 10.0  # corner cutters go to R10; half the shortest card side (20 mm)


class Rect(NamedTuple):
    """An axis-aligned rectangle in points: bottom-left (x, y), width w, height h. A named
    tuple: faces are made of thousands, each made, compared and hashed at C speed."""

    x: float
    y: float
    w: float
    h: float

    @property
    def top(self) -> float:
        """y of the top edge (pt)."""
        return self.y + self.h

    def inset(self, d: float) -> "Rect":
        """This rectangle shrunk by `d` points on every side (grown when d < 0)."""
        return Rect(self.x + d, self.y + d, self.w - 2 * d, self.h - 2 * d)


@dataclass(frozen=True)
class SheetSpec:
    """What the user asked for, in mm: paper and card names or sizes, bleed, gutter
    (space between neighbouring cards' bleed edges), printer margin (kept clear of
    any printing at the paper edge) and duplex mode ("long", "short" or "none");
    `deck_sheets`: every deck or pile starts a fresh sheet (by default they share
    sheets, each card's back behind it); `layout`, one of LAYOUTS (a "gutterfold" sheet
    prints single-sided: `duplex` does not apply to it, and its back offset must be 0);
    `corners_mm`, the radius of the rounded corners the cards are cut to (0: square;
    None: the card size's own, pnp.core.sizes.card_corner_mm, see `corner_mm`)."""

    paper: str = "a4"
    card_size: str = "poker"
    bleed_mm: float = DEFAULT_BLEED_MM
    gutter_mm: float = DEFAULT_GUTTER_MM
    margin_mm: float = DEFAULT_MARGIN_MM
    duplex: str = "long"
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    crop_marks: bool = True
    deck_sheets: bool = False
    layout: str = "grid"
    corners_mm: float | None = None

    @property
    def corner_mm(self) -> float:
        """The corner radius in mm the cards are cut to: `corners_mm`, or when that is
        None the card size's own (3 mm for poker, else 0: square)."""
        if self.corners_mm is not None:
            return self.corners_mm
        return card_corner_mm(self.card_size)


class Grid(NamedTuple):
    """A computed sheet grid, every length in points.

    `cols` x `rows` cards of trim `card_w` x `card_h`, each with `bleed` on every
    side and `gutter` between neighbouring bleed edges, centred on a `page_w` x
    `page_h` page.
    """

    page_w: float
    page_h: float
    card_w: float
    card_h: float
    bleed: float
    gutter: float
    margin: float
    cols: int
    rows: int

    @property
    def per_sheet(self) -> int:
        """Card slots on one sheet."""
        return self.cols * self.rows

    @property
    def pitch_x(self) -> float:
        return self.card_w + 2 * self.bleed + self.gutter

    @property
    def pitch_y(self) -> float:
        return self.card_h + 2 * self.bleed + self.gutter

    @property
    def block(self) -> Rect:
        """The bleed-to-bleed rectangle holding the whole grid."""
        w = self.cols * self.pitch_x - self.gutter
        h = self.rows * self.pitch_y - self.gutter
        return Rect((self.page_w - w) / 2, (self.page_h - h) / 2, w, h)

    def trim(self, row: int, col: int) -> Rect:
        """The trim rectangle of the front slot at `row` (0 = top), `col` (0 = left)."""
        b = self.block
        x = b.x + col * self.pitch_x + self.bleed
        y = b.y + b.h - row * self.pitch_y - self.bleed - self.card_h
        return Rect(x, y, self.card_w, self.card_h)

    def slot(self, index: int) -> tuple[int, int]:
        """(row, col) of the index-th card on a sheet, filled left to right, top down."""
        return divmod(index, self.cols)


def check_spec(spec: SheetSpec) -> None:
    """Raise LayoutError for an unknown paper or card size (pnp.core.sizes: named, or a
    custom WxH in mm), duplex mode or layout, or a length out of range (bleed 0..10 mm,
    gutter and margin 0..100 mm, back offset -10..10 mm, corners 0..10 mm; NaN and
    infinities are out of range), or a back offset on a gutterfold sheet."""
    paper_mm(spec.paper)
    card_mm(spec.card_size)
    if spec.layout not in LAYOUTS:
        raise LayoutError(f"unknown layout {quoted(spec.layout)}; known: {', '.join(LAYOUTS)}")
    if spec.corners_mm is not None:
        _check_range("corners", spec.corners_mm, 0.0, MAX_CORNER_MM)
    if spec.layout == "gutterfold" and any(spec.back_offset_mm):
        raise LayoutError(
            "a back offset corrects a duplex printer's drift; a gutterfold sheet prints "
            "each back beside its front on one side, so it takes none"
        )
    for name, most in (
        ("bleed_mm", MAX_BLEED_MM),
        ("gutter_mm", MAX_GAP_MM),
        ("margin_mm", MAX_GAP_MM),
    ):
        _check_range(name.removesuffix("_mm"), getattr(spec, name), 0.0, most)
    for axis, value in zip("xy", spec.back_offset_mm):
        _check_range(f"back offset {axis}", value, -MAX_BACK_OFFSET_MM, MAX_BACK_OFFSET_MM)
    if spec.duplex not in DUPLEX_MODES:
        raise LayoutError(
            f"unknown duplex mode {quoted(spec.duplex)}; known: {', '.join(DUPLEX_MODES)}"
        )


def compute_grid(spec: SheetSpec) -> Grid:
    """The largest grid of `spec.card_size` cards that fits `spec.paper`.

    Raises LayoutError as `check_spec` does, for a card that does not fit even once,
    naming the overflow in mm, or for a back offset that pushes the backs into the
    printer margin (`check_back_offset`).
    """
    check_spec(spec)
    paper_w, paper_h = paper_mm(spec.paper)
    grid = grid_on(spec, paper_w, paper_h)
    if grid.cols < 1 or grid.rows < 1:
        card_w, card_h = card_mm(spec.card_size)
        usable_w = paper_w - 2 * spec.margin_mm
        usable_h = paper_h - 2 * spec.margin_mm
        over_w = max(0.0, card_w + 2 * spec.bleed_mm - usable_w)
        over_h = max(0.0, card_h + 2 * spec.bleed_mm - usable_h)
        raise LayoutError(
            f"a {spec.card_size} card ({card_w} x {card_h} mm) with {spec.bleed_mm} mm bleed "
            f"does not fit {spec.paper} paper inside a {spec.margin_mm} mm margin: "
            f"over by {over_w:.2f} mm in width and {over_h:.2f} mm in height"
        )
    check_back_offset(grid, spec)
    return grid


def grid_on(spec: SheetSpec, paper_w_mm: float, paper_h_mm: float) -> Grid:
    """The largest grid of `spec.card_size` cards (with its bleed, gutter and margin, in
    mm) on a page of `paper_w_mm` x `paper_h_mm`; its cols or rows are 0 when not one
    card fits. The page may be the paper turned sideways (pnp.layout.gutterfold)."""
    card_w, card_h = card_mm(spec.card_size)
    usable_w = paper_w_mm - 2 * spec.margin_mm
    usable_h = paper_h_mm - 2 * spec.margin_mm
    cell_w = card_w + 2 * spec.bleed_mm
    cell_h = card_h + 2 * spec.bleed_mm
    cols = math.floor((usable_w + spec.gutter_mm) / (cell_w + spec.gutter_mm) + 1e-9)
    rows = math.floor((usable_h + spec.gutter_mm) / (cell_h + spec.gutter_mm) + 1e-9)
    return Grid(
        mm_to_pt(paper_w_mm),
        mm_to_pt(paper_h_mm),
        mm_to_pt(card_w),
        mm_to_pt(card_h),
        mm_to_pt(spec.bleed_mm),
        mm_to_pt(spec.gutter_mm),
        mm_to_pt(spec.margin_mm),
        max(cols, 0),
        max(rows, 0),
    )


def _check_range(name: str, value: float, low: float, high: float) -> None:
    """Raise LayoutError unless low <= value <= high (NaN and infinities fail)."""
    if not (low <= value <= high):
        raise LayoutError(f"{name} must be {low:g}..{high:g} mm, got {value:g}")


def back_trim(grid: Grid, front: Rect, duplex: str, offset_mm: tuple[float, float]) -> Rect:
    """Where the back of the card whose front trim is `front` must be printed.

    Long-edge flip mirrors x about the page's vertical centre line, short-edge flip
    mirrors y; `offset_mm` (dx, dy) then shifts the back page to correct a printer's
    duplex drift. Raises LayoutError for "none" (single-sided prints no backs).
    """
    if duplex == "long":
        x, y = grid.page_w - front.x - front.w, front.y
    elif duplex == "short":
        x, y = front.x, grid.page_h - front.y - front.h
    else:
        raise LayoutError("single-sided printing has no back pages")
    return Rect(x + mm_to_pt(offset_mm[0]), y + mm_to_pt(offset_mm[1]), front.w, front.h)


#: A back offset may exceed the room by this much (mm) and still fit: float noise.
_ROOM_TOLERANCE_MM = 1e-6
_DIRECTIONS = {
    ("x", 1): "to the right",
    ("x", -1): "to the left",
    ("y", 1): "up",
    ("y", -1): "down",
}


def back_offset_room_mm(grid: Grid, duplex: str) -> dict[str, float]:
    """How far (mm) the back pages of `grid` may shift each way before some back's bleed
    rectangle (trim plus bleed) enters the printer margin: keys "x+" (right), "x-"
    (left), "y+" (up), "y-" (down); never negative. The backs are placed by `back_trim`
    with no offset, for a full sheet (a partly filled sheet uses some of these slots)."""
    cells = [
        back_trim(grid, grid.trim(*grid.slot(i)), duplex, (0.0, 0.0)).inset(-grid.bleed)
        for i in range(grid.per_sheet)
    ]
    room_pt = {
        "x-": min(c.x for c in cells) - grid.margin,
        "x+": grid.page_w - grid.margin - max(c.x + c.w for c in cells),
        "y-": min(c.y for c in cells) - grid.margin,
        "y+": grid.page_h - grid.margin - max(c.top for c in cells),
    }
    return {way: max(0.0, pt_to_mm(room)) for way, room in room_pt.items()}


def check_back_offset(grid: Grid, spec: SheetSpec) -> None:
    """Raise LayoutError if `spec.back_offset_mm` moves any back of `grid` (its trim plus
    bleed) into the printer margin or off the paper, naming by how much and the largest
    offset that fits that way. Single-sided printing (duplex "none") prints no backs and
    passes. Both axes are checked; the message names every one that fails."""
    if spec.duplex == "none":
        return
    room = back_offset_room_mm(grid, spec.duplex)
    margin_mm = spec.margin_mm
    faults = []
    for axis, value in zip("xy", spec.back_offset_mm):
        sign = 1 if value > 0 else -1
        fits = room[f"{axis}{'+' if sign > 0 else '-'}"]
        over = abs(value) - fits
        if over <= _ROOM_TOLERANCE_MM:
            continue
        where = (
            f"{over:.2f} mm into the {margin_mm:g} mm printer margin of {spec.paper} paper"
            if over <= margin_mm
            else f"{over - margin_mm:.2f} mm off the {spec.paper} paper"
            + (f", past its {margin_mm:g} mm printer margin" if margin_mm > 0 else "")
        )
        faults.append(
            f"back offset {axis} {value:g} mm moves the backs {where}; at most "
            f"{fits:.2f} mm {_DIRECTIONS[axis, sign]} fits"
        )
    if faults:
        raise LayoutError("; ".join(faults))
