"""Backs to the bleed (issue 28 item 7): every back of every game (and the test-only
fourth game), at poker, bridge and tarot with a shop's 3.175 mm bleed, full ink and ink
saver, draws no stroke within 3 mm of the trim (read back from the PDF's drawing) and
its ground, not a frame, fills the bleed and the outer 3 mm of the card (pixels);
validation refuses a back's frame, border edge or rule near the trim, naming the back
and the element; Hack Back fronts carry the emblem of the deck each copy is printed in
(pixels of a real build)."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from pnp.build import BuildOptions, build
from pnp.core.games import find_game
from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.core.sizes import CARD_SIZES_MM
from pnp.core.units import mm_to_pt, pt_to_mm
from pnp.fonts import REGULAR
from pnp.fonts import font as font_name
from pnp.layout.back_check import back_faults
from pnp.layout.card_frame import CardFrame
from pnp.layout.face import Border, Face, Fill, Outline, Rule, Text
from pnp.layout.imposition import Rect, SheetSpec, compute_grid
from pnp.render.colour import tint
from pnp.render.painter import FacePainter
from pnp.render.sheets import sheet_layout
from pnp.validate import FaceChecks
from tests.fourth_game import register
from tests.fourth_game.kit import DATA_DIR as COIN_DATA
from tests.pdfread import placements

GAMES = ["hack-attack", "hack-back", "not-a-hack", "coin-flip"]
SIZES = ["poker", "bridge", "tarot"]
BLEED_MM = 3.175
CLEAR_PT = mm_to_pt(3.0)
SCALE = 2.0  # px per pt


def _kit(game: str, monkeypatch):
    if game == "coin-flip":
        register(monkeypatch)
        kit = find_game(game)
        return kit, kit.load(COIN_DATA / game)
    kit = find_game(game)
    return kit, kit.load(SHIPPED_DATA_DIR / kit.id)


def _frame(size: str, ink_saver: bool) -> CardFrame:
    w, h = CARD_SIZES_MM[size]
    return CardFrame(mm_to_pt(w), mm_to_pt(h), mm_to_pt(BLEED_MM), ink_saver)


def _write(faces: list[Face], frame: CardFrame, path: Path) -> Path:
    """Each face on a page of its card and bleed (trim origin at (bleed, bleed))."""
    b = frame.bleed
    c = Canvas(
        str(path), pagesize=(frame.w + 2 * b, frame.h + 2 * b), initialFontName=font_name(REGULAR)
    )
    painter = FacePainter(c, frame)
    for face in faces:
        c.translate(b, b)
        painter.paint(face)
        c.showPage()
    c.save()
    return path


def _strokes(path: Path, frame: CardFrame) -> list[list[tuple[float, float, float, float]]]:
    """Per page, the box (card-local pt: x0, y0, x1, y1) of every stroked rect, line and
    curve pdfplumber reads back, grown by half its line width (the ink of the stroke)."""
    b = frame.bleed
    pages = []
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            boxes = []
            for obj in (*page.rects, *page.lines, *page.curves):
                if not obj.get("stroke"):
                    continue
                half = float(obj.get("linewidth") or 0) / 2
                y0 = float(page.height) - float(obj["bottom"])
                y1 = float(page.height) - float(obj["top"])
                boxes.append(
                    (
                        float(obj["x0"]) - b - half,
                        y0 - b - half,
                        float(obj["x1"]) - b + half,
                        y1 - b + half,
                    )
                )
            pages.append(boxes)
    return pages


def _gap(box: tuple[float, float, float, float], frame: CardFrame) -> float:
    """How far (pt) the box stays inside the trim at its nearest side."""
    x0, y0, x1, y1 = box
    return min(x0, y0, frame.w - x1, frame.h - y1)


def _rgb(hex_rgb: str, strength: float) -> tuple[int, int, int]:
    c = tint(hex_rgb, strength)
    return (round(c.red * 255), round(c.green * 255), round(c.blue * 255))


def _close(a, b, tol: int = 3) -> bool:
    return all(abs(p - q) <= tol for p, q in zip(a, b))


def _edge_points(frame: CardFrame):
    """Card-local points (pt) across the bleed and the outer 2.9 mm of the trim on every
    side, along each side, and the bleed's four corners."""
    b, w, h = frame.bleed, frame.w, frame.h
    depths = [-b + 0.5, -b / 2, 0.5, mm_to_pt(1.5), mm_to_pt(2.9)]
    for t in (0.1, 0.3, 0.5, 0.7, 0.9):
        for d in depths:
            yield "left", (d, t * h)
            yield "right", (w - d, t * h)
            yield "bottom", (t * w, d)
            yield "top", (t * w, h - d)
    for x in (-b + 0.5, w + b - 0.5):
        for y in (-b + 0.5, h + b - 0.5):
            yield "corner", (x, y)


