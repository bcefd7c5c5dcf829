"""Not a Hack faces and kit: black cards carry white text on a dark ground; white cards a
coloured stripe (orange for components, pink for modifiers) and a marker, so each kind
reads at a glance and in greyscale; action cards show their points in a badge. The two
piles have their own backs.

With the ink saver (`CardFrame.ink_saver`) the black pile prints on a pale grey ground
(its fronts inside a black edge; backs carry no frame), with black text, and its points badge as a ring: the same words and
marks, still told from the white pile at a glance and in greyscale.

Card-local points; positions designed on a poker card in mm from the trim's top edge.
Card faces: shared/DESIGN.md, not-a-hack; rules: shared/rules/not-a-hack.txt.
"""

from __future__ import annotations

from pathlib import Path

from pnp.core.units import mm_to_pt
from pnp.data.models import origin_at
from pnp.fonts import BOLD, REGULAR
from pnp.games.not_a_hack.cards import LABELS, PILES, TABLES, NahCard, NotAHackData, load_not_a_hack
from pnp.layout.card_frame import CardFrame
from pnp.layout.design import DesignGrid, label, line_at, ring
from pnp.layout.face import Border, Disc, Element, Face, Fill, Icon, Outline, Text
from pnp.layout.imposition import Rect
from pnp.layout.kit import Kit, KitRow, PrintGroup

WHITE_INK, BLACK_INK = "#FFFFFF", "#111111"
ORANGE, PINK, BLACK_FACE = "#E69F00", "#CC79A7", "#1E1E1E"
#: Ink saver: the black pile's ground (a tint of BLACK_FACE), the width of its black edge
#: inside the trim (mm), and the width of a points badge's ring (mm).
SAVER_GROUND, SAVER_EDGE_MM = 0.10, 1.0
#: The [labels] word naming each kind of card.
KIND_LABEL = {
    "hack": "hack",
    "negative": "action",
    "banned": "banned",
    "component": "component",
    "modifier": "modifier",
    "new_account": "new_account",
    "positive": "action",
    "steal": "steal",
}
MARKERS = {
    "component": ("square", ORANGE),
    "modifier": ("diamond", PINK),
    "new_account": ("key", "#0072B2"),
    "steal": ("eye", "#555555"),
}
STRIPES = {"component": ORANGE, "modifier": PINK}
#: The printed length (mm) of a prompt's blank at least, at every card size: a slot a
#: white card's words can be read into (issue 28 item 6). The prompt starts at the top
#: of its box, under the kind label, as the genre sets it.
BLANK_MM = 15.0
#: The prompt's floor size (pt): below the 11 pt of a title, so that a word and the
#: blanks bound to it ("rebooted ____ ____.") fit one line of a bridge card.
BLANKS_FLOOR_PT = 9.5


def points_text(card: NahCard) -> str:
    """ "+2" or "−2" (a true minus sign) for action cards."""
    return f"+{card.points}" if card.points > 0 else f"−{-card.points}"


def needs_text(card: NahCard) -> str:
    """What completes a hack, e.g. "1 orange component + 1 pink modifier"."""
    parts = []
    if card.components:
        parts.append(f"{card.components} orange component{'s' if card.components > 1 else ''}")
    if card.modifiers:
        parts.append(f"{card.modifiers} pink modifier{'s' if card.modifiers > 1 else ''}")
    return " + ".join(parts)


def _marker(kind: str, x: float, y: float, size: float) -> Icon:
    glyph, colour = MARKERS[kind]
    return Icon(key="marker", glyph=glyph, colour=colour, x=x, y=y, size=size, style="plain")


def _hack(card: NahCard, data: NotAHackData, g: DesignGrid, ink: str, muted: str) -> list[Element]:
    src = card.source
    needs, needs_origin = data.info.label("complete_with")
    marks = ["component"] * card.components + ["modifier"] * card.modifiers
    pitch = 7.5
    x0 = 31.75 - pitch * (len(marks) - 1) / 2
    icons = [
        Icon(
            key=f"needs_icon[{i}]",
            glyph=MARKERS[m][0],
            colour=MARKERS[m][1],
            x=g.x(x0 + i * pitch),
            y=g.y(82.0),
            size=g.x(5.0),
            style="plain",
        )
        for i, m in enumerate(marks)
    ]
    return icons + [
        Text(
            key="text",
            text=card.text,
            font=BOLD,
            box=g.box(11.0, 52.0),
            max_size=15.0,
            min_size=BLANKS_FLOOR_PT,
            align="left",
            colour=ink,
            origin=src.at("text"),
            valign="top",
            blank_mm=BLANK_MM,
        ),
        label("needs_label", needs, g.box(68.5, 3.5), colour=muted, origin=needs_origin),
        Text(
            key="needs",
            text=needs_text(card),
            font=REGULAR,
            box=g.box(72.5, 7.0),
            max_size=8.5,
            colour=ink,
            max_lines=2,
            origin=src.at("components"),
        ),
    ]


