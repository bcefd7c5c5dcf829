"""Hack Back status table for a terminal: the opening or whose turn and action, every
Hero in play with its VC, who is out, and who stands closest to winning."""

from __future__ import annotations

import click

from scorekeeper.view import column_width, number, padded


def status_lines(game_id: int, name: str, status: dict) -> list[str]:
    """Lines for game number `game_id` called `name`, from `status` (rules.status's
    dict): the opening or whose turn and action, every Hero in play with its VC, who is
    out, and the result or who stands closest to winning."""
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
    lines = [head]
    if status["heroes"]:
        width = column_width((h["name"] for h in status["heroes"]), 4)
        owners = column_width((h["owner"] for h in status["heroes"]), 5)
        lines.append(
            f"  {'#':>3}  {padded('Hero', width)}  {padded('Owner', owners)}  Printed   VC"
        )
        for h in status["heroes"]:
            row = (
                f"  {h['hero']:>3}  {padded(h['name'], width)}  {padded(h['owner'], owners)}"
                f"  {h['printed']:>7}  {number(h['vc']):>3}"
            )
            lines.append(click.style(row, bold=True) if h["vc"] <= 0 else row)
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
