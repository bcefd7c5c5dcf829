"""The one manifest of games: each game is one `GameEntry` naming its id and aliases, its
kit (pnp), its score keeper package and its simulator (both optional). Both tools and
the simulator read it, and importing it imports nothing else, so it stays cheap.

A game is registered once: one line in the Python entry-point group "hackpack.games"
(ENTRY_POINTS) naming its GameEntry ("mypackage.game:MANIFEST"), so a game can live in
an installable package of its own. The shipped games use the same mechanism: each
one's manifest is `MANIFEST` in its room, pnp/games/<game>/__init__.py, declared in
pyproject.toml. A test may add a game to `GAMES`. An entry point that does not load,
or that names no GameEntry, is left out with one line saying why (`broken`); the other
games keep working. Source: shared/DESIGN.md, "Games are plug-ins".
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module

from pnp.core.errors import UnknownGame
from pnp.core.shown import quoted

#: The entry-point group a game package declares its GameEntry in.
ENTRY_POINTS = "hackpack.games"


@dataclass(frozen=True)
class GameEntry:
    """One registered game: its id (also its folder in the data directory); `kit`, the
    module that defines its kit as `KIT` (a pnp.layout.kit.Kit); `rules`, the package
    whose `GAME` the score keeper keeps (a scorekeeper.game.Game), or None; `simulator`,
    the module `pnp simulate` plays it with (pnp.simulate.result's contract), or None;
    `data`, its card data loader as "module:function" (folder -> validated data; the
    score keeper reads cards through it, never importing the print side), or None;
    other names it answers to; and `verbs`, the names of the score keeper verbs its
    rules declare (`Game.verbs`, in their order), so that the CLI finds a verb's game
    and its clashes without importing any game's rules (empty: the rules are imported
    to read them; names that differ from the rules' are refused when the rules load)."""

    id: str
    kit: str
    rules: str | None = None
    simulator: str | None = None
    aliases: tuple[str, ...] = ()
    data: str | None = None
    verbs: tuple[str, ...] = ()


#: Games registered by code in this process (a test registers its own game here), after
#: the games the entry points declare. The shipped games are entry points too: each
#: one's GameEntry is `MANIFEST` in its own package, pnp/games/<game>/__init__.py.
GAMES: list[GameEntry] = []

_discovered: tuple[list[GameEntry], list[str]] | None = None


def declared() -> list[tuple[str, str]]:
    """(name, "module:object") of every entry point of ENTRY_POINTS that the installed
    distributions declare, first found first (one per name), read from their
    entry_points.txt on sys.path. The same files importlib.metadata reads, without its
    import (about 20 ms of every command's start)."""
    import os
    import sys

    found: dict[str, str] = {}
    for folder in sys.path:
        try:
            names = sorted(
                e.name
                for e in os.scandir(folder or ".")
                if e.name.endswith((".dist-info", ".egg-info"))
            )
        except OSError:
            continue
        for name in names:
            try:
                with open(
                    os.path.join(folder or ".", name, "entry_points.txt"), encoding="utf-8"
                ) as f:
                    text = f.read()
            except OSError:
                continue
            if ENTRY_POINTS not in text:  # most distributions declare none of ours
                continue
            section = None
            for line in text.splitlines():
                line = line.strip()
                if line.startswith("[") and line.endswith("]"):
                    section = line[1:-1].strip()
                elif section == ENTRY_POINTS and "=" in line and not line.startswith("#"):
                    key, _, value = line.partition("=")
                    found.setdefault(key.strip(), value.strip())
    return list(found.items())


def _entry_points() -> tuple[list[GameEntry], list[str]]:
    """(the GameEntry of every entry point of ENTRY_POINTS that loads, a line for each
    that does not), read once per process."""
    global _discovered
    if _discovered is None:
        found, broken = [], []
        for name, value in declared():
            module, _, attribute = value.partition(":")
            try:
                entry = getattr(import_module(module.strip()), attribute.strip())
            except Exception as exc:  # a game's own package: any failure is its own
                broken.append(
                    f"game {name}: its entry point {value} does not "
                    f"load ({type(exc).__name__}: {exc})"
                )
                continue
            if not isinstance(entry, GameEntry) or entry.id != name:
                broken.append(
                    f"game {name}: its entry point {value} names "
                    + (
                        "no GameEntry"
                        if not isinstance(entry, GameEntry)
                        else f"the game {entry.id}"
                    )
                )
                continue
            found.append(entry)
        _discovered = found, broken
    return _discovered


def registry() -> list[GameEntry]:
    """Every registered game: the games the installed packages declare as entry points
    (in their order; the shipped three first, as pyproject.toml lists them), then GAMES
    (one entry per id; a declared game wins a clash)."""
    declared_games = _entry_points()[0]
    known = {g.id for g in declared_games}
    return [*declared_games, *(g for g in GAMES if g.id not in known)]


def broken() -> list[str]:
    """One line for each declared game that could not be registered (its entry point does
    not load or names no GameEntry of its id); those games are left out of `registry`."""
    return list(_entry_points()[1])


def game_ids() -> list[str]:
    """Ids of every registered game, in registry order."""
    return [g.id for g in registry()]


def entry(game_id: str) -> GameEntry:
    """The GameEntry with exactly this id; UnknownGame listing the ids otherwise."""
    for g in registry():
        if g.id == game_id:
            return g
    raise UnknownGame(f"unknown game {quoted(game_id, 40)}; known games: {', '.join(game_ids())}")


def resolve(name: str) -> str:
    """The id of the game called `name` (an id or an alias, any case, spaces ignored);
    raises UnknownGame listing the ids."""
    key = name.strip().lower()
    found = _named(key, registry())
    if found is not None:
        return found
    raise UnknownGame(f"unknown game {quoted(name, 40)}; known games: {', '.join(game_ids())}")


def _named(key: str, games: list[GameEntry]) -> str | None:
    return next((g.id for g in games if key == g.id or key in g.aliases), None)


def load_data(game_id: str, folder):
    """The card data of `game_id` read from `folder` by its manifest's `data` loader
    (DataError for bad data, as that loader raises); UnknownGame if the game names no
    loader."""
    g = entry(game_id)
    if g.data is None:
        raise UnknownGame(f"game {g.id} declares no card data loader")
    module, _, function = g.data.partition(":")
    return getattr(import_module(module), function)(folder)


def find_game(name: str):
    """The kit (pnp.layout.kit.Kit) of the game called `name`; raises UnknownGame, or
    PnpError naming the game when its kit module does not import or defines no KIT."""
    from pnp.core.errors import PnpError

    g = entry(resolve(name))
    try:
        kit = import_module(g.kit).KIT
    except (ImportError, AttributeError) as exc:
        raise PnpError(
            f"game {g.id}: its kit {g.kit} cannot be loaded ({type(exc).__name__}: {exc})"
        ) from None
    return kit
