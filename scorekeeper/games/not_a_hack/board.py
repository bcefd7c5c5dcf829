"""What Not a Hack's web page shows beyond its terminal table (scorekeeper.board): the
player who draws the black card marked (the terminal says it in its head line)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # a Board is only handed in: `status` never imports scorekeeper.board
    from scorekeeper.board import Board


def board(shown: Board, status: dict) -> Board:
    """`shown` (the status table's Board) with the player to act marked."""
    return shown._replace(
        rows=tuple(
            row._replace(current=p["name"] == status["current"])
            for row, p in zip(shown.rows, status["players"])
        )
    )
