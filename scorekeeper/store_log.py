"""The Store's log table: each game's append-only rows (an action with its event, an
"undo" or a "redo"), read in order and checked as they are read (a damaged row is named
by its place in the log), read without their events for the action on top, and
appended. Mixed into scorekeeper.store.Store, beside the games table and the saved
caches (scorekeeper.store_caches)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from typing import cast

from scorekeeper.errors import StoreError
from scorekeeper.stamps import is_time, now, time_matcher, time_problem
from scorekeeper.store_schema import _LOG_KINDS, LogRow, _guarded, _sound, strict_json


class EventLog:
    """The Store's log rows; mixed into scorekeeper.store.Store, whose connection
    (`conn`), `damaged` and (through `_guarded`) `_explain` it uses."""

    conn: sqlite3.Connection
    damaged: Callable[[str, str], StoreError]

    @_guarded
    def log_key(self, game_id: int) -> tuple:
        """What changes whenever a game's log could have: SQLite's data_version (any
        write committed by another connection), this connection's total changes (any
        write by it), the game's log rows and the last row's id (rows rolled back). Two
        equal keys of one Store mean the same log (session.load keeps its last replay)."""
        count, last = self.conn.execute(
            "SELECT count(*), max(id) FROM log WHERE game_id = ?", (game_id,)
        ).fetchone()
        version = self.conn.execute("PRAGMA data_version").fetchone()[0]
        return version, self.conn.total_changes, game_id, count, last

    @_guarded
    def changes(self) -> tuple:
        """What changes whenever anything a table shows could have, in any game: the
        games' and the log's row counts and last ids (a new game, an action, an undo or
        a redo each add a row). Equal for two reads of an unchanged file, in any
        connection (a page watching the file compares them)."""
        return (
            *self.conn.execute("SELECT count(*), max(id) FROM games").fetchone(),
            *self.conn.execute("SELECT count(*), max(id) FROM log").fetchone(),
        )

    @_guarded
    def log_heads(self, game_id: int) -> list[LogRow]:
        """Every log row of a game, id and kind only (event None, time ""): enough for
        `effective_events` to find the action on top without reading the events."""
        return list(
            map(
                LogRow._make,
                self.conn.execute(
                    "SELECT id, kind, NULL, '' FROM log WHERE game_id = ? ORDER BY id", (game_id,)
                ),
            )
        )

    @_guarded
    def last_head(self, game_id: int) -> tuple[LogRow, int] | None:
        """The last log row of a game, id and kind only (as `log_heads` reads it), and
        its place in the log (the game's number of rows); None for an empty log. Two
        reads of the index, whatever the log's length."""
        row = self.conn.execute(
            "SELECT id, kind, NULL, '' FROM log WHERE game_id = ? ORDER BY id DESC LIMIT 1",
            (game_id,),
        ).fetchone()
        if row is None:
            return None
        count = self.conn.execute("SELECT count(*) FROM log WHERE game_id = ?", (game_id,))
        return LogRow._make(row), count.fetchone()[0]

    @_guarded
    def sound_after(self, game_id: int, after: int) -> bool:
        """True if every log row of a game with an id above `after` is sound as `log`
        checks it (its kind, its time, an action's event a JSON object with a text
        "type", none on an undo or redo); the events' JSON is checked by SQLite, not
        parsed. False: for `log` to name the row."""
        try:
            bad = self.conn.execute(
                "SELECT 1 FROM log WHERE game_id = ? AND id > ? AND NOT coalesce(CASE kind "
                "WHEN 'action' THEN CASE WHEN typeof(event) = 'text' AND json_valid(event) "
                "THEN json_type(event) = 'object' AND json_type(event, '$.type') = 'text' "
                "ELSE 0 END WHEN 'undo' THEN event IS NULL WHEN 'redo' THEN event IS NULL "
                "ELSE 0 END, 0) LIMIT 1",
                (game_id, after),
            ).fetchone()
        except sqlite3.OperationalError:  # JSON SQLite cannot read (nested too deep)
            return False
        if bad:
            return False
        fullmatch = time_matcher()
        return all(
            is_time(created, fullmatch)
            for (created,) in self.conn.execute(
                "SELECT created FROM log WHERE game_id = ? AND id > ?", (game_id, after)
            )
        )

    @_guarded
    def last_times(self) -> dict[int, str]:
        """game id -> the time of the last row of its log (its latest action, undo or
        redo), for every game with a log, in one query without reading any event.
        StoreError (`damaged`, naming the row by its place in the log as `log` does)
        for a time that is not one the store writes."""
        found: dict[int, str] = {}
        for game_id, number, created in self.conn.execute(
            "SELECT log.game_id, last.n, log.created FROM log JOIN (SELECT game_id, "
            "count(*) AS n, max(id) AS top FROM log GROUP BY game_id) AS last "
            "ON log.id = last.top"
        ):
            why = time_problem(created)
            if why:
                raise self.damaged(f"game {game_id}, event {number}", why)
            found[game_id] = created
        return found

    @_guarded
    def log_row(self, game_id: int, row_id: int) -> LogRow:
        """One log row of a game, read and checked as `log` reads it (StoreError,
        `damaged`, naming it by its place in the log)."""
        row = self.conn.execute(
            "SELECT id, kind, event, created FROM log WHERE game_id = ? AND id = ?",
            (game_id, row_id),
        ).fetchone()
        number = self.conn.execute(
            "SELECT count(*) FROM log WHERE game_id = ? AND id <= ?", (game_id, row_id)
        ).fetchone()[0]
        return LogRow(row[0], row[1], self._event(game_id, number, row), row[3])

    @_guarded
    def log(self, game_id: int) -> list[LogRow]:
        """Every log row of a game, in order. StoreError (`damaged`) naming the first
        damaged row ("game 3, event 7": the 7th row of game 3's log, as `export` lists
        it): one whose kind is unknown or whose time is not one the store writes; an
        action whose event is missing, not JSON, not a JSON object or has no text
        "type"; an undo or redo that holds an event. (Where an undo or redo stands is
        checked by `effective_events`.)"""
        rows = self.conn.execute(
            "SELECT id, kind, event, created FROM log WHERE game_id = ? ORDER BY id", (game_id,)
        ).fetchall()
        try:  # the common case in one JSON parse; any doubt: row by row, to name it
            events = strict_json(
                "[" + ",".join(e if k == "action" else "null" for _, k, e, _ in rows) + "]"
            )
        except (ValueError, TypeError, RecursionError):
            events = None
        if events is None or not _sound(rows, events):
            events = [self._event(game_id, n, row) for n, row in enumerate(rows, start=1)]
        return [LogRow(i, k, e, c) for (i, k, _, c), e in zip(rows, events)]

    def _event(self, game_id: int, number: int, row: tuple) -> dict | None:
        """The event of one log row, read alone; StoreError (`damaged`) if it is wrong."""
        _, kind, text, created = row
        where = f"game {game_id}, event {number}"
        if kind not in _LOG_KINDS:
            raise self.damaged(where, "its kind is neither action, undo nor redo")
        why = time_problem(created)
        if why:
            raise self.damaged(where, why)
        if kind != "action":
            if text is not None:
                raise self.damaged(
                    where, f"it is {'an undo' if kind == 'undo' else 'a redo'} yet holds an event"
                )
            return None
        if text is None:
            raise self.damaged(where, "it is an action without its event")
        try:
            event = strict_json(text) if isinstance(text, str) else None
        except (ValueError, RecursionError):
            raise self.damaged(where, "not JSON") from None
        if not isinstance(event, dict):
            raise self.damaged(where, "not a JSON object")
        if not isinstance(event.get("type"), str):
            raise self.damaged(where, "it has no event type")
        return event

    @_guarded
    def append(self, game_id: int, kind: str, event: dict | None = None) -> LogRow:
        """Append one log row; returns the row as read back would give it."""
        created = now()
        text = json.dumps(event, ensure_ascii=False) if event else None
        cur = self.conn.execute(
            "INSERT INTO log (game_id, kind, event, created) VALUES (?, ?, ?, ?)",
            (game_id, kind, text, created),
        )
        return LogRow(cast(int, cur.lastrowid), kind, json.loads(text) if text else None, created)
