"""Ink coverage of each kit's cards.pdf, default faces against `--ink-saver`.

    python bench/ink_coverage.py [--dpi 50] [--game GAME ...]

Each kit is built twice into a temporary folder (A4, the default sheet settings), once
with the default faces and once with the ink-saving ones; every page of cards.pdf
(fronts, backs and player aids) is rendered with pypdfium2 at `--dpi` and its coverage
measured. Coverage of a pixel is 1 - (R + G + B) / (3 x 255): for a grey, the share of
black ink; for a colour, the mean of its cyan, magenta and yellow shares in a plain
RGB -> CMY conversion (no black generation). A kit's coverage is the mean over every
pixel of every page (paper margins included), so 0.72 means ink on 72 % of the sheet's
area. Reported per game: pages, the mean coverage of front pages, back pages and all
pages, with and without the ink saver, and the ratio of the means.

Also imported by tests/test_ink_saver.py for `pdf_coverage` and `build_cards`.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

DEFAULT_DPI = 50


def page_coverage(pdf_path: Path, dpi: float = DEFAULT_DPI) -> list[float]:
    """The coverage of each page of `pdf_path` (0 white paper .. 1 solid black), rendered
    at `dpi` on white: the mean over its pixels of 1 - (R + G + B) / (3 x 255)."""
    import pypdfium2 as pdfium
    from PIL import ImageStat

    pdf = pdfium.PdfDocument(str(pdf_path))
    try:
        out = []
        for index in range(len(pdf)):
            page = pdf[index]
            image = page.render(scale=dpi / 72).to_pil().convert("RGB")
            out.append(1 - sum(ImageStat.Stat(image).mean) / (3 * 255))
            page.close()
        return out
    finally:
        pdf.close()


def pdf_coverage(pdf_path: Path, dpi: float = DEFAULT_DPI) -> float:
    """The mean coverage of every page of `pdf_path` (all pages are one paper size)."""
    pages = page_coverage(pdf_path, dpi)
    return sum(pages) / len(pages)


def build_cards(game: str, out_dir: Path, ink_saver: bool) -> Path:
    """Build `game`'s kit into `out_dir` (default sheet settings); the path of cards.pdf."""
    from pnp.build import BuildOptions, build

    report = build(BuildOptions(game, out_dir=Path(out_dir), ink_saver=ink_saver))
    return report.paths[0]


def _means(pages: list[float]) -> tuple[float, float, float]:
    """(fronts, backs, all) of a long-edge duplex cards.pdf: front pages are the odd ones."""
    fronts, backs = pages[0::2], pages[1::2]
    return (sum(fronts) / len(fronts), sum(backs) / len(backs), sum(pages) / len(pages))


def main() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from pnp.core.games import game_ids

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dpi", type=float, default=DEFAULT_DPI)
    parser.add_argument(
        "--game",
        action="append",
        choices=game_ids(),
        help="a game to measure (repeatable; default: every game)",
    )
    args = parser.parse_args()
    print(
        f"ink coverage of cards.pdf at {args.dpi:g} dpi (A4, defaults): fronts / backs / all pages"
    )
    print(f"{'game':<12} {'pages':>5}  {'default':>20}  {'--ink-saver':>20}  {'ratio':>5}")
    with tempfile.TemporaryDirectory(prefix="ink-coverage-") as tmp:
        for game in args.game or game_ids():
            row = []
            for ink_saver in (False, True):
                pdf = build_cards(
                    game, Path(tmp) / ("saver" if ink_saver else "default"), ink_saver
                )
                pages = page_coverage(pdf, args.dpi)
                row.append(_means(pages))
            cells = ["  ".join(f"{v:5.1%}" for v in means) for means in row]
            print(
                f"{game:<12} {len(pages):>5}  {cells[0]:>20}  {cells[1]:>20}  "
                f"{row[1][2] / row[0][2]:5.2f}"
            )


if __name__ == "__main__":
    main()
