"""cards.pdf read back: page sizes, every card's trim to 0.01 mm, backs behind fronts,
crop marks outside every bleed, fonts embedded with a glyph for every character."""

from __future__ import annotations

import io
import re

import pdfplumber
import pytest
from fontTools.ttLib import TTFont
from pypdf import PdfReader
from pypdf.generic import ContentStream

from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.core.units import mm_to_pt
from pnp.games.hack_attack.kit import KIT as HA_KIT
from pnp.games.hack_attack.loader import load_hack_attack
from pnp.layout.card_frame import CardFrame
from pnp.render.sheets import sheet_layout
from tests.pdfread import placements, segments

MM = mm_to_pt(1)
TOL = 0.01 * MM  # 0.01 mm in points
CARD_W, CARD_H = 63.5 * MM, 88.9 * MM
DATA = load_hack_attack(SHIPPED_DATA_DIR / "hack-attack")
#: The copies of each sheet, in print order: the deck, then the player aids on the same
#: sheets (pnp.layout.kit.Kit.print_groups, pnp.render.sheets.sheet_layout).
SHEETS = [[card for card, _ in sheet] for sheet in sheet_layout(HA_KIT.print_groups(DATA), 9)]
TOTAL = sum(len(sheet) for sheet in SHEETS)


def _reader(report) -> PdfReader:
    return PdfReader(str(report.paths[0]))


@pytest.mark.parametrize("paper, size_mm", [("a4", (210, 297)), ("letter", (215.9, 279.4))])
def test_page_size(built, paper, size_mm):
    for page in _reader(built(paper)).pages:
        assert float(page.mediabox.width) == pytest.approx(size_mm[0] * MM, abs=TOL)
        assert float(page.mediabox.height) == pytest.approx(size_mm[1] * MM, abs=TOL)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_copy_is_placed_once_at_exact_trim_size(built, paper):
    report = built(paper)
    reader = _reader(report)
    fronts = [p for i in range(0, len(reader.pages), 2) for p in placements(reader, i)]
    assert len(fronts) == TOTAL == 143 + 12  # the deck and two aids for each of 6 players
    bleed = 0.5 * MM
    for p in fronts:
        x, y, w, h = p.bleed
        assert (w - 2 * bleed, h - 2 * bleed) == pytest.approx((CARD_W, CARD_H), abs=TOL)
        assert p.origin == pytest.approx((x + bleed, y + bleed), abs=TOL)


def test_fronts_sit_on_the_hand_computed_a4_grid(built):
    reader = _reader(built("a4"))
    left_mm, top_mm = (210 - 197.5) / 2, (297 - 273.7) / 2
    expected = [
        ((left_mm + c * 66.5 + 0.5) * MM, (297 - (top_mm + r * 91.9 + 0.5) - 88.9) * MM)
        for r in range(3)
        for c in range(3)
    ]
    flat = lambda points: [v for point in points for v in point]  # noqa: E731
    first = [p.origin for p in placements(reader, 0)]
    assert flat(first) == pytest.approx(flat(expected), abs=TOL)
    last_sheet = placements(reader, len(reader.pages) - 2)
    assert len(last_sheet) == len(SHEETS[-1]) == (143 + 12) % 9 == 2  # the last of 12 aids
    assert flat(p.origin for p in last_sheet) == pytest.approx(flat(expected[:2]), abs=TOL)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("duplex", ["long", "short"])
