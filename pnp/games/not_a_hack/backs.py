"""Not a Hack's piles: the black pile's ground (solid, or with the ink saver a pale grey
inside a black edge), the text colours on each pile, and each pile's back (the game's
title and the pile's name on a ground through the bleed, no frame). Card-local points.
Card faces: shared/DESIGN.md, not-a-hack; issue 28 items 4 and 7.
"""

from __future__ import annotations

from pnp.core.units import mm_to_pt
from pnp.data.models import origin_at
from pnp.fonts import BOLD
from pnp.games.not_a_hack.cards import NotAHackData
from pnp.layout.card_frame import CardFrame
from pnp.layout.design import DesignGrid
from pnp.layout.face import Border, Element, Face, Fill, Text

WHITE_INK, BLACK_INK, BLACK_FACE = "#FFFFFF", "#111111", "#1E1E1E"
#: Ink saver: the black pile's ground (a tint of BLACK_FACE) and the width of its black
#: edge inside the trim (mm).
SAVER_GROUND, SAVER_EDGE_MM = 0.10, 1.0
#: A back's title box and the pile's name box, (top, height) in mm on the poker design
#: card, 5 mm in from each side: the title at a third of the card's height, the pile's
#: name at two thirds, so no band of more than a third is left empty (issue 28 item 4)
#: at the ink the small title costs (the ink saver's kit stays light).
BACK_TITLE, BACK_PILE = (23.5, 10.0), (58.0, 5.0)
#: Between them, the art area (top, height in mm) for the picture the icon table's
#: [backs] names for the pile, and its colour on each pile, with the ink saver paler.
BACK_ART = (36.0, 19.5)
BACK_ART_COLOUR = {
    ("black", False): "#505050",
    ("black", True): "#B0B0B0",
    ("white", False): "#B4B4B4",
    ("white", True): "#D2D2D2",
}


def dark_pile(frame: CardFrame) -> tuple[Fill, list[Element]]:
    """The black pile's ground and edge: solid black; with the ink saver a pale grey
    ground inside a black edge (the trim's outer SAVER_EDGE_MM, and the bleed)."""
    if not frame.ink_saver:
        return Fill(key="ground", rect=frame.bleed_rect, colour=BLACK_FACE), []
    edge = Border(
        key="edge",
        outer=frame.bleed_rect,
        inner=frame.trim_rect.inset(mm_to_pt(SAVER_EDGE_MM)),
        radius=mm_to_pt(1.0),
        colour=BLACK_FACE,
    )
    return Fill(key="ground", rect=frame.bleed_rect, colour=BLACK_FACE, strength=SAVER_GROUND), [
        edge
    ]


def inks(dark: bool, frame: CardFrame) -> tuple[str, str]:
    """(text, muted caption) colours: light on the black pile's solid ground, else dark."""
    if dark and not frame.ink_saver:
        return WHITE_INK, "#BBBBBB"
    return BLACK_INK, "#444444"


def pile_back(pile: str, data: NotAHackData, frame: CardFrame) -> Face:
    """A pile's back: the game's back title in the card's upper third and the pile's
    name in its lower third (a long title wraps), on a ground that runs through the
    bleed, dark for the black pile (with the ink saver, its pale
    grey ground without the fronts' black edge), white for the white pile; no frame,
    so duplex drift and miscuts do not show (issue 28 item 7), and no band of more
    than a third of the card left empty (item 4); between them an art area for the
    pile's picture (item 1). Positions: BACK_TITLE, BACK_PILE, BACK_ART."""
    back = data.info.back
    dark = pile == "black"
    name, name_origin = data.info.label(f"{pile}_pile")
    ink, _muted = inks(dark, frame)
    ground = (
        dark_pile(frame)[0] if dark else Fill(key="ground", rect=frame.bleed_rect, colour="#FFFFFF")
    )
    g = DesignGrid(frame)
    return Face(
        elements=(
            Text(
                key="title",
                text=back.title,
                font=BOLD,
                box=g.box(*BACK_TITLE, left_mm=5.0, right_mm=5.0),
                max_size=g.pt(20.0),
                min_size=g.pt(11.0),
                max_lines=3,
                colour=ink,
                origin=origin_at(back.source, "title"),
            ),
            Text(
                key="pile_name",
                text=name,
                font=BOLD,
                box=g.box(*BACK_PILE, left_mm=5.0, right_mm=5.0),
                max_size=g.pt(9.0),
                max_lines=1,
                colour=ink,
                origin=name_origin,
            ),
        ),
        ground=ground,
        source=back.source,
        reuse=f"back-{pile}",
        art_area=g.box(*BACK_ART, left_mm=5.0, right_mm=5.0),
        art_colour=BACK_ART_COLOUR[(pile, frame.ink_saver)],
    )
