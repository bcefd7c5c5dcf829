"""What Hack Attack: Defense's web page shows beyond its terminal table
(scorekeeper.board): under each player, the Tech they Protected, by name and points."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # a Board is only handed in: `status` never imports scorekeeper.board
    from scorekeeper.board import Board


def board(shown: Board, status: dict) -> Board:
    """`shown` (the status table's Board) with each player's Protected Tech as detail."""
    return shown._replace(
        rows=tuple(
            row._replace(
                detail=", ".join(f"{t['name'] or t['points']} ({t['points']})" for t in p["tech"])
            )
            for row, p in zip(shown.rows, status["players"])
        )
    )
