"""The one renderer of card faces: `FacePainter` draws any Face (pnp.layout.face) at the
current origin, element by element in order, on a reportlab canvas.

Icons and reusable faces (backs) become forms drawn once per PDF and placed by
reference, so a file grows little with the number of cards. Text is drawn exactly where
pnp.layout.text.placed_lines puts it (Text.placed), the same lines validation checked;
a text printed before on the same canvas is printed again from the operators written
then (`FacePainter._text`), and so is a whole face that looks like one painted before
(`FacePainter._draw_again`).
Source: shared/DESIGN.md, "Card faces are data".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from reportlab.pdfgen.canvas import Canvas

from pnp.core.records import NamedTuple
from pnp.layout.card_frame import CardFrame
from pnp.layout.face import (
    Art,
    Border,
    Disc,
    Element,
    Face,
    Fill,
    Icon,
    Outline,
    Rule,
    Shield,
    Text,
    print_key,
)
from pnp.layout.hashed import Hashed
from pnp.layout.kit import Kit, front_key
from pnp.render.colour import colour, tint
from pnp.render.glyphs_more import shield_path
from pnp.render.icons import IconSet
from pnp.render.rich_text import draw_icons, draw_text, prepare_icons
from pnp.render.svg_art import SvgStore

if TYPE_CHECKING:  # pnp.render.images (Pillow's colour management): loaded for a raster
    from pnp.render.images import ImageStore


def _paint(hex_rgb: str, strength: float = 1.0):
    return colour(hex_rgb) if strength >= 1.0 else tint(hex_rgb, strength)


def _rect(c: Canvas, r, radius: float, stroke: int, fill: int) -> None:
    if radius:
        c.roundRect(r.x, r.y, r.w, r.h, radius, stroke=stroke, fill=fill)
    else:
        c.rect(r.x, r.y, r.w, r.h, stroke=stroke, fill=fill)


def _fill(c: Canvas, e: Fill) -> None:
    c.setFillColor(_paint(e.colour, e.strength))
    _rect(c, e.rect, e.radius, stroke=0, fill=1)


def _ground(c: Canvas, e: Fill) -> None:
    """A face's ground: as any fill, but in rich black on a CMYK canvas where it would
    print 100 % K alone (pnp.render.cmyk.ground_colour)."""
    if getattr(c, "_enforceColorSpace", None) is not None:
        from pnp.render.cmyk import ground_colour

        rich = ground_colour(c, e.colour, e.strength)
        if rich is not None:
            c.setFillColor(rich)
            _rect(c, e.rect, e.radius, stroke=0, fill=1)
            return
    _fill(c, e)


def _outline(c: Canvas, e: Outline) -> None:
    c.setStrokeColor(colour(e.colour))
    c.setLineWidth(e.width)
    _rect(c, e.rect, e.radius, stroke=1, fill=0)


def _border(c: Canvas, e: Border) -> None:
    c.setFillColor(colour(e.colour))
    path = c.beginPath()
    o, i = e.outer, e.inner
    path.rect(o.x, o.y, o.w, o.h)
    path.roundRect(i.x, i.y, i.w, i.h, e.radius)
    c.drawPath(path, stroke=0, fill=1, fillMode=0)  # even-odd: the hole stays unpainted


def _rule(c: Canvas, e: Rule) -> None:
    c.setStrokeColor(colour(e.colour))
    c.setLineWidth(e.width)
    c.line(e.x0, e.y, e.x1, e.y)


def _disc(c: Canvas, e: Disc) -> None:
    c.setFillColor(colour(e.colour))
    c.circle(e.x, e.y, e.r, stroke=0, fill=1)


def _shield(c: Canvas, e: Shield) -> None:
    c.setFillColor(colour(e.colour))
    r = e.rect
    c.drawPath(shield_path(c, r.x, r.y, r.w, r.h), stroke=0, fill=1)


class _Painted(NamedTuple):
    """What drawing a face wrote (FacePainter._draw_again): the graphics state's settings
    it was drawn in, its operators, the forms it placed and how many SVG pictures."""

    state: dict
    code: list[str]
    forms: list[str]
    svgs: int


def _others(c: Canvas) -> tuple[int, ...]:
    """How much the canvas holds of what a face's drawing might add besides operators
    and forms: graphics states, colour spaces, shadings, links."""
    return (len(c._extgstate._c), len(c._colorsUsed), len(c._shadingUsed), len(c._annotationrefs))


#: How many distinct faces a FacePainter keeps the drawing of (the oldest forgotten
#: first): a game's designs, not every face of a deck of distinct cards.
KEPT_FACES = 256


def _opaque(c: Canvas) -> bool:
    """True while the canvas's fill alpha is reportlab's default (opaque)."""
    return c._extgstate.getValue("ca") == 1


#: How many distinct texts a FacePainter keeps the operators of (the oldest forgotten
#: first): a deck's labels and repeated values, not every text of a deck of distinct cards.
KEPT_TEXTS = 4096

DRAW: dict[type, Callable[[Canvas, Any], None]] = {
    Fill: _fill,
    Outline: _outline,
    Border: _border,
    Rule: _rule,
    Disc: _disc,
    Shield: _shield,
}


class FacePainter:
    """Paints Faces on one canvas for cards of one `frame` (card-local points). Pictures
    go through one ImageStore (each distinct image embedded once; downsampled above
    `max_dpi` pixels per inch when set), SVG art through one SvgStore (a form per file
    and colour, pale under the frame's ink saver); `generated_bleed` collects the art
    files whose missing bleed was made by extending their edges."""

    def __init__(self, canvas: Canvas, frame: CardFrame, max_dpi: float | None = None):
        self.c = canvas
        self.frame = frame
        self.icons = IconSet(canvas)
        self.max_dpi = max_dpi
        self._images: ImageStore | None = None  # made for the first picture
        self.svgs = SvgStore(canvas, frame.ink_saver)
        self.forms: set[str] = set()
        self.generated_bleed: set[str] = set()
        self._texts: dict[tuple, str] = {}  # print_key -> the text object's operators
        self._faces: dict[Hashed, _Painted] = {}  # Face.look -> what painting it wrote
        self._inline: Any = None  # the inline icons of the face being drawn (Face.inline)

    def paint(self, face: Face) -> None:
        """Draw `face` at the current origin (the trim's bottom-left); a face with a
        `reuse` key is drawn into a form the first time and placed by reference after."""
        if face.reuse is None:
            self._draw_again(face)
            return
        if face.reuse not in self.forms:
            self.icons.prepare(e for e in face.elements if isinstance(e, Icon))
            prepare_icons(self, face)
            self.svgs.prepare(e.art for e in face.elements if isinstance(e, Art) and e.art.vector)
            b = self.frame.bleed
            self.c.beginForm(face.reuse, -b, -b, self.frame.w + b, self.frame.h + b)
            self._draw(face)
            self.c.endForm()
            self.forms.add(face.reuse)
        self.c.doForm(face.reuse)

    def _draw_again(self, face: Face) -> None:
        """Draw `face` (`_draw`), or, when a face that looks the same (Face.look: every
        field but the origins) was drawn on this canvas before, append again what drawing
        it wrote: its operators and the forms it placed. That is byte for byte what
        drawing it anew writes, as each mark's operators depend only on the mark, on the
        codes its characters got in the font's subsets when it was first drawn, and on
        the graphics state's alpha and overprint settings, which must be the same as
        then. A face drawn with a raster picture, or whose drawing changed anything else
        of the canvas (a graphics state, a colour space, a link), is drawn anew."""
        c = self.c
        state = dict(c._extgstate._d)
        kept = self._faces.get(face.look)
        if kept is not None and kept.state == state:
            c._code.extend(kept.code)
            c._formsinuse.extend(kept.forms)
            self.svgs.drawn += kept.svgs
            return
        code, forms, svgs = c._code, c._formsinuse, self.svgs.drawn
        at, forms_at, others = len(code), len(forms), _others(c)
        self._draw(face)
        if (
            kept is None
            and c._code is code
            and c._formsinuse is forms
            and dict(c._extgstate._d) == state
            and _others(c) == others
            and all(e.art.vector for e in face.elements if isinstance(e, Art))
        ):
            if len(self._faces) >= KEPT_FACES:
                del self._faces[next(iter(self._faces))]  # the oldest
            painted = _Painted(state, code[at:], forms[forms_at:], self.svgs.drawn - svgs)
            self._faces[face.look] = painted

    def _draw(self, face: Face) -> None:
        self._inline = face.inline
        if face.ground is not None:
            _ground(self.c, face.ground)
        for element in face.elements:
            self._element(element)

    def _element(self, element: Element) -> None:
        if isinstance(element, Icon):
            self.icons.place(element)
        elif isinstance(element, Art):
            self._art(element)
        elif isinstance(element, Text):
            self._text(element)
        else:
            DRAW[type(element)](self.c, element)

    def _text(self, e: Text) -> None:
        """Draw `e` (`_text`), or, when a text that prints the same (pnp.layout.face.
        print_key) was drawn on this canvas before, append the text object reportlab
        wrote for it then: every character of it has had its code in the font's subsets
        since, so reportlab would write the same bytes again, as long as the fill is
        still opaque (else its colour would also reset the graphics state's alpha)."""
        c = self.c
        if not _opaque(c):
            draw_icons(self, self._inline, e, draw_text(c, e))
            return
        key = print_key(e)
        code = self._texts.get(key)
        if code is not None:
            c._code.append(code)
            return
        before = len(c._code)
        icons = draw_text(c, e)
        if icons:  # inline icons are placed forms: drawn anew each time
            draw_icons(self, self._inline, e, icons)
        elif len(c._code) == before + 1 and _opaque(c):  # one BT ... ET, no state changed
            if len(self._texts) >= KEPT_TEXTS:
                del self._texts[next(iter(self._texts))]  # the oldest
            self._texts[key] = c._code[-1]

    @property
    def images_embedded(self) -> int:
        """Distinct images embedded in the PDF so far (raster XObjects and SVG forms)."""
        return (self._images.embedded if self._images is not None else 0) + self.svgs.embedded

    def _art(self, element: Art) -> None:
        if element.art.vector:
            placed = element.placement()
            self.svgs.draw(element.art.image, element.art.colour, placed.rect, placed.clip)
            return
        if self._images is None:
            from pnp.render.images import ImageStore

            self._images = ImageStore(self.c, self.max_dpi)
        placed = element.placement()
        self._images.draw(element.art.image, placed.rect, placed.clip, placed.extend_pt)
        if any(placed.extend_pt):
            self.generated_bleed.add(element.art.file)


def reprinted(card_ids: Iterable[str]) -> frozenset[str]:
    """The ids among `card_ids` (in print order; fronts' keys, pnp.layout.kit.front_key)
    printed again after another card came between: a card in several decks (Hack Back's
    individual decks). Its front is worth keeping once laid out; every other card's
    copies come one after another."""
    seen: set[str] = set()
    again: set[str] = set()
    last = None
    for card_id in card_ids:
        if card_id != last:
            (again if card_id in seen else seen).add(card_id)
            last = card_id
    return frozenset(again)


class KitPainter:
    """Draws one kit's cards for the sheet writer: `front(card)` and `back(back_id)` at
    the current origin, each face laid out once by the kit (and handed to `checks`, a
    pnp.validate.FaceChecks, as it is laid out, when given: a face with an error is
    not drawn, and the build that asked stops on it) and painted by a FacePainter.
    Faces are streamed: the last front is kept (a card's copies are printed one after
    another), the fronts of the cards in `keep` (`reprinted`: printed again later) and the
    backs (a kit has a few); a deck of 10,000 distinct cards is never held whole, and no
    face outlives its use (the collector never has many to walk)."""

    def __init__(
        self,
        canvas: Canvas,
        kit: Kit,
        data: Any,
        frame: CardFrame,
        max_dpi: float | None = None,
        checks: Any = None,
        keep: frozenset[str] = frozenset(),
    ):
        self.kit, self.data, self.frame = kit, data, frame
        self.painter = FacePainter(canvas, frame, max_dpi)
        self.checks, self.keep = checks, keep
        self._front: tuple[str, Face | None] | None = None
        self._kept: dict[str, Face | None] = {}
        self._backs: dict[str, Face | None] = {}

    def front(self, card: Any) -> None:
        """Draw `card`'s front."""
        key = front_key(card)
        if self._front is None or self._front[0] != key:
            if key in self._kept:
                face: Face | None = self._kept[key]
            else:
                face = self._laid(card)
                if key in self.keep:
                    self._kept[key] = face
            self._front = (key, face)
        if self._front[1] is not None:
            self.painter.paint(self._front[1])

    def _laid(self, card: Any) -> Face | None:
        """`card`'s front laid out and checked; None when it has an error."""
        laid = self.kit.face(card, self.data, self.frame)
        drawable = self.checks is None or self.checks.card(card, laid)
        return laid if drawable else None

    def laid_front(self, card: Any) -> Face | None:
        """`card`'s front as the sheets print it (None: it has an error), laid out and
        checked now and kept for the sheets: the rulebook's figures (pnp.figures) show
        the faces the sheets print, each laid out once."""
        key = front_key(card)
        if key not in self._kept:
            self._kept[key] = self._laid(card)
        return self._kept[key]

    def laid_back(self, back_id: str) -> Face | None:
        """The back `back_id` as the sheets print it (None: it has an error), kept."""
        if back_id not in self._backs:
            face = self.kit.back_face(back_id, self.data, self.frame)
            drawable = self.checks is None or self.checks.back(back_id, face)
            self._backs[back_id] = face if drawable else None
        return self._backs[back_id]

    def back(self, back_id: str) -> None:
        """Draw the back `back_id`."""
        back = self.laid_back(back_id)
        if back is not None:
            self.painter.paint(back)
