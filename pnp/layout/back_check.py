"""A back keeps its frames away from the trim: a back is printed on the other side of
the sheet, and duplex printers drift and cutters miss by a millimetre or more, so a frame
or rule near the trim shows as an uneven margin, wide on one side and thin on the other.
On a back face, an Outline, the inner edge of a Border or a Rule closer than
BACK_CLEAR_MM to the trim is an error (`back_faults`); the common design is a ground
run through the bleed with the emblem and title in the middle.

Card-local points (pnp.layout.face); messages in mm. Source: issue 28 item 7 ("Backs to
the bleed: no frame or rule within 3 mm of the trim on any back").
"""

from __future__ import annotations

from pnp.core.units import mm_to_pt, pt_to_mm
from pnp.layout.card_frame import CardFrame
from pnp.layout.face import Border, Element, Face, Outline, Rule
from pnp.layout.face_check import TOLERANCE_PT, Fault
from pnp.layout.imposition import Rect

BACK_CLEAR_MM = 3.0
SIDES = ("left", "bottom", "right", "top")


def edge_distances(rect: Rect, frame: CardFrame) -> dict[str, float]:
    """How far (pt) `rect`'s edge lies inside `frame`'s trim on each side ("left",
    "bottom", "right", "top"); negative when it reaches past the trim into the bleed."""
    return {
        "left": rect.x,
        "bottom": rect.y,
        "right": frame.w - rect.x - rect.w,
        "top": frame.h - rect.top,
    }


def _line(element: Element) -> tuple[Rect, str] | None:
    """The box (pt) whose edges are the element's lines nearest the trim, and what the
    element is in words; None for an element that draws no frame or rule."""
    if isinstance(element, Outline):
        return element.rect.inset(-element.width / 2), "a frame"
    if isinstance(element, Border):
        return element.inner, "a border's inner edge"
    if isinstance(element, Rule):
        return element.ink()[0], "a rule"
    return None


def back_faults(face: Face, frame: CardFrame) -> list[Fault]:
    """An error for every Outline, Border (its inner edge) or Rule of the back `face`
    that comes closer than BACK_CLEAR_MM to `frame`'s trim on any side, naming the
    nearest side and the distance (mm; 0 when it crosses the trim), in element order.
    Raises nothing."""
    clear = mm_to_pt(BACK_CLEAR_MM)
    faults = []
    for element in face.elements:
        found = _line(element)
        if found is None:
            continue
        box, what = found
        side, gap = min(edge_distances(box, frame).items(), key=lambda item: item[1])
        if gap < clear - TOLERANCE_PT:
            faults.append(
                Fault(
                    element,
                    f"is {what} {pt_to_mm(max(gap, 0.0)):.1f} mm from the trim's {side} "
                    f"edge; on a back, frames and rules stay at least {BACK_CLEAR_MM:g} mm "
                    "inside the trim (duplex drift and miscuts show a frame near the edge "
                    "as uneven): leave it out and let the ground run through the bleed, "
                    "or move it further in",
                )
            )
    return faults
