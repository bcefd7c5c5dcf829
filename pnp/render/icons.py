"""Vector icons, each drawn once per PDF as a reportlab form and reused by reference.

Glyphs are drawn in a 100 x 100 unit box; `IconSet.place` scales the form to any
diameter in points. Badge style: a filled circle with the glyph knocked out, so every
category reads by shape as well as colour (and in greyscale). The glyph names are
pnp.glyphs.GLYPH_NAMES.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from reportlab.pdfgen.canvas import Canvas

from pnp.glyphs import GLYPH_NAMES
from pnp.layout.face import Icon
from pnp.render.colour import colour, tint
from pnp.render.glyphs_more import GLYPHS_MORE

WHITE = "#FFFFFF"


def _backups(c: Canvas) -> None:
    c.setLineWidth(9)
    c.arc(24, 24, 76, 76, 50, 280)
    a = math.radians(50)
    px, py = 50 + 26 * math.cos(a), 50 + 26 * math.sin(a)
    dx, dy = math.sin(a), -math.cos(a)  # clockwise tangent
    nx, ny = math.cos(a), math.sin(a)  # outward normal
    path = c.beginPath()
    path.moveTo(px + 14 * dx, py + 14 * dy)
    path.lineTo(px + 12 * nx - 3 * dx, py + 12 * ny - 3 * dy)
    path.lineTo(px - 12 * nx - 3 * dx, py - 12 * ny - 3 * dy)
    path.close()
    c.drawPath(path, stroke=0, fill=1)


def _device_security(c: Canvas) -> None:
    c.setLineWidth(6)
    c.roundRect(32, 16, 36, 68, 7, stroke=1, fill=0)
    c.setLineWidth(7)
    c.setLineCap(1)
    c.setLineJoin(1)
    c.lines([(40, 50, 47, 42), (47, 42, 60, 60)])
    c.circle(50, 24, 3, stroke=0, fill=1)


def _home_network(c: Canvas) -> None:
    c.setLineWidth(6)
    c.setLineJoin(1)
    path = c.beginPath()
    path.moveTo(22, 48)
    path.lineTo(50, 76)
    path.lineTo(78, 48)
    c.drawPath(path, stroke=1, fill=0)
    c.rect(30, 20, 40, 34, stroke=1, fill=0)
    c.setLineWidth(5)
    c.setLineCap(1)
    c.arc(36, 22, 64, 50, 45, 90)
    c.arc(43, 22, 57, 36, 45, 90)
    c.circle(50, 29, 3, stroke=0, fill=1)


def _passwords(c: Canvas, knockout: str) -> None:
    c.setLineWidth(7)
    c.arc(36, 40, 64, 76, 0, 180)
    c.lines([(36, 58, 36, 46), (64, 58, 64, 46)])
    c.roundRect(26, 16, 48, 36, 5, stroke=0, fill=1)
    c.setFillColor(colour(knockout))
    c.circle(50, 37, 5, stroke=0, fill=1)
    c.rect(47.5, 24, 5, 12, stroke=0, fill=1)


def _social_engineering(c: Canvas) -> None:
    c.setLineWidth(7)
    c.setLineCap(1)
    c.circle(57, 82, 5, stroke=1, fill=0)
    c.line(57, 76, 57, 40)
    c.arc(31, 22, 57, 48, 180, 180)
    c.lines([(31, 35, 31, 48), (31, 48, 39, 40)])


def _social_media(c: Canvas) -> None:
    c.setLineWidth(6)
    c.lines([(30, 50, 70, 74), (30, 50, 70, 26)])
    for x, y in ((30, 50), (70, 74), (70, 26)):
        c.circle(x, y, 11, stroke=0, fill=1)


def _wild(c: Canvas) -> None:
    path = c.beginPath()
    for i in range(10):
        r = 38 if i % 2 == 0 else 16
        a = math.radians(90 + 36 * i)
        (path.moveTo if i == 0 else path.lineTo)(50 + r * math.cos(a), 48 + r * math.sin(a))
    path.close()
    c.drawPath(path, stroke=0, fill=1)


def _attack(c: Canvas, knockout: str) -> None:
    path = c.beginPath()
    path.moveTo(50, 92)
    path.lineTo(4, 10)
    path.lineTo(96, 10)
    path.close()
    c.setLineJoin(1)
    c.drawPath(path, stroke=0, fill=1)
    c.setFillColor(colour(knockout))
    c.roundRect(45, 36, 10, 36, 3, stroke=0, fill=1)
    c.circle(50, 24, 5.5, stroke=0, fill=1)


def _user_error(c: Canvas) -> None:
    path = c.beginPath()
    for i, (x, y) in enumerate(
        ((34, 84), (34, 22), (48, 36), (57, 14), (67, 18), (58, 40), (76, 40))
    ):
        (path.moveTo if i == 0 else path.lineTo)(x, y)
    path.close()
    c.drawPath(path, stroke=0, fill=1)


#: name -> drawing: (canvas) or, for a KNOCKOUT glyph, (canvas, knockout colour)
GLYPHS: dict[str, Callable[..., None]] = {
    "backups": _backups,
    "device-security": _device_security,
    "home-network": _home_network,
    "passwords": _passwords,
    "social-engineering": _social_engineering,
    "social-media": _social_media,
    "wild": _wild,
    "attack": _attack,
    "user-error": _user_error,
}
KNOCKOUT = {"passwords", "attack", *GLYPHS_MORE}
GLYPHS.update(GLYPHS_MORE)
if set(GLYPHS) != GLYPH_NAMES:  # the registry and the drawings are one list
    raise ImportError(
        f"pnp.glyphs names {sorted(GLYPH_NAMES ^ set(GLYPHS))} that "
        "pnp.render.icons does not draw, or the other way round"
    )


def _draw_glyph(c: Canvas, name: str, ink: str, knockout: str) -> None:
    c.setStrokeColor(colour(ink))
    c.setFillColor(colour(ink))
    glyph = GLYPHS[name]
    glyph(c, knockout) if name in KNOCKOUT else glyph(c)


class IconSet:
    """The icons of one PDF: each distinct (glyph, colour, style, ink) is drawn into a form
    the first time it is placed and referenced after that."""

    def __init__(self, canvas: Canvas):
        self.c = canvas
        self.defined: set[str] = set()

    def form(self, icon: Icon) -> str:
        """The name of `icon`'s form, drawing the form first if this PDF has none yet
        (outside any other form: see `prepare`)."""
        key = "icon-" + "-".join(
            v.lstrip("#") for v in (icon.glyph, icon.colour, icon.style, icon.ink_colour)
        )
        if key in self.defined:
            return key
        c = self.c
        c.beginForm(key, 0, 0, 100, 100)
        if icon.style == "badge":
            c.setFillColor(colour(icon.colour))
            c.circle(50, 50, 50, stroke=0, fill=1)
            _draw_glyph(c, icon.glyph, icon.ink_colour, icon.colour)
        elif icon.style == "tint":
            _draw_glyph(c, icon.glyph, _hex(tint(icon.colour, 0.16)), WHITE)
        else:
            _draw_glyph(c, icon.glyph, icon.colour, WHITE)
        c.endForm()
        self.defined.add(key)
        return key

    def prepare(self, icons) -> None:
        """Define the forms of `icons` now (a form cannot be begun inside another form)."""
        for icon in icons:
            self.form(icon)

    def place(self, icon: Icon) -> None:
        """Draw `icon` centred on its (x, y) at its size (pt, current user space)."""
        key = self.form(icon)
        c = self.c
        c.saveState()
        c.translate(icon.x - icon.size / 2, icon.y - icon.size / 2)
        c.scale(icon.size / 100, icon.size / 100)
        c.doForm(key)
        c.restoreState()


def _hex(col) -> str:
    return "#%02X%02X%02X" % tuple(round(v * 255) for v in (col.red, col.green, col.blue))
