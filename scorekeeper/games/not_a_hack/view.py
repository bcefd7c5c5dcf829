"""Not a Hack status table for a terminal: who draws the black card (or the hack-off),
each player's hacks, actions, total and New Account cards, and who leads."""

from __future__ import annotations

import click

from scorekeeper.view import column_width, number, padded


def status_lines(game_id: int, name: str, status: dict) -> list[str]:
    """Lines for game number `game_id` called `name`, from `status` (rules.status's
    dict): who draws next (or the hack-off), each player's points, bans and New Account
    cards, and the winner or who leads."""
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
    width = column_width((p["name"] for p in status["players"]), 6)
    lines = [head, f"  {padded('Player', width)}  Hacks (cards)  Actions  Total  Accounts"]
    for p in status["players"]:
        flag = "  banned" if p["banned"] else ""
        won = f"{len(p['hacks'])} ({sum(p['hacks'])})"
        row = (
            f"  {padded(p['name'], width)}  {won:>13}  {number(sum(p['actions'])):>7}  "
            f"{number(p['total']):>5}  {p['new_accounts']:>8}{flag}"
        )
        lines.append(click.style(row, bold=True) if p["name"] in status["leaders"] else row)
    if status["result"]:
        lines.append(f"Winner: {', '.join(status['result']['winners'])}.")
    else:
        lines.append(f"Leading: {', '.join(status['leaders'])} ({status['lead_reason']}).")
    return lines
