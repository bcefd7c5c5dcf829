"""What card faces (pnp.layout.face) are designed with: positions designed in mm on a
poker card, from its top edge and its sides, scaled to the card in hand (`DesignGrid`,
giving card-local points), and the constructors of the elements every face uses: a
small caption (`label`), a card title (`title`), one line of text placed by its
baseline (`line_at`) and the ink saver's ring in place of a badge's disc (`ring`).
Source: shared/DESIGN.md, "Card faces".
"""

from __future__ import annotations

from dataclasses import replace

from pnp.core.units import mm_to_pt
from pnp.data.models import Origin
from pnp.fonts import BOLD, metrics
from pnp.layout.card_frame import BODY_FLOOR_PT, SAFE_MM, TITLE_FLOOR_PT, CardFrame
from pnp.layout.face import Outline, Rule, Text
from pnp.layout.imposition import Rect
from pnp.layout.text import TextDoesNotFit

DESIGN_W_MM, DESIGN_H_MM = 63.5, 88.9
LABEL_PT = 7.0
LABEL_COLOUR = "#555555"


def type_scale(frame: CardFrame) -> float:
    """How much larger than on a poker card type and icons are set on `frame`'s card:
    the square root of the card's area over the poker card's (so type grows with the
    card as a reader holds it farther away), never below 1 (bridge and mini keep
    poker's sizes). Tarot (70 x 120 mm): 1.22. Issue 28 item 4."""
    area = (frame.w / mm_to_pt(1)) * (frame.h / mm_to_pt(1))
    return max(1.0, (area / (DESIGN_W_MM * DESIGN_H_MM)) ** 0.5)


#: The boxes of DesignGrid.box by their arguments, for each of the latest KEPT_FRAMES
#: card frames (a frame is a value: equal frames share their boxes).
KEPT_FRAMES = 8
_BOXES: dict[CardFrame, dict[tuple[float, float, float, float], Rect]] = {}


class DesignGrid:
    """Positions designed in mm on a poker card (from its top edge and its sides),
    scaled to `frame`; nothing is placed outside the frame's safe area (3 mm, or a
    shop preset's wider one: frame.safe_mm)."""

    def __init__(self, frame: CardFrame):
        self.f = frame
        self.sy = (frame.h / mm_to_pt(1)) / DESIGN_H_MM
        self.sx = (frame.w / mm_to_pt(1)) / DESIGN_W_MM
        self.type = type_scale(frame)
        boxes = _BOXES.get(frame)
        if boxes is None:
            if len(_BOXES) >= KEPT_FRAMES:
                del _BOXES[next(iter(_BOXES))]  # the oldest
            boxes = _BOXES[frame] = {}
        self._boxes = boxes

    def pt(self, size_pt: float) -> float:
        """A type or icon size designed in pt for a poker card, on this card: grown by
        `type_scale` on a card larger than poker (tarot), kept on a smaller one (bridge,
        mini keep poker's sizes and so its floors). Issue 28 item 4."""
        return round(size_pt * self.type, 2)

    def y(self, top_mm: float) -> float:
        """Card-local y (pt) of a line `top_mm` below the top edge of the design card."""
        return self.f.h - mm_to_pt(top_mm * self.sy)

    def x(self, side_mm: float) -> float:
        """An inset from a side edge (pt): design mm scaled, never inside the safe margin."""
        return mm_to_pt(max(self.f.safe_mm, side_mm * self.sx))

    def box(
        self, top_mm: float, height_mm: float, left_mm: float = SAFE_MM, right_mm: float = SAFE_MM
    ) -> Rect:
        """A box `height_mm` tall (scaled) from `top_mm` down, inset left/right in mm;
        worked out once per frame (every face of a kit asks for the same few dozen)."""
        key = (top_mm, height_mm, left_mm, right_mm)
        found = self._boxes.get(key)
        if found is None:
            found = self._boxes[key] = self._box(top_mm, height_mm, left_mm, right_mm)
        return found

    def _box(self, top_mm: float, height_mm: float, left_mm: float, right_mm: float) -> Rect:
        top, bottom = self.y(top_mm), self.y(top_mm + height_mm)
        bottom = max(bottom, mm_to_pt(self.f.safe_mm))
        x0 = self.x(left_mm)
        return Rect(x0, bottom, max(0.0, self.f.w - x0 - self.x(right_mm)), max(0.0, top - bottom))

    def rule(self, key: str, y: float) -> Rule:
        """A thin grey rule across the safe area at `y` (pt)."""
        s = self.f.safe
        return Rule(key=key, x0=s.x, x1=s.x + s.w, y=y)


