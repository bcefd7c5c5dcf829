"""Card art files read and checked before anything is drawn: `probe(path)` says what an
image is (its size as displayed, format, mode, EXIF orientation, transparency, what
printing will change) or refuses it with one user-facing reason (`ImageRefused`).

What is checked, in order, before a pixel is decoded: the path is a regular file that
can be read; Pillow identifies it as one of `FORMATS`; its width x height is within
Pillow's decompression-bomb limit (`PIL.Image.MAX_IMAGE_PIXELS`, read at each call:
anything over it is refused, not warned about). Then the data is checked:
- PNG: every chunk's CRC, the IHDR first and the IEND last, and the start of the IDAT
  zlib stream inflated (64 KiB of output, counted and dropped: its rows' filter bytes
  valid). No pixel is decoded: a whole inflate would cost ~5 ms a card, more than the
  rest of the probe; `check_png_data(..., whole=True)` is there for a thorough check;
- JPEG: the whole entropy-coded stream decoded at 1/8 scale (libjpeg's DCT scaling
  reads every byte, so a cut or damaged file fails as a full decode would), relying on
  `ImageFile.LOAD_TRUNCATED_IMAGES` being off, Pillow's default (pnp never sets it);
- other formats: the first frame decoded in full.
Probes are cached per (path, size, mtime, limit), so validation and rendering share one.
Source: issue 12 ("Art in the data"), shared/DESIGN.md "Card faces" (art).
"""

from __future__ import annotations

import os
import stat
import struct
import warnings
import zlib
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, UnidentifiedImageError

from pnp.core.errors import PnpError
from pnp.data.files import kind_of

#: Formats accepted as card art (Pillow's names; a camera's multi-picture JPEG opens as
#: "MPO"). Others that Pillow knows (EPS, PSD, ICNS, ...) are refused by name: EPS would
#: run Ghostscript, and none of them is card art.
FORMATS = ("PNG", "JPEG", "WEBP", "TIFF", "GIF", "BMP")
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
ORIENTATION_TAG = 0x0112
CACHE_SIZE = 256  # probes kept; the oldest is dropped first

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
#: Modes printed as they are, or after a conversion `pnp.render.images` knows.
_MODES = {
    "1",
    "L",
    "LA",
    "La",
    "P",
    "PA",
    "RGB",
    "RGBA",
    "RGBa",
    "RGBX",
    "CMYK",
    "YCbCr",
    "I",
    "I;16",
    "I;16B",
    "I;16L",
    "I;16N",
    "F",
}
_SIXTEEN_BIT = {"I;16", "I;16B", "I;16L", "I;16N", "I"}
#: What Pillow raises on a damaged file besides OSError (its plugins parse with struct,
#: index into buffers and divide by header fields).
_DAMAGE = (
    OSError,
    ValueError,
    SyntaxError,
    EOFError,
    struct.error,
    IndexError,
    TypeError,
    KeyError,
    ZeroDivisionError,
)

_cache: dict[tuple, ImageInfo] = {}


class ImageRefused(PnpError):
    """An image file that cannot be card art; `str(exc)` is a one-line reason for the
    user, without the path (the caller names the file and the line that gave it)."""


@dataclass(frozen=True)
class ImageInfo:
    """A checked image file. `path` as given to `probe`; `width_px` x `height_px` as
    displayed (after its EXIF `orientation`, 1..8, 1 when none: 5 to 8 swap them);
    Pillow's `format` ("PNG", "JPEG", ...) and `mode` as stored ("RGB", "P", "I;16",
    "CMYK", ...); `has_alpha`: an alpha channel or a transparency key; `notes`: what
    printing will change, for the user; `stamp` (st_size, st_mtime_ns), so that a
    changed file is a different image."""

    path: Path
    width_px: int
    height_px: int
    format: str
    mode: str
    orientation: int
    has_alpha: bool
    notes: tuple[str, ...]
    stamp: tuple


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


