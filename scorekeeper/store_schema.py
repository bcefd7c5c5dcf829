"""The score keeper's file, below the Store: its schema, where it lives and how its path
is shown, the rows it holds (TableRow, LogRow), the events in force as a pure fold of a
log (`effective_events`), and reading its JSON strictly. `scorekeeper.store` re-exports
what other modules use."""

from __future__ import annotations

import json
import os
import sqlite3
import stat
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.core.records import NamedTuple
from scorekeeper.errors import InputError, StoreError, quoted
from scorekeeper.stamps import is_time, time_matcher

if TYPE_CHECKING:
    from scorekeeper.sheets import Sheet


class NoGame(InputError):
    """No game of that id, or no game yet: what the page answers 404."""


class NoDatabase(NoGame):
    """A read-only command found no database file (nothing was created)."""


APP_ID = 0x48504B31  # "HPK1", stored as SQLite's application_id
#: The newest schema this score keeper reads and writes. 2: games.variants and snapshots
#: (a schema 1 file is upgraded by its next write). 3: games.sheet, the settings of a
#: data-only game's points sheet (scorekeeper.sheets), added by the first `new --data`:
#: a file that holds no points sheet stays at 2, as the score keepers before points
#: sheets wrote it and can read it.
SCHEMA_VERSION = 3
#: The schema of a new file (SCHEMA).
NEW_FILE_VERSION = 2
ENV_DB = "SCOREKEEPER_DB"

