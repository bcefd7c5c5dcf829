"""The check of every value of a face layout's elements (pnp.faces.keys says which keys
each element type takes). Lengths are mm on the layout's design card, measured from the
trim's top-left corner (x to the right, y down); text sizes are pt.

A check takes the value and the `Context` (the design card, the fields of the kind of
card the face prints, the [labels] words) and returns (the value to use, None) or
(None, what is wrong in words). Source: issue 25 item 1; README, "Faces as data".
"""

from __future__ import annotations

import math
import re
import string
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping

from pnp.core.shown import described, listed, quoted
from pnp.fonts import BOLD, ITALIC, REGULAR
from pnp.glyphs import GLYPH_NAMES
from pnp.layout.card_frame import BODY_FLOOR_PT, TITLE_FLOOR_PT

FONTS = {"regular": REGULAR, "bold": BOLD, "italic": ITALIC}
ALIGNS = {"left": "left", "centre": "centre", "center": "centre", "right": "right"}
VALIGNS = ("middle", "top")
STYLES = ("plain", "badge", "tint")
FITS = ("cover", "contain")
#: What a `{field:format}` in a text may ask for (README, "Faces as data").
FORMATS = ("plus", "abs", "s", "upper", "lower")
MAX_TEXT_PT = 96.0
MAX_LINES = 20
EDGE_TOLERANCE_MM = 0.005
KEY_PATTERN = re.compile(r"^[A-Za-z0-9_-]{1,48}$")
#: A number relative to an inherited one: "+2", "-1.5" (pnp.faces.inherit).
RELATIVE = re.compile(r"^[+-](\d+(\.\d*)?|\.\d+)$")
TEXT_FIELD_TYPES = ("str", "int", "id", "list", "bool", "colour")


@dataclass(frozen=True)
class Context:
    """What a value is checked against: the design card `width_mm` x `height_mm`, the
    fields of the kind of card the face prints (`fields`: name -> type, pnp.data.schema
    Field kinds; None for a group no face uses: its field names go unchecked), the
    [labels] keys and the game folder (where art files are)."""

    width_mm: float
    height_mm: float
    fields: Mapping[str, str] | None
    labels: frozenset[str]
    folder: Path


Result = tuple[Any, str | None]
Check = Callable[[Any, Context], Result]


def given(value: Any) -> str:
    """A value a number was expected for, as a message quotes it; a relative one ("+2")
    says that it had no number to offset (pnp.faces.inherit resolves those it can)."""
    if isinstance(value, str) and RELATIVE.match(value):
        return (
            f"{quoted(value)}, a relative value with no number to offset: it offsets the "
            "same key of the element this one extends"
        )
    return described(value)


def number(value: Any) -> bool:
    """True for a finite int or float that is not a bool."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _numbers(value: Any, names: tuple[str, ...]) -> tuple[list[float] | None, str | None]:
    if not isinstance(value, list) or len(value) != len(names):
        return None, f"expected [{', '.join(names)}] in mm, got {described(value)}"
    for name, v in zip(names, value):
        if not number(v):
            return None, f"{name} is not a number, got {given(v)}"
    return [float(v) for v in value], None


def _edges(value: Any) -> Result:
    """[left, top, width, height] in mm as its edges (left, top, right, bottom)."""
    got, wrong = _numbers(value, ("left", "top", "width", "height"))
    if got is None:
        return None, wrong
    left, top, w, h = got
    for name, v in (("width", w), ("height", h)):
        if v <= 0:
            return None, f"{name} {v:g} mm: a box's width and height must be above 0"
    return (left, top, left + w, top + h), None


def outside_card(left: float, top: float, right: float, bottom: float, ctx: Context) -> str | None:
    """What reaches past the design card's trim (mm), or None."""
    tol = EDGE_TOLERANCE_MM
    card = f"the {ctx.width_mm:g} x {ctx.height_mm:g} mm card"
    if left < -tol:
        return f"starts {-left:g} mm left of {card}"
    if top < -tol:
        return f"starts {-top:g} mm above {card}"
    if right > ctx.width_mm + tol:
        return f"reaches {right - ctx.width_mm:.4g} mm past the right edge of {card}"
    if bottom > ctx.height_mm + tol:
        return f"reaches {bottom - ctx.height_mm:.4g} mm past the bottom edge of {card}"
    return None


