"""The games a data folder holds (the DIR of `--data DIR`, one folder per game), for
`--all` and for shell completion: each registered game whose folder (named by its id)
is there, a shipped game's copy from `pnp export-data --format folder` among them, and
each data-only game (pnp.faces.kit), a folder named by a game id holding a game.toml.

A folder holding a game.toml that is none of these is named with the reason, never
left out silently: a name that is no game id, or is a registered game's alias (that
game is read from the folder named by its id), is a warning; a game.toml that names no
faces and no card tables, the points sheet of a game kept by the score keeper alone
(README, "A data-only game's points sheet"), has nothing to print: a note. Other
folders (fonts, shared art, .git) are not games and are passed over.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from pnp.core.errors import PnpError, Problem
from pnp.core.shown import PATH_LIMIT, quoted
from pnp.data.schema import ID_PATTERN, MAX_ID


@dataclass(frozen=True)
class Held:
    """What a data folder holds: the games (`games`: the registered ones it has a folder
    of, in the registry's order, then the data-only ones by name), which of them are
    data-only (`data_only`), and a warning or note for each folder holding a game.toml
    that is not among them (`passed_over`)."""

    games: tuple[str, ...]
    data_only: tuple[str, ...]
    passed_over: tuple[Problem, ...]


def game_id_like(name: str) -> bool:
    """True when `name` could be a game's id (and so its folder's name): kebab-case, at
    most MAX_ID characters."""
    return len(name) <= MAX_ID and bool(ID_PATTERN.match(name))


def games_in(data_dir: Path) -> Held:
    """The games the data folder `data_dir` holds (module docstring). PnpError, one line,
    when it is not a folder or cannot be listed."""
    import pnp.core.games
    from pnp.core.errors import UnknownGame

    folder = Path(data_dir)
    names = _folders(folder)
    registered = [g for g in pnp.core.games.game_ids() if g in names]
    data_only: list[str] = []
    passed: list[Problem] = []
    for name in sorted(set(names) - set(registered)):
        toml = folder / name / "game.toml"
        if name.startswith(".") or not toml.is_file():
            continue
        try:
            known: str | None = pnp.core.games.resolve(name)
        except UnknownGame:
            known = None
        if known is not None:
            passed.append(_warning(toml, f"not read: {name} names {known}, read from {known}/"))
        elif not game_id_like(name):
            passed.append(
                _warning(
                    toml,
                    f"not read: the folder's name {quoted(name, 48)} is no game id "
                    "(lowercase letters and digits in words joined by '-', at most 48 "
                    "characters); rename it to its game's id",
                )
            )
        elif _sheet_only(toml):
            passed.append(
                Problem(
                    toml,
                    "prints nothing: it names no faces and no [[tables]] (a points "
                    "sheet for the score keeper)",
                    level="note",
                )
            )
        else:
            data_only.append(name)
    return Held((*registered, *data_only), tuple(data_only), tuple(passed))


def _folders(folder: Path) -> list[str]:
    """The names of the folders in `folder` (links to folders too); PnpError, one line,
    if it is not a folder or cannot be listed."""
    shown = quoted(folder, PATH_LIMIT)
    try:
        with os.scandir(folder) as entries:
            return [e.name for e in entries if e.is_dir()]
    except FileNotFoundError:
        raise PnpError(f"the data folder {shown} does not exist") from None
    except NotADirectoryError:
        raise PnpError(f"the data folder {shown} is a file, not a folder") from None
    except OSError as exc:
        raise PnpError(f"cannot list the data folder {shown}: {exc.strerror or exc}") from None


def _warning(file: Path, message: str) -> Problem:
    return Problem(file, message, level="warning")


def _sheet_only(toml: Path) -> bool:
    """Whether the game.toml at `toml` reads and names neither `faces` nor `tables`:
    a points sheet's settings alone. A file that does not read is a game to check."""
    from pnp.data.toml_source import read_toml

    read = read_toml(toml)
    return not isinstance(read, Problem) and not {"faces", "tables"} & set(read.data)
