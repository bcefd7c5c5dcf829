"""The icons a game's texts may print in their lines (`:name:`, pnp.data.markup): the
built-in glyphs (pnp.glyphs), the game's categories (drawn as their badge, in their
colour) and the SVG files of its icons folder (`icons/NAME.svg`, drawn in the text's
colour). A category's id wins over a glyph of the same name, a glyph over a file.

A face whose texts name an icon carries the game's table (`Face.inline`, set by
`with_inline`), so the checks (pnp.layout.face_check) and the painter read the same
names; a face without any keeps None and costs nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import Any

from pnp.core.records import NamedTuple
from pnp.data.icons import ICON_FOLDER
from pnp.data.markup import names_icon
from pnp.glyphs import GLYPH_NAMES
from pnp.layout.face import Text


class InlineIcon(NamedTuple):
    """One icon a text prints: a built-in `glyph` (pnp.glyphs) drawn in the text's colour,
    or as a badge of `badge` colour (a category), or `svg`, a checked SVG (SvgInfo)."""

    name: str
    glyph: str | None = None
    badge: str | None = None
    svg: Any = None


@dataclass(frozen=True, eq=False)
class InlineIcons:
    """A game's inline icons: its categories (id -> (glyph, "#RRGGBB")) and the folder its
    icon files are in (None: none). `get` reads a file's icon once, when first named."""

    categories: dict[str, tuple[str, str]] = field(default_factory=dict)
    folder: Path | None = None
    _read: dict[str, InlineIcon | None] = field(default_factory=dict)

    @cached_property
    def files(self) -> frozenset[str]:
        """The names of the SVG files in the icons folder."""
        if self.folder is None or not self.folder.is_dir():
            return frozenset()
        return frozenset(p.stem for p in self.folder.glob("*.svg") if p.is_file())

    @cached_property
    def known(self) -> frozenset[str]:
        """Every name a text may print as an icon."""
        return frozenset({*self.categories, *GLYPH_NAMES, *self.files})

    def get(self, name: str) -> InlineIcon | None:
        """The icon `name` stands for, or None when no one knows it. ImageRefused when its
        file cannot be drawn (pnp.data.svg says why)."""
        if name in self.categories:
            glyph, colour = self.categories[name]
            return InlineIcon(name, glyph=glyph, badge=colour)
        if name in GLYPH_NAMES:
            return InlineIcon(name, glyph=name)
        if name not in self.files:
            return None
        if name not in self._read:
            from pnp.data.svg import probe_svg

            assert self.folder is not None  # (files is empty without a folder)
            self._read[name] = InlineIcon(name, svg=probe_svg(self.folder / f"{name}.svg"))
        return self._read[name]


#: The table of the built-in glyphs alone (a face of a game without data at hand).
GLYPHS_ONLY = InlineIcons()


def game_icons(data: Any) -> InlineIcons:
    """The inline icons of the game `data` holds (its `categories`, if it has them, and
    its folder's icons), one table per data object."""
    table = getattr(data, "_inline_icons", None)
    if isinstance(table, InlineIcons):
        return table
    categories = {
        c.id: (c.icon, c.colour)
        for c in getattr(data, "categories", {}).values()
        if getattr(c, "icon", None) in GLYPH_NAMES
    }
    info = getattr(data, "info", None)
    folder = getattr(info, "folder", None)
    table = InlineIcons(categories, folder / ICON_FOLDER if isinstance(folder, Path) else None)
    try:
        object.__setattr__(data, "_inline_icons", table)  # kept with the data it is of
    except (AttributeError, TypeError):
        pass  # data with __slots__: made again when asked again
    return table


def with_inline(face: Any, data: Any) -> Any:
    """`face` carrying the game's inline icons when one of its texts names one, else
    `face` itself."""
    if face.inline is not None or not any(
        isinstance(e, Text) and names_icon(e.text) for e in face.elements
    ):
        return face
    return replace(face, inline=game_icons(data))
