"""Hack Back faces and kit: the printed VC in a badge at the top, the deck's emblem small
in the top right corner, the name, a Play section and an Activate section (each effect a
line with its keyword icon), a line of flavour; one back per deck, told apart by colour,
emblem and name, its ground through the bleed and no frame.

With the ink saver (`CardFrame.ink_saver`) the VC badge and the back's emblem print as
rings in their colour (the emblem's glyph inside), the fronts' emblem as its glyph
alone, and the backs on white paper.

Card-local points; positions designed on a poker card in mm from the trim's top edge.
Card faces: shared/DESIGN.md, hack-back; rules: shared/rules/hack-back.txt ("Choose one
deck format", "Take two actions").
"""

from __future__ import annotations

from pathlib import Path

from pnp.core.errors import PnpError
from pnp.core.units import mm_to_pt
from pnp.data.models import Origin, origin_at
from pnp.fonts import BOLD, ITALIC, REGULAR
from pnp.games.hack_back.cards import HAND, Deck, HackBackData, HeroCard
from pnp.games.hack_back.loader import TABLES, load_hack_back
from pnp.layout.card_frame import CardFrame
from pnp.layout.design import RING_MM, DesignGrid, label, line_at, ring, title
from pnp.layout.face import Disc, Element, Face, Fill, Icon, Text
from pnp.layout.kit import Extra, Kit, KitRow, PrintGroup

SECTION_TOPS_MM = {"play": 32.0, "activate": 56.5}
LINE_MM = 9.0
ICON_MM = 6.5
#: The deck's emblem on a front, across (mm on a poker card).
FRONT_EMBLEM_MM = 7.0
BADGE_COLOUR = "#1F3A5F"
WHITE = "#FFFFFF"
#: Ink saver: the width (mm) of the ring a badge or emblem prints as.
KEYWORD_BADGES = {
    "attack": ("crosshair", "#D55E00"),
    "defend": ("shield", "#0072B2"),
    "defend_ally": ("shields", "#009E73"),
    "draw": ("card", "#555555"),
    "victory_point": ("wild", "#E69F00"),
}


def vc_badge(card: HeroCard, data: HackBackData, frame: CardFrame) -> tuple[Element, ...]:
    """The printed VC in a disc at the top centre: the word (a label) over the number,
    white on the badge colour; with the ink saver, in the badge colour inside its ring."""
    size, top = mm_to_pt(14.0), frame.safe.top
    cx, cy = frame.w / 2, top - size / 2
    word, word_origin = data.info.label("vc")
    saver = frame.ink_saver
    ink = BADGE_COLOUR if saver else WHITE
    return (
        ring("vc_badge", cx, cy, size / 2, BADGE_COLOUR)
        if saver
        else Disc(key="vc_badge", x=cx, y=cy, r=size / 2, colour=BADGE_COLOUR),
        line_at(
            "vc_label",
            word,
            BOLD,
            7,
            cx,
            top - mm_to_pt(4.6),
            size * 0.6,
            colour=ink,
            origin=word_origin,
            inside="vc_badge",
        ),
        line_at(
            "vc",
            str(card.vc),
            BOLD,
            16 if card.vc < 10 else 14,
            cx,
            cy - mm_to_pt(3.4),
            size * 0.7,
            colour=ink,
            origin=card.source.at("vc"),
            inside="vc_badge",
        ),
    )


def _section(
    g: DesignGrid, card: HeroCard, data: HackBackData, section: str
) -> tuple[list[Element], list[Element]]:
    """A section's rule, heading and effect lines (texts), and its keyword icons."""
    top = SECTION_TOPS_MM[section]
    heading, heading_origin = data.info.label(section)
    head = label(f"{section}_label", heading, g.box(top, 3.5), origin=heading_origin)
    texts: list[Element] = [g.rule(f"{section}_rule", head.box.top + mm_to_pt(1.0)), head]
    icons: list[Element] = []
    effects = getattr(card, section)
    if not effects:
        text, origin = data.info.label("no_effect")
        texts.append(
            Text(
                key=section,
                text=text,
                font=ITALIC,
                box=g.box(top + 4.5, LINE_MM),
                max_size=8.5,
                origin=origin,
            )
        )
    for i, effect in enumerate(effects):
        line_top = top + 4.5 + i * LINE_MM
        texts.append(
            Text(
                key=f"{section}[{i}]",
                text=effect.wording(section),
                font=REGULAR,
                box=g.box(line_top, LINE_MM - 0.6, left_mm=12.0),
                max_size=9.0,
                align="left",
                max_lines=2,
                origin=card.source.at(f"{section}[{i}]"),
            )
        )
        glyph, colour = KEYWORD_BADGES[effect.kind]
        icons.append(
            Icon(
                key=f"{section}_icon[{i}]",
                glyph=glyph,
                colour=colour,
                x=g.x(7.5),
                y=g.y(line_top + LINE_MM / 2 - 0.3),
                size=mm_to_pt(ICON_MM),
            )
        )
    return texts, icons


