"""Hack Back standing as cells for the web page (scorekeeper.board): a row per Hero in
play (its number, name, owner, printed VC and VC now; at 0 VC or less it is marked out),
and the view's own sentences (who is out, who stands closest to winning)."""

from __future__ import annotations

from scorekeeper.board import Board, Row, under_table, unstyled
from scorekeeper.games.hack_back.view import status_lines
from scorekeeper.view import number

COLUMNS = ("#", "Hero", "Owner", "Printed", "VC")


def board(game_id: int, name: str, status: dict) -> Board:
    """The Board of game number `game_id` called `name`, from rules.status's dict."""
    lines = status_lines(game_id, name, status)
    rows = tuple(
        Row(
            (str(h["hero"]), h["name"], h["owner"], str(h["printed"]), number(h["vc"])),
            current=h["owner"] == status["current"],
            leading=h["owner"] in status["leaders"],
            out=h["vc"] <= 0,
        )
        for h in status["heroes"]
    )
    return Board(unstyled(lines)[0], COLUMNS, rows, under_table(lines, len(rows)))
