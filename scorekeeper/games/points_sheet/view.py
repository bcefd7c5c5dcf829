"""The points sheet for a terminal: the round in play (or the end), each player's points
round by round and total, and who leads or won."""

from __future__ import annotations

import click

from pnp.core.shown import plural
from scorekeeper.view import column_width, number, padded

#: Round columns shown; the rounds before them are shown summed in one column.
SHOWN_ROUNDS = 8
#: What a round with nothing recorded for a player shows.
NOTHING = "–"


def _columns(played: int) -> list[tuple[str, range]]:
    """(heading, the rounds it sums, 0-based) for each round column: R1, R2... or, past
    SHOWN_ROUNDS rounds, "R1–4" for the earlier ones summed, then the last ones alone."""
    alone = range(played - SHOWN_ROUNDS + 1 if played > SHOWN_ROUNDS else 0, played)
    summed = [(f"R1–{alone[0]}", range(alone[0]))] if alone and alone[0] else []
    return summed + [(f"R{n + 1}", range(n, n + 1)) for n in alone]


def _cell(points: list, rounds: range) -> str:
    shown = [points[n] for n in rounds if points[n] is not None]
    return number(sum(shown)) if shown else NOTHING


def status_lines(game_id: int, name: str, status: dict) -> list[str]:
    """Lines for game number `game_id` called `name`, from `status` (rules.status's
    dict): the round in play of how many (or the end), which total wins, a row per
    player with their points in each round ("–": nothing recorded) and their total (the
    leaders' rows bold), then who leads or won."""
    played, wins = status["turn"], f"{status['wins']} total wins"
    if status["over"]:
        head = f"{name} — game {game_id}: over after {plural(played, 'round')} ({wins})"
    else:
        of = f" of {status['rounds']}" if status["rounds"] else ""
        head = f"{name} — game {game_id}, round {played}{of} ({wins})"
    columns = _columns(played)
    cells = [[_cell(p["points"], rounds) for _, rounds in columns] for p in status["players"]]
    widths = [
        max(len(heading), *(len(row[i]) for row in cells)) for i, (heading, _) in enumerate(columns)
    ]
    totals = [number(p["total"]) for p in status["players"]]
    total_width = max(len("Total"), *map(len, totals))
    width = column_width((p["name"] for p in status["players"]), 6)
    headings = "  ".join(h.rjust(w) for (h, _), w in zip(columns, widths))
    lines = [head, f"  {padded('Player', width)}  {headings}  {'Total'.rjust(total_width)}"]
    for p, row, total in zip(status["players"], cells, totals):
        points = "  ".join(c.rjust(w) for c, w in zip(row, widths))
        line = f"  {padded(p['name'], width)}  {points}  {total.rjust(total_width)}"
        lines.append(click.style(line, bold=True) if p["name"] in status["leaders"] else line)
    leaders = ", ".join(status["leaders"])
    if status["result"]:
        won = "Winner" if len(status["leaders"]) == 1 else "Shared win"
        lines.append(f"{won}: {leaders}.")
    elif len(status["leaders"]) == 1:
        lines.append(f"Leading: {leaders} ({status['lead_reason']}).")
    else:
        lines.append(f"Sharing the lead: {leaders}.")
    return lines