def hero_face(card: HeroCard, data: HackBackData, frame: CardFrame) -> Face:
    """Every element of `card`'s front."""
    g, src = DesignGrid(frame), card.source
    kind, kind_origin = data.info.label("hero")
    texts: list[Element] = [
        label("kind", kind, g.box(3.5, 3.5, right_mm=45), origin=kind_origin),
        title("name", card.name, g.box(18.5, 11.5), origin=src.at("name")),
    ]
    rules, icons = [], []
    for section in ("play", "activate"):
        section_texts, section_icons = _section(g, card, data, section)
        rules.append(section_texts[0])
        texts += section_texts[1:]
        icons += section_icons
    if card.flavor:
        texts.append(
            Text(
                key="flavor",
                text=card.flavor,
                font=ITALIC,
                box=g.box(79.0, 6.9),
                max_size=7.5,
                origin=src.at("flavor"),
            )
        )
    mark = deck_mark(card, data, frame)
    return Face(elements=(*vc_badge(card, data, frame), *mark, *rules, *icons, *texts), source=src)


def deck_mark(card: HeroCard, data: HackBackData, frame: CardFrame) -> tuple[Element, ...]:
    """The emblem of the deck `card` is printed in (`HackBackData.deck_of`), small in
    the top right corner of the safe area, clear of the kind label and the VC badge:
    the deck's glyph knocked out of a disc of its colour; with the ink saver, the glyph
    alone in that colour. None when no deck lists the card. Sizes FRONT_EMBLEM_MM on a
    poker card, scaled with the card's width (pt). Issue 28 item 7 ("Hack Back fronts
    carry their deck's emblem")."""
    deck = data.deck_of(card)
    if deck is None:
        return ()
    size = DesignGrid(frame).x(FRONT_EMBLEM_MM)
    safe = frame.safe
    return (
        Icon(
            key="deck_emblem",
            glyph=deck.emblem,
            colour=deck.colour,
            x=safe.x + safe.w - size / 2,
            y=safe.top - size / 2,
            size=size,
            style="plain" if frame.ink_saver else "badge",
            origin=deck.source.at("emblem"),
        ),
    )


def _emblem(deck: Deck, frame: CardFrame) -> tuple[Element, ...]:
    """The deck's emblem: its glyph knocked out of a disc of the deck's colour; with the
    ink saver, the glyph in the deck's colour inside a ring of it."""
    x, y, size = frame.w / 2, frame.h * 0.58, mm_to_pt(26.0)
    origin = deck.source.at("emblem")
    if not frame.ink_saver:
        return (
            Icon(
                key="emblem",
                glyph=deck.emblem,
                colour=deck.colour,
                x=x,
                y=y,
                size=size,
                origin=origin,
            ),
        )
    glyph = size - 2 * mm_to_pt(RING_MM + 1.0)
    return (
        ring("emblem", x, y, size / 2, deck.colour, origin=origin),
        Icon(
            key="emblem_glyph",
            glyph=deck.emblem,
            colour=deck.colour,
            x=x,
            y=y,
            size=glyph,
            style="plain",
            origin=origin,
            inside="emblem",
        ),
    )


def deck_back(deck: Deck, data: HackBackData, frame: CardFrame) -> Face:
    """A deck's back: a pale ground in the deck's colour through the bleed (white paper
    with the ink saver), its emblem, the game's back title and the deck's name, centred;
    no frame, so duplex drift and miscuts do not show (issue 28 item 7)."""
    f, back = frame, data.info.back
    width = f.w - 2 * mm_to_pt(5.5)
    ground = (
        None
        if f.ink_saver
        else Fill(key="ground", rect=f.bleed_rect, colour=deck.colour, strength=0.12)
    )
    return Face(
        elements=(
            *_emblem(deck, f),
            line_at(
                "title",
                back.title,
                BOLD,
                15,
                f.w / 2,
                f.h * 0.30,
                width,
                min_size=11.0,
                colour="#222222",
                origin=origin_at(back.source, "title"),
            ),
            line_at(
                "deck_name",
                deck.name,
                REGULAR,
                10,
                f.w / 2,
                f.h * 0.30 - mm_to_pt(5.5),
                width,
                colour="#222222",
                origin=deck.source.at("name"),
            ),
        ),
        ground=ground,
        source=deck.source,
        reuse=f"back-{deck.id}",
    )