#: Every statement may run twice: two commands that find no file at once both write it.
SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id      INTEGER PRIMARY KEY,
    game    TEXT NOT NULL,
    players TEXT NOT NULL,           -- JSON list of names in seating order
    created TEXT NOT NULL,
    variants TEXT NOT NULL DEFAULT '{}'  -- JSON object: the official variants chosen
);
CREATE TABLE IF NOT EXISTS log (
    id      INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games(id),
    kind    TEXT NOT NULL CHECK (kind IN ('action', 'undo', 'redo')),
    event   TEXT,                    -- JSON event for actions, NULL otherwise
    created TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS log_by_game ON log (game_id, id);
"""
#: Schema 2's caches: saved states, the state after an action (snapshot.py; a log or game
#: row changed by hand empties its game's: the triggers), and card views.
SNAPSHOTS = (
    """CREATE TABLE IF NOT EXISTS snapshots (
    game_id INTEGER NOT NULL REFERENCES games(id),
    action  INTEGER NOT NULL,        -- the log id of the action on top of those in force
    rows    INTEGER NOT NULL,        -- the game's log rows up to that action, when saved
    state   TEXT NOT NULL,
    PRIMARY KEY (game_id, action))""",
    """CREATE TRIGGER IF NOT EXISTS log_edited AFTER UPDATE ON log BEGIN
    DELETE FROM snapshots WHERE game_id IN (old.game_id, new.game_id); END""",
    """CREATE TRIGGER IF NOT EXISTS log_removed AFTER DELETE ON log BEGIN
    DELETE FROM snapshots WHERE game_id = old.game_id; END""",
    """CREATE TRIGGER IF NOT EXISTS game_edited AFTER UPDATE ON games BEGIN
    DELETE FROM snapshots WHERE game_id IN (old.id, new.id); END""",
    # a cache: what the table needs of a game's cards (scorekeeper.cards.card_view)
    """CREATE TABLE IF NOT EXISTS card_views (
    game TEXT PRIMARY KEY,
    key  TEXT NOT NULL,              -- what it was made from (data files, code)
    view TEXT NOT NULL)""",
)
SCHEMA += "".join(f"{statement};\n" for statement in SNAPSHOTS)
#: Saved states kept per game: the newest actions' (an undo goes back to an older one).
SNAPSHOTS_KEPT = 64


#: Schema 3's column: a points sheet's settings (JSON: scorekeeper.sheets.Sheet.to_json),
#: NULL for a registered game's table.
SHEETS = ("ALTER TABLE games ADD COLUMN sheet TEXT",)

_GAME_COLUMNS_3 = "id, game, players, created, variants, sheet"
_GAME_COLUMNS = "id, game, players, created, variants, NULL"  # a schema 2 file: no sheets
_GAME_COLUMNS_1 = "id, game, players, created, '{}', NULL"  # a schema 1 file read as it is


#: The files that belong to a database DB, by what follows its name: DB itself, SQLite's
#: journals, and the keys of `scorekeeper serve`'s links (scorekeeper.web.keys).
OWN_SUFFIXES = ("", "-journal", "-wal", "-shm", ".keys.json")


def belongs_to(path: Path, db: Path) -> bool:
    """True if `path` is the database `db` or one of its own files (OWN_SUFFIXES), by
    name or as the same file on disk: what no other output may overwrite."""
    for suffix in OWN_SUFFIXES:
        own = db.with_name(db.name + suffix)
        if path.absolute() == own.absolute():
            return True
        if path.exists() and own.exists() and os.path.samefile(path, own):
            return True
    return False


def default_path() -> Path:
    """The database file: $SCOREKEEPER_DB, else scorekeeper.sqlite3 in the user data folder
    (platformdirs). A relative XDG_DATA_HOME is ignored, as the XDG Base Directory spec
    says, instead of putting the file under the current folder. StoreError if
    SCOREKEEPER_DB is set but empty or blank (`path_problem`)."""
    named = os.environ.get(ENV_DB)
    if named is not None:
        why = path_problem(named)
        if why:
            raise StoreError(f"{ENV_DB} is set but {why}: unset it or name a file")
        return Path(named)
    from platformdirs import user_data_dir

    folder = user_data_dir("hackpack", appauthor=False)
    if not os.path.isabs(folder):  # only a relative XDG_DATA_HOME gives a relative one
        folder = os.path.join(os.path.expanduser("~"), ".local", "share", "hackpack")
    return Path(folder) / "scorekeeper.sqlite3"


def path_problem(text: str) -> str | None:
    """Why `text` cannot name the database file, in words: "empty", or "blank: ' ' is
    only white space" (spaces, tabs, line breaks); None if it can."""
    if not text:
        return "empty"
    if not text.strip():
        return f"blank: {quoted(text)} is only white space"
    return None


def shown_path(path: Path) -> str:
    """A file name for a message: as it is, or quoted and shortened if it is long or
    holds characters that do not print."""
    text = str(path)
    return text if len(text) <= 200 and text.isprintable() else quoted(text, 100)


class TableRow(NamedTuple):
    """A table in the database (one game as played): its id (the number `--game`
    takes), the id of its game (as the manifest spells it; a points sheet's:
    "sheet:ID"), players in seating order, creation time, the official variants chosen
    at `new` ({name: true or a whole number}; empty for the standard rules), and a
    points sheet's settings (None for a registered game's table)."""

    id: int
    game: str
    players: tuple[str, ...]
    created: str
    variants: dict = {}
    sheet: Sheet | None = None


class LogRow(NamedTuple):
    """One log row: id, kind ("action", "undo", "redo"), event (for actions), time."""

    id: int
    kind: str
    event: dict | None
    created: str


class OutOfPlace(ValueError):
    """A log row that cannot stand where it is (`effective_events`): `row`, and `why`."""

    def __init__(self, row: LogRow, why: str):
        super().__init__(why)
        self.row, self.why = row, why


def effective_events(rows: list[LogRow]) -> tuple[list[LogRow], list[LogRow]]:
    """(actions in force, actions undone and redoable), folding undo/redo rows in order.
    A new action clears what could be redone. OutOfPlace for a row no command writes:
    an undo with no action in force, a redo with nothing undone since the last action."""
    done: list[LogRow] = []
    undone: list[LogRow] = []
    for row in rows:
        if row.kind == "action":
            done.append(row)
            undone.clear()
        elif row.kind == "undo":
            if not done:
                raise OutOfPlace(row, "an undo with no action before it to take back")
            undone.append(done.pop())
        elif row.kind == "redo":
            if not undone:
                raise OutOfPlace(row, "a redo with no undone action to bring back")
            done.append(undone.pop())
    return done, undone


def _guarded(method):
    """Turn sqlite3 failures inside a Store method into a StoreError that explains them."""

    def run(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except sqlite3.Error as exc:
            raise self._explain(exc) from None

    run.__doc__, run.__name__ = method.__doc__, method.__name__
    return run


_LOG_KINDS = frozenset({"action", "undo", "redo"})
_KINDS = {
    stat.S_IFDIR: "a folder",
    stat.S_IFCHR: "a device",
    stat.S_IFBLK: "a device",
    stat.S_IFIFO: "a pipe (FIFO)",
    stat.S_IFSOCK: "a socket",
}


def _no_constant(name: str):
    raise ValueError(f"{name} is not JSON")


def strict_json(text: str):
    """`text` read as JSON, which has no NaN or Infinity: ValueError for those (Python's
    reader takes them), as for any other text that is not JSON."""
    return json.loads(text, parse_constant=_no_constant)


def _sound(rows: list[tuple], events: list) -> bool:
    """True if the log rows and their events from the one-parse read look right: one
    event a row, each row of a known kind with a time the store writes (`is_time`), each
    action's event a JSON object with a text "type", no event on an undo or a redo.
    (One loop, no call per row but the time's: it runs on every command.)"""
    if len(events) != len(rows):
        return False
    fullmatch = time_matcher()
    for (_, kind, text, created), event in zip(rows, events):
        if kind == "action":
            if type(event) is not dict or type(event.get("type")) is not str:
                return False
        elif kind not in _LOG_KINDS or text is not None:
            return False
        if not is_time(created, fullmatch):
            return False
    return True
