"""PDF page boxes (issue 27, item 2) read back from every PDF the project writes, for
every game (the three shipped, the test-only Coin Flip and a `pnp new` data-only game):
each page has its own MediaBox, TrimBox and BleedBox with TrimBox ⊆ BleedBox ⊆ MediaBox;
card sheets trim to the printable area (the paper less the printer margin) that holds
every card's bleed, single-card pages to the card's trim with the bleed as the page, and
the rulebook, booklet, tracker, calibration sheet and balance report to the page. Values
are computed here from the paper and card sizes in mm, to 0.001 pt."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader
from reportlab.lib.pagesizes import A4

from pnp.build import BuildOptions, build
from pnp.calibrate import write_calibration
from pnp.cli import main as pnp_main
from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.core.sizes import CARD_SIZES_MM, PAPER_MM
from pnp.export import ExportOptions, export
from pnp.layout.imposition import DEFAULT_BLEED_MM, DEFAULT_MARGIN_MM, SheetSpec
from pnp.layout.page_boxes import framed_page, single_card_boxes, whole_page
from pnp.render.boxed import BoxedCanvas
from tests.fourth_game import register
from tests.fourth_game.kit import DATA_DIR as FOURTH_DATA
from tests.pdfread import placements

PT = 72 / 25.4  # points per mm
TOL = 0.001  # pt
SHIPPED = ("hack-attack", "hack-back", "not-a-hack")
GAMES = (*SHIPPED, "coin-flip", "moon-base")
POKER_PT = (180.0, 252.0)  # 63.5 x 88.9 mm


def boxes(page) -> dict[str, tuple[float, ...]]:
    """The page's own MediaBox, TrimBox and BleedBox in points (KeyError when the page
    lacks one: pypdf's properties would fall back to the MediaBox), and no CropBox."""
    assert "/CropBox" not in page
    return {
        name: tuple(float(v) for v in page[f"/{name}"])
        for name in ("MediaBox", "TrimBox", "BleedBox")
    }


def inside(inner, outer) -> bool:
    return (
        inner[0] >= outer[0] - TOL
        and inner[1] >= outer[1] - TOL
        and inner[2] <= outer[2] + TOL
        and inner[3] <= outer[3] + TOL
    )


def nested(page) -> dict[str, tuple[float, ...]]:
    """The page's boxes, after checking TrimBox ⊆ BleedBox ⊆ MediaBox."""
    b = boxes(page)
    assert inside(b["TrimBox"], b["BleedBox"]) and inside(b["BleedBox"], b["MediaBox"]), b
    return b


def paper_pt(paper: str, landscape: bool = False) -> tuple[float, float]:
    w, h = (v * PT for v in PAPER_MM[paper])
    return (h, w) if landscape else (w, h)


def approx(box):
    return pytest.approx(box, abs=TOL)


@pytest.fixture(scope="module")
def kits(tmp_path_factory):
    """game -> {file name: path} of its built kit (A4, defaults) and its pdf-single export
    ("cards-single.pdf", the default bleed), Coin Flip registered for the module."""
    out = tmp_path_factory.mktemp("kits")
    found: dict[str, dict[str, Path]] = {}
    new = CliRunner().invoke(pnp_main, ["new", "moon-base", "--dir", str(out / "data")])
    assert new.exit_code == 0, new.output
    data = {"coin-flip": FOURTH_DATA, "moon-base": out / "data"}
    with pytest.MonkeyPatch.context() as mp:
        register(mp)
        for game in GAMES:
            where = data.get(game, SHIPPED_DATA_DIR)
            report = build(BuildOptions(game, SheetSpec(), out_dir=out, data_dir=where))
            export(ExportOptions(game, "pdf-single", out_dir=out, data_dir=where))
            found[game] = {p.name: p for p in report.paths}
            found[game]["cards-single.pdf"] = out / game / "cards-single.pdf"
    return found


