"""Cut guides (issue 11, item 4): crop marks only around the cards a sheet holds, and on
every paper, card size and option a usable guide on every trim edge: a crop mark of at
least 3 mm on the edge's trim line, or a thin cut line along it inside the bleed.
Checked as numbers, and read back from built PDFs."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader
from pypdf.generic import ContentStream

from pnp.build import BuildOptions, build
from pnp.cli import main
from pnp.core.sizes import CARD_SIZES_MM, PAPER_MM
from pnp.core.units import mm_to_pt
from pnp.layout.crop_marks import (
    CUT_LINE_WIDTH_PT,
    GUIDE_MARK_MM,
    crop_marks,
    cut_guides,
    unguided_edges,
)
from pnp.layout.imposition import CROP_MARK_CLEARANCE_MM, Grid, Rect, SheetSpec, compute_grid
from pnp.render.sheets import CROP_MARK_WIDTH_PT, CUT_LINE_GREY
from tests.pdfread import placements, segments
from tests.test_imposition import specs  # the sheet options any build may take

MM = mm_to_pt(1)
TOL = 0.01 * MM
CLEAR = CROP_MARK_CLEARANCE_MM * MM


def _length(seg) -> float:
    return abs(seg[2] - seg[0]) + abs(seg[3] - seg[1])


def _first(grid: Grid, n: int) -> list[tuple[int, int]]:
    """The slots a sheet holding `n` cards fills (left to right, top down)."""
    return [grid.slot(i) for i in range(n)]


def _beside_a_card(seg, grid: Grid, slots) -> bool:
    """True if `seg` lies on a trim line of a card in `slots` and starts at that card's
    bleed (plus the clearance): a mark that belongs to a placed card."""
    x1, y1, x2, y2 = seg
    for slot in slots:
        t = grid.trim(*slot)
        k = t.inset(-(grid.bleed + CLEAR))
        on_column_cut = abs(x1 - x2) <= TOL and any(abs(x1 - x) <= TOL for x in (t.x, t.x + t.w))
        on_row_cut = abs(y1 - y2) <= TOL and any(abs(y1 - y) <= TOL for y in (t.y, t.top))
        if on_column_cut and any(abs(y - e) <= TOL for y in (y1, y2) for e in (k.y, k.top)):
            return True
        if on_row_cut and any(abs(x - e) <= TOL for x in (x1, x2) for e in (k.x, k.x + k.w)):
            return True
    return False


def _enters(seg, rect: Rect, half_width: float) -> bool:
    """True if the stroked segment overlaps the open interior of `rect`."""
    x1, y1, x2, y2 = seg
    return (
        min(x1, x2) - half_width < rect.x + rect.w
        and max(x1, x2) + half_width > rect.x
        and min(y1, y2) - half_width < rect.top
        and max(y1, y2) + half_width > rect.y
    )


# ---------------------------------------------------------------- geometry, as numbers


def test_a_one_card_sheet_has_eight_marks_at_its_own_corners():
    """The old marks framed every slot: 48 on a 1-card A4 sheet, 40 around blank paper."""
    grid = compute_grid(SheetSpec(paper="a4"))
    marks = crop_marks(grid, [(0, 0)])
    assert len(marks) == 8
    assert all(_beside_a_card(m, grid, [(0, 0)]) for m in marks)
    # 5 mm up and down (into the empty slot below); 3.95 mm to the left margin on A4
    assert sorted(round(_length(m) / MM, 2) for m in marks) == [3.95, 3.95] + [5.0] * 6


def test_a_full_sheet_keeps_every_mark_it_had():
    grid = compute_grid(SheetSpec(paper="a4"))
    assert len(crop_marks(grid)) == len(crop_marks(grid, _first(grid, 9))) == 48
    assert cut_guides(grid).cut_lines == ()  # every trim line has a 5 mm mark


def test_letter_poker_column_cuts_get_cut_lines():
    """Letter leaves 0.55 mm above and below a grid of poker cards: the column cuts have
    only 1.4 mm ticks in the gutters, so every card of a full sheet is outlined."""
    grid = compute_grid(SheetSpec(paper="letter"))
    guides = cut_guides(grid)
    vertical = [m for m in guides.marks if m[0] == m[2]]
    assert vertical and max(_length(m) for m in vertical) == pytest.approx(1.4 * MM)
    assert len(guides.cut_lines) == 9
    assert unguided_edges(grid, None, guides.marks, ()) != []
    assert unguided_edges(grid, None, guides.marks, guides.cut_lines) == []


@pytest.mark.parametrize("paper", sorted(PAPER_MM))
@pytest.mark.parametrize("size", sorted(CARD_SIZES_MM))
def test_every_trim_edge_has_a_guide_at_every_size_and_fill(paper, size):
    grid = compute_grid(SheetSpec(paper=paper, card_size=size))
    for n in range(1, grid.per_sheet + 1):
        slots = _first(grid, n)
        guides = cut_guides(grid, slots)
        assert unguided_edges(grid, slots, guides.marks, guides.cut_lines) == [], n
        assert all(_beside_a_card(m, grid, slots) for m in guides.marks), n


@settings(max_examples=200, deadline=None)
@given(specs, st.data())
def test_guides_for_any_options_and_any_filled_slots(spec, data):
    """Any slots filled (not only a first run): marks only beside placed cards, out of
    every placed bleed and the printer margin; cut lines inside the bleed; every trim
    edge guided."""
    grid = compute_grid(spec)
    picked = data.draw(st.sets(st.integers(0, grid.per_sheet - 1), min_size=1))
    slots = [grid.slot(i) for i in sorted(picked)]
    guides = cut_guides(grid, slots)
    bleeds = [grid.trim(*s).inset(-grid.bleed) for s in slots]
    for m in guides.marks:
        assert _beside_a_card(m, grid, slots), m
        assert not any(_enters(m, b, CROP_MARK_WIDTH_PT / 2) for b in bleeds), m
        assert (
            grid.margin - 1e-6 <= min(m[0], m[2])
            and max(m[0], m[2]) <= grid.page_w - grid.margin + 1e-6
        )
        assert (
            grid.margin - 1e-6 <= min(m[1], m[3])
            and max(m[1], m[3]) <= grid.page_h - grid.margin + 1e-6
        )
    trims = {grid.trim(*s) for s in slots}
    for r in guides.cut_lines:
        trim = next(
            t
            for t in trims
            if abs(t.x - r.x) <= grid.bleed + TOL and abs(t.y - r.y) <= grid.bleed + TOL
        )
        if grid.bleed >= CUT_LINE_WIDTH_PT:  # the whole stroke between trim and bleed edge
            inner, outer = r.inset(CUT_LINE_WIDTH_PT / 2), r.inset(-CUT_LINE_WIDTH_PT / 2)
            assert inner == pytest.approx(trim, abs=1e-6)
            assert (
                outer.x >= trim.x - grid.bleed - 1e-6 and outer.w <= trim.w + 2 * grid.bleed + 1e-6
            )
            assert (
                outer.y >= trim.y - grid.bleed - 1e-6 and outer.h <= trim.h + 2 * grid.bleed + 1e-6
            )
    assert unguided_edges(grid, slots, guides.marks, guides.cut_lines) == []


def test_the_check_names_an_unguided_edge():
    grid = compute_grid(SheetSpec(paper="letter"))
    marks = crop_marks(grid, [(1, 1)])  # a card alone in the middle: 5 mm marks all round
    assert unguided_edges(grid, [(1, 1)], marks, ()) == []
    short = [m for m in marks if not (m[0] == m[2] and m[0] == grid.trim(1, 1).x)]
    assert unguided_edges(grid, [(1, 1)], short, ()) == ["row 1 col 1 left"]
    far_out = grid.trim(1, 1).inset(-(grid.bleed + 0.2 * MM))  # beyond the bleed
    assert unguided_edges(grid, [(1, 1)], short, [far_out]) == ["row 1 col 1 left"]
    assert unguided_edges(grid, [(1, 1)], short, [grid.trim(1, 1)]) == []


# ---------------------------------------------------------------- read back from PDFs


def cut_lines(reader: PdfReader, page_index: int) -> list[tuple[Rect, float, float]]:
    """Stroked rectangles `x y w h re S` at the page's top level, with the line width
    and stroke grey in force: the cut lines."""
    ops = ContentStream(reader.pages[page_index].get_contents(), reader).operations
    found, depth, width, grey = [], 0, None, None
    for i, (args, op) in enumerate(ops):
        depth += {b"q": 1, b"Q": -1}.get(op, 0)
        if depth:
            continue
        if op == b"w":
            width = float(args[0])
        elif op == b"G":
            grey = float(args[0])
        elif op == b"re" and i + 1 < len(ops) and ops[i + 1][1] == b"S":
            found.append((Rect(*(float(v) for v in args)), width, grey))
    return found


def _slots_on(reader: PdfReader, page_index: int, grid: Grid) -> list[tuple[int, int]]:
    """(row, col) of each card placed on a front page, from its trim origin."""
    where = {}
    for i in range(grid.per_sheet):
        t = grid.trim(*grid.slot(i))
        where[(round(t.x / TOL), round(t.y / TOL))] = grid.slot(i)
    found = []
    for p in placements(reader, page_index):
        key = (round(p.origin[0] / TOL), round(p.origin[1] / TOL))
        found.append(
            next(s for k, s in where.items() if abs(k[0] - key[0]) <= 1 and abs(k[1] - key[1]) <= 1)
        )
    return found


def _flat(rows) -> list[float]:
    return [v for row in rows for v in row]


def _check_pdf(path, grid: Grid, duplex: bool = True) -> list[int]:
    """Every front page: the marks and cut lines drawn are the ones the geometry gives for
    the cards on it, and every trim edge has a guide. Returns the cards per front page."""
    reader = PdfReader(str(path))
    counts = []
    for i in range(0, len(reader.pages), 2 if duplex else 1):
        slots = _slots_on(reader, i, grid)
        marks, lines = segments(reader, i), cut_lines(reader, i)
        want = cut_guides(grid, slots)
        assert _flat(sorted(marks)) == pytest.approx(_flat(sorted(want.marks)), abs=TOL), i
        assert _flat((r.x, r.y, r.w, r.h) for r, _, _ in lines) == pytest.approx(
            _flat((r.x, r.y, r.w, r.h) for r in want.cut_lines), abs=TOL
        ), i
        assert all((w, g) == (CUT_LINE_WIDTH_PT, CUT_LINE_GREY) for _, w, g in lines)
        assert all(_beside_a_card(m, grid, slots) for m in marks), i
        assert unguided_edges(grid, slots, marks, [r for r, _, _ in lines]) == [], i
        if duplex:  # back pages carry no guides
            assert segments(reader, i + 1) == [] and cut_lines(reader, i + 1) == []
        counts.append(len(slots))
    return counts


def test_partly_filled_sheets_mark_only_their_cards(built):
    report = built("a4")
    grid = report.grid
    counts = _check_pdf(report.paths[0], grid)
    assert 9 in counts and any(n < 9 for n in counts)
    reader = PdfReader(str(report.paths[0]))
    for page, n in enumerate(counts):
        slots = _first(grid, n)
        marks = segments(reader, 2 * page)
        assert all(_beside_a_card(m, grid, slots) for m in marks)
        # no mark on the trim lines of a row or a column that holds no card
        for row in range(grid.rows):
            if not any(r == row for r, _ in slots):
                t = grid.trim(row, 0)
                assert not [
                    m
                    for m in marks
                    if m[1] == m[3] and min(abs(m[1] - t.y), abs(m[1] - t.top)) <= TOL
                ], (page, row)
        for col in range(grid.cols):
            if not any(c == col for _, c in slots):
                t = grid.trim(0, col)
                assert not [
                    m
                    for m in marks
                    if m[0] == m[2] and min(abs(m[0] - t.x), abs(m[0] - t.x - t.w)) <= TOL
                ], (page, col)
        assert len(marks) <= 8 * n and (n == 9) == (len(marks) == 48)


def test_pnp_build_on_letter_poker_outlines_the_cards_the_marks_cannot_show(tmp_path):
    result = CliRunner().invoke(
        main, ["build", "--game", "not-a-hack", "--paper", "letter", "--out", str(tmp_path)]
    )
    assert result.exit_code == 0, result.output
    grid = compute_grid(SheetSpec(paper="letter"))
    path = tmp_path / "not-a-hack" / "cards.pdf"
    counts = _check_pdf(path, grid)
    assert 9 in counts
    reader = PdfReader(str(path))
    full = counts.index(9) * 2
    assert len(cut_lines(reader, full)) == 9
    assert all(_length(m) < GUIDE_MARK_MM * MM for m in segments(reader, full) if m[0] == m[2])


def test_no_guides_at_all_without_crop_marks(tmp_path):
    result = CliRunner().invoke(
        main,
        [
            "build",
            "--game",
            "not-a-hack",
            "--paper",
            "letter",
            "--no-crop-marks",
            "--out",
            str(tmp_path),
        ],
    )
    assert result.exit_code == 0, result.output
    reader = PdfReader(str(tmp_path / "not-a-hack" / "cards.pdf"))
    assert all(
        segments(reader, i) == [] and cut_lines(reader, i) == [] for i in range(len(reader.pages))
    )


@pytest.mark.parametrize("paper", ["a4", "letter"])  # every paper: tests/test_any_size.py
@pytest.mark.parametrize("size", ["bridge", "poker", "tarot"])  # hack-attack's card_sizes
def test_built_kits_have_a_guide_on_every_trim_edge(tmp_path, paper, size):
    """Every size the game builds (mini's geometry is checked above, on the grid)."""
    report = build(
        BuildOptions(
            "hack-attack", SheetSpec(paper=paper, duplex="none"), card_size=size, out_dir=tmp_path
        )
    )
    assert (report.grid.card_w, report.grid.card_h) == pytest.approx(
        tuple(v * MM for v in CARD_SIZES_MM[size])
    )
    assert sum(_check_pdf(report.paths[0], report.grid, duplex=False)) == sum(
        report.counts.values()
    )
