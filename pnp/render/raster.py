"""Rasterising single-face PDFs (pnp.render.single) with pypdfium2: each page rendered
once, at exactly the pixel size asked for, page by page, and encoded as PNG with its dpi.
No drawing happens here: the pixels are pdfium's rendering of the one PDF drawing.
Lengths: mm (`_mm`) and pixels (`_px`). Source: shared/DESIGN.md, "pnp export".
"""

from __future__ import annotations

import ctypes
import io
from collections.abc import Callable, Generator
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from PIL import Image

from pnp.core.errors import PnpError

MM_PER_INCH = 25.4


class Progress:
    """Progress of a long step: `update(n)` after n more items. This one shows nothing;
    the CLI passes a factory of click progress bars. Used as a context manager."""

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc) -> None:
        return None

    def update(self, n: int) -> None:
        """Count `n` more items done."""


#: (total items, label) -> a context manager with update(n).
ProgressFactory = Callable[[int, str], Any]


def no_progress(total: int, label: str) -> Progress:
    """A Progress that shows nothing (the default)."""
    return Progress()


def pixels(length_mm: float, dpi: int) -> int:
    """A length in mm as whole pixels at `dpi`: round(length_mm / 25.4 · dpi)."""
    return round(length_mm / MM_PER_INCH * dpi)


def rasterise(pdf: Path, size_px: tuple[int, int]
              ) -> Generator[tuple[int, Image.Image], None, None]:
    """(page index, RGB image of `size_px`) of every page of `pdf`, one page at a time:
    each page is opened, rendered (`render_page`) and closed before the next."""
    document = pdfium.PdfDocument(str(pdf))
    try:
        for index in range(len(document)):
            page = document[index]
            try:
                image = render_page(page, *size_px)
            finally:
                page.close()
            yield index, image
    finally:
        document.close()


def render_page(page: pdfium.PdfPage, width_px: int, height_px: int) -> Image.Image:
    """The whole `page` as an RGB image of exactly `width_px` x `height_px`, on white,
    anti-aliased (pdfium's defaults), annotations drawn: pdfium maps the page's box onto
    the bitmap, so each axis gets its own scale (size_px / size_pt · 72 dpi). This is
    the call PdfPage.render(scale=s) makes, whose size is ceil(size_pt · s) on both axes
    with one scale; here the size is chosen, so no pixel is cropped or padded. (The
    PDFs have no interactive form fields, so render()'s may_draw_forms would draw
    nothing more.)
    PnpError if the bitmap cannot be made (out of memory)."""
    stride = width_px * 3
    buffer = (ctypes.c_ubyte * (stride * height_px)).from_buffer(
        bytearray(b"\xff" * (stride * height_px)))            # white before drawing
    bitmap = pdfium_c.FPDFBitmap_CreateEx(width_px, height_px, pdfium_c.FPDFBitmap_BGR,
                                          buffer, stride)
    if not bitmap:
        raise PnpError(f"cannot make a {width_px}x{height_px} px image (out of memory?)")
    try:
        pdfium_c.FPDF_RenderPageBitmap(bitmap, page, 0, 0, width_px, height_px, 0,
                                       pdfium_c.FPDF_ANNOT | pdfium_c.FPDF_REVERSE_BYTE_ORDER)
        return Image.frombytes("RGB", (width_px, height_px), bytes(buffer))
    finally:
        pdfium_c.FPDFBitmap_Destroy(bitmap)


def encode_png(image: Image.Image, dpi: int) -> bytes:
    """`image` as PNG bytes with `dpi` stored (pHYs, pixels per metre)."""
    out = io.BytesIO()
    image.save(out, "PNG", dpi=(dpi, dpi))
    return out.getvalue()
