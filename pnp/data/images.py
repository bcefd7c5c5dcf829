"""Card art files read and checked before anything is drawn: `probe(path)` says what an
image is (its size as displayed, format, mode, EXIF orientation, transparency, what
printing will change) or refuses it with one user-facing reason (`ImageRefused`).

What is checked, in order, before a pixel is decoded: the path is a regular file that
can be read; Pillow identifies it as one of `FORMATS`; its width x height is within
Pillow's decompression-bomb limit (`PIL.Image.MAX_IMAGE_PIXELS`, read at each call:
anything over it is refused, not warned about). Then the data is checked:
- PNG (read by pnp.data.png): every chunk's CRC, the IHDR first and the IEND last, and
  the start of the IDAT zlib stream inflated (64 KiB of output, counted and dropped: its
  rows' filter bytes valid). No pixel is decoded: a whole inflate would cost ~5 ms a
  card, more than the rest of the probe; `check_png_data(..., whole=True)` is there for
  a thorough check;
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
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PIL import Image, UnidentifiedImageError

from pnp.core.errors import ImageRefused
from pnp.core.file_kinds import kind_of
from pnp.data.png import PNG_SIGNATURE, PngLayout, _damaged, check_png_data, read_png

if TYPE_CHECKING:  # pnp.data.icc loads Pillow's colour management: imported where used
    from pnp.data.icc import Source

#: Formats accepted as card art (Pillow's names; a camera's multi-picture JPEG opens as
#: "MPO"). Others that Pillow knows (EPS, PSD, ICNS, ...) are refused by name: EPS would
#: run Ghostscript, and none of them is card art.
FORMATS = ("PNG", "JPEG", "WEBP", "TIFF", "GIF", "BMP")
ORIENTATION_TAG = 0x0112
CACHE_SIZE = 256  # probes kept; the oldest is dropped first

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


@dataclass(frozen=True)
class ImageInfo:
    """A checked image file. `path` as given to `probe`; `width_px` x `height_px` as
    displayed (after its EXIF `orientation`, 1..8, 1 when none: 5 to 8 swap them);
    Pillow's `format` ("PNG", "JPEG", ...) and `mode` as stored ("RGB", "P", "I;16",
    "CMYK", ...); `has_alpha`: an alpha channel or a transparency key; `notes`: what
    printing will change, for the user; `stamp` (st_size, st_mtime_ns), so that a
    changed file is a different image; `colour_converted`: its pixels are converted to
    sRGB through its embedded ICC profile (pnp.data.icc), so it is never embedded as it
    is; `warnings`: what the user should fix (an embedded profile that was set aside)."""

    path: Path
    width_px: int
    height_px: int
    format: str
    mode: str
    orientation: int
    has_alpha: bool
    notes: tuple[str, ...]
    stamp: tuple
    colour_converted: bool = False
    warnings: tuple[str, ...] = ()


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


def _notes(
    im: Image.Image, layout: PngLayout | None, orientation: int, colour: Source
) -> tuple[str, ...]:
    from pnp.data.icc import CMYK_PROFILE_NAME, press_id

    notes = []
    if im.mode == "CMYK" and colour.id == press_id():
        tagged = colour.warning is None and im.info.get("icc_profile")
        how = "tagged with" if tagged else "no ICC profile, read as"
        notes.append(
            f"CMYK {im.format}: {how} {CMYK_PROFILE_NAME} (converted to "
            "sRGB for RGB outputs; --colour cmyk keeps its numbers)"
        )
    elif colour.converts:
        notes.append(
            f"{im.mode} {im.format}: converted through its ICC profile (to sRGB, or to "
            f"{CMYK_PROFILE_NAME} for --colour cmyk)"
        )
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
    from pnp.data.icc import source_of  # here: Pillow's colour management loads with it

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
        colour = source_of(im)
        info = ImageInfo(
            path,
            w,
            h,
            im.format,
            im.mode,
            orientation,
            has_alpha,
            _notes(im, layout, orientation, colour),
            stamp,
            colour.converts,
            () if colour.warning is None else (colour.warning,),
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