def checked_box(value: Any, ctx: Context) -> Result:
    """[left, top, width, height] in mm from the trim's top-left, each of width and
    height above 0, lying on the card: (left, top, width, height)."""
    got, wrong = _edges(value)
    if wrong:
        return None, wrong
    left, top, right, bottom = got
    off = outside_card(left, top, right, bottom, ctx)
    if off:
        return None, f"the box {off}"
    return (left, top, right - left, bottom - top), None


def point(value: Any, ctx: Context) -> Result:
    """[x, y] in mm from the trim's top-left, on the card."""
    got, wrong = _numbers(value, ("x", "y"))
    if got is None:
        return None, wrong
    off = outside_card(got[0], got[1], got[0], got[1], ctx)
    return (None, f"the point {off}") if off else ((got[0], got[1]), None)


def length(value: Any, ctx: Context) -> Result:
    """A length in mm above 0."""
    if not number(value):
        return None, f"expected a length in mm, got {given(value)}"
    if value <= 0:
        return None, f"expected a length in mm above 0, got {value:g}"
    return float(value), None


def radius(value: Any, ctx: Context) -> Result:
    """A corner radius in mm, 0 or more."""
    if not number(value):
        return None, f"expected a radius in mm, got {given(value)}"
    if value < 0:
        return None, f"a radius is 0 mm or more, got {value:g}"
    return float(value), None


def text_size(value: Any, ctx: Context) -> Result:
    """A text size in pt, from the 7 pt body floor to MAX_TEXT_PT."""
    if not number(value):
        return None, f"expected a text size in pt, got {given(value)}"
    if not BODY_FLOOR_PT <= value <= MAX_TEXT_PT:
        return None, (
            f"a text size is {BODY_FLOOR_PT:g}..{MAX_TEXT_PT:g} pt "
            f"(body text never under {BODY_FLOOR_PT:g} pt, titles {TITLE_FLOOR_PT:g}), "
            f"got {value:g}"
        )
    return float(value), None


def fraction(value: Any, ctx: Context) -> Result:
    """A strength 0..1 (1: the colour itself, less: mixed with white)."""
    if not number(value) or not 0 <= value <= 1:
        return None, f"expected a strength 0..1, got {given(value)}"
    return float(value), None


def flag(value: Any, ctx: Context) -> Result:
    """true or false."""
    return (
        (value, None)
        if isinstance(value, bool)
        else (None, f"expected true or false, got {described(value)}")
    )


def lines(value: Any, ctx: Context) -> Result:
    """The most lines a text may take, 1..MAX_LINES."""
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_LINES:
        return None, f"expected a whole number of lines 1..{MAX_LINES}, got {given(value)}"
    return value, None


def choice(options: Mapping[str, Any] | tuple[str, ...], what: str) -> Check:
    """One of `options` (a mapping gives the value to use)."""
    table = options if isinstance(options, Mapping) else {o: o for o in options}

    def check(value: Any, ctx: Context) -> Result:
        if isinstance(value, str) and value in table:
            return table[value], None
        return None, f"unknown {what} {described(value)}; known: {', '.join(table)}"

    return check


def icon(value: Any, ctx: Context) -> Result:
    """An icon of the project's set (pnp.glyphs)."""
    if isinstance(value, str) and value in GLYPH_NAMES:
        return value, None
    return None, f"unknown icon {described(value)}; known: {', '.join(sorted(GLYPH_NAMES))}"


def _field_problem(name: str, ctx: Context, types: tuple[str, ...]) -> str | None:
    """What is wrong with binding the field `name` where a field of `types` is wanted."""
    if ctx.fields is None:
        return None
    if name not in ctx.fields:
        return f"no field called {quoted(name)} on this kind of card; its fields: {listed(sorted(ctx.fields))}"
    if ctx.fields[name] not in types:
        return f"the field {quoted(name)} holds {ctx.fields[name]} values; this needs {' or '.join(types)}"
    return None


def field_of(*types: str) -> Check:
    """The name of a card field whose type is one of `types`."""

    def check(value: Any, ctx: Context) -> Result:
        if not isinstance(value, str) or not value:
            return None, f"expected a field name, got {described(value)}"
        wrong = _field_problem(value, ctx, types)
        return (None, wrong) if wrong else (value, None)

    return check


