"""Compare two output folders of `pnp build` (or `pnp export --format pdf-single`): every
PDF of the first is looked for in the second and is either the same bytes, or rendered
page by page (pypdfium2, 100 dpi) and compared pixel by pixel; PNGs are compared pixel
by pixel with their dpi. One line per file: "same bytes", "pixel-identical", or the
number of pixels that differ and the largest channel difference.

    python bench/same_output.py OLD_DIR NEW_DIR

Used to show that a change of the drawing code leaves every card the same (issue 24).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image, ImageChops


def _differing(a: Image.Image, b: Image.Image) -> tuple[int, int]:
    """(pixels that differ, the largest channel difference) of two same-size images."""
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    if diff.getbbox() is None:
        return 0, 0
    r, g, b = diff.split()
    largest = ImageChops.lighter(ImageChops.lighter(r, g), b)  # per pixel, max channel
    count = sum(largest.histogram()[1:])
    return count, largest.getextrema()[1]


def compare_pdf(fa: Path, fb: Path) -> str:
    if fa.read_bytes() == fb.read_bytes():
        return "same bytes"
    da, db = pdfium.PdfDocument(fa), pdfium.PdfDocument(fb)
    if len(da) != len(db):
        return f"PAGES DIFFER ({len(da)} and {len(db)})"
    pixels, worst = 0, 0
    for i in range(len(da)):
        ia = da[i].render(scale=100 / 72).to_pil()
        ib = db[i].render(scale=100 / 72).to_pil()
        if ia.size != ib.size:
            return f"PAGE {i + 1} SIZE DIFFERS"
        n, high = _differing(ia, ib)
        pixels, worst = pixels + n, max(worst, high)
    return "pixel-identical" if pixels == 0 else f"DIFF {pixels} px (largest {worst})"


def compare_png(fa: Path, fb: Path) -> str:
    with Image.open(fa) as ia, Image.open(fb) as ib:
        if ia.size != ib.size or ia.info.get("dpi") != ib.info.get("dpi"):
            return "SIZE OR DPI DIFFERS"
        n, high = _differing(ia, ib)
    return "pixel-identical" if n == 0 else f"DIFF {n} px (largest {high})"


def main() -> None:
    old, new = map(Path, sys.argv[1:3])
    for fa in sorted(p for p in old.rglob("*") if p.suffix in (".pdf", ".png")):
        fb = new / fa.relative_to(old)
        verdict = (
            "MISSING"
            if not fb.exists()
            else compare_pdf(fa, fb)
            if fa.suffix == ".pdf"
            else compare_png(fa, fb)
        )
        print(f"{verdict}: {fa.relative_to(old)}")


if __name__ == "__main__":
    main()
