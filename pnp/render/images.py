"""Card art in the PDF: `ImageStore` draws checked images (pnp.data.images.ImageInfo) on
a reportlab canvas, each distinct prepared image written once as one image XObject
however often it is drawn, on pages or inside forms.

A prepared image is a file (path and stamp) with an edge extension (px per side) and a
final size (px); its XObject is a recipe until the document is written: its `format()`
reads the file then, makes the stream and lets the pixels go, so drawing 1,000 cards
holds recipes, not pixels. How the stream is made:
- passed through: a JPEG (RGB or grey) is its file's bytes (DCTDecode); a PNG of 8-bit
  RGB, or 1 to 8-bit grey or palette, not interlaced and without tRNS, is its IDAT
  chunks concatenated (FlateDecode, PNG predictor 15; a palette becomes /Indexed) —
  when the image needs no extension and no downsampling;
- re-encoded otherwise: decoded by Pillow to 8-bit grey or RGB (CMYK, 16-bit, 1-bit,
  palette and the rest converted), or to the press profile's CMYK on a CMYK canvas
  (pnp.render.cmyk: never passed through, so no Adobe-inverted CMYK JPEG reaches it),
  alpha or a transparency key split into an /SMask (in PDF/X-1a, which has no
  transparency, a 1-bit /Mask instead: pnp.render.pixels.stencil),
  edges extended, downsampled with LANCZOS, then deflated through Pillow's PNG encoder:
  predictor rows with zlib's Z_RLE strategy (pnp.render.pixels: the pixel preparation;
  its `ZLIB_LEVEL`, `ZLIB_STRATEGY` are measured in bench/bench_images.py's docstring;
  RLE over predicted rows is as small as level 6 on photos and about as fast as level 1
  on raw pixels).
EXIF orientation never touches pixels: the image is placed with a matrix that turns or
mirrors it (`placement_matrix`), so a turned JPEG still passes through. Nothing is
ASCII85-encoded. Lengths are in points, sizes in pixels.
Source: issue 12 item 3 ("Images are stored once and streamed").
"""

from __future__ import annotations

import io
import math
import os
import warnings
import zlib
from dataclasses import dataclass

from PIL import Image
from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFName, PDFObject, PDFStream

from pnp.core.errors import PnpError
from pnp.core.shown import PATH_LIMIT, quoted
from pnp.data.images import FORMATS, ImageInfo
from pnp.data.png import read_png
from pnp.layout.imposition import Rect
from pnp.render.cmyk import Press, press_of
from pnp.render.pixels import deflated, eight_bit, extended, stencil

EDGE_EPSILON_PX = 1e-9  # an extension this close under a whole pixel is that pixel

#: (p, q, r, s, t, z): displayed unit coordinates u' = p*u + q*v + r, v' = s*u + t*v + z
#: of the stored image's (u, v) (u right, v up, both 0..1), per EXIF orientation.
_ORIENT = {
    1: (1, 0, 0, 0, 1, 0),
    2: (-1, 0, 1, 0, 1, 0),
    3: (-1, 0, 1, 0, -1, 1),
    4: (1, 0, 0, 0, -1, 1),
    5: (0, -1, 1, -1, 0, 1),
    6: (0, 1, 0, -1, 0, 1),
    7: (0, 1, 0, 1, 0, 0),
    8: (0, -1, 1, 1, 0, 0),
}
_PNG_SPACES = {0: "DeviceGray", 2: "DeviceRGB"}
#: A re-encoded image's colour space and channels by its Pillow mode.
_SPACES = {"L": ("DeviceGray", 1), "RGB": ("DeviceRGB", 3), "CMYK": ("DeviceCMYK", 4)}


class ImageChanged(PnpError):
    """An image could not be read back, or differs from its check, when the PDF was
    written (it was changed, removed or damaged in between)."""


# --- geometry (pure) -------------------------------------------------------------------


def extension_px(info: ImageInfo, rect: Rect, extend_pt) -> tuple[int, int, int, int]:
    """Whole pixels (left, bottom, right, top, as displayed) that cover at least
    `extend_pt` (pt, same order) beyond `rect` (pt) at the image's scale in `rect`.
    ValueError for a negative or non-finite length."""
    if len(extend_pt) != 4 or not all(math.isfinite(e) and e >= 0 for e in extend_pt):
        raise ValueError(f"extend_pt is 4 lengths >= 0 (pt), got {extend_pt!r}")
    sx, sy = rect.w / info.width_px, rect.h / info.height_px
    return tuple(
        max(0, math.ceil(e / s - EDGE_EPSILON_PX)) for e, s in zip(extend_pt, (sx, sy, sx, sy))
    )