class HackBackKit(Kit):
    """The Hack Back kit: one deck per player, each with its own back, or one shared deck
    (rules, "Choose one deck format")."""

    id = "hack-back"

    def load(self, folder: Path) -> HackBackData:
        return load_hack_back(folder)

    def tables(self, folder: Path) -> tuple:
        return TABLES

    def cards(self, data: HackBackData) -> list[HeroCard]:
        return list(data.cards.values())

    def front(self, card: HeroCard, data: HackBackData, frame: CardFrame) -> Face:
        return hero_face(card, data, frame)

    def backs(self, data: HackBackData) -> list[str]:
        return [d.id for d in data.decks] + [data.shared.id]

    def back(self, back_id: str, data: HackBackData, frame: CardFrame) -> Face:
        deck = next(d for d in (*data.decks, data.shared) if d.id == back_id)
        return deck_back(deck, data, frame)

    def palette(self, data: HackBackData) -> list[tuple[str, str, Origin]]:
        """The individual decks' back colours (dealt together, sorted apart after play),
        told apart in greyscale too; the shared deck is played alone."""
        return [
            (f"the deck '{d.name}'", d.colour, origin_at(d.source, "colour")) for d in data.decks
        ]

    def back_art(self, back_id: str, data: HackBackData):
        """A deck's back picture: the deck table's `art`, else game.toml's [back] `art`."""
        deck = next(d for d in (*data.decks, data.shared) if d.id == back_id)
        return deck.art or data.info.back.art

    def groups(
        self, data: HackBackData, deck_format: str | None = None, players: int | None = None
    ) -> list[PrintGroup]:
        """The individual decks (the first `players` of them), or the shared deck, each
        with its own back; PnpError naming the limit for a player count the chosen
        format cannot serve (rules: "two or more individual players"; individual decks:
        one each; shared deck: five cards dealt to each, rules Setup step 2)."""
        low = data.info.players_min
        if players is not None and players < low:
            raise PnpError(f"Hack Back is for {low} or more players, got {players}")
        if (deck_format or "individual") == "shared":
            most = data.shared.size // HAND
            if players is not None and players > most:
                raise PnpError(
                    f"the shared deck has {data.shared.size} cards: it deals "
                    f"{HAND}-card hands to at most {most} players, not {players} "
                    "(rules, Setup step 2)"
                )
            return [PrintGroup(data.shared.name, data.printed(data.shared), data.shared.id)]
        if players and players > len(data.decks):
            raise PnpError(
                f"the individual format gives each player a deck: the data has "
                f"{len(data.decks)}, so at most {len(data.decks)} players, not "
                f"{players}; the shared format deals to up to "
                f"{data.shared.size // HAND}"
            )
        decks = data.decks[:players] if players else data.decks
        return [PrintGroup(d.name, data.printed(d), d.id) for d in decks]

    def most_players(self, data: HackBackData, deck_format: str | None = None) -> int:
        """Individual decks: one player a deck; shared: a five-card hand each."""
        if (deck_format or "individual") == "shared":
            return data.shared.size // HAND
        return len(data.decks)

    def extras(self, data: HackBackData) -> tuple[Extra, ...]:
        """The VC tracker: a board of every VC and numbered Hero markers (tracker.pdf)."""

        def render(path: Path, paper: str, data: HackBackData) -> int:
            from pnp.render.tracker import render_tracker

            return render_tracker(path, paper, data.info.name, data.info.players_max)

        def lines(data: HackBackData) -> list:
            from pnp.render.tracker import title_lines

            return title_lines(data.info.name)

        return (Extra("tracker.pdf", "VC tracker and Hero markers", render, lines),)

    def kit_rows(self, data: HackBackData) -> list[KitRow]:
        """Every deck the data holds (for a kit whose printed decks are not known)."""
        groups = [PrintGroup(d.name, data.printed(d), d.id) for d in data.decks]
        return self.kit_rows_for(data, groups)

    def kit_rows_for(self, data: HackBackData, groups: list[PrintGroup]) -> list[KitRow]:
        """Exactly the decks printed: each with its card count, then how many different
        cards they hold, and the tracker."""
        rows = [
            KitRow(
                f"{g.label} (shared format)" if g.back == data.shared.id else f"{g.label} deck",
                len(g.copies),
            )
            for g in groups
        ]
        printed = {card.id for g in groups for card in g.copies}
        rows.append(KitRow("Different cards", len(printed)))
        rows.append(KitRow("VC tracker board and Hero markers (tracker.pdf)", 1))
        return rows

    def summary(self, groups: list[PrintGroup]) -> dict[str, int]:
        """Printed copies by deck."""
        return {g.label: len(g.copies) for g in groups}


KIT = HackBackKit()
