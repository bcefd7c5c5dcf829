"""PNG files read chunk by chunk, for checking card art (pnp.data.images.probe) and for
passing a PNG's compressed data straight into the PDF (pnp.render.images): the layout
its chunks describe (`read_png`: size in px, bit depth, colour type, interlacing,
palette, tRNS, eXIf and where each IDAT's data lies, every chunk's CRC checked) and a
check of its zlib image data (`check_png_data`: the start inflated, or all of it, rows'
filter bytes checked). No pixel is decoded or unfiltered. A file that is not a PNG, or
is truncated or corrupt, raises ImageRefused with a reason for the user.
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass

from pnp.core.errors import ImageRefused

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

_PNG_DEPTHS = {0: (1, 2, 4, 8, 16), 2: (8, 16), 3: (1, 2, 4, 8), 4: (8, 16), 6: (8, 16)}
_PNG_CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
_ADAM7 = (
    (0, 0, 8, 8),
    (4, 0, 8, 8),
    (0, 4, 4, 8),
    (2, 0, 4, 4),
    (0, 2, 2, 4),
    (1, 0, 2, 2),
    (0, 1, 1, 2),
)  # x0, y0, dx, dy of the seven interlace passes
CHECKED_PIXELS_BYTES = 1 << 16  # inflated bytes probe checks (and the piece size)


@dataclass(frozen=True)
class PngLayout:
    """What a PNG's chunks say: size (px), `bit_depth` per sample, `colour_type` (0 grey,
    2 RGB, 3 palette, 4 grey + alpha, 6 RGBA), Adam7 `interlaced`, the PLTE `palette`
    (RGB triples, b"" when none), whether a tRNS chunk is present, the eXIf chunk's
    bytes (None when none), and the (start, end) byte offsets of each IDAT's data."""

    width_px: int
    height_px: int
    bit_depth: int
    colour_type: int
    interlaced: bool
    palette: bytes
    has_trns: bool
    exif: bytes | None
    idat: tuple[tuple[int, int], ...]

    @property
    def channels(self) -> int:
        """Samples per pixel as stored (a palette index is one)."""
        return _PNG_CHANNELS[self.colour_type]

    def row_bytes(self, width_px: int) -> int:
        """Bytes of one filtered row `width_px` wide, its filter-type byte included."""
        return 1 + (width_px * self.channels * self.bit_depth + 7) // 8

    def raw_size(self) -> int:
        """Bytes the IDAT stream inflates to: every row of every pass, filter bytes in."""
        if not self.interlaced:
            return self.height_px * self.row_bytes(self.width_px)
        total = 0
        for x0, y0, dx, dy in _ADAM7:
            cols = (self.width_px - x0 + dx - 1) // dx if self.width_px > x0 else 0
            rows = (self.height_px - y0 + dy - 1) // dy if self.height_px > y0 else 0
            if cols and rows:
                total += rows * self.row_bytes(cols)
        return total

    def image_data(self, data: bytes) -> bytes:
        """The IDAT chunks' data of the PNG `data`, concatenated: one zlib stream."""
        view = memoryview(data)
        return b"".join(view[start:end] for start, end in self.idat)


def _damaged(reason: str) -> ImageRefused:
    return ImageRefused(f"the image is truncated or corrupt ({reason})")


def _chunks(data: bytes, check_crc: bool):
    """(type, start, end) of each chunk's data up to IEND; ImageRefused when the file
    ends first or (with `check_crc`) a chunk's CRC is wrong."""
    view, pos = memoryview(data), len(PNG_SIGNATURE)
    while True:
        if pos + 12 > len(data):
            raise _damaged("the file ends before its IEND chunk")
        length, kind = struct.unpack(">I4s", view[pos : pos + 8])
        end = pos + 8 + length
        if end + 4 > len(data):
            raise _damaged(f"the file ends inside its {kind.decode('latin-1')!r} chunk")
        if check_crc and zlib.crc32(view[pos + 4 : end]) != int.from_bytes(
            view[end : end + 4], "big"
        ):
            raise _damaged(f"the {kind.decode('latin-1')!r} chunk's checksum is wrong")
        yield kind, pos + 8, end
        if kind == b"IEND":
            return
        pos = end + 4


def read_png(data: bytes, check_crc: bool = True) -> PngLayout:
    """The layout of the PNG file `data` (bytes, signature included), walking every
    chunk to IEND (checking each CRC unless `check_crc` is false; nothing is inflated).
    Raises ImageRefused when it is not a PNG, or is truncated or corrupt."""
    if not data.startswith(PNG_SIGNATURE):
        raise ImageRefused("not a PNG file")
    chunks = _chunks(data, check_crc)
    kind, start, end = next(chunks)
    if kind != b"IHDR" or end - start != 13:
        raise _damaged("it does not start with an IHDR chunk")
    w, h, depth, ctype, method, filtering, interlace = struct.unpack(">IIBBBBB", data[start:end])
    if (
        not w
        or not h
        or depth not in _PNG_DEPTHS.get(ctype, ())
        or method
        or filtering
        or interlace > 1
    ):
        raise _damaged("its IHDR chunk is invalid")
    palette, trns, exif, idat = b"", False, None, []
    for kind, start, end in chunks:
        if kind == b"IDAT":
            idat.append((start, end))
        elif kind == b"PLTE":
            palette = bytes(data[start:end])
        elif kind == b"tRNS":
            trns = True
        elif kind == b"eXIf":
            exif = bytes(data[start:end])
    if not idat:
        raise _damaged("it has no image data (IDAT)")
    if ctype == 3 and (not palette or len(palette) % 3 or len(palette) > 768):
        raise _damaged("its palette (PLTE) is missing or invalid")
    return PngLayout(w, h, depth, ctype, bool(interlace), palette, trns, exif, tuple(idat))


def check_png_data(data: bytes, layout: PngLayout, whole: bool = False) -> None:
    """Inflate the IDAT stream of the PNG `data` (output counted and dropped, never
    unfiltered): ImageRefused unless it is zlib data whose rows (non-interlaced) start
    with a filter type 0..4. Only its first `CHECKED_PIXELS_BYTES` are inflated unless
    `whole`; then the stream must also end, after at least `raw_size()` bytes. (The whole
    check costs a full inflate, ~5 ms for a 300 dpi card: probe leaves it out.)"""
    inflater, expected, done = zlib.decompressobj(), layout.raw_size(), 0
    stride = layout.row_bytes(layout.width_px)
    view = memoryview(data)
    try:
        for start, end in layout.idat:
            piece: memoryview | bytes = view[start:end]
            while piece and not inflater.eof:
                out = inflater.decompress(piece, CHECKED_PIXELS_BYTES)
                if not layout.interlaced and done < expected:
                    filters = out[(-done) % stride : expected - done : stride]
                    if filters and max(filters) > 4:
                        raise _damaged("a row of its image data has an unknown filter type")
                done += len(out)
                if not whole and done:
                    return
                piece = inflater.unconsumed_tail
            if inflater.eof:
                break
    except zlib.error as exc:
        raise _damaged(f"its image data is damaged: {exc}") from None
    if not inflater.eof or done < expected:
        raise _damaged("its image data stops short")
