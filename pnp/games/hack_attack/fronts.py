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
    INK,
    SAVER_FRAME_MM,
    SHIELD_COLOUR,
    SHIELD_TINT,
    USER_ERROR_COLOUR,
    WHITE,
    WILD_COLOUR,
    badge_y,
    band,
    band_head,
    caption,
    captions,
    category_glyph,
    icon_row,
    nobreak,
    summarise,
)
from pnp.layout.card_frame import CardFrame
from pnp.layout.design import RING_MM, DesignGrid, line_at, ring, title
from pnp.layout.face import Border, Element, Face, Icon, Shield, Text
from pnp.layout.imposition import Rect


def tech_face(card: TechCard, data: HackAttackData, frame: CardFrame) -> Face:
    """Points in a shield, name, description, the Defenses it needs as icons and words,
    and the Attacks it is vulnerable to."""
    g, src = DesignGrid(frame), card.source
    w, h = mm_to_pt(15.0), mm_to_pt(17.0)
    top = frame.safe.top
    saver = frame.ink_saver  # a pale shield under dark points, or the reverse
    shield = Shield(
        key="shield",
        rect=Rect((frame.w - w) / 2, top - h, w, h),
        colour=SHIELD_TINT if saver else SHIELD_COLOUR,
    )
    vulnerable_label = caption("vulnerable_label", data, "vulnerable_to", g.box(69, 3.5))
    names = [data.categories[c].name for c in card.defenses]
    attacks = data.attacks
    return Face(
        elements=(
            shield,
            line_at(
                "points",
                str(card.points),
                BOLD,
                20,
                frame.w / 2,
                top - h * 0.58,
                w * 0.7,
                colour=SHIELD_COLOUR if saver else WHITE,
                inside="shield",
                origin=src.at("points"),
            ),
            g.rule("rule", vulnerable_label.box.top + mm_to_pt(1.2)),
            *icon_row(
                "defense_icons",
                [category_glyph(data, c) for c in card.defenses],
                g.y(53.5),
                frame,
                9.5,
                12.0,
                origin=src.at("defenses"),
            ),
            caption("kind", data, "tech", g.box(3.5, 3.5, right_mm=45)),
            title("name", card.name, g.box(21.5, 11), origin=src.at("name")),
            Text(
                key="description",
                text=card.description,
                font=ITALIC,
                box=g.box(33, 11),
                max_size=8.5,
                origin=src.at("description"),
            ),
            caption("protect_label", data, "protect_with", g.box(45, 3.5)),
            Text(
                key="defenses",
                text=summarise(names),
                font=REGULAR,
                box=g.box(59.5, 6.5),
                max_size=7.5,
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
                box=g.box(73, 12.9),
                max_size=9.0,
                origin=src.at("vulnerable_to"),
                parts=tuple(
                    (attacks[a].name, attacks[a].source.at("name")) for a in card.vulnerable_to
                ),
            ),
        ),
        source=src,
    )


def defense_face(card: DefenseCard, data: HackAttackData, frame: CardFrame) -> Face:
    """A band in the category's colour with its badge and name, a pale watermark of its
    icon, the practice's name and one line of how-to."""
    g, src = DesignGrid(frame), card.source
    cat = data.categories[card.category]
    return Face(
        elements=(
            *band("band", frame, cat.colour, 0.28, top=frame.h - g.y(15)),
            Icon(
                key="watermark",
                glyph=cat.icon,
                colour=cat.colour,
                x=frame.w / 2,
                y=frame.h * 0.47,
                size=mm_to_pt(24.0),
                style="tint",
            ),
            *band_head(
                g, data, "defense", cat.name, origin_at(cat.source, "name"), (cat.icon, cat.colour)
            ),
            title("name", card.name, g.box(18.5, 11.5), origin=src.at("name")),
            caption("how_to_label", data, "how_to", g.box(59.5, 3.5)),
            Text(
                key="how_to",
                text=card.how_to,
                font=REGULAR,
                box=g.box(63.5, 22.4),
                max_size=9.5,
                origin=src.at("how_to"),
            ),
        ),
        source=src,
    )