def label(
    key: str,
    text: str,
    box: Rect,
    colour: str = LABEL_COLOUR,
    *,
    origin: Origin | None = None,
    inside: str | None = None,
    align: str = "centre",
    size: float = LABEL_PT,
) -> Text:
    """A small bold caption such as "PROTECT WITH" (7 pt unless `size` says, one line)."""
    return Text(
        key=key,
        text=text,
        font=BOLD,
        box=box,
        max_size=size,
        min_size=size,
        max_lines=1,
        colour=colour,
        origin=origin,
        inside=inside,
        align=align,
    )


def title(
    key: str,
    text: str,
    box: Rect,
    size: float = 13.0,
    *,
    origin: Origin | None = None,
    colour: str = "#000000",
    max_lines: int = 2,
) -> Text:
    """A card title: bold, from `size` down to the 11 pt title floor, at most 2 lines."""
    return Text(
        key=key,
        text=text,
        font=BOLD,
        box=box,
        max_size=size,
        min_size=TITLE_FLOOR_PT,
        max_lines=max_lines,
        colour=colour,
        origin=origin,
        heading=True,
    )


def line_at(
    key: str,
    text: str,
    font: str,
    size: float,
    centre_x: float,
    baseline: float,
    width: float,
    *,
    min_size: float = BODY_FLOOR_PT,
    colour: str = "#000000",
    origin: Origin | None = None,
    inside: str | None = None,
) -> Text:
    """One line of text centred on `centre_x` with its baseline at `baseline` (pt) when set
    at `size`; it may shrink to `min_size` to fit `width` pt."""
    ascent, _descent = metrics(font)
    centre_y = baseline + (ascent - 0.5) * size
    height = size * 1.02
    return Text(
        key=key,
        text=text,
        font=font,
        box=Rect(centre_x - width / 2, centre_y - height / 2, width, height),
        max_size=size,
        min_size=min_size,
        max_lines=1,
        colour=colour,
        origin=origin,
        inside=inside,
    )


RING_MM = 0.8  # the stroke of a ring: the ink saver's form of a badge's disc


def ring(key: str, x: float, y: float, r: float, colour: str, **options) -> "Outline":
    """A circle of radius `r` (pt) centred on (x, y), outlined RING_MM wide in `colour`
    with the ring inside the radius: the ink saver's form of a badge's disc. `options`
    go to the Outline (e.g. `inside`)."""
    width = mm_to_pt(RING_MM)
    return Outline(
        key=key,
        rect=Rect(x - r, y - r, 2 * r, 2 * r).inset(width / 2),
        colour=colour,
        width=width,
        radius=r - width / 2,
        **options,
    )


def on_axis(text: Text, axis: float, least: float) -> Text:
    """`text` centred on `axis` (pt, the card's centre line) as the card's picture and
    texts are: in its box narrowed to the widest it can be about the axis when it fits
    there at `least` pt or larger (then its floor); else in its own box's fit, with the
    box narrowed so those lines sit as near the axis as the box's left edge lets them.
    A title beside a badge is centred on the card, and a name too long for that moves
    right only as far as it needs (issue 44 item 6). A text that fits in neither is
    returned as it is, for validation to report."""
    box = text.box
    left, right = box.x, box.x + box.w
    half = min(axis - left, right - axis)
    try:
        if half > 0:
            centred = replace(
                text,
                box=Rect(axis - half, box.y, 2 * half, box.h),
                min_size=max(text.min_size, least),
            )
            try:
                centred.placed
            except TextDoesNotFit:
                pass
            else:
                return centred
        widest = max(line.box.w for line in text.placed)
    except TextDoesNotFit:
        return text
    centre = min(max(axis, left + widest / 2), right - widest / 2)
    half = min(centre - left, right - centre)
    return replace(text, box=Rect(centre - half, box.y, 2 * half, box.h))
