"""Hack Back status table for a terminal: the opening or whose turn and action, every
Hero in play with its VC, who is out, and who stands closest to winning."""

from __future__ import annotations

import click

from scorekeeper.layout import Block, Column, Row, Table
from scorekeeper.view import number

#: The table's columns; stacked, a Hero reads "#1 Script Kiddie — VC 11", then
#: "Owner Ana · Printed 9".
COLUMNS = (
    Column("#", least=3),
    Column("Hero", right=False),
    Column("Owner", right=False),
    Column("Printed"),
    Column("VC", least=3),
)


def status_lines(game_id: int, name: str, status: dict) -> list[Block]:
    """Lines for game number `game_id` called `name`, from `status` (rules.status's
    dict): the opening or whose turn and action, every Hero in play with its VC, who is
    out, and the result or who stands closest to winning. The Heroes are a
    scorekeeper.layout.Table."""
    if status["phase"] == "opening":
        head = (
            f"{name} — game {game_id}: opening — waiting for "
            + ", ".join(status["waiting_for"])
            + " to reveal a Hero"
        )
    elif status["over"] and not status.get("turns_played", 1):
        head = f"{name} — game {game_id}: over in the opening, before any turn"
    elif status["over"]:
        head = f"{name} — game {game_id}: over after turn {status['turn']}"
    else:
        head = f"{name} — game {game_id}, turn {status['turn']}: " + click.style(
            f"{status['current']}'s turn, action {status['action']} of 2", bold=True
        )
    lines: list[Block] = [head]
    if status["heroes"]:
        rows = tuple(
            Row(
                (str(h["hero"]), h["name"], h["owner"], str(h["printed"]), number(h["vc"])),
                bold=h["vc"] <= 0,
            )
            for h in status["heroes"]
        )
        lines.append(Table(COLUMNS, rows, title="#{0} {1}", beside=4))
    if status["eliminated"]:
        lines.append("Out: " + ", ".join(status["eliminated"]))
    if status["result"]:
        winners = status["result"]["winners"]
        if not winners:
            lines.append("Everyone loses.")
        else:
            lines.append(
                ("Winner: " if len(winners) == 1 else "Tie: ")
                + ", ".join(winners)
                + f" ({status['result']['reason']})."
            )
    elif status["leaders"] and status["phase"] == "play":
        lines.append(
            f"Closest to winning: {', '.join(status['leaders'])} ({status['lead_reason']})."
        )
    return lines
