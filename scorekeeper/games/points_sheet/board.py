"""The points sheet's standing as cells for the web page (scorekeeper.board): a row per
player with their points round by round (the terminal view's columns: the earlier
rounds summed past view.SHOWN_ROUNDS) and total, and who leads or won."""

from __future__ import annotations

from scorekeeper.board import Board, Row, under_table, unstyled
from scorekeeper.games.points_sheet.view import _cell, _columns, status_lines
from scorekeeper.view import number


def board(game_id: int, name: str, status: dict) -> Board:
    """The Board of game number `game_id` called `name`, from rules.status's dict."""
    lines = status_lines(game_id, name, status)
    columns = _columns(status["turn"])
    rows = tuple(
        Row(
            (p["name"], *(_cell(p["points"], rounds) for _, rounds in columns), number(p["total"])),
            leading=p["name"] in status["leaders"],
        )
        for p in status["players"]
    )
    headings = ("Player", *(heading for heading, _ in columns), "Total")
    return Board(unstyled(lines)[0], headings, rows, under_table(lines, len(rows)))
