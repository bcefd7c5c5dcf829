"""Cut guides for one front sheet: crop marks around the cards placed on it, and a thin
cut line around any card whose trim lines the marks cannot show.

Crop marks extend each placed card's four trim lines beyond the card, from its bleed
(plus a clearance) for up to 5 mm, stopping short of any other placed card's bleed and
of the printer margin; empty slots are blank paper, so a mark may run into them. A
trim line that has no mark of at least 3 mm anywhere along it (Letter leaves 0.55 mm
above and below a grid of poker cards; the gutters hold 1.4 mm ticks) is not a usable
guide, and each card on such a line gets a cut line: its trim outline, 0.25 pt wide,
drawn just outside the trim inside the bleed. Cards cut to rounded corners
(pnp.layout.corners) get each corner's arc, as thin and grey as a cut line, drawn just
outside the rounded trim: in the corner the cutter takes off. All lengths in points;
segments are (x1, y1, x2, y2); slots are (row, col) as in `Grid.slot`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pnp.core.records import NamedTuple
from pnp.core.units import mm_to_pt
from pnp.layout.corners import Arc, corner_arcs
from pnp.layout.imposition import CROP_MARK_CLEARANCE_MM, CROP_MARK_MAX_MM, Grid, Rect

MIN_MARK_MM = 0.8  # shorter marks are not drawn
GUIDE_MARK_MM = 3.0  # a mark at least this long is a usable guide on its own
CUT_LINE_WIDTH_PT = 0.25
LINE_TOLERANCE_MM = 0.01  # a mark or cut line this close to a trim line is on it

Segment = tuple[float, float, float, float]
Slot = tuple[int, int]
_Box = tuple[float, float, float, float]  # (across_lo, across_hi, along_lo, along_hi)


class CutGuides(NamedTuple):
    """What one front sheet gets: crop-mark segments outside every bleed, cut-line
    rectangles (the stroke's centre line, `CUT_LINE_WIDTH_PT` wide) inside the bleed,
    the arcs of rounded corners (their stroke's centre line, as wide) and, on a
    gutterfold sheet (pnp.layout.gutterfold), the fold line."""

    marks: tuple[Segment, ...]
    cut_lines: tuple[Rect, ...]
    corners: tuple[Arc, ...] = ()
    fold: Segment | None = None


def cut_guides(grid: Grid, filled: Iterable[Slot] | None = None, corner: float = 0.0) -> CutGuides:
    """The guides for a sheet of `grid` whose `filled` slots hold cards (None: all), each
    card's corners rounded to radius `corner` (pt; 0: square)."""
    slots = _slots(grid, filled)
    marks = crop_marks(grid, slots)
    return CutGuides(
        tuple(marks), cut_lines_for(grid, slots, marks), corner_guides(grid, slots, corner)
    )


def _outset(grid: Grid) -> float:
    """How far outside the trim a cut line's or a corner arc's centre line runs: half its
    width, so that none of it stays on the card (none when the bleed is narrower)."""
    return CUT_LINE_WIDTH_PT / 2 if grid.bleed >= CUT_LINE_WIDTH_PT else 0.0


def cut_lines_for(grid: Grid, slots: Sequence[Slot], marks: Sequence[Segment]) -> tuple[Rect, ...]:
    """A cut line round each card in `slots` with a trim edge that `marks` leave
    unguided (`unguided_edges`)."""
    offset = _outset(grid)
    return tuple(
        grid.trim(*s).inset(-offset) for s in slots if unguided_edges(grid, [s], marks, ())
    )


def corner_guides(grid: Grid, slots: Sequence[Slot], corner: float) -> tuple[Arc, ...]:
    """The arcs of the corners of each card in `slots` rounded to radius `corner` (pt),
    each drawn just outside the rounded trim (pnp.layout.corners.corner_arcs); () for
    square corners."""
    offset = _outset(grid)
    return tuple(a for s in slots for a in corner_arcs(grid.trim(*s), corner, offset))


def crop_marks(grid: Grid, filled: Iterable[Slot] | None = None) -> list[Segment]:
    """Crop-mark segments around the `filled` slots of one front sheet (None: all).

    Each placed card's trim lines get a mark beyond each end of the card (see the
    module docstring); marks under 0.8 mm are left out, and collinear marks that touch
    are joined, so the tick across a gutter between two cards is one segment.
    """
    trims = [grid.trim(*s) for s in _slots(grid, filled)]
    clear = mm_to_pt(CROP_MARK_CLEARANCE_MM)
    keep_out = [t.inset(-(grid.bleed + clear)) for t in trims]
    columns = [(k.x, k.x + k.w, k.y, k.top) for k in keep_out]
    rows = [(k.y, k.top, k.x, k.x + k.w) for k in keep_out]
    vertical, horizontal = [], []
    for t, k in zip(trims, keep_out):
        for x in (t.x, t.x + t.w):
            vertical += _rays(x, k.y, k.top, columns, grid.margin, grid.page_h - grid.margin)
        for y in (t.y, t.top):
            horizontal += _rays(y, k.x, k.x + k.w, rows, grid.margin, grid.page_w - grid.margin)
    return [(x, a, x, b) for x, a, b in _join(vertical)] + [
        (a, y, b, y) for y, a, b in _join(horizontal)
    ]


def unguided_edges(
    grid: Grid, filled: Iterable[Slot] | None, marks: Sequence[Segment], cut_lines: Sequence[Rect]
) -> list[str]:
    """Every trim edge of a `filled` card with no usable guide, as "row r col c left".

    An edge is guided by a crop mark of at least 3 mm on its trim line (anywhere along
    it), or by a cut line along it: a side of a `cut_lines` rectangle no farther out
    than the bleed, spanning the edge. Lengths are compared to 0.01 mm.
    """
    tol = mm_to_pt(LINE_TOLERANCE_MM)
    least = mm_to_pt(GUIDE_MARK_MM) - tol
    long_x = [s[0] for s in marks if abs(s[0] - s[2]) <= tol and abs(s[3] - s[1]) >= least]
    long_y = [s[1] for s in marks if abs(s[1] - s[3]) <= tol and abs(s[2] - s[0]) >= least]
    missing = []
    for row, col in _slots(grid, filled):
        t = grid.trim(row, col)
        lines = {
            "left": (t.x, long_x),
            "right": (t.x + t.w, long_x),
            "bottom": (t.y, long_y),
            "top": (t.top, long_y),
        }
        for edge, (pos, marked) in lines.items():
            if not any(abs(pos - m) <= tol for m in marked) and not any(
                _cut_line_on(t, r, edge, grid.bleed, tol) for r in cut_lines
            ):
                missing.append(f"row {row} col {col} {edge}")
    return missing


def _slots(grid: Grid, filled: Iterable[Slot] | None) -> list[Slot]:
    if filled is None:
        return [grid.slot(i) for i in range(grid.per_sheet)]
    return list(filled)


def _rays(
    pos: float, low: float, high: float, boxes: Sequence[_Box], floor: float, ceiling: float
) -> list[tuple[float, float, float]]:
    """Marks on the line at `pos` beyond both ends (`low`, `high`) of a card's keep-out
    box, as (pos, start, end): each up to 5 mm, stopped by the first other keep-out box
    the line crosses or by the printer margin (`floor`, `ceiling`)."""
    longest, shortest = mm_to_pt(CROP_MARK_MAX_MM), mm_to_pt(MIN_MARK_MM)
    crossing = [b for b in boxes if b[0] < pos < b[1]]
    up = min([ceiling] + [b[2] for b in crossing if b[3] > high]) - high
    down = low - max([floor] + [b[3] for b in crossing if b[2] < low])
    marks = []
    if min(up, longest) >= shortest:
        marks.append((pos, high, high + min(up, longest)))
    if min(down, longest) >= shortest:
        marks.append((pos, low - min(down, longest), low))
    return marks


def _join(marks: list[tuple[float, float, float]]) -> list[tuple[float, float, float]]:
    """Collinear (pos, start, end) intervals that overlap or touch, joined."""
    joined: list[tuple[float, float, float]] = []
    for pos, a, b in sorted(marks, key=lambda m: (round(m[0], 6), m[1])):
        if joined and abs(joined[-1][0] - pos) < 1e-6 and a <= joined[-1][2] + 1e-6:
            joined[-1] = (joined[-1][0], joined[-1][1], max(b, joined[-1][2]))
        else:
            joined.append((pos, a, b))
    return joined


def _cut_line_on(t: Rect, r: Rect, edge: str, bleed: float, tol: float) -> bool:
    """True if rectangle `r` has a side along trim `t`'s `edge`, at most `bleed` outside
    it (and not inside it), running the edge's whole length."""
    out = {
        "left": t.x - r.x,
        "right": r.x + r.w - t.x - t.w,
        "bottom": t.y - r.y,
        "top": r.top - t.top,
    }[edge]
    if edge in ("left", "right"):
        spans = r.y <= t.y + tol and r.top >= t.top - tol
    else:
        spans = r.x <= t.x + tol and r.x + r.w >= t.x + t.w - tol
    return -tol <= out <= bleed + tol and spans
