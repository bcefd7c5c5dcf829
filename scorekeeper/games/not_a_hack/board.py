"""Not a Hack standing as cells for the web page (scorekeeper.board): a row per player
with their hacks (and the cards in them), actions, total and New Account cards, banned
players marked, and the view's own sentence (who leads or won)."""

from __future__ import annotations

from scorekeeper.board import Board, Row, under_table, unstyled
from scorekeeper.games.not_a_hack.view import status_lines
from scorekeeper.view import number

COLUMNS = ("Player", "Hacks (cards)", "Actions", "Total", "Accounts")


def board(game_id: int, name: str, status: dict) -> Board:
    """The Board of game number `game_id` called `name`, from rules.status's dict."""
    lines = status_lines(game_id, name, status)
    rows = tuple(
        Row(
            (
                p["name"],
                f"{len(p['hacks'])} ({sum(p['hacks'])})",
                number(sum(p["actions"])),
                number(p["total"]),
                str(p["new_accounts"]),
            ),
            current=p["name"] == status["current"],
            leading=p["name"] in status["leaders"],
            out=p["banned"],
            detail="banned" if p["banned"] else "",
        )
        for p in status["players"]
    )
    return Board(unstyled(lines)[0], COLUMNS, rows, under_table(lines, len(rows)))