def _stat(path: Path) -> os.stat_result:
    try:
        info = os.stat(path)
    except FileNotFoundError:
        if os.path.islink(path):
            raise ImageRefused(
                "cannot read the file: it is a symbolic link to a file that does not exist"
            ) from None
        raise ImageRefused("the file does not exist") from None
    except OSError as exc:
        raise ImageRefused(f"cannot read the file: {exc.strerror or exc}") from None
    if not stat.S_ISREG(info.st_mode):
        raise ImageRefused(f"it is {kind_of(info.st_mode)}, not an image file")
    return info


def _read_head(path: Path) -> bytes:
    """The whole file when it is a PNG, else its first 16 bytes."""
    with open(path, "rb") as f:
        head = f.read(16)
        return head + f.read() if head.startswith(PNG_SIGNATURE) else head


def _begins(head: bytes) -> str:
    if not head:
        return "the file is empty"
    text = head[:12]
    if all(32 <= b < 127 or b in b"\t\r\n" for b in text):
        return f"it begins with the text {text.decode('ascii')!r}"
    return f"it begins with the bytes {text.hex(' ')}"


def _unidentified(path: Path, head: bytes) -> ImageRefused:
    """Why Pillow could not open `path` as one of FORMATS: another format, or none."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with Image.open(path) as other:  # header only: no plugin decodes here
                fmt = other.format
    except Exception:  # noqa: BLE001 - any failure means "no format Pillow knows"
        return ImageRefused(f"not an image Pillow can read ({_begins(head)})")
    return ImageRefused(
        f"it is an image in the {fmt} format; card art must be one of "
        f"{', '.join(FORMATS[:-1])} or {FORMATS[-1]}"
    )


def _size_past_limit(path: Path) -> tuple[int, int] | None:
    """The header size of an image Pillow's open refused as a bomb: each accepted
    format's reader run directly, which reads the header without the size check."""
    Image.init()
    try:
        with open(path, "rb") as f:
            prefix = f.read(16)
            for fmt in FORMATS:
                factory, accept = Image.OPEN[fmt]
                accepted = accept(prefix) if accept is not None else True
                if isinstance(accepted, str) or not accepted:  # a str is a warning
                    continue
                f.seek(0)
                try:
                    return factory(f, str(path)).size
                except _DAMAGE:
                    continue
    except OSError:
        return None
    return None


def _bomb(size: tuple[int, int] | None, limit: int) -> ImageRefused:
    if size is None:
        shown = f"more than {2 * limit:,} pixels"
    else:
        shown = f"{size[0]:,} x {size[1]:,} px = {size[0] * size[1]:,} pixels"
    return ImageRefused(
        f"the image is too large: {shown}, over Pillow's "
        f"decompression-bomb limit of {limit:,} pixels (MAX_IMAGE_PIXELS)"
    )


