"""Hack Attack: Defense front faces: every mark on the five kinds of card (Tech,
Defense, Reality Check, Attack, User Error) as Face elements in card-local points, and
`FACES`, the face of each card model.

With the ink saver (`CardFrame.ink_saver`) the dark marks print light: the Tech shield
as a pale tint under points in its colour, the User Error badge as a ring around its
glyph and the Attack's warning frame narrower.

Positions are designed on a poker card (63.5 x 88.9 mm, measured from the trim's top
edge) and scaled for other sizes. Card faces: shared/DESIGN.md, "Card faces"
(hack-attack); rules: shared/rules/hack-attack-defense.txt.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pnp.core.units import mm_to_pt
from pnp.data.models import origin_at
from pnp.fonts import BOLD, ITALIC, REGULAR
from pnp.games.hack_attack.cards import (
    AttackCard,
    DefenseCard,
    HackAttackData,
    RealityCheckCard,
    TechCard,
    UserErrorCard,
)
from pnp.games.hack_attack.face_parts import (
    CAPTION_GAP_MM,
    INK,
    SAVER_FRAME_MM,
    SHIELD_COLOUR,
    SHIELD_TINT,
    USER_ERROR_COLOUR,
    WHITE,
    WILD_ART,
    WILD_COLOUR,
    art_area,
    band,
    band_head,
    beside,
    caption,
    captions,
    category_glyph,
    head_badge,
    icon_row,
    nobreak,
    summarise,
    tech_head,
    user_error_badge,
)
from pnp.layout.card_frame import CardFrame
from pnp.layout.design import LABEL_PT, DesignGrid, line_at, title
from pnp.layout.face import Border, Element, Face, Icon, Shield, Text
from pnp.layout.imposition import Rect

#: Reality Check: the distance (mm, poker) between its two columns of category icons,
#: and the half width of a name under one.
RC_PITCH_MM, RC_HALF_MM = 41.5, 8.0


def tech_face(card: TechCard, data: HackAttackData, frame: CardFrame) -> Face:
    """Points in a shield at the top left, the kind and name beside it, the card's
    picture (its art area, 27.5 mm tall on poker), the description, the Defenses it needs
    as icons and words, and the Attacks it is vulnerable to."""
    g, src, safe = DesignGrid(frame), card.source, frame.safe
    w, h = mm_to_pt(12.0 * g.type), mm_to_pt(13.5 * g.type)
    saver = frame.ink_saver  # a pale shield under dark points, or the reverse
    shield = Shield(
        key="shield",
        rect=Rect(safe.x, safe.top - h, w, h),
        colour=SHIELD_TINT if saver else SHIELD_COLOUR,
    )
    head = safe.x + w + mm_to_pt(2.0 * g.type)  # the kind and name, right of the shield
    label_pt = g.pt(LABEL_PT)
    vulnerable_label = caption(
        "vulnerable_label", data, "vulnerable_to", g.box(75.8, 3.5), label_pt
    )
    names = [data.categories[c].name for c in card.defenses]
    attacks = data.attacks
    return Face(
        elements=(
            shield,
            line_at(
                "points",
                str(card.points),
                BOLD,
                g.pt(17),
                safe.x + w / 2,
                safe.top - h * 0.58,
                w * 0.75,
                colour=SHIELD_COLOUR if saver else WHITE,
                inside="shield",
                origin=src.at("points"),
            ),
            g.rule("rule", vulnerable_label.box.top + mm_to_pt(1.0)),
            *icon_row(
                "defense_icons",
                [category_glyph(data, c) for c in card.defenses],
                g.y(63.8),
                frame,
                8.5 * g.type,
                11.0 * g.type,
                origin=src.at("defenses"),
            ),
            *tech_head(card, data, g, head),
            Text(
                key="description",
                text=card.description,
                font=ITALIC,
                box=g.box(46.5, 8.8),
                max_size=g.pt(8.5),
                origin=src.at("description"),
            ),
            caption("protect_label", data, "protect_with", g.box(55.8, 3.5), label_pt),
            Text(
                key="defenses",
                text=summarise(names),
                font=REGULAR,
                box=g.box(68.6, 5.6),
                max_size=g.pt(7.5),
                max_lines=2,
                origin=src.at("defenses"),
                parts=tuple(
                    (data.categories[c].name, origin_at(data.categories[c].source, "name"))
                    for c in dict.fromkeys(card.defenses)
                ),
            ),
            vulnerable_label,
            Text(
                key="vulnerable_to",
                text="\u00a0· ".join(nobreak(attacks[a].name) for a in card.vulnerable_to),
                font=BOLD,
                box=g.box(79.6, 7.0),
                max_size=g.pt(9.0),
                origin=src.at("vulnerable_to"),
                parts=tuple(
                    (attacks[a].name, attacks[a].source.at("name")) for a in card.vulnerable_to
                ),
            ),
        ),
        source=src,
        art_area=art_area(g, 18.0, 45.5),
        art_colour=SHIELD_COLOUR,
    )


def defense_face(card: DefenseCard, data: HackAttackData, frame: CardFrame) -> Face:
    """A band in the category's colour with its badge and name, the practice's name, its
    picture in the category's colour (31 mm tall on poker) and one line of how-to."""
    g, src = DesignGrid(frame), card.source
    cat = data.categories[card.category]
    return Face(
        elements=(
            *band("band", frame, cat.colour, 0.28, top=frame.h - g.y(15)),
            *band_head(
                g, data, "defense", cat.name, origin_at(cat.source, "name"), (cat.icon, cat.colour)
            ),
            title("name", card.name, g.box(17.0, 10.5), g.pt(13), origin=src.at("name")),
            caption("how_to_label", data, "how_to", g.box(60.8, 3.5), g.pt(LABEL_PT)),
            Text(
                key="how_to",
                text=card.how_to,
                font=REGULAR,
                box=g.box(64.8, 21.1),
                max_size=g.pt(9.5),
                origin=src.at("how_to"),
            ),
        ),
        source=src,
        art_area=art_area(g, 28.5, 59.5),
        art_colour=cat.colour,
    )


