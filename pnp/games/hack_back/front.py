"""Hack Back fronts: the printed VC in a badge in the top left corner with the kind label
under it, the deck's emblem in the top right corner, the card's picture between them
(its art area), the name under the picture, a Play section and an Activate section
(each effect a line with its keyword icon), and a line of flavour at the foot.

Below the picture the face flows: each effect takes the lines it wraps to, the body
set as large as lets every section fit above the flavour (from 9 pt on a poker card
down to the 7 pt floor), and what room is left spreads between the sections. Type,
icons and badges are designed in pt and mm on a poker card and grown with the card
(`DesignGrid.pt`: tarot 1.22x, bridge keeps poker's sizes). With the ink saver
(`CardFrame.ink_saver`) the VC badge prints as a ring, the emblem as its glyph alone,
the picture as a pale tint (pnp.render.svg_art).

Card-local points. Card faces: shared/DESIGN.md, hack-back; rules:
shared/rules/hack-back.txt ("Take two actions"); issue 28 items 2, 4 and 7.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.core.units import mm_to_pt
from pnp.data.models import Origin
from pnp.fonts import BOLD, ITALIC, REGULAR
from pnp.games.hack_back.cards import HackBackData, HeroCard
from pnp.layout.card_frame import BODY_FLOOR_PT, TITLE_FLOOR_PT, CardFrame
from pnp.layout.design import LABEL_COLOUR, LABEL_PT, DesignGrid, line_at, ring
from pnp.layout.face import Disc, Element, Face, Icon, Text
from pnp.layout.imposition import Rect
from pnp.layout.text import LEADING, TextDoesNotFit, fit_text, text_width

BADGE_COLOUR = "#1F3A5F"
WHITE = "#FFFFFF"
#: The VC badge across and the deck's emblem across (mm on a poker card, grown with type).
BADGE_MM = 12.0
FRONT_EMBLEM_MM = 7.0
#: The picture's height on a poker card (mm, scaled with the card's height); its width
#: is what the corner columns (each as wide as the VC badge) leave.
ART_MM = 28.0
#: Gaps (mm on a poker card, grown with type): around the picture, between effects.
GAP_MM = 1.2
ROW_GAP_MM = 0.9
#: The keyword icon across, and the heading (its rule and label) tall (mm, poker).
ICON_MM = 5.6
HEADING_MM = 4.6
#: Type on a poker card (pt): title, effects, flavour; each grows with the card.
TITLE_PT, BODY_PT, FLAVOR_PT = 13.0, 9.0, 7.5
#: Most room (mm on a poker card) the leftover space adds above each section.
SPREAD_MM = 6.0
KEYWORD_BADGES = {
    "attack": ("crosshair", "#D55E00"),
    "defend": ("shield", "#0072B2"),
    "defend_ally": ("shields", "#009E73"),
    "draw": ("card", "#555555"),
    "victory_point": ("wild", "#E69F00"),
}


def _mm(g: DesignGrid, design_mm: float) -> float:
    """A length designed in mm on a poker card, grown with the card's type (pt)."""
    return mm_to_pt(design_mm) * g.type


def _badge_scale(g: DesignGrid) -> float:
    """How much the VC badge and what it holds grow: with the type, but no more than
    the card's width grows (tarot: 1.1, not 1.22), so the corner columns leave the
    picture its room; never below 1 (bridge keeps poker's badge)."""
    return max(1.0, min(g.type, g.sx))


def _bound(text: str) -> str:
    """`text` with its last two words bound by a no-break space, so a wrapped effect
    or flavour never leaves one word alone on its last line ("hand.")."""
    head, space, last = text.rpartition(" ")
    return f"{head}\u00a0{last}" if space and " " in head.strip() else text


def _height(
    text: str, font: str, width: float, size: float, floor: float, lines: int, heading: bool = False
) -> float:
    """The height (pt) `text` takes wrapped into `width` pt at `size` (shrunk toward
    `floor` if it needs more than `lines` lines; broken as a title when `heading`); the
    floor's height when it cannot fit (validation then names the text)."""
    try:
        return fit_text(text, font, width, 1e6, size, floor, lines, 0.0, heading).height
    except TextDoesNotFit:
        return floor * (1 + LEADING * (lines - 1))