def _open(path: Path, head: bytes, limit: int | None) -> Image.Image:
    """The image opened by Pillow (header read, no pixels), among FORMATS."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            return Image.open(path, formats=FORMATS)
    except Image.DecompressionBombError:
        raise _bomb(_size_past_limit(path), limit or 0) from None
    except UnidentifiedImageError:
        raise _unidentified(path, head) from None
    except OSError as exc:
        if exc.errno is not None:
            raise ImageRefused(f"cannot read the file: {exc.strerror or exc}") from None
        raise _damaged(_without(str(exc), path)) from None
    except _DAMAGE as exc:
        raise _damaged(_without(str(exc), path) or type(exc).__name__) from None


def _without(message: str, path: Path) -> str:
    return message.replace(str(path), "the file")


def _verify(im: Image.Image, path: Path) -> None:
    """Decode what the module docstring says for a JPEG or a non-PNG image."""
    try:
        if im.format in ("JPEG", "MPO"):
            im.draft(im.mode, (max(1, im.width // 8), max(1, im.height // 8)))
        im.load()
    except _DAMAGE as exc:
        raise _damaged(_without(str(exc), path) or type(exc).__name__) from None


def _orientation(im: Image.Image, layout: PngLayout | None) -> int:
    try:
        if layout is not None:  # Pillow's PNG getexif() would decode the pixels
            if layout.exif is None:
                return 1
            exif = Image.Exif()
            exif.load(layout.exif)
        else:
            exif = im.getexif()
        value = exif.get(ORIENTATION_TAG, 1)
    except _DAMAGE:
        return 1  # unreadable EXIF: shown as stored
    return value if isinstance(value, int) and 1 <= value <= 8 else 1


def _notes(im: Image.Image, layout: PngLayout | None, orientation: int) -> tuple[str, ...]:
    notes = []
    if im.mode == "CMYK":
        notes.append(f"CMYK {im.format}: converted to RGB")
    elif im.mode in ("YCbCr", "RGBX", "RGBa", "La"):
        notes.append(f"{im.mode} colours: converted to {'RGB' if im.mode != 'La' else 'LA'}")
    if im.mode in _SIXTEEN_BIT or (layout is not None and layout.bit_depth == 16):
        notes.append("16 bits per channel: reduced to 8")
    elif im.mode == "F":
        notes.append("32-bit floating-point samples: reduced to 8 bits (0..255 kept)")
    if orientation != 1:
        how = {
            2: "mirrored",
            4: "mirrored",
            5: "rotated and mirrored",
            7: "rotated and mirrored",
        }.get(orientation, "rotated")
        notes.append(f"{how} by its EXIF orientation")
    if getattr(im, "is_animated", False):
        notes.append("it has several frames: the first is printed")
    return tuple(notes)


def _probe(path: Path, stamp: tuple, limit: int | None) -> ImageInfo:
    try:
        head = _read_head(path)
    except OSError as exc:
        raise ImageRefused(f"cannot read the file: {exc.strerror or exc}") from None
    layout = None
    if head.startswith(PNG_SIGNATURE):
        layout = read_png(head)
        if limit is not None and layout.width_px * layout.height_px > limit:
            raise _bomb((layout.width_px, layout.height_px), limit)
        check_png_data(head, layout)
    with _open(path, head, limit) as im:
        if limit is not None and im.width * im.height > limit:
            raise _bomb(im.size, limit)
        if im.mode not in _MODES:
            raise ImageRefused(
                f"its colour mode {im.mode} cannot be printed; save it as RGB or greyscale"
            )
        size, orientation = im.size, _orientation(im, layout)
        w, h = size if orientation < 5 else size[::-1]
        has_alpha = im.mode in ("RGBA", "LA", "PA", "RGBa", "La") or "transparency" in im.info
        assert im.format is not None  # opened from a file: one of FORMATS
        info = ImageInfo(
            path,
            w,
            h,
            im.format,
            im.mode,
            orientation,
            has_alpha,
            _notes(im, layout, orientation),
            stamp,
        )
        if layout is None:
            _verify(im, path)  # after reading the header: a JPEG's draft resizes im
        return info


def probe(path: Path) -> ImageInfo:
    """Check the image file at `path` (already resolved by the caller) as the module
    docstring says and describe it (an ImageInfo, cached per file stamp and limit).
    Raises ImageRefused, with a reason for the user: the file is missing, a folder or
    not a regular file, cannot be read, is not an image Pillow can read or not one of
    FORMATS, is truncated or corrupt, or has more pixels than MAX_IMAGE_PIXELS."""
    info = _stat(path)
    stamp = (info.st_size, info.st_mtime_ns)
    limit = Image.MAX_IMAGE_PIXELS
    key = (path, stamp, limit)
    if key not in _cache:
        if len(_cache) >= CACHE_SIZE:
            del _cache[next(iter(_cache))]
        _cache[key] = _probe(path, stamp, limit)
    return _cache[key]
