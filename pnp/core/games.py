"""The one manifest of games: each game is one `GameEntry` naming its id and aliases, its
kit (pnp), its score keeper package, its simulator, its card data loader and the folder
its data ships in. Both tools and the simulator read it, and importing it imports
nothing else, so it stays cheap.

A game is registered once: one line in the Python entry-point group "hackpack.games"
(ENTRY_POINTS) naming its GameEntry ("mypackage.game:MANIFEST"), so a game can live in
an installable package of its own, its data inside it. The shipped games use the same
mechanism: each one's manifest is `MANIFEST` in its room, pnp/games/<game>/__init__.py,
declared in pyproject.toml. A test may add a game to `GAMES`.

Each game is checked when it registers (boardgame.io checks a game definition when it
registers): an entry point that does not load, that names no GameEntry of its own name,
or whose id or alias another game already has (the shipped games are registered first,
so an installed package cannot replace one), is left out with one line saying why and
which package declared it (`broken`); the other games keep working. What needs a
game's code imported (its kit's id, its rules' verbs and their card look-ups) is checked
when that code is first loaded (`find_game` here, scorekeeper.games.load_game), each
with its line too. Source: shared/DESIGN.md, "Games are plug-ins".
"""

from __future__ import annotations

import re
from importlib import import_module

from pnp.core.records import NamedTuple
from pnp.core.shown import quoted

#: The entry-point group a game package declares its GameEntry in.
ENTRY_POINTS = "hackpack.games"
_MARK = ENTRY_POINTS.encode()


class GameEntry(NamedTuple):
    """One registered game: its id (also its folder in the data directory); `kit`, the
    module that defines its kit as `KIT` (a pnp.layout.kit.Kit); `rules`, the package
    whose `GAME` the score keeper keeps (a scorekeeper.game.Game), or None; `simulator`,
    the module `pnp simulate` plays it with (pnp.simulate.result's contract), or None;
    `data`, its card data loader as "module:function" (folder -> validated data; the
    score keeper reads cards through it, never importing the print side), or None;
    other names it answers to; `verbs`, the names of the score keeper verbs its
    rules declare (`Game.verbs`, in their order), so that the CLI finds a verb's game
    and its clashes without importing any game's rules (empty: the rules are imported
    to read them; names that differ from the rules' are refused when the rules load);
    and `folder`, the folder its card data ships in, as "package:relative/path" (the
    package's own folder, then that path: "pnp:card_data/hack-attack"), named by the
    game's id as every data folder is (pnp.data.game_file), or None: a game whose data
    is only ever given with `--data`. A record (pnp.core.records): immutable, compared
    by its values, a copy with one changed made by `entry._replace(folder=...)`."""

    id: str
    kit: str
    rules: str | None = None
    simulator: str | None = None
    aliases: tuple[str, ...] = ()
    data: str | None = None
    verbs: tuple[str, ...] = ()
    folder: str | None = None


#: Games registered by code in this process (a test registers its own game here), after
#: the games the entry points declare. The shipped games are entry points too: each
#: one's GameEntry is `MANIFEST` in its own package, pnp/games/<game>/__init__.py.
GAMES: list[GameEntry] = []

#: The distribution the shipped games come in: its entry points are registered first.
SHIPPED = "hackpack"


class Declared(NamedTuple):
    """One entry point of ENTRY_POINTS: its name (the game's id), its value
    ("module:object") and the distribution (package) that declares it."""

    name: str
    value: str
    package: str


_discovered: tuple[list[tuple[GameEntry, str]], list[str]] | None = None


def declared() -> list[Declared]:
    """Every entry point of ENTRY_POINTS that the installed distributions declare, read
    from their entry_points.txt on sys.path (the same files importlib.metadata reads,
    without its import: about 20 ms of every command's start): the shipped
    distribution's first, then the others in the order they are found. Each
    distribution once (the first copy on sys.path, as the import system finds it); two
    distributions may declare the same name: `registry` keeps the first."""
    import os
    import sys

    found: list[Declared] = []
    seen: set[str] = set()
    for folder in sys.path:
        try:
            names = sorted(
                n for n in os.listdir(folder or ".") if n.endswith((".dist-info", ".egg-info"))
            )
        except OSError:
            continue
        for name in names:
            path = os.path.join(folder or ".", name, "entry_points.txt")
            if not os.access(path, os.R_OK):  # most distributions have no entry points
                continue
            try:
                with open(path, "rb", buffering=0) as f:  # read whole: no buffer needed
                    data = f.read()
            except OSError:
                continue
            package = _distribution(name)
            if package in seen:
                continue
            seen.add(package)
            if _MARK not in data:  # most distributions declare none of ours
                continue
            found += [Declared(k, v, package) for k, v in _group(data.decode("utf-8"))]
    return sorted(found, key=lambda d: d.package != SHIPPED)  # stable: the shipped first


