"""Drawing a text element's lines, rich text included (pnp.data.markup): each line in one
text object, run by run in its run's font (pnp.layout.rich.runs), and each inline icon
after the text, centred in the room its line left for it, as a form (a glyph or a
category's badge: pnp.render.icons; a file's icon: pnp.render.svg_art) in the text's
colour. Positions in points on the face.
"""

from __future__ import annotations

from typing import Any

from reportlab.pdfgen.canvas import Canvas

from pnp.core.errors import PnpError
from pnp.core.records import NamedTuple
from pnp.data.markup import ENCODED
from pnp.layout.face import Face, Icon, Text
from pnp.layout.imposition import Rect
from pnp.layout.inline import GLYPHS_ONLY, InlineIcon
from pnp.layout.rich import ICON_RISE, ICON_SIDE, runs
from pnp.render.colour import colour


class Placed(NamedTuple):
    """An inline icon where it prints: its name, centre (pt) and side (pt)."""

    name: str
    x: float
    y: float
    side: float


def draw_text(c: Canvas, e: Text) -> list[Placed]:
    """Every placed line of `e` in one text object (one BT ... ET); the inline icons its
    lines hold, for `draw_icons`."""
    t = c.beginText()
    t.setFillColor(colour(e.colour))
    font = None
    icons: list[Placed] = []
    for line in e.placed:
        if not ENCODED.search(line.text):
            if (line.font, line.size) != font:
                font = (line.font, line.size)
                t.setFont(line.font, line.size)
            t.setTextOrigin(line.x, line.baseline)
            t.textOut(line.text)
            continue
        for run in runs(line.text, line.font, line.size):
            if run.icon is not None:
                centre = line.x + run.x + run.width / 2
                rise = line.baseline + ICON_RISE * line.size
                icons.append(Placed(run.icon, centre, rise, ICON_SIDE * line.size))
                continue
            if (run.font, line.size) != font:
                font = (run.font, line.size)
                t.setFont(run.font, line.size)
            t.setTextOrigin(line.x + run.x, line.baseline)
            t.textOut(run.text)
    c.drawText(t)
    return icons


def _icon(table: Any, name: str) -> InlineIcon:
    icon = (table or GLYPHS_ONLY).get(name)
    if icon is None:  # validation names it at its line first; a face drawn unchecked
        raise PnpError(f"no inline icon called :{name}: (pnp validate lists the known ones)")
    return icon


def _glyph(icon: InlineIcon, ink: str, x: float, y: float, side: float) -> Icon | None:
    if icon.glyph is None:
        return None
    if icon.badge is not None:
        return Icon(key="", glyph=icon.glyph, colour=icon.badge, x=x, y=y, size=side)
    return Icon(key="", glyph=icon.glyph, colour=ink, x=x, y=y, size=side, style="plain")


def draw_icons(painter: Any, table: Any, e: Text, placed: list[Placed]) -> None:
    """Draw the inline icons `placed` of `e` with `painter`'s forms (its IconSet `icons`
    and SvgStore `svgs`), each from the face's table `table` (None: the glyphs only)."""
    for p in placed:
        icon = _icon(table, p.name)
        glyph = _glyph(icon, e.colour, p.x, p.y, p.side)
        if glyph is not None:
            painter.icons.place(glyph)
        else:
            half = p.side / 2
            painter.svgs.draw(
                icon.svg, e.colour, Rect(p.x - half, p.y - half, p.side, p.side), None
            )


def prepare_icons(painter: Any, face: Face) -> None:
    """Define the forms of every inline icon of `face`'s texts now: a reused face is
    drawn into a form, and a form cannot be begun inside another."""
    for e in face.texts():
        for line in e.placed:
            if not ENCODED.search(line.text):
                continue
            for run in runs(line.text, line.font, line.size):
                if run.icon is None:
                    continue
                icon = _icon(face.inline, run.icon)
                glyph = _glyph(icon, e.colour, 0, 0, 1)
                if glyph is not None:
                    painter.icons.form(glyph)
                else:
                    painter.svgs.form(icon.svg, e.colour)
