"""CMYK output (`pnp export --format pdf-single --colour cmyk`, `--preset drivethrucards`):
every colour a face paints, and every picture, written in the CMYK of one stated press
profile, `PROFILE_NAME` ("SWOP TR003 Coated", pnp/data/profiles/, CC0), through
LittleCMS with pnp.data.icc's `INTENT` (relative colorimetric) and `FLAGS` (black-point
compensation): the numbers a press on that profile needs to print the sRGB colour.

- Vector colours: a canvas made with `enforceColorSpace=Press(...)` (`canvas_options`)
  turns every colour set on it, on its text objects and inside its forms into a
  reportlab CMYKColor (`k` / `K` operators), so the drawing code (pnp.render.painter,
  icons, glyphs) is the same for RGB and CMYK output.
- Neutral greys (R = G = B) print with the black plate only, so black text and hairlines
  need no registration: white is (0, 0, 0, 0), #000000 is (0, 0, 0, 100 %), and a grey
  between is the K whose lightness (CIE L* on the profile) is nearest the lightness the
  colorimetric conversion would print (`grey_k`), 100 % K at most. A face's ground that
  prints 100 % K prints rich black instead (`rich_black`): large black areas look black,
  not dark grey, while the text on them stays K only.
- Pictures (`cmyk_pixels`): converted from their own profile (or sRGB when untagged;
  pnp.data.icc.source_of) to the press profile; CMYK art untagged or tagged with the
  press profile itself (the same profile ID, pnp.data.icc.profile_id) keeps its numbers;
  CMYK art on another profile goes through LittleCMS's black-preserving intent
  (`CMYK_INTENT`), so K-only black stays K only; grey pictures become K only (`grey_k`).
- An ink limit (`Press.ink_limit`, a shop's total-ink figure, pnp.presets) applies
  LittleCMS's ink-limiting device link's arithmetic (pnp.render.ink) to every colour and
  picture after the conversion; `Press.pdfx` (PDF/X-1a, pnp.render.pdfx) makes
  half-transparent colours opaque, mixed with the white of the paper.
Colour numbers are 8-bit (steps of 1/255) as LittleCMS gives them. Pillow's colour
management and the profiles (pnp.data.icc) load when a colour is first converted, so an
RGB PDF, a PNG or a TTS export never loads them.
Source: issue 27 item 3 ("--colour cmyk for pdf-single"); issue 44 item 4 ("Press files").
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, cast

from reportlab.lib.colors import CMYKColor, Color, toColor

from pnp.core.errors import PnpError
from pnp.core.shown import quoted
from pnp.render.ink import limited, limited_pixels, units

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
#: LittleCMS's black-preserving intent for CMYK art on another CMYK profile (lcms2.h
#: INTENT_PRESERVE_K_PLANE_RELATIVE_COLORIMETRIC): the K plane is kept and C, M, Y
#: matched colorimetrically around it. Pillow's `buildTransform` accepts intents 0..3
#: only, but its ImageCmsTransform class hands any intent to LittleCMS's
#: cmsCreateTransform, which has this one built in.
CMYK_INTENT = cast("ImageCms.Intent", 14)


@dataclass(frozen=True)
class Press:
    """How a CMYK canvas writes colours: within `ink_limit` (total ink in %, None: the
    profile's own) and, with `pdfx` (PDF/X-1a), opaque: a half-transparent colour is
    mixed with the white of the paper by its alpha. A black ground's rich black is made
    within `ink_limit` or else `ground_limit` (a shop's limit, when the rest is only
    checked against it). Called with a colour it is the canvas's `enforceColorSpace`
    (`to_cmyk`)."""

    ink_limit: int | None = None
    pdfx: bool = False
    ground_limit: int | None = None

    def __call__(self, value: Any) -> CMYKColor:
        return to_cmyk(value, self)


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

    intent = CMYK_INTENT if mode == "CMYK" else INTENT
    return ImageCms.ImageCmsTransform(profile, default_cmyk(), mode, "CMYK", intent, flags=FLAGS)


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


def _cmyk_of_colorimetric(red: int, green: int, blue: int) -> tuple[int, int, int, int]:
    """LittleCMS's conversion of one sRGB colour (each 0..255) to the press profile."""
    from PIL import Image, ImageCms

    pixel = ImageCms.applyTransform(Image.new("RGB", (1, 1), (red, green, blue)), _from_srgb())
    assert pixel is not None
    c, m, y, k = pixel.getpixel((0, 0))  # type: ignore[misc]
    return c, m, y, k


@lru_cache(maxsize=None)
def cmyk_of(red: int, green: int, blue: int) -> tuple[int, int, int, int]:
    """The press-profile CMYK (each 0..255) of the sRGB colour (each 0..255): K only for
    a neutral grey (`grey_k`), else LittleCMS's conversion. ValueError outside 0..255."""
    if not all(isinstance(v, int) and 0 <= v <= 255 for v in (red, green, blue)):
        raise ValueError(f"sRGB components are 0..255, got {(red, green, blue)!r}")
    if red == green == blue:
        return 0, 0, 0, grey_k()[red]
    return _cmyk_of_colorimetric(red, green, blue)


def to_cmyk(value: Any, press: Press = Press()) -> CMYKColor:
    """`value` (anything reportlab takes as a colour: a Color, "#RRGGBB", an (r, g, b) or
    (c, m, y, k) tuple of 0..1) as a CMYKColor on the press profile (`cmyk_of`, each
    component rounded to 8 bits first), within `press.ink_limit`; a CMYKColor keeps its
    numbers unless they are over the limit; alpha is kept, or with `press.pdfx` made 1
    with the colour mixed with paper white. ValueError for what is not a colour."""
    col = toColor(value)
    if not isinstance(col, Color):
        raise ValueError(f"not a colour: {value!r}")
    alpha = col.alpha
    mix = alpha if press.pdfx and alpha is not None and alpha < 1 else None
    if isinstance(col, CMYKColor):
        parts = (col.cyan, col.magenta, col.yellow, col.black)
        if mix is not None:
            parts = tuple(v * mix for v in parts)
        if press.ink_limit is None or sum(parts) * 100 <= press.ink_limit:
            return col if mix is None else CMYKColor(*parts, alpha=1)
        cmyk = tuple(round(min(1.0, max(0.0, v)) * 255) for v in parts)
    else:
        rgb = tuple(min(1.0, max(0.0, v)) for v in (col.red, col.green, col.blue))
        if mix is not None:
            rgb = tuple(1 - mix * (1 - v) for v in rgb)
        cmyk = cmyk_of(*(round(v * 255) for v in rgb))
    c, m, y, k = limited(cmyk, press.ink_limit)
    return CMYKColor(c / 255, m / 255, y / 255, k / 255, alpha=1 if mix is not None else alpha)


@lru_cache(maxsize=None)
def rich_black(ink_limit: int | None) -> tuple[int, int, int, int]:
    """The rich black a large black ground prints (each 0..255): 100 % K with the C, M, Y
    of the press profile's own black (LittleCMS's conversion of sRGB #000000: its grey
    balance), scaled so the total is the profile's total for that black or `ink_limit`,
    whichever is less."""
    c, m, y, k = _cmyk_of_colorimetric(0, 0, 0)
    room = (
        (c + m + y + k) - 255 if ink_limit is None else min(c + m + y + k, units(ink_limit)) - 255
    )
    cmy = c + m + y
    return c * room // cmy, m * room // cmy, y * room // cmy, 255


def black_ground(hex_rgb: str, strength: float) -> bool:
    """True when a ground of `hex_rgb` at `strength` (pnp.layout.face.Fill) is a neutral
    grey that K alone prints at 100 %: the CMYK export prints it in `rich_black`."""
    if strength < 1.0:
        return False
    rgb = toColor(hex_rgb)
    values = {round(v * 255) for v in (rgb.red, rgb.green, rgb.blue)}
    return len(values) == 1 and grey_k()[values.pop()] == 255


def ground_colour(canvas: Any, hex_rgb: str, strength: float) -> CMYKColor | None:
    """The colour a face's ground of `hex_rgb` at `strength` prints in on `canvas`:
    `rich_black` (within the canvas's ink limit) on a CMYK canvas for a `black_ground`,
    else None (the ground's own colour, as any fill)."""
    press = press_of(canvas)
    if press is None or not black_ground(hex_rgb, strength):
        return None
    c, m, y, k = rich_black(press.ink_limit or press.ground_limit)
    return CMYKColor(c / 255, m / 255, y / 255, k / 255)


def canvas_options(mode: str, press: Press | None = None) -> dict[str, Any]:
    """Extra keyword arguments of a reportlab Canvas writing colours in `mode` (one of
    MODES): none for "rgb" (the output stays byte-identical), the CMYK enforcer `press`
    (default: no ink limit, not PDF/X) for "cmyk". ValueError for another mode."""
    if mode not in MODES:
        raise ValueError(f"colour mode is one of {', '.join(MODES)}, got {mode!r}")
    return {"enforceColorSpace": press or Press()} if mode == "cmyk" else {}


def press_of(canvas: Any) -> Press | None:
    """The Press of a CMYK `canvas` (made with `canvas_options("cmyk")`), else None."""
    press = getattr(canvas, "_enforceColorSpace", None)
    return press if isinstance(press, Press) else None


def is_cmyk(canvas: Any) -> bool:
    """True when `canvas` writes CMYK (it was made with `canvas_options("cmyk")`)."""
    return press_of(canvas) is not None


def on_press_profile(source: Source) -> bool:
    """True when `source` (pnp.data.icc.Source of CMYK pixels) is the press profile: no
    profile, or one whose profile ID is the press profile's (its bytes, not the object)."""
    from pnp.data.icc import press_id

    return source.profile is None or source.id == press_id()


def cmyk_pixels(colour: Image.Image, source: Source, ink_limit: int | None = None) -> Image.Image:
    """`colour` (mode "L", "RGB" or "CMYK", no alpha; `source` from
    pnp.data.icc.source_of) as a "CMYK" image on the press profile: grey through
    `grey_k` (K only); RGB from `source.profile`, or sRGB when it has none; CMYK from
    `source.profile` through the black-preserving `CMYK_INTENT` unless that is the press
    profile itself (`on_press_profile`: then its numbers are kept); then within
    `ink_limit` (% total ink, pnp.render.ink; None: no limit). ValueError for another
    mode."""
    from PIL import Image, ImageCms

    if colour.mode == "L":
        k = colour.point(list(grey_k()))
        blank = Image.new("L", colour.size, 0)
        return Image.merge("CMYK", (blank, blank, blank, k))
    if colour.mode == "RGB":
        transform = _from_srgb() if source.profile is None else _to_press(source.profile, "RGB")
    elif colour.mode == "CMYK":
        if on_press_profile(source):
            return limited_pixels(colour, ink_limit)
        assert source.profile is not None  # on_press_profile covers None
        transform = _to_press(source.profile, "CMYK")
    else:
        raise ValueError(f"pixels in mode {colour.mode!r} cannot be made CMYK")
    out = ImageCms.applyTransform(colour, transform)
    assert out is not None  # inPlace is False
    return limited_pixels(out, ink_limit)