def _distribution(folder_name: str) -> str:
    """The normalised distribution name of a .dist-info or .egg-info folder's name
    ("Hack_Pack-0.1.0.dist-info" -> "hack-pack")."""
    stem = folder_name.rsplit(".", 1)[0].split("-", 1)[0].replace("_", "-").replace(".", "-")
    while "--" in stem:  # each run of "-", "_" and "." is one "-" (PEP 503)
        stem = stem.replace("--", "-")
    return stem.lower()


def _group(text: str) -> list[tuple[str, str]]:
    """(name, value) of each entry of ENTRY_POINTS in an entry_points.txt's `text`."""
    section, found = None, []
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip()
        elif section == ENTRY_POINTS and "=" in line and not line.startswith("#"):
            key, _, value = line.partition("=")
            found.append((key.strip(), value.strip()))
    return found


def _entry_points() -> tuple[list[tuple[GameEntry, str]], list[str]]:
    """((the GameEntry of every entry point of ENTRY_POINTS that loads, the package that
    declares it), a line for each that does not), read once per process."""
    global _discovered
    if _discovered is None:
        found, broken = [], []
        for name, value, package in declared():
            module, _, attribute = value.partition(":")
            try:
                entry = getattr(import_module(module.strip()), attribute.strip())
            except (Exception, SystemExit) as exc:  # a game's own package: its failure is its own
                broken.append(
                    f"game {name} (package {package}): its entry point {value} does not "
                    f"load ({type(exc).__name__}: {exc})"
                )
                continue
            if not isinstance(entry, GameEntry) or entry.id != name:
                broken.append(
                    f"game {name} (package {package}): its entry point {value} names "
                    + (
                        "no GameEntry"
                        if not isinstance(entry, GameEntry)
                        else f"the game {entry.id}"
                    )
                )
                continue
            found.append((entry, package))
        _discovered = found, broken
    return _discovered


def _checked() -> tuple[list[GameEntry], list[str]]:
    """(the registered games, one line for each game left out): the declared games in
    `declared`'s order, then GAMES, each kept unless its id or one of its aliases is
    already the id or an alias of a game kept before it (the shipped game is kept).
    Pure over what was declared and GAMES, so a test's registration is seen at once."""
    declared_games, broken = _entry_points()
    kept: list[GameEntry] = []
    owner: dict[str, str] = {}  # id or alias -> the id of the game kept with it
    problems = list(broken)
    code = [(g, "registered in code") for g in GAMES]
    for entry, package in [*declared_games, *code]:
        wrong = _malformed(entry)
        if wrong:
            problems.append(
                f"game {quoted(str(entry.id), 40)} ({_from(package)}) is left out: {wrong}"
            )
            continue
        names = (entry.id, *entry.aliases)
        taken = next((n for n in names if n in owner), None)
        if taken is None:
            kept.append(entry)
            owner.update(dict.fromkeys(names, entry.id))
            continue
        if entry.id == owner[taken] and package == "registered in code":
            continue  # a test's own copy of a declared game: the declared one is used
        what = "id" if taken == entry.id else "alias"
        first = _from(_package_of(owner[taken], declared_games))
        problems.append(
            f"game {entry.id} ({_from(package)}) is left out: its {what} {taken} is "
            f"already the game {owner[taken]}'s ({first})"
        )
    problems += [line for line in _LOADED if line not in problems]
    return [g for g in kept if g.id not in _REFUSED], problems


#: A game's id and each of its aliases: kebab-case, lowercase (names are looked up in
#: lowercase, `resolve`), as a data folder's name is (pnp.faces.kit.game_id_like).
_NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


def _malformed(entry: GameEntry) -> str:
    """What makes `entry` no game to register ("" if nothing): an id or alias that is
    not a lowercase kebab-case name, aliases that are not a tuple of them, a kit that
    names no module, a module or folder field that is not text."""
    if not isinstance(entry.id, str) or not _NAME.fullmatch(entry.id) or len(entry.id) > 48:
        return "its id is not a lowercase kebab-case name of at most 48 characters"
    if not isinstance(entry.aliases, tuple) or not all(
        isinstance(a, str) and _NAME.fullmatch(a) for a in entry.aliases
    ):
        return "its aliases are not a tuple of lowercase kebab-case names"
    if not isinstance(entry.kit, str) or not entry.kit.strip():
        return "its kit names no module"
    for field in ("rules", "simulator", "data", "folder"):
        if getattr(entry, field) is not None and not isinstance(getattr(entry, field), str):
            return f"its {field} is not text"
    if not isinstance(entry.verbs, tuple):
        return "its verbs are not a tuple of names"
    return ""


def _from(package: str) -> str:
    return package if package == "registered in code" else f"package {package}"


