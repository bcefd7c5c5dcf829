"""Crop marks: short lines on every trim line, kept out of every card's bleed area.

Marks sit in two places: in the page margin around the grid (up to 5 mm long,
stopping at the printer margin) and across each gutter between cards, where the
gutter is wide enough. All lengths in points; segments are (x1, y1, x2, y2).
"""

from __future__ import annotations

from pnp.layout.imposition import CROP_MARK_CLEARANCE_MM, CROP_MARK_MAX_MM, Grid
from pnp.units import mm_to_pt

MIN_MARK_MM = 0.8

Segment = tuple[float, float, float, float]


def crop_marks(grid: Grid) -> list[Segment]:
    """Every crop-mark segment for one front sheet of `grid` (pt)."""
    clear = mm_to_pt(CROP_MARK_CLEARANCE_MM)
    longest = mm_to_pt(CROP_MARK_MAX_MM)
    shortest = mm_to_pt(MIN_MARK_MM)
    block = grid.block
    xs = sorted({x for c in range(grid.cols) for x in _edges(grid.trim(0, c).x, grid.card_w)})
    ys = sorted({y for r in range(grid.rows) for y in _edges(grid.trim(r, 0).y, grid.card_h)})
    segments: list[Segment] = []
    # Outer marks: above/below the grid for vertical trim lines, left/right for horizontal.
    top_room = (grid.page_h - grid.margin) - (block.y + block.h + clear)
    bottom_room = (block.y - clear) - grid.margin
    left_room = (block.x - clear) - grid.margin
    right_room = (grid.page_w - grid.margin) - (block.x + block.w + clear)
    for x in xs:
        if min(top_room, longest) >= shortest:
            y0 = block.y + block.h + clear
            segments.append((x, y0, x, y0 + min(top_room, longest)))
        if min(bottom_room, longest) >= shortest:
            y0 = block.y - clear
            segments.append((x, y0 - min(bottom_room, longest), x, y0))
    for y in ys:
        if min(left_room, longest) >= shortest:
            x0 = block.x - clear
            segments.append((x0 - min(left_room, longest), y, x0, y))
        if min(right_room, longest) >= shortest:
            x0 = block.x + block.w + clear
            segments.append((x0, y, x0 + min(right_room, longest), y))
    segments += _gutter_marks(grid, xs, ys, clear, shortest)
    return segments


def _edges(start: float, length: float) -> tuple[float, float]:
    return start, start + length


def _gutter_marks(grid: Grid, xs, ys, clear: float, shortest: float) -> list[Segment]:
    """Ticks across the gutters between rows (for vertical trim lines) and between
    columns (for horizontal trim lines)."""
    if grid.gutter - 2 * clear < shortest:
        return []
    marks: list[Segment] = []
    for r in range(grid.rows - 1):
        upper_bleed_bottom = grid.trim(r, 0).y - grid.bleed
        lower_bleed_top = grid.trim(r + 1, 0).y + grid.card_h + grid.bleed
        for x in xs:
            marks.append((x, lower_bleed_top + clear, x, upper_bleed_bottom - clear))
    for c in range(grid.cols - 1):
        left_bleed_right = grid.trim(0, c).x + grid.card_w + grid.bleed
        right_bleed_left = grid.trim(0, c + 1).x - grid.bleed
        for y in ys:
            marks.append((left_bleed_right + clear, y, right_bleed_left - clear, y))
    return marks
