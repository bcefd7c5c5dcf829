"""CMYK output (`pnp export --format pdf-single --colour cmyk`): every colour a face
paints, and every picture, written in the CMYK of one stated press profile,
`PROFILE_NAME` ("SWOP TR003 Coated", pnp/data/profiles/, CC0), through LittleCMS with
pnp.data.icc's `INTENT` (relative colorimetric) and `FLAGS` (black-point
compensation): the numbers a press on that profile needs to print the sRGB colour.

- Vector colours: a canvas made with `enforceColorSpace=to_cmyk` (`canvas_options`)
  turns every colour set on it, on its text objects and inside its forms into a
  reportlab CMYKColor (`k` / `K` operators), so the drawing code (pnp.render.painter,
  icons, glyphs) is the same for RGB and CMYK output.
- Neutral greys (R = G = B) print with the black plate only, so black text and hairlines
  need no registration: white is (0, 0, 0, 0), #000000 is (0, 0, 0, 100 %), and a grey
  between is the K whose lightness (CIE L* on the profile) is nearest the lightness the
  colorimetric conversion would print (`grey_k`), 100 % K at most.
- Pictures (`cmyk_pixels`): converted from their own profile (or sRGB when untagged;
  pnp.data.icc.source_of) to the press profile; CMYK art untagged or already on that
  profile keeps its numbers; grey pictures become K only through `grey_k`.
Nothing is written to say which profile the numbers are for (no OutputIntent): the
PDF is not PDF/X. Colour numbers are 8-bit (steps of 1/255) as LittleCMS gives them.
Source: issue 27 item 3 ("--colour cmyk for pdf-single").
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from reportlab.lib.colors import CMYKColor, Color, toColor

from pnp.core.errors import PnpError
from pnp.core.shown import quoted

if TYPE_CHECKING:  # Pillow's colour management (LittleCMS) loads when colours are converted
    from PIL import Image, ImageCms

    from pnp.data.icc import Source

#: The colour modes of an output, and the export formats that can be written in CMYK
#: (PNG and Tabletop Simulator images are RGB).
MODES = ("rgb", "cmyk")
CMYK_FORMATS = ("pdf-single",)
PROFILE_NAME = "SWOP TR003 Coated"  # pnp.data.icc.CMYK_PROFILE_NAME, the press profile
#: What each mode writes, for reports.
DESCRIPTIONS = {
    "rgb": "RGB (sRGB)",
    "cmyk": f"CMYK for {PROFILE_NAME} (relative colorimetric with black-point "
    "compensation; black and neutral greys on the K plate only; not PDF/X)",
}


def described(mode: str) -> str:
    """One line saying what colour mode `mode` (one of MODES) writes and through which
    profile. KeyError for another mode."""
    return DESCRIPTIONS[mode]


def check_colour(format: str, mode: str) -> None:
    """PnpError for a colour `mode` not in MODES, or "cmyk" for an export `format` not in
    CMYK_FORMATS."""
    if mode not in MODES:
        raise PnpError(f"unknown colour mode {quoted(mode)}; known: {', '.join(MODES)}")
    if mode == "cmyk" and format not in CMYK_FORMATS:
        raise PnpError(
            f"--colour cmyk is for {', '.join(CMYK_FORMATS)} only: {quoted(format)} images are RGB"
        )


@lru_cache(maxsize=1)
def _from_srgb() -> ImageCms.ImageCmsTransform:
    from PIL import ImageCms

    from pnp.data.icc import FLAGS, INTENT, default_cmyk, srgb

    return ImageCms.buildTransform(srgb(), default_cmyk(), "RGB", "CMYK", INTENT, FLAGS)


@lru_cache(maxsize=None)
def _to_press(profile: ImageCms.ImageCmsProfile, mode: str) -> ImageCms.ImageCmsTransform:
    from PIL import ImageCms

    from pnp.data.icc import FLAGS, INTENT, default_cmyk

    return ImageCms.buildTransform(profile, default_cmyk(), mode, "CMYK", INTENT, FLAGS)


def _lightness(profile: ImageCms.ImageCmsProfile, mode: str, pixels: Image.Image) -> list[int]:
    """L* (0..255 for 0..100) of each pixel of the one-row `pixels` on `profile`."""
    from PIL import ImageCms

    from pnp.data.icc import FLAGS, INTENT

    lab = ImageCms.createProfile("LAB")
    out = ImageCms.profileToProfile(pixels, profile, lab, INTENT, "LAB", flags=FLAGS)
    assert out is not None  # inPlace is False
    return list(out.getchannel(0).tobytes())


@lru_cache(maxsize=1)
def grey_k() -> tuple[int, ...]:
    """For each sRGB grey level 0..255 the K (0..255, C = M = Y = 0) that prints it: the
    K-only tint whose L* on the press profile is nearest the L* of the grey's
    colorimetric CMYK conversion; 255 for black, 0 for white."""
    from PIL import Image, ImageCms

    from pnp.data.icc import default_cmyk

    greys = Image.frombytes("RGB", (256, 1), bytes(v for v in range(256) for _ in range(3)))
    converted = ImageCms.applyTransform(greys, _from_srgb())
    assert converted is not None
    target = _lightness(default_cmyk(), "CMYK", converted)
    ramp = Image.frombytes("CMYK", (256, 1), bytes(b for k in range(256) for b in (0, 0, 0, k)))
    k_lightness = _lightness(default_cmyk(), "CMYK", ramp)
    lut = [min(range(256), key=lambda k: (abs(k_lightness[k] - t), k)) for t in target]
    lut[0], lut[255] = 255, 0
    return tuple(lut)


@lru_cache(maxsize=None)
def cmyk_of(red: int, green: int, blue: int) -> tuple[int, int, int, int]:
    """The press-profile CMYK (each 0..255) of the sRGB colour (each 0..255): K only for
    a neutral grey (`grey_k`), else LittleCMS's conversion. ValueError outside 0..255."""
    if not all(isinstance(v, int) and 0 <= v <= 255 for v in (red, green, blue)):
        raise ValueError(f"sRGB components are 0..255, got {(red, green, blue)!r}")
    if red == green == blue:
        return 0, 0, 0, grey_k()[red]
    from PIL import Image, ImageCms

    pixel = ImageCms.applyTransform(Image.new("RGB", (1, 1), (red, green, blue)), _from_srgb())
    assert pixel is not None
    c, m, y, k = pixel.getpixel((0, 0))  # type: ignore[misc]
    return c, m, y, k


