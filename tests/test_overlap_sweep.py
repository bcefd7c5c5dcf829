"""The overlap check's sort-and-sweep (issue 24, item 6) finds exactly the pairs the
every-pair comparison found, in the same order, and the glyph memo answers as the font
does."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.fonts import BOLD, REGULAR, missing_glyphs
from pnp.layout.face_check import TOLERANCE_PT, _intersection, _near_pairs
from pnp.layout.imposition import Rect

coord = st.floats(0, 180, allow_nan=False)
size = st.floats(0, 60, allow_nan=False)
rect = st.builds(Rect, coord, coord, size, size)
inks = st.lists(st.lists(rect, min_size=0, max_size=3).map(tuple), max_size=14)


def pairs(ink: list[tuple[Rect, ...]]) -> list[tuple[int, int]]:
    """Every near pair the sweep offers, in drawing order (by upper, then lower)."""
    found: list[tuple[int, int]] = []
    assert _near_pairs(ink, lambda lo, hi: found.append((lo, hi)) or True) is False
    return sorted(found, key=lambda pair: (pair[1], pair[0]))


def _every_pair(ink: list[tuple[Rect, ...]]) -> list[tuple[int, int]]:
    return [
        (i, j)
        for j in range(len(ink))
        for i in range(j)
        if all(v > TOLERANCE_PT for v in _intersection(ink[j], ink[i]))
    ]


@settings(max_examples=300, deadline=None)
@given(inks)
def test_the_sweep_finds_every_overlapping_pair_in_drawing_order(ink):
    found = [
        p for p in pairs(ink) if all(v > TOLERANCE_PT for v in _intersection(ink[p[1]], ink[p[0]]))
    ]
    assert found == _every_pair(ink)


def test_the_sweep_skips_pairs_side_by_side():
    row = [(Rect(10.0 * k, 0, 9.0, 5),) for k in range(50)]
    assert pairs(row) == []
    assert pairs([(Rect(0, 0, 10, 5),), (Rect(9.5, 50, 10, 5),)]) == []  # apart up
    assert pairs([(Rect(0, 0, 10, 5),), (Rect(9.5, 4, 10, 5),)]) == [(0, 1)]


def test_the_sweep_stops_when_told_and_says_so():
    """500 boxes on one spot are 124,750 pairs: the sweep offers three and stops."""
    spot = [(Rect(0, 0, 10, 10),)] * 500
    offered: list[tuple[int, int]] = []
    assert _near_pairs(spot, lambda lo, hi: offered.append((lo, hi)) or len(offered) < 3)
    assert len(offered) == 3


def test_the_glyph_memo_keeps_the_fonts_answer():
    for font in (REGULAR, BOLD):
        assert missing_glyphs("Attack ✓ \u202e\u0007", font) == {"\u202e", "\u0007"}
        assert missing_glyphs("Attack ✓ \u202e\u0007", font) == {"\u202e", "\u0007"}
        assert missing_glyphs("Attack", font) == set()
    assert missing_glyphs("\U0001f600", REGULAR) == {"\U0001f600"}
