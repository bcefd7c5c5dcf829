"""The rulebook's setup picture (issue 44, item 5): the table seen from above after setup,
as game.toml's [rulebook.setup] declares it (pnp.data.pictures), each card drawn from
its real face: backs where cards lie face down, fronts of the kind named where they lie
face up, an outline where a pile starts empty.

The middle of the table sits between the players' places: player 1 at the bottom, the
others clockwise (two: across; three: top left and top right; four: the corners).
Every place is a row of spots, each its cards with its label under them, wrapped onto
more rows where the place is too narrow. The cards take the largest width (CARD_MM
down to MIN_CARD_MM) at which the picture fits its share of the page (`setup_figure`).
Lengths in points.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from pnp.core.kit_words import KIT_WORDS, number_word, say
from pnp.core.units import mm_to_pt
from pnp.fonts import BOLD
from pnp.layout.card_frame import CardFrame
from pnp.layout.figure import (
    INK,
    LABEL_PT,
    Box,
    Figure,
    Label,
    PlacedFace,
    block_height,
    first_baseline,
    text_extent,
    wrapped,
)
from pnp.layout.imposition import Rect
from pnp.layout.kit import card_kind

CARD_MM, MIN_CARD_MM, STEP_MM = 20.0, 7.0, 0.5
#: The share of the page a picture may take: TIGHT while its cards are TIGHT_CARD_MM wide
#: or more, else LOOSE.
TIGHT, TIGHT_CARD_MM, LOOSE = 0.62, 10.0, 0.95
PAD, GAP, ROW_GAP = mm_to_pt(2.5), mm_to_pt(3), mm_to_pt(2.5)
LABEL_MAX = mm_to_pt(24)  # a label wider than its cards wraps within this
PILE_STEP, ROW_STEP, FAN_SHARE = 1.4, 1.5, 0.3
TITLE_PT, CAPTION_PT = 8.0, 9.5
TABLE, ZONE = "#EEF1F5", "#FFFFFF"


@dataclass(frozen=True)
class SpotCards:
    """A spot resolved: its label, the faces drawn there in order and how they spread
    ("stack", "row", "fan"; no faces: an empty place)."""

    label: str
    faces: tuple[Any, ...]
    spread: str


def seats(players: int) -> list[list[int]]:
    """The players' places, by row from the top (0-based player numbers), the middle
    between the first row and the last."""
    return {2: [[1], [0]], 3: [[1, 2], [0]], 4: [[1, 2], [0, 3]]}[players]


def resolve(setup: Any, kit: Any, data: Any, faces: Any) -> dict[str, list[SpotCards]]:
    """ "middle" and each player's number -> its spots, each with the faces it shows
    (from `faces`, a pnp.figures.Faces; a face with an error is left out): a face-down
    spot the back of its `backs` for that player in turn (the kit's first back when
    none), a face-up one the next cards of its kind not shown yet."""
    pool: dict[str | None, list] = {}
    used: dict[str | None, int] = {}

    def next_card(kind: str | None):
        cards = pool.setdefault(
            kind, [c for c in kit.cards(data) if kind is None or card_kind(c) == kind]
        )
        n = used.get(kind, 0)
        used[kind] = n + 1
        return faces.laid_front(cards[n % len(cards)])

    first = kit.back_ids(data)[0]

    def spot(s, player: int) -> SpotCards:
        if s.face == "down":
            chosen = s.backs[player % len(s.backs)] if s.backs else first
            shown = [faces.laid_back(chosen) for _ in range(s.cards)]
        else:
            shown = [next_card(s.kind) for _ in range(s.cards)]
        return SpotCards(s.label, tuple(f for f in shown if f is not None), s.spread)

    found = {"middle": [spot(s, 0) for s in setup.middle]}
    for player in range(setup.players):
        found[str(player)] = [spot(s, player) for s in setup.each]
    return found


def _extent(s: SpotCards, w: float, h: float) -> tuple[float, float]:
    n = len(s.faces)
    if n == 0:
        return w, h
    if s.spread == "stack":
        k = min(n, 4) - 1
        return w + k * PILE_STEP, h + k * PILE_STEP
    if s.spread == "row":
        return n * w + (n - 1) * ROW_STEP, h
    return w + (n - 1) * FAN_SHARE * w, h


def _spot_size(s: SpotCards, w: float, h: float) -> tuple[float, list[str], float, float]:
    """(spot width, label lines, cards' width, cards' height)."""
    cw, ch = _extent(s, w, h)
    room = max(cw, min(text_extent(s.label), LABEL_MAX))
    lines = wrapped(s.label, room)
    return room, lines, cw, ch


def _zone(
    spots: list[SpotCards], w: float, h: float, width: float, titled: int = 1
) -> tuple[float, list]:
    """The height of a place `width` pt wide under a title of `titled` lines and its
    rows: [(row height, [(spot, its size)])], spots flowing left to right."""
    inner = width - 2 * PAD
    rows: list[list] = [[]]
    used = 0.0
    for s in spots:
        size = _spot_size(s, w, h)
        if rows[-1] and used + GAP + size[0] > inner:
            rows.append([])
            used = 0.0
        used += (GAP if rows[-1] else 0) + size[0]
        rows[-1].append((s, size))
    laid = [(max(sz[3] + 2 + block_height(len(sz[1]), LABEL_PT) for _, sz in r), r) for r in rows]
    spots_h = sum(rh for rh, _ in laid) + GAP * (len(laid) - 1)
    return 2 * PAD + TITLE_PT * 1.4 * titled + spots_h, laid


def _place_title(words: Mapping[str, str], key: str, zone_w: float) -> list[str]:
    """The title of the place `key` ("middle", or a player's number from 0), in the
    kit's `words`, wrapped to the place's width."""
    title = (
        say(words, "setup.middle")
        if key == "middle"
        else say(words, "setup.player", n=int(key) + 1)
    )
    return wrapped(title, zone_w - 3 * PAD, TITLE_PT, BOLD)


def _widest(spots: list[SpotCards], w: float, h: float) -> float:
    return max((_spot_size(s, w, h)[0] for s in spots), default=0.0)


def setup_figure(
    name: str,
    setup: Any,
    spots: dict[str, list[SpotCards]],
    frame: CardFrame,
    size: tuple,
    words: Mapping[str, str] = KIT_WORDS,
) -> Figure | None:
    """The setup picture `name` of `spots` (`resolve`) in a figure `size` = (width, the
    page's height) pt: with the largest cards (down to TIGHT_CARD_MM) that keep it within
    TIGHT of the page's height, else with the largest smaller ones that keep it within
    LOOSE of it; None when it does not fit even with the smallest cards. Its caption
    and places are named in the kit's `words` (pnp.core.kit_words)."""
    width, page = size
    count = number_word(words, setup.players)
    caption = setup.title or say(words, "setup.title", count=count)
    cap_lines = wrapped(caption, width, CAPTION_PT, BOLD)
    cap_h = block_height(len(cap_lines), CAPTION_PT) + 4
    for share, largest, smallest in (
        (TIGHT, CARD_MM, TIGHT_CARD_MM),
        (LOOSE, TIGHT_CARD_MM - STEP_MM, MIN_CARD_MM),
    ):
        w = mm_to_pt(largest)
        while w >= mm_to_pt(smallest) - 1e-9:
            h = w * frame.h / frame.w
            laid = _lay_out(setup, spots, w, h, width, words)
            if laid is not None and laid[0] + cap_h <= share * page:
                drawn = (w, h, frame, width, cap_lines, cap_h)
                return _figure(name, setup, laid, drawn, words)
            w -= mm_to_pt(STEP_MM)
    return None


def _lay_out(setup: Any, spots: dict, w: float, h: float, width: float, words: Mapping[str, str]):
    """(height, [(row height, [(zone key, x, zone width, zone height, rows)])]), or None
    when a spot is wider than its place."""
    rows = seats(setup.players)
    bands: list = []
    order: list[list] = [rows[0], ["middle"], *rows[1:]]
    for band in order:
        keys = [k if k == "middle" else str(k) for k in band]
        zone_w = (width - GAP * (len(keys) - 1)) / len(keys)
        zones = []
        for n, key in enumerate(keys):
            if not spots[key] and key == "middle":
                continue
            if _widest(spots[key], w, h) > zone_w - 2 * PAD:
                return None
            titled = len(_place_title(words, key, zone_w))
            zh, zrows = _zone(spots[key], w, h, zone_w, titled)
            zones.append((key, n * (zone_w + GAP), zone_w, zh, zrows))
        if zones:
            bands.append((max(z[3] for z in zones), zones))
    height = sum(b[0] for b in bands) + ROW_GAP * (len(bands) - 1) + 2 * PAD
    return height, bands


def _figure(name, setup, laid, drawn, words) -> Figure:
    w, h, frame, width, cap_lines, cap_h = drawn
    height_in, bands = laid
    height = height_in + cap_h
    boxes = [Box(Rect(0, 0, width, height_in), fill=TABLE, radius=8)]
    faces: list[PlacedFace] = []
    labels = [
        Label(
            tuple(cap_lines),
            width / 2,
            first_baseline(height, CAPTION_PT),
            CAPTION_PT,
            BOLD,
            "centre",
            INK,
        )
    ]
    top = height_in - PAD
    for band_h, zones in bands:
        for key, x, zone_w, zone_h, rows in zones:
            rect = Rect(x + PAD / 2, top - zone_h, zone_w - PAD, zone_h)
            boxes.append(Box(rect, fill=ZONE, stroke="#9AA8BA"))
            title = _place_title(words, key, zone_w)
            labels.append(
                Label(
                    tuple(title),
                    rect.x + PAD,
                    first_baseline(top - PAD, TITLE_PT),
                    TITLE_PT,
                    BOLD,
                    colour=INK,
                )
            )
            y = top - PAD - TITLE_PT * 1.4 * len(title)
            for row_h, spots in rows:
                used = sum(sz[0] for _, sz in spots) + GAP * (len(spots) - 1)
                sx = x + (zone_w - used) / 2
                for s, (sw, lines, cw, ch) in spots:
                    cx = sx + (sw - cw) / 2
                    _place(s, cx, y - ch, w, h, frame, (faces, boxes))
                    labels.append(
                        Label(
                            tuple(lines),
                            sx + sw / 2,
                            first_baseline(y - ch - 2, LABEL_PT),
                            align="centre",
                        )
                    )
                    sx += sw + GAP
                y -= row_h + GAP
        top -= band_h + ROW_GAP
    return Figure(name, setup.after, width, height, tuple(boxes), tuple(faces), tuple(labels))


def _place(s: SpotCards, x: float, y: float, w: float, h: float, frame: CardFrame, drawn: tuple):
    """The faces of spot `s` (cards `w` x `h` pt, of `frame`) with their cards' box's
    bottom-left at (x, y), added to `drawn` (faces, boxes)."""
    faces, boxes = drawn
    n = len(s.faces)
    if n == 0:
        boxes.append(Box(Rect(x, y, w, h), stroke="#7A8899", dashed=True, radius=2))
        return
    for i, face in enumerate(s.faces[:4] if s.spread == "stack" else s.faces):
        if s.spread == "stack":
            k = min(n, 4) - 1
            fx, fy = x + (k - i) * PILE_STEP, y + i * PILE_STEP
        elif s.spread == "row":
            fx, fy = x + i * (w + ROW_STEP), y
        else:
            fx, fy = x + i * FAN_SHARE * w, y
        corner = mm_to_pt(frame.corner_mm)
        faces.append(PlacedFace(face, fx, fy, w / frame.w, frame.w, frame.h, corner))
