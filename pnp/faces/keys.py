"""The schema of a face layout's elements: which keys each element type takes, which
it must have, and the check of each (pnp.faces.values). Lengths are mm on the layout's
design card from the trim's top-left corner; text sizes pt. Source: issue 25 item 1;
README, "Faces as data".
"""

from __future__ import annotations

from typing import Any

from pnp.core.shown import described, quoted
from pnp.faces.scale import ANCHORS
from pnp.faces.values import (
    ALIGNS,
    FITS,
    FONTS,
    STYLES,
    TEXT_FIELD_TYPES,
    VALIGNS,
    Check,
    Context,
    Result,
    checked_box,
    choice,
    colour,
    field_of,
    flag,
    focus,
    fraction,
    icon,
    label,
    length,
    lines,
    path,
    point,
    radius,
    template,
    text_size,
)

ROW_PART_KEYS = ("icon", "field", "count", "colour")


def row_icons(value: Any, ctx: Context) -> Result:
    """The parts of a row of icons, in order: each { icon = NAME, count = N or a whole-
    number field, colour } or { field = a list field of icon names, colour }."""
    if not isinstance(value, list) or not value or not all(isinstance(v, dict) for v in value):
        return (
            None,
            f"expected an array of tables {{ icon, count, colour }}, got {described(value)}",
        )
    parts = []
    for i, part in enumerate(value):
        where = f"icons[{i}]"
        unknown = [k for k in part if k not in ROW_PART_KEYS]
        if unknown:
            return (
                None,
                f"{where}: unknown key {quoted(unknown[0])}; allowed keys: {', '.join(ROW_PART_KEYS)}",
            )
        if ("icon" in part) == ("field" in part):
            return None, f"{where}: name an icon or a list field of icon names (one of them)"
        got: dict[str, Any] = {"colour": "#000000", "count": 1}
        for key, check in (
            ("icon", icon),
            ("field", field_of("list", "str", "id")),
            ("colour", colour),
        ):
            if key in part:
                got[key], wrong = check(part[key], ctx)
                if wrong:
                    return None, f"{where}: {wrong}"
        if "count" in part:
            count = part["count"]
            if isinstance(count, str):
                wrong = field_of("int")(count, ctx)[1]
            elif isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= 20:
                wrong = f"count is 0..20 or a whole-number field, got {described(count)}"
            else:
                wrong = None
            if wrong:
                return None, f"{where}: {wrong}"
            got["count"] = count
        parts.append(got)
    return tuple(parts), None


_NUMBER_KEYS: dict[str, Check] = {
    "field": field_of(*TEXT_FIELD_TYPES),
    "text": template,
    "label": label,
    "font": choice(FONTS, "font"),
    "size": text_size,
    "min_size": text_size,
    "text_colour": colour,
}
#: Every element type: its keys and their checks (the keys every element takes, key,
#: type, inside, when, unless, saver and saver_only, are in layout_file).
TYPES: dict[str, dict[str, Check]] = {
    "text": {
        "box": checked_box,
        "field": field_of(*TEXT_FIELD_TYPES),
        "text": template,
        "label": label,
        "font": choice(FONTS, "font"),
        "size": text_size,
        "min_size": text_size,
        "title": flag,
        "align": choice(ALIGNS, "alignment"),
        "valign": choice(VALIGNS, "vertical alignment"),
        "blank": length,
        "lines": lines,
        "colour": colour,
    },
    "icon": {
        "at": point,
        "size": length,
        "icon": icon,
        "field": field_of("str", "id"),
        "style": choice(STYLES, "icon style"),
        "colour": colour,
        "ink": colour,
    },
    "row": {
        "at": point,
        "size": length,
        "pitch": length,
        "icons": row_icons,
        "style": choice(STYLES, "icon style"),
        "ink": colour,
    },
    "fill": {
        "box": checked_box,
        "colour": colour,
        "strength": fraction,
        "radius": radius,
        "bleed": flag,
    },
    "outline": {"box": checked_box, "colour": colour, "width": length, "radius": radius},
    "border": {"box": checked_box, "colour": colour, "radius": radius},
    "rule": {"at": point, "length": length, "colour": colour, "width": length},
    "disc": {"at": point, "radius": length, "colour": colour, "ring": flag, **_NUMBER_KEYS},
    "shield": {"box": checked_box, "colour": colour, **_NUMBER_KEYS},
    "art": {
        "box": checked_box,
        "file": path,
        "field": field_of("art"),
        "fit": choice(FITS, "fit"),
        "focus": focus,
        "colour": colour,  # paints SVG art (pnp.data.art); a raster picture prints as it is
    },
    "ground": {"colour": colour, "strength": fraction},
}
for _keys in TYPES.values():  # every element but the ground may keep to a corner
    if "box" in _keys or "at" in _keys:
        _keys["anchor"] = choice(ANCHORS, "anchor")

#: Keys an element of each type must have.
REQUIRED = {
    "text": ("box",),
    "icon": ("at", "size"),
    "row": ("at", "size", "pitch", "icons"),
    "fill": ("box", "colour"),
    "outline": ("box", "colour"),
    "border": ("box", "colour"),
    "rule": ("at", "length"),
    "disc": ("at", "radius", "colour"),
    "shield": ("box", "colour"),
    "art": (),
    "ground": ("colour",),
}
#: Keys of which an element names exactly one (or, with `optional`, at most one).
ONE_OF = {
    "text": ("field", "text", "label"),
    "icon": ("icon", "field"),
    "art": ("file", "field"),
    "disc": ("field", "text", "label"),
    "shield": ("field", "text", "label"),
}
OPTIONAL_ONE_OF = ("disc", "shield")
