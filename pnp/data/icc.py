"""Colour management of card art through Pillow's ImageCms (LittleCMS): the pixels of
an image in whatever colour space its file declares, as the sRGB numbers an RGB output
(PDF DeviceRGB, PNG previews, the table's sheets) prints.

- An embedded ICC profile (`Image.info["icc_profile"]`: PNG iCCP, JPEG APP2, WebP,
  TIFF) is read by LittleCMS and the pixels converted from it to LittleCMS's built-in
  sRGB with `INTENT` (relative colorimetric) and black-point compensation (`FLAGS`):
  in-gamut colours keep their measured colour, the white point is mapped to paper
  white, out-of-gamut colours are clipped to the nearest sRGB colour, and the
  source's black is mapped to sRGB black so shadows keep their detail.
- A profile whose numbers are sRGB's (`is_srgb`: a grid of colours converts to within
  `SRGB_TOLERANCE`) changes nothing: the file may be embedded as it is.
- Untagged RGB (and palette) is taken to be sRGB; untagged grey stays grey.
- CMYK is always converted through a profile, never with the naive formula
  (R = 255 x (1 - C) x (1 - K), ...): its own embedded one, else `CMYK_PROFILE`, "SWOP
  TR003 Coated" (pnp/data/profiles/, CC0 with CGATS TR 003 characterization data; its
  licence file says where it comes from and how it was made).
- A profile that cannot be read, or that is for another colour space than the pixels
  (an RGB profile in a CMYK file), is a warning naming the file; the pixels are then
  treated as untagged.
- Two profiles are the same when their bytes are (`profile_id`: the ICC profile ID, the
  MD5 the header may carry, or computed as ICC.1 computes it), never by comparing
  Python objects: CMYK art tagged with the press profile keeps its numbers.
Alpha never passes through a transform: it is split off first and kept as it is.
Source: issue 27 item 3 ("Colour management").
"""

from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from PIL import Image, ImageCms

#: The rendering intent and flags of every conversion (named in the README).
INTENT = ImageCms.Intent.RELATIVE_COLORIMETRIC
FLAGS = ImageCms.Flags.BLACKPOINTCOMPENSATION
#: Largest difference (0..255 units) at which a profile counts as sRGB's own numbers.
SRGB_TOLERANCE = 1
#: The CMYK profile of untagged CMYK art (a file in pnp/data/profiles/).
CMYK_PROFILE = "SWOP_TR003_coated_3.icc"
CMYK_PROFILE_NAME = "SWOP TR003 Coated"
#: The ICC colour-space signature a profile must have for the pixels' mode.
_SPACE_OF_MODE = {"RGB": "RGB", "CMYK": "CMYK", "L": "GRAY"}


@dataclass(frozen=True)
class Source:
    """What an image's pixels are, colour-wise: `profile` (a LittleCMS profile to convert
    from, None for untagged or sRGB-equivalent pixels), `warning` (one sentence for
    the user when an embedded profile was set aside, else None) and `id`, the
    `profile_id` of `profile` (None when there is no profile)."""

    profile: ImageCms.ImageCmsProfile | None
    warning: str | None
    id: bytes | None = None

    @property
    def converts(self) -> bool:
        """True when the pixels' numbers change on their way to sRGB."""
        return self.profile is not None


@lru_cache(maxsize=1)
def srgb() -> ImageCms.ImageCmsProfile:
    """LittleCMS's built-in sRGB profile (IEC 61966-2.1)."""
    return ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB"))


@lru_cache(maxsize=1)
def srgb_profile_bytes() -> bytes:
    """LittleCMS's built-in sRGB profile as ICC bytes, to tag an sRGB image with."""
    return srgb().tobytes()


@lru_cache(maxsize=1)
def cmyk_profile_bytes() -> bytes:
    """The bytes of `CMYK_PROFILE` as shipped (the PDF/X output intent embeds them)."""
    return resources.files("pnp.data").joinpath("profiles", CMYK_PROFILE).read_bytes()


@lru_cache(maxsize=1)
def default_cmyk() -> ImageCms.ImageCmsProfile:
    """The CMYK profile of untagged CMYK art (`CMYK_PROFILE`, shipped with pnp)."""
    return ImageCms.ImageCmsProfile(io.BytesIO(cmyk_profile_bytes()))


