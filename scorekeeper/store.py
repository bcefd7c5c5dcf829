"""The score keeper's SQLite event log: games and an append-only log per game.

Each log row is an action (a game event, JSON), an "undo" or a "redo"; the events in
force are a pure fold of that log (`effective_events`), so nothing is ever deleted or
rewritten. Every command runs in one transaction (`Store.transaction`). A file that
is not ours, or is from a newer schema, is refused and never touched. The Store opens
the file and reads the games table; the log's rows are read and appended by its
EventLog (scorekeeper.store_log), its saved states and card views kept by its
SavedCaches (scorekeeper.store_caches), the colours of each game's seats by its Seats
(scorekeeper.store_seats).
"""

from __future__ import annotations

import json
import os
import sqlite3
import stat
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, cast

from scorekeeper import numbers
from scorekeeper.errors import InputError, StoreError
from scorekeeper.games import SHEET_PREFIX
from scorekeeper.names import check_new_names
from scorekeeper.stamps import now, time_problem
from scorekeeper.store_caches import SavedCaches
from scorekeeper.store_log import EventLog
from scorekeeper.store_schema import (  # noqa: F401  (re-exported: what other modules use)
    _GAME_COLUMNS,
    _GAME_COLUMNS_1,
    _GAME_COLUMNS_3,
    _KINDS,
    APP_ID,
    ENV_DB,
    NEW_FILE_VERSION,
    OWN_SUFFIXES,
    SCHEMA,
    SCHEMA_VERSION,
    SHEETS,
    SNAPSHOTS,
    SNAPSHOTS_KEPT,
    LogRow,
    NoDatabase,
    NoGame,
    OutOfPlace,
    TableRow,
    _guarded,
    belongs_to,
    default_path,
    effective_events,
    path_problem,
    shown_path,
    strict_json,
)
from scorekeeper.store_seats import Seats

if TYPE_CHECKING:
    from scorekeeper.sheets import Sheet


