"""Sheet geometry as numbers: grid sizes, overflow errors, duplex mirroring, crop marks."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.core.errors import LayoutError
from pnp.core.sizes import CARD_SIZES_MM, PAPER_MM
from pnp.core.units import mm_to_pt
from pnp.layout.crop_marks import crop_marks
from pnp.layout.imposition import SheetSpec, back_trim, compute_grid
from pnp.render.sheets import CROP_MARK_WIDTH_PT


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_default_is_nine_poker_cards_per_page(paper):
    grid = compute_grid(SheetSpec(paper=paper))
    assert (grid.cols, grid.rows) == (3, 3)


@pytest.mark.parametrize("size, per_sheet", [("bridge", 9), ("mini", 16), ("tarot", 4)])
def test_other_card_sizes_on_a4(size, per_sheet):
    assert compute_grid(SheetSpec(card_size=size)).per_sheet == per_sheet


def test_trim_positions_on_a4_match_hand_computed_mm():
    grid = compute_grid(SheetSpec(paper="a4"))
    # block: 3 x (63.5 + 2 x 0.5) + 2 x 2 = 197.5 mm wide, 3 x 89.9 + 4 = 273.7 mm tall
    left_mm, top_mm = (210 - 197.5) / 2, (297 - 273.7) / 2
    for r in range(3):
        for c in range(3):
            t = grid.trim(r, c)
            assert t.x == pytest.approx(mm_to_pt(left_mm + c * 66.5 + 0.5), abs=mm_to_pt(0.01))
            top = mm_to_pt(297 - (top_mm + r * 91.9 + 0.5))
            assert t.y + t.h == pytest.approx(top, abs=mm_to_pt(0.01))
            assert (t.w, t.h) == pytest.approx((mm_to_pt(63.5), mm_to_pt(88.9)))


def test_card_that_does_not_fit_names_the_overflow_in_mm():
    with pytest.raises(LayoutError, match=r"over by 4\.50 mm in width and 0\.00 mm in height"):
        compute_grid(SheetSpec(paper="a4", margin_mm=75))
    with pytest.raises(LayoutError, match=r"over by 43\.85 mm in width and 7\.65 mm in height"):
        compute_grid(SheetSpec(paper="a4", card_size="tarot", margin_mm=90, bleed_mm=2))


KNOWN_PAPERS = "a3, a4, a5, letter, legal, tabloid, or WxH in mm (300x450mm)"


@pytest.mark.parametrize(
    "bad, message",
    [
        (dict(paper="a6"), f"unknown paper 'a6'; known: {KNOWN_PAPERS}"),
        (dict(paper="120x200mm"), "paper '120x200mm' is 120 x 200 mm: a paper is at least"),
        (dict(card_size="huge"), "unknown card size 'huge'"),
        (dict(card_size="63x88in"), "card size '63x88in' is in 'in'"),
        (dict(bleed_mm=-1), r"bleed must be 0\.\.10 mm, got -1"),
        (dict(bleed_mm=float("nan")), "bleed must be 0..10 mm, got nan"),
        (dict(gutter_mm=-0.5), r"gutter must be 0\.\.100 mm, got -0\.5"),
        (dict(margin_mm=1e308), r"margin must be 0\.\.100 mm, got 1e\+308"),
        (dict(back_offset_mm=(float("nan"), 0)), "back offset x must be -10..10 mm, got nan"),
        (dict(back_offset_mm=(0, float("-inf"))), "back offset y must be -10..10 mm, got -inf"),
        (dict(back_offset_mm=(0, 500)), "back offset y must be -10..10 mm, got 500"),
        (dict(duplex="sideways"), "unknown duplex mode"),
    ],
)
def test_bad_sheet_options_are_named(bad, message):
    with pytest.raises(LayoutError, match=re.escape(message) if "\\" not in message else message):
        compute_grid(SheetSpec(**bad))


specs = st.builds(
    SheetSpec,
    paper=st.sampled_from(sorted(PAPER_MM)),
    card_size=st.sampled_from(sorted(CARD_SIZES_MM)),
    bleed_mm=st.floats(0, 3),
    gutter_mm=st.floats(0, 8),
    margin_mm=st.floats(0, 12),
)


@settings(max_examples=150, deadline=None)
@given(specs, st.sampled_from(["long", "short"]), st.data())
def test_back_lands_behind_its_front(spec, duplex, data):
    """Flip the back page as the printer does: its card must cover the front's trim exactly."""
    grid = compute_grid(spec)
    index = data.draw(st.integers(0, grid.per_sheet - 1))
    front = grid.trim(*grid.slot(index))
    back = back_trim(grid, front, duplex, (0.0, 0.0))
    if duplex == "long":  # the sheet turns about its vertical axis: x -> page_w - x
        flipped = (grid.page_w - back.x - back.w, back.y)
    else:  # turns about its horizontal axis: y -> page_h - y
        flipped = (back.x, grid.page_h - back.y - back.h)
    assert flipped == pytest.approx((front.x, front.y), abs=1e-6)


