"""Draw a kit's print-me-first page (pnp.print_first says what it holds): the title, a
100 mm ruler to check the printer's scale, the printer settings, every file with how to
print it, the cards of each deck with their sheets and pages, and the `pnp build` line
that made the kit. On the kit's paper, portrait as named; what does not fit one page
goes on to a second.

Every text is wrapped to its width (a word wider than its line, such as a long folder
name in the command line, is broken between characters), and a character the fonts
cannot draw prints as "?" (pnp.fonts.missing_glyphs), so nothing prints as a blank box.
Lengths in points from mm; the ruler is RULER_MM long, exactly.
"""

from __future__ import annotations

from pathlib import Path
from typing import Mapping

from reportlab.pdfgen.canvas import Canvas

from pnp.core.kit_words import say
from pnp.core.sizes import paper_mm
from pnp.core.units import mm_to_pt
from pnp.fonts import BOLD, REGULAR, register_all
from pnp.fonts import font as font_name
from pnp.layout.first_page import RULER_MM, FirstPage
from pnp.layout.text import text_width
from pnp.layout.wrapped import lines_of, printable
from pnp.render.boxed import BoxedCanvas

MARGIN_MM = 15.0
INK, BODY, GREY, RULE = "#1F3A5F", "#222222", "#555555", "#BBBBBB"
Words = Mapping[str, str]
TITLE_PT, TITLE_FLOOR_PT, HEAD_PT, BODY_PT, SMALL_PT = 20.0, 12.0, 12.0, 9.5, 8.0


class _Flow:
    """A cursor down the page's text column; a block that does not fit starts a page."""

    def __init__(self, c: Canvas, page_w: float, page_h: float):
        self.c, self.page_h = c, page_h
        self.left = mm_to_pt(MARGIN_MM)
        self.width = page_w - 2 * self.left
        self.y = page_h - self.left
        self.pages = 1

    def room(self, height: float) -> None:
        """Start a new page unless `height` pt fits above the bottom margin."""
        if self.y - height < self.left and self.y < self.page_h - self.left:
            self.c.showPage()
            self.pages += 1
            self.y = self.page_h - self.left

    def text(self, text: str, size: float = BODY_PT, font: str = REGULAR, **kw) -> None:
        """A paragraph: `indent` pt from the left, in `colour`, `after` pt below it."""
        indent, colour, after = kw.get("indent", 0.0), kw.get("colour", BODY), kw.get("after", 3)
        lead = size * 1.25
        lines = lines_of(text, font, size, self.width - indent)
        self.room(lead * len(lines))
        self.c.setFillColor(colour)
        self.c.setFont(font_name(font), size)
        for line in lines:
            self.y -= lead
            self.c.drawString(self.left + indent, self.y + 0.25 * size, line)
        self.y -= after

    def heading(self, text: str) -> None:
        self.room(HEAD_PT * 1.3 + 3 * BODY_PT * 1.25)  # never alone at a page's foot
        self.y -= 5
        self.text(text, HEAD_PT, BOLD, colour=INK, after=2)


def render_first_page(path: Path, page: FirstPage) -> int:
    """Write `page` to `path` on its paper; returns the page count (1, 2 when a paper
    too small for it all takes a second). OSError if the file cannot be written."""
    register_all()
    w, h = (mm_to_pt(v) for v in paper_mm(page.paper))
    c = BoxedCanvas(
        str(path),
        pagesize=(w, h),
        invariant=1,
        pageCompression=1,
        initialFontName=font_name(REGULAR),
        initialFontSize=BODY_PT,
    )
    words = dict(page.words)
    c.setTitle(printable(say(words, "first.title", game=page.game), REGULAR))
    c.setCreator("Hack Pack pnp")
    flow = _Flow(c, w, h)
    _title(flow, page.game, words)
    flow.heading(say(words, "first.check"))
    _ruler(flow, words)
    flow.heading(say(words, "first.settings"))
    for line in page.settings:
        _bullet(flow, line)
    flow.heading(say(words, "first.print"))
    for file in page.files:
        flow.text(f"{file.name} — {file.what}", BODY_PT, BOLD, after=0.5)
        flow.text(file.how, BODY_PT, indent=mm_to_pt(4), after=3)
    flow.heading(say(words, "first.cards"))
    flow.text(page.sheet_line)
    _deck_table(flow, page, words)
    flow.heading(say(words, "first.again"))
    _command(flow, page.command, words)
    c.showPage()
    c.save()
    return flow.pages


def _title(flow: _Flow, game: str, words: Words) -> None:
    title = printable(say(words, "first.title", game=game), BOLD)
    fitted = TITLE_PT * flow.width / text_width(title, font_name(BOLD), TITLE_PT)
    flow.text(title, max(TITLE_FLOOR_PT, min(TITLE_PT, fitted)), BOLD, colour=INK, after=2)
    flow.text(say(words, "first.intro"), after=2)


def _bullet(flow: _Flow, text: str) -> None:
    indent = mm_to_pt(4)
    flow.room(BODY_PT * 1.25)
    flow.c.setFillColor(BODY)
    flow.c.setFont(font_name(REGULAR), BODY_PT)
    flow.c.drawString(flow.left + mm_to_pt(1), flow.y - BODY_PT, "•")
    flow.text(text, indent=indent, after=1.5)


