"""Any paper and card size (issue 43, item 3), read back from the PDFs: for every named
card size, each turned sideways, and a custom one, and on every named paper and a custom
one, the sheet is the paper to 0.01 mm, every copy is placed once at its exact trim on
the grid `compute_grid` fits (as many as fit), each back lands behind its own front,
and no crop mark enters a bleed. The game is tests/sizes_game/size-test (nine copies,
one small face that lays out at every size), built in-process once per size or paper.
The look-ups themselves (pnp.core.sizes) are checked as numbers and messages."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from pnp.build import BuildOptions, build
from pnp.cli import main
from pnp.core.errors import LayoutError
from pnp.core.sizes import (
    CARD_SIZES_MM,
    HALF_SHEET_MM,
    PAPER_MM,
    card_mm,
    card_size_name,
    half_sheet_mm,
    paper_mm,
    paper_name,
    paper_title,
)
from pnp.core.units import mm_to_pt
from pnp.layout.imposition import SheetSpec, compute_grid
from tests.pdfread import placements, segments

DATA = Path(__file__).parent / "sizes_game"
MM = mm_to_pt(1)
TOL = 0.01 * MM
COPIES = 9  # ace x3, beta x2, core x4
TURNED = [f"{s}-landscape" for s in CARD_SIZES_MM if s != "square"]  # a square turns into itself
SIZES = [*CARD_SIZES_MM, *TURNED, "50x75mm", "100x60mm"]
PAPERS = [*PAPER_MM, "300x450mm", "450x300mm"]


def _built(tmp_path: Path, paper: str = "a4", size: str = "poker", duplex: str = "long"):
    spec = SheetSpec(paper=paper, duplex=duplex)
    return build(BuildOptions("size-test", spec, size, DATA, tmp_path))


def _check_sheets(report, paper: str, size: str, duplex: str) -> None:
    """The geometry of today's tests/test_cards_pdf.py, for any paper and size."""
    reader = PdfReader(str(report.paths[0]))
    page_w, page_h = (v * MM for v in paper_mm(paper))
    card_w, card_h = (v * MM for v in card_mm(size))
    grid = compute_grid(SheetSpec(paper=paper, card_size=size, duplex=duplex))
    assert (report.grid.cols, report.grid.rows) == (grid.cols, grid.rows)
    fronts = []
    for sheet in range(len(reader.pages) // 2):
        front_page, back_page = 2 * sheet, 2 * sheet + 1
        for page in (reader.pages[front_page], reader.pages[back_page]):
            assert float(page.mediabox.width) == pytest.approx(page_w, abs=TOL)
            assert float(page.mediabox.height) == pytest.approx(page_h, abs=TOL)
        here, backs = placements(reader, front_page), placements(reader, back_page)
        assert len(backs) == len(here)
        for slot, (f, b) in enumerate(zip(here, backs)):
            x, y, w, h = f.bleed
            assert (w - 2 * grid.bleed, h - 2 * grid.bleed) == pytest.approx(
                (card_w, card_h), abs=TOL
            )
            trim = grid.trim(*grid.slot(slot))
            assert f.origin == pytest.approx((trim.x, trim.y), abs=TOL)
            if duplex == "long":
                flipped = (page_w - b.origin[0] - card_w, b.origin[1])
            else:
                flipped = (b.origin[0], page_h - b.origin[1] - card_h)
            assert flipped == pytest.approx(f.origin, abs=TOL)
        for x1, y1, x2, y2 in segments(reader, front_page):
            for bx, by, bw, bh in (p.bleed for p in here):
                inside_x = max(x1, x2) > bx and min(x1, x2) < bx + bw
                inside_y = max(y1, y2) > by and min(y1, y2) < by + bh
                assert not (inside_x and inside_y), ((x1, y1, x2, y2), (bx, by, bw, bh))
        assert segments(reader, front_page), "crop marks"
        fronts += here
    assert len(fronts) == COPIES


def _as_many_as_fit(paper: str, size: str) -> None:
    """One more column or row would leave the printer margin."""
    grid = compute_grid(SheetSpec(paper=paper, card_size=size))
    wide, tall = paper_mm(paper)
    for count, pitch, room in (
        (grid.cols, grid.pitch_x, wide * MM - 2 * grid.margin),
        (grid.rows, grid.pitch_y, tall * MM - 2 * grid.margin),
    ):
        assert count * pitch - grid.gutter <= room + 1e-6
        assert (count + 1) * pitch - grid.gutter > room


@pytest.mark.parametrize("size", SIZES)
def test_every_card_size_prints_at_its_exact_trim_with_backs_behind(tmp_path, size):
    duplex = "short" if size.endswith("-landscape") else "long"
    _check_sheets(_built(tmp_path, "a4", size, duplex), "a4", size, duplex)
    _as_many_as_fit("a4", size)


@pytest.mark.parametrize("paper", PAPERS)
def test_every_paper_prints_the_sheet_and_the_rulebook_on_its_half(tmp_path, paper):
    duplex = "short" if paper in ("letter", "tabloid", "300x450mm") else "long"
    report = _built(tmp_path, paper, "poker", duplex)
    _check_sheets(report, paper, "poker", duplex)
    _as_many_as_fit(paper, "poker")
    half_w, half_h = half_sheet_mm(paper)
    for page in PdfReader(str(report.paths[1])).pages:  # rules.pdf
        assert float(page.mediabox.width) == pytest.approx(half_w * MM, abs=TOL)
        assert float(page.mediabox.height) == pytest.approx(half_h * MM, abs=TOL)
    long, short = sorted(paper_mm(paper), reverse=True)
    for page in PdfReader(str(report.paths[2])).pages:  # booklet.pdf: two pages a side
        assert float(page.mediabox.width) == pytest.approx(long * MM, abs=TOL)
        assert float(page.mediabox.height) == pytest.approx(short * MM, abs=TOL)
        assert 2 * half_w <= long + 1e-6 and half_h <= short + 1e-6


@pytest.mark.parametrize(
    "paper, per_sheet",
    [("a3", 16), ("a4", 9), ("a5", 4), ("letter", 9), ("legal", 9), ("tabloid", 16)],
)
def test_poker_cards_per_sheet_on_each_paper(paper, per_sheet):
    assert compute_grid(SheetSpec(paper=paper)).per_sheet == per_sheet


@pytest.mark.parametrize(
    "size, per_sheet",
    [
        ("mini-euro", 16),
        ("euro", 9),
        ("square", 8),  # 3 across need 3 x 71 + 2 x 2 = 217 mm of the 206 inside the margin
        ("domino", 12),
        ("jumbo", 4),
        ("poker-landscape", 8),
        ("tarot-landscape", 4),
    ],
)
def test_new_card_sizes_per_a4_sheet(size, per_sheet):
    assert compute_grid(SheetSpec(card_size=size)).per_sheet == per_sheet


def test_sizes_are_the_ones_the_hobby_uses():
    assert CARD_SIZES_MM["mini-euro"] == (44.0, 68.0)
    assert CARD_SIZES_MM["square"] == (70.0, 70.0)
    assert CARD_SIZES_MM["domino"] == pytest.approx((1.75 * 25.4, 3.5 * 25.4))
    assert CARD_SIZES_MM["jumbo"] == pytest.approx((3.5 * 25.4, 5 * 25.4))
    assert PAPER_MM["legal"] == pytest.approx((8.5 * 25.4, 14 * 25.4))
    assert PAPER_MM["tabloid"] == pytest.approx((11 * 25.4, 17 * 25.4))
    assert HALF_SHEET_MM == {
        "a3": PAPER_MM["a4"],
        "a4": PAPER_MM["a5"],
        "a5": (105.0, 148.0),
        "letter": (139.7, 215.9),
        "legal": (177.8, 215.9),
        "tabloid": PAPER_MM["letter"],
    }


@pytest.mark.parametrize(
    "typed, mm, name",
    [
        ("Poker", (63.5, 88.9), "poker"),
        ("mini euro", (44.0, 68.0), "mini-euro"),
        ("Tarot-Landscape", (120.65, 69.85), "tarot-landscape"),
        ("70X70", (70.0, 70.0), "70x70mm"),
        ("63.50 x 88.90 mm", (63.5, 88.9), "63.5x88.9mm"),
        ("63.5x88.9 landscape", (88.9, 63.5), "88.9x63.5mm"),
        ("88.9×63.5mm", (88.9, 63.5), "88.9x63.5mm"),
    ],
)
def test_a_card_size_is_a_name_or_wxh_in_mm(typed, mm, name):
    assert card_mm(typed) == pytest.approx(mm)
    assert card_size_name(typed) == name


@pytest.mark.parametrize(
    "typed, mm, name, title, half",
    [
        ("A4", (210.0, 297.0), "a4", "A4 (210 × 297 mm)", (148.0, 210.0)),
        ("tabloid", (279.4, 431.8), "tabloid", "Tabloid (279.4 × 431.8 mm)", (215.9, 279.4)),
        ("300x450mm", (300.0, 450.0), "300x450mm", "300 × 450 mm", (225.0, 300.0)),
        ("450 x 300", (450.0, 300.0), "450x300mm", "450 × 300 mm", (225.0, 300.0)),
    ],
)
def test_a_paper_is_a_name_or_wxh_in_mm(typed, mm, name, title, half):
    assert (paper_mm(typed), paper_name(typed), paper_title(typed)) == (mm, name, title)
    assert half_sheet_mm(typed) == half


@pytest.mark.parametrize(
    "look_up, typed, message",
    [
        (card_mm, "pokr", "unknown card size 'pokr'; did you mean poker? known: poker, bridge"),
        (card_mm, "63x88in", "card size '63x88in' is in 'in': a custom size is WxH in mm"),
        (card_mm, "10x10", "card size '10x10' is 10 x 10 mm: each side of a card is 20..400 mm"),
        (card_mm, "x", "jumbo, any with -landscape, or WxH in mm (63.5x88.9mm)"),
        (paper_mm, "letterr", "unknown paper 'letterr'; did you mean letter? known: a3, a4"),
        (paper_mm, "100x200", "paper '100x200' is 100 x 200 mm: a paper is at least 148 x 210"),
        (paper_mm, "300x2000mm", "and at most 1200 mm a side"),
    ],
)
def test_an_unknown_size_names_the_known_ones(look_up, typed, message):
    with pytest.raises(LayoutError) as caught:
        look_up(typed)
    assert message in str(caught.value)


def test_the_cli_takes_a_custom_paper_and_card_size_and_shows_them_one_way(tmp_path):
    result = CliRunner().invoke(
        main,
        [
            *("build", "--game", "size-test", "--data", str(DATA), "--out", str(tmp_path)),
            *("--paper", "300 X 450", "--card-size", "50x75"),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "  5x5 cards per 300x450mm sheet, 1 sheets," in result.output
    page = PdfReader(str(tmp_path / "size-test" / "cards.pdf")).pages[0]
    assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(
        (300 * MM, 450 * MM), abs=TOL
    )
    bad = CliRunner().invoke(main, ["build", "--game", "size-test", "--paper", "a6"])
    assert bad.exit_code == 2
    assert bad.output.endswith(
        "Error: Invalid value for '--paper': unknown paper 'a6'; known: a3, a4, a5, letter, "
        "legal, tabloid, or WxH in mm (300x450mm)\n"
    )


def test_a_name_too_wide_for_the_a5_rulebook_footer_is_refused_by_that_build_only(tmp_path):
    """A5's rulebook page (A6) is the narrowest: `pnp validate` checks the footer on A4
    and Letter as before, and a build on A5 checks it on its own page, before writing."""
    shutil.copytree(DATA, tmp_path / "data")
    name = "The Long and Winding Night of the Old Lighthouse Keepers"  # 81 mm at 8 pt
    game = tmp_path / "data" / "size-test" / "game.toml"
    game.write_text(game.read_text().replace('"Size Test"', f'"{name}"'))
    common = ("--game", "size-test", "--data", str(tmp_path / "data"))
    assert CliRunner().invoke(main, ["validate", *common]).exit_code == 0
    out = tmp_path / "out"
    assert CliRunner().invoke(main, ["build", *common, "--out", str(out)]).exit_code == 0
    result = CliRunner().invoke(main, ["build", *common, "--paper", "a5", "--out", str(out)])
    assert (result.exit_code, result.output) == (
        1,
        "Error: size-test/game.toml:6: field 'name': the game's name does not fit on the "
        "rulebook and booklet footer (a5): 81.0 mm wide at 8 pt in 79.0 mm\n"
        "Error: size-test: 1 problem found.\n",
    )
    pages = PdfReader(str(out / "size-test" / "rules.pdf")).pages
    assert float(pages[0].mediabox.width) == pytest.approx(148 * MM, abs=TOL)  # A4's, kept
