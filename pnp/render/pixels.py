"""The pixels of a re-encoded image (pnp.render.images), prepared with Pillow: decoded
colour made 8-bit grey or sRGB through its colour profile, or CMYK for a CMYK output
(pnp.render.cmyk), with its alpha split off (`eight_bit`, pnp.data.icc), edges extended
by repeated pixels for generated bleed (`extended`), and deflated as PNG-predicted rows
for /FlateDecode (`deflated`: zlib's Z_RLE strategy, `ZLIB_LEVEL` and `ZLIB_STRATEGY`,
measured in bench/bench_images.py's docstring). Sizes are in pixels.
"""

from __future__ import annotations

import io
import zlib

from PIL import Image

from pnp.data.icc import Source, managed, source_of
from pnp.data.png import read_png
from pnp.render.cmyk import cmyk_pixels

ZLIB_LEVEL = 1  # Z_RLE ignores the level above 0; 1 says "fast"
ZLIB_STRATEGY = zlib.Z_RLE


def eight_bit(
    im: Image.Image, source: Source | None = None, cmyk: bool = False, ink_limit: int | None = None
) -> tuple[Image.Image, Image.Image | None]:
    """(colour, alpha or None) of a decoded image: colour in mode "L" or "RGB" (16-bit
    scaled, 1-bit, palette, CMYK and the rest converted), as sRGB numbers through its
    colour `source` (pnp.data.icc; read from `im` when None) — or, when `cmyk`, in mode
    "CMYK" on the press profile within `ink_limit` % total ink (pnp.render.cmyk.cmyk_pixels)
    — alpha in "L", None when
    the image has none or it is fully opaque. Alpha is split off before any colour
    transform and kept as it is."""
    if source is None:
        source = source_of(im)
    mode = im.mode
    if mode.startswith("I"):
        im = im.convert("I").point(lambda v: v / 257).convert("L")
    elif mode in ("1", "F"):
        im = im.convert("L")
    elif mode in ("L", "RGB") and "transparency" in im.info:
        im = im.convert(mode + "A")
    elif mode in ("P", "PA"):
        im = im.convert("RGBA" if mode == "PA" or "transparency" in im.info else "RGB")
    elif mode in ("La", "RGBa"):
        im = im.convert(mode.upper())
    elif mode == "CMYK":
        pass  # converted through its profile by `managed` (pnp.data.icc)
    elif mode not in ("L", "RGB", "LA", "RGBA"):
        im = im.convert("RGB")
    alpha = None
    if im.mode in ("LA", "RGBA"):
        alpha = im.getchannel("A")
        im = im.convert(im.mode[:-1])
        if alpha.getextrema() == (255, 255):
            alpha = None
    return (cmyk_pixels(im, source, ink_limit) if cmyk else managed(im, source)), alpha


def extended(im: Image.Image, left: int, bottom: int, right: int, top: int) -> Image.Image:
    """`im` with that many pixels added on each side, each a copy of the edge pixel next
    to it (corners repeat the corner pixel)."""
    if not (left or bottom or right or top):
        return im
    w, h = im.size
    wide = Image.new(im.mode, (w + left + right, h))
    wide.paste(im, (left, 0))
    if left:
        wide.paste(im.crop((0, 0, 1, h)).resize((left, h), Image.Resampling.NEAREST), (0, 0))
    if right:
        wide.paste(
            im.crop((w - 1, 0, w, h)).resize((right, h), Image.Resampling.NEAREST), (left + w, 0)
        )
    out = Image.new(im.mode, (wide.width, h + top + bottom))
    out.paste(wide, (0, top))
    if top:
        out.paste(wide.crop((0, 0, wide.width, 1)).resize((wide.width, top)), (0, 0))
    if bottom:
        out.paste(wide.crop((0, h - 1, wide.width, h)).resize((wide.width, bottom)), (0, top + h))
    return out


def deflated(im: Image.Image) -> bytes:
    """The pixels of an "L", "RGB" or "CMYK" image as one zlib stream of PNG-predicted
    rows (for /FlateDecode with /Predictor 15), made by Pillow's PNG encoder: CMYK's four
    8-bit channels are encoded as RGBA's, whose predictor works on 4-byte pixels, the
    same rows /Colors 4 decodes (no alpha is involved)."""
    if im.mode == "CMYK":
        im = Image.frombytes("RGBA", im.size, im.tobytes())
    buf = io.BytesIO()
    im.save(buf, "PNG", compress_level=ZLIB_LEVEL, compress_type=ZLIB_STRATEGY)
    data = buf.getvalue()
    return read_png(data, check_crc=False).image_data(data)


#: The alpha (0..255) from which a pixel of a picture prints in PDF/X-1a (`stencil`).
STENCIL_ALPHA = 128


def stencil(alpha: Image.Image) -> bytes:
    """The "L" `alpha` as the zlib-compressed rows of a 1-bit PDF image mask (/Mask with
    /ImageMask true, for PDF/X-1a, which allows no soft masks): bit 0 (painted) where
    alpha is at least STENCIL_ALPHA, 1 (masked out) below; each row padded to a byte."""
    bits = alpha.point(lambda a: 0 if a >= STENCIL_ALPHA else 255, "1")
    return zlib.compress(bits.tobytes(), ZLIB_LEVEL)
