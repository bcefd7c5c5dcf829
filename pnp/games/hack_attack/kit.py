"""Hack Attack: Defense kit: its one back face (a pale ground in the back colour, or
white paper with the ink saver; the six category badges, the title and the
subtitle) and `KIT`, the Kit the manifest names: one deck with one back, whose fronts are
pnp.games.hack_attack.fronts.FACES.
"""

from __future__ import annotations

from pathlib import Path

from pnp.core.kit_words import kind_word, say, words_of
from pnp.core.units import mm_to_pt
from pnp.data.models import Origin, origin_at
from pnp.fonts import BOLD
from pnp.games.hack_attack.cards import TABLES, Card, DefenseCard, HackAttackData
from pnp.games.hack_attack.face_parts import icon_row
from pnp.games.hack_attack.fronts import FACES
from pnp.games.hack_attack.loader import load_hack_attack
from pnp.layout.card_frame import CardFrame
from pnp.layout.design import line_at
from pnp.layout.face import Face, Fill, Icon
from pnp.layout.kit import Kit, KitRow


def back_face(data: HackAttackData, frame: CardFrame) -> Face:
    """The one back: a pale ground in the back colour through the bleed (white paper
    with the ink saver), the six category badges in two rows, the title and the subtitle
    between them; no frame, so duplex drift and miscuts do not show (issue 28 item 7)."""
    back, f = data.info.back, frame
    cats = list(data.categories.values())
    half = (len(cats) + 1) // 2
    icons: list[Icon] = []
    for row, (chunk, y) in enumerate(((cats[:half], f.h * 0.66), (cats[half:], f.h * 0.34))):
        icons += icon_row(f"icons{row}", [(c.icon, c.colour) for c in chunk], y, f, 8.5, 12.5)
    width = f.w - 2 * mm_to_pt(7.0)
    texts = [
        line_at(
            "title",
            back.title,
            BOLD,
            14,
            f.w / 2,
            f.h * 0.5 + mm_to_pt(1.0),
            width,
            min_size=11.0,
            colour=back.colour,
            origin=origin_at(back.source, "title"),
        )
    ]
    if back.subtitle:
        texts.append(
            line_at(
                "subtitle",
                back.subtitle,
                BOLD,
                10,
                f.w / 2,
                f.h * 0.5 - mm_to_pt(4.5),
                width,
                colour=back.colour,
                origin=origin_at(back.source, "subtitle"),
            )
        )
    return Face(
        elements=(*icons, *texts),
        ground=None
        if f.ink_saver
        else Fill(key="ground", rect=f.bleed_rect, colour=back.colour, strength=0.08),
        source=back.source,
        reuse="back",
    )


class HackAttackKit(Kit):
    """The Hack Attack: Defense kit: one deck with one back (rules, "Setup")."""

    id = "hack-attack"

    def load(self, folder: Path) -> HackAttackData:
        return load_hack_attack(folder)

    def tables(self, folder: Path) -> tuple:
        return TABLES

    def cards(self, data: HackAttackData) -> tuple[Card, ...]:
        return data.cards

    def front(self, card: Card, data: HackAttackData, frame: CardFrame) -> Face:
        return FACES[type(card)](card, data, frame)

    def back(self, back_id: str, data: HackAttackData, frame: CardFrame) -> Face:
        return back_face(data, frame)

    def palette(self, data: HackAttackData) -> list[tuple[str, str, Origin]]:
        """The Defense categories' colours, told apart in greyscale too."""
        return [
            (f"'{c.name}'", c.colour, origin_at(c.source, "colour"))
            for c in data.categories.values()
        ]

    def kit_rows(self, data: HackAttackData) -> list[KitRow]:
        rows, words = [], words_of(data)
        counts = data.count_by_kind()
        for kind, n in counts.items():
            rows.append(KitRow(kind_word(words, "cards", kind), n))
            if kind == "Defense":
                for cat in data.categories.values():
                    rows.append(
                        KitRow(
                            cat.name,
                            sum(
                                c.count
                                for c in data.cards
                                if isinstance(c, DefenseCard) and c.category == cat.id
                            ),
                            True,
                        )
                    )
        rows.append(KitRow(say(words, "kit.all"), sum(counts.values())))
        return rows


KIT = HackAttackKit()
