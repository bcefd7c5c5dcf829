"""Render the rulebook with reportlab platypus onto half-sheet pages (A5 for A4 paper,
half-letter for Letter), ready to read on screen, print, or impose as a booklet.

User text is escaped before it becomes paragraph markup; only its own markup
(pnp.data.markup: bold, italic, line breaks) turns into markup. Sizes in points.
"""

from __future__ import annotations

from functools import partial
from html import escape as _html_escape
from pathlib import Path

from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    KeepTogether,
    ListFlowable,
    ListItem,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.doctemplate import ActionFlowable

from pnp.core.kit_words import KIT_WORDS
from pnp.core.sizes import half_sheet_mm
from pnp.core.units import mm_to_pt
from pnp.data import markup
from pnp.data.rulebook import Block
from pnp.fonts import BOLD, REGULAR, register_all
from pnp.layout.kit import KitRow
from pnp.render.booklet import FormPageCanvas
from pnp.render.boxed import BoxedCanvas
from pnp.render.rule_page import MARGIN_MM

BASE = dict(fontName=REGULAR, bulletFontName=REGULAR, fontSize=9.5, leading=12.6)
STYLES = {
    "title": ParagraphStyle(
        "title",
        **{**BASE, "fontName": BOLD, "fontSize": 20, "leading": 24},
        alignment=TA_CENTER,
        spaceAfter=6,
    ),
    "h2": ParagraphStyle(
        "h2",
        **{**BASE, "fontName": BOLD, "fontSize": 13.5, "leading": 16},
        spaceBefore=10,
        spaceAfter=4,
        textColor="#1F3A5F",
    ),
    "h3": ParagraphStyle(
        "h3",
        **{**BASE, "fontName": BOLD, "fontSize": 10.5, "leading": 13},
        spaceBefore=6,
        spaceAfter=2,
    ),
    "para": ParagraphStyle("para", **BASE, spaceAfter=5),
    "item": ParagraphStyle("item", **BASE, spaceAfter=2),
    "sub": ParagraphStyle("sub", **BASE, leftIndent=10, textColor="#444444"),
}


def escape(text: str) -> str:
    """`text` with &, < and > escaped for reportlab's paragraph markup."""
    return _html_escape(text, quote=False)


def inline_markup(text: str) -> str:
    """`text`'s markup (pnp.data.markup, checked when the rulebook was read) as reportlab's
    paragraph markup: its words escaped, bold in <b>, italic in <i>, a line break <br/>."""
    tags = {markup.BOLD: ("<b>", "</b>"), markup.ITALIC: ("<i>", "</i>")}
    out = []
    runs = markup.spans(text)
    if any(run.style == markup.ITALIC for run in runs):
        register_all(italic=True)
    for run in runs:
        if run.text == "\n":
            out.append("<br/>")
        elif run.icon is None:
            opening, closing = tags.get(run.style, ("", ""))
            out.append(opening + escape(run.text) + closing)
    return "".join(out)


def _flowables(blocks: list, para) -> list:
    """The flowables of `blocks`, each paragraph made by `para(markup, style)`; a flowable
    among them (a figure) is placed as it is."""
    out: list = []
    items: list[Block] = []

    def flush_list() -> None:
        if not items:
            return
        numbered = items[0].kind == "number"
        out.append(
            ListFlowable(
                [
                    ListItem(
                        para(inline_markup(b.text), STYLES["item"]),
                        value=b.number if numbered else None,
                    )
                    for b in items
                ],
                bulletType="1" if numbered else "bullet",
                start=items[0].number if numbered else None,
                bulletFontName=BOLD if numbered else REGULAR,
                bulletFontSize=9,
                leftIndent=14,
                bulletDedent=11,
                spaceAfter=5,
            )
        )
        items.clear()

    for block in blocks:
        if not isinstance(block, Block):  # a figure (`_with_figures`): placed as it is
            flush_list()
            out.append(block)
            continue
        if block.kind in ("bullet", "number"):
            if items and items[0].kind != block.kind:
                flush_list()
            items.append(block)
            continue
        flush_list()
        out.append(para(inline_markup(block.text), STYLES[block.kind]))
    flush_list()
    return _keep_headings_with_next(out)


