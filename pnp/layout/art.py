"""Where a picture goes on a face: the image's placed rectangle, what of it shows, and
how much bleed must be made by extending its edges. Pure geometry in points
(card-local: origin at the trim's bottom-left); the image's size in pixels.

Fit (pnp.data.art): the image, with its own bleed (`bleed_mm` on each side), is
scaled about its aspect ratio onto the target (a window, or the trim) grown by that
bleed: `cover` fills it and is cropped to the window or the card's bleed, the `focus`
point kept as near the centre as the crop allows; `contain` shows all of it, centred
and letterboxed. Full-bleed art that reaches a trim edge but stops short of the card's
bleed edge is extended there (pnp.render.images repeats the edge pixels).
Source: issue 12 ("Art in the data"), shared/DESIGN.md "Card faces".
"""

from __future__ import annotations

from pnp.core.records import NamedTuple
from pnp.core.units import mm_to_pt
from pnp.layout.imposition import Rect

EDGE_PT = 0.01  # an image edge this close to a trim edge reaches it


class Placement(NamedTuple):
    """A picture placed on a face (pt): the whole image fills `rect`; only `clip` shows;
    `extend_pt` (left, bottom, right, top) is bleed to make by extending its edges;
    `dpi` the resolution it prints at (pixels per inch, the lower of the two axes)."""

    rect: Rect
    clip: Rect
    extend_pt: tuple[float, float, float, float]
    dpi: float

    @property
    def shown(self) -> Rect:
        """The part of the card the picture covers (pt): `rect` grown by the extension,
        within `clip`."""
        left, bottom, right, top = self.extend_pt
        r = Rect(
            self.rect.x - left,
            self.rect.y - bottom,
            self.rect.w + left + right,
            self.rect.h + bottom + top,
        )
        x0, y0 = max(r.x, self.clip.x), max(r.y, self.clip.y)
        x1, y1 = min(r.x + r.w, self.clip.x + self.clip.w), min(r.top, self.clip.top)
        return Rect(x0, y0, max(0.0, x1 - x0), max(0.0, y1 - y0))


def fit_rect(
    width_px: int, height_px: int, target: Rect, fit: str, focus: tuple[float, float] = (0.5, 0.5)
) -> Rect:
    """The rectangle (pt) an image of `width_px` x `height_px` fills when fitted to
    `target` (pt): "cover" (covers it, the `focus` point, fractions from the image's
    left and top, as near the target's centre as covering allows) or "contain" (inside
    it, centred). ValueError for another fit."""
    sx, sy = target.w / width_px, target.h / height_px
    if fit == "cover":
        scale = max(sx, sy)
    elif fit == "contain":
        scale = min(sx, sy)
    else:
        raise ValueError(f"unknown fit {fit!r}")
    w, h = width_px * scale, height_px * scale
    if fit == "contain":
        return Rect(target.x + (target.w - w) / 2, target.y + (target.h - h) / 2, w, h)
    cx, cy = target.x + target.w / 2, target.y + target.h / 2
    x = min(target.x, max(target.x + target.w - w, cx - focus[0] * w))
    y = min(target.y, max(target.top - h, cy - (1 - focus[1]) * h))
    return Rect(x, y, w, h)


def place_art(
    width_px: int,
    height_px: int,
    *,
    target: Rect,
    clip: Rect,
    fit: str,
    focus: tuple[float, float] = (0.5, 0.5),
    own_bleed_mm: float = 0.0,
    extend_to: Rect | None = None,
) -> Placement:
    """Place an image of `width_px` x `height_px` whose own bleed is `own_bleed_mm` on
    each side: its trim part fitted (`fit`, `focus`) to `target` (pt: a window, or the
    card's trim), shown within `clip` (pt). With `extend_to` (full bleed: the card's
    bleed rectangle), every side that reaches `target`'s edge but not `extend_to`'s gets
    the difference as `extend_pt`."""
    grown = target.inset(-mm_to_pt(own_bleed_mm))
    rect = fit_rect(width_px, height_px, grown, fit, focus)
    extend = (0.0, 0.0, 0.0, 0.0)
    if extend_to is not None:
        t, b = target, extend_to
        extend = (
            rect.x - b.x if rect.x <= t.x + EDGE_PT and rect.x > b.x + EDGE_PT else 0.0,
            rect.y - b.y if rect.y <= t.y + EDGE_PT and rect.y > b.y + EDGE_PT else 0.0,
            (b.x + b.w) - (rect.x + rect.w)
            if rect.x + rect.w >= t.x + t.w - EDGE_PT and rect.x + rect.w < b.x + b.w - EDGE_PT
            else 0.0,
            b.top - rect.top if rect.top >= t.top - EDGE_PT and rect.top < b.top - EDGE_PT else 0.0,
        )
    dpi = min(width_px / (rect.w / 72), height_px / (rect.h / 72))
    return Placement(rect, clip, extend, dpi)
