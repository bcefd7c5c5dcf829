"""Where everything goes on a Hack Attack: Defense card face (card-local points).

One function per card kind returns the face's text blocks and icon spots. The
renderer draws them; `pnp validate` fits the same blocks, so a card that
validates is a card that prints. Positions are designed on a poker card
(63.5 x 88.9 mm, measured from the trim's top edge) and scaled vertically for
other sizes. Card faces: shared/DESIGN.md, "Card faces" (hack-attack).
"""

from __future__ import annotations

from pnp.data.hack_attack import (AttackCard, Card, DefenseCard, HackAttackData,
                                  RealityCheckCard, TechCard, UserErrorCard)
from pnp.fonts import BOLD, ITALIC, REGULAR
from pnp.layout.card_frame import CardFrame, TextBlock
from pnp.layout.face import DesignGrid, Face, IconSpot, label, title
from pnp.units import mm_to_pt

def icon_row(names: list[str], centre_y: float, frame: CardFrame, size_mm: float,
             pitch_mm: float) -> tuple[IconSpot, ...]:
    """Badges in one centred row; the pitch tightens so the row stays in the safe area."""
    size = mm_to_pt(size_mm)
    pitch = min(mm_to_pt(pitch_mm), (frame.safe.w - size) / max(1, len(names) - 1))
    x0 = frame.w / 2 - pitch * (len(names) - 1) / 2
    return tuple(IconSpot(n, x0 + i * pitch, centre_y, size) for i, n in enumerate(names))


def summarise(names: list[str]) -> str:
    """"Passwords ×2 · Device Security": repeats counted, order of first appearance."""
    counts: dict[str, int] = {}
    for n in names:
        counts[n] = counts.get(n, 0) + 1
    return "\u00a0· ".join(nobreak(f"{n} ×{k}" if k > 1 else n) for n, k in counts.items())


def nobreak(text: str) -> str:
    """`text` with its spaces made no-break, so a list wraps between items, not inside."""
    return text.replace(" ", "\u00a0")


def tech_face(card: TechCard, data: HackAttackData, frame: CardFrame) -> Face:
    g = DesignGrid(frame)
    names = [data.categories[c].name for c in card.defenses]
    attacks = data.attack_names
    return Face(texts=(
        label("kind", "TECH", g.box(3.5, 3.5, right_mm=45)),
        title("name", card.name, g.box(21.5, 11)),
        TextBlock("description", card.description, ITALIC, g.box(33, 11), 8.5),
        label("protect_label", "PROTECT WITH", g.box(45, 3.5)),
        TextBlock("defenses", summarise(names), REGULAR, g.box(59.5, 6.5), 7.5, max_lines=2),
        label("vulnerable_label", "VULNERABLE TO", g.box(69, 3.5)),
        TextBlock("vulnerable_to", "\u00a0· ".join(nobreak(attacks[a]) for a in card.vulnerable_to),
                  BOLD, g.box(73, 12.9), 9.0),
    ), icons=icon_row(list(card.defenses), g.y(53.5), frame, 9.5, 12.0))


def _band_header(g: DesignGrid, kind_text: str, category_text: str, icon: str) -> tuple:
    """The coloured header band: badge on the left, kind label and category name beside it."""
    texts = (
        label("kind", kind_text, g.box(3.6, 3.5, left_mm=15.5), colour="#222222"),
        TextBlock("category", category_text, BOLD, g.box(7.3, 5.5, left_mm=15.5), 11.0,
                  max_lines=1),
    )
    return texts, (IconSpot(icon, mm_to_pt(9.0), g.y(7.5), mm_to_pt(10.0)),)


def defense_face(card: DefenseCard, data: HackAttackData, frame: CardFrame) -> Face:
    g = DesignGrid(frame)
    head, badge = _band_header(g, "DEFENSE", data.categories[card.category].name, card.category)
    return Face(texts=head + (
        title("name", card.name, g.box(18.5, 11.5)),
        label("how_to_label", "HOW TO", g.box(59.5, 3.5)),
        TextBlock("how_to", card.how_to, REGULAR, g.box(63.5, 22.4), 9.5),
    ), icons=badge, band_top=g.f.h - g.y(15))


