"""What a face layout's elements are built from (pnp.faces.marks builds them): the
values one face prints (`Bound`), how a value prints (`shown`), the conditions
(`holds`) and the text of a text element or a badge's number (`text_of`); where
positions land on the card is pnp.faces.scale's. An element bound to a field the card
has no value for is left out; `when` holds when the field is set (not absent, "", [],
0 or false) or equals its value. Source: issue 25 item 1; README, "Faces as data".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from pnp.core.shown import signed, singular
from pnp.data.models import GameInfo, Origin, Source
from pnp.faces.elements import ElementSpec
from pnp.faces.values import FONTS, MISSING
from pnp.layout.card_frame import BODY_FLOOR_PT, TITLE_FLOOR_PT
from pnp.layout.face import Element, Text
from pnp.layout.imposition import Rect


@dataclass(frozen=True)
class Bound:
    """What one face prints from: the values of its fields (name -> value; absent: not
    set), the `source` of the table they come from (a card's, or game.toml's [back]) and
    the game's settings (`info`, for its [labels])."""

    values: Mapping[str, Any]
    source: Source
    info: GameInfo

    def origin(self, name: str) -> Origin:
        """Where the field `name` is written."""
        return self.source.at(name)


def shown(value: Any, format: str = "") -> str:
    """A field's value as printed: numbers with a true minus sign ("−2"; "plus": "+2";
    "abs": "2"), "s" the plural ending its count takes ("" for 1, else "s"), a list as
    its items joined by ", ", true/false as yes/no; "upper"/"lower" change the case."""
    if isinstance(value, bool):
        text = "yes" if value else "no"
    elif isinstance(value, int):
        if format == "s":
            return "" if singular(value) else "s"
        text = (
            str(abs(value))
            if format == "abs"
            else f"+{value}"
            if format == "plus" and value > 0
            else signed(value)
        )
    elif isinstance(value, (list, tuple)):
        if format == "s":
            return "" if len(value) == 1 else "s"
        text = ", ".join(str(v) for v in value)
    else:
        text = str(value)
    return text.upper() if format == "upper" else text.lower() if format == "lower" else text


def is_set(value: Any) -> bool:
    """A `when = "field"` condition: the value is there and not "", [], 0 or false."""
    if value is None or isinstance(value, bool):
        return bool(value)
    if isinstance(value, (int, float)):
        return value != 0
    if isinstance(value, (str, list, tuple)):
        return len(value) > 0
    return True


def holds(conditions: tuple, values: Mapping[str, Any]) -> list[bool]:
    """Whether each (field, equals) condition holds for `values`."""
    return [
        is_set(values.get(name)) if equals is MISSING else values.get(name) == equals
        for name, equals in conditions
    ]


def colour_of(value: str, bound: Bound) -> str | None:
    """A colour value: "#RRGGBB" as written, "@field" the card's (None: not set)."""
    return bound.values.get(value[1:]) if value.startswith("@") else value


def content_of(values: Mapping[str, Any], spec: ElementSpec, bound: Bound):
    """(text, parts) of a text element or badge number, or None when a field it prints
    is not set. `parts` are the printed values of data (a field's, a label's) with where
    each is written, so a character the font lacks is named there; every other fault of
    the element is the layout's (its origin)."""
    if "field" in values:
        value = bound.values.get(values["field"])
        if value is None:
            return None
        text = shown(value)
        return text, ((text, bound.origin(values["field"])),)
    if "label" in values:
        text, origin = bound.info.label(values["label"])
        return text, ((text, origin),)
    if "text" not in values:
        return None
    pieces, parts = [], []
    for literal, name, format in values["text"]:
        pieces.append(literal)
        if name is not None:
            if bound.values.get(name) is None:
                return None
            value = shown(bound.values[name], format)
            pieces.append(value)
            parts.append((value, bound.origin(name)))
    return "".join(pieces), tuple(parts)


def text_of(
    spec,
    values,
    bound,
    box: Rect,
    key: str,
    inside: str | None,
    colour_key: str = "colour",
    **defaults,
) -> list[Element]:
    """The Text of a text element or badge number (`colour_key` names its colour key;
    `defaults` its font, size, lines and colour when the layout gives none)."""
    content = content_of(values, spec, bound)
    colour = colour_of(values.get(colour_key, defaults.get("colour", "#000000")), bound)
    if content is None or colour is None:
        return []
    text, parts = content
    floor = TITLE_FLOOR_PT if values.get("title") else BODY_FLOOR_PT
    return [
        Text(
            key=key,
            text=text,
            font=values.get("font", defaults.get("font", FONTS["regular"])),
            box=box,
            max_size=values.get("size", defaults.get("size", 10.0)),
            min_size=values.get("min_size", floor),
            align=values.get("align", defaults.get("align", "centre")),
            max_lines=values.get("lines", defaults.get("lines")),
            colour=colour,
            origin=spec.origin,
            parts=parts,
            inside=inside,
            valign=values.get("valign", "middle"),
            blank_mm=values.get("blank", 0.0),
            heading=bool(values.get("title")),
        )
    ]
