"""Not a Hack's faces give each card's picture its place (issue 28 items 2, 4 and 8), at
every card size the game offers (poker, bridge, tarot), default and --ink-saver:

- every shipped card's picture is drawn in the built cards.pdf, in its art area and in
  the face's art colour (pixels of a render, each card found on its sheet by its text);
- the art area keeps clear of every text box and inside the safe area, and is at least
  30 % of the card's height;
- on tarot every text is set larger than on poker (but the number in a corner badge,
  which keeps the badge's size), on bridge at poker's sizes (never under its floors);
- no face, front or back, leaves more than a third of its height empty (the largest
  vertical gap between its printed elements' ink, the picture counted as printed);
- `pnp validate` is OK at every size, with and without --ink-saver, and the default
  kit's ink coverage stays within a quarter over its coverage before issue 28 (18.0 %);
- the faces-as-data form of an art area is checked like every layout value."""

from __future__ import annotations

import re

import pypdfium2
import pytest
from click.testing import CliRunner
from PIL import Image, ImageChops
from pypdf import PdfReader

from pnp.cli import main
from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.core.sizes import CARD_SIZES_MM
from pnp.core.units import mm_to_pt, pt_to_mm
from pnp.games.not_a_hack.cards import load_not_a_hack
from pnp.games.not_a_hack.faces import KIT
from pnp.layout.card_frame import BODY_FLOOR_PT, TITLE_FLOOR_PT, CardFrame
from pnp.layout.face import Art, Border, Face, Fill, Outline, Text
from pnp.layout.imposition import Rect
from tests.pdfread import placements
from tests.test_face_layout_file import BACK, problems

SIZES = ("poker", "bridge", "tarot")
SCALE = 100 / 72  # render at 100 dpi
#: Not a Hack's default kit before issue 28 covered 18.0 % of its sheets with ink.
INK_BEFORE_ISSUE_28 = 0.180


@pytest.fixture(scope="module")
def data():
    return load_not_a_hack(SHIPPED_DATA_DIR / "not-a-hack")


def _frame(size: str, ink_saver: bool = False) -> CardFrame:
    w, h = CARD_SIZES_MM[size]
    return CardFrame(mm_to_pt(w), mm_to_pt(h), mm_to_pt(0.5), ink_saver)


def _letters(text: str) -> str:
    """Only the letters and digits of `text`, lower case: what a card prints, read back
    whatever the line breaks, blanks and quotes."""
    return re.sub(r"[^a-z0-9]", "", text.lower())


def _signature(card) -> str:
    return _letters(getattr(card, "name", "") + card.text)


