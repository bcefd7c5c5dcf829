"""Draw Not a Hack card faces and the two pile backs at the card's own origin.

Black-pile faces are dark with white text; white-pile faces stay white, with an
orange (component) or pink (modifier) stripe and marker. Points on action cards sit
in a badge. Layout: pnp.layout.not_a_hack_faces.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from pnp.data.not_a_hack import NahCard, NotAHackData
from pnp.fonts import BOLD
from pnp.layout.card_frame import CardFrame
from pnp.layout.not_a_hack_faces import nah_face, points_text
from pnp.render.colour import colour, tint
from pnp.render.icons import IconSet, card_form
from pnp.render.text import draw_block
from pnp.units import mm_to_pt

ORANGE, PINK, BLACK_FACE = "#E69F00", "#CC79A7", "#1E1E1E"
BADGES = {
    "marker-component": ("square", ORANGE),
    "marker-modifier": ("diamond", PINK),
    "marker-new-account": ("key", "#0072B2"),
    "marker-steal": ("eye", "#555555"),
}


class NotAHackPainter:
    """Draws Not a Hack fronts and the black and white pile backs (forms, drawn once)."""

    def __init__(self, canvas: Canvas, data: NotAHackData, frame: CardFrame):
        self.c, self.data, self.frame = canvas, data, frame
        self.icons = IconSet(canvas, BADGES)
        self._forms: set[str] = set()

    def _ground(self, hex_rgb: str) -> None:
        c, f = self.c, self.frame
        b = f.bleed
        c.setFillColor(colour(hex_rgb))
        c.rect(-b, -b, f.w + 2 * b, f.h + 2 * b, stroke=0, fill=1)

    def front(self, card: NahCard) -> None:
        """Draw `card`'s face at the current origin."""
        c, f = self.c, self.frame
        layout = nah_face(card, self.data, f)
        if card.pile == "black":
            self._ground(BLACK_FACE)
        elif card.kind in ("component", "modifier"):
            hue = ORANGE if card.kind == "component" else PINK
            c.setFillColor(colour(hue))
            c.rect(-f.bleed, -f.bleed, mm_to_pt(6.0) + f.bleed, f.h + 2 * f.bleed, stroke=0, fill=1)
        if card.points:
            self._points_badge(card)
        if card.kind == "banned":
            c.setStrokeColor(colour("#D55E00"))
            c.setLineWidth(mm_to_pt(1.0))
            inset = mm_to_pt(1.6)   # outside the 3 mm safe area where the text sits
            c.rect(inset, inset, f.w - 2 * inset, f.h - 2 * inset, stroke=1, fill=0)
        for spot in layout.icons:
            self.icons.place(spot.icon, spot.x, spot.y, spot.size, style="plain")
        for block in layout.texts:
            draw_block(c, block)

    def _points_badge(self, card: NahCard) -> None:
        c, f = self.c, self.frame
        r = mm_to_pt(6.0)
        cx, cy = f.w - mm_to_pt(3.0) - r, f.h - mm_to_pt(3.0) - r
        dark = card.pile == "black"
        c.setFillColor(colour("#FFFFFF" if dark else "#111111"))
        c.circle(cx, cy, r, stroke=0, fill=1)
        c.setFillColor(colour("#111111" if dark else "#FFFFFF"))
        c.setFont(BOLD, 13)
        c.drawCentredString(cx, cy - 4.6, points_text(card))

    def back(self, pile: str) -> None:
        """Draw the back of the black or white pile at the current origin."""
        card_form(self.c, f"back-{pile}", self.frame, lambda: self._draw_back(pile), self._forms)

    def _draw_back(self, pile: str) -> None:
        c, f = self.c, self.frame
        dark = pile == "black"
        self._ground(BLACK_FACE if dark else "#FFFFFF")
        inset = mm_to_pt(4.0)
        c.setStrokeColor(tint("#888888", 1.0) if dark else colour("#222222"))
        c.setLineWidth(mm_to_pt(0.8))
        c.roundRect(inset, inset, f.w - 2 * inset, f.h - 2 * inset, mm_to_pt(3))
        c.setFillColor(colour("#FFFFFF" if dark else "#111111"))
        c.setFont(BOLD, 20)
        c.drawCentredString(f.w / 2, f.h * 0.52, self.data.info.back.title)
        c.setFont(BOLD, 9)
        c.drawCentredString(f.w / 2, f.h * 0.52 - mm_to_pt(6.5),
                            "HACK PILE" if dark else "COMPONENT PILE")
