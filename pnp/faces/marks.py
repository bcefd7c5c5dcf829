"""Each element type of a face layout built into the Face elements it prints
(pnp.layout.face), in card-local points: `BUILD[type](spec, values, bound, scale)`
gives the elements (none when a field it prints is not set). Source: issue 25 item 1;
README, "Faces as data".
"""

from __future__ import annotations

import math
from dataclasses import replace

from pnp.core.units import mm_to_pt
from pnp.data.models import Origin
from pnp.faces.bound import colour_of, text_of
from pnp.faces.values import FONTS
from pnp.layout.design import ring
from pnp.layout.face import (
    Art,
    Border,
    Disc,
    Element,
    Fill,
    Icon,
    Outline,
    Rule,
    Shield,
    art_element,
)
from pnp.layout.imposition import Rect


def _text_element(spec, values, bound, scale) -> list[Element]:
    anchor = values.get("anchor")
    sizes = {"size": scale.text_size(values.get("size", 10.0), anchor)}
    if "min_size" in values:
        sizes["min_size"] = scale.text_size(values["min_size"], anchor)
    return text_of(
        spec,
        {**values, **sizes},
        bound,
        scale.rect(values["box"], anchor=values.get("anchor")),
        spec.key,
        spec.inside,
    )


def _icon(spec, values, bound, scale) -> list[Element]:
    origin = spec.origin
    glyph = values.get("icon")
    if "field" in values:
        glyph, origin = bound.values.get(values["field"]), bound.origin(values["field"])
    colour, ink = (
        colour_of(values.get("colour", "#000000"), bound),
        colour_of(values.get("ink", "#FFFFFF"), bound),
    )
    if glyph is None or colour is None or ink is None:
        return []
    x, y = scale.point(values["at"], values.get("anchor"))
    return [
        Icon(
            key=spec.key,
            glyph=str(glyph),
            colour=colour,
            x=x,
            y=y,
            size=scale.size(values["size"], values.get("anchor")),
            style=values.get("style", "plain"),
            ink_colour=ink,
            origin=origin,
            inside=spec.inside,
        )
    ]


def _row(spec, values, bound, scale) -> list[Element]:
    """A row of icons centred on `at`, `pitch` mm apart: each part's icon `count` times
    (a number or a whole-number field), or one icon per item of a list field."""
    marks: list[tuple[str, str, Origin]] = []
    for part in values["icons"]:
        colour = colour_of(part["colour"], bound)
        if colour is None:
            continue
        if "field" in part:
            items = bound.values.get(part["field"]) or []
            items = [items] if isinstance(items, str) else items
            marks += [(str(g), colour, bound.origin(part["field"])) for g in items]
            continue
        count = part["count"]
        n = (bound.values.get(count) or 0) if isinstance(count, str) else count
        marks += [(part["icon"], colour, spec.origin)] * max(0, int(n))
    cx, cy = values["at"]
    pitch, ink = values["pitch"], colour_of(values.get("ink", "#FFFFFF"), bound) or "#FFFFFF"
    out: list[Element] = []
    for i, (glyph, colour, origin) in enumerate(marks):
        x, y = scale.point((cx + (i - (len(marks) - 1) / 2) * pitch, cy), values.get("anchor"))
        out.append(
            Icon(
                key=f"{spec.key}[{i}]",
                glyph=glyph,
                colour=colour,
                x=x,
                y=y,
                size=scale.size(values["size"], values.get("anchor")),
                style=values.get("style", "plain"),
                ink_colour=ink,
                origin=origin,
                inside=spec.inside,
            )
        )
    return out


def _fill(spec, values, bound, scale) -> list[Element]:
    colour = colour_of(values["colour"], bound)
    if colour is None:
        return []
    return [
        Fill(
            key=spec.key,
            rect=scale.rect(values["box"], values.get("bleed", False), values.get("anchor")),
            colour=colour,
            strength=values.get("strength", 1.0),
            radius=scale.size(values.get("radius", 0.0), values.get("anchor")),
            origin=spec.origin,
            inside=spec.inside,
        )
    ]


def _outline(spec, values, bound, scale) -> list[Element]:
    colour = colour_of(values["colour"], bound)
    if colour is None:
        return []
    return [
        Outline(
            key=spec.key,
            rect=scale.rect(values["box"], anchor=values.get("anchor")),
            colour=colour,
            width=mm_to_pt(values.get("width", 0.3)),
            radius=scale.size(values.get("radius", 0.0), values.get("anchor")),
            origin=spec.origin,
            inside=spec.inside,
        )
    ]


