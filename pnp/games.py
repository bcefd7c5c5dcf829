"""The games `pnp` knows, found by id (`find_game("hack-attack")`).

Each game names its data loader, its face layout and its renderer; the build and
validate steps only go through this table, so adding a game adds one entry here.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable

from pnp.errors import UnknownGame
from pnp.layout.card_frame import CardFrame, TextBlock


@dataclass(frozen=True)
class GameSpec:
    """How to load, lay out and draw one game.

    `load(folder)` returns the validated data or raises DataError;
    `text_blocks(data, frame)` yields (card, block) for every text on every face;
    `painter(canvas, data, frame)` returns an object with `front(card)` and `back()`.
    """

    id: str
    name: str
    load: Callable[[Path], Any]
    text_blocks: Callable[[Any, CardFrame], Iterable[tuple[Any, TextBlock]]]
    painter: Callable[..., Any]


def _hack_attack() -> GameSpec:
    from pnp.data.hack_attack import load_hack_attack
    from pnp.layout.hack_attack_faces import face
    from pnp.render.hack_attack import HackAttackPainter

    def blocks(data, frame):
        for card in data.cards:
            for block in face(card, data, frame).texts:
                yield card, block

    return GameSpec("hack-attack", "Hack Attack: Defense", load_hack_attack, blocks,
                    HackAttackPainter)


_FACTORIES: dict[str, Callable[[], GameSpec]] = {"hack-attack": _hack_attack}
_ALIASES = {"hack-attack-defense": "hack-attack", "had": "hack-attack"}  # alias -> id


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
