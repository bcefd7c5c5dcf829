"""Draw Hack Attack: Defense card faces and the back, at the card's own origin.

Each function draws in card-local points (origin at the trim's bottom-left; the
bleed lies outside 0..w, 0..h). Layout comes from pnp.layout.hack_attack_faces.
Card faces: shared/DESIGN.md, "Card faces".
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from pnp.data.hack_attack import (AttackCard, Card, DefenseCard, HackAttackData,
                                  RealityCheckCard, TechCard, UserErrorCard)
from pnp.fonts import BOLD
from pnp.layout.card_frame import CardFrame
from pnp.layout.face import Face
from pnp.layout.hack_attack_faces import face
from pnp.render.colour import colour, tint
from pnp.render.glyphs_more import shield_path
from pnp.render.icons import INK, WILD_COLOUR, IconSet, back_frame, card_form
from pnp.render.text import draw_block
from pnp.units import mm_to_pt

SHIELD_COLOUR = "#1F3A5F"


class HackAttackPainter:
    """Draws every card of one PDF; icons and the back are forms drawn once per PDF."""

    def __init__(self, canvas: Canvas, data: HackAttackData, frame: CardFrame):
        self.c = canvas
        self.data = data
        self.frame = frame
        self.icons = IconSet(canvas, {k: (v.icon, v.colour) for k, v in data.categories.items()})
        self._forms: set[str] = set()

    def front(self, card: Card) -> None:
        """Draw `card`'s face at the current origin."""
        layout = face(card, self.data, self.frame)
        kind_painter = {TechCard: self._tech, DefenseCard: self._defense,
                        RealityCheckCard: self._reality_check, AttackCard: self._attack,
                        UserErrorCard: self._user_error}[type(card)]
        kind_painter(card, layout)
        for spot in layout.icons:
            self.icons.place(spot.icon, spot.x, spot.y, spot.size)
        for block in layout.texts:
            draw_block(self.c, block)

    def _band(self, hex_rgb: str, strength: float, top: float = 0.0, bottom: float = 0.0) -> None:
        """A full-bleed band of the colour's tint across the top (`top` pt tall) or bottom."""
        c, f = self.c, self.frame
        c.setFillColor(tint(hex_rgb, strength))
        if top:
            c.rect(-f.bleed, f.h - top, f.w + 2 * f.bleed, top + f.bleed, stroke=0, fill=1)
            c.setFillColor(colour(hex_rgb))
            c.rect(-f.bleed, f.h - top, f.w + 2 * f.bleed, mm_to_pt(1.0), stroke=0, fill=1)
        if bottom:
            c.rect(-f.bleed, -f.bleed, f.w + 2 * f.bleed, bottom + f.bleed, stroke=0, fill=1)
            c.setFillColor(colour(hex_rgb))
            c.rect(-f.bleed, bottom - mm_to_pt(1.0), f.w + 2 * f.bleed, mm_to_pt(1.0),
                   stroke=0, fill=1)

    def _rule(self, y: float) -> None:
        c, s = self.c, self.frame.safe
        c.setStrokeColor(colour("#BBBBBB"))
        c.setLineWidth(0.5)
        c.line(s.x, y, s.x + s.w, y)

    def _tech(self, card: TechCard, layout: Face) -> None:
        c, f = self.c, self.frame
        w, h = mm_to_pt(15.0), mm_to_pt(17.0)
        x0, top = (f.w - w) / 2, f.h - mm_to_pt(3.0)
        c.setFillColor(colour(SHIELD_COLOUR))
        c.drawPath(shield_path(c, x0, top - h, w, h), stroke=0, fill=1)
        c.setFillColor(colour("#FFFFFF"))
        c.setFont(BOLD, 20)
        c.drawCentredString(f.w / 2, top - h * 0.58, str(card.points))
        self._rule(layout.box_of("vulnerable_label").top + mm_to_pt(1.2))

    def _defense(self, card: DefenseCard, layout: Face) -> None:
        cat = self.data.categories[card.category]
        self._band(cat.colour, 0.28, top=layout.band_top)
        f = self.frame
        self.icons.place(card.category, f.w / 2, f.h * 0.47, mm_to_pt(24.0), style="tint")

    def _reality_check(self, card: RealityCheckCard, layout: Face) -> None:
        self._band(WILD_COLOUR, 0.45, top=layout.band_top)

    def _attack(self, card: AttackCard, layout: Face) -> None:
        c, f = self.c, self.frame
        ring = mm_to_pt(2.0)
        c.setFillColor(colour(INK))
        path = c.beginPath()
        path.rect(-f.bleed, -f.bleed, f.w + 2 * f.bleed, f.h + 2 * f.bleed)
        path.roundRect(ring, ring, f.w - 2 * ring, f.h - 2 * ring, mm_to_pt(2.5))
        c.drawPath(path, stroke=0, fill=1, fillMode=0)
        self._rule(layout.box_of("defend_label").top + mm_to_pt(1.0))

    def _user_error(self, card: UserErrorCard, layout: Face) -> None:
        self._band("#888888", 0.3, top=layout.band_top)
        cat = self.data.categories[card.category]
        self._band(cat.colour, 0.28, bottom=layout.band_bottom)

    def back(self, deck_id: str | None = None) -> None:
        """Draw the game's back at the current origin (a form, drawn once per PDF); the
        game has one back, so `deck_id` is not used."""
        self.icons.prepare(list(self.data.categories))
        card_form(self.c, "card-back", self.frame, self._draw_back, self._forms)

    def _draw_back(self) -> None:
        c, f, back = self.c, self.frame, self.data.info.back
        back_frame(c, f, back.colour, 0.08, 1.2)
        inset = mm_to_pt(4.0)
        c.setLineWidth(mm_to_pt(0.35))
        inner = inset + mm_to_pt(2.0)
        c.roundRect(inner, inner, f.w - 2 * inner, f.h - 2 * inner, mm_to_pt(2))
        cats = list(self.data.categories)
        size, pitch = mm_to_pt(8.5), mm_to_pt(12.5)
        half = (len(cats) + 1) // 2
        for row, (names, y) in enumerate(((cats[:half], f.h * 0.66), (cats[half:], f.h * 0.34))):
            x0 = f.w / 2 - pitch * (len(names) - 1) / 2
            for i, name in enumerate(names):
                self.icons.place(name, x0 + i * pitch, y, size)
        c.setFillColor(colour(back.colour))
        c.setFont(BOLD, 14)
        c.drawCentredString(f.w / 2, f.h * 0.5 + mm_to_pt(1.0), back.title)
        c.setFont(BOLD, 10)
        c.drawCentredString(f.w / 2, f.h * 0.5 - mm_to_pt(4.5), back.subtitle)