def to_cmyk(value: Any) -> CMYKColor:
    """`value` (anything reportlab takes as a colour: a Color, "#RRGGBB", an (r, g, b) or
    (c, m, y, k) tuple of 0..1) as a CMYKColor on the press profile (`cmyk_of`, each
    component rounded to 8 bits first); a CMYKColor is kept as it is, alpha is kept.
    The `enforceColorSpace` of a CMYK canvas. ValueError for what is not a colour."""
    col = toColor(value)
    if isinstance(col, CMYKColor):
        return col
    if not isinstance(col, Color):
        raise ValueError(f"not a colour: {value!r}")
    rgb = (round(min(1.0, max(0.0, v)) * 255) for v in (col.red, col.green, col.blue))
    c, m, y, k = cmyk_of(*rgb)
    return CMYKColor(c / 255, m / 255, y / 255, k / 255, alpha=col.alpha)


def canvas_options(mode: str) -> dict[str, Any]:
    """Extra keyword arguments of a reportlab Canvas writing colours in `mode` (one of
    MODES): none for "rgb" (the output stays byte-identical), the CMYK enforcer for
    "cmyk". ValueError for another mode."""
    if mode not in MODES:
        raise ValueError(f"colour mode is one of {', '.join(MODES)}, got {mode!r}")
    return {"enforceColorSpace": to_cmyk} if mode == "cmyk" else {}


def is_cmyk(canvas: Any) -> bool:
    """True when `canvas` writes CMYK (it was made with `canvas_options("cmyk")`)."""
    return getattr(canvas, "_enforceColorSpace", None) is to_cmyk


def cmyk_pixels(colour: Image.Image, source: Source) -> Image.Image:
    """`colour` (mode "L", "RGB" or "CMYK", no alpha; `source` from
    pnp.data.icc.source_of) as a "CMYK" image on the press profile: grey through
    `grey_k` (K only); RGB from `source.profile`, or sRGB when it has none; CMYK from
    `source.profile` unless that is the press profile itself (then unchanged).
    ValueError for another mode."""
    from PIL import Image, ImageCms

    from pnp.data.icc import default_cmyk

    if colour.mode == "L":
        k = colour.point(list(grey_k()))
        blank = Image.new("L", colour.size, 0)
        return Image.merge("CMYK", (blank, blank, blank, k))
    if colour.mode == "RGB":
        transform = _from_srgb() if source.profile is None else _to_press(source.profile, "RGB")
    elif colour.mode == "CMYK":
        if source.profile is None or source.profile is default_cmyk():
            return colour
        transform = _to_press(source.profile, "CMYK")
    else:
        raise ValueError(f"pixels in mode {colour.mode!r} cannot be made CMYK")
    out = ImageCms.applyTransform(colour, transform)
    assert out is not None  # inPlace is False
    return out
