"""Design-card mm to card-local points: where a layout's positions land on the card in
hand. A layout is measured on its design card (mm from the top-left corner, y down); on
a card of another trim every x and width scales with the card's width, every y and
height with its height, and radii and icon sizes with the smaller of the two, except:

- an element with an `anchor` keeps its size in mm and its distances from the trim: a
  corner's ("top-left", "top-right", "bottom-left", "bottom-right": a badge in a corner
  stays the same size at the same place) or, with "edges", each of its edges from the
  trim edge it is nearer to (a frame inset 2 mm stays 2 mm inside the trim, and grows
  with the card);
- an edge of a box that lies inside the design card's safe area stays inside the card's.

Text sizes (pt) and line widths do not scale, unless the layout says `grow_type`: then
the size of every text without an anchor grows as pnp.layout.design's `DesignGrid.pt`
grows type, by `type_scale` relative to the design card's (tarot 1.22 on a poker
design; bridge and mini keep the design's sizes). On the design card nothing moves.
Source: issue 25 item 1, issue 28 item 4; README, "Faces as data".
"""

from __future__ import annotations

from pnp.core.units import mm_to_pt
from pnp.layout.card_frame import CardFrame
from pnp.layout.design import DESIGN_H_MM, DESIGN_W_MM, type_scale
from pnp.layout.imposition import Rect

EDGE_MM = 0.005  # a fill's edge this close to the trim's runs into the bleed
ANCHORS = ("top-left", "top-right", "bottom-left", "bottom-right", "edges")


class Scale:
    """Design-card mm (a card of `design_mm` with a safe area of `safe_mm`, from its
    top-left, y down) to card-local pt on `frame`; with `grow_type`, text sizes (pt)
    grow on a card larger than the design card (`text_size`)."""

    def __init__(
        self,
        design_mm: tuple[float, float],
        frame: CardFrame,
        safe_mm: float = 3.0,
        grow_type: bool = False,
    ):
        self.frame = frame
        self.design = design_mm
        self.sx = frame.w / mm_to_pt(design_mm[0])
        self.sy = frame.h / mm_to_pt(design_mm[1])
        self.safe_mm = safe_mm
        design_type = max(1.0, (design_mm[0] * design_mm[1] / (DESIGN_W_MM * DESIGN_H_MM)) ** 0.5)
        self.type = type_scale(frame) / design_type if grow_type else 1.0

    def text_size(self, size_pt: float, anchor: str | None = None) -> float:
        """A text size (pt) written for the design card, on this card: grown by the
        card's type scale over the design card's when the layout grows type (rounded to
        0.01 pt as DesignGrid.pt rounds), as written for an anchored element or when it
        does not. Issue 28 item 4."""
        if anchor or self.type == 1.0:
            return size_pt
        return round(size_pt * self.type, 2)

    def _x(self, x_mm: float, anchor: str | None) -> float:
        if anchor is None:
            return mm_to_pt(x_mm) * self.sx
        if anchor.endswith("right") or anchor == "edges" and x_mm > self.design[0] / 2:
            return self.frame.w - mm_to_pt(self.design[0] - x_mm)
        return mm_to_pt(x_mm)

    def _y(self, y_mm: float, anchor: str | None) -> float:
        if anchor is None:
            return self.frame.h - mm_to_pt(y_mm) * self.sy
        if anchor.startswith("bottom") or anchor == "edges" and y_mm > self.design[1] / 2:
            return mm_to_pt(self.design[1] - y_mm)
        return self.frame.h - mm_to_pt(y_mm)

    def rect(
        self, box: tuple[float, float, float, float], bleed: bool = False, anchor: str | None = None
    ) -> Rect:
        """The box [left, top, width, height] (mm) in pt; with `bleed`, each edge on the
        trim moved out to the bleed's edge."""
        left, top, w, h = box
        x0, x1 = self._x(left, anchor), self._x(left + w, anchor)
        y1, y0 = self._y(top, anchor), self._y(top + h, anchor)
        if anchor is None and (self.sx, self.sy) != (1.0, 1.0):
            x0, y0, x1, y1 = self._kept_safe(box, x0, y0, x1, y1)
        if bleed:
            b, (width, height) = self.frame.bleed, self.design
            x0 -= b if left <= EDGE_MM else 0
            x1 += b if left + w >= width - EDGE_MM else 0
            y0 -= b if top + h >= height - EDGE_MM else 0
            y1 += b if top <= EDGE_MM else 0
        return Rect(x0, y0, x1 - x0, y1 - y0)

    def _kept_safe(self, box, x0: float, y0: float, x1: float, y1: float):
        """The scaled edges (pt) with each edge that was inside the design card's safe
        area kept inside the card's."""
        left, top, w, h = box
        width, height = self.design
        inside = self.safe_mm - EDGE_MM
        safe = mm_to_pt(self.safe_mm)
        f = self.frame
        if left >= inside:
            x0 = max(x0, safe)
        if width - left - w >= inside:
            x1 = min(x1, f.w - safe)
        if top >= inside:
            y1 = min(y1, f.h - safe)
        if height - top - h >= inside:
            y0 = max(y0, safe)
        return x0, y0, x1, y1

    def point(self, at: tuple[float, float], anchor: str | None = None) -> tuple[float, float]:
        """The point [x, y] (mm) in pt."""
        return self._x(at[0], anchor), self._y(at[1], anchor)

    def size(self, mm: float, anchor: str | None = None) -> float:
        """A radius or icon size (mm) in pt: scaled by the smaller ratio, or as it is for
        an anchored element."""
        return mm_to_pt(mm) * (1.0 if anchor else min(self.sx, self.sy))
