"""The names of the vector glyphs an Icon element may use (pnp.render.icons draws each;
a test keeps the two lists equal), so faces are checked without importing a renderer."""

from __future__ import annotations

GLYPH_NAMES = frozenset({
    "backups", "device-security", "home-network", "passwords", "social-engineering",
    "social-media", "wild", "attack", "user-error",
    "square", "diamond", "crosshair", "shield", "shields", "card", "skull", "eye", "key",
    "bug", "cloud",
})
