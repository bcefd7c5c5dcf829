"""Fold-and-glue ("gutterfold") sheets: each card's front beside its back on one page,
printed single-sided, folded in half along a marked line so that every back lands
behind its front, glued, and cut.

The page is a Grid (pnp.layout.imposition) of the paper upright or turned sideways,
with an even number of columns (the fold upright, axis "vertical": fronts left of it,
backs right) or of rows (the fold across, "horizontal": fronts above, backs below);
`compute_fold` takes whichever holds the most cards (an upright page, then an upright
fold, first among equals). The grid's block is centred on the page, so the fold is the
page's centre line, in the middle of the gutter between the two halves, and each back
is its front's trim mirrored across it: column c's back in column cols-1-c, row r's in
row rows-1-r. Folding turns the back half over about the fold; a back across a
horizontal fold is printed half a turn round so that, as on a duplex sheet, it reads
upright when the card is turned over side to side.

Cut guides: crop marks on the outer edges of the sheet only (outside the block: none in
the gutters, and none at the fold), for the fronts and their backs, so that the marks
of both halves meet when the sheet is held to the light; a cut line round any front
whose trim lines have no usable mark, and the corner arcs of rounded corners, on the
fronts (the sheet is cut from its front); and the fold line, dashed, from printer
margin to printer margin. All lengths in points unless a name ends in `_mm`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pnp.core.errors import LayoutError
from pnp.core.sizes import CARD_SIZES_MM, PAPER_MM, card_mm, paper_mm
from pnp.core.units import mm_to_pt
from pnp.layout.crop_marks import CutGuides, Segment, Slot, corner_guides, crop_marks, cut_lines_for
from pnp.layout.imposition import CROP_MARK_CLEARANCE_MM, Grid, Rect, SheetSpec, check_spec, grid_on

FOLD_AXES = ("vertical", "horizontal")
_TOLERANCE_PT = 1e-6


@dataclass(frozen=True)
class Fold:
    """A gutterfold page: `grid` holds every slot, fronts and backs (its page the paper
    turned sideways when `sideways`); `axis` is "vertical" (the fold is the line x =
    page_w / 2, fronts left of it) or "horizontal" (y = page_h / 2, fronts above)."""

    grid: Grid
    axis: str
    sideways: bool = False

    @property
    def per_sheet(self) -> int:
        """Cards on one sheet: the fronts, half the grid's slots."""
        return self.grid.per_sheet // 2

    @property
    def across(self) -> int:
        """Fronts in one row of the front half."""
        return self.grid.cols // 2 if self.axis == "vertical" else self.grid.cols

    @property
    def down(self) -> int:
        """Rows of fronts in the front half."""
        return self.grid.rows if self.axis == "vertical" else self.grid.rows // 2

    @property
    def back_turn_deg(self) -> int:
        """How far a back is turned on the page (degrees): 0 beside a vertical fold, 180
        below a horizontal one (see the module's docstring)."""
        return 0 if self.axis == "vertical" else 180

    def front_slot(self, index: int) -> Slot:
        """(row, col) of the index-th front on a sheet: the front half filled left to
        right, top down."""
        return divmod(index, self.across)

    def back_slot(self, front: Slot) -> Slot:
        """(row, col) of the back of the front in slot `front`: its mirror image."""
        row, col = front
        if self.axis == "vertical":
            return row, self.grid.cols - 1 - col
        return self.grid.rows - 1 - row, col

    def back_trim(self, front: Rect) -> Rect:
        """Where the back of the card whose front trim is `front` is printed: `front`
        mirrored across the fold line."""
        g = self.grid
        if self.axis == "vertical":
            return Rect(g.page_w - front.x - front.w, front.y, front.w, front.h)
        return Rect(front.x, g.page_h - front.y - front.h, front.w, front.h)

    @property
    def fold_line(self) -> Segment:
        """The fold, from printer margin to printer margin across the page's middle."""
        g = self.grid
        if self.axis == "vertical":
            return (g.page_w / 2, g.margin, g.page_w / 2, g.page_h - g.margin)
        return (g.margin, g.page_h / 2, g.page_w - g.margin, g.page_h / 2)