def reality_check_face(card: RealityCheckCard, data: HackAttackData, frame: CardFrame) -> Face:
    g = DesignGrid(frame)
    head, badge = _band_header(g, "DEFENSE · WILD", "Any category", "wild")
    cats = list(data.categories.values())
    icons, names = [], []
    for row, top in enumerate((30.0, 47.0)):
        chunk = cats[row * 3:row * 3 + 3]
        spots = icon_row([c.id for c in chunk], g.y(top), frame, 9.0, 19.0)
        icons += spots
        for spot, cat in zip(spots, chunk):
            x0 = (spot.x - mm_to_pt(9.5)) / mm_to_pt(1)
            right = (frame.w - spot.x - mm_to_pt(9.5)) / mm_to_pt(1)
            names.append(TextBlock(f"category:{cat.id}", cat.name, REGULAR,
                                   g.box(top + 5.3, 6.0, left_mm=x0, right_mm=right), 7.0,
                                   max_lines=2))
    return Face(texts=head + (title("name", card.name, g.box(17.5, 7.5), 14.0),) + tuple(names)
                + (TextBlock("text", card.text, REGULAR, g.box(64.5, 21.4), 9.0),),
                icons=tuple(icons) + badge, band_top=g.f.h - g.y(15))


def attack_face(card: AttackCard, data: HackAttackData, frame: CardFrame) -> Face:
    g = DesignGrid(frame)
    spots = icon_row(list(card.icons), g.y(66.0), frame, 11.0, 19.0)
    names = []
    for i, spot in enumerate(spots):
        x0 = (spot.x - mm_to_pt(9.4)) / mm_to_pt(1)
        right = (frame.w - spot.x - mm_to_pt(9.4)) / mm_to_pt(1)
        names.append(TextBlock(f"icons[{i}]", data.categories[card.icons[i]].name, REGULAR,
                               g.box(72.3, 6.5, left_mm=x0, right_mm=right), 7.0, max_lines=2))
    return Face(texts=(
        label("kind", "ATTACK", g.box(4.2, 3.5, left_mm=11.5), colour="#222222"),
        title("name", card.name, g.box(11.5, 11.5), 14.0),
        TextBlock("text", card.text, REGULAR, g.box(24.5, 27.0, 4.0, 4.0), 9.5),
        label("defend_label", "DEFEND WITH", g.box(55.5, 3.5)),
    ) + tuple(names), icons=(IconSpot("attack", mm_to_pt(7.5), g.y(6.0), mm_to_pt(6.0)),)
        + spots)


def user_error_face(card: UserErrorCard, data: HackAttackData, frame: CardFrame) -> Face:
    g = DesignGrid(frame)
    cat = data.categories[card.category]
    return Face(texts=(
        label("kind", "USER ERROR", g.box(3.6, 3.5, left_mm=15.5), colour="#222222"),
        TextBlock("penalty", "−1 point if you keep it", REGULAR, g.box(7.6, 5.0, left_mm=15.5),
                  8.0, max_lines=1),
        title("name", card.name, g.box(18.5, 11.5)),
        TextBlock("text", card.text, REGULAR, g.box(31, 31), 9.5),
        label("prevent_label", "PREVENT WITH", g.box(68.5, 3.5, left_mm=15.5), colour="#222222"),
        TextBlock("category", cat.name, BOLD, g.box(72.5, 8.0, left_mm=15.5), 11.0, max_lines=2),
    ), icons=(IconSpot("user-error", mm_to_pt(9.0), g.y(7.5), mm_to_pt(10.0)),
              IconSpot(card.category, mm_to_pt(9.0), g.y(76.0), mm_to_pt(10.0))),
        band_top=g.f.h - g.y(15), band_bottom=g.y(65.5))


FACES = {
    TechCard: tech_face,
    DefenseCard: defense_face,
    RealityCheckCard: reality_check_face,
    AttackCard: attack_face,
    UserErrorCard: user_error_face,
}


def face(card: Card, data: HackAttackData, frame: CardFrame) -> Face:
    """The layout of `card`'s face on a card of `frame`'s size."""
    return FACES[type(card)](card, data, frame)