def _keep_headings_with_next(flowables: list) -> list:
    """A heading never ends a page: bind it to the flowable after it."""
    out: list = []
    i = 0
    while i < len(flowables):
        f = flowables[i]
        if isinstance(f, Paragraph) and f.style.name in ("h2", "h3") and i + 1 < len(flowables):
            out.append(KeepTogether([f, flowables[i + 1]]))
            i += 2
        else:
            out.append(f)
            i += 1
    return out


def components_table(rows: list[KitRow], para=Paragraph) -> list:
    """A "What's in the kit" section from the kit's rows, generated from the data (its
    heading the heading row's, pnp.layout.kit.Kit.printed_rows); its paragraphs made
    by `para(markup, style)`."""
    heading = next((r.label for r in rows if r.heading), KIT_WORDS["kit.heading"])
    rows = [r for r in rows if not r.heading]
    data = [
        [
            para(escape(row.label), STYLES["sub" if row.indented else "item"]),
            para(str(row.copies), STYLES["item"]),
        ]
        for row in rows
    ]
    table = Table(data, colWidths=[mm_to_pt(70), mm_to_pt(18)], hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), REGULAR, 9.5),
                ("LINEBELOW", (0, 0), (-1, -2), 0.3, "#BBBBBB"),
                ("LINEABOVE", (0, -1), (-1, -1), 0.8, "#000000"),
                ("FONT", (0, -1), (-1, -1), BOLD),
                ("TOPPADDING", (0, 0), (-1, -1), 1),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
            ]
        )
    )
    return [KeepTogether([para(escape(heading), STYLES["h2"]), table]), Spacer(1, 4)]


def render_rulebook(
    path: Path, blocks: list[Block], paper: str, title: str, components: list[KitRow]
) -> int:
    """Write the rulebook PDF to `path` on the half-sheet for `paper` (A5 for A4,
    half-letter for Letter: pnp.core.sizes.half_sheet_mm);
    returns the page count, always even (a blank page ends an odd-length rulebook). The
    generated components table follows the first section."""
    return _render(path, _story(blocks, components), paper, title, BoxedCanvas)[0]


def render_booklet(
    path: Path, blocks: list[Block], paper: str, title: str, components: list[KitRow]
) -> int:
    """Write the same rulebook imposed as a saddle-stitch booklet on landscape `paper`
    sheets to `path`; returns the number of printed sides."""
    return _render(
        path, _story(blocks, components), paper, title, partial(FormPageCanvas, sheet_paper=paper)
    )[1].sides


def render_rule_files(
    rules_path: Path,
    booklet_path: Path,
    blocks: list[Block],
    paper: str,
    title: str,
    components: list[KitRow],
    figures: tuple = (),
) -> tuple[int, int]:
    """Write rules.pdf and booklet.pdf from one layout of the rulebook: every paragraph's
    lines are broken once (`_Para`, sharing `lines`), then placed on the pages of both
    files (platypus's flowables keep state of their own, so each file gets fresh ones).
    `figures`: (pnp.layout.figure.Figure list, the CardFrame their faces were laid out
    on), each figure placed at the end of the section it names (pnp.render.figures).
    Returns (rulebook pages, booklet sides), as render_rulebook and render_booklet do."""
    lines: dict = {}
    drawn, frame = figures if figures else ((), None)
    define = partial(_define_figures, figures=drawn, frame=frame) if drawn else None
    story = partial(_story, blocks, components, lines, drawn)
    pages = _render(rules_path, story(), paper, title, partial(_BoxedWith, before_pages=define))[0]
    booklet = partial(FormPageCanvas, sheet_paper=paper, before_pages=define)
    sides = _render(booklet_path, story(), paper, title, booklet)[1].sides
    return pages, sides


def _define_figures(canvas, figures, frame) -> None:
    from pnp.render.figures import define_figures

    define_figures(canvas, figures, frame)


class _BoxedWith(BoxedCanvas):
    """A BoxedCanvas calling `before_pages(canvas)` (when given) before its first page."""

    def __init__(self, *args, before_pages=None, **kwargs):
        super().__init__(*args, **kwargs)
        if before_pages is not None:
            before_pages(self)