def _rgb(hex_rgb: str) -> tuple[int, int, int]:
    return tuple(int(hex_rgb[i : i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def _near(image: Image.Image, want: tuple[int, int, int], within: int = 24) -> int:
    """How many pixels of an RGB image are within `within` of `want` in every channel
    (counted by Pillow band by band: a pure-Python loop over the pixels took seconds)."""
    near = [
        band.point([255 if abs(v - w) <= within else 0 for v in range(256)])
        for band, w in zip(image.split(), want)
    ]
    return ImageChops.darker(ImageChops.darker(near[0], near[1]), near[2]).histogram()[255]


def _intersects(a: Rect, b: Rect) -> bool:
    return min(a.x + a.w, b.x + b.w) > max(a.x, b.x) and min(a.top, b.top) > max(a.y, b.y)


@pytest.mark.parametrize("size", SIZES)
def test_every_card_has_its_picture_drawn_in_cards_pdf(data, kit, size):
    pdf_path = kit("not-a-hack", card_size=size).paths[0]
    frame = _frame(size)
    faces = {c.id: KIT.face(c, data, frame) for c in data.cards}
    signatures = {c.id: _signature(c) for c in data.cards}
    reader, pdf = PdfReader(pdf_path), pypdfium2.PdfDocument(str(pdf_path))
    drawn: dict[str, int] = {}
    for index in range(0, len(pdf), 2):  # the fronts; each sheet's backs follow it
        page, text = pdf[index], pdf[index].get_textpage()
        image = page.render(scale=SCALE).to_pil().convert("RGB")
        page_h = page.get_height()
        for p in placements(reader, index):
            x0, y0 = p.origin
            printed = _letters(text.get_text_bounded(x0, y0, x0 + frame.w, y0 + frame.h))
            found = [cid for cid, sig in signatures.items() if sig in printed]
            if not found:
                continue  # a player aid: no picture
            card_id = max(found, key=lambda cid: len(signatures[cid]))
            face = faces[card_id]
            art = face.get("art")
            assert isinstance(art, Art) and face.art_colour is not None, card_id
            area = art.placement().rect  # the icon's square, fitted in the art area
            assert art.target == face.art_area, card_id
            box = (
                round((x0 + area.x) * SCALE) + 1,
                round((page_h - y0 - area.top) * SCALE) + 1,
                round((x0 + area.x + area.w) * SCALE) - 1,
                round((page_h - y0 - area.y) * SCALE) - 1,
            )
            crop = image.crop(box)
            share = _near(crop, _rgb(face.art_colour)) / (crop.width * crop.height)
            assert share > 0.04, (size, card_id, share)
            drawn[card_id] = drawn.get(card_id, 0) + 1
    assert drawn == {c.id: c.count for c in data.cards}  # every copy of every card


@pytest.mark.parametrize("ink_saver", [False, True], ids=["full-ink", "ink-saver"])
@pytest.mark.parametrize("size", SIZES)
def test_the_art_area_keeps_clear_of_every_text(data, size, ink_saver):
    frame = _frame(size, ink_saver)
    for card in data.cards:
        face = KIT.face(card, data, frame)
        area = face.art_area
        assert area is not None, card.id
        art = [e for e in face.elements if isinstance(e, Art)]
        assert len(art) == 1 and art[0].target == area, card.id  # the picture is in it
        for text in face.texts():
            assert not _intersects(area, text.box), (size, card.id, text.key)
        safe = frame.safe
        assert safe.x <= area.x and area.x + area.w <= safe.x + safe.w, card.id
        assert safe.y <= area.y and area.top <= safe.top, card.id
        assert area.h >= 0.30 * frame.h, (size, card.id, pt_to_mm(area.h))


def _sizes(face: Face) -> dict[str, tuple[float, float]]:
    return {t.key: (t.max_size, t.min_size) for t in face.texts()}


def test_tarot_sets_every_text_larger_and_bridge_keeps_poker_sizes(data):
    poker, bridge, tarot = _frame("poker"), _frame("bridge"), _frame("tarot")
    for card in data.cards:
        at_poker = _sizes(KIT.face(card, data, poker))
        at_bridge = _sizes(KIT.face(card, data, bridge))
        at_tarot = _sizes(KIT.face(card, data, tarot))
        assert at_bridge == at_poker, card.id
        for key, (size, floor) in at_poker.items():
            if key == "points":  # the number in a corner badge keeps the badge's size
                assert at_tarot[key] == (size, floor), card.id
                continue
            assert at_tarot[key][0] > size * 1.15, (card.id, key)
            assert at_tarot[key][1] >= floor, (card.id, key)
            low = TITLE_FLOOR_PT if key == "name" else BODY_FLOOR_PT
            assert at_bridge[key][1] >= low, (card.id, key)
        area = {s: KIT.face(card, data, f).art_area for s, f in (("p", poker), ("t", tarot))}
        assert area["t"].h > area["p"].h and area["t"].w > area["p"].w, card.id
    for pile in ("black", "white"):  # the backs' title too
        sizes = [KIT.back(pile, data, f).get("title") for f in (poker, bridge, tarot)]
        assert all(isinstance(t, Text) for t in sizes)
        assert sizes[0].max_size == sizes[1].max_size < sizes[2].max_size  # type: ignore[union-attr]


def _largest_gap(face: Face, frame: CardFrame) -> float:
    """The tallest band (pt) of the trim with no printed element's ink across it: text
    lines (their em boxes), the picture (its fitted image), icons and badges; the
    ground, stripes and frames run the card's height and are not counted."""
    spans = []
    for e in face.elements:
        if isinstance(e, (Fill, Outline, Border)):
            continue
        boxes = (e.placement().rect,) if isinstance(e, Art) else e.ink()
        spans += [(max(0.0, b.y), min(frame.h, b.top)) for b in boxes]
    gap, reached = 0.0, frame.h  # from the top edge down
    for bottom, top in sorted(spans, key=lambda s: -s[1]):
        gap = max(gap, reached - top)
        reached = min(reached, bottom)
    return max(gap, reached)  # ... and to the bottom edge


@pytest.mark.parametrize("ink_saver", [False, True], ids=["full-ink", "ink-saver"])
@pytest.mark.parametrize("size", SIZES)
def test_no_face_leaves_more_than_a_third_of_its_height_empty(data, size, ink_saver):
    frame = _frame(size, ink_saver)
    faces = [(KIT.face(c, data, frame), c.id) for c in data.cards]
    faces += [(KIT.back_face(pile, data, frame), f"back {pile}") for pile in ("black", "white")]
    worst = max((_largest_gap(face, frame), name) for face, name in faces)
    assert worst[0] <= frame.h / 3, (size, worst[1], pt_to_mm(worst[0]))


@pytest.mark.parametrize("ink_saver", [[], ["--ink-saver"]], ids=["full-ink", "ink-saver"])
@pytest.mark.parametrize("size", SIZES)
def test_validate_is_ok_at_every_size(size, ink_saver):
    args = ["validate", "--game", "not-a-hack", "--card-size", size, *ink_saver]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0].startswith("not-a-hack: OK"), result.output
    assert len(result.output.splitlines()) == 1, result.output  # no warning either


def test_the_default_kit_stays_light_on_ink(kit, ink_coverage):
    coverage = ink_coverage(kit("not-a-hack").paths[0])
    assert coverage <= INK_BEFORE_ISSUE_28 * 1.25


AREA = '[[front.action]]\nart_area = [3, 30, 57.5, 27]\nart_colour = "#8C8C8C"\n'


@pytest.mark.parametrize(
    "entry, message",
    [
        (
            'art_area = [3, 30, 57.5, 27]\nart_color = "#000000"\n',
            "faces.toml:3: front 'action', art area, field 'art_color': unknown key beside art_area; allowed keys: art_area, art_colour, when, unless, saver",
        ),
        (
            'art_area = [3, 30, 57.5]\nart_colour = "#8C8C8C"\n',
            "faces.toml:2: front 'action', art area, field 'art_area': expected [left, top, width, height] in mm, got an array of 3 items",
        ),
        (
            'art_area = [3, 30, 57.5, 27]\nart_colour = "grey"\n',
            "faces.toml:3: front 'action', art area, field 'art_colour': expected a colour like \"#0072B2\" or the name of a colour field, got 'grey'",
        ),
        (
            'art_area = [3, 30, 57.5, 27]\nsaver = { art_colour = "#111111", size = 3 }\n',
            "faces.toml:3: front 'action', art area, field 'saver': unknown key 'size' in saver; an art area's keys: art_area, art_colour",
        ),
    ],
    ids=["unknown key", "short box", "bad colour", "saver key"],
)
def test_a_bad_art_area_is_one_line_at_its_key(tmp_path, entry, message):
    assert problems(tmp_path, "[[front.action]]\n" + entry + BACK) == [message]


def test_a_face_keeps_one_art_area_scaled_like_its_boxes(tmp_path):
    twice = AREA + AREA.replace("30", "40")
    assert problems(tmp_path, twice + BACK) == [
        "faces.toml:5: front 'action', art area, field 'art_area': front 'action' keeps 2 art areas; a face keeps one (or alternatives under conditions)"
    ]
    from pnp.faces.bound import Bound
    from pnp.faces.building import front_face
    from pnp.faces.layout_file import read_layout
    from tests.test_face_layout_file import FIELDS

    path = tmp_path / "faces.toml"
    path.write_text(AREA + 'saver = { art_colour = "#111111" }\n' + BACK)
    layout, found = read_layout(path, {"action": FIELDS}, ("card",), frozenset(), "poker")
    assert found == [] and layout is not None
    info = load_not_a_hack(SHIPPED_DATA_DIR / "not-a-hack").info
    bound = Bound({}, layout.fronts["action"][0].origin.source, info)
    poker = front_face(layout, "action", bound, _frame("poker"))
    assert poker.art_colour == "#8C8C8C" and poker.elements == ()
    assert [round(pt_to_mm(v), 6) for v in (poker.art_area.x, poker.art_area.w)] == [3, 57.5]
    assert round(pt_to_mm(_frame("poker").h - poker.art_area.top), 6) == 30  # from the top
    tarot = front_face(layout, "action", bound, _frame("tarot", ink_saver=True))
    assert tarot.art_colour == "#111111"
    sy = CARD_SIZES_MM["tarot"][1] / CARD_SIZES_MM["poker"][1]
    assert abs(pt_to_mm(tarot.art_area.h) - 27 * sy) < 1e-6


def test_the_rulebook_credits_every_author_of_a_printed_picture(data, kit):
    """CC BY asks for the authors: the rulebook prints the icon table's own credit."""
    pdf = pypdfium2.PdfDocument(str(kit("not-a-hack").paths[0].parent / "rules.pdf"))
    printed = " ".join(pdf[i].get_textpage().get_text_range() for i in range(len(pdf)))
    credit = data.info.icons.credit()
    assert " ".join(credit.split()) in " ".join(printed.replace("\r\n", " ").split())
    assert "Lorc" in credit and "Delapouite" in credit and "CC BY 3.0" in credit