def test_every_game_writes_the_files_checked_here(kits):
    assert {g: sorted(files) for g, files in kits.items()} == {
        g: sorted(
            ["cards.pdf", "rules.pdf", "booklet.pdf", "print-me-first.pdf", "cards-single.pdf"]
            + (["tracker.pdf"] if g == "hack-back" else [])
        )
        for g in GAMES
    }


def sheet_expected(paper: str, margin_mm: float, bleed_mm: float) -> dict:
    w, h = paper_pt(paper)
    m, b = margin_mm * PT, bleed_mm * PT
    return {
        "MediaBox": approx((0, 0, w, h)),
        "TrimBox": approx((m, m, w - m, h - m)),
        "BleedBox": approx((max(m - b, 0), max(m - b, 0), min(w - m + b, w), min(h - m + b, h))),
    }


def check_sheets(path: Path, expected: dict) -> int:
    """Every page of the card sheets at `path` has `expected` boxes and every card's bleed
    rectangle lies in its TrimBox; returns the cards seen."""
    reader = PdfReader(path)
    cards = 0
    for i, page in enumerate(reader.pages):
        b = nested(page)
        assert b == expected, (path, i)
        for placed in placements(reader, i):
            x, y, w, h = placed.bleed
            assert inside((x, y, x + w, y + h), b["TrimBox"]), (path, i, placed)
            cards += 1
    return cards


@pytest.mark.parametrize("game", GAMES)
def test_card_sheets_trim_to_the_printable_area_on_every_page(kits, game):
    expected = sheet_expected("a4", DEFAULT_MARGIN_MM, DEFAULT_BLEED_MM)
    assert check_sheets(kits[game]["cards.pdf"], expected) > 0


@pytest.mark.parametrize(
    "paper, margin_mm, bleed_mm",
    [("letter", 6.0, 1.5), ("a4", 1.0, 3.175)],  # the second: the bleed reaches the edge
)
def test_sheet_boxes_follow_the_margin_and_bleed_asked_for(tmp_path, paper, margin_mm, bleed_mm):
    spec = SheetSpec(paper=paper, margin_mm=margin_mm, bleed_mm=bleed_mm, duplex="short")
    report = build(BuildOptions("hack-attack", spec, out_dir=tmp_path))
    expected = sheet_expected(paper, margin_mm, bleed_mm)
    if margin_mm < bleed_mm:
        assert expected["BleedBox"] == (0, 0, *paper_pt(paper))
    assert check_sheets(tmp_path / "hack-attack" / "cards.pdf", expected) > 0
    assert report.pages["cards.pdf"] == len(PdfReader(tmp_path / "hack-attack" / "cards.pdf").pages)


def single_expected(bleed_mm: float, card=POKER_PT) -> dict:
    b = bleed_mm * PT
    page = (0, 0, card[0] + 2 * b, card[1] + 2 * b)
    return {
        "MediaBox": approx(page),
        "TrimBox": approx((b, b, b + card[0], b + card[1])),
        "BleedBox": approx(page),
    }


@pytest.mark.parametrize("game", GAMES)
def test_single_card_pages_trim_to_the_card_with_the_bleed_as_the_page(kits, game):
    reader = PdfReader(kits[game]["cards-single.pdf"])
    expected = single_expected(DEFAULT_BLEED_MM)
    assert len(reader.pages) > 1
    for i, page in enumerate(reader.pages):
        assert nested(page) == expected, i


def test_single_card_boxes_at_a_shops_bleed_and_another_card_size(tmp_path):
    export(
        ExportOptions(
            "hack-back", "pdf-single", out_dir=tmp_path, bleed_mm=3.175, card_size="bridge"
        )
    )
    card = tuple(v * PT for v in CARD_SIZES_MM["bridge"])
    assert card == approx((162.0, 252.0))  # 57.15 x 88.9 mm
    expected = single_expected(3.175, card)
    assert expected["TrimBox"] == (9, 9, 171, 261)  # 1/8 in = 9 pt
    for page in PdfReader(tmp_path / "hack-back" / "cards-single.pdf").pages:
        assert nested(page) == expected