class Store(SavedCaches, EventLog, Seats):
    """An open database. Use `transaction()` around every command's reads and writes.
    Every failure of the file or of SQLite comes out as a StoreError that starts with
    the file's name; a damaged row is named where it is read (`damaged`)."""

    def __init__(self, path: Path, create: bool = True, folders: bool = False):
        """Open `path`; a missing or empty file is set up only when `create` (commands
        that only read raise NoDatabase instead, and leave the disk as it was), and
        its missing folders made only with `folders` (for the default file: a path
        someone typed makes no folders). StoreError for a path that is no regular file
        we may read (a folder, a device, a pipe, a symlink loop...), whose folder is
        missing, and for a file that is not ours."""
        self.path = Path(path)
        self.name = shown_path(self.path)
        self.saved = False
        self._triggers: bool | None = None
        self.conn = self._open(create, folders)

    def _fresh(self) -> bool:
        """True if there is no database yet: no file (or a link to none), or an empty
        one. StoreError for a path that cannot hold ours."""
        try:
            info = os.stat(self.path)
        except FileNotFoundError:
            return True
        except (OSError, ValueError) as exc:
            raise self.refused(getattr(exc, "strerror", None) or str(exc)) from None
        kind = _KINDS.get(stat.S_IFMT(info.st_mode))
        if kind or not stat.S_ISREG(info.st_mode):
            raise self.refused(f"it is {kind or 'not a regular file'}, not a database file")
        if not os.access(self.path, os.R_OK):
            raise self.refused("it cannot be read (permission denied)")
        return info.st_size == 0

    def refused(self, why: str) -> StoreError:
        """The StoreError for a path that cannot be used at all: "NAME: WHY; name
        another file with --db"."""
        return StoreError(f"{self.name}: {why}; name another file with --db")

    def damaged(self, where: str, why: str) -> StoreError:
        """The StoreError for a damaged row: "NAME: WHERE is damaged (WHY); the file was
        left as it is"."""
        return StoreError(f"{self.name}: {where} is damaged ({why}); the file was left as it is")

    def _make_folder(self, folders: bool) -> None:
        """Make sure the file's folder is there and writable: made (with its parents) if
        `folders`, else StoreError if it is missing."""
        folder = self.path.parent
        if not folders and not os.path.isdir(folder):
            raise self.refused(f"its folder {shown_path(folder)} does not exist")
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise self.refused(f"cannot create its folder ({exc.strerror})") from None
        if not os.access(folder, os.W_OK | os.X_OK):
            raise self.refused(f"cannot create it: its folder {shown_path(folder)} is not writable")

    def _open(self, create: bool, folders: bool) -> sqlite3.Connection:
        fresh = self._fresh()
        if fresh and not create:
            raise NoDatabase("no game yet: start one with 'scorekeeper new GAME PLAYER...'")
        if fresh:
            self._make_folder(folders)
        conn, app, version = self._connect(fresh)
        if app != APP_ID:
            conn.close()
            raise StoreError(
                f"{self.name} belongs to another program (not a score keeper "
                "database); it was left untouched — name another file with --db"
            )
        if version > SCHEMA_VERSION:
            conn.close()
            raise StoreError(
                f"{self.name} was written by a newer scorekeeper (schema "
                f"{version}, this one reads {SCHEMA_VERSION}); upgrade hackpack"
            )
        self.version = version
        return conn

    @property
    def _columns(self) -> str:
        """The games columns to read: a schema 1 file (read as it is, never changed by a
        read) has no variants, so its games are read with none; a file before schema 3
        holds no points sheet."""
        if self.version >= 3:
            return _GAME_COLUMNS_3
        return _GAME_COLUMNS if self.version >= 2 else _GAME_COLUMNS_1

    def _upgrade(self) -> None:
        """Bring a schema 1 file to schema 2 (a variants column, empty for every game
        already there; the snapshots table), inside the write transaction of the first
        write that needs it: a command that only reads never changes the file."""
        if self.version < 2:
            self.conn.execute("ALTER TABLE games ADD COLUMN variants TEXT NOT NULL DEFAULT '{}'")
            for statement in SNAPSHOTS:
                self.conn.execute(statement)
            self.conn.execute("PRAGMA user_version = 2")
            self.version = 2
            self._triggers = None

    def _upgrade_for_sheets(self) -> None:
        """Bring the file to schema 3 (a games.sheet column, NULL for every game already
        there), inside the write transaction of the `new --data` that stores its first
        points sheet."""
        self._upgrade()
        if self.version < 3:
            for statement in SHEETS:
                self.conn.execute(statement)
            self.conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            self.version = SCHEMA_VERSION

    def _connect(self, fresh: bool) -> tuple[sqlite3.Connection, int, int]:
        """(connection, application_id, user_version), the schema written first if
        `fresh`; StoreError if SQLite cannot open or read the file."""
        try:
            conn = sqlite3.connect(self.path, isolation_level=None, timeout=5)
        except sqlite3.Error as exc:
            raise self._explain(exc) from None
        try:
            conn.execute("PRAGMA foreign_keys = ON")
            if fresh:  # one transaction: a half-made file is never left behind
                conn.executescript(
                    f"BEGIN IMMEDIATE; {SCHEMA} PRAGMA application_id = {APP_ID};"
                    f" PRAGMA user_version = {NEW_FILE_VERSION}; COMMIT;"
                )
            return (
                conn,
                conn.execute("PRAGMA application_id").fetchone()[0],
                conn.execute("PRAGMA user_version").fetchone()[0],
            )
        except sqlite3.Error as exc:
            conn.close()
            if isinstance(exc, sqlite3.OperationalError) or not isinstance(
                exc, sqlite3.DatabaseError
            ):
                raise self._explain(exc) from None
            raise StoreError(
                f"{self.name} is not a score keeper database ({exc}); it was "
                "left untouched — name another file with --db"
            ) from None

    def _explain(self, exc: sqlite3.Error) -> StoreError:
        """A StoreError that says in words what went wrong with the file."""
        text = str(exc)
        if "locked" in text or "busy" in text:
            why = "it is busy: another scorekeeper command is writing it; try again"
        elif "readonly" in text or "read-only" in text:
            why = "it is read-only (check the file's and its folder's permissions)"
        elif "unable to open" in text:
            why = "it cannot be opened (does the folder exist, and may you write there?)"
        elif "full" in text:
            why = "the disk is full; nothing was saved"
        elif "malformed" in text or "corrupt" in text:
            why = f"it is damaged ({text}); it was left as it is — restore a copy or use --db"
        elif "disk I/O" in text:
            why = "the disk could not be read or written (disk I/O error); nothing was saved"
        else:
            why = text
        return StoreError(f"cannot use the database {self.name}: {why}")

    @contextmanager
    def transaction(self, write: bool = True):
        """One transaction: commits on success, rolls back on any exception; database
        failures come out as StoreError. `write` False: a read transaction, one
        consistent view of the file that writes nothing. Inside an open transaction,
        it joins that one."""
        if self.conn.in_transaction:
            yield self
            return
        self._execute("BEGIN IMMEDIATE" if write else "BEGIN")
        try:
            yield self
            self._execute("COMMIT")
        except BaseException:
            self._rollback()
            raise
        self.saved = self.saved or write

    def _execute(self, sql: str) -> None:
        try:
            self.conn.execute(sql)
        except sqlite3.Error as exc:
            raise self._explain(exc) from None

    def _rollback(self) -> None:
        try:
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            self.version = self.conn.execute("PRAGMA user_version").fetchone()[0]
            self._triggers = None
        except sqlite3.Error:
            pass  # SQLite rolls back by itself what it cannot commit

    @_guarded
    def new_game(
        self, game: str, players: list[str], variants: dict | None = None, sheet: dict | None = None
    ) -> int:
        """Insert a game with its chosen variants (upgrading a schema 1 file first), or a
        points sheet's table with its settings (`sheet`: scorekeeper.sheets.Sheet.to_json;
        the file brought to schema 3 first); returns its id."""
        if sheet is None:
            self._upgrade()
        else:
            self._upgrade_for_sheets()
        values = [game, json.dumps(players, ensure_ascii=False), now(), json.dumps(variants or {})]
        if sheet is not None:
            values.append(json.dumps(sheet, ensure_ascii=False))
        columns = "game, players, created, variants" + (", sheet" if sheet is not None else "")
        cur = self.conn.execute(
            f"INSERT INTO games ({columns}) VALUES ({', '.join('?' * len(values))})", values
        )
        return cast(int, cur.lastrowid)  # an INSERT's row id

    @_guarded
    def games(self) -> list[TableRow]:
        """Every game, oldest first. StoreError (`damaged`) for a damaged row."""
        rows = self.conn.execute(f"SELECT {self._columns} FROM games ORDER BY id")
        return [self._game_row(row) for row in rows]

    @_guarded
    def game(self, game_id: int | None) -> TableRow:
        """The game with `game_id`, or the newest when None; NoGame if there is none,
        StoreError (`damaged`) if its row is damaged."""
        if game_id is not None and not 1 <= game_id < 2**63:
            raise NoGame(
                f"no game with id {numbers.shown(str(game_id))}; 'scorekeeper games' lists them"
            )
        if game_id is None:
            row = self.conn.execute(
                f"SELECT {self._columns} FROM games ORDER BY id DESC LIMIT 1"
            ).fetchone()
            if row is None:
                raise NoGame("no game yet: start one with 'scorekeeper new GAME PLAYER...'")
        else:
            row = self.conn.execute(
                f"SELECT {self._columns} FROM games WHERE id = ?", (game_id,)
            ).fetchone()
            if row is None:
                raise NoGame(f"no game with id {game_id}; 'scorekeeper games' lists them")
        return self._game_row(row)

    def _game_row(self, row: tuple) -> TableRow:
        """A TableRow from a games row; StoreError (`damaged`) naming what is wrong: a
        game id that is not printable text, a time that is not one the store writes
        (`time_problem`), players that are not JSON, or not a list of names a new game
        would accept (scorekeeper.names), or a points sheet's settings that are not
        ones `new --data` stores (`_sheet`)."""
        game_id, game, players, created, variants, sheet = row
        where = f"game {game_id}"
        if not isinstance(game, str) or not game.isprintable():
            raise self.damaged(where, "its game id is not printable text")
        why = time_problem(created)
        if why:
            raise self.damaged(where, why)
        try:
            names = strict_json(players) if isinstance(players, str) else None
        except (ValueError, RecursionError):
            raise self.damaged(where, "its players are not JSON") from None
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise self.damaged(where, "its players are not a list of names")
        try:
            if check_new_names(names) != names:
                raise InputError("a name is not in its normal form")
        except InputError as exc:
            raise self.damaged(where, f"its players: {exc}") from None
        try:
            chosen = strict_json(variants) if isinstance(variants, str) else None
        except (ValueError, RecursionError):
            raise self.damaged(where, "its variants are not JSON") from None
        if not isinstance(chosen, dict) or not all(
            isinstance(k, str) and type(v) in (bool, int) for k, v in chosen.items()
        ):
            raise self.damaged(where, "its variants are not an object of names and values")
        return TableRow(
            game_id, game, tuple(names), created, chosen, self._sheet(where, game, sheet)
        )

    def _sheet(self, where: str, game: str, stored) -> Sheet | None:
        """The points sheet stored with the game row `where` of stored game id `game`
        (scorekeeper.sheets.from_stored), None for a registered game's; StoreError
        (`damaged`) for settings that are not JSON or not a sheet's, or a sheet's game
        id without them."""
        if stored is None:
            if game.startswith(SHEET_PREFIX):
                raise self.damaged(where, "its game is a points sheet, but no sheet is stored")
            return None
        try:
            value = strict_json(stored) if isinstance(stored, str) else None
        except (ValueError, RecursionError):
            raise self.damaged(where, "its points sheet is not JSON") from None
        from scorekeeper.sheets import from_stored  # only for a points sheet's row

        try:
            return from_stored(game, value)
        except ValueError as exc:
            raise self.damaged(where, f"its points sheet: {exc}") from None

    def close(self) -> None:
        """Close the connection (errors closing it are of no use to anyone)."""
        from scorekeeper import cache

        cache.forget(self)
        try:
            self.conn.close()
        except sqlite3.Error:
            pass
