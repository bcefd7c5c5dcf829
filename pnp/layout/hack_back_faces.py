"""Where everything goes on a Hack Back card face (card-local points).

Printed VC in a badge at the top, the name, a Play section and an Activate section
(each effect a line with its keyword icon), and a line of flavour. Designed on a poker
card, measured in mm from the trim's top edge. Card faces: shared/DESIGN.md, hack-back.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.data.hack_back import Effect, HackBackData, HeroCard
from pnp.fonts import ITALIC, REGULAR
from pnp.layout.card_frame import CardFrame, TextBlock
from pnp.layout.face import Face, IconSpot, DesignGrid, label, title
from pnp.units import mm_to_pt

SECTION_TOPS_MM = {"play": 32.0, "activate": 56.5}
LINE_MM = 9.0
ICON_MM = 6.5


@dataclass(frozen=True)
class Section:
    """A Play or Activate section: its title box's top (pt) and the effects it lists."""

    name: str
    top: float
    effects: tuple[Effect, ...]


def hero_face(card: HeroCard, data: HackBackData, frame: CardFrame) -> Face:
    """Text blocks and keyword icons of `card`'s face."""
    g = DesignGrid(frame)
    texts = [
        label("kind", "HERO", g.box(3.5, 3.5, right_mm=45)),
        title("name", card.name, g.box(18.5, 11.5)),
    ]
    icons: list[IconSpot] = []
    for section, effects in (("play", card.play), ("activate", card.activate)):
        top = SECTION_TOPS_MM[section]
        heading = "PLAY FROM HAND" if section == "play" else "ACTIVATE · then +2 VC"
        texts.append(label(f"{section}_label", heading, g.box(top, 3.5)))
        if not effects:
            texts.append(TextBlock(section, "No effect.", ITALIC, g.box(top + 4.5, LINE_MM), 8.5))
        for i, effect in enumerate(effects):
            line_top = top + 4.5 + i * LINE_MM
            texts.append(TextBlock(f"{section}[{i}]", effect.wording(section), REGULAR,
                                   g.box(line_top, LINE_MM - 0.6, left_mm=12.0), 9.0,
                                   align="left", max_lines=2))
            icons.append(IconSpot(f"kw-{effect.kind}", g.x(7.5), g.y(line_top + LINE_MM / 2 - 0.3),
                                  mm_to_pt(ICON_MM)))
    if card.flavor:
        texts.append(TextBlock("flavor", card.flavor, ITALIC, g.box(79.0, 6.9), 7.5))
    return Face(texts=tuple(texts), icons=tuple(icons))
