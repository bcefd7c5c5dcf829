"""Faces a publisher would sign off (issue 44 item 6), on the shipped games' faces as the
painter draws them (each text's placed lines): a Hack Attack Tech's kind and title
centre on the card's axis like its picture and texts, moving right only as far as a
long title needs to clear the points shield; no list separator ends or starts a line;
no card text leaves one word alone on its last line where a better break fits; and
each Hack Back deck named for a colour is printed in that colour."""

from __future__ import annotations

import colorsys

import pytest

from pnp.build import BuildOptions, find_kit, frame_for
from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.layout.face import Text
from pnp.layout.line_ends import SEPARATORS
from pnp.layout.text import text_width
from pnp.validate import kit_faces

SIZES = ("poker", "bridge", "tarot")


def _faces(game: str, size: str):
    kit = find_kit(game, None)
    data = kit.load(SHIPPED_DATA_DIR / game)
    frame = frame_for(BuildOptions(game, card_size=size))(data)
    return kit, data, frame


@pytest.mark.parametrize("size", SIZES)
def test_a_tech_title_centres_on_the_card_unless_it_must_clear_the_shield(size):
    kit, data, frame = _faces("hack-attack", size)
    axis, centred, nudged = frame.w / 2, 0, 0
    for card in (c for c in data.cards if c.kind == "Tech"):
        face = kit.face(card, data, frame)
        shield = face.get("shield").rect
        clear = shield.x + shield.w
        for key in ("kind", "name"):
            text = face.get(key)
            assert isinstance(text, Text)
            boxes = [line.box for line in text.placed]
            left = min(b.x for b in boxes)
            right = max(b.x + b.w for b in boxes)
            assert left > clear, (card.id, key)  # never over the shield
            if abs((left + right) / 2 - axis) < 0.01:
                centred += 1
            else:  # too long to centre: as near the axis as the shield lets it
                widest = max(b.w for b in boxes)
                assert axis - widest / 2 < text.box.x, (card.id, key)
                assert (left + right) / 2 > axis
                nudged += 1
    assert centred > 2 * nudged  # most titles sit on the axis, as the picture does


@pytest.mark.parametrize("game", ["hack-attack", "hack-back", "not-a-hack"])
@pytest.mark.parametrize("size", SIZES)
def test_no_separator_ends_a_line_and_no_word_is_stranded_where_a_break_fits(game, size):
    kit, data, frame = _faces(game, size)
    separated, stranded = [], []
    for name, face, _ in kit_faces(kit, data, frame):
        for text in face.texts():
            lines = [line.printed.strip() for line in text.placed]
            if any(line.endswith(tuple(SEPARATORS)) for line in lines) or any(
                line.startswith(tuple(SEPARATORS)) for line in lines
            ):
                separated.append((name, text.key, lines))
            if text.heading or len(lines) < 2 or len(lines[-1].split()) != 1:
                continue
            above = text.placed[-2].text.split(" ")
            moved = f"{above[-1]} {text.placed[-1].text}"
            size_pt = text.placed[-1].size
            if len(above) >= 3 and text_width(moved, text.font, size_pt) <= text.box.w:
                stranded.append((name, text.key, lines))  # a better break fits
    assert separated == []
    assert stranded == []


#: Hue ranges (degrees) of the colour words a deck's name may carry (vermilion, the
#: colour-blind-safe Okabe-Ito red at 26°, is red); grey: no hue.
HUES = {"red": (340, 30), "orange": (30, 50), "green": (80, 170), "blue": (190, 250)}


def test_a_hack_back_deck_named_for_a_colour_prints_in_it():
    kit, data, _ = _faces("hack-back", "poker")
    named = 0
    for deck in [*data.decks, data.shared]:
        words = deck.name.lower().split()
        r, g, b = (int(deck.colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
        hue, lightness, saturation = colorsys.rgb_to_hls(r, g, b)
        if "grey" in words or "gray" in words:
            assert saturation < 0.1, deck.name
            named += 1
        for word, (low, high) in HUES.items():
            if word in words:
                degrees = hue * 360
                inside = low <= degrees <= high if low < high else not high < degrees < low
                assert inside and saturation > 0.3, (deck.name, deck.colour)
                named += 1
    assert named >= 3  # Red Team, Blue Team, Grey Hats