def whole(w: float, h: float) -> dict:
    return {name: approx((0, 0, w, h)) for name in ("MediaBox", "TrimBox", "BleedBox")}


@pytest.mark.parametrize("game", GAMES)
def test_rulebook_booklet_and_tracker_pages_are_their_own_trim(kits, game):
    files = {
        "rules.pdf": whole(148 * PT, 210 * PT),  # A5, the half-sheet of A4
        "booklet.pdf": whole(*paper_pt("a4", landscape=True)),  # folded whole
        "tracker.pdf": whole(*paper_pt("a4")),
        "print-me-first.pdf": whole(*paper_pt("a4")),
    }
    for name, expected in files.items():
        if name in kits[game]:
            pages = PdfReader(kits[game][name]).pages
            assert len(pages) >= (1 if name == "print-me-first.pdf" else 2)
            for i, page in enumerate(pages):
                assert nested(page) == expected, (game, name, i)


def test_letter_rulebook_and_booklet_boxes(built):
    report = built("letter", "long", "hack-back")
    files = {p.name: p for p in report.paths}
    expected = {
        "rules.pdf": whole(396, 612),  # half-letter
        "booklet.pdf": whole(792, 612),
        "tracker.pdf": whole(612, 792),
        "print-me-first.pdf": whole(612, 792),
    }
    for name, boxes_of in expected.items():
        for page in PdfReader(files[name]).pages:
            assert nested(page) == boxes_of, name


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_calibration_pages_are_their_own_trim(tmp_path, paper):
    pages = PdfReader(write_calibration(tmp_path, paper, "long", 2.0)).pages
    assert len(pages) == 2
    for page in pages:
        assert nested(page) == whole(*paper_pt(paper))


def test_balance_report_pages_are_their_own_trim(tmp_path):
    args = ["simulate", "--game", "hack-attack", "--players", "2", "--games", "20"]
    result = CliRunner().invoke(pnp_main, [*args, "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    pages = PdfReader(tmp_path / "hack-attack" / "balance.pdf").pages
    assert len(pages) >= 2
    for page in pages:
        assert nested(page) == whole(*A4)


def test_the_box_geometry_nests_and_clamps_the_bleed_to_the_page():
    assert single_card_boxes(180, 252, 9) == framed_page(198, 270, 9, 9)
    assert single_card_boxes(180, 252, 0) == whole_page(180, 252)
    sheet = framed_page(600, 800, 5, 8)
    assert (sheet.media_pt, sheet.bleed_pt, sheet.trim_pt) == (
        (0, 0, 600, 800),
        (0, 0, 600, 800),
        (5, 5, 595, 795),
    )
    assert framed_page(600, 800, 5, 2).bleed_pt == (3, 3, 597, 797)
    with pytest.raises(ValueError, match="no trim"):
        framed_page(600, 800, 300, 0)
    with pytest.raises(ValueError, match="no trim"):
        framed_page(600, 800, -1, 0)


def test_a_canvas_refuses_boxes_made_for_another_page_size(tmp_path):
    c = BoxedCanvas(str(tmp_path / "x.pdf"), pagesize=(200, 300))
    c.page_boxes = whole_page(300, 200)
    with pytest.raises(ValueError, match="page boxes for"):
        c.showPage()
    c.page_boxes = framed_page(200, 300, 10, 4)
    c.showPage()
    c.page_boxes = None  # back to a page without a trim of its own
    c.showPage()
    c.save()
    first, second = (boxes(p) for p in PdfReader(tmp_path / "x.pdf").pages)
    assert first == {
        "MediaBox": (0, 0, 200, 300),
        "TrimBox": (10, 10, 190, 290),
        "BleedBox": (6, 6, 194, 294),
    }
    assert second == whole(200, 300)
