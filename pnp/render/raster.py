"""Rasterising single-face PDFs (pnp.render.single) with pypdfium2: each page rendered
once, at exactly the pixel size asked for, page by page, and encoded as PNG with its dpi.
No drawing happens here: the pixels are pdfium's rendering of the one PDF drawing.
pypdfium2 is imported by the functions that rasterise, not with this module: a process
that writes a PDF first (pnp.export) loads it once the PDF is written, into the memory
the drawing has given back.
Lengths: mm (`_mm`) and pixels (`_px`). Source: shared/DESIGN.md, "pnp export"; issue 41.
"""

from __future__ import annotations

import ctypes
import io
import struct
import zlib
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PIL import Image

from pnp.core.errors import PnpError

if TYPE_CHECKING:  # pypdfium2 is imported when a PDF is rasterised, not with this module
    import pypdfium2 as pdfium

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


def rasterise(
    pdf: Path, size_px: tuple[int, int]
) -> Generator[tuple[int, Image.Image], None, None]:
    """(page index, RGB image of `size_px`) of every page of `pdf`, one page at a time:
    each page is opened, rendered (`render_page`, every page into the same buffer) and
    closed before the next."""
    import pypdfium2 as pdfium

    scratch = bytearray(size_px[0] * size_px[1] * 3)
    document = pdfium.PdfDocument(str(pdf))
    try:
        for index in range(len(document)):
            page = document[index]
            try:
                image = render_page(page, *size_px, scratch)
            finally:
                page.close()
            yield index, image
    finally:
        document.close()


def render_page(
    page: pdfium.PdfPage, width_px: int, height_px: int, scratch: bytearray | None = None
) -> Image.Image:
    """The whole `page` as an RGB image of exactly `width_px` x `height_px`, on white,
    anti-aliased (pdfium's defaults), annotations drawn (`render_into`, into a white
    buffer: `scratch`, one of at least width_px x height_px x 3 bytes reused from page
    to page, else one of its own). The image holds a copy of the pixels (Pillow keeps
    four bytes a pixel), so `scratch` may be drawn into again at once.

    PnpError if the bitmap cannot be made (out of memory); ValueError if `scratch` is
    too small."""
    stride = width_px * 3
    buffer = bytearray(stride * height_px) if scratch is None else scratch
    whiten(buffer)  # white before drawing
    render_into(page, buffer, 0, stride, width_px, height_px)
    with memoryview(buffer) as view:
        return Image.frombytes("RGB", (width_px, height_px), view[: stride * height_px])


def render_into(
    page: pdfium.PdfPage, buffer: bytearray, offset: int, stride: int, width_px: int, height_px: int
) -> None:
    """Draw the whole `page` into a `width_px` x `height_px` rectangle of `buffer` (raw
    RGB pixels, rows `stride` bytes apart) whose top left pixel is at byte `offset`, over
    the pixels already there (white, for a page on white), anti-aliased (pdfium's
    defaults), annotations drawn. pdfium maps the page's box onto the rectangle, so each
    axis gets its own scale (size_px / size_pt · 72 dpi). This is the call
    PdfPage.render(scale=s) makes, whose size is ceil(size_pt · s) on both axes with one
    scale; here the size is chosen, so no pixel is cropped or padded. (The PDFs have no
    interactive form fields, so render()'s may_draw_forms would draw nothing more.) The
    pixels are drawn in place, so pages can be drawn side by side into one buffer
    without a copy of any of them.

    PnpError if the bitmap cannot be made (out of memory); ValueError if the rectangle
    does not lie inside `buffer`."""
    if (
        stride < width_px * 3
        or offset < 0
        or offset + stride * (height_px - 1) + width_px * 3 > len(buffer)
    ):
        raise ValueError(
            f"a {width_px}x{height_px} px rectangle at byte {offset} is not inside the buffer"
        )
    import pypdfium2.raw as pdfium_c

    pixels_at = (ctypes.c_ubyte * (len(buffer) - offset)).from_buffer(buffer, offset)
    bitmap = pdfium_c.FPDFBitmap_CreateEx(
        width_px, height_px, pdfium_c.FPDFBitmap_BGR, pixels_at, stride
    )
    if not bitmap:
        raise PnpError(f"cannot make a {width_px}x{height_px} px image (out of memory?)")
    try:
        pdfium_c.FPDF_RenderPageBitmap(
            bitmap,
            page,
            0,
            0,
            width_px,
            height_px,
            0,
            pdfium_c.FPDF_ANNOT | pdfium_c.FPDF_REVERSE_BYTE_ORDER,
        )
    finally:
        pdfium_c.FPDFBitmap_Destroy(bitmap)
        del pixels_at  # the bytearray may be resized again once no view holds it


#: Pixel rows of a rendered page deflated together (`Packed`): a band of a row of cards
#: unpacked at a time is a small fraction of the row's pixels.
BAND_ROWS = 32


