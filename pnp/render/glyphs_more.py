"""More vector glyphs in the 100 x 100 unit box: keyword badges, deck emblems, markers.

Each draws with the canvas's current stroke and fill colour; `knockout` is the colour of
holes cut into a filled shape (eyes, keyholes).
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from pnp.render.colour import colour


def _poly(c: Canvas, points, fill: bool = True) -> None:
    path = c.beginPath()
    for i, (x, y) in enumerate(points):
        (path.moveTo if i == 0 else path.lineTo)(x, y)
    path.close()
    c.drawPath(path, stroke=0 if fill else 1, fill=1 if fill else 0)


def shield_path(c: Canvas, x0: float, y0: float, w: float, h: float):
    """A heater-shield outline with its top edge at y0 + h."""
    path = c.beginPath()
    top = y0 + h
    path.moveTo(x0, top)
    path.lineTo(x0 + w, top)
    path.lineTo(x0 + w, top - h * 0.45)
    path.curveTo(x0 + w, top - h * 0.8, x0 + w * 0.6, top - h * 0.92, x0 + w / 2, y0)
    path.curveTo(x0 + w * 0.4, top - h * 0.92, x0, top - h * 0.8, x0, top - h * 0.45)
    path.close()
    return path


def crosshair(c: Canvas, knockout: str) -> None:
    c.setLineWidth(7)
    c.circle(50, 50, 26, stroke=1, fill=0)
    c.setLineCap(1)
    c.lines([(50, 12, 50, 34), (50, 66, 50, 88), (12, 50, 34, 50), (66, 50, 88, 50)])
    c.circle(50, 50, 5, stroke=0, fill=1)


def shield(c: Canvas, knockout: str) -> None:
    c.drawPath(shield_path(c, 24, 12, 52, 74), stroke=0, fill=1)


def shields(c: Canvas, knockout: str) -> None:
    c.drawPath(shield_path(c, 12, 22, 40, 58), stroke=0, fill=1)
    c.setStrokeColor(colour(knockout))
    c.setLineWidth(5)
    c.drawPath(shield_path(c, 46, 12, 42, 60), stroke=1, fill=1)


def card(c: Canvas, knockout: str) -> None:
    c.roundRect(30, 16, 40, 62, 6, stroke=0, fill=1)
    c.setFillColor(colour(knockout))
    c.roundRect(36, 22, 28, 50, 3, stroke=0, fill=1)
    c.setStrokeColor(colour(knockout))
    c.setLineWidth(6)
    c.lines([(70, 84, 84, 84), (77, 77, 77, 91)])


def skull(c: Canvas, knockout: str) -> None:
    c.circle(50, 56, 30, stroke=0, fill=1)
    c.roundRect(34, 16, 32, 26, 5, stroke=0, fill=1)
    c.setFillColor(colour(knockout))
    c.circle(38, 56, 8, stroke=0, fill=1)
    c.circle(62, 56, 8, stroke=0, fill=1)
    _poly(c, [(50, 46), (45, 36), (55, 36)])
    for x in (42, 50, 58):
        c.rect(x - 1.5, 16, 3, 10, stroke=0, fill=1)


def eye(c: Canvas, knockout: str) -> None:
    path = c.beginPath()
    path.moveTo(8, 50)
    path.curveTo(30, 82, 70, 82, 92, 50)
    path.curveTo(70, 18, 30, 18, 8, 50)
    path.close()
    c.drawPath(path, stroke=0, fill=1)
    c.setFillColor(colour(knockout))
    c.circle(50, 50, 16, stroke=0, fill=1)
    c.setFillColor(colour("#222222"))
    c.circle(50, 50, 7, stroke=0, fill=1)


def key(c: Canvas, knockout: str) -> None:
    c.circle(30, 58, 18, stroke=0, fill=1)
    c.rect(40, 53, 48, 10, stroke=0, fill=1)
    c.rect(70, 40, 8, 14, stroke=0, fill=1)
    c.rect(82, 42, 6, 12, stroke=0, fill=1)
    c.setFillColor(colour(knockout))
    c.circle(27, 58, 7, stroke=0, fill=1)


def bug(c: Canvas, knockout: str) -> None:
    c.ellipse(32, 14, 68, 70, stroke=0, fill=1)
    c.circle(50, 76, 11, stroke=0, fill=1)
    c.setLineWidth(6)
    c.setLineCap(1)
    for y in (30, 44, 58):
        c.lines([(32, y, 14, y - 8), (68, y, 86, y - 8)])
    c.lines([(45, 84, 38, 94), (55, 84, 62, 94)])
    c.setStrokeColor(colour(knockout))
    c.setLineWidth(4)
    c.line(50, 18, 50, 66)


def cloud(c: Canvas, knockout: str) -> None:
    c.circle(34, 46, 16, stroke=0, fill=1)
    c.circle(54, 58, 22, stroke=0, fill=1)
    c.circle(72, 44, 15, stroke=0, fill=1)
    c.roundRect(18, 28, 70, 22, 10, stroke=0, fill=1)


def square(c: Canvas, knockout: str) -> None:
    c.rect(14, 14, 72, 72, stroke=0, fill=1)


def diamond(c: Canvas, knockout: str) -> None:
    _poly(c, [(50, 4), (96, 50), (50, 96), (4, 50)])


GLYPHS_MORE = {
    "square": square,
    "diamond": diamond,
    "crosshair": crosshair,
    "shield": shield,
    "shields": shields,
    "card": card,
    "skull": skull,
    "eye": eye,
    "key": key,
    "bug": bug,
    "cloud": cloud,
}
