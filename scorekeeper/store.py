"""The score keeper's SQLite event log: games and an append-only log per game.

Each log row is an action (a game event, JSON), an "undo" or a "redo"; the events in
force are a pure fold of that log (`effective_events`), so nothing is ever deleted or
rewritten. Every command runs in one transaction (`Store.transaction`). A file that
is not ours, or is from a newer schema, is refused and never touched.
"""

from __future__ import annotations

import json
import os
import sqlite3
from contextlib import contextmanager
from typing import NamedTuple
from pathlib import Path

from scorekeeper.errors import InputError, StoreError


class NoDatabase(InputError):
    """A read-only command found no database file (nothing was created)."""

APP_ID = 0x48504B31  # "HPK1", stored as SQLite's application_id
SCHEMA_VERSION = 1
ENV_DB = "SCOREKEEPER_DB"

SCHEMA = """
CREATE TABLE games (
    id      INTEGER PRIMARY KEY,
    game    TEXT NOT NULL,
    players TEXT NOT NULL,           -- JSON list of names in seating order
    created TEXT NOT NULL
);
CREATE TABLE log (
    id      INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games(id),
    kind    TEXT NOT NULL CHECK (kind IN ('action', 'undo', 'redo')),
    event   TEXT,                    -- JSON event for actions, NULL otherwise
    created TEXT NOT NULL
);
CREATE INDEX log_by_game ON log (game_id, id);
"""


def default_path() -> Path:
    """The database file: $SCOREKEEPER_DB, else scorekeeper.sqlite3 in the user data folder."""
    if os.environ.get(ENV_DB):
        return Path(os.environ[ENV_DB])
    from platformdirs import user_data_dir
    return Path(user_data_dir("hackpack", appauthor=False)) / "scorekeeper.sqlite3"


class GameRow(NamedTuple):
    """A game in the database: id, game id (as pnp's registry spells it), players in
    seating order, creation time."""

    id: int
    game: str
    players: tuple[str, ...]
    created: str


class LogRow(NamedTuple):
    """One log row: id, kind ("action", "undo", "redo"), event (for actions), time."""

    id: int
    kind: str
    event: dict | None
    created: str


def effective_events(rows: list[LogRow]) -> tuple[list[LogRow], list[LogRow]]:
    """(actions in force, actions undone and redoable), folding undo/redo rows in order.
    A new action clears what could be redone."""
    done: list[LogRow] = []
    undone: list[LogRow] = []
    for row in rows:
        if row.kind == "action":
            done.append(row)
            undone.clear()
        elif row.kind == "undo" and done:
            undone.append(done.pop())
        elif row.kind == "redo" and undone:
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


def _now() -> str:
    from datetime import datetime, timezone  # only commands that write need it
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


