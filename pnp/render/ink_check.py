"""The total-ink check of a shop preset (`pnp validate --preset`, `pnp export --preset`):
every face's colours and pictures as the CMYK export prints them (pnp.render.cmyk, on
SWOP TR003 Coated) against the total ink the shop allows (pnp.presets.Preset.ink_limit),
one warning per element over it: the card (or back) and the picture's file or the
colour, the most ink found (%) and the limit.

- A vector colour (a text, a band, a badge, a frame, an SVG's own colours or the colour
  it is painted in) is checked as `pnp.render.cmyk.cmyk_of` separates it; a neutral
  grey is K only (at most 100 %), and a black ground prints the rich black made for the
  limit (`rich_black`), so neither is ever over.
- A raster picture is converted as the export converts it (pnp.render.pixels.eight_bit)
  and its largest C + M + Y + K over the pixels that print (alpha above 0) is its ink
  (pnp.render.ink.most_ink); found once per file and stamp.
- For PDF/X-1a (no transparency) a picture with partly transparent pixels is a warning:
  they print fully from half opacity up and not at all below (pnp.render.pixels.stencil).
`--ink-limit` (pnp.export) converts every colour and picture under the limit, so the
check is not run then. Source: issue 44 item 4 ("Press files").
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image
from reportlab.lib.colors import Color

from pnp.layout.face import Art, Element, Face, Fill, Icon
from pnp.layout.face_check import Fault
from pnp.render.cmyk import PROFILE_NAME, black_ground, cmyk_of
from pnp.render.colour import colour as hex_colour
from pnp.render.colour import tint
from pnp.render.ink import total
from pnp.render.pixels import STENCIL_ALPHA, eight_bit

#: The pale tint an icon of style "tint" prints in (pnp.render.icons).
ICON_TINT = 0.16


@dataclass(frozen=True)
class InkCheck:
    """What a preset's ink check checks against: the shop's total-ink `limit` (%), the
    shop's name for messages, and whether the file is PDF/X (no transparency)."""

    limit: int
    shop: str
    pdfx: bool = False

    def over(self, most: float) -> str:
        return (
            f"{_shown(most)} % total ink in CMYK for {PROFILE_NAME}, over the {self.limit} % "
            f"{self.shop} allows (export with --ink-limit to convert it under)"
        )


def _shown(value: float) -> str:
    return f"{round(value, 1):g}"


def _ink_of(col: Color) -> tuple[float, str]:
    """(total ink %, "C.. M.. Y.. K..") of one colour as the CMYK export separates it."""
    cmyk = cmyk_of(*(round(min(1.0, max(0.0, v)) * 255) for v in (col.red, col.green, col.blue)))
    return total(cmyk), " ".join(f"{n}{round(v / 2.55)}" for n, v in zip("CMYK", cmyk))


def _colours(element: Element) -> list[tuple[str, Color]]:
    """("#RRGGBB" as data names it, the colour printed) of every colour `element` prints
    itself (an Art element's are its SVG's: `_svg_colours`)."""
    named = getattr(element, "colour", None)
    if not isinstance(named, str):
        return []
    if isinstance(element, Fill) and element.strength < 1.0:
        return [(named, tint(named, element.strength))]
    if isinstance(element, Icon):
        if element.style == "tint":
            return [(named, tint(named, ICON_TINT))]
        if element.style == "badge":
            return [
                (named, hex_colour(named)),
                (element.ink_colour, hex_colour(element.ink_colour)),
            ]
    return [(named, hex_colour(named))]


def _svg_colours(art: Any) -> list[tuple[str, Color]]:
    """The colours an SVG picture prints: the one it is painted in, or its own."""
    if art.colour is not None:
        return [(art.colour, hex_colour(art.colour))]
    from pnp.data.svg import drawing

    found: dict[str, Color] = {}

    def walk(node: Any) -> None:
        for attr in ("fillColor", "strokeColor"):
            col = getattr(node, attr, None)
            if isinstance(col, Color):
                found.setdefault(col.hexval().replace("0x", "#").upper(), col)
        for child in getattr(node, "contents", ()):
            walk(child)

    walk(drawing(art.image))
    return list(found.items())


@lru_cache(maxsize=64)
def picture_ink(path: Path, stamp: tuple) -> tuple[float, bool]:
    """(the most total ink of any printed pixel, %, and whether some pixels are partly
    transparent) of the raster picture at `path` (its ImageInfo's stamp keys the cache),
    converted to the press profile's CMYK as the export converts it, without a limit."""
    from pnp.render.ink import most_ink

    with Image.open(path) as im:
        im.load()
        cmyk, alpha = eight_bit(im, cmyk=True)
    partly = False
    if alpha is not None:
        partial = alpha.point(lambda a: 255 if 0 < a < 255 else 0)
        partly = partial.getbbox() is not None
    return most_ink(cmyk, alpha), partly


def ink_faults(face: Face, check: InkCheck) -> list[Fault]:
    """A warning for every element of `face` (its ground first) that prints more total
    ink than `check.limit`, and for PDF/X every picture with partly transparent pixels."""
    faults: list[Fault] = []
    elements = ([face.ground] if face.ground is not None else []) + list(face.elements)
    for element in elements:
        if isinstance(element, Art):
            faults += _art_faults(element, check)
            continue
        if element is face.ground and black_ground(face.ground.colour, face.ground.strength):
            continue  # rich black, made within the limit
        faults += _colour_faults(element, _colours(element), check)
    return faults


def _colour_faults(element: Element, colours: list, check: InkCheck) -> list[Fault]:
    worst = max(((_ink_of(col), named) for named, col in colours), default=None)
    if worst is None or worst[0][0] <= check.limit:
        return []
    (most, cmyk), named = worst
    return [Fault(element, f"prints {named} as {cmyk}: {check.over(most)}", level="warning")]


def _art_faults(element: Art, check: InkCheck) -> list[Fault]:
    art = element.art
    if art.vector:
        found = _colour_faults(element, _svg_colours(art), check)
        return [
            Fault(f.element, f"its picture {art.file!r} {f.message}", level="warning")
            for f in found
        ]
    most, partly = picture_ink(art.image.path, art.image.stamp)
    faults = []
    if most > check.limit:
        message = f"its picture {art.file!r} prints up to {check.over(most)}"
        faults.append(Fault(element, message, level="warning"))
    if check.pdfx and partly:
        faults.append(
            Fault(
                element,
                f"its picture {art.file!r} has partly transparent pixels; {check.shop}'s PDF/X-1a "
                f"has no transparency, so they print in full from {round(STENCIL_ALPHA / 2.55)} % "
                "opacity up and not at all below",
                level="warning",
            )
        )
    return faults


def for_preset(shop: Any, converting: bool = False) -> InkCheck | None:
    """The ink check of the preset `shop` (pnp.presets.Preset): None for a shop whose
    files are not CMYK or that publishes no limit, or when the export converts under the
    limit (`converting`: --ink-limit)."""
    if shop is None or shop.ink_limit is None or shop.colour != "cmyk" or converting:
        return None
    return InkCheck(shop.ink_limit, shop.shop, shop.pdf_x is not None)