def _named(card: NahCard, frame: CardFrame, g: DesignGrid, ink: str) -> list[Element]:
    """Action, Banned, New Account and Steal cards: title, text, points line, marker."""
    src = card.source
    out: list[Element] = [
        Text(
            key="name",
            text=card.name,
            font=BOLD,
            box=g.box(14.0, 16.0),
            max_size=20.0 if card.kind == "banned" else 14.0,
            min_size=11.0,
            max_lines=2,
            colour=ink,
            origin=src.at("name"),
        ),
        Text(
            key="text",
            text=card.text,
            font=REGULAR,
            box=g.box(33.0, 30.0),
            max_size=10.0,
            colour=ink,
            origin=src.at("text"),
        ),
    ]
    if card.points:
        gain = "gain" if card.points > 0 else "lose"
        when = "Play at once" if card.pile == "black" else "Play any time"
        n = abs(card.points)
        out.append(
            Text(
                key="points_line",
                text=f"{when}: {gain} {n} point{'s' if n != 1 else ''}.",
                font=BOLD,
                box=g.box(66.0, 8.0),
                max_size=9.0,
                colour=ink,
                origin=src.at("points"),
            )
        )
    if card.kind in MARKERS:
        out.insert(0, _marker(card.kind, frame.w / 2, g.y(76.5), g.x(12.0)))
    return out


def _points_badge(card: NahCard, frame: CardFrame) -> list[Element]:
    """The points in a disc at the top right: white on a black card, black on a white one;
    with the ink saver a black card's disc is a black ring around black points."""
    r = mm_to_pt(6.0)
    cx, cy = frame.safe.x + frame.safe.w - r, frame.safe.top - r
    dark = card.pile == "black"
    if dark and frame.ink_saver:
        badge: Element = ring("points_badge", cx, cy, r, BLACK_INK)
        number = BLACK_INK
    else:
        badge = Disc(key="points_badge", x=cx, y=cy, r=r, colour=WHITE_INK if dark else BLACK_INK)
        number = BLACK_INK if dark else WHITE_INK
    return [
        badge,
        line_at(
            "points",
            points_text(card),
            BOLD,
            13,
            cx,
            cy - 4.6,
            2 * r * 0.8,
            colour=number,
            origin=card.source.at("points"),
            inside="points_badge",
        ),
    ]


def _dark_pile(frame: CardFrame) -> tuple[Fill, list[Element]]:
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


def _inks(dark: bool, frame: CardFrame) -> tuple[str, str]:
    """(text, muted caption) colours: light on the black pile's solid ground, else dark."""
    if dark and not frame.ink_saver:
        return WHITE_INK, "#BBBBBB"
    return BLACK_INK, "#444444"


def nah_face(card: NahCard, data: NotAHackData, frame: CardFrame) -> Face:
    """Every element of `card`'s front."""
    g = DesignGrid(frame)
    dark = card.pile == "black"
    ink, muted = _inks(dark, frame)
    ground, decor = _dark_pile(frame) if dark else (None, [])
    if card.kind in STRIPES:
        b = frame.bleed
        decor.append(
            Fill(
                key="stripe",
                rect=Rect(-b, -b, mm_to_pt(6.0) + b, frame.h + 2 * b),
                colour=STRIPES[card.kind],
            )
        )
    if card.points:
        decor += _points_badge(card, frame)
    if card.kind == "banned":
        # outside the 3 mm safe area where the text sits (and inside the ink saver's edge)
        inset = mm_to_pt(2.0 if frame.ink_saver and dark else 1.6)
        decor.append(
            Outline(
                key="banned_frame",
                rect=frame.trim_rect.inset(inset),
                colour="#D55E00",
                width=mm_to_pt(1.0),
            )
        )
    kind_text, kind_origin = data.info.label(KIND_LABEL[card.kind])
    left = 13.5 if card.kind in STRIPES else 3.0
    kind = Text(
        key="kind",
        text=kind_text,
        font=BOLD,
        box=g.box(4.0, 3.5, left_mm=left, right_mm=26),
        max_size=7.0,
        align="left",
        max_lines=1,
        colour=muted,
        origin=kind_origin,
    )
    if card.kind == "hack":
        body = _hack(card, data, g, ink, muted)
    elif card.kind in STRIPES:
        body = [
            _marker(card.kind, g.x(10.5), g.y(5.8), g.x(4.0)),
            Text(
                key="text",
                text=card.text,
                font=BOLD,
                box=g.box(16.0, 56.0, left_mm=9.0),
                max_size=16.0,
                min_size=11.0,
                align="left",
                colour=ink,
                origin=card.source.at("text"),
            ),
        ]
    else:
        body = _named(card, frame, g, ink)
    icons = [e for e in body if isinstance(e, Icon)]
    texts = [e for e in body if not isinstance(e, Icon)]
    return Face(elements=(*decor, *icons, kind, *texts), ground=ground, source=card.source)


