"""`pnp calibrate` read back from its PDF: page size, a ruler of 100 mm to 0.01 mm, the
back's zero marks behind the front's crosses for each flip edge, scale readings that
cancel a printer's drift; and back offsets that leave the printable area, refused."""

from __future__ import annotations

from itertools import pairwise

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from pnp.calibrate import render_calibration, write_calibration
from pnp.cli import main
from pnp.core.errors import LayoutError
from pnp.core.sizes import CARD_SIZES_MM, PAPER_MM
from pnp.core.units import mm_to_pt
from pnp.fonts import BOLD, REGULAR, font, metrics, missing_glyphs
from pnp.layout.calibration import (
    ARM_MM,
    LETTER_SIZE_PT,
    RULER_MM,
    SCALE_GAP_MM,
    TARGET_REACH_MM,
    calibration_sheet,
    max_margin_mm,
    scale_ticks,
)
from pnp.layout.imposition import SheetSpec, back_offset_room_mm, back_trim, compute_grid
from pnp.layout.text import text_width
from tests.pdfread import plumbed, segments

MM = mm_to_pt(1)
TOL = 0.01 * MM  # 0.01 mm in points
SIDES = [(paper, duplex) for paper in ("a4", "letter") for duplex in ("long", "short")]


@pytest.fixture(scope="module")
def pdf(tmp_path_factory):
    """(paper, duplex, margin_mm=2) -> path of the calibration PDF, written once each."""
    cache = {}

    def make(paper, duplex, margin_mm=2.0):
        key = (paper, duplex, margin_mm)
        if key not in cache:
            cache[key] = write_calibration(tmp_path_factory.mktemp("cal"), *key)
        return cache[key]

    return make


def _lines(path, page, length_mm, vertical):
    """Segments of a page `length_mm` long (to 0.01 mm), vertical or horizontal."""
    out = []
    for x1, y1, x2, y2 in segments(PdfReader(str(path)), page):
        if (x1 == pytest.approx(x2) if vertical else y1 == pytest.approx(y2)) and abs(
            x2 - x1
        ) + abs(y2 - y1) == pytest.approx(length_mm * MM, abs=TOL):
            out.append(
                (x1, min(y1, y2), x2, max(y1, y2))
                if vertical
                else (min(x1, x2), y1, max(x1, x2), y2)
            )
    return out


def _letters(path, page):
    """{letter: (x, y)} of the target letters A-E on a page, PDF coordinates (pt)."""
    with plumbed(path) as doc:
        chars = doc.pages[page].chars
    return {
        c["text"]: ((c["x0"] + c["x1"]) / 2, (c["y0"] + c["y1"]) / 2)
        for c in chars
        if c["size"] == pytest.approx(LETTER_SIZE_PT)
    }


def _nearest(point, candidates):
    return min(candidates, key=lambda p: (p[0] - point[0]) ** 2 + (p[1] - point[1]) ** 2)


@pytest.mark.parametrize("paper, duplex", SIDES)
def test_both_pages_are_the_paper_size(pdf, paper, duplex):
    pages = PdfReader(str(pdf(paper, duplex))).pages
    assert len(pages) == 2
    for page in pages:
        w, h = PAPER_MM[paper]
        assert float(page.mediabox.width) == pytest.approx(w * MM, abs=TOL)
        assert float(page.mediabox.height) == pytest.approx(h * MM, abs=TOL)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_ruler_is_100_mm_to_a_hundredth(pdf, paper):
    path = pdf(paper, "long")
    (baseline,) = _lines(path, 0, RULER_MM, vertical=False)
    x0, y, x1, _ = baseline
    ticks = sorted(
        s
        for s in segments(PdfReader(str(path)), 0)
        if s[0] == s[2] and min(s[1], s[3]) == pytest.approx(y) and x0 - TOL <= s[0] <= x1 + TOL
    )
    assert len(ticks) == 101
    first, last = ticks[0][0], ticks[-1][0]
    assert last - first == pytest.approx(100 * MM, abs=TOL)
    assert (first, last) == pytest.approx((x0, x1), abs=TOL)
    heights = [abs(t[3] - t[1]) for t in ticks]
    assert heights[0] == heights[-1] == max(heights)  # the end ticks stand out
    for a, b in pairwise(ticks):
        assert b[0] - a[0] == pytest.approx(MM, abs=TOL)
    with plumbed(path) as doc:
        assert (
            "This line is 100 mm: if it is not, turn off 'fit to page'."
            in doc.pages[0].extract_text()
        )


def _mirrored(paper, duplex, point):
    """Where the sheet's flip takes a front point, seen on the back page (by hand)."""
    w, h = (v * MM for v in PAPER_MM[paper])
    return (w - point[0], point[1]) if duplex == "long" else (point[0], h - point[1])


