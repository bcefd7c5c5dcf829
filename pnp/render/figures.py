"""Draw the rulebook's figures (pnp.layout.figure: anatomy and setup pictures) into a
rulebook PDF: each figure becomes a form, defined once before the first page (a form
cannot be begun inside a page of the booklet, which is itself a form) and placed by a
flowable where pnp.render.rulebook puts it. Its cards are painted by the painter every
card sheet is painted by (pnp.render.painter.FacePainter), scaled, clipped to the trim
on white paper and outlined; its labels, leaders and boxes are drawn around them.
Lengths in points."""

from __future__ import annotations

from dataclasses import replace
from typing import Sequence

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from pnp.fonts import font as font_name
from pnp.layout.card_frame import CardFrame
from pnp.layout.face import Art, Icon
from pnp.layout.figure import INK, LEAD, Figure, Label
from pnp.render.painter import FacePainter
from pnp.render.rich_text import prepare_icons

OUTLINE, OUTLINE_PT = "#8A94A3", 0.4
LEADER_PT, DOT_PT = 0.6, 1.1
HALO, HALO_PT, HALO_DOT_PT = "#FFFFFF", 1.6, 1.6


class FigureFlowable(Flowable):
    """Places the form of `figure` (defined by `define_figures`) in the rulebook."""

    def __init__(self, figure: Figure):
        super().__init__()
        self.figure = figure
        self.width, self.height = figure.width, figure.height

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.figure.width, self.figure.height

    def draw(self) -> None:
        self.canv.doForm(self.figure.name)


def define_figures(c: Canvas, figures: Sequence[Figure], frame: CardFrame) -> None:
    """Define each figure's form on `c`, the forms its faces use first (icons, SVG art,
    inline icons: none can be begun inside another form). `frame` is the card frame the
    faces were laid out on (its ink saver pales SVG art as on the cards)."""
    painter = FacePainter(c, frame)
    for figure in figures:
        for placed in figure.faces:
            face = placed.face
            for text in face.texts():
                font_name(text.font)  # registered (the italic is only when a face uses it)
            painter.icons.prepare(e for e in face.elements if isinstance(e, Icon))
            prepare_icons(painter, face)
            painter.svgs.prepare(
                e.art for e in face.elements if isinstance(e, Art) and e.art.vector
            )
        c.beginForm(figure.name, 0, 0, figure.width, figure.height)
        draw_figure(c, painter, figure)
        c.endForm()


def draw_figure(c: Canvas, painter: FacePainter, figure: Figure) -> None:
    """Draw `figure` at the current origin: boxes, cards, leaders and dots, labels."""
    for box in figure.boxes:
        c.saveState()
        if box.fill:
            c.setFillColor(box.fill)
        if box.stroke:
            c.setStrokeColor(box.stroke)
            c.setLineWidth(0.6)
            if box.dashed:
                c.setDash(2, 1.5)
        r = box.rect
        c.roundRect(
            r.x, r.y, r.w, r.h, box.radius, stroke=int(bool(box.stroke)), fill=int(bool(box.fill))
        )
        c.restoreState()
    for placed in figure.faces:
        r, radius = placed.box, placed.corner * placed.scale
        c.saveState()
        path = c.beginPath()
        path.roundRect(r.x, r.y, r.w, r.h, radius)
        c.clipPath(path, stroke=0, fill=0)
        c.setFillColor("#FFFFFF")
        c.rect(r.x, r.y, r.w, r.h, stroke=0, fill=1)  # the card's paper
        c.translate(placed.x, placed.y)
        c.scale(placed.scale, placed.scale)
        painter.paint(replace(placed.face, reuse=None))
        c.restoreState()
        c.setStrokeColor(OUTLINE)
        c.setLineWidth(OUTLINE_PT)
        c.roundRect(r.x, r.y, r.w, r.h, radius, stroke=1, fill=0)  # cut as the cards are
    for colour, width, dot in ((HALO, HALO_PT, HALO_DOT_PT), (INK, LEADER_PT, DOT_PT)):
        c.setStrokeColor(colour)  # first a thin white halo: a leader reads on a dark face
        c.setLineWidth(width)
        for x0, y0, x1, y1 in figure.leaders:
            c.line(x0, y0, x1, y1)
        c.setFillColor(colour)
        for x, y in figure.dots:
            c.circle(x, y, dot, stroke=0, fill=1)
    for label in figure.labels:
        _label(c, label)


def _label(c: Canvas, label: Label) -> None:
    c.setFillColor(label.colour)
    c.setFont(font_name(label.font), label.size)
    draw = {"left": c.drawString, "right": c.drawRightString, "centre": c.drawCentredString}[
        label.align
    ]
    for n, line in enumerate(label.lines):
        draw(label.x, label.y - n * label.size * LEAD, line)
