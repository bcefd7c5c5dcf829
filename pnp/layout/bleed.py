"""A bleed that reaches the edge: every ground, band, frame and picture that touches a
card's trim is run on to the bleed's outer edge on that side, whatever the bleed width
(`reach_bleed`), so a miscut never shows a sliver of paper beside it; what cannot run on
is named (`bleed_faults`): text and icons whose ink reaches the trim (they would be cut),
and shapes that cannot grow into the bleed without changing what shows inside the trim
(discs, shields, rounded fills and outlines, a rule along the trim).

Card-local points (pnp.layout.face: origin at the trim's bottom-left, the bleed at
negative coordinates and past the trim size). An edge within EDGE_PT of a trim edge, or
beyond it, touches that edge. Nothing changes inside the trim: a fill's rectangle grows
only outwards, a border's outer edge moves out while its inner edge stays, a square
outline on the trim becomes a border of the same inner edge, a picture's window is
shown out to the bleed edge (its missing bleed made by repeating edge pixels,
pnp.layout.art). An element stays within its container: it runs on only as far as the
container does.
Source: issue 27 item 5 ("A bleed that reaches the edge").
"""

from __future__ import annotations

from dataclasses import replace

from pnp.core.records import NamedTuple
from pnp.core.units import pt_to_mm
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
from pnp.layout.imposition import Rect
from pnp.layout.text import TextDoesNotFit

EDGE_PT = 0.01  # an edge this close to a trim edge (pt), or beyond it, touches it
SIDES = ("left", "bottom", "right", "top")


class BleedFault(NamedTuple):
    """An element of a face that touches the trim but cannot run on into the bleed:
    the `element`, the `sides` of the trim it touches (of SIDES, in that order) and
    `message`, what is wrong and what to do, in words (lengths in mm)."""

    element: Element
    sides: tuple[str, ...]
    message: str


def touching(rect: Rect, frame: CardFrame) -> tuple[str, ...]:
    """The sides of `frame`'s trim ("left", "bottom", "right", "top") that `rect` (pt)
    reaches: its edge on that side within EDGE_PT of the trim's edge, or beyond it."""
    x, y, w, h = rect
    reach = (x <= EDGE_PT, y <= EDGE_PT, x + w >= frame.w - EDGE_PT, y + h >= frame.h - EDGE_PT)
    if True not in reach:  # (most elements: inside the trim)
        return ()
    return tuple(side for side, hit in zip(SIDES, reach) if hit)


def grown(rect: Rect, sides: tuple[str, ...], limit: Rect) -> Rect:
    """`rect` (pt) with its edge on each of `sides` moved out to `limit`'s (pt), never in."""
    x0, y0, x1, y1 = rect.x, rect.y, rect.x + rect.w, rect.top
    if "left" in sides:
        x0 = min(x0, limit.x)
    if "bottom" in sides:
        y0 = min(y0, limit.y)
    if "right" in sides:
        x1 = max(x1, limit.x + limit.w)
    if "top" in sides:
        y1 = max(y1, limit.top)
    return Rect(x0, y0, x1 - x0, y1 - y0)


def reach_bleed(face: Face, frame: CardFrame) -> Face:
    """`face` with every element that touches `frame`'s trim on a side (and the ground)
    run on to the bleed's edge on that side: Fill rectangles (square corners) grown,
    a Border's outer edge moved out, a square Outline turned into the Border of the same
    inner edge, a Rule's ends on the left or right trim lengthened, and Art shown to the
    bleed edge (full-bleed art: the frame's whole bleed; a window on the trim: grown on
    the sides it touches). An element never runs past its container's bounds. Elements
    that do not touch the trim, and those that cannot run on (`bleed_faults` names
    them), are kept as they are; the face itself is returned when nothing changes.
    Geometry in pt; raises nothing."""
    bleed = frame.bleed_rect
    placed: dict[str, Element] = {}
    elements = []
    for element in face.elements:
        if type(element) in _NEVER_RUN_ON:  # (most of a face: skip working out its limit)
            new = element
        else:
            container = placed.get(element.inside) if element.inside is not None else None
            new = _reached(element, frame, bleed, container)
        placed.setdefault(element.key, new)
        elements.append(new)
    ground = _reached(face.ground, frame, bleed, None) if face.ground is not None else None
    if ground is face.ground and all(a is b for a, b in zip(elements, face.elements)):
        return face
    assert ground is None or isinstance(ground, Fill)  # a Fill reached is a Fill
    return replace(face, elements=tuple(elements), ground=ground)


#: The kinds of element `_reached` keeps as they are, whatever they touch (exactly these
#: types: a kind made from one of them is run through `_reached` like any other).
_NEVER_RUN_ON = frozenset({Text, Icon, Disc, Shield})


def _within(a: Rect, b: Rect) -> Rect:
    """The part of `a` inside `b` (pt; empty sizes clamp to 0)."""
    x0, y0 = max(a.x, b.x), max(a.y, b.y)
    x1, y1 = min(a.x + a.w, b.x + b.w), min(a.top, b.top)
    return Rect(x0, y0, max(0.0, x1 - x0), max(0.0, y1 - y0))


