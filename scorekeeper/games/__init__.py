"""The score keeper's games, found by id in the one manifest of games (`pnp.core.games`,
which imports nothing heavy): each entry's `rules` names the package that defines its
`GAME` (a `scorekeeper.game.Game`). The manifest is read at call time, so a test may
register a game of its own.

It also names the points sheet every data-only game is kept on (scorekeeper.sheets), as
a manifest entry names a game: the prefix of its stored game ids and its verbs' names,
so a command of a registered game finds its verb, and leaves out a game that declares
one of the sheet's, without importing anything of the sheet.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from scorekeeper.errors import InputError, RegistryError, quoted

if TYPE_CHECKING:  # loaded with a game's rules: a look-up of the cover table needs none
    from scorekeeper.game import Game

#: A points sheet's stored game id is this and its game's id ("sheet:dice-night").
SHEET_PREFIX = "sheet:"
#: The names of the points sheet's verbs, in the order `--help` lists them.
SHEET_VERBS = ("points", "end-round", "end-game")
#: Who declares SHEET_VERBS, in the line that leaves out a game declaring one too.
SHEET_OWNER = "the points sheet"


def kept_entries() -> dict:
    """game id -> its GameEntry (pnp.core.games), for every game of the manifest that
    the score keeper keeps (one that names its rules), in the manifest's order."""
    import pnp.core.games

    return {g.id: g for g in pnp.core.games.registry() if g.rules}


def rules_packages() -> dict[str, str]:
    """game id -> the package (or module) whose `GAME` is that game, for every game of
    the manifest that the score keeper keeps (pnp.core.games; in its order)."""
    return {game_id: g.rules for game_id, g in kept_entries().items()}


def _package(game_id: str) -> str | None:
    """The rules package of `game_id` (None when the manifest names none)."""
    return rules_packages().get(game_id)


def find_game(name: str) -> Game:
    """The game called `name` (an id or an alias of pnp's registry, any case).
    InputError listing the known ids for an unknown name, or saying the score keeper
    has no rules for a game pnp knows."""
    import pnp.core.games
    from pnp.core.errors import UnknownGame

    try:
        game_id = pnp.core.games.resolve(name)
    except UnknownGame as exc:
        raise InputError(str(exc)) from None
    return load_game(game_id)


def load_game(game_id: str) -> Game:
    """The game with exactly this id (as stored with a table). InputError if the score
    keeper has no rules for it; RegistryError (one line naming the game) if its package
    does not import, defines no GAME or defines another game, if its rules look up
    cards (the `kit` or `cards` hook) while its manifest names no data loader, or if the
    verbs its manifest declares are not its rules'."""
    package = _package(game_id)
    if package is None:
        shown = game_id if len(game_id) <= 40 and game_id.isprintable() else quoted(game_id)
        raise InputError(
            f"the score keeper has no rules for {shown} yet; it keeps "
            f"score for {', '.join(playable()) or 'no game'}"
        )
    from scorekeeper.game import Game

    try:
        game = import_module(package).GAME
    except (ImportError, AttributeError) as exc:
        raise RegistryError(
            f"game {game_id}: its rules {package} cannot be loaded ({type(exc).__name__}: {exc})"
        ) from None
    if not isinstance(game, Game):
        raise RegistryError(f"game {game_id}: {package}.GAME is not a scorekeeper Game")
    if game.id != game_id:
        raise RegistryError(f"game {game_id}: its rules {package} define the game {game.id}")
    entry = kept_entries()[game_id]
    if (game.kit is not None or game.cards is not None) and entry.data is None:
        import pnp.core.games

        raise RegistryError(
            f"game {game_id} ({pnp.core.games.package_of(game_id)}): its rules {package} "
            "look up cards, but its manifest names no card data loader (GameEntry.data)"
        )
    declared = entry.verbs
    names = tuple(str(v.name) for v in game.verbs)
    if declared and declared != names:
        raise RegistryError(
            f"game {game_id}: its manifest declares the verbs {', '.join(declared)} but its "
            f"rules {package} declare {', '.join(names) or 'none'}"
        )
    return game


def offered(shared: dict[str, str]) -> dict[str, tuple[str, ...]]:
    """game id -> its verbs' names, for every game whose verbs the CLI offers, in the
    manifest's order; `shared`: verb name -> who declares it (the shared commands).
    A game's verbs are those its manifest declares (GameEntry.verbs: no rules imported);
    a game whose manifest declares none is loaded to read them (a game that does not
    load is left out, with its line). A game declaring a verb that `shared` or an
    earlier game already declares is left out with one line (`problems`), and the
    others keep working (rules: every verb names one game's command)."""
    import pnp.core.games

    names = dict(shared)
    kept: dict[str, tuple[str, ...]] = {}
    for game_id, entry in kept_entries().items():
        verbs = entry.verbs
        if not verbs:
            try:
                verbs = tuple(v.name for v in load_game(game_id).verbs)
            except RegistryError as exc:
                _note(str(exc))
                continue
        clash = next((v for v in verbs if v in names), None)
        if clash is not None:
            _note(
                f"game {game_id} ({pnp.core.games.package_of(game_id)}) is left out: the "
                f"verb {clash!r} is declared by "
                f"both {names[clash]} and {game_id}"
            )
            continue
        names.update(dict.fromkeys(verbs, game_id))
        kept[game_id] = verbs
    return kept


def playable() -> list[str]:
    """Ids of the games of the manifest that the score keeper keeps, in its order: what
    `new` can start."""
    return list(rules_packages())


def all_games() -> list[Game]:
    """Every game the score keeper has rules for (the manifest's order) that loads; a
    stored table of each can be replayed. A game that does not load is left out, with
    its one line in `problems()`, and the others keep working."""
    games = []
    for game_id in rules_packages():
        try:
            games.append(load_game(game_id))
        except RegistryError as exc:
            _note(str(exc))
    return games


_PROBLEMS: list[str] = []


def _note(line: str) -> None:
    if line not in _PROBLEMS:
        _PROBLEMS.append(line)


def forget_problems() -> None:
    """Start a new list of `problems()` (each command collects its games afresh)."""
    _PROBLEMS.clear()


def note_problem(line: str) -> None:
    """Keep `line` among `problems()` (a game left out, e.g. for a clashing verb)."""
    _note(line)


def problems() -> list[str]:
    """One line for each registered game left out (its entry point, its rules or its
    verbs are broken), this process so far, pnp.core.games.broken's included."""
    import pnp.core.games

    return [*pnp.core.games.broken(), *_PROBLEMS]