@pytest.mark.parametrize("paper, duplex", SIDES)
def test_the_backs_zero_marks_are_behind_the_fronts_crosses(pdf, paper, duplex):
    path = pdf(paper, duplex)
    vertical, horizontal = _lines(path, 0, 2 * ARM_MM, True), _lines(path, 0, 2 * ARM_MM, False)
    crosses = [
        (v[0], h[1])
        for v in vertical
        for h in horizontal
        if h[0] < v[0] < h[2] and v[1] < h[1] < v[3]
    ]
    assert len(crosses) == 5
    dx_zeros = _lines(path, 1, 4.0, vertical=True)  # the DX scale's zero tick
    dy_zeros = _lines(path, 1, 4.0, vertical=False)  # the DY scale's zero tick
    front_letters, back_letters = _letters(path, 0), _letters(path, 1)
    assert sorted(front_letters) == sorted(back_letters) == list("ABCDE")
    for name, at in front_letters.items():
        fx, fy = _nearest(at, crosses)
        bx, by = _mirrored(paper, duplex, (fx, fy))
        dx = _nearest(back_letters[name], [(s[0], s[3]) for s in dx_zeros])
        dy = _nearest(back_letters[name], [(s[0], s[1]) for s in dy_zeros])
        assert dx[0] == pytest.approx(bx, abs=TOL), name  # DX reads 0 on the mirrored x
        assert dy[1] == pytest.approx(by, abs=TOL), name  # DY reads 0 on the mirrored y
        assert dx[1] == pytest.approx(by - (SCALE_GAP_MM - 4) * MM, abs=TOL)
        assert dy[0] == pytest.approx(bx + (SCALE_GAP_MM - 4) * MM, abs=TOL)


def test_the_flip_edge_decides_where_each_target_lands():
    long, short = calibration_sheet("a4", "long", 2), calibration_sheet("a4", "short", 2)
    a_long, a_short = long.targets[0], short.targets[0]
    assert a_long.name == "A" and a_long.front == a_short.front  # front top left
    assert a_long.back[0] > long.page_w / 2 and a_long.back[1] > long.page_h / 2  # top right
    assert a_short.back[0] < short.page_w / 2 and a_short.back[1] < short.page_h / 2  # bottom left


@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("drift_mm", [(1.5, -1.0), (-2.0, 0.5), (0.0, 3.5)])
def test_the_readings_are_the_offset_that_cancels_the_drift(duplex, drift_mm):
    """A printer that puts the back `drift_mm` (right, up on the back page) off: the
    front's lines meet the scales at -drift, and building with that offset puts every
    card's back exactly behind its front again."""
    sheet = calibration_sheet("a4", duplex, 2)
    sx, sy = mm_to_pt(drift_mm[0]), mm_to_pt(drift_mm[1])
    for target in sheet.targets:
        line_x, line_y = _mirrored("a4", duplex, target.front)  # the front's lines, from the back
        dx = [
            t.value_mm
            for t in scale_ticks(target.back, "x")
            if t.line.x1 + sx == pytest.approx(line_x, abs=TOL)
        ]
        dy = [
            t.value_mm
            for t in scale_ticks(target.back, "y")
            if t.line.y1 + sy == pytest.approx(line_y, abs=TOL)
        ]
        assert (dx, dy) == ([-drift_mm[0]], [-drift_mm[1]])
    grid = compute_grid(SheetSpec(duplex=duplex))
    for index in range(grid.per_sheet):
        front = grid.trim(*grid.slot(index))
        aligned = back_trim(grid, front, duplex, (0.0, 0.0))
        corrected = back_trim(grid, front, duplex, (dx[0], dy[0]))
        assert (corrected.x + sx, corrected.y + sy) == pytest.approx((aligned.x, aligned.y))


@pytest.mark.parametrize("paper, duplex", SIDES)
def test_scale_numbers_grow_right_and_up_on_the_back(pdf, paper, duplex):
    path = pdf(paper, duplex)
    sheet = calibration_sheet(paper, duplex, 2)
    with plumbed(path) as doc:
        signs = [
            c
            for c in doc.pages[1].chars
            if c["text"] in "+\u2212" and c["size"] == pytest.approx(5.5)
        ]
    assert len(signs) == 5 * (4 + 4)
    for c in signs:
        x, y = (c["x0"] + c["x1"]) / 2, (c["y0"] + c["y1"]) / 2
        bx, by = _nearest((x, y), [t.back for t in sheet.targets])
        on_dx = y < by - SCALE_GAP_MM * MM
        toward = (x - bx) if on_dx else (y - by)
        assert (toward > 0) == (c["text"] == "+"), (c["text"], on_dx)