class Store:
    """An open database. Use `transaction()` around every command's reads and writes."""

    def __init__(self, path: Path, create: bool = True):
        """Open `path`; a missing or empty file is set up only when `create` (commands
        that only read raise NoDatabase instead, and leave the disk as it was)."""
        self.path = Path(path)
        self.conn = self._open(create)

    def _open(self, create: bool) -> sqlite3.Connection:
        fresh = not self.path.exists() or self.path.stat().st_size == 0
        if fresh and not create:
            raise NoDatabase("no game yet: start one with 'scorekeeper new GAME PLAYER...'")
        if fresh:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise StoreError(f"cannot create the folder {self.path.parent}: "
                                 f"{exc.strerror}") from None
        try:
            conn = sqlite3.connect(self.path, isolation_level=None, timeout=5)
            conn.execute("PRAGMA foreign_keys = ON")
            if fresh:  # one transaction: a half-made file is never left behind
                conn.executescript(f"BEGIN IMMEDIATE; {SCHEMA} PRAGMA application_id = {APP_ID};"
                                   f" PRAGMA user_version = {SCHEMA_VERSION}; COMMIT;")
            app, version = (conn.execute("PRAGMA application_id").fetchone()[0],
                            conn.execute("PRAGMA user_version").fetchone()[0])
        except sqlite3.OperationalError as exc:
            raise self._explain(exc) from None
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{self.path} is not a score keeper database ({exc}); it was "
                             "left untouched — name another file with --db") from None
        if app != APP_ID:
            conn.close()
            raise StoreError(f"{self.path} belongs to another program (not a score keeper "
                             "database); it was left untouched — name another file with --db")
        if version > SCHEMA_VERSION:
            conn.close()
            raise StoreError(f"{self.path} was written by a newer scorekeeper (schema "
                             f"{version}, this one reads {SCHEMA_VERSION}); upgrade hackpack")
        return conn

    def _explain(self, exc: sqlite3.Error) -> StoreError:
        """A StoreError that says in words what went wrong with the file."""
        text = str(exc)
        if "locked" in text or "busy" in text:
            why = "it is busy: another scorekeeper command is writing it; try again"
        elif "readonly" in text or "read-only" in text:
            why = "it is read-only (check the file's and its folder's permissions)"
        elif "unable to open" in text:
            why = "it cannot be opened (does the folder exist, and may you write there?)"
        elif "malformed" in text or "corrupt" in text:
            why = f"it is damaged ({text}); it was left as it is — restore a copy or use --db"
        else:
            why = text
        return StoreError(f"cannot use the database {self.path}: {why}")

    @contextmanager
    def transaction(self):
        """One transaction: commits on success, rolls back on any exception; database
        failures come out as StoreError."""
        try:
            self.conn.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            raise self._explain(exc) from None
        try:
            yield self
            self.conn.execute("COMMIT")
        except sqlite3.Error as exc:
            self._rollback()
            raise self._explain(exc) from None
        except BaseException:
            self._rollback()
            raise

    def _rollback(self) -> None:
        if self.conn.in_transaction:
            self.conn.execute("ROLLBACK")



    @_guarded
    def new_game(self, game: str, players: list[str]) -> int:
        """Insert a game; returns its id."""
        cur = self.conn.execute("INSERT INTO games (game, players, created) VALUES (?, ?, ?)",
                                (game, json.dumps(players, ensure_ascii=False), _now()))
        return cur.lastrowid

    @_guarded
    def games(self) -> list[GameRow]:
        """Every game, oldest first."""
        rows = self.conn.execute("SELECT id, game, players, created FROM games ORDER BY id")
        return [GameRow(i, g, tuple(json.loads(p)), c) for i, g, p, c in rows]

    @_guarded
    def game(self, game_id: int | None) -> GameRow:
        """The game with `game_id`, or the newest when None; InputError if there is none."""
        if game_id is not None and not 1 <= game_id < 2 ** 63:
            raise InputError(f"no game with id {game_id}; 'scorekeeper games' lists them")
        if game_id is None:
            row = self.conn.execute("SELECT id, game, players, created FROM games "
                                    "ORDER BY id DESC LIMIT 1").fetchone()
            if row is None:
                raise InputError("no game yet: start one with 'scorekeeper new GAME PLAYER...'")
        else:
            row = self.conn.execute("SELECT id, game, players, created FROM games WHERE id = ?",
                                    (game_id,)).fetchone()
            if row is None:
                raise InputError(f"no game with id {game_id}; 'scorekeeper games' lists them")
        return GameRow(row[0], row[1], tuple(json.loads(row[2])), row[3])

    @_guarded
    def log(self, game_id: int) -> list[LogRow]:
        """Every log row of a game, in order."""
        rows = self.conn.execute("SELECT id, kind, event, created FROM log WHERE game_id = ? "
                                 "ORDER BY id", (game_id,)).fetchall()
        events = json.loads("[" + ",".join(e or "null" for _, _, e, _ in rows) + "]")
        return [LogRow(i, k, e, c) for (i, k, _, c), e in zip(rows, events)]

    @_guarded
    def append(self, game_id: int, kind: str, event: dict | None = None) -> LogRow:
        """Append one log row; returns it as read back would give it."""
        created = _now()
        text = json.dumps(event, ensure_ascii=False) if event else None
        cur = self.conn.execute(
            "INSERT INTO log (game_id, kind, event, created) VALUES (?, ?, ?, ?)",
            (game_id, kind, text, created))
        return LogRow(cur.lastrowid, kind, json.loads(text) if text else None, created)

    def close(self) -> None:
        self.conn.close()
