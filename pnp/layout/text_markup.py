"""The checks of a text's markup (pnp.data.markup) where it prints: its stars balanced,
no bold italic, every inline icon one its face knows (pnp.layout.inline), and every
character in the font of its own style. Each problem is named at the value it is in
(a part of a composed text: its file and line) when one holds it."""

from __future__ import annotations

from typing import Any

from pnp.data.markup import MarkupError, has_markup, problem, styled_text
from pnp.data.models import Origin
from pnp.fonts import missing_glyphs
from pnp.layout.inline import GLYPHS_ONLY
from pnp.layout.rich import style_font


def markup_problems(text: str, parts: Any, inline: Any) -> list[tuple[str, Origin | None]]:
    """Why the markup of a text `text` composed of `parts` ((value, origin), ...) cannot
    print, each with the origin of the part it is in (None: the text's own), given the
    face's inline icons `inline` (None: the built-in glyphs only)."""
    known = (inline or GLYPHS_ONLY).known
    found = [
        (said, origin)
        for value, origin in parts
        if has_markup(value) and (said := problem(value, known)) is not None
    ]
    if not found and (said := problem(text, known)) is not None:
        found.append((said, None))
    return found


def missing_in_styles(text: str, font: str) -> set[str]:
    """The characters of `text` its fonts cannot print (pnp.fonts.missing_glyphs), each
    run looked up in the font of its style (bold in the bold font); markup that cannot
    print is `markup_problems`'s to name."""
    if not has_markup(text):
        return missing_glyphs(text, font)
    try:
        styled = styled_text(text)
    except MarkupError:
        return set()
    return set().union(*(missing_glyphs(chars, style_font(s, font)) for s, chars in styled.items()))