def _boxes(side):
    """Every mark of a side as a box (x0, y0, x1, y1) in pt: lines, circles, text."""
    for ln in side.lines:
        yield (min(ln.x1, ln.x2), min(ln.y1, ln.y2), max(ln.x1, ln.x2), max(ln.y1, ln.y2))
    for x, y, r in side.circles:
        yield (x - r, y - r, x + r, y + r)
    for label in side.labels:
        name = font(BOLD if label.bold else REGULAR)
        width = text_width(label.text, name, label.size)
        ascent, descent = metrics(name)
        x0 = label.x - (width / 2 if label.anchor == "centre" else 0)
        yield (x0, label.y + descent * label.size, x0 + width, label.y + ascent * label.size)


@pytest.mark.parametrize("paper", ["a3", "a4", "letter", "legal", "tabloid", "450x300mm"])
@pytest.mark.parametrize("margin", [0.0, 2.0, 6.35, "most"])
@pytest.mark.parametrize("duplex", ["long", "short"])
def test_every_mark_is_inside_the_margin_and_clear_of_other_targets(paper, margin, duplex):
    margin = max_margin_mm(paper) if margin == "most" else margin
    sheet = calibration_sheet(paper, duplex, margin)
    reach = TARGET_REACH_MM * MM
    for side, where in ((sheet.front, "front"), (sheet.back, "back")):
        areas = [
            (
                getattr(t, where)[0] - reach,
                getattr(t, where)[1] - reach,
                getattr(t, where)[0] + reach,
                getattr(t, where)[1] + reach,
            )
            for t in sheet.targets
        ]
        for box in _boxes(side):
            assert box[0] >= sheet.margin - 1e-6 and box[2] <= sheet.page_w - sheet.margin + 1e-6
            assert box[1] >= sheet.margin - 1e-6 and box[3] <= sheet.page_h - sheet.margin + 1e-6
            inside = [
                a
                for a in areas
                if a[0] <= box[0] and box[2] <= a[2] and a[1] <= box[1] and box[3] <= a[3]
            ]
            overlapping = [
                a
                for a in areas
                if box[0] < a[2] and box[2] > a[0] and box[1] < a[3] and box[3] > a[1]
            ]
            assert len(overlapping) == len(inside) <= 1, (where, box)


def test_every_character_printed_has_a_glyph():
    sheet = calibration_sheet("letter", "short", 2)
    for label in sheet.front.labels + sheet.back.labels:
        assert not missing_glyphs(label.text, BOLD if label.bold else REGULAR), label.text


def test_the_pdf_is_the_same_byte_for_byte(tmp_path):
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    sheet = calibration_sheet("a4", "long", 2)
    render_calibration(a, sheet)
    render_calibration(b, sheet)
    assert a.read_bytes() == b.read_bytes()


def test_cli_writes_the_sheet_and_says_where(tmp_path):
    out = tmp_path / "out"
    for _ in range(2):  # and replaces it the second time
        result = CliRunner().invoke(
            main, ["calibrate", "--paper", "letter", "--duplex", "short", "--out", str(out)]
        )
        assert result.exit_code == 0, result.output
        assert result.output == (
            f"calibration sheet for letter, flip on short edge: "
            f"{out / 'calibration.pdf'}  (2 pages, print double-sided at "
            "100 %)\n"
        )
    assert [p.name for p in out.iterdir()] == ["calibration.pdf"]  # no temporary file left
    assert len(PdfReader(str(out / "calibration.pdf")).pages) == 2