def _reached(element: Element, frame: CardFrame, bleed: Rect, container: Element | None) -> Element:
    """`element` run on to the `bleed` rectangle (pt), within its `container`'s bounds
    when it has one, on every trim side it touches, or as it is."""
    if isinstance(element, Fill) and not element.radius:
        sides = touching(element.rect, frame)
        if sides:
            rect = grown(element.rect, sides, _limit(bleed, container))
            return element if rect == element.rect else replace(element, rect=rect)
    elif isinstance(element, Border):
        sides = touching(element.outer, frame)
        if sides:
            outer = grown(element.outer, sides, _limit(bleed, container))
            return element if outer == element.outer else replace(element, outer=outer)
    elif isinstance(element, Outline) and not element.radius:
        outer = element.rect.inset(-element.width / 2)
        sides = touching(outer, frame)
        if sides:
            return Border(
                key=element.key,
                inside=element.inside,
                origin=element.origin,
                outer=grown(outer, sides, _limit(bleed, container)),
                inner=element.rect.inset(element.width / 2),
                radius=0.0,
                colour=element.colour,
            )
    elif isinstance(element, Rule):
        return _rule_reached(element, frame, bleed, container)
    elif isinstance(element, Art):
        sides = SIDES if element.full_bleed else touching(element.clip, frame)
        if sides:
            clip = grown(element.clip, sides, _limit(bleed, container))
            if clip == element.clip:
                return element
            return replace(element, clip=clip, bleeds=not element.full_bleed)
    return element


def _limit(bleed: Rect, container: Element | None) -> Rect:
    """How far an element may run on (pt): the bleed, within its container's bounds."""
    return bleed if container is None else _within(container.bounds(), bleed)


def _rule_reached(rule: Rule, frame: CardFrame, bleed: Rect, container: Element | None) -> Rule:
    """A rule whose end lies on the left or right trim, lengthened to the bleed's edge
    (within its container's bounds)."""
    if EDGE_PT < min(rule.x0, rule.x1) and max(rule.x0, rule.x1) < frame.w - EDGE_PT:
        return rule  # (most rules: both ends inside the trim)
    limit = _limit(bleed, container)
    x0 = min(rule.x0, limit.x) if min(rule.x0, rule.x1) <= EDGE_PT else rule.x0
    x1 = max(rule.x1, limit.x + limit.w) if max(rule.x0, rule.x1) >= frame.w - EDGE_PT else rule.x1
    if rule.x0 > rule.x1:  # drawn right to left: the same ends, swapped
        x0 = max(rule.x0, limit.x + limit.w) if rule.x0 >= frame.w - EDGE_PT else rule.x0
        x1 = min(rule.x1, limit.x) if rule.x1 <= EDGE_PT else rule.x1
    return rule if (x0, x1) == (rule.x0, rule.x1) else replace(rule, x0=x0, x1=x1)


def bleed_faults(face: Face, frame: CardFrame) -> list[BleedFault]:
    """Every element of `face` (and its ground) that touches `frame`'s trim but cannot run
    on into a bleed of `frame.bleed`, in drawing order: a Text or Icon whose ink reaches
    the trim (it would be cut), a Disc or Shield, a Fill or Outline with rounded corners,
    a Rule along the top or bottom trim, and any other kind of element reach_bleed does
    not know. Fills, borders, square outlines, rules across the card and pictures are
    never named: reach_bleed runs them on. A text that cannot be laid out is left to
    pnp.layout.face_check. Raises nothing."""
    bleed = f"the {pt_to_mm(frame.bleed):g} mm bleed"
    faults = []
    elements = (face.ground, *face.elements) if face.ground is not None else face.elements
    for element in elements:
        try:
            ink = element.ink() if not isinstance(element, Art) else (element.clip,)
        except TextDoesNotFit:
            continue
        sides = tuple(s for s in SIDES if any(s in touching(r, frame) for r in ink))
        why = _why_not(element, sides, bleed) if sides else None
        if why:
            faults.append(
                BleedFault(element, sides, f"touches the trim on the {_and(sides)}: {why}")
            )
    return faults


def _why_not(element: Element, sides: tuple[str, ...], bleed: str) -> str | None:
    """Why `element` touching the trim on `sides` cannot run on into `bleed` (its name in
    words; None: it can, reach_bleed runs it on)."""
    keep = "keep it inside the safe area"
    if isinstance(element, Text):
        return f"text there would be cut; {keep}"
    if isinstance(element, Icon):
        return f"an icon there would be cut; {keep}"
    if isinstance(element, (Disc, Shield)):
        shape = "a disc" if isinstance(element, Disc) else "a shield"
        return f"{shape} cannot run on into {bleed}, so a miscut shows paper beside it; {keep}"
    if isinstance(element, (Fill, Outline)) and element.radius:
        return (
            f"its rounded corners cannot run on into {bleed}, so a miscut shows paper "
            "beside them; give it square corners (radius 0) or keep it off the trim"
        )
    if isinstance(element, Rule):
        along = [s for s in sides if s in ("bottom", "top")]
        return (
            f"a rule along the {_and(tuple(along))} trim cannot run on into {bleed}; "
            "draw a fill there or keep it off the trim"
            if along
            else None
        )
    if isinstance(element, (Fill, Border, Outline, Art)):
        return None
    return f"a {type(element).__name__.lower()} cannot run on into {bleed}; {keep}"


def _and(sides: tuple[str, ...]) -> str:
    """ "left", "left and top", "left, bottom and top"."""
    return sides[0] if len(sides) == 1 else f"{', '.join(sides[:-1])} and {sides[-1]}"
