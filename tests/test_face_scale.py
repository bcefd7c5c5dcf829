"""Where a layout's mm land on a card of another trim (pnp.faces.scale, README "Faces as
data"): scaled by default, an edge inside the safe area kept inside it, an anchored
element keeping its distances and size; on the design card nothing moves."""

from __future__ import annotations

import pytest

from pnp.core.sizes import CARD_SIZES_MM
from pnp.core.units import mm_to_pt, pt_to_mm
from pnp.faces.scale import Scale
from pnp.layout.card_frame import CardFrame

POKER = CARD_SIZES_MM["poker"]


def scale(size: str, bleed_mm: float = 0.0) -> Scale:
    w, h = CARD_SIZES_MM[size]
    return Scale(POKER, CardFrame(mm_to_pt(w), mm_to_pt(h), mm_to_pt(bleed_mm)))


def mm(rect) -> tuple[float, ...]:
    """A rect (pt, from the bottom-left) as [left, top, width, height] mm from the top-left."""
    return tuple(round(pt_to_mm(v), 6) for v in (rect.x, rect.y, rect.w, rect.h))


def test_on_the_design_card_a_box_is_where_it_is_written():
    s = scale("poker")
    assert mm(s.rect((4, 12, 42, 14))) == pytest.approx((4, 88.9 - 26, 42, 14))
    assert tuple(pt_to_mm(v) for v in s.point((52, 18))) == pytest.approx((52, 88.9 - 18))
    assert round(pt_to_mm(s.size(5)), 6) == 5


def test_on_a_tarot_card_positions_and_sizes_scale():
    s = scale("tarot")  # 69.85 x 120.65: x by 1.1, y by 1.357...
    sx, sy = 69.85 / 63.5, 120.65 / 88.9
    left, bottom, w, h = mm(s.rect((10, 20, 30, 10)))
    assert (left, w) == pytest.approx((10 * sx, 30 * sx))
    assert (bottom, h) == pytest.approx((120.65 - 30 * sy, 10 * sy))
    assert pt_to_mm(s.size(5)) == pytest.approx(5 * sx)  # the smaller ratio


def test_on_a_smaller_card_an_edge_in_the_safe_area_stays_in_it():
    s = scale("mini")  # 44.45 x 63.5: 3 mm scales to 2.1 mm across and 2.14 mm down
    left, bottom, w, h = mm(s.rect((3, 3, 57.5, 82.9)))
    assert (left, bottom, left + w, bottom + h) == pytest.approx((3, 3, 44.45 - 3, 63.5 - 3))
    stripe = mm(s.rect((0, 0, 6, 88.9)))  # an edge outside the safe area scales
    assert stripe == pytest.approx((0, 0, 6 * 44.45 / 63.5, 63.5))


def test_an_anchored_element_keeps_its_corner_distances_and_size():
    s = scale("tarot")
    x, y = s.point((54.5, 9), "top-right")
    assert (pt_to_mm(x), pt_to_mm(y)) == pytest.approx((69.85 - 9, 120.65 - 9))
    assert pt_to_mm(s.size(6, "top-right")) == pytest.approx(6)
    x, y = s.point((4, 80), "bottom-left")
    assert (pt_to_mm(x), pt_to_mm(y)) == pytest.approx((4, 120.65 - 80 - (120.65 - 88.9)))


def test_edges_keep_each_edge_from_the_nearer_trim_edge():
    s = scale("tarot", bleed_mm=1)
    frame = mm(s.rect((1.6, 1.6, 60.3, 85.7), anchor="edges"))
    assert frame == pytest.approx((1.6, 1.6, 69.85 - 3.2, 120.65 - 3.2))
    stripe = mm(s.rect((0, 0, 6, 88.9), bleed=True, anchor="edges"))
    assert stripe == pytest.approx((-1, -1, 7, 122.65))  # into the bleed, 6 mm wide