def test_cli_refuses_single_sided_and_a_margin_that_leaves_no_room(tmp_path):
    result = CliRunner().invoke(main, ["calibrate", "--duplex", "none", "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert (
        "Error: Invalid value for '--duplex': single-sided printing has no backs to "
        "calibrate; use long or short"
    ) in result.output
    result = CliRunner().invoke(
        main, ["calibrate", "--paper", "letter", "--margin", "30", "--out", str(tmp_path)]
    )
    assert result.exit_code == 1
    assert result.output == (
        "Error: a 30 mm printer margin leaves letter paper too little "
        "room for the calibration sheet; 0..29.7 mm fits\n"
    )
    assert list(tmp_path.iterdir()) == []
    result = CliRunner().invoke(main, ["calibrate", "--paper", "a5", "--out", str(tmp_path)])
    assert (result.exit_code, result.output) == (
        1,
        "Error: the calibration sheet needs 140 x 220 mm of paper inside the printer margin, "
        "more than A5 (148 × 210 mm) has; print it on A4, Letter or a larger paper\n",
    )
    assert list(tmp_path.iterdir()) == []
    with pytest.raises(LayoutError, match="single-sided printing has no backs to calibrate"):
        calibration_sheet("a4", "none", 2)


# Back offsets: a4 poker leaves 6.25 mm beside the grid and 11.65 mm above and below it;
# letter 9.2 mm beside and 2.85 mm above and below; less the 2 mm printer margin.
@pytest.mark.parametrize("paper, room", [("a4", (4.25, 9.65)), ("letter", (7.2, 0.85))])
def test_the_room_for_a_back_offset_is_the_space_between_the_backs_and_the_margin(paper, room):
    for duplex in ("long", "short"):
        found = back_offset_room_mm(compute_grid(SheetSpec(paper=paper, duplex=duplex)), duplex)
        assert found == pytest.approx({"x-": room[0], "x+": room[0], "y-": room[1], "y+": room[1]})
        compute_grid(SheetSpec(paper=paper, duplex=duplex, back_offset_mm=(room[0], -room[1])))


@pytest.mark.parametrize(
    "spec, message",
    [
        (
            {"back_offset_mm": (5, 0)},
            (
                "back offset x 5 mm moves the backs 0.75 mm into the 2 mm printer margin of a4 paper; "
                "at most 4.25 mm to the right fits"
            ),
        ),
        (
            {"back_offset_mm": (-10, 0)},
            (
                "back offset x -10 mm moves the backs 3.75 mm off the a4 paper, past its 2 mm printer "
                "margin; at most 4.25 mm to the left fits"
            ),
        ),
        (
            {"paper": "letter", "back_offset_mm": (0, 1)},
            (
                "back offset y 1 mm moves the backs 0.15 mm into the 2 mm printer margin of letter "
                "paper; at most 0.85 mm up fits"
            ),
        ),
        (
            {"paper": "letter", "margin_mm": 0, "back_offset_mm": (10, -3), "duplex": "short"},
            (
                "back offset x 10 mm moves the backs 0.80 mm off the letter paper; at most 9.20 mm to "
                "the right fits; back offset y -3 mm moves the backs 0.15 mm off the letter paper; at "
                "most 2.85 mm down fits"
            ),
        ),
    ],
)
def test_a_back_offset_past_the_margin_is_refused_naming_the_limit(spec, message):
    with pytest.raises(LayoutError) as caught:
        compute_grid(SheetSpec(**spec))
    assert str(caught.value) == message


def test_single_sided_prints_no_backs_so_any_offset_in_range_passes():
    compute_grid(SheetSpec(paper="letter", duplex="none", back_offset_mm=(10, -10)))


@settings(max_examples=150, deadline=None)
@given(
    st.builds(
        SheetSpec,
        paper=st.sampled_from(sorted(PAPER_MM)),
        card_size=st.sampled_from(sorted(CARD_SIZES_MM)),
        bleed_mm=st.floats(0, 3),
        gutter_mm=st.floats(0, 8),
        margin_mm=st.floats(0, 12),
        duplex=st.sampled_from(["long", "short"]),
        back_offset_mm=st.tuples(st.floats(-10, 10), st.floats(-10, 10)),
    )
)
def test_an_offset_is_accepted_exactly_when_every_back_stays_inside_the_margin(spec):
    plain = compute_grid(SheetSpec(**{**spec.__dict__, "back_offset_mm": (0.0, 0.0)}))
    inside = True
    for index in range(plain.per_sheet):
        back = back_trim(
            plain, plain.trim(*plain.slot(index)), spec.duplex, spec.back_offset_mm
        ).inset(-plain.bleed)
        inside &= (
            back.x >= plain.margin - 1e-3
            and back.y >= plain.margin - 1e-3
            and back.x + back.w <= plain.page_w - plain.margin + 1e-3
            and back.top <= plain.page_h - plain.margin + 1e-3
        )
    try:
        compute_grid(spec)
        accepted = True
    except LayoutError:
        accepted = False
    assert accepted == inside or _borderline(plain, spec)


def _borderline(grid, spec) -> bool:
    """True when an offset is within 1e-3 pt of its limit (either answer is right)."""
    room = back_offset_room_mm(grid, spec.duplex)
    return any(
        abs(abs(v) - room[f"{axis}{'+' if v > 0 else '-'}"]) < 1e-3 / MM
        for axis, v in zip("xy", spec.back_offset_mm)
    )


def test_pnp_build_refuses_an_offset_past_the_margin_and_builds_one_inside_it(tmp_path):
    refused = CliRunner().invoke(
        main, ["build", "-g", "hack-attack", "--back-offset", "5", "0", "--out", str(tmp_path)]
    )
    assert refused.exit_code == 1
    assert refused.output == (
        "Error: back offset x 5 mm moves the backs 0.75 mm into the 2 mm "
        "printer margin of a4 paper; at most 4.25 mm to the right fits\n"
    )
    assert not (tmp_path / "hack-attack" / "cards.pdf").exists()
    built = CliRunner().invoke(
        main,
        ["build", "-g", "hack-attack", "--back-offset", "4.25", "-9.65", "--out", str(tmp_path)],
    )
    assert built.exit_code == 0, built.output
    assert (tmp_path / "hack-attack" / "cards.pdf").is_file()