def downsampled(size_px: tuple[int, int], drawn: Rect, max_dpi: float | None) -> tuple[int, int]:
    """The size (px) an image of `size_px` drawn over `drawn` (pt) is embedded at: per
    axis the ceiling of its size at `max_dpi` pixels per inch, never more than it has."""
    if max_dpi is None:
        return size_px
    w, h = (
        min(n, max(1, math.ceil(pt / 72 * max_dpi - EDGE_EPSILON_PX)))
        for n, pt in zip(size_px, (drawn.w, drawn.h))
    )
    return w, h


def _displayed(orientation: int, u: float, v: float) -> tuple[float, float]:
    p, q, r, s, t, z = _ORIENT[orientation]
    return p * u + q * v + r, s * u + t * v + z


def stored_sides(orientation: int, sides: tuple) -> tuple:
    """`sides` (left, bottom, right, top, as displayed) in the stored image's order."""
    out = []
    for u, v in ((0, 0.5), (0.5, 0), (1, 0.5), (0.5, 1)):  # stored edges' midpoints
        du, dv = _displayed(orientation, u, v)
        out.append(
            sides[0] if du == 0 else sides[2] if du == 1 else sides[1] if dv == 0 else sides[3]
        )
    return tuple(out)


def placement_matrix(orientation: int, drawn: Rect) -> tuple[float, ...]:
    """The PDF `cm` matrix (a, b, c, d, e, f) that maps a stored image's unit square onto
    `drawn` (pt) as displayed: turned and mirrored by its EXIF `orientation`."""
    p, q, r, s, t, z = _ORIENT[orientation]
    return (
        drawn.w * p,
        drawn.h * s,
        drawn.w * q,
        drawn.h * t,
        drawn.x + drawn.w * r,
        drawn.y + drawn.h * z,
    )


# --- what is written -----------------------------------------------------------------


@dataclass(frozen=True)
class Recipe:
    """One prepared image, in the file's stored orientation: `extend_px` (left, bottom,
    right, top) of repeated edge pixels, then the `size_px` (w, h) it is embedded at;
    `press`: its colour converted to the press profile's CMYK (pnp.render.cmyk.Press:
    its ink limit, PDF/X), None: RGB."""

    info: ImageInfo
    extend_px: tuple[int, int, int, int]
    size_px: tuple[int, int]
    press: Press | None = None

    @property
    def cmyk(self) -> bool:
        """True when the pixels are written as CMYK."""
        return self.press is not None

    @property
    def stored_px(self) -> tuple[int, int]:
        """The file's own size as stored (px)."""
        i = self.info
        return (i.width_px, i.height_px) if i.orientation < 5 else (i.height_px, i.width_px)

    @property
    def untouched(self) -> bool:
        """True when the file's pixels are embedded as they are (no extension, no resize,
        no colour conversion through an embedded profile or to CMYK)."""
        return (
            not self.cmyk
            and not any(self.extend_px)
            and self.size_px == self.stored_px
            and not self.info.colour_converted
        )


@dataclass
class Counts:
    """What writing the document did: XObjects passed through and re-encoded."""

    passed_through: int = 0
    re_encoded: int = 0


def _image_dict(w: int, h: int, space, bits: int, colours: int | None, filter_: str) -> dict:
    entries = {
        "Type": PDFName("XObject"),
        "Subtype": PDFName("Image"),
        "Width": w,
        "Height": h,
        "ColorSpace": space,
        "BitsPerComponent": bits,
        "Filter": PDFName(filter_),
    }
    if colours is not None:
        entries["DecodeParms"] = PDFDictionary(
            {"Predictor": 15, "Colors": colours, "BitsPerComponent": bits, "Columns": w}
        )
    return entries