def pile_back(pile: str, data: NotAHackData, frame: CardFrame) -> Face:
    """A pile's back: the game's back title and the pile's name centred on a ground
    that runs through the bleed, dark for the black pile (with the ink saver, its pale
    grey ground without the fronts' black edge), white for the white pile; no frame,
    so duplex drift and miscuts do not show (issue 28 item 7)."""
    f, back = frame, data.info.back
    dark = pile == "black"
    name, name_origin = data.info.label(f"{pile}_pile")
    ink, _muted = _inks(dark, frame)
    ground = _dark_pile(f)[0] if dark else Fill(key="ground", rect=f.bleed_rect, colour="#FFFFFF")
    width = f.w - 2 * mm_to_pt(5.0)
    return Face(
        elements=(
            line_at(
                "title",
                back.title,
                BOLD,
                20,
                f.w / 2,
                f.h * 0.52,
                width,
                min_size=11.0,
                colour=ink,
                origin=origin_at(back.source, "title"),
            ),
            line_at(
                "pile_name",
                name,
                BOLD,
                9,
                f.w / 2,
                f.h * 0.52 - mm_to_pt(6.5),
                width,
                colour=ink,
                origin=name_origin,
            ),
        ),
        ground=ground,
        source=back.source,
        reuse=f"back-{pile}",
    )


class NotAHackKit(Kit):
    """The Not a Hack kit: the black hack pile and the white component pile, each with
    its own back (rules, setup)."""

    id = "not-a-hack"

    def load(self, folder: Path) -> NotAHackData:
        return load_not_a_hack(folder)

    def tables(self, folder: Path) -> tuple:
        return TABLES

    def cards(self, data: NotAHackData) -> tuple[NahCard, ...]:
        return data.cards

    def front(self, card: NahCard, data: NotAHackData, frame: CardFrame) -> Face:
        return nah_face(card, data, frame)

    def backs(self, data: NotAHackData) -> tuple[str, ...]:
        return tuple(PILES)

    def back(self, back_id: str, data: NotAHackData, frame: CardFrame) -> Face:
        return pile_back(back_id, data, frame)

    def groups(
        self, data: NotAHackData, deck_format: str | None = None, players: int | None = None
    ) -> list[PrintGroup]:
        """The black pile, then the white pile, each from fresh sheets with its own back."""
        super().groups(data, deck_format, players)  # refuses deck choices
        return [PrintGroup(f"{pile} pile", tuple(data.pile(pile)), pile) for pile in PILES]

    def kit_rows(self, data: NotAHackData) -> list[KitRow]:
        rows = []
        for pile in PILES:
            cards = [c for c in data.cards if c.pile == pile]
            rows.append(KitRow(f"{pile.capitalize()} pile", sum(c.count for c in cards)))
            for kind in dict.fromkeys(c.kind for c in cards):
                rows.append(
                    KitRow(
                        LABELS[kind] + " cards", sum(c.count for c in cards if c.kind == kind), True
                    )
                )
        rows.append(KitRow("Cards in all", sum(c.count for c in data.cards)))
        return rows

    def summary(self, groups: list[PrintGroup]) -> dict[str, int]:
        """Printed copies by kind of card."""
        counts: dict[str, int] = {}
        for group in groups:
            for card in group.copies:
                label = LABELS.get(card.kind, card.kind)  # player aids: their own
                counts[label] = counts.get(label, 0) + 1
        return counts


KIT = NotAHackKit()