def _border(spec, values, bound, scale) -> list[Element]:
    colour = colour_of(values["colour"], bound)
    if colour is None:
        return []
    return [
        Border(
            key=spec.key,
            outer=scale.frame.bleed_rect,
            inner=scale.rect(values["box"], anchor=values.get("anchor")),
            radius=scale.size(values.get("radius", 0.0), values.get("anchor")),
            colour=colour,
            origin=spec.origin,
            inside=spec.inside,
        )
    ]


def _rule(spec, values, bound, scale) -> list[Element]:
    colour = colour_of(values.get("colour", "#BBBBBB"), bound)
    if colour is None:
        return []
    x0, y = scale.point(values["at"], values.get("anchor"))
    x1, _ = scale.point((values["at"][0] + values["length"], values["at"][1]), values.get("anchor"))
    return [
        Rule(
            key=spec.key,
            x0=x0,
            x1=x1,
            y=y,
            colour=colour,
            width=mm_to_pt(values.get("width", 0.18)),
            origin=spec.origin,
            inside=spec.inside,
        )
    ]


def _disc(spec, values, bound, scale) -> list[Element]:
    """A disc (or with `ring`, a ring) and, when it names one, its number inside it."""
    colour = colour_of(values["colour"], bound)
    if colour is None:
        return []
    x, y = scale.point(values["at"], values.get("anchor"))
    r = scale.size(values["radius"], values.get("anchor"))
    badge: Element = (
        ring(spec.key, x, y, r, colour, inside=spec.inside, origin=spec.origin)
        if values.get("ring")
        else Disc(
            key=spec.key, x=x, y=y, r=r, colour=colour, origin=spec.origin, inside=spec.inside
        )
    )
    side = r * math.sqrt(2)
    box = Rect(x - side / 2, y - side / 2, side, side)
    return [badge, *_number(spec, values, bound, box)]


def _shield(spec, values, bound, scale) -> list[Element]:
    """A shield, point down, and, when it names one, its number in its upper part."""
    colour = colour_of(values["colour"], bound)
    if colour is None:
        return []
    rect = scale.rect(values["box"], anchor=values.get("anchor"))
    badge = Shield(key=spec.key, rect=rect, colour=colour, origin=spec.origin, inside=spec.inside)
    box = Rect(rect.x + 0.15 * rect.w, rect.y + 0.3 * rect.h, 0.7 * rect.w, 0.6 * rect.h)
    return [badge, *_number(spec, values, bound, box)]


def _number(spec, values, bound, box: Rect) -> list[Element]:
    if not any(k in values for k in ("field", "text", "label")):
        return []
    return text_of(
        spec,
        values,
        bound,
        box,
        f"{spec.key}-number",
        spec.key,
        "text_colour",
        font=FONTS["bold"],
        size=12.0,
        lines=1,
        colour="#FFFFFF",
    )


def _art(spec, values, bound, scale) -> list[Element]:
    """A picture in the element's box (a window), or at full bleed without one; SVG art
    painted in the element's `colour` when it has one (a colour field's value, or as
    written)."""
    art = values.get("art")
    if "field" in values:
        art = bound.values.get(values["field"])
        if art is not None:
            art = replace(art, **{k: values[k] for k in ("fit", "focus") if k in values})
    if art is None:
        return []
    hex_rgb = colour_of(values["colour"], bound) if "colour" in values else None
    if hex_rgb is not None and getattr(art, "vector", False):
        art = replace(art, colour=hex_rgb.upper())
    if "box" not in values:
        return [
            replace(
                art_element(replace(art, window_mm=None), scale.frame, spec.key), inside=spec.inside
            )
        ]
    window = scale.rect(values["box"], anchor=values.get("anchor"))
    return [
        Art(
            key=spec.key, art=art, target=window, clip=window, origin=art.origin, inside=spec.inside
        )
    ]


def _ground(spec, values, bound, scale) -> list[Element]:
    colour = colour_of(values["colour"], bound)
    if colour is None:
        return []
    return [
        Fill(
            key=spec.key,
            rect=scale.frame.bleed_rect,
            colour=colour,
            strength=values.get("strength", 1.0),
            origin=spec.origin,
        )
    ]


BUILD = {
    "text": _text_element,
    "icon": _icon,
    "row": _row,
    "fill": _fill,
    "outline": _outline,
    "border": _border,
    "rule": _rule,
    "disc": _disc,
    "shield": _shield,
    "art": _art,
    "ground": _ground,
}
