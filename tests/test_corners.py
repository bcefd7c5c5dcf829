"""Rounded corners (issue 44, item 2): `--corners R` draws each card's corner arcs in its
cut guides, thin and grey in the corner the cutter takes off (3 mm for poker cards by
default, 0 square), and the face check keeps what matters the safe distance from the
arcs. Checked as numbers, on synthetic faces, through `pnp validate` and `pnp build`,
and read back from built PDFs: the default build differs from a square-cornered one
only by the arcs drawn after everything else on its front pages (a form, in the file
once per way a sheet is filled)."""

from __future__ import annotations

import math

import pytest
from click.testing import CliRunner
from pypdf import PdfReader
from pypdf.generic import ContentStream

from pnp.cli import main
from pnp.core.sizes import card_corner_mm
from pnp.core.units import mm_to_pt
from pnp.layout.card_frame import CardFrame
from pnp.layout.corners import Arc, corner_arcs, corner_overrun
from pnp.layout.crop_marks import CUT_LINE_WIDTH_PT, corner_guides, cut_guides
from pnp.layout.face import Face, Fill, Icon
from pnp.layout.face_check import check_face
from pnp.layout.imposition import Rect, SheetSpec, compute_grid
from pnp.render.sheets import CUT_LINE_GREY
from tests.pdfread import placements

MM = mm_to_pt(1)
TOL = 0.01 * MM  # 0.01 mm


def test_poker_cards_round_to_3_mm_by_default_and_every_other_size_is_square():
    assert card_corner_mm("poker") == card_corner_mm("63.5x88.9mm") == 3.0
    assert card_corner_mm("poker-landscape") == card_corner_mm("88.9 x 63.5") == 3.0
    assert [card_corner_mm(s) for s in ("bridge", "tarot", "mini", "70x70mm")] == [0.0] * 4
    assert SheetSpec().corner_mm == 3.0 and SheetSpec(card_size="tarot").corner_mm == 0.0
    assert SheetSpec(corners_mm=0).corner_mm == 0.0
    assert SheetSpec(card_size="tarot", corners_mm=4.5).corner_mm == 4.5


def test_the_arcs_round_each_corner_about_a_centre_r_inside_both_edges():
    trim = Rect(10, 20, 100, 200)
    assert corner_arcs(trim, 0.0) == ()
    assert corner_arcs(trim, 8.0, 0.5) == (
        Arc(18, 28, 8.5, 180),
        Arc(102, 28, 8.5, 270),
        Arc(102, 212, 8.5, 0),
        Arc(18, 212, 8.5, 90),
    )
    grid = compute_grid(SheetSpec())
    arcs = corner_guides(grid, [(0, 0), (2, 2)], 3 * MM)
    assert len(arcs) == 8 and {a.r for a in arcs} == {3 * MM + CUT_LINE_WIDTH_PT / 2}
    assert cut_guides(grid, None, 3 * MM).corners == corner_guides(
        grid, [grid.slot(i) for i in range(9)], 3 * MM
    )
    assert cut_guides(grid).corners == ()


def test_a_box_in_the_safe_area_may_still_reach_into_a_corner_rounded_wider_than_it():
    w, h, safe = 60.0, 90.0, 3.0
    box = Rect(3, 3, 10, 10)  # its corner on the safe area's bottom-left corner
    assert corner_overrun(box, w, h, 3.0, safe) == (0.0, "")  # a 3 mm corner: clear
    over, corner = corner_overrun(box, w, h, 6.0, safe)
    assert corner == "bottom-left" and over == pytest.approx(math.hypot(3, 3) - 3)
    top_right = Rect(w - 13, h - 13, 10, 10)
    assert corner_overrun(top_right, w, h, 6.0, safe)[1] == "top-right"
    assert corner_overrun(Rect(5.2, 5.2, 10, 10), w, h, 6.0, safe) == (0.0, "")  # on the arc


POKER = CardFrame(63.5 * MM, 88.9 * MM, 0.5 * MM)


def _faults(*elements, corner_mm: float):
    frame = CardFrame(POKER.w, POKER.h, POKER.bleed, corner_mm=corner_mm)
    return [(f.element.key, f.message) for f in check_face(Face(elements), frame)]


