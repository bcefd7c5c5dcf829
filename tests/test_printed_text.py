"""Every printed character read back from cards.pdf, for every registered kit at poker,
bridge and tarot size: set at 7 pt or more, inside the 3 mm safe area of its own card,
and no glyph box crossing another of the same card (bridge-size Hack Attack captions
once ran into each other by 1.6 mm). Every character the kit's faces lay out, on every
copy and back printed, is read back and checked."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.build import BuildOptions, frame_for
from pnp.core.games import find_game, game_ids
from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.core.sizes import CARD_SIZES_MM
from pnp.core.units import mm_to_pt
from tests.pdfread import placements, plumbed

MM = mm_to_pt(1)
SAFE = 3 * MM
TOL = 0.05  # pt
GAMES = tuple(game_ids())  # every registered game


@pytest.fixture(scope="session")
def kit_pdf(kit):
    """A function (game, size) -> cards.pdf path, built once per session."""

    def make(game: str, size: str) -> Path:
        return kit(game, card_size=size).paths[0]

    return make


def laid_out(game: str, size: str) -> int:
    """The characters (spaces aside) of every line the kit's faces lay out, once for each
    copy cards.pdf prints of a card and once for its back: what cards.pdf must hold."""
    kit = find_game(game)
    data = kit.load(SHIPPED_DATA_DIR / kit.id)
    frame = frame_for(BuildOptions(game, card_size=size))(data)
    counted: dict[tuple, int] = {}

    def chars(key: tuple, face) -> int:
        if key not in counted:
            counted[key] = sum(
                len("".join(line.printed.split())) for text in face.texts() for line in text.placed
            )
        return counted[key]

    total = 0
    for group in kit.print_groups(data):
        for card in group.copies:
            total += chars(("card", card.id), kit.face(card, data, frame))
            if group.back is not None:
                total += chars(("back", group.back), kit.back_face(group.back, data, frame))
    return total


def _cards_of_page(reader, index, page_h):
    """(trim x, trim y, bleed box in pdfplumber's top-down coordinates) per card."""
    out = []
    for p in placements(reader, index):
        x, y, w, h = p.bleed
        out.append((p.origin, (x, page_h - y - h, x + w, page_h - y)))
    return out


def _by_card(items, cards):
    """Group pdfplumber objects (chars or words) by the card whose bleed holds their centre."""
    groups: dict[int, list] = {i: [] for i in range(len(cards))}
    for item in items:
        cx, cy = (item["x0"] + item["x1"]) / 2, (item["top"] + item["bottom"]) / 2
        for i, (_origin, (x0, top, x1, bottom)) in enumerate(cards):
            if x0 <= cx <= x1 and top <= cy <= bottom:
                groups[i].append(item)
                break
        else:
            raise AssertionError(f"{item.get('text')!r} is on no card")
    return groups


@pytest.mark.parametrize("size", ["poker", "bridge", "tarot"])
@pytest.mark.parametrize("game", GAMES)
def test_every_character_is_7_pt_or_more_inside_its_cards_safe_area(kit_pdf, game, size):
    """Fronts and backs: each glyph box read back lies in its own card's safe area, is
    set at 7 pt or more, and crosses no other glyph box of that card."""
    path = kit_pdf(game, size)
    w, h = (v * MM for v in CARD_SIZES_MM[size])
    reader = PdfReader(str(path))
    checked = 0
    with plumbed(path) as pdf:
        for index, page in enumerate(pdf.pages):
            page_h = float(page.height)
            cards = _cards_of_page(reader, index, page_h)
            chars = [c for c in page.chars if c["text"].strip()]
            for i, mine in _by_card(chars, cards).items():
                (ox, oy) = cards[i][0]
                bad = crossings(mine)
                assert not bad, [(index + 1, a["text"], b["text"]) for a, b in bad[:5]]
                for c in mine:
                    where = (index + 1, c["text"], round(c["size"], 2))
                    assert c["size"] >= 7.0 - 1e-6, where
                    assert c["x0"] >= ox + SAFE - TOL and c["x1"] <= ox + w - SAFE + TOL, where
                    assert page_h - c["bottom"] >= oy + SAFE - TOL, where
                    assert page_h - c["top"] <= oy + h - SAFE + TOL, where
                    checked += 1
    expected = laid_out(game, size)
    assert checked == expected > 0, (checked, expected)


def crossings(boxes: list[dict]) -> list[tuple[dict, dict]]:
    """Pairs of pdfplumber objects whose boxes share more than TOL in both directions
    (a sweep over x, so only neighbours are compared)."""
    found, active = [], []
    for b in sorted(boxes, key=lambda o: o["x0"]):
        active = [a for a in active if a["x1"] - b["x0"] > TOL]
        for a in active:
            if min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > TOL:
                found.append((a, b))
        active.append(b)
    return found
