"""Player-aid faces, shared by every game: a caption, the aid's title, a rule and the
turn's lines, left-aligned and fitted like any card text; and the aid back, which tells
an aid from every deck and pile. Card-local points; positions designed on a poker card
in mm from the trim's top edge (pnp.layout.design.DesignGrid). Source: shared/DESIGN.md,
"Player aids"; the data is pnp.data.aid.
"""

from __future__ import annotations

from typing import Any

from pnp.core.units import mm_to_pt
from pnp.data.aid import AidCard
from pnp.fonts import BOLD, REGULAR
from pnp.layout.card_frame import CardFrame
from pnp.layout.design import DesignGrid, label, line_at, title
from pnp.layout.face import Face, Fill, Text

#: The back id of player-aid cards (a key of every kit's backs when it prints aids).
AID_BACK = "aid"
CAPTION = "PLAYER AID"


def aid_face(card: AidCard, data: Any, frame: CardFrame) -> Face:
    """Every element of an aid's front: the caption, the title, a rule, and the lines,
    one paragraph each (joined by line breaks), in the game's back colour."""
    g, src, colour = DesignGrid(frame), card.source, data.info.back.colour
    head = title(
        "name", card.name, g.box(7.5, 10.5), size=13.0, colour=colour, origin=src.at("name")
    )
    body = Text(
        key="lines",
        text="\n".join(card.lines),
        font=REGULAR,
        box=g.box(21.0, 64.5),
        max_size=8.5,
        align="left",
        origin=src.at("lines"),
    )
    return Face(
        elements=(label("kind", CAPTION, g.box(3.2, 3.5)), head, g.rule("rule", g.y(19.5)), body),
        source=src,
    )


def aid_back(data: Any, frame: CardFrame) -> Face:
    """The aids' back: the game's title over "PLAYER AID" in the game's colour, centred
    on a pale ground that runs through the bleed, so an aid is never shuffled into a deck
    or pile; no frame, so duplex drift and miscuts do not show (issue 28 item 7)."""
    back, f = data.info.back, frame
    width = f.w - 2 * mm_to_pt(7.0)
    return Face(
        elements=(
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
                origin=back.source.at("title"),
            ),
            line_at(
                "caption",
                CAPTION,
                BOLD,
                10,
                f.w / 2,
                f.h * 0.5 - mm_to_pt(5.0),
                width,
                colour=back.colour,
            ),
        ),
        ground=Fill(key="ground", rect=f.bleed_rect, colour=back.colour, strength=0.06),
        source=back.source,
        reuse=f"back-{AID_BACK}",
    )
