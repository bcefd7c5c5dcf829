"""A card face as data: every mark printed on a card, front or back, is an element of
its `Face`, in card-local points (origin at the trim's bottom-left; the bleed lies at
negative coordinates and past the trim size).

Elements are drawn in order (later ones on top). Each has a `key`, unique in its face,
and may name the container it sits `inside`: only an element and its container may
overlap, and it stays within it. `origin` says where the printed value comes from, for
messages. Decorations (fills, outlines, borders) may run into the bleed; everything
else stays in the safe area. `pnp.layout.face_check` checks it; `pnp.render.painter`
draws any Face; `pnp.layout.design` holds the grid and the element constructors.
Source: shared/DESIGN.md, "Card faces are data" and "Card faces"."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, fields, replace
from functools import cached_property
from operator import attrgetter
from typing import Any, Callable

from pnp.core.units import mm_to_pt
from pnp.data.models import Origin, Source
from pnp.layout.art import Placement, place_art
from pnp.layout.card_frame import BODY_FLOOR_PT, CardFrame
from pnp.layout.hashed import Hashed, interned
from pnp.layout.imposition import Rect
from pnp.layout.text import PlacedLine, placed_lines


@dataclass(frozen=True, kw_only=True)
class Element(ABC):
    """What every element has: its `key` (unique in the face; names it in messages), the
    key of the element it sits `inside` (None: the card itself) and the `origin` of the
    value it prints (None: the face's own source)."""

    key: str
    inside: str | None = None
    origin: Origin | None = None

    @property
    def decoration(self) -> bool:
        """Decorations may run past the safe area into the bleed."""
        return False

    @property
    def backdrop(self) -> bool:
        """A backdrop lies under the whole face (full-bleed art): others may overlap it."""
        return False

    @abstractmethod
    def ink(self) -> tuple[Rect, ...]:
        """The boxes (pt) this element covers with ink; overlaps are checked on these."""

    def bounds(self) -> Rect:
        """The box (pt) an element inside this one must stay within."""
        return _union(self.ink())


@dataclass(frozen=True, kw_only=True)
class Text(Element):
    """Text fitted into `box` (pt): wrapped at spaces, then shrunk from `max_size` down to
    `min_size` (pt, never under the 7 pt body floor; 11 pt for titles), at most
    `max_lines` lines, `align` "left", "centre" or "right", in `font` and `colour`. A text
    composed from other data values lists them in `parts` as (value, origin), so a
    character the font lacks is reported once, where that value is defined. `valign`
    "middle" centres the block in its box, "top" starts it at the box's top. With
    `blank_mm` > 0 each run of underscores ("____") is a fill-in blank printed at least
    that many mm long, never parted from the word before it (pnp.layout.text.blank_text;
    issue 28 item 6). A `heading` (a title) is broken into even lines, after a hyphen
    inside a word where that helps (pnp.layout.text.fit_text)."""

    text: str
    font: str
    box: Rect
    max_size: float
    min_size: float = BODY_FLOOR_PT
    align: str = "centre"
    max_lines: int | None = None
    colour: str = "#000000"
    parts: tuple[tuple[str, Origin], ...] = ()
    valign: str = "middle"
    blank_mm: float = 0.0
    heading: bool = False

    @cached_property
    def placed(self) -> tuple[PlacedLine, ...]:
        """Where every line prints (pnp.layout.text.placed_lines), laid out once per
        element and kept with it: validation checks these lines and the painter draws
        them. Raises TextDoesNotFit (not kept: asked again, it is raised again)."""
        return placed_lines(self)

    def ink(self) -> tuple[Rect, ...]:
        """The em box of every laid-out line (raises TextDoesNotFit when it cannot fit)."""
        return tuple([line.box for line in self.placed])


@dataclass(frozen=True, kw_only=True)
class Icon(Element):
    """A vector glyph (a name in pnp.glyphs) centred on (x, y), `size` pt across.
    `style` "badge": a disc of `colour` with the glyph knocked out in `ink`; "plain":
    the glyph in `colour`; "tint": the glyph in a pale tint of `colour`."""

    glyph: str
    colour: str
    x: float
    y: float
    size: float
    style: str = "badge"
    ink_colour: str = "#FFFFFF"

    def ink(self) -> tuple[Rect, ...]:
        half = self.size / 2
        return (Rect(self.x - half, self.y - half, self.size, self.size),)


@dataclass(frozen=True, kw_only=True)
class Fill(Element):
    """A filled rectangle (pt) of `colour` mixed with white (`strength` 1.0 is the colour
    itself), corners rounded by `radius` pt: bands, stripes."""

    rect: Rect
    colour: str
    strength: float = 1.0
    radius: float = 0.0
    decoration = True

    def ink(self) -> tuple[Rect, ...]:
        return (self.rect,)


@dataclass(frozen=True, kw_only=True)
class Outline(Element):
    """A rectangle's outline (pt), centred on `rect`'s edges, `width` pt wide, corners
    rounded by `radius`: frames."""

    rect: Rect
    colour: str
    width: float
    radius: float = 0.0
    decoration = True

    def ink(self) -> tuple[Rect, ...]:
        return _frame_strips(self.rect.inset(-self.width / 2), self.rect.inset(self.width / 2))

    def bounds(self) -> Rect:
        return self.rect.inset(self.width / 2)


@dataclass(frozen=True, kw_only=True)
class Border(Element):
    """The area between `outer` and a rounded `inner` rectangle (pt), filled: a warning
    frame that runs into the bleed."""

    outer: Rect
    inner: Rect
    radius: float
    colour: str
    decoration = True

    def ink(self) -> tuple[Rect, ...]:
        return _frame_strips(self.outer, self.inner)

    def bounds(self) -> Rect:
        return self.inner


@dataclass(frozen=True, kw_only=True)
class Rule(Element):
    """A horizontal line from x0 to x1 at y (pt), `width` pt thick."""

    x0: float
    x1: float
    y: float
    colour: str = "#BBBBBB"
    width: float = 0.5

    def ink(self) -> tuple[Rect, ...]:
        return (Rect(self.x0, self.y - self.width / 2, self.x1 - self.x0, self.width),)


@dataclass(frozen=True, kw_only=True)
class Disc(Element):
    """A filled circle of radius `r` centred on (x, y) (pt): a badge for a number."""

    x: float
    y: float
    r: float
    colour: str

    def ink(self) -> tuple[Rect, ...]:
        return (Rect(self.x - self.r, self.y - self.r, 2 * self.r, 2 * self.r),)


@dataclass(frozen=True, kw_only=True)
class Shield(Element):
    """A heater shield filling `rect` (pt), point down: a badge for points."""

    rect: Rect
    colour: str

    def ink(self) -> tuple[Rect, ...]:
        return (self.rect,)


@dataclass(frozen=True, kw_only=True)
class Art(Element):
    """A picture: `art` (a pnp.data.art.ArtSpec: the checked image, its fit, focus and
    own bleed) fitted to `target` (pt: a window, or the trim) and shown within `clip`
    (pt: the window, or the card's bleed rectangle). Full-bleed art (`full_bleed`) is a
    backdrop under every other element, runs into the bleed and has its missing bleed
    made by extending its edges; a window stays in the safe area like any element. A
    window on the trim that pnp.layout.bleed ran through the bleed `bleeds`: its `clip`
    reaches the bleed's edge there and the picture's missing bleed is made the same way."""

    art: Any
    target: Rect
    clip: Rect
    full_bleed: bool = False
    bleeds: bool = False

    @property
    def decoration(self) -> bool:  # full-bleed art runs into the bleed
        return self.full_bleed

    @property
    def backdrop(self) -> bool:  # ... and lies under everything else
        return self.full_bleed

    def placement(self) -> Placement:
        """Where the image goes (pnp.layout.art.place_art). SVG art (`art.vector`) has no
        pixels to repeat: where it runs into the bleed (full bleed, or a window run
        through it) it is fitted to its clip, the bleed included, and never extended."""
        image = self.art.image
        vector = getattr(self.art, "vector", False)
        if vector and (self.full_bleed or self.bleeds):
            return place_art(
                image.width_px,
                image.height_px,
                target=self.clip,
                clip=self.clip,
                fit=self.art.fit,
                focus=self.art.focus,
                own_bleed_mm=self.art.bleed_mm,
            )
        return place_art(
            image.width_px,
            image.height_px,
            target=self.target,
            clip=self.clip,
            fit=self.art.fit,
            focus=self.art.focus,
            own_bleed_mm=self.art.bleed_mm,
            extend_to=self.clip if self.full_bleed or self.bleeds else None,
        )

    def ink(self) -> tuple[Rect, ...]:
        """The window (reserved whatever the fit leaves empty in it), or for full-bleed
        art the part of the card the picture covers."""
        return (self.placement().shown,) if self.full_bleed else (self.clip,)


def art_element(art: Any, frame: CardFrame, key: str = "art") -> Art:
    """The Art element of `art` (a pnp.data.art.ArtSpec) on a card of `frame`: in its
    window (mm from the trim's top-left, turned into card-local pt) or at full bleed."""
    if art.window_mm is None:
        return Art(
            key=key,
            art=art,
            target=frame.trim_rect,
            clip=frame.bleed_rect,
            full_bleed=True,
            origin=art.origin,
        )
    left, top, w, h = (mm_to_pt(v) for v in art.window_mm)
    window = Rect(left, frame.h - top - h, w, h)
    return Art(key=key, art=art, target=window, clip=window, origin=art.origin)


@dataclass(frozen=True)
class Face:
    """One side of a card: its elements in drawing order, the `ground` Fill painted over
    the whole bleed first (None: white paper), the `source` of what it prints (for
    messages), for faces printed many times (backs) a `reuse` key (drawn once per PDF,
    placed by reference), its own `safe` area (pt) where it keeps more than 3 mm, its
    `art_area` (card-local pt; pnp.data.art `area`, every icon-table picture), clear of
    every text, painted in `art_colour` ("#RRGGBB") when the picture names no colour,
    and the `inline` icons its texts may name (pnp.layout.inline; None: the built-in
    glyphs only). Source: issue 28 items 1 and 2, issue 43 item 1."""

    elements: tuple[Element, ...]
    ground: Fill | None = None
    source: Source | None = None
    reuse: str | None = None
    safe: Rect | None = None
    art_area: Rect | None = None
    art_colour: str | None = None
    inline: Any = None

    @cached_property
    def look(self) -> Hashed:
        """`content_key(self)`, hashed once, one object for faces that look alike."""
        return interned(content_key(self))

    def get(self, key: str) -> Element:
        """The element called `key`; KeyError if the face has none."""
        for element in self.elements:
            if element.key == key:
                return element
        raise KeyError(key)

    def texts(self) -> list[Text]:
        """Every text element, in drawing order."""
        return [e for e in self.elements if isinstance(e, Text)]

    def with_art(self, art: Any, frame: CardFrame, back: bool = False) -> "Face":
        """This face with the picture `art` (a pnp.data.art.ArtSpec, or None: unchanged)
        drawn under its elements, above its ground; printed alone (the face's own design
        left out) when `art.prints_alone(back)`. A picture for the face's art area
        (`art.area`) is fitted into `art_area` in `art_colour` unless it names its own; on
        a face without an art area it is left off (pnp.validate reports it)."""
        if art is None:
            return self
        if getattr(art, "area", False):
            if self.art_area is None:
                return self
            if art.colour is None and self.art_colour is not None and art.vector:
                art = replace(art, colour=self.art_colour)
            area = self.art_area
            element = Art(key="art", art=art, target=area, clip=area, origin=art.origin)
        else:
            element = art_element(art, frame)
        if art.prints_alone(back):
            return replace(self, elements=(element,), ground=None)
        return replace(self, elements=(element, *self.elements))


def content_key(face: Face) -> tuple:
    """Everything of `face` but where its values come from (its `source`, every element's
    `origin`, the origins of a text's `parts`): two faces with equal keys print the same
    marks in the same places, so every check of pnp.layout.face_check, pnp.layout.contrast
    and pnp.layout.bleed finds the same faults on both (pnp.validate.FaceChecks keeps
    them by this key)."""
    return (
        tuple(_element_key(e) for e in face.elements),
        None if face.ground is None else _element_key(face.ground),
        face.reuse,
        face.safe,
        face.art_area,
        face.art_colour,
        face.inline,
    )


def print_key(e: Element) -> tuple:
    """The element's type and every field that decides what it prints (all but its
    `key`, `inside`, `origin` and a text's `parts`): two elements with equal print keys
    print the same marks (pnp.render.painter draws a text once per such key)."""
    return _fields_of(e, _PRINTED)


_CHECKED = ("origin",)  # what content_key leaves out of an element
_PRINTED = ("key", "inside", "origin", "parts")  # ... and print_key
_GETTERS: dict[tuple[type, tuple[str, ...]], Callable[[Element], tuple]] = {}


def _element_key(e: Element) -> tuple:
    key = _fields_of(e, _CHECKED)
    if isinstance(e, Text):  # the values a text is composed of, not where they are from
        return (*key, tuple(value for value, _ in e.parts))
    return key


def _fields_of(e: Element, leave_out: tuple[str, ...]) -> tuple:
    """(type of `e`, the values of its fields not named in `leave_out` or "parts"); every
    kind of element has a field besides those, so this is always a tuple."""
    values = _GETTERS.get((type(e), leave_out))
    if values is None:
        kept = [f.name for f in fields(e) if f.name not in leave_out and f.name != "parts"]
        values = _GETTERS[type(e), leave_out] = attrgetter("__class__", *kept)
    return values(e)


def _union(rects: tuple[Rect, ...]) -> Rect:
    if len(rects) == 1:  # (most elements) the same sums as below, without the scans
        x0, y0, w, h = rects[0]
        return Rect(x0, y0, x0 + w - x0, y0 + h - y0)
    x0, y0 = min(r.x for r in rects), min(r.y for r in rects)
    x1, y1 = max(r.x + r.w for r in rects), max(r.top for r in rects)
    return Rect(x0, y0, x1 - x0, y1 - y0)


def _frame_strips(outer: Rect, inner: Rect) -> tuple[Rect, ...]:
    """The four strips between `outer` and `inner` (pt): bottom, top, left, right."""
    return (
        Rect(outer.x, outer.y, outer.w, inner.y - outer.y),
        Rect(outer.x, inner.top, outer.w, outer.top - inner.top),
        Rect(outer.x, inner.y, inner.x - outer.x, inner.h),
        Rect(inner.x + inner.w, inner.y, outer.x + outer.w - inner.x - inner.w, inner.h),
    )
