"""Hack Attack: Defense standing as cells for the web page (scorekeeper.board): a row per
player with their Protected Tech, points, User Errors and total, the Tech named under
it, and the view's own sentences (who leads, the final round)."""

from __future__ import annotations

from scorekeeper.board import Board, Row, under_table, unstyled
from scorekeeper.games.hack_attack.view import status_lines
from scorekeeper.view import number

COLUMNS = ("Player", "Tech", "Points", "User Errors", "Total")


def board(game_id: int, name: str, status: dict) -> Board:
    """The Board of game number `game_id` called `name`, from rules.status's dict."""
    lines = status_lines(game_id, name, status)
    rows = tuple(
        Row(
            (
                p["name"],
                str(p["protected"]),
                str(p["points"]),
                str(p["user_errors"]),
                number(p["total"]),
            ),
            current=p["name"] == status["current"],
            leading=p["name"] in status["leaders"],
            detail=", ".join(f"{t['name'] or t['points']} ({t['points']})" for t in p["tech"]),
        )
        for p in status["players"]
    )
    return Board(unstyled(lines)[0], COLUMNS, rows, under_table(lines, len(rows)))
