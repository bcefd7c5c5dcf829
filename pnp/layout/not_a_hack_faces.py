"""Where everything goes on a Not a Hack card face (card-local points).

Black cards carry white text; white cards a coloured stripe (orange for components,
pink for modifiers) and a marker shape, so each kind reads at a glance and in
greyscale. Designed on a poker card in mm from the trim's top edge.
Card faces: shared/DESIGN.md, not-a-hack.
"""

from __future__ import annotations

from pnp.data.not_a_hack import NahCard, NotAHackData
from pnp.fonts import BOLD, REGULAR
from pnp.layout.card_frame import CardFrame, TextBlock
from pnp.layout.face import Face, IconSpot, DesignGrid, label

WHITE_INK, BLACK_INK = "#FFFFFF", "#111111"
KIND_LABEL = {"hack": "HACK", "negative": "ACTION", "banned": "BANNED",
              "component": "COMPONENT", "modifier": "MODIFIER", "new_account": "NEW ACCOUNT",
              "positive": "ACTION", "steal": "STEAL"}
MARKERS = {"component": "marker-component", "modifier": "marker-modifier",
           "new_account": "marker-new-account", "steal": "marker-steal"}


def points_text(card: NahCard) -> str:
    """"+2" or "−2" (a true minus sign) for action cards."""
    return f"+{card.points}" if card.points > 0 else f"−{-card.points}"


def needs_text(card: NahCard) -> str:
    """What completes a hack, e.g. "1 orange component + 1 pink modifier"."""
    parts = []
    if card.components:
        parts.append(f"{card.components} orange component{'s' if card.components > 1 else ''}")
    if card.modifiers:
        parts.append(f"{card.modifiers} pink modifier{'s' if card.modifiers > 1 else ''}")
    return " + ".join(parts)


def nah_face(card: NahCard, data: NotAHackData, frame: CardFrame) -> Face:
    """Text blocks and marker icons of `card`'s face."""
    g = DesignGrid(frame)
    ink = WHITE_INK if card.pile == "black" else BLACK_INK
    side = 9.0 if card.kind in ("component", "modifier") else 3.0
    label_left = 13.5 if card.kind in ("component", "modifier") else 3.0
    texts = [TextBlock("kind", KIND_LABEL[card.kind], BOLD,
                       g.box(4.0, 3.5, left_mm=label_left, right_mm=26), 7.0, 7.0,
                       align="left", max_lines=1,
                       colour="#BBBBBB" if card.pile == "black" else "#444444")]
    icons: list[IconSpot] = []
    if card.kind == "hack":
        texts.append(TextBlock("text", card.text, BOLD, g.box(11.0, 52.0), 15.0, 11.0,
                               align="left", colour=ink))
        texts.append(label("needs_label", "COMPLETE WITH", g.box(68.5, 3.5), colour="#BBBBBB"))
        texts.append(TextBlock("needs", needs_text(card), REGULAR, g.box(72.5, 7.0), 8.5,
                               colour=ink, max_lines=2))
        marks = ["marker-component"] * card.components + ["marker-modifier"] * card.modifiers
        pitch = 7.5
        x0 = 31.75 - pitch * (len(marks) - 1) / 2
        icons += [IconSpot(m, g.x(x0 + i * pitch), g.y(82.0), g.x(5.0)) for i, m in
                  enumerate(marks)]
    elif card.kind in ("component", "modifier"):
        texts.append(TextBlock("text", card.text, BOLD, g.box(16.0, 56.0, left_mm=side), 16.0,
                               11.0, align="left", colour=ink))
        icons.append(IconSpot(MARKERS[card.kind], g.x(10.5), g.y(5.8), g.x(4.0)))
    else:
        title_size = 20.0 if card.kind == "banned" else 14.0
        texts.append(TextBlock("name", card.name, BOLD, g.box(14.0, 16.0), title_size, 11.0,
                               max_lines=2, colour=ink))
        texts.append(TextBlock("text", card.text, REGULAR, g.box(33.0, 30.0), 10.0, colour=ink))
        if card.points:
            gain = "gain" if card.points > 0 else "lose"
            when = "Play at once" if card.pile == "black" else "Play any time"
            texts.append(TextBlock("points", f"{when}: {gain} {abs(card.points)} point"
                                   f"{'s' if abs(card.points) != 1 else ''}.", BOLD,
                                   g.box(66.0, 8.0), 9.0, colour=ink))
        if card.kind in MARKERS:
            icons.append(IconSpot(MARKERS[card.kind], frame.w / 2, g.y(76.5), g.x(12.0)))
    return Face(texts=tuple(texts), icons=tuple(icons))