def test_back_offset_moves_backs_only_by_the_given_mm():
    grid = compute_grid(SheetSpec())
    front = grid.trim(0, 0)
    plain = back_trim(grid, front, "long", (0.0, 0.0))
    shifted = back_trim(grid, front, "long", (1.5, -0.7))
    assert shifted.x - plain.x == pytest.approx(mm_to_pt(1.5))
    assert shifted.y - plain.y == pytest.approx(mm_to_pt(-0.7))


def _enters(seg, rect, half_width) -> bool:
    """True if the stroked segment overlaps the open interior of `rect` (x, y, w, h)."""
    x1, y1, x2, y2 = seg
    lo_x, hi_x = min(x1, x2) - half_width, max(x1, x2) + half_width
    lo_y, hi_y = min(y1, y2) - half_width, max(y1, y2) + half_width
    rx, ry, rw, rh = rect
    return lo_x < rx + rw and hi_x > rx and lo_y < ry + rh and hi_y > ry


@settings(max_examples=150, deadline=None)
@given(specs)
def test_crop_marks_never_enter_a_bleed_area_nor_the_printer_margin(spec):
    grid = compute_grid(spec)
    bleeds = []
    for i in range(grid.per_sheet):
        t = grid.trim(*grid.slot(i))
        bleeds.append(
            (t.x - grid.bleed, t.y - grid.bleed, t.w + 2 * grid.bleed, t.h + 2 * grid.bleed)
        )
    for seg in crop_marks(grid):
        assert not any(_enters(seg, b, CROP_MARK_WIDTH_PT / 2) for b in bleeds), seg
        xs, ys = (seg[0], seg[2]), (seg[1], seg[3])
        assert min(xs) >= grid.margin - 1e-6 and max(xs) <= grid.page_w - grid.margin + 1e-6
        assert min(ys) >= grid.margin - 1e-6 and max(ys) <= grid.page_h - grid.margin + 1e-6


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_trim_line_gets_a_crop_mark_by_default(paper):
    grid = compute_grid(SheetSpec(paper=paper))
    marks = crop_marks(grid)
    vertical = {round(s[0], 3) for s in marks if s[0] == s[2]}
    horizontal = {round(s[1], 3) for s in marks if s[1] == s[3]}
    for c in range(grid.cols):
        t = grid.trim(0, c)
        assert {round(t.x, 3), round(t.x + t.w, 3)} <= vertical
    for r in range(grid.rows):
        t = grid.trim(r, 0)
        assert {round(t.y, 3), round(t.y + t.h, 3)} <= horizontal


def test_renderer_draws_every_icon_the_data_may_name():
    from pnp.data.game_file import ICONS
    from pnp.games.hack_back.cards import EMBLEMS
    from pnp.render.icons import GLYPHS

    assert set(ICONS) | set(EMBLEMS) <= set(GLYPHS)
