"""What the Store keeps to save work, beside the log (scorekeeper.cache lists every
cache): saved states (the snapshots table, each checked by a CRC-32 of the state and of
its action's log row, trusted only while the triggers watch the log) and card views
(the card_views table, each with its CRC-32)."""

from __future__ import annotations

import sqlite3
import zlib
from collections.abc import Callable

from scorekeeper.store_schema import SNAPSHOTS_KEPT, _guarded


class SavedCaches:
    """The Store's saved states and card views; mixed into scorekeeper.store.Store, whose
    connection (`conn`), schema `version`, `_upgrade` and `_triggers` it uses."""

    conn: sqlite3.Connection
    version: int
    _triggers: bool | None
    _upgrade: Callable[[], None]

    def _log_digest(self, game_id: int, action: int) -> int | None:
        """A CRC-32 of the log row of `action`, all columns (the rows before it are
        watched by the triggers, `_watched`); None if the triggers are not all there,
        so that no saved state is trusted."""
        if not self._watched():
            return None
        row = self.conn.execute(
            "SELECT id || char(31) || kind || char(31) || "
            "coalesce(event, '') || char(31) || created FROM log WHERE "
            "game_id = ? AND id = ?",
            (game_id, action),
        ).fetchone()
        return zlib.crc32((row[0] if row else "").encode("utf-8", "surrogatepass"))

    def _watched(self) -> bool:
        """True if the triggers that empty a game's saved states when its log or game
        row is changed by hand are all in the file (checked once per open)."""
        if self._triggers is None:
            names = {
                n
                for (n,) in self.conn.execute(
                    "SELECT name FROM sqlite_master WHERE type = 'trigger'"
                )
            }
            self._triggers = {"log_edited", "log_removed", "game_edited"} <= names
        return self._triggers

    @_guarded
    def snapshot(self, game_id: int, action: int) -> tuple[int, str] | None:
        """The saved state after `action` (a log id) of a game: (the game's log rows up
        to that action when it was saved, the state as text), or None: none saved, or
        one whose check (a CRC-32 of the state and of its action's log row) fails, or
        any while the triggers that watch the log are not all there: a state or a log
        row changed by hand is never trusted; a snapshots table dropped by hand is
        none."""
        if self.version < 2:
            return None
        try:
            row = self.conn.execute(
                "SELECT rows, state FROM snapshots WHERE game_id = ? AND action = ?",
                (game_id, action),
            ).fetchone()
        except sqlite3.OperationalError as exc:
            if "no such table" in str(exc):
                return None
            raise
        if not row or not isinstance(row[1], str):
            return None
        check, _, text = row[1].partition(":")
        log = self._log_digest(game_id, action)
        if log is None:
            return None
        digest = zlib.crc32(text.encode("utf-8", "surrogatepass"), log)
        return (row[0], text) if check == f"{digest:08x}" else None

    @_guarded
    def save_snapshot(self, game_id: int, action: int, state: str) -> None:
        """Save the state after `action` (upgrading a schema 1 file first) with the
        number of log rows up to it and its check (`snapshot`), keeping the game's
        newest SNAPSHOTS_KEPT; nothing if the snapshots table was dropped by hand."""
        self._upgrade()
        log = self._log_digest(game_id, action)
        if log is None:
            return
        digest = zlib.crc32(state.encode("utf-8", "surrogatepass"), log)
        try:
            self.conn.execute(
                "INSERT OR REPLACE INTO snapshots (game_id, action, rows, state) "
                "VALUES (?, ?, (SELECT count(*) FROM log WHERE game_id = ? AND "
                "id <= ?), ?)",
                (game_id, action, game_id, action, f"{digest:08x}:{state}"),
            )
        except sqlite3.OperationalError as exc:
            if "no such table" in str(exc):
                return
            raise
        self.conn.execute(
            "DELETE FROM snapshots WHERE game_id = ? AND action NOT IN (SELECT "
            "action FROM snapshots WHERE game_id = ? ORDER BY action DESC "
            "LIMIT ?)",
            (game_id, game_id, SNAPSHOTS_KEPT),
        )

    @_guarded
    def keep_card_views(self, views: dict[str, tuple[str, str]]) -> None:
        """Write card views (game -> (what it was made from, the view as text)) in the
        open write transaction, each with its CRC-32 (scorekeeper.cache: they go with a
        command's log row). A card_views table dropped by hand: nothing is kept."""
        self._upgrade()
        try:
            self.conn.executemany(
                "INSERT OR REPLACE INTO card_views (game, key, view) VALUES (?, ?, ?)",
                [(g, k, f"{_crc(v):08x}:{v}") for g, (k, v) in views.items()],
            )
        except sqlite3.OperationalError as exc:
            if "no such table" not in str(exc):
                raise

    @_guarded
    def card_view(self, game: str) -> tuple[str, str] | None:
        """The kept card view of `game`: (what it was made from, the view as text), or
        None: none kept, one whose CRC-32 does not match (changed by hand), or a
        card_views table dropped by hand."""
        if self.version < 2:
            return None
        try:
            row = self.conn.execute(
                "SELECT key, view FROM card_views WHERE game = ?", (game,)
            ).fetchone()
        except sqlite3.OperationalError as exc:
            if "no such table" in str(exc):
                return None
            raise
        if not row or not all(isinstance(x, str) for x in row):
            return None
        check, _, view = row[1].partition(":")
        return (row[0], view) if check == f"{_crc(view):08x}" else None


def _crc(text: str) -> int:
    """CRC-32 of `text` (UTF-8; lone surrogates kept)."""
    return zlib.crc32(text.encode("utf-8", "surrogatepass"))
