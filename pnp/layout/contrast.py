"""Is every text of a face legible against what is printed under it? The WCAG 2.x contrast
ratio of a text's colour against the ground, the elements drawn before it and the
pictures under its ink, in colour and in greyscale (issue 28 item 3).

What lies under a text's ink boxes (Text.ink: the em box of every line, pt) is found
geometrically: the elements drawn before it, topmost first, each covering what is still
uncovered (rectangles exactly; discs, shields, rounded corners and icons on an 8 x 8 grid
of cells), then the ground (or white paper). Where a picture lies under a text, its
colours cannot be known from the face: `contrast_faults` asks `sample` (pnp.render.
contrast_pixels: the face painted without its texts and rasterised at CHECK_DPI) for the
pixels under the text instead.

The rule: a text's contrast is the lowest ratio found under at least PERCENTILE (5 %) of
its ink area (area-weighted for shapes, pixel-counted for pictures), so one stray pixel,
a hairline or an anti-aliased edge does not fail it; it must be at least 4.5:1, or 3:1
for large text as WCAG defines it (set at 18 pt or more, or at 14 pt or more in bold;
the size the text is actually set at, after shrinking). Greyscale is what a black and
white printer prints: every colour becomes the grey of its BT.601 luma on the sRGB
values (what printer drivers and PIL's "L" mode do), and that grey's luminance is used.
(A luminance-keeping grey would give the colour ratios again; the luma grey does not.)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache

from pnp.core.records import NamedTuple
from pnp.fonts import BOLD
from pnp.layout.card_frame import CardFrame
from pnp.layout.face import (
    Art,
    Border,
    Disc,
    Element,
    Face,
    Fill,
    Icon,
    Outline,
    Rule,
    Shield,
    Text,
)
from pnp.layout.face_check import Fault
from pnp.layout.imposition import Rect
from pnp.layout.text import TextDoesNotFit

NORMAL_MIN = 4.5  # WCAG 2.x SC 1.4.3, body text
LARGE_MIN = 3.0  # ... large text
LARGE_PT, LARGE_BOLD_PT = 18.0, 14.0  # large text: 18 pt, or 14 pt bold
PERCENTILE = 0.05  # the worst 5 % of a text's ink area may be lower
CHECK_DPI = 150  # pictures under text are sampled at this resolution
CATEGORY_MIN = 1.2  # two categories' greys differ by at least this contrast ratio
CELLS = 8  # a curved shape's coverage of a box is found on CELLS x CELLS cells
FIX = "set a text colour or a panel behind the text"

RGB = tuple[float, float, float]  # sRGB, 0..1
#: (face, frame, a text's ink boxes in pt) -> {(r, g, b) 0..255: pixels of it under them}
Sampler = Callable[[Face, CardFrame, Sequence[Rect]], dict[tuple[int, int, int], int]]


@lru_cache(maxsize=4096)
def rgb(hex_rgb: str, strength: float = 1.0) -> RGB:
    """The colour "#RRGGBB" as (r, g, b) 0..1, mixed with white as a Fill's `strength`
    mixes it (1.0: the colour itself)."""
    h = hex_rgb.lstrip("#")
    return tuple(1 - strength * (1 - int(h[i : i + 2], 16) / 255) for i in (0, 2, 4))  # type: ignore[return-value]


def _linear(v: float) -> float:
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


@lru_cache(maxsize=4096)
def luminance(colour: RGB, greyscale: bool = False) -> float:
    """WCAG 2.x relative luminance (0 black .. 1 white) of an sRGB colour (0..1); with
    `greyscale`, of the grey a black and white print gives it (BT.601 luma)."""
    r, g, b = colour
    if greyscale:
        return _linear(0.299 * r + 0.587 * g + 0.114 * b)
    return 0.2126 * _linear(r) + 0.7152 * _linear(g) + 0.0722 * _linear(b)


def contrast_ratio(l1: float, l2: float) -> float:
    """WCAG 2.x contrast ratio (1 .. 21) of two relative luminances."""
    hi, lo = max(l1, l2), min(l1, l2)
    return (hi + 0.05) / (lo + 0.05)


def shown_ratio(ratio: float) -> str:
    """A ratio as messages show it, cut (never rounded up) to one decimal: "4.4:1"."""
    return f"{math.floor(ratio * 10) / 10:.1f}:1"


def required(text: Text) -> float:
    """The ratio `text` needs: LARGE_MIN when set (after shrinking) at LARGE_PT or more,
    or LARGE_BOLD_PT or more in bold; NORMAL_MIN otherwise. Raises TextDoesNotFit."""
    size = min(line.size for line in text.placed)
    bold = all(line.font == BOLD for line in text.placed)
    large = size >= LARGE_PT - 1e-6 or (bold and size >= LARGE_BOLD_PT - 1e-6)
    return LARGE_MIN if large else NORMAL_MIN


class Patch(NamedTuple):
    """A colour under part of a text: `what` it is (for messages), its sRGB `colour`
    (None: a picture, whose pixels must be sampled) and the `area` (pt²) it covers."""

    what: str
    colour: RGB | None
    area: float


def _area(r: Rect) -> float:
    return max(r.w, 0.0) * max(r.h, 0.0)


def _meet(a: Rect, b: Rect) -> Rect | None:
    x0, y0 = max(a.x, b.x), max(a.y, b.y)
    x1, y1 = min(a.x + a.w, b.x + b.w), min(a.top, b.top)
    return Rect(x0, y0, x1 - x0, y1 - y0) if x1 - x0 > 1e-6 and y1 - y0 > 1e-6 else None


def _minus(u: Rect, s: Rect) -> list[Rect]:
    """`u` without its part `s` (inside `u`), as up to four rectangles."""
    out = [
        Rect(u.x, u.y, u.w, s.y - u.y),
        Rect(u.x, s.top, u.w, u.top - s.top),
        Rect(u.x, s.y, s.x - u.x, s.h),
        Rect(s.x + s.w, s.y, u.x + u.w - s.x - s.w, s.h),
    ]
    return [r for r in out if r.w > 1e-6 and r.h > 1e-6]


def _in_round_rect(r: Rect, radius: float) -> Callable[[float, float], bool]:
    def inside(x: float, y: float) -> bool:
        if not (r.x <= x <= r.x + r.w and r.y <= y <= r.top):
            return False
        dx = max(r.x + radius - x, 0.0, x - (r.x + r.w - radius))
        dy = max(r.y + radius - y, 0.0, y - (r.top - radius))
        return dx * dx + dy * dy <= radius * radius

    return inside


def _in_shield(r: Rect) -> Callable[[float, float], bool]:
    """The heater shield of pnp.render.glyphs_more.shield_path, its lower half taken as
    a curve narrowing to the point."""

    def inside(x: float, y: float) -> bool:
        if not (r.x <= x <= r.x + r.w and r.y <= y <= r.top):
            return False
        shoulder = r.top - 0.45 * r.h
        if y >= shoulder:
            return True
        half = r.w / 2 * math.sqrt(max(y - r.y, 0.0) / (shoulder - r.y))
        return abs(x - (r.x + r.w / 2)) <= half

    return inside


Shape = tuple[Rect, Callable[[float, float], bool] | None, RGB | None, str]


def _shapes(e: Element) -> list[Shape]:
    """What `e` (not a Text: it paints too little to count) paints: (bounding box, inside
    test or None for the whole box, colour or None for a picture, description) per part.
    An element of a kind not known here is sampled as pixels, like a picture."""
    name = f"'{e.key}'"
    if isinstance(e, Fill):
        test = _in_round_rect(e.rect, e.radius) if e.radius else None
        return [(e.rect, test, rgb(e.colour, e.strength), name)]
    if isinstance(e, (Outline, Border, Rule)):
        return [(box, None, rgb(e.colour), name) for box in e.ink() if box.w > 0 and box.h > 0]
    if isinstance(e, Disc):
        return [(e.ink()[0], _disc(e.x, e.y, e.r), rgb(e.colour), name)]
    if isinstance(e, Shield):
        return [(e.rect, _in_shield(e.rect), rgb(e.colour), name)]
    if isinstance(e, Icon):
        box = e.ink()[0]
        if e.style == "badge":
            return [(box, _disc(e.x, e.y, e.size / 2), rgb(e.colour), name)]
        paint = rgb(e.colour, 0.16 if e.style == "tint" else 1.0)
        return [(box.inset(e.size * 0.2), None, paint, name)]
    if isinstance(e, Art):
        return [(e.ink()[0], None, None, "the art under it")]
    # any other mark (a picture drawn as vectors, a new kind of element): its pixels
    return [(box, None, None, "the art under it") for box in e.ink()]


def _disc(cx: float, cy: float, r: float) -> Callable[[float, float], bool]:
    return lambda x, y: (x - cx) ** 2 + (y - cy) ** 2 <= r * r


Drawn = tuple[
    int, float, float, float, float, Rect, Callable[[float, float], bool] | None, RGB | None, str
]


def painted(face: Face) -> list[Drawn]:
    """Every part every element of `face` paints (`_shapes`), once per face: (element
    index, x0, y0, x1, y1 of its box, box, inside test, colour, description)."""
    out: list[Drawn] = []
    for index, element in enumerate(face.elements):
        if isinstance(element, Text):  # a text is never what another text is read against
            continue
        for box, test, paint, what in _shapes(element):
            out.append((index, box.x, box.y, box.x + box.w, box.top, box, test, paint, what))
    return out


def under(
    face: Face, index: int, boxes: Sequence[Rect], drawn: list[Drawn] | None = None
) -> list[Patch]:
    """What lies under `boxes` (pt) of the element at `index` in `face`: a Patch per
    colour and the area it covers there, topmost first, the ground (or white paper) last.
    `drawn` is `painted(face)` when the caller has it."""
    uncovered = list(boxes)
    if len(boxes) == 1:  # (a line of text) its own extent, without the scans
        sx0, sy0, w, h = boxes[0]
        sx1, sy1 = sx0 + w, sy0 + h
    else:
        sx0, sy0 = min(b.x for b in boxes), min(b.y for b in boxes)
        sx1, sy1 = max(b.x + b.w for b in boxes), max(b.top for b in boxes)
    patches: list[Patch] = []
    for at, x0, y0, x1, y1, box, test, paint, what in reversed(drawn or painted(face)):
        if at >= index or x0 >= sx1 or x1 <= sx0 or y0 >= sy1 or y1 <= sy0:
            continue
        if not uncovered:
            break
        covered, left = 0.0, []
        for u in uncovered:
            part = _meet(u, box)
            if part is None:
                left.append(u)
                continue
            left += _minus(u, part)
            if test is None:
                covered += _area(part)
                continue
            w, h = part.w / CELLS, part.h / CELLS
            for i in range(CELLS):
                for j in range(CELLS):
                    cell = Rect(part.x + i * w, part.y + j * h, w, h)
                    if test(cell.x + w / 2, cell.y + h / 2):
                        covered += w * h
                    else:
                        left.append(cell)
        uncovered = left
        if covered > 1e-6:
            patches.append(Patch(what, paint, covered))
    rest = sum(_area(u) for u in uncovered)
    if rest > 1e-6:
        ground = face.ground
        paper = rgb(ground.colour, ground.strength) if ground else (1.0, 1.0, 1.0)
        patches.append(Patch("the ground", paper, rest))
    return patches


def worst(ratios: Iterable[tuple[float, float, str]]) -> tuple[float, str]:
    """(ratio, what) of the lowest ratio found under at least PERCENTILE of the area,
    from (ratio, area or pixel count, what) triples."""
    found = sorted(ratios)
    total = sum(a for _, a, _ in found)
    seen = 0.0
    for ratio, area, what in found:
        seen += area
        if seen > PERCENTILE * total:
            return ratio, what
    return found[-1][0], found[-1][2]


def contrast_faults(face: Face, frame: CardFrame, sample: Sampler | None = None) -> list[Fault]:
    """A fault for every Text of `face` whose contrast (the module's rule) is under what
    it needs, in colour, else in greyscale; texts that cannot be laid out are left to
    pnp.layout.face_check. Where a picture lies under a text, `sample(face, frame,
    boxes)` gives the pixels under it (colour -> count); without `sample` such a text is
    not checked. Source: issue 28 item 3 (WCAG 2.x SC 1.4.3)."""
    faults: list[Fault] = []
    drawn: list[Drawn] | None = None
    for index, text in enumerate(face.elements):
        if type(text) is not Text:
            continue
        assert isinstance(text, Text)
        try:
            boxes = text.ink()
            need = required(text)
        except TextDoesNotFit:
            continue
        if not boxes:
            continue
        if drawn is None:
            drawn = painted(face)
        patches = under(face, index, boxes, drawn)
        pixels: dict[tuple[int, int, int], int] | None = None
        if any(p.colour is None for p in patches):
            if sample is None:
                continue
            pixels = sample(face, frame, boxes)
            if not pixels:
                continue
        ink = rgb(text.colour)
        for grey in (False, True):
            mine = luminance(ink, grey)
            ratios: list[tuple[float, float, str]]
            if pixels is not None:
                ratios = [
                    (contrast_ratio(mine, luminance(_unit(px), grey)), n, "the art under it")
                    for px, n in pixels.items()
                ]
            else:
                ratios = [
                    (contrast_ratio(mine, luminance(p.colour, grey)), p.area, p.what)
                    for p in patches
                    if p.colour is not None
                ]
            ratio, what = worst(ratios)
            if ratio < need - 1e-9:
                mode = " in greyscale" if grey else ""
                faults.append(
                    Fault(
                        text,
                        f"contrast {shown_ratio(ratio)}{mode} against {what}, below "
                        f"{need:g}:1; {FIX}",
                    )
                )
                break
    return faults


def _unit(px: tuple[int, int, int]) -> RGB:
    return (px[0] / 255, px[1] / 255, px[2] / 255)


def category_faults(colours: Sequence[tuple[str, str]]) -> list[tuple[int, int, float]]:
    """(i, j, ratio) for every two of `colours` ((name, "#RRGGBB") of a game's
    categories or decks) whose greys (greyscale luminance) differ by a contrast ratio
    under CATEGORY_MIN: printed in black and white, they could not be told apart by
    their colour. Source: issue 28 item 3, "every category still told apart"."""
    greys = [luminance(rgb(c), greyscale=True) for _, c in colours]
    out = []
    for i in range(len(greys)):
        for j in range(i + 1, len(greys)):
            ratio = contrast_ratio(greys[i], greys[j])
            if ratio < CATEGORY_MIN:
                out.append((i, j, ratio))
    return out
