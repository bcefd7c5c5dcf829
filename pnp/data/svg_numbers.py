"""Numbers a PDF can hold: what svglib made of an SVG is walked once, right after it
is converted (pnp.data.svg_cache.convert), for a number that is not finite or too
large, and a transform that flattens the drawing or, composed with its groups', grows
too large: reportlab refuses numbers above 1e20 (a traceback) or writes "nan" into the
PDF, and divides by zero inverting a flat transform."""

from __future__ import annotations

import math
from typing import Any

#: the largest magnitude of a number a converted drawing may hold, and of each entry of a
#: transform as its groups compose it: PDF writers and readers hold reals as 32-bit
#: floats or refuse more (reportlab above 1e20); art needs nowhere near this
LARGEST = 1e9
_NUMBERS = {float, int}
#: the smallest width and height a drawing may have, in points: drawn at a card's size
#: a smaller one would be scaled past LARGEST (an <svg width="1e-300">)
SMALLEST_PT = 0.01

#: reportlab's attribute names, as the SVG calls what they come from
_SVG_NAMES = {"strokeWidth": "stroke-width", "strokeMiterLimit": "stroke-miterlimit",
              "strokeDashArray": "stroke-dasharray", "points": "a path's coordinates",
              "transform": "a transform (or the viewBox's scale)", "fillOpacity": "fill-opacity",
              "strokeOpacity": "stroke-opacity"}  # fmt: skip


def unprintable_number(drawing: Any) -> str | None:
    """Why `drawing` (svglib's Drawing) cannot be written to a PDF, or None: a number
    that is not finite (nan, inf) or above LARGEST in magnitude, anywhere in its shapes,
    or a transform that, composed with those of the groups around it (and the viewBox's
    scale), has an entry above LARGEST (a 1e-300 viewBox, scale(1e308))."""

    def number(value: Any, name: str) -> str | None:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return None
        if math.isfinite(value) and abs(value) <= LARGEST:
            return None
        shown = _SVG_NAMES.get(name, name)
        return (
            f"it holds a number a PDF cannot hold ({value!r} in {shown}); keep every number "
            f"finite and within ±{LARGEST:,.0f}"
        )

    def values(value: Any, name: str) -> str | None:
        if isinstance(value, list) and set(map(type, value)) <= _NUMBERS:
            # a path's points, thousands of them: checked at C speed, one by one only
            # to name a wrong one
            if all(map(math.isfinite, value)) and max(map(abs, value), default=0) <= LARGEST:
                return None
        if isinstance(value, (list, tuple)):
            return next((w for w in (values(v, name) for v in value) if w), None)
        return number(value, name)

    def walk(shape: Any, outer: tuple) -> str | None:
        matrix = outer
        for name, value in vars(shape).items():
            if name == "contents":
                continue
            wrong = values(value, name) or (_dashes(value) if name == "strokeDashArray" else None)
            if wrong:
                return wrong
            if name == "transform" and isinstance(value, (list, tuple)) and len(value) == 6:
                if not _invertible(value):  # reportlab inverts each group's transform
                    return (
                        "it has a transform that squashes its shapes flat (scale(0), or a "
                        "matrix whose inverse no PDF number holds); remove it"
                    )
                matrix = _composed(outer, tuple(value))
                if not all(math.isfinite(v) and abs(v) <= LARGEST for v in matrix):
                    return number(
                        max(matrix, key=lambda v: abs(v) if math.isfinite(v) else math.inf), name
                    )
        for child in getattr(shape, "contents", None) or ():
            wrong = walk(child, matrix)
            if wrong:
                return wrong
        return None

    return walk(drawing, (1.0, 0.0, 0.0, 1.0, 0.0, 0.0))


def _dashes(value: Any) -> str | None:
    """Why a stroke-dasharray (a list of lengths, or (phase, lengths)) is no PDF dash
    pattern, or None: reportlab refuses a negative length and a cycle of length 0."""
    lengths = value[1] if isinstance(value, tuple) and len(value) == 2 else value
    if not isinstance(lengths, (list, tuple)) or not lengths:
        return None
    numbers = [v for v in lengths if isinstance(v, (int, float))]
    if any(v < 0 for v in numbers) or not sum(numbers) > 0:
        shown = " ".join(f"{v:g}" for v in numbers)
        return (
            f"its stroke-dasharray {shown!r} is no dash pattern: give lengths of 0 or more, "
            "not all 0 (or none, for a solid line)"
        )
    return None


def _invertible(matrix: Any) -> bool:
    """Whether the inverse of the PDF matrix (a b c d e f), as reportlab's renderer takes
    it when it leaves a group, has finite entries within LARGEST."""
    a, b, c, d = matrix[:4]
    det = a * d - b * c
    if det == 0 or not math.isfinite(det):
        return False
    try:
        inverse = (d / det, b / det, c / det, a / det)
    except OverflowError:
        return False
    return all(math.isfinite(v) and abs(v) <= LARGEST for v in inverse)


def _composed(outer: tuple, inner: tuple) -> tuple:
    """The PDF matrix (a b c d e f) of `inner` drawn inside `outer`."""
    a, b, c, d, e, f = inner
    A, B, C, D, E, F = outer
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D,
            e * A + f * C + E, e * B + f * D + F)  # fmt: skip
