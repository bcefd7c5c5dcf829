"""Hack Attack: Defense status table for a terminal: whose turn, each player's Protected
Tech, points, User Errors and total, who leads, and the final round."""

from __future__ import annotations

import click

from scorekeeper.layout import Block, Column, Row, Table
from scorekeeper.view import number

#: The table's columns; stacked, a row reads "▶ Ana — Total 3", then "Tech 1 · ...".
COLUMNS = (
    Column("Player", right=False),
    Column("Tech"),
    Column("Points"),
    Column("User Errors"),
    Column("Total"),
)


def status_lines(game_id: int, name: str, status: dict) -> list[Block]:
    """Lines for game number `game_id` called `name`, from `status` (rules.status's
    dict): whose turn, the table of each player's numbers (scorekeeper.layout.Table),
    who leads, the final round."""
    if status["over"]:
        head = f"{name} — game {game_id}: over after turn {status['turn']}"
    else:
        head = f"{name} — game {game_id}, turn {status['turn']}: " + click.style(
            f"{status['current']}'s turn", bold=True
        )
    rows = tuple(
        Row(
            (
                p["name"],
                str(p["protected"]),
                str(p["points"]),
                str(p["user_errors"]),
                number(p["total"]),
            ),
            mark=click.style("▶", fg="cyan") if p["name"] == status["current"] else " ",
            bold=p["name"] in status["leaders"],
        )
        for p in status["players"]
    )
    lines: list[Block] = [head, Table(COLUMNS, rows, beside=4), lead_line(status)]
    if status["final_round"] and not status["over"]:
        left = status["last_turns_remaining"]
        lines.append(
            click.style(
                f"Final round (started by {status['final_round_started_by']}): "
                f"last turns left — {', '.join(left) if left else 'none'}",
                fg="yellow",
            )
        )
    return lines


def lead_line(status: dict) -> str:
    """Who leads (or won) and on which rule, and what ends the game."""
    leaders, reason = status["leaders"], status["lead_reason"]
    best = number(max(p["total"] for p in status["players"]))
    names = " and ".join([", ".join(leaders[:-1]), leaders[-1]] if len(leaders) > 1 else leaders)
    verb = (
        ("won" if status["over"] else "leads")
        if len(leaders) == 1
        else ("share the win" if status["over"] else "share the lead")
    )
    why = {
        "highest total": f"with {best}",
        "tie-breaker: fewest Protected Tech": f"with {best}, on fewer Protected Tech",
        "shared win": f"with {best}",
    }.get(reason, "")
    end = (
        ""
        if status["over"] or status["final_round"]
        else f" {status['target']} Protected Tech start the final round."
    )
    return f"{names} {verb} {why}.{end}"