def colour(value: Any, ctx: Context) -> Result:
    """ "#RRGGBB", or the name of a card field that holds one (its value is used);
    a field is named "@field" in the value kept."""
    if isinstance(value, str) and re.fullmatch(r"#[0-9A-Fa-f]{6}", value):
        return value, None
    if isinstance(value, str) and (ctx.fields is None or value in ctx.fields):
        wrong = _field_problem(value, ctx, ("colour",))
        return (None, wrong) if wrong else ("@" + value, None)
    return None, (
        f'expected a colour like "#0072B2" or the name of a colour field, got {described(value)}'
    )


def label(value: Any, ctx: Context) -> Result:
    """A key of game.toml's [labels] table."""
    if isinstance(value, str) and value in ctx.labels:
        return value, None
    known = listed(sorted(ctx.labels)) if ctx.labels else "none: game.toml has no [labels]"
    return None, f"no label called {described(value)} in game.toml [labels]; known: {known}"


def template(value: Any, ctx: Context) -> Result:
    """Text printed as written, each `{field}` or `{field:format}` replaced by the card's
    value (FORMATS); `{{` and `}}` print braces. The value is a tuple of (literal,
    field or None, format) pieces."""
    if not isinstance(value, str):
        return None, f"expected text, got {described(value)}"
    try:
        pieces = list(string.Formatter().parse(value))
    except ValueError as exc:
        return None, f"the text's braces do not pair up ({exc}); write {{{{ and }}}} for a brace"
    out: list[tuple[str, str | None, str]] = []
    for literal, name, spec, conversion in pieces:
        if name is None:
            out.append((literal, None, ""))
            continue
        if conversion or not re.fullmatch(r"[a-z][a-z0-9_]*", name):
            return None, f"{{{name}}} is not a field name; write {{field}} or {{field:format}}"
        if spec and spec not in FORMATS:
            return (
                None,
                f"unknown format {quoted(spec)} in {{{name}:{spec}}}; known: {', '.join(FORMATS)}",
            )
        types = (
            ("int",)
            if spec in ("plus", "abs")
            else ("int", "list")
            if spec == "s"
            else TEXT_FIELD_TYPES
        )
        wrong = _field_problem(name, ctx, types)
        if wrong:
            return None, wrong
        out.append((literal, name, spec or ""))
    return tuple(out), None


def path(value: Any, ctx: Context) -> Result:
    """An image path relative to the game folder (pnp.data.art checks the file)."""
    if not isinstance(value, str) or not value.strip():
        return None, f'expected an image path such as "art/logo.png", got {described(value)}'
    return value, None


def focus(value: Any, ctx: Context) -> Result:
    """[x, y], 0..1 from the image's left and top edge."""
    got, wrong = _numbers(value, ("x", "y"))
    if got is None or not all(0 <= v <= 1 for v in got):
        return None, wrong or f"focus is [x, y] with each 0..1, got {described(value)}"
    return (got[0], got[1]), None


def element_key(value: Any, ctx: Context) -> Result:
    """An element's name: letters, digits, - and _, at most 48."""
    if isinstance(value, str) and KEY_PATTERN.match(value):
        return value, None
    return None, f"expected a key of letters, digits, - and _ (1..48), got {described(value)}"


def _condition(value: Any, ctx: Context) -> tuple[tuple[str, Any] | None, str | None]:
    if isinstance(value, str):
        wrong = field_of(*TEXT_FIELD_TYPES, "art")(value, ctx)[1]
        return (None, wrong) if wrong else ((value, MISSING), None)
    if isinstance(value, dict):
        if set(value) - {"field", "equals"} or "field" not in value:
            return (
                None,
                f'a condition is "field" or {{ field = "...", equals = ... }}, got {described(value)}',
            )
        name, wrong = field_of(*TEXT_FIELD_TYPES)(value["field"], ctx)
        if wrong:
            return None, wrong
        equals = value.get("equals", MISSING)
        if equals is not MISSING and not isinstance(equals, (str, int, bool)):
            return None, f"equals is text, a whole number or true/false, got {described(equals)}"
        return (name, equals), None
    return (
        None,
        f'a condition is "field" or {{ field = "...", equals = ... }}, got {described(value)}',
    )


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


#: A condition without `equals`: the field is set (not absent, "", [], 0 or false).
MISSING: Any = _Missing()


def conditions(value: Any, ctx: Context) -> Result:
    """One condition or a list of them: a field's name (it is set) or { field, equals }."""
    items = value if isinstance(value, list) else [value]
    out = []
    for item in items:
        got, wrong = _condition(item, ctx)
        if wrong:
            return None, wrong
        out.append(got)
    return tuple(out), None