@pytest.mark.parametrize("ink_saver", [False, True], ids=["full-ink", "ink-saver"])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", GAMES)
def test_no_back_strokes_near_the_trim_and_the_ground_fills_the_bleed(
    game, size, ink_saver, tmp_path, monkeypatch
):
    kit, data = _kit(game, monkeypatch)
    frame = _frame(size, ink_saver)
    backs = [(back, kit.back_face(back, data, frame)) for back in kit.back_ids(data)]
    assert len(backs) >= (1 if game == "coin-flip" else 2)  # the game's and the aids'

    assert all(back_faults(face, frame) == [] for _, face in backs)
    pdf = _write([face for _, face in backs], frame, tmp_path / "backs.pdf")
    near = [
        (back, [round(pt_to_mm(v), 2) for v in box])
        for (back, _), boxes in zip(backs, _strokes(pdf, frame))
        for box in boxes
        if _gap(box, frame) < CLEAR_PT - 0.01
    ]
    assert near == []
    wrong = []
    document = pdfium.PdfDocument(str(pdf))
    for (back, face), page in zip(backs, document):
        image = page.render(scale=SCALE).to_pil().convert("RGB")
        ground = face.ground
        want = (255, 255, 255) if ground is None else _rgb(ground.colour, ground.strength)
        for side, (x, y) in _edge_points(frame):
            px = (int((x + frame.bleed) * SCALE), int((frame.h + frame.bleed - y) * SCALE))
            got = image.getpixel(px)
            if not _close(got, want):
                wrong.append((back, side, (round(x), round(y)), want, got))
    assert wrong == []


def test_the_stroke_reader_finds_a_frame_near_the_trim(tmp_path):
    """The reading above can fail: a back with a frame 2 mm inside the trim (the old
    design's kind) is read back as a stroke 1.6 mm from the trim."""
    frame = _frame("poker", False)
    old = Face(
        (
            Outline(
                key="frame",
                rect=frame.trim_rect.inset(mm_to_pt(2.0)),
                colour="#1F3A5F",
                width=mm_to_pt(0.8),
                radius=mm_to_pt(3),
            ),
        ),
        ground=Fill(key="ground", rect=frame.bleed_rect, colour="#1F3A5F", strength=0.1),
    )
    (boxes,) = _strokes(_write([old], frame, tmp_path / "old.pdf"), frame)
    assert [round(pt_to_mm(_gap(box, frame)), 1) for box in boxes] == [1.6]


def _crafted(frame: CardFrame) -> Face:
    """A back with a frame 2 mm in, a border whose inner edge is 1 mm in, a rule 2.5 mm
    above the bottom edge, and the allowed kinds: a frame 3.5 mm in, a rule in the
    middle, a title."""
    w, h = frame.w, frame.h
    return Face(
        (
            Outline(
                key="near_frame",
                rect=frame.trim_rect.inset(mm_to_pt(2.0)),
                colour="#000000",
                width=mm_to_pt(0.4),
            ),
            Border(
                key="edge",
                outer=frame.bleed_rect,
                inner=frame.trim_rect.inset(mm_to_pt(1.0)),
                radius=mm_to_pt(1.0),
                colour="#000000",
            ),
            Rule(key="low_rule", x0=w * 0.3, x1=w * 0.7, y=mm_to_pt(2.5), width=0.5),
            Outline(
                key="far_frame",
                rect=frame.trim_rect.inset(mm_to_pt(3.5)),
                colour="#000000",
                width=mm_to_pt(0.4),
            ),
            Rule(key="mid_rule", x0=w * 0.3, x1=w * 0.7, y=h / 2),
            Text(
                key="title",
                text="BACK",
                font=REGULAR,
                box=Rect(w * 0.2, h * 0.6, w * 0.6, 20),
                max_size=12,
            ),
        )
    )


def test_a_back_frame_border_edge_or_rule_near_the_trim_is_an_error():
    frame = _frame("poker", False)
    faults = back_faults(_crafted(frame), frame)
    assert [(f.element.key, f.level) for f in faults] == [
        ("near_frame", "error"),
        ("edge", "error"),
        ("low_rule", "error"),
    ]
    near, edge, rule = (f.message for f in faults)
    assert near.startswith("is a frame 1.8 mm from the trim's left edge")  # 2 - 0.4/2
    assert edge.startswith("is a border's inner edge 1.0 mm from the trim's ")
    assert rule.startswith("is a rule 2.4 mm from the trim's bottom edge")
    assert "at least 3 mm inside the trim" in near


