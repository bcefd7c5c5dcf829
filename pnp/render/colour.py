"""Colour helpers for light, ink-saving faces."""

from __future__ import annotations

from functools import lru_cache

from reportlab.lib.colors import Color, HexColor


@lru_cache(maxsize=None)
def colour(hex_rgb: str) -> Color:
    """reportlab Color for "#RRGGBB"."""
    return HexColor(hex_rgb)


@lru_cache(maxsize=None)
def tint(hex_rgb: str, strength: float) -> Color:
    """`hex_rgb` mixed with white: strength 1.0 is the colour itself, 0.0 is white."""
    c = HexColor(hex_rgb)
    mix = lambda v: 1 - strength * (1 - v)  # noqa: E731
    return Color(mix(c.red), mix(c.green), mix(c.blue))
