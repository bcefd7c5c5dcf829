"""What Hack Back's web page shows beyond its terminal table (scorekeeper.board): the
Heroes of the player to act marked, the Heroes of a player who is out struck out, and
the closest to winning (a Hero at 0 VC or less wins, which the terminal shows bold) as
the leaders."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # a Board is only handed in: `status` never imports scorekeeper.board
    from scorekeeper.board import Board


def board(shown: Board, status: dict) -> Board:
    """`shown` (the status table's Board, a row per Hero) with who is to act, leads
    and is out, from rules.status's dict."""
    return shown._replace(
        rows=tuple(
            row._replace(
                current=h["owner"] == status["current"],
                leading=h["owner"] in status["leaders"],
                out=h["owner"] in status["eliminated"],
            )
            for row, h in zip(shown.rows, status["heroes"])
        )
    )