def profile_id(data: bytes) -> bytes:
    """The ICC profile ID of the profile `data`: the 16 bytes at offset 84 of its header
    when they are not all zero, else the MD5 of `data` with its header's profile flags
    (44..47), rendering intent (64..67) and profile ID (84..99) set to zero, which is how
    ICC.1:2010 section 7.2.18 computes the ID. Equal IDs: the same profile, whatever
    program embedded it (one that changed only the header's intent keeps its ID)."""
    stored = data[84:100]
    if len(stored) == 16 and any(stored):
        return bytes(stored)
    blank = bytearray(data)
    for start, end in ((44, 48), (64, 68), (84, 100)):
        blank[start:end] = bytes(max(0, min(end, len(blank)) - start))
    return hashlib.md5(bytes(blank), usedforsecurity=False).digest()


@lru_cache(maxsize=1)
def press_id() -> bytes:
    """`profile_id` of the shipped CMYK profile (`CMYK_PROFILE`)."""
    return profile_id(cmyk_profile_bytes())


def _colour_mode(mode: str) -> str:
    """The mode whose profile signature applies to pixels stored in `mode`."""
    if mode in ("CMYK",):
        return "CMYK"
    if mode in ("1", "L", "LA", "La", "I", "F") or mode.startswith("I;"):
        return "L"
    return "RGB"


def is_srgb(profile: ImageCms.ImageCmsProfile) -> bool:
    """True when `profile` (an RGB one) turns a grid of 9 x 9 x 9 colours into the same
    sRGB numbers within SRGB_TOLERANCE units: its pixels need no conversion."""
    steps = [min(255, 32 * i) for i in range(9)]
    data = bytes(v for r in steps for g in steps for b in steps for v in (r, g, b))
    grid = Image.frombytes("RGB", (len(steps) ** 3, 1), data)
    out = ImageCms.profileToProfile(
        grid, profile, srgb(), renderingIntent=INTENT, outputMode="RGB", flags=FLAGS
    )
    assert out is not None  # inPlace is False
    diff = [abs(a - b) for a, b in zip(data, out.tobytes())]
    return max(diff) <= SRGB_TOLERANCE


def _read(data: bytes) -> tuple[ImageCms.ImageCmsProfile | None, str | None]:
    try:
        return ImageCms.ImageCmsProfile(io.BytesIO(data)), None
    except (OSError, ImageCms.PyCMSError, ValueError, TypeError) as exc:
        return None, str(exc) or type(exc).__name__


def source_of(im: Image.Image) -> Source:
    """The colour source of the opened image `im` (its header read is enough); the
    warning, if any, speaks of the image as "its" (the caller names the file). See the
    module docstring for the rules."""
    want = _SPACE_OF_MODE[_colour_mode(im.mode)]
    untagged, untagged_id = (default_cmyk(), press_id()) if want == "CMYK" else (None, None)
    data = im.info.get("icc_profile")
    if not data:
        return Source(untagged, None, untagged_id)
    profile, problem = _read(data)
    if profile is None:
        return Source(
            untagged,
            f"its embedded ICC profile cannot be read ({problem}); {_instead(want)}",
            untagged_id,
        )
    space = (profile.profile.xcolor_space or "").strip()
    if space != want:
        return Source(
            untagged,
            f"its embedded ICC profile is for {space or 'unknown'} colours, not {want}; "
            + _instead(want),
            untagged_id,
        )
    if want == "RGB" and is_srgb(profile):
        return Source(None, None)
    return Source(profile, None, profile_id(data))


def _instead(want: str) -> str:
    if want == "CMYK":
        return f"its colours are converted through {CMYK_PROFILE_NAME} instead"
    return f"its colours are printed as untagged {'sRGB' if want == 'RGB' else 'grey'}"


def managed(colour: Image.Image, source: Source) -> Image.Image:
    """`colour` (mode "L", "RGB" or "CMYK", no alpha) as sRGB numbers: "RGB" when it was
    converted through `source.profile`, unchanged "L" or "RGB" when it has no profile.
    ValueError for CMYK pixels without a profile (`source_of` always gives them one)."""
    if source.profile is None:
        if colour.mode == "CMYK":
            raise ValueError("CMYK pixels need a profile to be converted")
        return colour
    out = ImageCms.profileToProfile(
        colour, source.profile, srgb(), renderingIntent=INTENT, outputMode="RGB", flags=FLAGS
    )
    assert out is not None  # inPlace is False
    return out