def ruler_marks(left: float, top: float) -> list[tuple[float, float, float, float]]:
    """The ruler's lines (x0, y0, x1, y1, pt): its edge, RULER_MM long from (`left`,
    `top`), then a tick down from it every mm (longer every 5 and 10 mm)."""
    length = mm_to_pt(RULER_MM)
    marks = [(left, top, left + length, top)]
    for mm in range(int(RULER_MM) + 1):
        tick = 4.0 if mm % 10 == 0 else 2.5 if mm % 5 == 0 else 1.5
        x = left + mm_to_pt(mm)
        marks.append((x, top, x, top - mm_to_pt(tick)))
    return marks


def _ruler(flow: _Flow, words: Words) -> None:
    c = flow.c
    flow.room(mm_to_pt(12) + 3 * BODY_PT * 1.25)
    top = flow.y - mm_to_pt(2)
    c.setStrokeColor(BODY)
    c.setLineWidth(0.5)
    c.lines(ruler_marks(flow.left, top))
    c.setFillColor(BODY)
    c.setFont(font_name(REGULAR), SMALL_PT)
    for cm in range(0, int(RULER_MM) // 10 + 1):
        label = "100 mm" if cm == 10 else str(cm * 10)
        x = flow.left + mm_to_pt(cm * 10)
        c.drawString(
            x - (text_width("0", font_name(REGULAR), SMALL_PT) / 2 if cm else 0),
            top - mm_to_pt(7.5),
            label,
        )
    flow.y = top - mm_to_pt(10)
    flow.text(say(words, "first.ruler", mm=f"{RULER_MM:g}"))


def _deck_table(flow: _Flow, page: FirstPage, words: Words) -> None:
    c = flow.c
    columns = (0.0, 0.55, 0.7, 0.85)  # deck, cards, sheets, pages: shares of the width
    xs = [flow.left + share * flow.width for share in columns]
    heads = ("first.deck", "first.deck_cards", "first.deck_sheets", "first.deck_pages")
    rows = [(*(say(words, h) for h in heads), "")]
    for d in page.decks:
        rows.append((d.label, str(d.cards), _span(d.sheets), _span(d.pages), d.kinds))
    total = sum(d.cards for d in page.decks)
    last = max((d.sheets[1] for d in page.decks), default=0)
    last_page = max((d.pages[1] for d in page.decks), default=0)
    rows.append(
        (say(words, "first.all_cards"), str(total), _span((1, last)), _span((1, last_page)), "")
    )
    for n, (deck, cards, sheets, pages, kinds) in enumerate(rows):
        bold = n in (0, len(rows) - 1)
        font = BOLD if bold else REGULAR
        deck_lines = lines_of(deck, font, BODY_PT, xs[1] - xs[0] - 4)
        kind_lines = lines_of(kinds, REGULAR, SMALL_PT, xs[1] - xs[0] - 4) if kinds else []
        height = len(deck_lines) * BODY_PT * 1.25 + len(kind_lines) * SMALL_PT * 1.25 + 3
        flow.room(height)
        y = flow.y - BODY_PT
        c.setFillColor(BODY)
        c.setFont(font_name(font), BODY_PT)
        for line in deck_lines:
            c.drawString(xs[0], y, line)
            y -= BODY_PT * 1.25
        for x, value in zip(xs[1:], (cards, sheets, pages)):
            c.drawString(x, flow.y - BODY_PT, value)
        c.setFillColor(GREY)
        c.setFont(font_name(REGULAR), SMALL_PT)
        for line in kind_lines:
            c.drawString(xs[0], y + BODY_PT * 1.25 - SMALL_PT * 1.25, line)
            y -= SMALL_PT * 1.25
        flow.y -= height
        c.setStrokeColor(BODY if n in (0, len(rows) - 2) else RULE)
        c.setLineWidth(0.6 if n in (0, len(rows) - 2) else 0.3)
        c.line(flow.left, flow.y + 1.5, flow.left + flow.width, flow.y + 1.5)
    flow.y -= 3


def _span(span: tuple[int, int]) -> str:
    return str(span[0]) if span[0] == span[1] else f"{span[0]}–{span[1]}"


def _command(flow: _Flow, command: str, words: Words) -> None:
    c = flow.c
    pad = mm_to_pt(2)
    lines = lines_of(command, REGULAR, BODY_PT, flow.width - 2 * pad)
    height = len(lines) * BODY_PT * 1.3 + 2 * pad
    flow.room(height + 3 * SMALL_PT * 1.25)
    c.setFillColor("#EEF1F5")
    c.rect(flow.left, flow.y - height, flow.width, height, stroke=0, fill=1)
    c.setFillColor(BODY)
    c.setFont(font_name(REGULAR), BODY_PT)
    y = flow.y - pad
    for line in lines:
        y -= BODY_PT * 1.3
        c.drawString(flow.left + pad, y + 0.3 * BODY_PT, line)
    flow.y -= height + 3
    flow.text(say(words, "first.again_how"), SMALL_PT, colour=GREY)
