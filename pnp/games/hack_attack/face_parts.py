"""Hack Attack: Defense face parts: the game's palette and the pieces several of its
faces are built of: rows of category badges and the names under them, the tinted bands
and the head (badge, kind label, category) of a band, captions from the [labels] words,
and the lists of names.

Positions are designed on a poker card (63.5 x 88.9 mm, measured from the trim's top
edge) and scaled for other sizes. Card faces: shared/DESIGN.md, "Card faces"
(hack-attack).
"""

from __future__ import annotations

from pnp.core.units import mm_to_pt
from pnp.fonts import BOLD, REGULAR
from pnp.games.hack_attack.cards import HackAttackData
from pnp.layout.card_frame import TITLE_FLOOR_PT, CardFrame
from pnp.layout.design import LABEL_PT, RING_MM, DesignGrid, label, on_axis, ring, title
from pnp.layout.face import Element, Fill, Icon, Text
from pnp.layout.imposition import Rect

SHIELD_COLOUR = "#1F3A5F"
SHIELD_TINT = "#D2D8DF"  # SHIELD_COLOUR at 20 % on white: the ink saver's shield
INK = "#222222"
WILD_COLOUR = "#F0E442"
WILD_ART = "#8A7B00"  # WILD_COLOUR darkened: the Reality Check's picture
USER_ERROR_COLOUR = "#444444"
WHITE = "#FFFFFF"
CAPTION_GAP_MM = 1.0
#: Ink saver: the width (mm) of a badge's ring, and of the Attack's frame inside the
#: trim (2 mm by default).
SAVER_FRAME_MM = 1.0


def icon_row(
    key: str,
    glyphs: list[tuple[str, str]],
    centre_y: float,
    frame: CardFrame,
    size_mm: float,
    pitch_mm: float,
    origin=None,
) -> tuple[Icon, ...]:
    """Badges, (glyph, colour) each, in one centred row; the pitch tightens so the row
    stays in the safe area. Keys are `key[i]`."""
    size = mm_to_pt(size_mm)
    pitch = min(mm_to_pt(pitch_mm), (frame.safe.w - size) / max(1, len(glyphs) - 1))
    x0 = frame.w / 2 - pitch * (len(glyphs) - 1) / 2
    return tuple(
        Icon(
            key=f"{key}[{i}]",
            glyph=g,
            colour=c,
            x=x0 + i * pitch,
            y=centre_y,
            size=size,
            origin=origin,
        )
        for i, (g, c) in enumerate(glyphs)
    )


def captions(
    key: str,
    names: list[str],
    icons: tuple[Icon, ...],
    box: Rect,
    frame: CardFrame,
    half_mm: float,
    origins,
    size: float = 7.0,
) -> tuple[Text, ...]:
    """A name under each icon: boxes at most 2 x `half_mm` wide, centred on the icons and
    at least CAPTION_GAP_MM apart, so neighbouring names never touch; `box`
    gives the vertical extent (pt), `size` the type (pt, 7 on poker). Rows with names scale their pitch with the card's
    width, so a wider card gives each name more room."""
    pitch = icons[1].x - icons[0].x if len(icons) > 1 else frame.safe.w
    half = min(mm_to_pt(half_mm), (pitch - mm_to_pt(CAPTION_GAP_MM)) / 2)
    safe = frame.safe
    out = []
    for i, (name, icon) in enumerate(zip(names, icons)):
        x0, x1 = max(icon.x - half, safe.x), min(icon.x + half, safe.x + safe.w)
        out.append(
            Text(
                key=f"{key}[{i}]",
                text=name,
                font=REGULAR,
                box=Rect(x0, box.y, x1 - x0, box.h),
                max_size=size,
                max_lines=2,
                origin=origins[i],
            )
        )
    return tuple(out)


def summarise(names: list[str]) -> str:
    """ "Passwords ×2 · Device Security": repeats counted, order of first appearance."""
    counts: dict[str, int] = {}
    for n in names:
        counts[n] = counts.get(n, 0) + 1
    return "\u00a0· ".join(nobreak(f"{n} ×{k}" if k > 1 else n) for n, k in counts.items())


def nobreak(text: str) -> str:
    """`text` with its spaces made no-break, so a list wraps between items, not inside."""
    return text.replace(" ", "\u00a0")


def band(
    key: str, frame: CardFrame, colour: str, strength: float, top: float = 0.0, bottom: float = 0.0
) -> tuple[Fill, Fill]:
    """A full-bleed band of the colour's tint across the top (`top` pt tall) or the bottom
    (`bottom` pt tall), with a 1 mm edge of the full colour where it meets the card."""
    b, edge = frame.bleed, mm_to_pt(1.0)
    if top:
        area = Rect(-b, frame.h - top, frame.w + 2 * b, top + b)
        line = Rect(-b, frame.h - top, frame.w + 2 * b, edge)
    else:
        area = Rect(-b, -b, frame.w + 2 * b, bottom + b)
        line = Rect(-b, bottom - edge, frame.w + 2 * b, edge)
    return (
        Fill(key=key, rect=area, colour=colour, strength=strength),
        Fill(key=f"{key}_edge", rect=line, colour=colour, inside=key),
    )