def test_each_back_lands_behind_its_own_front(built, paper, duplex):
    reader = _reader(built(paper, duplex))
    W, H = (float(v) for v in reader.pages[0].mediabox.upper_right)
    assert len(reader.pages) % 2 == 0
    for sheet in range(len(reader.pages) // 2):
        fronts = placements(reader, 2 * sheet)
        backs = placements(reader, 2 * sheet + 1)
        assert len(backs) == len(fronts)
        for f, b in zip(fronts, backs):
            if duplex == "long":
                flipped = (W - b.origin[0] - CARD_W, b.origin[1])
            else:
                flipped = (b.origin[0], H - b.origin[1] - CARD_H)
            assert flipped == pytest.approx(f.origin, abs=TOL)


def test_back_offset_moves_back_pages_only(built):
    plain, shifted = _reader(built("a4")), _reader(built("a4", back_offset_mm=(1.5, -0.7)))
    for i in range(len(plain.pages)):
        for a, b in zip(placements(plain, i), placements(shifted, i)):
            dx, dy = (0, 0) if i % 2 == 0 else (1.5 * MM, -0.7 * MM)
            assert (b.origin[0] - a.origin[0], b.origin[1] - a.origin[1]) == pytest.approx(
                (dx, dy), abs=TOL
            )


def test_single_sided_prints_fronts_only(built):
    report = built("a4", "none")
    reader = _reader(report)
    assert len(reader.pages) == report.sheets == len(SHEETS) == 18
    assert sum(len(placements(reader, i)) for i in range(len(reader.pages))) == TOTAL


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_crop_marks_read_back_stay_out_of_every_bleed(built, paper):
    reader = _reader(built(paper))
    for i in range(0, len(reader.pages), 2):
        bleeds = [p.bleed for p in placements(reader, i)]
        marks = segments(reader, i)
        # a full sheet has 24 or more; a partly filled one marks only its cards
        # (counted in tests/test_cut_guides.py)
        assert len(marks) >= (24 if len(bleeds) == 9 else 6)
        for x1, y1, x2, y2 in marks:
            for bx, by, bw, bh in bleeds:
                inside_x = max(x1, x2) > bx and min(x1, x2) < bx + bw
                inside_y = max(y1, y2) > by and min(y1, y2) < by + bh
                assert not (inside_x and inside_y), ((x1, y1, x2, y2), (bx, by, bw, bh))


def test_no_crop_marks_when_turned_off(built):
    reader = _reader(built("a4", crop_marks=False))
    assert segments(reader, 0) == []


def _embedded_fonts(reader: PdfReader):
    """(BaseFont, fontTools TTFont, unicode->code map) for each font used on any page."""
    seen = {}
    for page in reader.pages:
        for ref in page["/Resources"]["/Font"].values():
            font = ref.get_object()
            key = ref.idnum if hasattr(ref, "idnum") else id(font)
            if key in seen:
                continue
            descriptor = font["/FontDescriptor"].get_object()
            assert "/FontFile2" in descriptor, f"{font['/BaseFont']} is not embedded"
            ttf = TTFont(io.BytesIO(descriptor["/FontFile2"].get_object().get_data()))
            seen[key] = (str(font["/BaseFont"]), ttf, _to_unicode(font))
    return list(seen.values())


def _to_unicode(font) -> dict[str, int]:
    """unicode char -> one-byte code, from the font's ToUnicode CMap (bfchar/bfrange)."""
    text = font["/ToUnicode"].get_object().get_data().decode("latin-1")
    mapping = {}
    for block in re.findall(r"beginbfchar(.*?)endbfchar", text, re.S):
        for code, uni in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            mapping[chr(int(uni, 16))] = int(code, 16)
    for block in re.findall(r"beginbfrange(.*?)endbfrange", text, re.S):
        for lo, hi, start in re.findall(
            r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block
        ):
            for k in range(int(lo, 16), int(hi, 16) + 1):
                mapping[chr(int(start, 16) + k - int(lo, 16))] = k
    return mapping


def test_all_fonts_embedded_and_every_card_character_has_a_glyph(built):
    reader = _reader(built("a4"))
    fonts = _embedded_fonts(reader)
    assert fonts and all("DejaVuSansCondensed" in name for name, _, _ in fonts)
    covered: dict[str, bool] = {}
    for _name, ttf, to_unicode in fonts:
        cmap = {code: g for table in ttf["cmap"].tables for code, g in table.cmap.items()}
        glyf = ttf["glyf"]
        for ch, code in to_unicode.items():
            glyph = cmap.get(code)
            ok = (
                glyph is not None
                and glyph != ".notdef"
                and (ch.isspace() or glyf[glyph].numberOfContours != 0)
            )
            covered[ch] = covered.get(ch, False) or ok
    text = "".join(
        c.name + getattr(c, "description", "") + getattr(c, "how_to", "") + getattr(c, "text", "")
        for c in DATA.cards
    )
    needed = {ch for ch in text if not ch.isspace()} | {"−", "×", "·"}
    missing = {ch for ch in needed if not covered.get(ch)}
    assert not missing


def test_each_card_name_is_printed_inside_its_own_trim(built):
    report = built("a4")
    reader = _reader(report)
    with pdfplumber.open(report.paths[0]) as pdf:
        for sheet in range(len(pdf.pages) // 2):
            page = pdf.pages[2 * sheet]
            height = float(page.height)
            for slot, p in enumerate(placements(reader, 2 * sheet)):
                card = SHEETS[sheet][slot]
                x, y = p.origin
                box = page.within_bbox((x, height - y - CARD_H, x + CARD_W, height - y))
                text = " ".join((box.extract_text() or "").split())
                assert " ".join(card.name.split()) in text, (card.id, text)


def _form_ids(page, named: str = "") -> set[int]:
    """The object numbers of the forms a page's resources name (those whose name holds
    `named`)."""
    xobjects = page["/Resources"].get("/XObject", {})
    return {xobjects.raw_get(name).idnum for name in xobjects if named in name}


def test_backs_and_icons_are_drawn_once_and_reused(built):
    report = built("a4")
    reader = _reader(report)
    forms = set().union(*(_form_ids(page) for page in reader.pages))
    corners = set().union(*(_form_ids(page, "corners-") for page in reader.pages))
    # one back, one badge per icon (six categories, wild, attack, user error), the
    # player aids' back and the two glyphs the aids' headings print inline (attack and
    # user error, in the heading's colour): 13 forms; one per distinct card picture; and
    # the cut guides' corner arcs, one per way a front sheet is filled (full, the last)
    frame = CardFrame(mm_to_pt(63.5), mm_to_pt(88.9))
    pictures = set()
    for card in HA_KIT.printed_cards(DATA):
        art = HA_KIT.face(card, DATA, frame).get("art")
        pictures.add((art.art.image.path, art.art.colour))
    assert len(corners) == 2 and len(forms) == 13 + len(pictures) + len(corners)
    for i in range(1, len(reader.pages), 2):  # back pages: one Do per card, one form a back
        ops = [op for _, op in ContentStream(reader.pages[i].get_contents(), reader).operations]
        assert ops.count(b"Do") == len(placements(reader, i))
        backs = {back for _, back in sheet_layout(HA_KIT.print_groups(DATA), 9)[i // 2]}
        assert len(_form_ids(reader.pages[i])) == len(backs)  # the deck's; the aids' too
    # bytes per card, the card pictures' forms (each drawn once, counted above) aside
    pictures_bytes = sum(
        len(ref.get_object()._data)
        for ref in {
            xobjects.raw_get(name).idnum: xobjects.raw_get(name)
            for page in reader.pages
            for xobjects in [page["/Resources"].get("/XObject", {})]
            for name in xobjects
            if "pnpsvg" in name
        }.values()
    )
    assert 0 < pictures_bytes < 1500 * len(pictures)
    assert (report.paths[0].stat().st_size - pictures_bytes) / TOTAL < 1000