def _package_of(game_id: str, declared_games: list[tuple[GameEntry, str]]) -> str:
    return next((p for g, p in declared_games if g.id == game_id), "registered in code")


def package_of(game_id: str) -> str:
    """Who registered `game_id`: "package NAME" (the distribution declaring it) or
    "registered in code", for the lines that name a game and its package."""
    return _from(_package_of(game_id, _entry_points()[0]))


#: Lines for games left out once their code was loaded (a kit that does not load or
#: defines another game), and their ids.
_LOADED: list[str] = []
_REFUSED: set[str] = set()


def registry() -> list[GameEntry]:
    """Every registered game, checked (`_checked`): the games the installed packages
    declare as entry points (the shipped three first, as pyproject.toml lists them),
    then GAMES."""
    return _checked()[0]


def broken() -> list[str]:
    """One line for each game that could not be registered (its entry point does not
    load or names no GameEntry of its id, its id or an alias is another game's, its kit
    defines another game) and is left out of `registry`."""
    return _checked()[1]


def game_ids() -> list[str]:
    """Ids of every registered game, in registry order."""
    return [g.id for g in registry()]


def entry(game_id: str) -> GameEntry:
    """The GameEntry with exactly this id; UnknownGame listing the ids otherwise."""
    for g in registry():
        if g.id == game_id:
            return g
    from pnp.core.errors import UnknownGame  # only on failure: the family's records

    raise UnknownGame(f"unknown game {quoted(game_id, 40)}; known games: {', '.join(game_ids())}")


def resolve(name: str) -> str:
    """The id of the game called `name` (an id or an alias, any case, spaces ignored);
    raises UnknownGame listing the ids."""
    key = name.strip().lower()
    found = _named(key, registry())
    if found is not None:
        return found
    from pnp.core.errors import UnknownGame

    raise UnknownGame(f"unknown game {quoted(name, 40)}; known games: {', '.join(game_ids())}")


def _named(key: str, games: list[GameEntry]) -> str | None:
    return next((g.id for g in games if key == g.id or key in g.aliases), None)


def data_folder(game_id: str):
    """The folder (a Path) the card data of the registered game `game_id` ships in, as
    its manifest's `folder` names it; PnpError, one line, when it names none or names one
    that cannot be found (its package does not import, or the folder is not there)."""
    from pathlib import Path

    from pnp.core.exceptions import PnpError

    g = entry(game_id)
    if g.folder is None:
        raise PnpError(
            f"game {g.id} ships no card data (its manifest names no folder); "
            f"name a data folder holding {g.id}/ with --data"
        )
    package, _, relative = g.folder.partition(":")
    try:
        where = import_module(package.strip()).__file__
    except Exception as exc:  # a game's own package: any failure is its own
        raise PnpError(
            f"game {g.id}: the package {package} of its data folder {g.folder} cannot be "
            f"loaded ({type(exc).__name__}: {exc})"
        ) from None
    if where is None:
        raise PnpError(f"game {g.id}: the package {package} of its data folder is no folder")
    folder = Path(where).parent / relative.strip()
    if not folder.is_dir():
        raise PnpError(
            f"no card data for {g.id}: folder {quoted(folder, 200)} does not exist "
            f"(its manifest's folder {g.folder}, {package_of(g.id)})"
        )
    return folder


def load_data(game_id: str, folder):
    """The card data of `game_id` read from `folder` by its manifest's `data` loader
    (DataError for bad data, as that loader raises); PnpError, one line, if the game
    names no loader."""
    from pnp.core.exceptions import PnpError

    g = entry(game_id)
    if g.data is None:
        raise PnpError(
            f"game {g.id} ({package_of(g.id)}) declares no card data loader, so its "
            "cards cannot be looked up"
        )
    module, _, function = g.data.partition(":")
    return getattr(import_module(module), function)(folder)


def find_game(name: str):
    """The kit (pnp.layout.kit.Kit) of the game called `name`; raises UnknownGame. A kit
    module that does not load or defines no KIT, or a kit that defines another game than
    its entry's (so a package cannot pass a game's kit off under another name), leaves
    the game out from then on, with its line in `broken`: GameLeftOut naming the game
    and its package."""
    from pnp.core.errors import GameLeftOut

    g = entry(resolve(name))
    try:
        kit = import_module(g.kit).KIT
    except (Exception, SystemExit) as exc:  # a game's own package: its failure is its own
        why = f"its kit {g.kit} cannot be loaded ({type(exc).__name__}: {exc})"
    else:
        if getattr(kit, "id", None) == g.id:
            return kit
        why = f"its kit {g.kit} defines the game {quoted(str(getattr(kit, 'id', None)), 40)}"
    line = f"game {g.id} ({package_of(g.id)}) is left out: {why}"
    if line not in _LOADED:
        _LOADED.append(line)
    _REFUSED.add(g.id)
    raise GameLeftOut(line)
