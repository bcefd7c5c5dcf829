"""The one registry of the vector glyphs an Icon element may use: each name, and whether
a Defense category may show it (its `icon` in game.toml). pnp.render.icons draws every
glyph named here and checks at import that it draws exactly these; validation checks
faces against the names without importing a renderer."""

from __future__ import annotations

#: The glyphs a Defense category may use as its icon (game.toml [[category]] icon).
CATEGORY_ICONS = (
    "backups",
    "device-security",
    "home-network",
    "passwords",
    "social-engineering",
    "social-media",
    "wild",
    "attack",
    "user-error",
)
#: Every glyph: the category icons, then the marks and emblems the kits draw.
GLYPH_NAMES = frozenset(
    {
        *CATEGORY_ICONS,
        "square",
        "diamond",
        "crosshair",
        "shield",
        "shields",
        "card",
        "skull",
        "eye",
        "key",
        "bug",
        "cloud",
    }
)