def reality_check_face(card: RealityCheckCard, data: HackAttackData, frame: CardFrame) -> Face:
    """The wild card: marked wild in its band, and all six category icons with names."""
    g, src = DesignGrid(frame), card.source
    any_text, any_origin = data.info.label("any_category")
    cats = list(data.categories.values())
    rows: list[Element] = []
    for row, top in enumerate((30.0, 47.0)):
        chunk = cats[row * 3 : row * 3 + 3]
        icons = icon_row(
            f"icons{row}", [(c.icon, c.colour) for c in chunk], g.y(top), frame, 9.0, 19.0 * g.sx
        )
        rows += icons
        rows += captions(
            f"names{row}",
            [c.name for c in chunk],
            icons,
            g.box(top + 5.3, 6.0),
            frame,
            9.5 * g.sx,
            [origin_at(c.source, "name") for c in chunk],
        )
    return Face(
        elements=(
            *band("band", frame, WILD_COLOUR, 0.45, top=frame.h - g.y(15)),
            *band_head(g, data, "wild", any_text, any_origin, ("wild", WILD_COLOUR), ink=INK),
            title("name", card.name, g.box(17.5, 7.5), 14.0, origin=src.at("name")),
            *rows,
            Text(
                key="text",
                text=card.text,
                font=REGULAR,
                box=g.box(64.5, 21.4),
                max_size=9.0,
                origin=src.at("text"),
            ),
        ),
        source=src,
    )


def attack_face(card: AttackCard, data: HackAttackData, frame: CardFrame) -> Face:
    """A warning frame, the Attack's name and what it does, its three icons with names."""
    g, src = DesignGrid(frame), card.source
    edge = mm_to_pt(SAVER_FRAME_MM if frame.ink_saver else 2.0)
    icons = icon_row(
        "icons",
        [category_glyph(data, c) for c in card.icons],
        g.y(66.0),
        frame,
        11.0,
        19.0 * g.sx,
        origin=src.at("icons"),
    )
    defend_label = caption("defend_label", data, "defend_with", g.box(55.5, 3.5))
    names = captions(
        "icon_names",
        [data.categories[c].name for c in card.icons],
        icons,
        g.box(72.3, 6.5),
        frame,
        9.4 * g.sx,
        [origin_at(data.categories[c].source, "name") for c in card.icons],
    )
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
                x=mm_to_pt(7.5),
                y=min(g.y(6.0), frame.safe.top - mm_to_pt(3.0)),  # inside a wider safe zone
                size=mm_to_pt(6.0),
                style="plain",
            ),
            *icons,
            caption("kind", data, "attack", g.box(4.2, 3.5, left_mm=11.5), colour=INK),
            title("name", card.name, g.box(11.5, 11.5), 14.0, origin=src.at("name")),
            Text(
                key="text",
                text=card.text,
                font=REGULAR,
                box=g.box(24.5, 27.0, 4.0, 4.0),
                max_size=9.5,
                origin=src.at("text"),
            ),
            defend_label,
            *names,
        ),
        source=src,
    )


def user_error_face(card: UserErrorCard, data: HackAttackData, frame: CardFrame) -> Face:
    """What went wrong, with its penalty in the top band and the category that prevents
    it in the bottom band."""
    g, src = DesignGrid(frame), card.source
    cat = data.categories[card.category]
    size = mm_to_pt(10.0)
    penalty, penalty_origin = data.info.label("penalty")
    return Face(
        elements=(
            *band("band", frame, "#888888", 0.3, top=frame.h - g.y(15)),
            *band("foot", frame, cat.colour, 0.28, bottom=g.y(65.5)),
            *_user_error_badge(frame, mm_to_pt(9.0), badge_y(g, 7.5, size), size),
            Icon(
                key="category_badge",
                glyph=cat.icon,
                colour=cat.colour,
                x=mm_to_pt(9.0),
                y=g.y(76.0),
                size=size,
                inside="foot",
                origin=src.at("category"),
            ),
            caption(
                "kind", data, "user_error", g.box(3.6, 3.5, left_mm=15.5), colour=INK, inside="band"
            ),
            Text(
                key="penalty",
                text=penalty,
                font=REGULAR,
                box=g.box(7.6, 5.0, left_mm=15.5),
                max_size=8.0,
                max_lines=1,
                origin=penalty_origin,
                inside="band",
            ),
            title("name", card.name, g.box(18.5, 11.5), origin=src.at("name")),
            Text(
                key="text",
                text=card.text,
                font=REGULAR,
                box=g.box(31, 31),
                max_size=9.5,
                origin=src.at("text"),
            ),
            caption(
                "prevent_label",
                data,
                "prevent_with",
                g.box(68.5, 3.5, left_mm=15.5),
                colour=INK,
                inside="foot",
            ),
            Text(
                key="category",
                text=cat.name,
                font=BOLD,
                box=g.box(72.5, 8.0, left_mm=15.5),
                max_size=11.0,
                max_lines=2,
                origin=origin_at(cat.source, "name"),
                inside="foot",
            ),
        ),
        source=src,
    )


def _user_error_badge(frame: CardFrame, x: float, y: float, size: float) -> tuple[Element, ...]:
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


FACES: dict[type, Callable[[Any, HackAttackData, CardFrame], Face]] = {
    TechCard: tech_face,
    DefenseCard: defense_face,
    RealityCheckCard: reality_check_face,
    AttackCard: attack_face,
    UserErrorCard: user_error_face,
}
