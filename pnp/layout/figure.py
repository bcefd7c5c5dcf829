"""A rulebook figure as data (issue 44, item 5): real card faces placed at a scale, and
the labels, leader lines, dots and boxes drawn around them, in figure points (origin at
the figure's bottom-left). pnp.layout.anatomy and pnp.layout.table_setup lay figures
out; pnp.render.figures draws any Figure with the card painter (pnp.render.painter), so
a figure never disagrees with the cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.fonts import REGULAR
from pnp.layout.face import Face
from pnp.layout.imposition import Rect
from pnp.layout.wrapped import lines_of, widest

INK = "#1F3A5F"
LABEL_PT = 8.0
LEAD = 1.2  # a label's line pitch, in its size


@dataclass(frozen=True)
class PlacedFace:
    """A card face drawn with its trim's bottom-left at (x, y), `scale` times its size,
    clipped to its trim (`w` x `h`, the face's own points) with the corners it is cut to
    (`corner`, pt of the face: 0 square) and outlined."""

    face: Face
    x: float
    y: float
    scale: float
    w: float
    h: float
    corner: float = 0.0

    def at(self, x: float, y: float) -> tuple[float, float]:
        """Where the face's point (x, y) (card-local pt) is in the figure."""
        return self.x + self.scale * x, self.y + self.scale * y

    @property
    def box(self) -> Rect:
        """The placed trim, in figure points."""
        return Rect(self.x, self.y, self.w * self.scale, self.h * self.scale)


@dataclass(frozen=True)
class Label:
    """Lines of text, the first baseline at `y`, aligned "left" (from `x`), "right" (to
    `x`) or "centre" (on `x`)."""

    lines: tuple[str, ...]
    x: float
    y: float
    size: float = LABEL_PT
    font: str = REGULAR
    align: str = "left"
    colour: str = "#222222"

    @property
    def height(self) -> float:
        return block_height(len(self.lines), self.size)


@dataclass(frozen=True)
class Box:
    """A rectangle drawn under the cards: filled with `fill` (None: not), outlined in
    `stroke` (None: not), dashed or not, corners rounded by `radius` pt."""

    rect: Rect
    fill: str | None = None
    stroke: str | None = None
    dashed: bool = False
    radius: float = 4.0


@dataclass(frozen=True)
class Figure:
    """One figure: `name` (its form in the PDF), the `after` section it ends (a ## heading
    of the rulebook), its size (pt), boxes, faces, labels, leader lines (x0, y0, x1, y1)
    and the dots where leaders meet what they point at."""

    name: str
    after: str
    width: float
    height: float
    boxes: tuple[Box, ...] = ()
    faces: tuple[PlacedFace, ...] = ()
    labels: tuple[Label, ...] = ()
    leaders: tuple[tuple[float, float, float, float], ...] = ()
    dots: tuple[tuple[float, float], ...] = ()


def block_height(lines: int, size: float) -> float:
    """The height (pt) of `lines` lines of text at `size` pt."""
    return lines * size * LEAD


def wrapped(text: str, width: float, size: float = LABEL_PT, font: str = REGULAR) -> list[str]:
    """`text` wrapped to `width` pt (pnp.layout.wrapped.lines_of)."""
    return lines_of(text, font, size, width)


def text_extent(text: str, size: float = LABEL_PT, font: str = REGULAR) -> float:
    """The width (pt) of `text` on one line."""
    return widest([text], font, size)


def first_baseline(top: float, size: float) -> float:
    """The first baseline of a text block whose top is at `top` (pt)."""
    return top - size * 0.95