def badge_y(g: DesignGrid, top_mm: float, size: float) -> float:
    """The centre y (pt) of a badge designed `top_mm` below the top edge, moved down as
    far as needed to keep it inside the safe area."""
    return min(g.y(top_mm), g.f.safe.top - size / 2)


def caption(
    key: str, data: HackAttackData, label_key: str, box: Rect, size: float = LABEL_PT, **options
) -> Text:
    """A small bold caption showing the [labels] word `label_key` (its origin goes with it),
    `size` pt (7 pt on poker; faces pass DesignGrid.pt(7), larger on tarot)."""
    text, origin = data.info.label(label_key)
    return label(key, text, box, origin=origin, size=size, **options)


def art_area(g: DesignGrid, top_mm: float, bottom_mm: float) -> Rect:
    """The art area (pt) across the safe width, from `top_mm` to `bottom_mm` below the
    top edge of the design card (scaled to the card): where a card's picture goes, clear
    of every text (issue 28 item 2)."""
    safe = g.f.safe
    top, bottom = g.y(top_mm), g.y(bottom_mm)
    return Rect(safe.x, bottom, safe.w, top - bottom)


def tech_head(card, data: HackAttackData, g: DesignGrid, head: float) -> tuple[Text, Text]:
    """A Tech's kind caption and name, from `head` (pt, right of its points shield) to
    the safe area's right edge, each centred on the card's axis as its picture and
    texts are where it fits there (a name down to the title floor, grown with the type),
    else as near it as the shield lets it (pnp.layout.design.on_axis; issue 44 item 6)."""
    axis, label_pt = g.f.w / 2, g.pt(LABEL_PT)
    kind = caption("kind", data, "tech", beside(g.box(3.6, 3.5), head), label_pt)
    name = title(
        "name", card.name, beside(g.box(7.5, 9.5), head), g.pt(13), origin=card.source.at("name")
    )
    return on_axis(kind, axis, label_pt), on_axis(name, axis, g.pt(TITLE_FLOOR_PT))


def beside(box: Rect, x0: float) -> Rect:
    """`box` (pt) with its left edge moved to `x0` (pt), its right edge kept."""
    return Rect(x0, box.y, box.x + box.w - x0, box.h)


def category_glyph(data: HackAttackData, category: str) -> tuple[str, str]:
    cat = data.categories[category]
    return cat.icon, cat.colour


def head_badge(g: DesignGrid) -> tuple[float, float, float]:
    """(x, y, size) in pt of a header band's badge: 10 mm on poker (grown with the type on
    tarot), 1 mm inside the safe area's left edge, 7.5 mm below the top edge or lower to
    stay in the safe area."""
    size = mm_to_pt(10.0 * g.type)
    return g.f.safe.x + size / 2 + mm_to_pt(g.type), badge_y(g, 7.5, size), size


def band_head(
    g: DesignGrid,
    data: HackAttackData,
    kind_key: str,
    category_text: str,
    category_origin,
    badge: tuple[str, str],
    ink: str = WHITE,
) -> tuple[Element, ...]:
    """The header band's badge on the left, and its kind label and category beside it."""
    x, y, size = head_badge(g)
    left = x + size / 2 + mm_to_pt(1.5)
    return (
        Icon(
            key="badge",
            glyph=badge[0],
            colour=badge[1],
            x=x,
            y=y,
            size=size,
            ink_colour=ink,
            inside="band",
        ),
        caption(
            "kind",
            data,
            kind_key,
            beside(g.box(3.6, 3.5), left),
            g.pt(LABEL_PT),
            colour=INK,
            inside="band",
        ),
        Text(
            key="category",
            text=category_text,
            font=BOLD,
            box=beside(g.box(7.3, 5.5), left),
            max_size=g.pt(11.0),
            max_lines=1,
            origin=category_origin,
            inside="band",
        ),
    )


def user_error_badge(frame: CardFrame, x: float, y: float, size: float) -> tuple[Element, ...]:
    """The User Error glyph knocked out of a dark disc; with the ink saver, the glyph in
    the same colour in the hole of a ring of it (both inside the band: the glyph's box
    fits the ring's hole exactly)."""
    if not frame.ink_saver:
        return (
            Icon(
                key="badge",
                glyph="user-error",
                colour=USER_ERROR_COLOUR,
                x=x,
                y=y,
                size=size,
                inside="band",
            ),
        )
    glyph = size - 2 * mm_to_pt(RING_MM)
    return (
        ring("badge", x, y, size / 2, USER_ERROR_COLOUR, inside="band"),
        Icon(
            key="badge_glyph",
            glyph="user-error",
            colour=USER_ERROR_COLOUR,
            x=x,
            y=y,
            size=glyph,
            style="plain",
            inside="band",
        ),
    )
