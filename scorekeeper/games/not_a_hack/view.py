"""Not a Hack status table for a terminal: who draws the black card (or the hack-off),
each player's hacks, actions, total and New Account cards, and who leads."""

from __future__ import annotations

import click

from scorekeeper.layout import Block, Column, Row, Table
from scorekeeper.view import number

#: The table's columns; stacked, a row reads "Ben — Total −2  banned", then
#: "Hacks (cards) 0 (0) · Actions −2 · Accounts 1".
COLUMNS = (
    Column("Player", right=False),
    Column("Hacks (cards)"),
    Column("Actions"),
    Column("Total"),
    Column("Accounts"),
)


def status_lines(game_id: int, name: str, status: dict) -> list[Block]:
    """Lines for game number `game_id` called `name`, from `status` (rules.status's
    dict): who draws next (or the hack-off), each player's points, bans and New Account
    cards (a scorekeeper.layout.Table), and the winner or who leads."""
    if status["over"]:
        head = f"{name} — game {game_id}: over"
    elif status["phase"] == "hack-off":
        head = f"{name} — game {game_id}: " + click.style(
            "final hack-off: " + " vs ".join(status["finalists"]), bold=True
        )
    else:
        head = f"{name} — game {game_id}, turn {status['turn']}: " + click.style(
            f"{status['current']} draws the black card", bold=True
        )
    rows = tuple(
        Row(
            (
                p["name"],
                f"{len(p['hacks'])} ({sum(p['hacks'])})",
                number(sum(p["actions"])),
                number(p["total"]),
                str(p["new_accounts"]),
            ),
            bold=p["name"] in status["leaders"],
            note="banned" if p["banned"] else "",
        )
        for p in status["players"]
    )
    lines: list[Block] = [head, Table(COLUMNS, rows, beside=3)]
    if status["result"] and not status["result"]["winners"]:
        lines.append(f"No winner: {status['result']['reason']}.")
    elif status["result"]:
        lines.append(f"Winner: {', '.join(status['result']['winners'])}.")
    else:
        lines.append(f"Leading: {', '.join(status['leaders'])} ({status['lead_reason']}).")
    return lines
