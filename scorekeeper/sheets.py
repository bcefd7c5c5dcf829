"""The points sheet of a data-only game (a game folder with a game.toml and no Python,
not in the manifest of games), as the shared code knows it: its settings (`Sheet`),
how a table of it is stored and read back, the names of its verbs, and its `Game`.

A data-only game is found from its folder at `new --data DIR NAME`
(scorekeeper.sheet_file reads DIR/NAME/game.toml); its name, player range and
[scoring] settings are stored with the table (the games table's `sheet` column), so a
stored table is replayed from the database alone, even after its folder has moved or
gone. Its stored game id is `sheet:` + its id: a registered game's id is kebab-case
(pnp validate holds game.toml's `id` to it), so no registered id can be one.

The points sheet is one game of the score keeper's (`scorekeeper/games/points_sheet/`:
rules, verbs, view) that any data-only game is played with. Like a registered game's
rules package, it is loaded by name (`RULES`) only when a table of it or one of its
verbs is used; its verbs' names (`VERBS`) and the prefix of its stored ids (`PREFIX`)
are declared in the registry module (scorekeeper.games), as a manifest declares a
registered game's, so a registered game's command needs nothing of this module.
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import import_module
from typing import TYPE_CHECKING, Any

from pnp.core.records import NamedTuple
from scorekeeper.errors import RegistryError
from scorekeeper.games import SHEET_PREFIX as PREFIX
from scorekeeper.games import SHEET_VERBS as VERBS

if TYPE_CHECKING:
    import click

    from scorekeeper.game import Game

#: The package whose `GAME` is the points sheet (its template: `sheet_game` names it).
RULES = "scorekeeper.games.points_sheet"
#: The --help section of the points sheet's verbs.
SECTION = "Points sheet (a data-only game)"

#: game.toml [scoring] wins: which total wins.
WINS = ("highest", "lowest")
#: game.toml [scoring] rounds: the rounds a game lasts, when it says.
ROUNDS = (1, 99)
#: game.toml players.min and players.max (pnp's range for every game).
PLAYERS = (1, 12)
#: The longest printed name kept (a card name's limit, scorekeeper.shapes.CARD_NAME).
NAME_LIMIT = 140
#: A game id: kebab-case, at most 48 characters (pnp.data.schema's ID_PATTERN, MAX_ID).
ID = r"[a-z0-9]+(-[a-z0-9]+)*"  # compiled on first use (re's cache), not at start-up
ID_LIMIT = 48


class Sheet(NamedTuple):
    """A data-only game's points sheet, as its game.toml sets it: `id` (kebab-case, its
    folder's name), printed `name`, `players` (min, max), `wins` ("highest" or
    "lowest": which total wins) and `rounds` (the rounds the game lasts, 1..99; None: the
    table ends the game with `end-game`)."""

    id: str
    name: str
    players: tuple[int, int]
    wins: str = "highest"
    rounds: int | None = None

    @property
    def stored_id(self) -> str:
        """The game id its tables are stored under: "sheet:dice-night"."""
        return PREFIX + self.id

    def to_json(self) -> dict:
        """What is stored with a table (its id is in the stored game id): {"name": TEXT,
        "players": [MIN, MAX], "wins": "highest"|"lowest", "rounds": N or null}."""
        return {
            "name": self.name,
            "players": list(self.players),
            "wins": self.wins,
            "rounds": self.rounds,
        }


def is_sheet(game_id: str) -> bool:
    """True if the stored game id `game_id` is a points sheet's ("sheet:...")."""
    return game_id.startswith(PREFIX)


def id_problem(text: Any) -> str | None:
    """Why `text` cannot be a game id (kebab-case, 1..48 characters), or None."""
    if not isinstance(text, str) or not re.fullmatch(ID, text):
        return "a game id is kebab-case: a-z and 0-9 in words joined by single hyphens"
    if len(text) > ID_LIMIT:
        return f"a game id is at most {ID_LIMIT} characters, got {len(text):,}"
    return None


