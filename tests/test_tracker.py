"""Hack Back's VC tracker (issue 11, item 1), read back from tracker.pdf: the board holds
every VC a game reaches, in squares a coin fits, with the winning and discarding squares
named; the marker page holds numbered markers for every Hero a full table has in play;
the build lists the file, and the rulebook says how to use it."""

from __future__ import annotations

import pdfplumber
import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.core.sizes import PAPER_MM
from pnp.core.units import pt_to_mm
from pnp.render.tracker import HIGH_VC, LOW_VC, MARKER_MM, board_cells, marker_grid, marker_mm


@pytest.fixture(scope="module", params=["a4", "letter"])
def built(request, tmp_path_factory):
    out = tmp_path_factory.mktemp(f"tracker-{request.param}")
    result = CliRunner().invoke(
        main, ["build", "--game", "hack-back", "--paper", request.param, "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    return request.param, out / "hack-back", result.output


def _number(text: str) -> int | None:
    text = text.replace("\u2212", "-")
    return int(text) if text.lstrip("-").isdigit() else None


def test_the_board_has_every_vc_from_below_0_to_past_45_once(built):
    paper, folder, _ = built
    with pdfplumber.open(folder / "tracker.pdf") as pdf:
        assert len(pdf.pages) == 2
        page = pdf.pages[0]
        assert (round(pt_to_mm(page.width), 1), round(pt_to_mm(page.height), 1)) == PAPER_MM[paper]
        big = [w for w in page.extract_words() if w["bottom"] - w["top"] > 12]
        numbers = sorted(n for n in map(_number, (w["text"] for w in big)) if n is not None)
        text = page.extract_text()
    assert numbers == list(range(LOW_VC, HIGH_VC + 1))
    assert LOW_VC < 0 and HIGH_VC >= 45
    assert "WIN" in text and "OUT" in text


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_square_holds_a_coin_and_stays_on_the_page(paper):
    cells = board_cells(paper)
    page_w, page_h = PAPER_MM[paper]
    for cell in cells:
        assert pt_to_mm(cell.w) >= 22 and pt_to_mm(cell.h) >= 22  # a 2-euro coin is 25.75
        assert 10 - 1e-6 <= pt_to_mm(cell.x) and pt_to_mm(cell.x + cell.w) <= page_w - 10 + 1e-6
        assert pt_to_mm(cell.y) >= 10


def test_the_marker_page_numbers_enough_markers_for_a_full_table(built):
    _, folder, _ = built
    with pdfplumber.open(folder / "tracker.pdf") as pdf:
        words = [w["text"] for w in pdf.pages[1].extract_words()]
    markers = sorted(int(w[1:]) for w in words if w.startswith("#") and w[1:].isdigit())
    assert markers == list(range(1, len(markers) + 1))
    assert len(markers) >= 3 * 5  # three Heroes each at the kit's largest table


def test_the_build_lists_the_tracker_and_the_rulebook_explains_it(built):
    _, folder, output = built
    assert f"{folder / 'tracker.pdf'}  (2 pages)" in output
    with pdfplumber.open(folder / "rules.pdf") as pdf:
        text = " ".join(page.extract_text() for page in pdf.pages)
    assert "Tracking VC" in text and "tracker.pdf" in text


def test_games_without_a_tracker_print_none(tmp_path):
    result = CliRunner().invoke(main, ["build", "--game", "hack-attack", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert not (tmp_path / "hack-attack" / "tracker.pdf").exists()


def test_on_a5_markers_fit_the_smaller_cells_and_every_word_stays_inside_the_margins(tmp_path):
    """The smallest paper (issue 43, item 3): cells of 16 x 19 mm, so the markers shrink
    to fit one with 2 mm to spare, enough of them for 14 players' Heroes, and the notes
    are set smaller, or wrapped, to stay inside the 10 mm margins."""
    result = CliRunner().invoke(
        main,
        [
            *("build", "--game", "hack-back", "--paper", "a5", "--out", str(tmp_path)),
            *("--cards", "ransomware-crew"),
        ],
    )
    assert result.exit_code == 0, result.output
    cell = board_cells("a5")[0]
    assert marker_mm("a5") == pytest.approx(pt_to_mm(min(cell.w, cell.h)) - 2)
    assert marker_mm("a5") < MARKER_MM == marker_mm("a4")
    cols, rows = marker_grid("a5")
    assert cols * rows >= 3 * 14
    with pdfplumber.open(tmp_path / "hack-back" / "tracker.pdf") as pdf:
        for page in pdf.pages:
            for word in page.extract_words():
                assert pt_to_mm(word["x0"]) >= 10 - 0.01, word
                assert pt_to_mm(word["x1"]) <= 148 - 10 + 0.01, word
        words = [w["text"] for w in pdf.pages[1].extract_words()]
    markers = [w for w in words if w.startswith("#") and w[1:].isdigit()]
    assert markers == [f"#{n}" for n in range(1, cols * rows + 1)]