@dataclass(frozen=True)
class Packed:
    """A page rendered at `width_px` x `height_px` (raw RGB), kept deflated BAND_ROWS
    pixel rows a piece (zlib at its fastest level), so that a row of cards waiting to be
    written top to bottom holds a fraction of its pixels (`side_by_side`)."""

    width_px: int
    height_px: int
    bands: tuple[bytes, ...]


def render_packed(
    page: pdfium.PdfPage, width_px: int, height_px: int, scratch: bytearray
) -> Packed:
    """The whole `page` rendered as `render_page` renders it, into `scratch` (a buffer of
    at least width_px x height_px x 3 bytes, reused from page to page), then packed.
    PnpError as `render_into`; ValueError if `scratch` is too small."""
    stride = width_px * 3
    whiten(scratch)
    render_into(page, scratch, 0, stride, width_px, height_px)
    with memoryview(scratch) as view:
        bands = tuple(
            zlib.compress(view[top * stride : min(top + BAND_ROWS, height_px) * stride], 1)
            for top in range(0, height_px, BAND_ROWS)
        )
    return Packed(width_px, height_px, bands)


def side_by_side(cells: Sequence[Packed], width_px: int, height_px: int) -> Iterator[bytes]:
    """The pixel rows (raw RGB, `width_px` wide, `height_px` of them) of `cells` placed
    side by side from the left edge, white to the right of the last one: one band of
    every cell unpacked at a time. ValueError if a cell is not `height_px` high or the
    cells are wider than `width_px`."""
    if any(c.height_px != height_px for c in cells) or sum(c.width_px for c in cells) > width_px:
        raise ValueError(f"the cells do not fit {width_px}x{height_px} px")
    pad = b"\xff" * ((width_px - sum(c.width_px for c in cells)) * 3)
    strides = [c.width_px * 3 for c in cells]
    for band, top in enumerate(range(0, height_px, BAND_ROWS)):
        unpacked = [zlib.decompress(c.bands[band]) for c in cells]
        for y in range(min(BAND_ROWS, height_px - top)):
            yield b"".join([*(u[y * s : (y + 1) * s] for u, s in zip(unpacked, strides)), pad])


def whiten(buffer: bytearray) -> None:
    """Set every pixel of `buffer` (raw RGB) to white, in place."""
    if buffer:
        ctypes.memset((ctypes.c_ubyte * len(buffer)).from_buffer(buffer), 0xFF, len(buffer))


def write_png_strips(
    path: Path, size: tuple[int, int], dpi: int, strips: Iterable[bytes | memoryview]
) -> None:
    """Write an RGB PNG of `size` (width, height px) with `dpi` stored (pHYs, pixels per
    metre, rounded as Pillow rounds them) to `path`, its pixels given top to bottom as
    `strips` of whole rows (raw RGB bytes, width x 3 a row), so only one strip is ever
    held: a 4096 px Tabletop Simulator sheet is given one pixel row at a time (one row
    of its cards unpacked band by band, `side_by_side`). Rows are stored unfiltered (PNG filter 0) and deflated as they come. OSError if the file
    cannot be written; ValueError if the strips do not add up to `size`."""
    width, height = size
    stride = width * 3
    ppm = int(dpi / 0.0254 + 0.5)

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (
            struct.pack(">I", len(body))
            + kind
            + body
            + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
        )

    deflate, rows = zlib.compressobj(6), 0
    with open(path, "wb") as out:
        out.write(b"\x89PNG\r\n\x1a\n")
        out.write(chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)))
        out.write(chunk(b"pHYs", struct.pack(">IIB", ppm, ppm, 1)))
        for strip in strips:
            if len(strip) % stride:
                raise ValueError(f"a strip of {len(strip)} bytes is not whole rows of {width} px")
            view = memoryview(strip)
            data = [
                deflate.compress(part)
                for start in range(0, len(strip), stride)
                for part in (b"\x00", view[start : start + stride])
            ]
            rows += len(strip) // stride
            if any(data):
                out.write(chunk(b"IDAT", b"".join(data)))
        if rows != height:
            raise ValueError(f"{rows} rows given for a {height} px high image")
        out.write(chunk(b"IDAT", deflate.flush()))
        out.write(chunk(b"IEND", b""))


def encode_png(image: Image.Image, dpi: int, icc_profile: bytes | None = None) -> bytes:
    """`image` as PNG bytes with `dpi` stored (pHYs, pixels per metre) and, when given,
    `icc_profile` embedded (iCCP: the colour space its numbers are in)."""
    out = io.BytesIO()
    out.name = "image.png"  # Pillow picks its writer by the name: it loads no other plugin
    extra: dict[str, Any] = {"icc_profile": icc_profile} if icc_profile else {}
    image.save(out, dpi=(dpi, dpi), **extra)
    return out.getvalue()