def _icon(key: str, x_mm: float, y_mm: float, size_mm: float = 6) -> Icon:
    """An icon centred on (x_mm, y_mm)."""
    return Icon(
        key=key, glyph="wild", colour="#000000", x=x_mm * MM, y=y_mm * MM, size=size_mm * MM
    )


def test_a_face_with_content_in_a_corner_arc_is_refused_and_a_decoration_is_not():
    in_the_arc = _icon("badge", 1.5, 1.5, 2)  # from 0.5 mm: in what a 3 mm cutter takes off
    assert _faults(in_the_arc, corner_mm=3) == [("badge", "runs 2.5 mm outside the 3 mm safe area")]
    on_the_safe_corner = _icon("points", 6, 82.9)  # its top-left on the safe area's corner
    assert _faults(on_the_safe_corner, corner_mm=3) == []
    assert _faults(on_the_safe_corner, corner_mm=6) == [
        (
            "points",
            "runs 1.2 mm into the rounded top-left corner: cut to 6 mm corners (--corners), "
            "it must stay 3 mm inside the arc",
        )
    ]
    assert _faults(_icon("points", 7, 81.9), corner_mm=6) == []  # 3 mm inside the arc
    ground = Fill(key="ground", rect=POKER.bleed_rect, colour="#EEEEEE")
    assert _faults(ground, corner_mm=10) == []


def test_validate_and_build_refuse_content_within_the_safe_distance_of_wider_corners(tmp_path):
    """Hack Back's faces keep 3 mm inside 3 mm corners; at 4 mm its player aids' pictures
    in the bottom-right corner come 0.4 mm too near the arc. Named at the card and the
    element, exit 1, and the build writes nothing."""
    fault = (
        "Error: hack-back/icons.toml:73: field 'cards.aid-your-turn': runs 0.4 mm into the "
        "rounded bottom-right corner: cut to 4 mm corners (--corners), it must stay 3 mm "
        "inside the arc (on card 'aid-your-turn')"
    )
    checked = CliRunner().invoke(main, ["validate", "--game", "hack-back", "--corners", "4"])
    assert checked.exit_code == 1 and fault in checked.output.splitlines()
    built = CliRunner().invoke(
        main, ["build", "--game", "hack-back", "--corners", "4", "--out", str(tmp_path)]
    )
    assert built.exit_code == 1 and fault in built.output.splitlines()
    assert not list(tmp_path.rglob("*.pdf"))
    out_of_range = CliRunner().invoke(main, ["validate", "--game", "hack-back", "--corners", "12"])
    assert (out_of_range.exit_code, out_of_range.output) == (
        1,
        "Error: --corners must be 0..10 mm, got 12\n",
    )


# ---------------------------------------------------------------- read back from PDFs


def _page_ops(reader: PdfReader, page: int):
    return ContentStream(reader.pages[page].get_contents(), reader).operations


def _arcs(reader: PdfReader, page: int) -> list[tuple[tuple[float, float], ...]]:
    """Each curve `x y m x1 y1 x2 y2 x3 y3 c` of the corner forms a page places at its top
    level, as its four points; each is stroked as thin and as grey as a cut line."""
    xobjects = reader.pages[page]["/Resources"].get("/XObject", {})
    found, depth = [], 0
    for args, op in _page_ops(reader, page):
        depth += {b"q": 1, b"Q": -1}.get(op, 0)
        if depth == 0 and op == b"Do" and args[0].startswith("/FormXob.corners-"):
            form = ContentStream(xobjects[args[0]].get_object(), reader).operations
            found += _curves(form)
    return found


def _curves(ops) -> list[tuple[tuple[float, float], ...]]:
    width = grey = None
    found = []
    for i, (args, op) in enumerate(ops):
        if op == b"w":
            width = float(args[0])
        elif op == b"G":
            grey = float(args[0])
        elif op == b"m" and ops[i + 1][1] == b"c":
            v = [float(a) for a in args + ops[i + 1][0]]
            assert (width, grey) == (CUT_LINE_WIDTH_PT, CUT_LINE_GREY)
            found.append(tuple(zip(v[::2], v[1::2])))
    assert [op for _, op in ops][-1] == b"S"
    return found


