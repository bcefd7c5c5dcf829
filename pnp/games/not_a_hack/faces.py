"""Not a Hack faces and kit: black cards carry white text on a dark ground; white cards a
coloured stripe (orange for components, pink for modifiers) and a marker, so each kind
reads at a glance and in greyscale; action cards show their points in a badge, Steal and
New Account cards their marker in the same corner. The two piles have their own backs
(pnp.games.not_a_hack.backs).

With the ink saver (`CardFrame.ink_saver`) the black pile prints on a pale grey ground
(its fronts inside a black edge; backs carry no frame), with black text, and its points
badge as a ring: the same words and marks, still told from the white pile at a glance
and in greyscale.

Every front keeps an art area for its card's picture (`ART`, clear of every text; issue
28 item 2): a hack's between its prompt at the top and what completes it, a named
card's between its title and its text, a component's or modifier's under its words.
Type grows with the card (DesignGrid.pt, issue 28 item 4).

Card-local points; positions designed on a poker card in mm from the trim's top edge.
Card faces: shared/DESIGN.md, not-a-hack; rules: shared/rules/not-a-hack.txt.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from pnp.core.kit_words import kind_word, say, words_of
from pnp.core.units import mm_to_pt
from pnp.fonts import BOLD, REGULAR
from pnp.games.not_a_hack.backs import BLACK_INK, WHITE_INK, dark_pile, inks, pile_back
from pnp.games.not_a_hack.cards import LABELS, PILES, TABLES, NahCard, NotAHackData, load_not_a_hack
from pnp.layout.card_frame import CardFrame
from pnp.layout.design import LABEL_PT, DesignGrid, label, line_at, ring
from pnp.layout.face import Disc, Element, Face, Fill, Icon, Outline, Text
from pnp.layout.imposition import Rect
from pnp.layout.kit import Kit, KitRow, PrintGroup

ORANGE, PINK = "#E69F00", "#CC79A7"
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
#: Each kind's art area on the poker design card, mm (top, height, left, right; scaled
#: by DesignGrid.box), and the colours its picture is painted in (default, ink saver,
#: which prints it as a pale tint): on the black pile a mid grey that stays clear of
#: the white prompt (a dark grey on the saver's pale ground, and Banned's vermilion),
#: on the white pile its category colour.
ART_GREY, SAVER_ART, BANNED_RED = "#8C8C8C", "#333333", "#D55E00"
ART = {
    "hack": ((38.0, 28.0, 3.0, 3.0), ART_GREY, SAVER_ART),
    "negative": ((29.5, 27.0, 3.0, 3.0), ART_GREY, SAVER_ART),
    "banned": ((29.5, 27.0, 3.0, 3.0), BANNED_RED, BANNED_RED),
    "positive": ((29.5, 27.0, 3.0, 3.0), "#009E73", "#009E73"),
    "steal": ((29.5, 27.0, 3.0, 3.0), "#555555", "#555555"),
    "new_account": ((29.5, 27.0, 3.0, 3.0), "#0072B2", "#0072B2"),
    "component": ((40.5, 34.0, 9.0, 3.0), ORANGE, ORANGE),
    "modifier": ((40.5, 34.0, 9.0, 3.0), PINK, PINK),
}
#: The printed length (mm) of a prompt's blank at least, at every card size: a slot a
#: white card's words can be read into (issue 28 item 6). The prompt starts at the top
#: of its box, under the kind label, as the genre sets it.
BLANK_MM = 15.0
#: The prompt's floor size (pt): below the 11 pt of a title, so that a word and the
#: blanks bound to it ("rebooted ____ ____.") fit one line of a bridge card.
BLANKS_FLOOR_PT = 9.5
#: The radius (mm) of an action card's points badge in the top right corner, and the
#: width (mm) of a Steal or New Account card's marker centred where the badge is.
BADGE_MM, MARKER_MM = 6.0, 11.0


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
    needs_label = label("needs_label", needs, g.box(69.0, 3.5), colour=muted, origin=needs_origin)
    icons = [
        Icon(
            key=f"needs_icon[{i}]",
            glyph=MARKERS[m][0],
            colour=MARKERS[m][1],
            x=g.x(x0 + i * pitch),
            y=g.y(82.5),
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
            box=g.box(10.5, 27.0),
            max_size=g.pt(15.0),
            min_size=g.pt(BLANKS_FLOOR_PT),
            align="left",
            colour=ink,
            origin=src.at("text"),
            valign="top",
            blank_mm=BLANK_MM,
        ),
        replace(needs_label, max_size=g.pt(LABEL_PT)),
        Text(
            key="needs",
            text=needs_text(card),
            font=REGULAR,
            box=g.box(72.5, 6.5),
            max_size=g.pt(8.5),
            colour=ink,
            max_lines=2,
            origin=src.at("components"),
        ),
    ]


def _named(card: NahCard, frame: CardFrame, g: DesignGrid, ink: str) -> list[Element]:
    """Action, Banned, New Account and Steal cards: title, text, points line, marker."""
    src = card.source
    banned = card.kind == "banned"
    out: list[Element] = [
        Text(
            key="name",
            text=card.name,
            font=BOLD,
            box=g.box(9.5, 19.0) if banned else g.box(15.5, 13.0),
            max_size=g.pt(20.0 if banned else 14.0),
            min_size=g.pt(11.0),
            max_lines=2,
            colour=ink,
            origin=src.at("name"),
            heading=True,
        ),
        Text(
            key="text",
            text=card.text,
            font=REGULAR,
            box=g.box(57.5, 26.0 if banned else 19.0),
            max_size=g.pt(10.0),
            colour=ink,
            origin=src.at("text"),
        ),
    ]
    if card.points:
        gain = "gain" if card.points > 0 else "lose"
        # a negative action (black) is played at once; a positive one (white) scores the
        # moment it is drawn (shared/rules/not-a-hack.txt): neither waits in a hand
        when = "Play at once" if card.pile == "black" else "When drawn"
        n = abs(card.points)
        out.append(
            Text(
                key="points_line",
                text=f"{when}: {gain} {n} point{'s' if n != 1 else ''}.",
                font=BOLD,
                box=g.box(77.5, 7.5),
                max_size=g.pt(9.0),
                colour=ink,
                origin=src.at("points"),
            )
        )
    if card.kind in MARKERS:  # at the top right, where an action card shows its points
        corner = mm_to_pt(BADGE_MM)
        x, y = frame.safe.x + frame.safe.w - corner, frame.safe.top - corner
        out.insert(0, _marker(card.kind, x, y, mm_to_pt(MARKER_MM)))
    return out


def _points_badge(card: NahCard, frame: CardFrame) -> list[Element]:
    """The points in a disc at the top right: white on a black card, black on a white one;
    with the ink saver a black card's disc is a black ring around black points."""
    r = mm_to_pt(BADGE_MM)
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