def vc_badge(card: HeroCard, data: HackBackData, frame: CardFrame) -> tuple[Element, ...]:
    """The printed VC in a disc in the top left corner of the safe area: the word (a
    label) over the number, white on the badge colour; with the ink saver, in the badge
    colour inside its ring; the kind label ("HERO") centred under it, on two lines if
    it needs them."""
    g = DesignGrid(frame)
    scale = _badge_scale(g)
    size, safe = mm_to_pt(BADGE_MM) * scale, frame.safe
    cx, cy = safe.x + size / 2, safe.top - size / 2
    word, word_origin = data.info.label("vc")
    kind, kind_origin = data.info.label("hero")
    saver = frame.ink_saver
    ink = BADGE_COLOUR if saver else WHITE
    label_h = g.pt(LABEL_PT) * (1 + LEADING)  # two lines: a longer kind word wraps
    # centred under the badge; a word wider than it may reach to the picture's gap
    room = art_area(frame).x - safe.x - _mm(g, 0.6)
    label_w = size if text_width(kind, BOLD, g.pt(LABEL_PT)) <= size else room
    return (
        ring("vc_badge", cx, cy, size / 2, BADGE_COLOUR)
        if saver
        else Disc(key="vc_badge", x=cx, y=cy, r=size / 2, colour=BADGE_COLOUR),
        line_at(
            "vc_label",
            word,
            BOLD,
            round(LABEL_PT * scale, 2),
            cx,
            safe.top - size * 0.33,
            size * 0.6,
            colour=ink,
            origin=word_origin,
            inside="vc_badge",
        ),
        line_at(
            "vc",
            str(card.vc),
            BOLD,
            round((15 if card.vc < 10 else 13.5) * scale, 2),
            cx,
            cy - size * 0.27,
            size * 0.72,
            colour=ink,
            origin=card.source.at("vc"),
            inside="vc_badge",
        ),
        Text(
            key="kind",
            text=kind,
            font=BOLD,
            box=Rect(safe.x, safe.top - size - _mm(g, 1.0) - label_h, label_w, label_h),
            max_size=g.pt(LABEL_PT),
            min_size=LABEL_PT,
            max_lines=2,
            colour=LABEL_COLOUR,
            origin=kind_origin,
            valign="top",
        ),
    )


def deck_mark(card: HeroCard, data: HackBackData, frame: CardFrame) -> tuple[Element, ...]:
    """The emblem of the deck `card` is printed in (`HackBackData.deck_of`), in the top
    right corner of the safe area: the deck's glyph knocked out of a disc of its colour;
    with the ink saver, the glyph alone in that colour. None when no deck lists the
    card. FRONT_EMBLEM_MM across on a poker card, grown with type (pt). Issue 28 item 7
    ("Hack Back fronts carry their deck's emblem")."""
    deck = data.deck_of(card)
    if deck is None:
        return ()
    size = _mm(DesignGrid(frame), FRONT_EMBLEM_MM)
    safe = frame.safe
    return (
        Icon(
            key="deck_emblem",
            glyph=deck.emblem,
            colour=deck.colour,
            x=safe.x + safe.w - size / 2,
            y=safe.top - size / 2,
            size=size,
            style="plain" if frame.ink_saver else "badge",
            origin=deck.source.at("emblem"),
        ),
    )


def art_area(frame: CardFrame) -> Rect:
    """Where a card's picture goes (pt): a square centred across the card from the top
    of the safe area, ART_MM tall on a poker card (scaled with the card's height) and no
    wider than the room between the VC badge's column and the emblem's mirror of it."""
    g, safe = DesignGrid(frame), frame.safe
    column = mm_to_pt(BADGE_MM) * _badge_scale(g) + _mm(g, GAP_MM)
    side = min(mm_to_pt(ART_MM * g.sy), frame.w - 2 * (safe.x + column))
    return Rect((frame.w - side) / 2, safe.top - side, side, side)


@dataclass(frozen=True)
class _Row:
    """One effect line as the flow lays it out: its text, origin and keyword."""

    key: str
    text: str
    kind: str | None
    origin: Origin | None


def _rows(card: HeroCard, data: HackBackData, section: str) -> list[_Row]:
    effects = getattr(card, section)
    if not effects:
        text, origin = data.info.label("no_effect")
        return [_Row(section, text, None, origin)]
    return [
        _Row(
            f"{section}[{i}]", _bound(e.wording(section)), e.kind, card.source.at(f"{section}[{i}]")
        )
        for i, e in enumerate(effects)
    ]


def _row_height(g: DesignGrid, row: _Row, width: float, size: float) -> float:
    font = REGULAR if row.kind else ITALIC
    return max(_mm(g, ICON_MM), _height(row.text, font, width, size, size, 4))


