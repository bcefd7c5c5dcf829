"""Rounded corners: where a corner cutter rounds a card, and what must keep clear of it.

A card cut to corners of radius R (`--corners R`, mm; pnp.core.sizes.card_corner_mm
for the default) loses, at each corner, the part of the trim outside a quarter circle
of radius R whose centre lies R inside both edges. The cut guides show that arc
(pnp.layout.crop_marks.corner_guides); the face check keeps what matters a safe
distance from it, as the safe area keeps it from the straight edges: the safe area's
corners are rounded too, about the same centres, to R less the safe inset. With R no
larger than the safe inset (3 mm corners and the 3 mm safe area) the safe area already
keeps clear of the corners, and this check finds nothing more; a larger R rounds the
safe area's corners. Lengths in points unless a name ends in `_mm`.
"""

from __future__ import annotations

import math

from pnp.core.records import NamedTuple
from pnp.layout.imposition import Rect

#: Corner names, in the order `corner_arcs` gives the arcs (counter-clockwise).
CORNERS = ("bottom-left", "bottom-right", "top-right", "top-left")
_TOLERANCE_PT = 0.01


class Arc(NamedTuple):
    """A quarter circle in points: centre (cx, cy), radius r, from `start_deg` (0 points
    right, angles counter-clockwise) through 90 degrees."""

    cx: float
    cy: float
    r: float
    start_deg: float


def corner_arcs(trim: Rect, radius: float, outset: float = 0.0) -> tuple[Arc, ...]:
    """The four arcs (bottom-left, bottom-right, top-right, top-left) that round the
    corners of `trim` to `radius`, each drawn `outset` farther from its centre (into
    the corner the cutter takes off); () for a square corner (radius 0)."""
    if radius <= 0:
        return ()
    r = radius + outset
    left, right = trim.x + radius, trim.x + trim.w - radius
    bottom, top = trim.y + radius, trim.top - radius
    return (
        Arc(left, bottom, r, 180.0),
        Arc(right, bottom, r, 270.0),
        Arc(right, top, r, 0.0),
        Arc(left, top, r, 90.0),
    )


def corner_overrun(box: Rect, w: float, h: float, radius: float, safe: float) -> tuple[float, str]:
    """(how far the rectangle `box`, card-local on a `w` x `h` card, reaches past the
    rounded corner of the safe area: nearer than `safe` to the arc of a corner rounded
    to `radius`; the corner's name), the worst corner's; (0.0, "") when it keeps clear.
    Only the part of the safe area within `radius` of two edges is looked at: a box
    outside the rectangular safe area is that check's fault. A radius up to `safe`
    rounds nothing of the safe area: (0.0, "")."""
    if radius <= safe:
        return 0.0, ""
    near = (
        ("bottom-left", box.x, box.y),
        ("bottom-right", w - box.x - box.w, box.y),
        ("top-right", w - box.x - box.w, h - box.top),
        ("top-left", box.x, h - box.top),
    )
    worst = (0.0, "")
    for corner, across, up in near:
        if across < radius and up < radius:
            over = math.hypot(radius - across, radius - up) - (radius - safe)
            if over > max(worst[0], _TOLERANCE_PT):
                worst = (over, corner)
    return worst


def safe_inset(safe: Rect, w: float, h: float) -> float:
    """The narrowest inset of the safe area `safe` from the edges of a `w` x `h` card."""
    return min(safe.x, safe.y, w - safe.x - safe.w, h - safe.top)