def _on_circle(curve, arc: Arc) -> None:
    """The Bézier `curve` is `arc`: its ends where the arc starts and ends, its middle on
    the circle, to 0.01 mm."""
    start, end = (math.radians(arc.start_deg + d) for d in (0, 90))
    p0, p1, p2, p3 = curve
    want0 = (arc.cx + arc.r * math.cos(start), arc.cy + arc.r * math.sin(start))
    want3 = (arc.cx + arc.r * math.cos(end), arc.cy + arc.r * math.sin(end))
    assert p0 == pytest.approx(want0, abs=TOL) and p3 == pytest.approx(want3, abs=TOL)
    mid = [(a + 3 * b + 3 * c + d) / 8 for a, b, c, d in zip(p0, p1, p2, p3)]
    assert math.hypot(mid[0] - arc.cx, mid[1] - arc.cy) == pytest.approx(arc.r, abs=TOL)


def test_the_default_poker_build_draws_each_fronts_3_mm_corner_arcs(kit):
    report = kit("hack-attack")
    grid = report.grid
    reader = PdfReader(str(report.paths[0]))
    for page in (0, len(reader.pages) - 2):  # a full sheet and the last, part filled
        curves = _arcs(reader, page)
        cards = placements(reader, page)
        assert len(curves) == 4 * len(cards) > 0
        for n, card in enumerate(cards):
            trim = Rect(*card.origin, grid.card_w, grid.card_h)
            for curve, arc in zip(curves[4 * n :], corner_arcs(trim, 3 * MM, 0.125)):
                _on_circle(curve, arc)
                # wholly in the corner the cutter takes off: no nearer its centre than 3 mm
                assert arc.r - CUT_LINE_WIDTH_PT / 2 == pytest.approx(3 * MM)
        assert _arcs(reader, page + 1) == []  # back pages: no guides
    full = [_corner_forms(reader, page) for page in (0, 2, 4)]  # full sheets: one form
    assert full[0] == full[1] == full[2] and len(full[0]) == 1


def _corner_forms(reader: PdfReader, page: int) -> list[str]:
    return [a[0] for a, op in _page_ops(reader, page) if op == b"Do" and "corners" in a[0]]


def test_square_corners_leave_the_sheets_as_they_were_and_3_mm_only_add_the_arcs(kit):
    """`--corners 0` builds what the build before corners built; the default poker build
    is that, byte for byte, with the form of the arcs placed last on each front page.
    The rulebook and booklet hold the same pages and words: only their pictures' cards
    (pnp.render.figures) are cut to the corners the cards are."""
    rounded, square = kit("hack-attack"), kit("hack-attack", SheetSpec(corners_mm=0))
    for a, b in zip(rounded.paths[1:3], square.paths[1:3]):  # rules, booklet
        words = [[p.extract_text() for p in PdfReader(str(f)).pages] for f in (a, b)]
        assert words[0] == words[1], a.name
    ra, sq = PdfReader(str(rounded.paths[0])), PdfReader(str(square.paths[0]))
    assert len(ra.pages) == len(sq.pages) == 36
    for page, (pa, pb) in enumerate(zip(ra.pages, sq.pages)):
        with_arcs, without = pa.get_contents().get_data(), pb.get_contents().get_data()
        assert [pa[k] for k in ("/MediaBox", "/TrimBox", "/BleedBox")] == [
            pb[k] for k in ("/MediaBox", "/TrimBox", "/BleedBox")
        ]
        assert pa["/Resources"].keys() == pb["/Resources"].keys()
        extra = set(pa["/Resources"]["/XObject"]) - set(pb["/Resources"]["/XObject"])
        assert all(name.startswith("/FormXob.corners-") for name in extra)
        if page % 2:
            assert with_arcs == without
            continue
        assert with_arcs.startswith(without.rstrip())
        added = _page_ops(ra, page)[len(_page_ops(sq, page)) :]
        assert [op for _, op in added] == [b"Do"] and added[0][0][0].startswith(
            "/FormXob.corners-"
        ), page


def test_gutterfold_fronts_get_corner_arcs_and_their_backs_none(kit):
    report = kit("hack-back", SheetSpec(layout="gutterfold", duplex="none"), players=2)
    grid, fold = report.grid, report.fold
    reader = PdfReader(str(report.paths[0]))
    curves = _arcs(reader, 0)
    fronts = [grid.trim(*fold.front_slot(i)) for i in range(fold.per_sheet)]
    assert len(curves) == 4 * len(fronts)
    for n, trim in enumerate(fronts):
        for curve, arc in zip(curves[4 * n :], corner_arcs(trim, 3 * MM, 0.125)):
            _on_circle(curve, arc)