def _read(info: ImageInfo) -> bytes:
    where = quoted(str(info.path), PATH_LIMIT)
    try:
        now = os.stat(info.path)
        data = info.path.read_bytes() if (now.st_size, now.st_mtime_ns) == info.stamp else None
    except OSError as exc:
        raise ImageChanged(
            f"cannot read the image {where} any more: {exc.strerror or exc}"
        ) from None
    if data is None or len(data) != info.stamp[0]:
        raise ImageChanged(
            f"the image {where} changed while the PDF was being written; build again"
        )
    return data


def _passthrough(recipe: Recipe, data: bytes):
    """(entries, content) of the file's own compressed data, or None."""
    info, (w, h) = recipe.info, recipe.stored_px
    if info.format == "JPEG" and info.mode in ("RGB", "L"):
        space = PDFName("DeviceRGB" if info.mode == "RGB" else "DeviceGray")
        return _image_dict(w, h, space, 8, None, "DCTDecode"), data
    if info.format != "PNG":
        return None
    png = read_png(data, check_crc=False)
    if (
        png.interlaced
        or png.has_trns
        or not (
            (png.colour_type == 2 and png.bit_depth == 8)
            or (png.colour_type in (0, 3) and png.bit_depth <= 8)
        )
    ):
        return None
    if png.colour_type == 3:
        lookup = PDFStream(
            PDFDictionary({"Filter": PDFName("FlateDecode")}), zlib.compress(png.palette)
        )
        space = PDFArray(
            [PDFName("Indexed"), PDFName("DeviceRGB"), len(png.palette) // 3 - 1, lookup]
        )
    else:
        space = PDFName(_PNG_SPACES[png.colour_type])
    return (
        _image_dict(w, h, space, png.bit_depth, png.channels, "FlateDecode"),
        png.image_data(data),
    )


def _reencoded(recipe: Recipe, data: bytes):
    """(entries, content, alpha or None: an "L" image) of the decoded, prepared pixels."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data), formats=FORMATS) as im:
                im.load()
                limit = recipe.press.ink_limit if recipe.press is not None else None
                colour, alpha = eight_bit(im, cmyk=recipe.cmyk, ink_limit=limit)
    except Exception as exc:  # noqa: BLE001 - it was checked; anything now is a change
        raise ImageChanged(
            f"the image {quoted(str(recipe.info.path), PATH_LIMIT)} could "
            f"not be decoded again ({type(exc).__name__}: {exc})"
        ) from None
    layers = [im for im in (colour, alpha) if im is not None]
    layers = [extended(im, *recipe.extend_px) for im in layers]
    if layers[0].size != recipe.size_px:
        layers = [
            im.resize(recipe.size_px, Image.Resampling.LANCZOS, reducing_gap=3.0) for im in layers
        ]
    w, h = recipe.size_px
    space, channels = _SPACES[colour.mode]
    entries = _image_dict(w, h, PDFName(space), 8, channels, "FlateDecode")
    return entries, deflated(layers[0]), (layers[1] if alpha is not None else None)


class ImageXObject(PDFObject):
    """An image XObject registered at draw time whose stream is made by `format()`, when
    reportlab writes the document: read, prepared, formatted, and let go. A soft mask,
    when the pixels have one, is registered then under `mask_name`."""

    def __init__(self, recipe: Recipe, mask_name: str, counts: Counts):
        self.recipe, self.mask_name, self.counts = recipe, mask_name, counts

    def format(self, document) -> bytes:
        data = _read(self.recipe.info)
        made = _passthrough(self.recipe, data) if self.recipe.untouched else None
        mask = None
        if made is None:
            entries, content, mask = _reencoded(self.recipe, data)
            self.counts.re_encoded += 1
        else:
            entries, content = made
            self.counts.passed_through += 1
        del data
        if mask is not None:
            w, h = self.recipe.size_px
            if self.recipe.press is not None and self.recipe.press.pdfx:  # no transparency
                stream = {"Type": PDFName("XObject"), "Subtype": PDFName("Image"), "Width": w}
                stream |= {"Height": h, "ImageMask": "true", "BitsPerComponent": 1}
                mask_entries = PDFDictionary({**stream, "Filter": PDFName("FlateDecode")})
                made = PDFStream(mask_entries, stencil(mask))
                entries["Mask"] = document.Reference(made, self.mask_name)
            else:
                image = _image_dict(w, h, PDFName("DeviceGray"), 8, 1, "FlateDecode")
                smask = PDFStream(PDFDictionary(image), deflated(mask))
                entries["SMask"] = document.Reference(smask, self.mask_name)
        return PDFStream(PDFDictionary(entries), content).format(document)


# --- the store -------------------------------------------------------------------------


class ImageStore:
    """Draws images on `canvas` (a reportlab Canvas), each distinct prepared image one
    XObject (shared by the stores of one canvas: the document keeps the names), in CMYK
    when the canvas writes CMYK (pnp.render.cmyk.is_cmyk). `max_dpi` (pixels per inch):
    an image drawn finer than that is downsampled to it; None keeps every pixel.
    ValueError for a `max_dpi` that is not a number above 0.

    `embedded`: distinct image XObjects this store has put in the document (soft masks
    not counted); `drawn`: images drawn; `counts`: how many XObjects were passed through
    and re-encoded, filled in when the canvas is saved."""

    def __init__(self, canvas, max_dpi: float | None = None):
        if max_dpi is not None and not (math.isfinite(max_dpi) and max_dpi > 0):
            raise ValueError(f"max_dpi is pixels per inch above 0, got {max_dpi!r}")
        self.canvas = canvas
        self.max_dpi = max_dpi
        self.press = press_of(canvas)
        self.embedded = 0
        self.drawn = 0
        self.counts = Counts()
        self._names: dict[Recipe, str] = {}

    def draw(
        self,
        info: ImageInfo,
        rect: Rect,
        clip: Rect | None = None,
        extend_pt: tuple[float, float, float, float] = (0, 0, 0, 0),
    ) -> None:
        """Draw the whole image (as displayed, EXIF-oriented) so that it fills `rect` (pt,
        in the canvas's current coordinates; the caller gives a rect of the image's
        aspect), clipped to `clip` (pt) when given. `extend_pt` (left, bottom, right,
        top, pt) asks for that much more image beyond `rect`, made by repeating the edge
        pixels (generated bleed): the extension is a whole number of pixels, at least
        the asked length, and the image drawn then covers `rect` grown by exactly those
        pixels at the same pt-per-pixel scale. ValueError for an empty `rect` or a
        negative extension."""
        if not (rect.w > 0 and rect.h > 0 and math.isfinite(rect.w * rect.h)):
            raise ValueError(f"the image's rect needs a width and height above 0 (pt), got {rect}")
        left, bottom, right, top = extension_px(info, rect, extend_pt)
        sx, sy = rect.w / info.width_px, rect.h / info.height_px
        drawn = Rect(
            rect.x - left * sx,
            rect.y - bottom * sy,
            rect.w + (left + right) * sx,
            rect.h + (bottom + top) * sy,
        )
        size = downsampled(
            (info.width_px + left + right, info.height_px + bottom + top), drawn, self.max_dpi
        )
        recipe = Recipe(
            info,
            stored_sides(info.orientation, (left, bottom, right, top)),
            size if info.orientation < 5 else size[::-1],
            self.press,
        )
        name = self._names.get(recipe) or self._register(recipe)
        self._place(name, drawn, clip, info.orientation)
        self.drawn += 1

    def _register(self, recipe: Recipe) -> str:
        """Register the XObject as Canvas.drawImage does (a named document object that
        pages and forms list by name), unless this canvas already has it. Names count
        up per document in drawing order, so the PDF does not depend on where the files
        are or when they were touched."""
        doc = self.canvas._doc
        names = doc.__dict__.setdefault("_pnp_image_names", {})
        key = (recipe.info.path, recipe.info.stamp, recipe.extend_px, recipe.size_px)
        if key not in names:
            names[key] = f"pnpimg{len(names) + 1}"
            internal = doc.getXObjectName(names[key])
            doc.Reference(ImageXObject(recipe, internal + ".SMask", self.counts), internal)
        self._names[recipe] = names[key]
        self.embedded += 1
        return names[key]

    def _place(self, name: str, drawn: Rect, clip: Rect | None, orientation: int) -> None:
        c = self.canvas
        c._currentPageHasImages = 1
        c.saveState()
        if clip is not None:
            path = c.beginPath()
            path.rect(clip.x, clip.y, clip.w, clip.h)
            c.clipPath(path, stroke=0, fill=0)
        c.transform(*placement_matrix(orientation, drawn))
        c._code.append(f"/{c._doc.getXObjectName(name)} Do")
        c.restoreState()
        c._formsinuse.append(name)  # the page's or form's resources list it