def _with_figures(blocks: list[Block], figures) -> list:
    """`blocks` with each figure's flowable (pnp.render.figures) at the end of the ##
    section it names, before the next ## heading (at the end: the last section's, or
    a figure naming no section)."""
    if not figures:
        return list(blocks)
    from pnp.render.figures import FigureFlowable

    out = list(blocks)
    for figure in figures:  # each before the next heading: after those placed before
        start = next(
            (
                i
                for i, b in enumerate(out)
                if getattr(b, "kind", "") == "h2" and b.text == figure.after
            ),
            None,
        )
        end = len(out)
        if start is not None and figure.after:
            end = next(
                (i for i in range(start + 1, len(out)) if getattr(out[i], "kind", "") == "h2"),
                len(out),
            )
        out[end:end] = [Spacer(1, 6), FigureFlowable(figure), Spacer(1, 8)]
    return out


def _story(
    blocks: list[Block], components: list[KitRow], lines: dict | None = None, figures=()
) -> list:
    """The rulebook's flowables: its blocks with their `figures` (`_with_figures`) and the
    components table after the first section; their paragraphs share the broken lines in
    `lines` (`_Para`)."""
    para = partial(_Para, lines={} if lines is None else lines)
    story = _flowables(_with_figures(blocks, figures), para)
    second_h2 = next((i for i, b in enumerate(story) if _is_h2(b)), None)
    second_h2 = (
        next((i for i in range(second_h2 + 1, len(story)) if _is_h2(story[i])), len(story))
        if second_h2 is not None
        else len(story)
    )
    story[second_h2:second_h2] = components_table(components, para)
    return story


def _render(path: Path, story: list, paper: str, title: str, canvasmaker) -> tuple[int, Canvas]:
    """Lay `story` (left as it is: platypus consumes a copy) out on `paper`'s half-sheet
    pages and write them to `path` with `canvasmaker`; (pages, the canvas)."""
    register_all()
    w, h = (mm_to_pt(v) for v in half_sheet_mm(paper))
    m = mm_to_pt(MARGIN_MM)
    pages = [0]

    def footer(canvas, doc) -> None:
        pages[0] = doc.page
        canvas.saveState()
        canvas.setFont(REGULAR, 8)
        canvas.setFillColor("#555555")
        canvas.drawCentredString(w / 2, m * 0.5, f"{title} · {doc.page}")
        canvas.restoreState()

    doc = SimpleDocTemplate(
        str(path),
        pagesize=(w, h),
        leftMargin=m,
        rightMargin=m,
        topMargin=m,
        bottomMargin=m,
        title=title,
        author="Hack Pack",
        creator="Hack Pack pnp",
        invariant=1,
        initialFontName=REGULAR,
        initialFontSize=9.5,
    )
    even = _EvenPageCount()
    doc.build([*story, even], onFirstPage=footer, onLaterPages=footer, canvasmaker=canvasmaker)
    return pages[0] + even.added, doc.canv


class _Para(Paragraph):
    """A Paragraph whose broken lines are kept in `lines`, by its markup, style and
    widths (pt): laid out for rules.pdf, the same paragraph in booklet.pdf reuses them
    (the same text and width give the same lines, so both files show the same pages)."""

    def __init__(self, text, style=None, *args, lines: dict | None = None, **kwargs):
        super().__init__(text, style, *args, **kwargs)
        self._lines, self._markup = lines, text  # a split part (lines None) keeps none

    def breakLines(self, width):
        if self._lines is None or not isinstance(self._markup, str):
            return super().breakLines(width)
        widths = tuple(width) if isinstance(width, (list, tuple)) else width
        key = (self._markup, self.style.name, widths)
        if key not in self._lines:
            self._lines[key] = super().breakLines(width)
        return self._lines[key]


class _EvenPageCount(ActionFlowable):
    """Placed last in the story: when the rulebook ends on an odd page it adds one blank
    page, so copies printed double-sided one after another each start on a front."""

    def __init__(self):
        super().__init__(("evenPageCount",))
        self.added = False

    def apply(self, doc) -> None:
        if doc.page % 2:
            doc.handle_pageBreak()
            doc.handle_flowable([Spacer(1, 0.01)])
            self.added = True


def _is_h2(flowable) -> bool:
    inner = flowable._content[0] if isinstance(flowable, KeepTogether) else flowable
    return isinstance(inner, Paragraph) and inner.style.name == "h2"