def fold_on(spec: SheetSpec, sideways: bool, axis: str) -> Fold | None:
    """The gutterfold page of `spec` with the paper turned `sideways` or not and the fold
    along `axis`, or None when not one front and its back fit that way."""
    w, h = paper_mm(spec.paper)
    grid = grid_on(spec, *((h, w) if sideways else (w, h)))
    if axis == "vertical":
        grid = grid._replace(cols=grid.cols - grid.cols % 2)
    else:
        grid = grid._replace(rows=grid.rows - grid.rows % 2)
    if grid.cols < 1 or grid.rows < 1:
        return None
    return Fold(grid, axis, sideways)


def best_fold(spec: SheetSpec) -> Fold | None:
    """The way of folding `spec`'s paper that holds the most cards (`fold_on`; an upright
    page, then a vertical fold, first among equals), or None if none holds one."""
    found = [
        fold
        for sideways in (False, True)
        for axis in FOLD_AXES
        if (fold := fold_on(spec, sideways, axis)) is not None
    ]
    return max(found, key=lambda f: f.per_sheet) if found else None


def compute_fold(spec: SheetSpec) -> Fold:
    """The gutterfold page for `spec` (`best_fold`). LayoutError as check_spec raises it,
    or, when no card and its back fit the paper either way round, naming the named card
    sizes that fit this paper and the named papers this card fits."""
    check_spec(spec)
    fold = best_fold(spec)
    if fold is not None:
        return fold
    w, h = card_mm(spec.card_size)
    sizes = [s for s in CARD_SIZES_MM if best_fold(replace(spec, card_size=s))]
    papers = [p for p in PAPER_MM if best_fold(replace(spec, paper=p))]
    on_paper = (
        f"on {spec.paper} these card sizes fit: {', '.join(sizes)}"
        if sizes
        else f"no named card size fits {spec.paper}"
    )
    for_card = (
        f"a {spec.card_size} card fits {', '.join(papers)}" if papers else "it fits no named paper"
    )
    raise LayoutError(
        f"a {spec.card_size} card ({w:g} x {h:g} mm) with {spec.bleed_mm:g} mm bleed and its "
        f"back beside it does not fit {spec.paper} paper, upright or sideways, inside a "
        f"{spec.margin_mm:g} mm margin (--layout gutterfold); {on_paper}; {for_card} "
        "(a smaller --bleed, --gutter or --margin leaves more room)"
    )


def fold_guides(fold: Fold, fronts: int, corner_pt: float = 0.0) -> CutGuides:
    """The guides of a gutterfold sheet holding `fronts` cards (see the module's
    docstring), with corner arcs of radius `corner_pt` (0: none) on the fronts."""
    grid = fold.grid
    front_slots = [fold.front_slot(i) for i in range(fronts)]
    filled = front_slots + [fold.back_slot(s) for s in front_slots]
    block = grid.block.inset(-mm_to_pt(CROP_MARK_CLEARANCE_MM))
    marks = tuple(m for m in crop_marks(grid, filled) if _outside(m, block))
    return CutGuides(
        marks,
        cut_lines_for(grid, front_slots, marks),
        corner_guides(grid, front_slots, corner_pt),
        fold.fold_line,
    )


def _outside(mark: Segment, block: Rect) -> bool:
    """True if the crop mark lies wholly beyond an edge of `block`."""
    x1, y1, x2, y2 = mark
    t = _TOLERANCE_PT
    if abs(x1 - x2) <= t:  # a mark on a column's cut: above or below the block
        return min(y1, y2) >= block.top - t or max(y1, y2) <= block.y + t
    return min(x1, x2) >= block.x + block.w - t or max(x1, x2) <= block.x + t