def nah_face(card: NahCard, data: NotAHackData, frame: CardFrame) -> Face:
    """Every element of `card`'s front."""
    g = DesignGrid(frame)
    dark = card.pile == "black"
    ink, muted = inks(dark, frame)
    ground, decor = dark_pile(frame) if dark else (None, [])
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
        max_size=g.pt(LABEL_PT),
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
                box=g.box(11.0, 27.0, left_mm=9.0),
                max_size=g.pt(16.0),
                min_size=g.pt(11.0),
                align="left",
                colour=ink,
                origin=card.source.at("text"),
                valign="top",
                heading=True,
            ),
        ]
    else:
        body = _named(card, frame, g, ink)
    icons = [e for e in body if isinstance(e, Icon)]
    texts = [e for e in body if not isinstance(e, Icon)]
    (top, height, left_mm, right_mm), colour, saver_colour = ART[card.kind]
    return Face(
        elements=(*decor, *icons, kind, *texts),
        ground=ground,
        source=card.source,
        art_area=g.box(top, height, left_mm, right_mm),
        art_colour=saver_colour if frame.ink_saver else colour,
    )


class NotAHackKit(Kit):
    """The Not a Hack kit: the black hack pile and the white component pile, each with
    its own back (rules, setup)."""

    id = "not-a-hack"
    english_only = ("the pile names in the rulebook's kit table and the build's summary",)

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
                        kind_word(words_of(data), "cards", LABELS[kind]),
                        sum(c.count for c in cards if c.kind == kind),
                        True,
                    )
                )
        rows.append(KitRow(say(words_of(data), "kit.all"), sum(c.count for c in data.cards)))
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
