"""Card-local geometry: the trim, the bleed around it and the safe area inside it (3 mm,
or a print shop's wider safe zone, pnp.presets).

Card-local coordinates are points with the origin at the bottom-left corner of
the trim; the bleed extends to negative coordinates and past the trim size.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from pnp.core.units import mm_to_pt
from pnp.layout.imposition import Rect

SAFE_MM = 3.0
BODY_FLOOR_PT = 7.0
TITLE_FLOOR_PT = 11.0


@dataclass(frozen=True)
class CardFrame:
    """A card of trim `w` x `h` points with `bleed` points around it. `ink_saver` asks
    the face functions for the ink-saving faces (`pnp build --ink-saver`): dark grounds,
    frames and big badges become outlines or pale tints, with the same information.
    `safe_mm` is the safe area's inset from the trim in mm (at least SAFE_MM; a shop
    preset asks for more, e.g. 1/8 in = 3.175 mm), which faces are laid out inside.
    `corner_mm` is the radius in mm of the rounded corners the card is cut to (0:
    square); the face check keeps what matters clear of them (pnp.layout.corners)."""

    w: float
    h: float
    bleed: float = 0.0
    ink_saver: bool = False
    safe_mm: float = SAFE_MM
    corner_mm: float = 0.0

    @cached_property
    def trim_rect(self) -> Rect:
        """The trim: (0, 0) to (w, h)."""
        return Rect(0, 0, self.w, self.h)

    @cached_property
    def safe(self) -> Rect:
        """The safe area: the trim inset by `safe_mm`; nothing important goes outside it."""
        return Rect(0, 0, self.w, self.h).inset(mm_to_pt(self.safe_mm))

    @cached_property
    def bleed_rect(self) -> Rect:
        """The trim grown by the bleed on every side."""
        return Rect(0, 0, self.w, self.h).inset(-self.bleed)