def name_problem(value: Any) -> str | None:
    """Why `value` cannot be a printed name, or None: text of 1..NAME_LIMIT characters
    that prints something and holds no control, bidi or invisible format character
    (scorekeeper.shapes.BAD_CHARACTERS)."""
    from scorekeeper.shapes import bad_text

    if not isinstance(value, str) or not value.strip():
        return "expected the game's printed name (text)"
    if len(value) > NAME_LIMIT:
        return f"a name is at most {NAME_LIMIT} characters, got {len(value):,}"
    if bad_text().search(value):
        return "a name holds no control, bidi or invisible format character"
    return None


def count_problem(value: Any, low: int, high: int) -> str | None:
    """Why `value` is not a whole number in low..high, or None."""
    if type(value) is not int or not low <= value <= high:
        return f"expected a whole number {low}..{high}"
    return None


def players_problem(value: Any) -> str | None:
    """Why `value` is not a stored player range [MIN, MAX] (each in PLAYERS, MIN at most
    MAX), or None."""
    if not isinstance(value, list) or len(value) != 2:
        return "expected [min, max]"
    return next(filter(None, (count_problem(n, *PLAYERS) for n in value)), None) or (
        None if value[0] <= value[1] else "min is greater than max"
    )


def from_stored(game_id: str, value: Any) -> Sheet:
    """The Sheet stored with the table of stored game id `game_id` ("sheet:ID") as
    `value` (Sheet.to_json, read back as JSON). ValueError saying what is wrong for
    anything `new --data` could not have stored."""
    why = id_problem(game_id[len(PREFIX) :]) if is_sheet(game_id) else "not a sheet's"
    if why:
        raise ValueError(f"its game id: {why}")
    if not isinstance(value, dict) or set(value) != {"name", "players", "wins", "rounds"}:
        raise ValueError("its settings are not an object of name, players, wins and rounds")
    rounds = value["rounds"]
    checks = {
        "name": name_problem(value["name"]),
        "players": players_problem(value["players"]),
        "wins": None if value["wins"] in WINS else f"expected one of {', '.join(WINS)}",
        "rounds": None if rounds is None else count_problem(rounds, *ROUNDS),
    }
    for key, why in checks.items():
        if why:
            raise ValueError(f"its {key}: {why}")
    low, high = value["players"]
    return Sheet(game_id[len(PREFIX) :], value["name"], (low, high), value["wins"], rounds)


@lru_cache(maxsize=None)
def template() -> Game:
    """The points sheet's Game as its package RULES defines it (`GAME`), checked once
    per process: RegistryError (one line) if the package does not load, defines no
    Game or declares other verbs than VERBS."""
    from scorekeeper.game import Game

    try:
        game = import_module(RULES).GAME
    except (ImportError, AttributeError) as exc:
        raise RegistryError(
            f"the points sheet {RULES} cannot be loaded ({type(exc).__name__}: {exc})"
        ) from None
    if not isinstance(game, Game):
        raise RegistryError(f"the points sheet: {RULES}.GAME is not a scorekeeper Game")
    names = tuple(str(v.name) for v in game.verbs)
    if names != VERBS:
        raise RegistryError(
            f"the points sheet declares the verbs {', '.join(VERBS)} but its rules "
            f"{RULES} declare {', '.join(names) or 'none'}"
        )
    return game


@lru_cache(maxsize=None)
def sheet_game(sheet: Sheet) -> Game:
    """The points sheet's Game (`template`) for the tables of `sheet`: its id the stored
    id, its name the game's printed name, its rules started with `sheet`'s settings
    (`rules.initial(names, sheet=sheet)`) and its `check` hook too. The same object for the same sheet, once per
    process. RegistryError as `template`."""
    from functools import partial

    game = template()
    return game._replace(
        id=sheet.stored_id,
        name=sheet.name,
        rules=game.rules._replace(initial=partial(game.rules.initial, sheet=sheet)),
        check=partial(game.check, sheet=sheet) if game.check is not None else None,
    )


def verb(name: str) -> click.Command:
    """The points sheet's verb called `name` (one of VERBS); RegistryError as `template`."""
    return next(v for v in template().verbs if v.name == name)
