"""Hack Back's VC tracker: a board of every VC a game reaches and numbered Hero markers,
printed as tracker.pdf with the kit, so a table can play from the printout alone.

Page 1 is the board: one cell per VC from LOW_VC to HIGH_VC (below 0 to past 40), in
rows read left to right, big enough for a coin or a marker and readable across a table;
the cells at 0 or lower (where a Hero wins) and at 40 or more (where it is discarded)
are tinted and labelled. Page 2 holds round Hero markers numbered like the score
keeper's Hero numbers (`scorekeeper status`), to cut out and put on the board; a coin or
a paperclip per Hero works as well, and a pencil can tick cells. Source:
shared/rules/hack-back.txt ("Get one of your Heroes to 0 VC or lower", "Heroes reaching
40 VC or higher are eliminated", "Newly placed Heroes start at their printed VC").

Geometry in points from lengths in mm; the page is the chosen paper, portrait.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from pnp.core.sizes import paper_mm
from pnp.core.units import mm_to_pt, pt_to_mm
from pnp.fonts import BOLD, REGULAR, register_all
from pnp.fonts import font as font_name
from pnp.layout.text import text_width, wrap
from pnp.printed import CHECKED_PAPERS, PrintedLine
from pnp.render.boxed import BoxedCanvas

#: The VC range on the board (inclusive). Heroes start at 0..39 printed VC; two actions
#: move a Hero by at most a few VC, so a game stays well inside −15..48.
LOW_VC, COLUMNS, ROWS = -15, 8, 8
HIGH_VC = LOW_VC + COLUMNS * ROWS - 1
WIN_AT, OUT_AT = 0, 40
MARGIN_MM = 10.0
TITLE_MM = 22.0
FOOT_MM = 14.0  # under the board: its two notes
NUMBER_PT = 20, 18  # a cell's VC: one digit, two
NOTE_PT = 14  # WIN and OUT under the VC of their cell: read with the numbers
MARKER_MM = 20.0  # marker diameter: fits a board cell with room to read its edge
WIN_TINT, OUT_TINT, INK = "#D8EFD9", "#F6D5CF", "#1F3A5F"


@dataclass(frozen=True)
class Cell:
    """One board cell: the VC it stands for and its rectangle (pt, from the bottom left)."""

    vc: int
    x: float
    y: float
    w: float
    h: float


def board_cells(paper: str) -> list[Cell]:
    """Every cell of the board on `paper`, LOW_VC first, left to right, top row first.
    The cells fill the page inside its margins, under the title and over the notes
    (FOOT_MM), so no band of the page is left empty: as wide as the page allows, and as
    tall as its height does (taller than wide on A4 and Letter; issue 28, item 5)."""
    page_w, page_h = (mm_to_pt(v) for v in paper_mm(paper))
    margin, title = mm_to_pt(MARGIN_MM), mm_to_pt(TITLE_MM)
    w = (page_w - 2 * margin) / COLUMNS
    h = (page_h - 2 * margin - title - mm_to_pt(FOOT_MM)) / ROWS
    left = (page_w - COLUMNS * w) / 2
    top = page_h - margin - title
    return [
        Cell(LOW_VC + i, left + (i % COLUMNS) * w, top - (i // COLUMNS + 1) * h, w, h)
        for i in range(COLUMNS * ROWS)
    ]


def marker_mm(paper: str) -> float:
    """A Hero marker's diameter on `paper` (mm): MARKER_MM, less where the board's
    cells are smaller (A5: 14 mm), so that a marker fits a cell with 2 mm to spare."""
    cell = board_cells(paper)[0]
    return min(MARKER_MM, pt_to_mm(min(cell.w, cell.h)) - 2)


def marker_grid(paper: str) -> tuple[int, int]:
    """(columns, rows) of Hero markers on the marker page of `paper`: as many as the
    page holds, `marker_mm` wide with 6 mm between them."""
    page_w, page_h = (mm_to_pt(v) for v in paper_mm(paper))
    pitch, room = mm_to_pt(marker_mm(paper) + 6), mm_to_pt(6)
    cols = int((page_w - 2 * mm_to_pt(MARGIN_MM) + room) // pitch)
    rows = int((page_h - 2 * mm_to_pt(MARGIN_MM) - mm_to_pt(20) + room) // pitch)
    return cols, rows


def render_tracker(path: Path, paper: str, game_name: str, players_max: int) -> int:
    """Write the tracker to `path` (the board, then the markers) on `paper`; returns
    the page count. The marker page is full (`marker_grid`: 63 on A4), far more than
    the Heroes `players_max` players have in play (an opening Hero each and a few
    placed with Victory Points). Raises OSError if the file cannot be written."""
    register_all()
    page_w, page_h = (mm_to_pt(v) for v in paper_mm(paper))
    c = BoxedCanvas(
        str(path),
        pagesize=(page_w, page_h),
        invariant=1,
        pageCompression=1,
        initialFontName=font_name(REGULAR),
        initialFontSize=9,
    )
    c.setTitle(_title(game_name))
    c.setCreator("Hack Pack pnp")
    _board(c, paper, game_name, page_w, page_h)
    c.showPage()
    cols, rows = marker_grid(paper)
    assert cols * rows >= 3 * players_max, "the marker page holds too few markers"
    _markers(c, cols, rows, mm_to_pt(marker_mm(paper)), page_w, page_h)
    c.showPage()
    c.save()
    return 2


TITLE_PT = 18


def title_lines(game_name: str) -> list[PrintedLine]:
    """The board's title on A4 and Letter (pnp.printed.CHECKED_PAPERS), as `pnp validate`
    checks it: bold 18 pt within the page's width less its margins (pt). On a narrower
    paper (A5, 148 mm: the narrowest there is) it is set smaller to fit (`_board`), never
    under 12 pt for a title that fits these."""
    return [
        PrintedLine(
            _title(game_name),
            game_name,
            BOLD,
            TITLE_PT,
            mm_to_pt(w - 2 * MARGIN_MM),
            f"the VC tracker's title ({paper})",
        )
        for paper in CHECKED_PAPERS
        for w in (paper_mm(paper)[0],)
    ]


def _title(game_name: str) -> str:
    return f"{game_name} — VC tracker"


def _board(c: Canvas, paper: str, game_name: str, page_w: float, page_h: float) -> None:
    margin = mm_to_pt(MARGIN_MM)
    c.setFillColor(INK)
    title = _title(game_name)
    room = page_w - 2 * margin
    size = min(TITLE_PT, TITLE_PT * room / text_width(title, font_name(BOLD), TITLE_PT))
    c.setFont(font_name(BOLD), size)
    c.drawCentredString(page_w / 2, page_h - margin - mm_to_pt(8), title)
    _centred(
        c,
        "Put each Hero's marker (or a coin) on its VC; move it as the VC changes. Lower is better.",
        9,
        page_h - margin - mm_to_pt(15),
        page_w,
    )
    cells = board_cells(paper)
    for cell in cells:
        tint = WIN_TINT if cell.vc <= WIN_AT else OUT_TINT if cell.vc >= OUT_AT else None
        if tint:
            c.setFillColor(tint)
            c.rect(cell.x, cell.y, cell.w, cell.h, stroke=0, fill=1)
        c.setStrokeColor(INK)
        c.setLineWidth(0.8)
        c.rect(cell.x, cell.y, cell.w, cell.h, stroke=1, fill=0)
        c.setFillColor(INK)
        c.setFont(font_name(BOLD), NUMBER_PT[0] if abs(cell.vc) < 10 else NUMBER_PT[1])
        text = f"\u2212{-cell.vc}" if cell.vc < 0 else str(cell.vc)
        c.drawCentredString(cell.x + cell.w / 2, cell.y + cell.h - mm_to_pt(8.5), text)
        note = "WIN" if cell.vc == WIN_AT else "OUT" if cell.vc == OUT_AT else ""
        if note:
            c.setFont(font_name(BOLD), NOTE_PT)
            c.drawCentredString(cell.x + cell.w / 2, cell.y + mm_to_pt(3.5), note)
    bottom = min(cell.y for cell in cells)
    _centred(
        c,
        f"Green: 0 VC or lower, the lowest such Hero wins at the end of a turn. "
        f"Red: {OUT_AT} VC or more, the Hero is discarded.",
        8.5,
        bottom - mm_to_pt(6),
        page_w,
    )
    _centred(
        c,
        "A Hero below \u221215 or above 48: keep it on the end cell and note "
        "the rest with a pencil.",
        8.5,
        bottom - mm_to_pt(10.5),
        page_w,
    )


#: A note set smaller to fit the page's width is never set below this (pt).
NOTE_FLOOR_PT = 7.0


def _centred(c: Canvas, text: str, size: float, y: float, page_w: float) -> None:
    """`text` in the regular face centred on the page at baseline `y`, at `size` pt or
    smaller so that it fits inside the margins (A5); at NOTE_FLOOR_PT, wrapped onto
    further lines below when it is still too wide."""
    face, room = font_name(REGULAR), page_w - 2 * mm_to_pt(MARGIN_MM)
    size = max(NOTE_FLOOR_PT, min(size, size * room / text_width(text, face, size)))
    c.setFont(face, size)
    for n, line in enumerate(wrap(text, face, size, room) or (text,)):
        c.drawCentredString(page_w / 2, y - n * size * 1.2, line)


def _markers(c: Canvas, cols: int, rows: int, d: float, page_w: float, page_h: float) -> None:
    """`cols` x `rows` round markers `d` pt across under the page's title and note."""
    margin = mm_to_pt(MARGIN_MM)
    c.setFillColor(INK)
    c.setFont(font_name(BOLD), 14)
    c.drawCentredString(page_w / 2, page_h - margin - mm_to_pt(6), "Hero markers — cut out")
    _centred(
        c,
        "Give each Hero the marker with its number in the score keeper "
        "(scorekeeper status shows #1, #2, ...); without it, any marker will do.",
        9,
        page_h - margin - mm_to_pt(12),
        page_w,
    )
    pitch = d + mm_to_pt(6)
    left = (page_w - (cols * pitch - mm_to_pt(6))) / 2
    top = page_h - margin - mm_to_pt(20)
    for i in range(cols * rows):
        row, col = divmod(i, cols)
        cx = left + col * pitch + d / 2
        cy = top - row * pitch - d / 2
        c.setStrokeColor(INK)
        c.setLineWidth(0.8)
        c.setFillColor("#FFFFFF")
        c.circle(cx, cy, d / 2, stroke=1, fill=1)
        c.setFillColor(INK)
        scale = d / mm_to_pt(MARKER_MM)  # 1, less on A5
        c.setFont(font_name(BOLD), 16 * scale)
        c.drawCentredString(cx, cy - 5.5 * scale, f"#{i + 1}")
