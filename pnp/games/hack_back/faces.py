"""Hack Back faces and kit: the fronts (pnp.games.hack_back.front: VC badge, deck
emblem, picture, name, Play and Activate sections, flavour); one back per deck, told
apart by colour, emblem and name, its ground through the bleed and no frame, its type
and emblem grown with the card (`DesignGrid.pt`, issue 28 item 4).

With the ink saver (`CardFrame.ink_saver`) the back's emblem prints as a ring in its
colour (the emblem's glyph inside), and the backs on white paper.

Card-local points; sizes designed on a poker card.
Card faces: shared/DESIGN.md, hack-back; rules: shared/rules/hack-back.txt ("Choose one
deck format", "Take two actions").
"""

from __future__ import annotations

from pathlib import Path

from pnp.core.errors import PnpError
from pnp.core.units import mm_to_pt
from pnp.data.models import Origin, origin_at
from pnp.fonts import BOLD, REGULAR
from pnp.games.hack_back.cards import HAND, Deck, HackBackData, HeroCard
from pnp.games.hack_back.front import hero_face
from pnp.games.hack_back.loader import TABLES, load_hack_back
from pnp.layout.card_frame import CardFrame
from pnp.layout.design import RING_MM, DesignGrid, line_at, ring
from pnp.layout.face import Element, Face, Fill, Icon
from pnp.layout.kit import Extra, Kit, KitRow, PrintGroup


def _emblem(deck: Deck, frame: CardFrame) -> tuple[Element, ...]:
    """The deck's emblem: its glyph knocked out of a disc of the deck's colour; with the
    ink saver, the glyph in the deck's colour inside a ring of it."""
    x, y, size = frame.w / 2, frame.h * 0.58, mm_to_pt(26.0) * DesignGrid(frame).type
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
    f, back, g = frame, data.info.back, DesignGrid(frame)
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
                g.pt(15),
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
                g.pt(10),
                f.w / 2,
                f.h * 0.30 - mm_to_pt(5.5) * g.type,
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
    english_only = (
        "each card's effect lines (pnp.games.hack_back.cards.Effect.wording)",
        "the rulebook's kit table rows",
        "tracker.pdf",
    )

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

        how = "one-sided, at 100 %, on plain paper or card; cut out the Hero markers."
        return (Extra("tracker.pdf", "VC tracker and Hero markers", render, lines, how),)

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
