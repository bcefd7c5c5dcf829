"""What the Store keeps of the players beside the log: the colour of each seat of a game
(scorekeeper.colours), in a table of its own that a score keeper from before colours
never reads, so the file stays one it can use; and the names seated in earlier games,
newest first, for a new table to start from."""

from __future__ import annotations

import json
import sqlite3

from scorekeeper.store_schema import _guarded, strict_json

#: The colours of each game's seats (JSON list, seat order); made by the first game
#: stored with colours.
COLOURS = """CREATE TABLE IF NOT EXISTS colours (
    game_id INTEGER PRIMARY KEY REFERENCES games(id),
    colours TEXT NOT NULL)"""


class Seats:
    """The Store's colours per seat and known names; mixed into scorekeeper.store.Store,
    whose connection (`conn`) it uses."""

    conn: sqlite3.Connection

    @_guarded
    def keep_colours(self, game_id: int, colours: tuple[str, ...]) -> None:
        """Store the colour of each seat of game `game_id` (inside the caller's write
        transaction)."""
        self.conn.execute(COLOURS)
        self.conn.execute(
            "INSERT OR REPLACE INTO colours (game_id, colours) VALUES (?, ?)",
            (game_id, json.dumps(list(colours))),
        )

    @_guarded
    def colours(self, game_id: int) -> tuple[str, ...] | None:
        """The colours stored for game `game_id`'s seats; None where none are (a file or a
        game from before colours, or a row that does not read as a list of texts)."""
        if not self._has_colours():
            return None
        row = self.conn.execute(
            "SELECT colours FROM colours WHERE game_id = ?", (game_id,)
        ).fetchone()
        value = _json(row[0]) if row else None
        if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
            return None
        return tuple(value)

    def colours_of(self, game_id: int, players: tuple[str, ...]) -> dict[str, str]:
        """name -> colour for each of the `players` of game `game_id`: those stored with
        it, or the palette in seat order for a game stored without them
        (scorekeeper.colours.by_seat)."""
        from scorekeeper.colours import by_seat

        return by_seat(players, self.colours(game_id))

    @_guarded
    def known_colours(self) -> dict[str, str]:
        """names.key(name) -> the colour of that player in their newest game, for every
        player of a game stored with colours."""
        from scorekeeper.names import key

        if not self._has_colours():
            return {}
        out: dict[str, str] = {}
        rows = self.conn.execute(
            "SELECT g.players, c.colours FROM games g JOIN colours c ON c.game_id = g.id "
            "ORDER BY g.id DESC"
        )
        for players, colours in rows:
            names, seats = _json(players), _json(colours)
            if isinstance(names, list) and isinstance(seats, list):
                for name, colour in zip(names, seats):
                    if isinstance(name, str) and isinstance(colour, str):
                        out.setdefault(key(name), colour)
        return out

    @_guarded
    def known_names(self) -> list[str]:
        """Every name seated in a game of the file, newest game first, each player once
        (names.key: any case), spelt as at their newest game."""
        from scorekeeper.names import key

        seen: dict[str, str] = {}
        for (players,) in self.conn.execute("SELECT players FROM games ORDER BY id DESC"):
            names = _json(players)
            for name in names if isinstance(names, list) else ():
                if isinstance(name, str):
                    seen.setdefault(key(name), name)
        return list(seen.values())

    def _has_colours(self) -> bool:
        return (
            self.conn.execute(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'colours'"
            ).fetchone()
            is not None
        )


def _json(text) -> object:
    """The JSON value of a stored column's `text`; None for a value that is not text or
    does not read (a damaged row is passed over, as a file from before colours is)."""
    if not isinstance(text, str):
        return None
    try:
        return strict_json(text)
    except (ValueError, RecursionError):
        return None
