"""The games `pnp` knows, found by id (`find_game("hack-attack")`).

Each game names its data loader, its face layout and its renderer; the build and
validate steps only go through this table, so adding a game adds one entry here.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable

from pnp.errors import PnpError, UnknownGame
from pnp.layout.card_frame import CardFrame, TextBlock


@dataclass(frozen=True)
class GameSpec:
    """How to load, lay out and draw one game.

    `load(folder)` returns the validated data or raises DataError;
    `text_blocks(data, frame)` yields (card, block) for every text on every face;
    `painter(canvas, data, frame)` returns an object with `front(card)` and `back(deck)`;
    `groups(data, deck_format, players)` lists the PrintGroups to print (PnpError for a
    format or player count the game or its data cannot serve); `components(data)` gives
    the rulebook's "What's in the kit" rows (label, copies, indented); `summary(groups)`
    the printed copies by card kind or deck, for the build's report.
    """

    id: str
    name: str
    load: Callable[[Path], Any]
    text_blocks: Callable[[Any, CardFrame], Iterable[tuple[Any, TextBlock]]]
    painter: Callable[..., Any]
    groups: Callable[[Any, str | None, int | None], list]
    components: Callable[[Any], list]
    summary: Callable[[list], dict]


def _face_blocks(cards, face):
    """A `text_blocks` function: every (card, block) of `face(card, data, frame)`."""
    def blocks(data, frame):
        for card in cards(data):
            for block in face(card, data, frame).texts:
                yield card, block
    return blocks


def _single_format(what: str, deck_format, players) -> None:
    if deck_format or players:
        raise PnpError(f"{what}; --format and --players are for hack-back")


def _hack_attack() -> GameSpec:
    from pnp.data.hack_attack import load_hack_attack
    from pnp.layout.hack_attack_faces import face
    from pnp.render.hack_attack import HackAttackPainter
    from pnp.render.sheets import PrintGroup

    blocks = _face_blocks(lambda data: data.cards, face)

    def groups(data, deck_format, players):
        _single_format("Hack Attack: Defense prints one deck for 2–6 players", deck_format,
                       players)
        return [PrintGroup("cards", tuple(card for card in data.cards
                                          for _ in range(card.count)))]

    def components(data):
        rows = []
        counts = data.count_by_kind()
        for kind, n in counts.items():
            rows.append((f"{kind} cards", n, False))
            if kind == "Defense":
                for cat in data.categories.values():
                    k = sum(c.count for c in data.cards
                            if c.kind == "Defense" and getattr(c, "category", None) == cat.id)
                    rows.append((cat.name, k, True))
        rows.append(("Cards in all", sum(counts.values()), False))
        return rows

    def summary(groups):
        counts: dict[str, int] = {}
        for card in groups[0].copies:
            counts[card.kind] = counts.get(card.kind, 0) + 1
        return counts

    return GameSpec("hack-attack", "Hack Attack: Defense", load_hack_attack, blocks,
                    HackAttackPainter, groups, components, summary)


def _hack_back() -> GameSpec:
    from pnp.data.hack_back import load_hack_back
    from pnp.layout.hack_back_faces import hero_face
    from pnp.render.hack_back import HackBackPainter
    from pnp.render.sheets import PrintGroup

    blocks = _face_blocks(lambda data: data.cards.values(), hero_face)

    def groups(data, deck_format, players):
        fmt = deck_format or "individual"
        low, high = data.info.players_min, data.info.players_max
        if players is not None and not low <= players <= high:
            raise PnpError(f"Hack Back kits are for {low}–{high} players, got {players}")
        if fmt == "shared":
            need = 5 * (players or low)
            if data.shared.size < need:
                raise PnpError(f"the shared deck has {data.shared.size} cards; {players} players "
                               f"draw {need} at setup (rules, Setup step 2)")
            return [PrintGroup(data.shared.name, tuple(data.copies(data.shared)), "shared")]
        decks = data.decks[:players] if players else data.decks
        if players and players > len(data.decks):
            raise PnpError(f"{players} players need {players} individual decks; the data "
                           f"has {len(data.decks)}")
        return [PrintGroup(d.name, tuple(data.copies(d)), d.id) for d in decks]

    def components(data):
        rows = [(f"{d.name} deck", d.size, False) for d in data.decks]
        rows.append((f"{data.shared.name} (shared format)", data.shared.size, False))
        rows.append(("Different cards", len(data.cards), False))
        return rows

    def summary(groups):
        return {g.label: len(g.copies) for g in groups}

    return GameSpec("hack-back", "Hack Back", load_hack_back, blocks, HackBackPainter,
                    groups, components, summary)


def _not_a_hack() -> GameSpec:
    from pnp.data.not_a_hack import LABELS, load_not_a_hack
    from pnp.layout.not_a_hack_faces import nah_face
    from pnp.render.not_a_hack import NotAHackPainter
    from pnp.render.sheets import PrintGroup

    blocks = _face_blocks(lambda data: data.cards, nah_face)

    def groups(data, deck_format, players):
        _single_format("Not a Hack prints one black and one white pile for 3–5 players",
                       deck_format, players)
        return [PrintGroup("black pile", tuple(data.pile("black")), "black"),
                PrintGroup("white pile", tuple(data.pile("white")), "white")]

    def components(data):
        rows = []
        for pile in ("black", "white"):
            cards = [c for c in data.cards if c.pile == pile]
            rows.append((f"{pile.capitalize()} pile", sum(c.count for c in cards), False))
            for kind in dict.fromkeys(c.kind for c in cards):
                rows.append((LABELS[kind] + " cards", sum(c.count for c in cards
                                                          if c.kind == kind), True))
        rows.append(("Cards in all", sum(c.count for c in data.cards), False))
        return rows

    def summary(groups):
        counts: dict[str, int] = {}
        for group in groups:
            for card in group.copies:
                counts[LABELS[card.kind]] = counts.get(LABELS[card.kind], 0) + 1
        return counts

    return GameSpec("not-a-hack", "Not a Hack", load_not_a_hack, blocks, NotAHackPainter,
                    groups, components, summary)


_FACTORIES: dict[str, Callable[[], GameSpec]] = {"hack-attack": _hack_attack,
                                                  "hack-back": _hack_back,
                                                  "not-a-hack": _not_a_hack}
_ALIASES = {"hack-attack-defense": "hack-attack", "had": "hack-attack"}  # alias -> id


@dataclass(frozen=True)
class GameEntry:
    """One registered game: its id, the module that defines its kit (`KIT`), aliases."""

    id: str
    kit: str
    aliases: tuple[str, ...] = ()


GAMES: list[GameEntry] = [
    GameEntry("hack-attack", "pnp.layout.hack_attack", ("hack-attack-defense", "had")),
    GameEntry("hack-back", "pnp.layout.hack_back"),
    GameEntry("not-a-hack", "pnp.layout.not_a_hack"),
]


def game_ids() -> list[str]:
    """Ids of every registered game, in registry order."""
    return [g.id for g in GAMES]


def resolve(name: str) -> str:
    """The id of the game called `name` (an id or an alias, any case, spaces ignored);
    raises UnknownGame listing the ids. Imports nothing."""
    key = name.strip().lower()
    for g in GAMES:
        if key == g.id or key in g.aliases:
            return g.id
    raise UnknownGame(f"unknown game {name!r}; known games: {', '.join(game_ids())}")


def known_games() -> list[str]:
    """Ids of every game that `pnp` can build."""
    return list(_FACTORIES)


def find_game(name: str) -> GameSpec:
    """The game called `name` (an id or alias, any case); raises UnknownGame listing the ids."""
    key = name.strip().lower()
    key = _ALIASES.get(key, key)
    if key not in _FACTORIES:
        raise UnknownGame(f"unknown game {name!r}; known games: {', '.join(_FACTORIES)}")
    return _FACTORIES[key]()
