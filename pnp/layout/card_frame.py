"""Card-local geometry: the trim box, safe area and boxes placed from the card's edges.

Card-local coordinates are points with the origin at the bottom-left corner of
the trim; the bleed extends to negative coordinates and past the trim size.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.layout.imposition import Rect
from pnp.units import mm_to_pt

SAFE_MM = 3.0
BODY_FLOOR_PT = 7.0
TITLE_FLOOR_PT = 11.0


@dataclass(frozen=True)
class CardFrame:
    """A card of trim `w` x `h` points with `bleed` points around it."""

    w: float
    h: float
    bleed: float = 0.0

    @property
    def safe(self) -> Rect:
        """The safe area: the trim inset by 3 mm; nothing important goes outside it."""
        return Rect(0, 0, self.w, self.h).inset(mm_to_pt(SAFE_MM))

    @property
    def bleed_rect(self) -> Rect:
        """The trim grown by the bleed on every side."""
        return Rect(0, 0, self.w, self.h).inset(-self.bleed)

    def from_top(self, top_mm: float, height_mm: float, side_mm: float = SAFE_MM) -> Rect:
        """A full-width box (inset `side_mm` each side) whose top edge is `top_mm` below the
        trim's top edge and which is `height_mm` tall."""
        s = mm_to_pt(side_mm)
        return Rect(s, self.h - mm_to_pt(top_mm + height_mm), self.w - 2 * s, mm_to_pt(height_mm))

    def from_bottom(self, bottom_mm: float, height_mm: float, side_mm: float = SAFE_MM) -> Rect:
        """A full-width box whose bottom edge is `bottom_mm` above the trim's bottom edge."""
        s = mm_to_pt(side_mm)
        return Rect(s, mm_to_pt(bottom_mm), self.w - 2 * s, mm_to_pt(height_mm))

    def between(self, top_mm: float, bottom_mm: float, side_mm: float = SAFE_MM) -> Rect:
        """The box from `top_mm` below the top edge down to `bottom_mm` above the bottom edge."""
        s = mm_to_pt(side_mm)
        y0 = mm_to_pt(bottom_mm)
        return Rect(s, y0, self.w - 2 * s, self.h - mm_to_pt(top_mm) - y0)


@dataclass(frozen=True)
class TextBlock:
    """A piece of card text and the box it must fit: `field` names the data field it
    comes from, `box` is card-local (pt), sizes in pt, `align` "left" or "centre"."""

    field: str
    text: str
    font: str
    box: Rect
    max_size: float
    min_size: float = BODY_FLOOR_PT
    align: str = "centre"
    max_lines: int | None = None
    colour: str = "#000000"
