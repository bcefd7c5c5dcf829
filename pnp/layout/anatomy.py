"""The rulebook's card-anatomy figures (issue 44, item 5): a card of each kind, drawn from
its real face, with callouts naming its parts. A callout's leader ends on the centre of
the part it names: the box its elements cover on the face (a text's printed lines, an
icon's square, the part of a picture that shows), inside the trim. Labels sit beside the card, on the
side of the part they name, pushed apart where they would overlap.

Which cards and what their parts are called come from game.toml's [[rulebook.anatomy]]
(pnp.data.pictures); without it, the first card of each kind, its parts named by the
keys of its face's elements ("vulnerable_to" -> "Vulnerable to"). Lengths in points.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Mapping

from pnp.core.kit_words import KIT_WORDS, kind_slug, say
from pnp.core.units import mm_to_pt
from pnp.fonts import BOLD
from pnp.layout.card_frame import CardFrame
from pnp.layout.face import Art, Disc, Element, Face, Icon, Shield, Text
from pnp.layout.figure import (
    INK,
    LABEL_PT,
    Figure,
    Label,
    PlacedFace,
    block_height,
    first_baseline,
    text_extent,
    wrapped,
)
from pnp.layout.imposition import Rect

CARD_MM = 42.0  # the card's width in the figure, at most
PAIR_CARD_MM, PAIR_GAP_MM = 31.0, 4.0  # two cards side by side: each, and between them
GAP_MM = 5.0  # between the card and its labels
CAPTION_PT = 9.5
SPACING = 3.0  # between two labels (pt)
EDGE_IN = 0.0  # how far inside a part's box its leader ends (pt): on its edge
CAPTION_GAP = 5.0  # between two cards' captions, each side of the middle (pt)


def part_elements(face: Face, key: str) -> list[Element]:
    """The elements of `face` a part's key names: the element of that key, or every
    element whose key the key matches as a glob ("*" any run of characters)."""
    exact = [e for e in face.elements if e.key == key]
    if exact:
        return exact
    pattern = re.compile(".*".join(re.escape(piece) for piece in key.split("*")))
    return [e for e in face.elements if pattern.fullmatch(e.key)]


def auto_parts(face: Face) -> list[tuple[str, list[Element]]]:
    """The parts of a face no declaration names: every element that is not a decoration
    or a rule, those of one row ("icons[0]", "icons[1]") together, each named by its key
    in words; a picture is "Picture"; a badge (a disc, a shield) is named for itself, the
    text in it with it."""
    badges = {e.key for e in face.elements if isinstance(e, (Disc, Shield))}
    parts: dict[str, list[Element]] = {}
    for e in face.elements:
        if e.decoration and not isinstance(e, Art):
            continue
        if not isinstance(e, (Text, Icon, Art, Disc, Shield)):
            continue
        if isinstance(e, Text) and e.inside in badges:  # the badge names it
            continue
        base = "picture" if isinstance(e, Art) else re.sub(r"\d*(\[\d+\])?$", "", e.key)
        words = re.sub(r"[_\-\s]+", " ", base).strip() or e.key
        parts.setdefault(words[:1].upper() + words[1:], []).append(e)
    return list(parts.items())[:10]


def part_box(elements: Sequence[Element], frame: CardFrame) -> Rect:
    """The box (card-local pt) the elements cover, kept inside the trim: a picture's is
    the part of it that shows (pnp.layout.art.Placement.shown), not its whole window."""
    boxes = [e.placement().shown if isinstance(e, Art) else e.bounds() for e in elements]
    x0 = max(0.0, min(b.x for b in boxes))
    y0 = max(0.0, min(b.y for b in boxes))
    x1 = min(frame.w, max(b.x + b.w for b in boxes))
    y1 = min(frame.h, max(b.top for b in boxes))
    return Rect(x0, y0, max(0.0, x1 - x0), max(0.0, y1 - y0))


def target(box: Rect, side: str) -> tuple[float, float]:
    """Where a callout from `side` ("left" or "right") points at a part's `box`: half
    way up its edge on that side (a leader never crosses the part it names)."""
    inset = min(EDGE_IN, box.w / 2)
    x = box.x + inset if side == "left" else box.x + box.w - inset
    return x, box.y + box.h / 2


def anatomy_figure(
    name: str,
    after: str,
    cards: Sequence[tuple[Face, Sequence[tuple[str, Sequence[Element]]], str]],
    frame: CardFrame,
    width: float,
) -> Figure:
    """The figure `name`, `width` pt wide, of one or two `cards` ((face of a card of
    `frame`, its parts: (what it is, its elements), its caption)): one card in the
    middle with callouts on both sides, or two side by side, each with its callouts on
    its outer side; each caption above its card."""
    pair = len(cards) == 2
    gap = mm_to_pt(GAP_MM)
    sides: list[tuple[str, ...]]
    if pair:
        card_w = min(mm_to_pt(PAIR_CARD_MM), width * 0.28)
        middle = mm_to_pt(PAIR_GAP_MM) / 2
        xs, sides = [width / 2 - middle - card_w, width / 2 + middle], [("left",), ("right",)]
    else:
        card_w = min(mm_to_pt(CARD_MM), width * 0.36)
        xs, sides = [(width - card_w) / 2], [("left", "right")]
    scale = card_w / frame.w
    card_h = frame.h * scale
    faces, labels, leaders, dots = [], [], [], []
    top = card_h
    for (face, parts, _), x, allowed in zip(cards, xs, sides):
        placed = PlacedFace(face, x, 0.0, scale, frame.w, frame.h, mm_to_pt(frame.corner_mm))
        faces.append(placed)
        for side in allowed:
            edge = x - gap if side == "left" else x + card_w + gap
            column = edge if side == "left" else width - edge
            mine = [c for c in _callouts(placed, parts, frame, allowed) if c[2] == side]
            mine.sort(key=lambda c: -c[1][1])
            blocks = [wrapped(label, column) for label, _, _ in mine]
            centres = _spread([t[1] for _, t, _ in mine], [_h(b) for b in blocks], 0.0, card_h)
            for (_, (tx, ty), _), lines, cy in zip(mine, blocks, centres):
                align = "right" if side == "left" else "left"
                labels.append(
                    Label(
                        tuple(lines),
                        edge,
                        first_baseline(cy + _h(lines) / 2, LABEL_PT),
                        align=align,
                    )
                )
                leaders.append((tx, ty, edge + (2 if side == "left" else -2), cy))
                dots.append((tx, ty))
                top = max(top, cy + _h(lines) / 2)
    captions = []
    for (_, _, caption), x in zip(cards, xs):
        room = width / 2 - 2 * CAPTION_GAP if pair else width
        lines = wrapped(caption, room, CAPTION_PT, BOLD)
        half = max(text_extent(line, CAPTION_PT, BOLD) for line in lines) / 2 if lines else 0
        low, high = 0.0, width
        if pair:
            low, high = (0.0, width / 2 - CAPTION_GAP)
            if x > width / 2:
                low, high = (width / 2 + CAPTION_GAP, width)
        centre = min(max(x + card_w / 2, low + half), high - half)
        captions.append((lines, centre))
    cap_h = max(block_height(len(lines), CAPTION_PT) for lines, _ in captions) + 4
    height = top + cap_h
    for lines, centre in captions:
        labels.append(
            Label(
                tuple(lines),
                centre,
                first_baseline(height, CAPTION_PT),
                CAPTION_PT,
                BOLD,
                "centre",
                INK,
            )
        )
    return Figure(
        name,
        after,
        width,
        height,
        faces=tuple(faces),
        labels=tuple(labels),
        leaders=tuple(leaders),
        dots=tuple(dots),
    )


def _callouts(placed: PlacedFace, parts, frame: CardFrame, sides: tuple[str, ...]) -> list:
    """(what it is, the figure point its leader ends on, its side) of each part: on the
    side of the card its box is nearer to when both are `sides`, balanced."""
    centre_x = placed.x + placed.w * placed.scale / 2
    found = []
    for label, elements in parts:
        box = part_box(elements, frame)
        x, _ = placed.at(box.x + box.w / 2, 0)
        side = sides[0] if len(sides) == 1 else "left" if x < centre_x else "right"
        found.append((label, box, side))
    if len(sides) == 2:
        found = _balanced(found, placed, centre_x)
    return [(label, placed.at(*target(box, side)), side) for label, box, side in found]


def _h(lines: Sequence[str]) -> float:
    return block_height(len(lines), LABEL_PT)


def _balanced(callouts: list, placed: PlacedFace, centre_x: float) -> list:
    """Move the callouts (label, part box, side) whose parts are nearest the middle to
    the other side while one side has two more than the other."""
    callouts = list(callouts)

    def middle(c) -> float:
        return abs(placed.at(c[1].x + c[1].w / 2, 0)[0] - centre_x)

    while True:
        left = [c for c in callouts if c[2] == "left"]
        right = [c for c in callouts if c[2] == "right"]
        big, other = (left, "right") if len(left) > len(right) + 1 else (right, "left")
        if abs(len(left) - len(right)) < 2:
            return callouts
        nearest = min(big, key=middle)
        callouts[callouts.index(nearest)] = (nearest[0], nearest[1], other)


def _spread(wanted: list[float], heights: list[float], low: float, high: float) -> list[float]:
    """Centres for blocks of `heights` (top to bottom) as near `wanted` as they go without
    overlapping (SPACING apart), within `low`..`high` where they fit."""
    centres: list[float] = []
    floor = high + SPACING
    for want, h in zip(wanted, heights):
        c = min(want, floor - SPACING - h / 2)
        centres.append(c)
        floor = c - h / 2
    ceiling = low - SPACING
    for i in range(len(centres) - 1, -1, -1):
        h = heights[i]
        centres[i] = max(centres[i], ceiling + SPACING + h / 2)
        ceiling = centres[i] + h / 2
    return centres


def resolved_parts(face: Face, declared: Sequence[tuple[str, str]] | None) -> tuple[list, list]:
    """(parts, the declared keys that name no element): `declared` ((key, what it is))
    matched on `face` (`part_elements`), or the face's own parts (`auto_parts`)."""
    if declared is None:
        return auto_parts(face), []
    parts, unknown = [], []
    for key, label in declared:
        elements = part_elements(face, key)
        if elements:
            parts.append((label, elements))
        else:
            unknown.append(key)
    return parts, unknown


def element_keys(face: Face) -> list[str]:
    """The face's element keys, each row of keys ("icons[0]", "icons[1]") as one glob
    ("icons[*]"), for messages."""
    return list(dict.fromkeys(re.sub(r"\[\d+\]$", "[*]", e.key) for e in face.elements))


def caption_of(
    title: str | None, kind: str, card: Any, words: Mapping[str, str] = KIT_WORDS
) -> str:
    """A figure's caption: the declared title, else the kind in the kit's `words` ("card:
    SLUG", pnp.core.kit_words; by default the kind in words and "card") and the card's
    name ("anatomy.caption")."""
    if title:
        return title
    plain = re.sub(r"[_\-]+", " ", kind).strip()
    shown = words.get(f"card:{kind_slug(kind)}") or f"{plain[:1].upper()}{plain[1:]} card"
    name = getattr(card, "name", None) or getattr(card, "values", {}).get("name")
    if isinstance(name, str) and name:
        return say(words, "anatomy.caption", card=shown, name=name)
    return shown