def test_validation_names_the_back_and_the_element_and_leaves_fronts_alone(monkeypatch):
    """Through FaceChecks (what pnp validate, build and export use): on the back, one
    error per element too near the trim, naming the back and the element (the rule, not
    a decoration, is named once, as outside the safe area); the same face as a card's
    front is not held to the back's rule."""
    kit, data = _kit("hack-attack", monkeypatch)
    frame = _frame("poker", False)
    crafted = _crafted(frame)
    source = kit.back_face("back", data, frame).source
    face = Face(crafted.elements, source=source)
    checks = FaceChecks(kit, data, frame)
    assert checks.back("back", face) is False  # not drawable
    lines = [str(p) for p in checks.problems()]
    assert len(lines) == 3, lines
    for key in ("near_frame", "edge", "low_rule"):
        (line,) = [ln for ln in lines if f"'{key}'" in ln]
        assert "the back" in line
        assert ("outside the 3 mm safe area" if key == "low_rule" else "from the trim's") in line
    card = kit.cards(data)[0]
    fronts = FaceChecks(kit, data, frame)
    fronts.card(card, Face(crafted.elements, source=card.source))
    assert not any("from the trim's" in str(p) for p in fronts.problems())


@pytest.fixture(scope="module")
def hack_back_build(tmp_path_factory):
    """Hack Back built with a 3.175 mm bleed, each deck on its own sheets, duplex."""
    out = tmp_path_factory.mktemp("hack-back-emblems")
    spec = SheetSpec(bleed_mm=BLEED_MM, deck_sheets=True)
    build(BuildOptions("hack-back", spec, None, SHIPPED_DATA_DIR, out))
    return spec, out / "hack-back" / "cards.pdf"


def test_every_hack_back_front_carries_the_emblem_of_its_deck(hack_back_build):
    """Every Hero copy of the build, placed where sheet_layout puts it: the emblem's box
    in the top right of the safe area is mostly the colour of the deck it is printed in
    (a disc with the glyph knocked out), with none of another deck's colour; a card in
    two decks carries each deck's emblem in each."""
    spec, pdf = hack_back_build
    kit = find_game("hack-back")
    data = kit.load(SHIPPED_DATA_DIR / kit.id)
    decks = {d.id: d for d in (*data.decks, data.shared)}
    groups = kit.print_groups(data)
    grid = compute_grid(spec)
    frame = CardFrame(grid.card_w, grid.card_h, grid.bleed)
    reader = PdfReader(str(pdf))
    document = pdfium.PdfDocument(str(pdf))
    seen: dict[str, set[str]] = {}
    checked, wrong = 0, []
    for index, sheet in enumerate(sheet_layout(groups, grid.per_sheet, True)):
        page = 2 * index  # a front page, then its back page
        image = document[page].render(scale=SCALE).to_pil().convert("RGB")
        height = float(reader.pages[page].mediabox.height)
        for (card, back), placed in zip(sheet, placements(reader, page)):
            if back not in decks:  # the player aids
                continue
            mark = kit.face(card, data, frame).get("deck_emblem")
            assert mark.glyph == decks[back].emblem and mark.colour == decks[back].colour
            ox, oy = placed.origin
            half = mark.size * 0.4
            pixels = [
                image.getpixel((int((ox + x) * SCALE), int((height - oy - y) * SCALE)))
                for x in _steps(mark.x - half, mark.x + half)
                for y in _steps(mark.y - half, mark.y + half)
            ]
            own = sum(_close(p, _rgb(decks[back].colour, 1.0), 12) for p in pixels)
            others = sum(
                _close(p, _rgb(d.colour, 1.0), 12)
                for d in decks.values()
                if d.id != back
                for p in pixels
            )
            if own < 0.3 * len(pixels) or others:
                wrong.append((card.id, back, own, others, len(pixels)))
            seen.setdefault(card.id, set()).add(back)
            checked += 1
    assert wrong == []
    assert checked == sum(len(g.copies) for g in groups if g.back in decks)
    assert any(len(backs) >= 2 for backs in seen.values())  # a card in two decks


def _steps(lo: float, hi: float, n: int = 9) -> list[float]:
    return [lo + (hi - lo) * k / (n - 1) for k in range(n)]


def test_the_emblem_sits_in_the_safe_area_clear_of_the_text_at_every_size(monkeypatch):
    """At every size, full ink and ink saver, the shipped Hack Back fronts pass the face
    checks with the emblem on: inside the safe area, overlapping nothing; with the ink
    saver it is the plain glyph in the deck's colour."""
    from pnp.layout.face_check import check_face

    kit, data = _kit("hack-back", monkeypatch)
    deck = data.decks[1]
    cards = data.printed(deck)
    for size in SIZES:
        for ink_saver in (False, True):
            frame = _frame(size, ink_saver)
            for card in dict.fromkeys(cards):
                face = kit.face(card, data, frame)
                mark = face.get("deck_emblem")
                assert (mark.glyph, mark.colour) == (deck.emblem, deck.colour)
                assert mark.style == ("plain" if ink_saver else "badge")
                assert pt_to_mm(mark.size) >= 6.0  # 7 mm on poker, scaled with the width
                assert check_face(face, frame) == [], (size, card.id)