def hero_face(card: HeroCard, data: HackBackData, frame: CardFrame) -> Face:
    """Every element of `card`'s front, its picture's place kept in `Face.art_area` (in
    its deck's colour: `HackBackData.deck_of`, else the badge colour)."""
    g, src, safe = DesignGrid(frame), card.source, frame.safe
    area = art_area(frame)
    gap = _mm(g, GAP_MM)
    name_top = area.y - gap
    name_h = _height(card.name, BOLD, safe.w, g.pt(TITLE_PT), TITLE_FLOOR_PT, 2, True) * 1.08
    name = Text(
        key="name",
        text=card.name,
        font=BOLD,
        box=Rect(safe.x, name_top - name_h, safe.w, name_h),
        max_size=g.pt(TITLE_PT),
        min_size=TITLE_FLOOR_PT,
        max_lines=2,
        origin=src.at("name"),
        heading=True,
    )
    flavor: list[Element] = []
    floor_y = safe.y
    if card.flavor:
        flavor_text = _bound(card.flavor)
        flavor_h = _height(flavor_text, ITALIC, safe.w, g.pt(FLAVOR_PT), BODY_FLOOR_PT, 2) * 1.08
        flavor.append(
            Text(
                key="flavor",
                text=flavor_text,
                font=ITALIC,
                box=Rect(safe.x, safe.y, safe.w, flavor_h),
                max_size=g.pt(FLAVOR_PT),
                min_size=BODY_FLOOR_PT,
                max_lines=2,
                origin=src.at("flavor"),
            )
        )
        floor_y = safe.y + flavor_h + gap
    sections = {s: _rows(card, data, s) for s in ("play", "activate")}
    text_x = safe.x + _mm(g, ICON_MM) + _mm(g, 1.6)
    width = safe.x + safe.w - text_x
    heading_h, row_gap = _mm(g, HEADING_MM), _mm(g, ROW_GAP_MM)
    room = name.box.y - gap - floor_y
    size = g.pt(BODY_PT)
    while True:
        need = sum(
            heading_h + sum(_row_height(g, r, width, size) + row_gap for r in rows)
            for rows in sections.values()
        )
        if need <= room or size <= BODY_FLOOR_PT:
            break
        size = max(BODY_FLOOR_PT, round(size - 0.25, 2))
    spread = min(max(0.0, room - need) / 3, mm_to_pt(SPREAD_MM * g.sy))
    y = name.box.y - gap
    elements: list[Element] = []
    for section, rows in sections.items():
        y -= spread
        elements += _heading(g, data, section, y)
        y -= heading_h
        for row in rows:
            h = _row_height(g, row, width, size)
            elements += _effect(g, row, Rect(text_x, y - h, width, h), size)
            y -= h + row_gap
    colour = deck.colour if (deck := data.deck_of(card)) is not None else BADGE_COLOUR
    return Face(
        elements=(
            *vc_badge(card, data, frame),
            *deck_mark(card, data, frame),
            *elements,
            name,
            *flavor,
        ),
        source=src,
        art_area=area,
        art_colour=colour,
    )


def _heading(g: DesignGrid, data: HackBackData, section: str, top: float) -> list[Element]:
    """A section's rule at `top` (pt) and its heading label under it."""
    heading, origin = data.info.label(section)
    h = g.pt(LABEL_PT) * 1.3
    label_top = top - _mm(g, 0.9)
    return [
        g.rule(f"{section}_rule", top),
        Text(
            key=f"{section}_label",
            text=heading,
            font=BOLD,
            box=Rect(g.f.safe.x, label_top - h, g.f.safe.w, h),
            max_size=g.pt(LABEL_PT),
            min_size=LABEL_PT,
            max_lines=1,
            colour=LABEL_COLOUR,
            origin=origin,
        ),
    ]


def _effect(g: DesignGrid, row: _Row, box: Rect, size: float) -> list[Element]:
    """An effect's text in `box` (pt) at `size` pt, its keyword icon left of it; the
    "no effect" line in italics, centred, with no icon."""
    if row.kind is None:
        safe = g.f.safe
        return [
            Text(
                key=row.key,
                text=row.text,
                font=ITALIC,
                box=Rect(safe.x, box.y, safe.w, box.h),
                max_size=size,
                origin=row.origin,
            )
        ]
    glyph, colour = KEYWORD_BADGES[row.kind]
    icon = _mm(g, ICON_MM)
    return [
        Icon(
            key=row.key.replace("[", "_icon["),
            glyph=glyph,
            colour=colour,
            x=g.f.safe.x + icon / 2,
            y=box.top - icon / 2 if box.h > icon * 1.4 else box.y + box.h / 2,
            size=icon,
        ),
        Text(
            key=row.key,
            text=row.text,
            font=REGULAR,
            box=box,
            max_size=size,
            min_size=size,
            align="left",
            max_lines=4,
            origin=row.origin,
        ),
    ]
