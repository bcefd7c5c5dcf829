"""The commands every game shares, by name: new, rematch, games, status, moves, history,
undo, redo, export, result, stats, check, help and serve, and the games' verbs beside
them. The CLI (scorekeeper.cli) adds them to its group with every game's verbs.

A shared command is imported only when it is typed, or when --help or completion lists
them all (click's lazily loading group): `SHARED` names each one's module and attribute,
so `status` imports the commands that read a table (scorekeeper.table_commands) and
nothing of `check`, `stats`, `serve` or `new`. Game-neutral: each command asks the
game's `Game` (scorekeeper.game) for its rules, view and hooks."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, cast

from scorekeeper.errors import RegistryError
from scorekeeper.games import SHEET_OWNER, SHEET_VERBS, load_game, note_problem, offered

if TYPE_CHECKING:
    import click

_TABLE = "scorekeeper.table_commands"
_SETUP = "scorekeeper.setup_commands"
#: The commands every game shares, in the order `--help` lists them: each name -> the
#: module and attribute of its click command ("module:attribute"), imported on first use.
SHARED: dict[str, str] = {
    "new": f"{_SETUP}:new",
    "rematch": f"{_SETUP}:rematch",
    "games": f"{_TABLE}:games",
    "status": f"{_TABLE}:status",
    "moves": "scorekeeper.moves_view:moves",
    "history": f"{_TABLE}:history",
    "undo": f"{_TABLE}:undo",
    "redo": f"{_TABLE}:redo",
    "export": f"{_TABLE}:export",
    "result": f"{_TABLE}:result",
    "stats": "scorekeeper.stats_command:stats",
    "check": "scorekeeper.check_command:check",
    "help": f"{_SETUP}:help_command",
    "serve": "scorekeeper.web.command:serve",
}


def shared_command(name: str) -> click.Command | None:
    """The shared command called `name`, its module imported now (None: no shared
    command has that name)."""
    where = SHARED.get(name)
    if where is None:
        return None
    module, _, attribute = where.partition(":")
    return getattr(import_module(module), attribute)


def shared_commands() -> tuple[click.Command, ...]:
    """Every shared command, in `SHARED`'s order (each module imported)."""
    return tuple(cast("click.Command", shared_command(name)) for name in SHARED)


def taken() -> dict[str, str]:
    """verb name -> who declares it, for the verbs no registered game may declare: the
    shared commands' and the points sheet's (scorekeeper.games.SHEET_VERBS, names
    only)."""
    return {
        **dict.fromkeys(SHARED, "the shared commands"),
        **dict.fromkeys(SHEET_VERBS, SHEET_OWNER),
    }


def verb_games() -> dict[str, str]:
    """verb name -> the id of the game whose verb it is, for every game whose verbs the
    CLI offers (scorekeeper.games.offered: read from the manifests, a game declaring a
    verb the shared commands, the points sheet or an earlier game already declare left
    out with one line); imports the rules of no game whose manifest declares its verbs."""
    return {verb: game_id for game_id, verbs in offered(taken()).items() for verb in verbs}


def playing() -> list:
    """The games whose verbs the CLI offers (`verb_games`, and a game that declares no
    verb), each loaded: a game that does not load is left out with one line
    (scorekeeper.games.problems) and the others keep working."""
    kept = []
    for game_id in offered(taken()):
        try:
            kept.append(load_game(game_id))
        except RegistryError as exc:
            note_problem(str(exc))
    return kept
