"""Draw Hack Back card faces and the deck backs at the card's own origin.

Card-local points, origin at the trim's bottom-left. Each deck's back shows its colour,
emblem and name, so individual decks are told apart face down; every back is a form
drawn once per PDF. Layout: pnp.layout.hack_back_faces.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from pnp.data.hack_back import HackBackData, HeroCard
from pnp.fonts import BOLD, REGULAR
from pnp.layout.card_frame import CardFrame
from pnp.layout.hack_back_faces import hero_face
from pnp.render.colour import colour
from pnp.render.icons import IconSet, back_frame, card_form
from pnp.render.text import draw_block
from pnp.units import mm_to_pt

KEYWORD_BADGES = {
    "kw-attack": ("crosshair", "#D55E00"),
    "kw-defend": ("shield", "#0072B2"),
    "kw-defend_ally": ("shields", "#009E73"),
    "kw-draw": ("card", "#555555"),
    "kw-victory_point": ("wild", "#E69F00"),
}
BADGE_COLOUR = "#1F3A5F"


class HackBackPainter:
    """Draws Hack Back fronts and the back of each deck; forms are drawn once per PDF."""

    def __init__(self, canvas: Canvas, data: HackBackData, frame: CardFrame):
        self.c, self.data, self.frame = canvas, data, frame
        decks = list(data.decks) + [data.shared]
        self.decks = {d.id: d for d in decks}
        self.icons = IconSet(canvas, {**KEYWORD_BADGES,
                                      **{f"emblem-{d.id}": (d.emblem, d.colour) for d in decks}})
        self._backs: set[str] = set()

    def front(self, card: HeroCard) -> None:
        """Draw `card`'s face at the current origin."""
        c, f = self.c, self.frame
        layout = hero_face(card, self.data, f)
        size, top = mm_to_pt(14.0), f.h - mm_to_pt(3.0)
        c.setFillColor(colour(BADGE_COLOUR))
        c.circle(f.w / 2, top - size / 2, size / 2, stroke=0, fill=1)
        c.setFillColor(colour("#FFFFFF"))
        c.setFont(BOLD, 6)
        c.drawCentredString(f.w / 2, top - mm_to_pt(4.6), "VC")
        c.setFont(BOLD, 16 if card.vc < 10 else 14)
        c.drawCentredString(f.w / 2, top - size / 2 - mm_to_pt(3.4), str(card.vc))
        c.setStrokeColor(colour("#BBBBBB"))
        c.setLineWidth(0.5)
        s = f.safe
        for name in ("play_label", "activate_label"):
            y = layout.box_of(name).top + mm_to_pt(1.0)
            c.line(s.x, y, s.x + s.w, y)
        for spot in layout.icons:
            self.icons.place(spot.icon, spot.x, spot.y, spot.size)
        for block in layout.texts:
            draw_block(c, block)

    def back(self, deck_id: str) -> None:
        """Draw the back of deck `deck_id` at the current origin (one form per deck)."""
        self.icons.prepare([f"emblem-{deck_id}"])
        card_form(self.c, f"back-{deck_id}", self.frame,
                  lambda: self._draw_back(self.decks[deck_id]), self._backs)

    def _draw_back(self, deck) -> None:
        c, f = self.c, self.frame
        back_frame(c, f, deck.colour, 0.12, 1.4)
        self.icons.place(f"emblem-{deck.id}", f.w / 2, f.h * 0.58, mm_to_pt(26.0))
        c.setFillColor(colour("#222222"))
        c.setFont(BOLD, 15)
        c.drawCentredString(f.w / 2, f.h * 0.30, self.data.info.back.title)
        c.setFont(REGULAR, 10)
        c.drawCentredString(f.w / 2, f.h * 0.30 - mm_to_pt(5.5), deck.name)
