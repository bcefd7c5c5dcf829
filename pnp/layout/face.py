"""What every game's face layout is made of: text blocks, icon spots, and a grid of
positions designed in mm on a poker card and scaled to the card being printed.

Card-local points, origin at the trim's bottom-left (see pnp.layout.card_frame).
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.fonts import BOLD
from pnp.layout.card_frame import SAFE_MM, TITLE_FLOOR_PT, CardFrame, TextBlock
from pnp.layout.imposition import Rect
from pnp.units import mm_to_pt

DESIGN_W_MM, DESIGN_H_MM = 63.5, 88.9
LABEL_PT = 7.0
LABEL_COLOUR = "#555555"


@dataclass(frozen=True)
class IconSpot:
    """An icon badge: `icon` name, centre (x, y) and diameter `size`, all card-local pt."""

    icon: str
    x: float
    y: float
    size: float


@dataclass(frozen=True)
class Face:
    """A card face's layout: text blocks, icon badges and header/footer band heights (pt)."""

    texts: tuple[TextBlock, ...]
    icons: tuple[IconSpot, ...]
    band_top: float = 0.0
    band_bottom: float = 0.0

    def box_of(self, field: str) -> Rect:
        """The box of the text block for `field`; KeyError if the face has none."""
        for block in self.texts:
            if block.field == field:
                return block.box
        raise KeyError(field)


class DesignGrid:
    """Positions designed in mm on a poker card (from its top edge and its sides),
    scaled to `frame`; nothing is placed outside the 3 mm safe area."""

    def __init__(self, frame: CardFrame):
        self.f = frame
        self.sy = (frame.h / mm_to_pt(1)) / DESIGN_H_MM
        self.sx = (frame.w / mm_to_pt(1)) / DESIGN_W_MM

    def y(self, top_mm: float) -> float:
        """Card-local y (pt) of a line `top_mm` below the top edge of the design card."""
        return self.f.h - mm_to_pt(top_mm * self.sy)

    def x(self, side_mm: float) -> float:
        """An inset from a side edge (pt): design mm scaled, never inside the safe margin."""
        return mm_to_pt(max(SAFE_MM, side_mm * self.sx))

    def box(self, top_mm: float, height_mm: float, left_mm: float = SAFE_MM,
            right_mm: float = SAFE_MM) -> Rect:
        """A box `height_mm` tall (scaled) from `top_mm` down, inset left/right in mm."""
        top, bottom = self.y(top_mm), self.y(top_mm + height_mm)
        bottom = max(bottom, mm_to_pt(SAFE_MM))
        x0 = self.x(left_mm)
        return Rect(x0, bottom, max(0.0, self.f.w - x0 - self.x(right_mm)),
                    max(0.0, top - bottom))


def label(field: str, text: str, box: Rect, colour: str = LABEL_COLOUR) -> TextBlock:
    """A small bold caption such as "PROTECT WITH" (7 pt, one line)."""
    return TextBlock(field, text, BOLD, box, LABEL_PT, LABEL_PT, max_lines=1, colour=colour)


def title(field: str, text: str, box: Rect, size: float = 13.0) -> TextBlock:
    """A card title: bold, from `size` down to the 11 pt title floor, at most 2 lines."""
    return TextBlock(field, text, BOLD, box, size, TITLE_FLOOR_PT, max_lines=2)