def reality_check_face(card: RealityCheckCard, data: HackAttackData, frame: CardFrame) -> Face:
    """The wild card: marked wild in its band, its picture between two columns of three
    category icons with names, and its rule text."""
    g, src = DesignGrid(frame), card.source
    any_text, any_origin = data.info.label("any_category")
    cats = list(data.categories.values())
    rows: list[Element] = []
    for row, centre in enumerate((28.5, 43.5, 58.5)):  # icon centres, mm from the top
        pair = [cats[row], cats[row + 3]]
        icons = icon_row(
            f"icons{row}",
            [(c.icon, c.colour) for c in pair],
            g.y(centre),
            frame,
            8.0 * g.type,
            RC_PITCH_MM * g.sx,
        )
        rows += icons
        rows += captions(
            f"names{row}",
            [c.name for c in pair],
            icons,
            g.box(centre + 4.6, 6.0),
            frame,
            RC_HALF_MM * g.sx,
            [origin_at(c.source, "name") for c in pair],
            g.pt(7.0),
        )
    half = mm_to_pt(RC_HALF_MM * g.sx + CAPTION_GAP_MM)  # the columns' reach
    column = frame.w / 2 - mm_to_pt(RC_PITCH_MM * g.sx) / 2 + half
    area = art_area(g, 24.5, 69.5)
    return Face(
        elements=(
            *band("band", frame, WILD_COLOUR, 0.45, top=frame.h - g.y(15)),
            *band_head(g, data, "wild", any_text, any_origin, ("wild", WILD_COLOUR), ink=INK),
            title("name", card.name, g.box(16.3, 7.5), g.pt(14.0), origin=src.at("name")),
            *rows,
            Text(
                key="text",
                text=card.text,
                font=REGULAR,
                box=g.box(70.5, 15.4),
                max_size=g.pt(9.0),
                origin=src.at("text"),
            ),
        ),
        source=src,
        art_area=Rect(column, area.y, frame.w - 2 * column, area.h),
        art_colour=WILD_ART,
    )


