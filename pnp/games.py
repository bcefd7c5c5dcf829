"""The one registry of games: ids, aliases and the module of each game's kit. Both tools
read it (the scorekeeper resolves game names here), and importing it imports nothing
else, so it stays cheap. A new game adds one line to GAMES.
Source: shared/DESIGN.md, "Games are plug-ins".
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module

from pnp.errors import UnknownGame
from pnp.shown import quoted


@dataclass(frozen=True)
class GameEntry:
    """One registered game: its id (also its folder in the data directory), the module
    that defines its kit as `KIT` (a pnp.layout.kit.Kit), and other names it answers to."""

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
    raise UnknownGame(f"unknown game {quoted(name, 40)}; known games: {', '.join(game_ids())}")


def find_game(name: str):
    """The kit (pnp.layout.kit.Kit) of the game called `name`; raises UnknownGame."""
    game_id = resolve(name)
    entry = next(g for g in GAMES if g.id == game_id)
    return import_module(entry.kit).KIT