def attack_face(card: AttackCard, data: HackAttackData, frame: CardFrame) -> Face:
    """A warning frame, the Attack's name, its picture (24.5 mm tall on poker), what it
    does, its three icons with names."""
    g, src = DesignGrid(frame), card.source
    edge = mm_to_pt(SAVER_FRAME_MM if frame.ink_saver else 2.0)
    icons = icon_row(
        "icons",
        [category_glyph(data, c) for c in card.icons],
        g.y(73.2),
        frame,
        9.0 * g.type,
        19.0 * g.sx,
        origin=src.at("icons"),
    )
    defend_label = caption("defend_label", data, "defend_with", g.box(64.6, 3.5), g.pt(LABEL_PT))
    names = captions(
        "icon_names",
        [data.categories[c].name for c in card.icons],
        icons,
        g.box(78.2, 6.5),
        frame,
        9.4 * g.sx,
        [origin_at(data.categories[c].source, "name") for c in card.icons],
        g.pt(7.0),
    )
    warning = mm_to_pt(6.0 * g.type)
    wx = frame.safe.x + mm_to_pt(1.5) + warning / 2
    inset = wx + warning / 2 + mm_to_pt(1.0)  # the kind label clear of the warning sign
    kind_box = g.box(4.2, 3.5)
    return Face(
        elements=(
            Border(
                key="frame",
                outer=frame.bleed_rect,
                inner=Rect(edge, edge, frame.w - 2 * edge, frame.h - 2 * edge),
                radius=mm_to_pt(2.5),
                colour=INK,
            ),
            g.rule("rule", defend_label.box.top + mm_to_pt(1.0)),
            Icon(
                key="warning",
                glyph="attack",
                colour=INK,
                x=wx,
                y=min(g.y(6.0), frame.safe.top - mm_to_pt(3.0)),  # inside a wider safe zone
                size=warning,
                style="plain",
            ),
            *icons,
            caption(
                "kind",
                data,
                "attack",
                Rect(inset, kind_box.y, frame.w - 2 * inset, kind_box.h),
                g.pt(LABEL_PT),
                colour=INK,
            ),
            title("name", card.name, g.box(9.3, 10.5), g.pt(14.0), origin=src.at("name")),
            Text(
                key="text",
                text=card.text,
                font=REGULAR,
                box=g.box(45.6, 17.0, 4.0, 4.0),
                max_size=g.pt(9.5),
                origin=src.at("text"),
            ),
            defend_label,
            *names,
        ),
        source=src,
        art_area=art_area(g, 20.3, 44.8),
        art_colour=INK,
    )


def user_error_face(card: UserErrorCard, data: HackAttackData, frame: CardFrame) -> Face:
    """What went wrong, with its penalty in the top band, its picture (25.5 mm tall on
    poker) and the category that prevents it in the bottom band."""
    g, src = DesignGrid(frame), card.source
    cat = data.categories[card.category]
    x, y, size = head_badge(g)
    left = x + size / 2 + mm_to_pt(1.5)
    penalty, penalty_origin = data.info.label("penalty")
    label_pt = g.pt(LABEL_PT)
    return Face(
        elements=(
            *band("band", frame, "#888888", 0.3, top=frame.h - g.y(15)),
            *band("foot", frame, cat.colour, 0.28, bottom=g.y(70.8)),
            *user_error_badge(frame, x, y, size),
            Icon(
                key="category_badge",
                glyph=cat.icon,
                colour=cat.colour,
                x=x,
                y=g.y(79.2),
                size=size,
                inside="foot",
                origin=src.at("category"),
            ),
            caption(
                "kind",
                data,
                "user_error",
                beside(g.box(3.6, 3.5), left),
                label_pt,
                colour=INK,
                inside="band",
            ),
            Text(
                key="penalty",
                text=penalty,
                font=REGULAR,
                box=beside(g.box(7.6, 5.0), left),
                max_size=g.pt(8.0),
                max_lines=1,
                origin=penalty_origin,
                inside="band",
            ),
            title("name", card.name, g.box(16.5, 10.5), g.pt(13), origin=src.at("name")),
            Text(
                key="text",
                text=card.text,
                font=REGULAR,
                box=g.box(54.3, 15.6),
                max_size=g.pt(9.5),
                origin=src.at("text"),
            ),
            caption(
                "prevent_label",
                data,
                "prevent_with",
                beside(g.box(73.3, 3.5), left),
                label_pt,
                colour=INK,
                inside="foot",
            ),
            Text(
                key="category",
                text=cat.name,
                font=BOLD,
                box=beside(g.box(77.0, 7.8), left),
                max_size=g.pt(11.0),
                max_lines=2,
                origin=origin_at(cat.source, "name"),
                inside="foot",
            ),
        ),
        source=src,
        art_area=art_area(g, 27.8, 53.5),
        art_colour=USER_ERROR_COLOUR,
    )


FACES: dict[type, Callable[[Any, HackAttackData, CardFrame], Face]] = {
    TechCard: tech_face,
    DefenseCard: defense_face,
    RealityCheckCard: reality_check_face,
    AttackCard: attack_face,
    UserErrorCard: user_error_face,
}
