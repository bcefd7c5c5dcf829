"""The points sheet for a terminal: the round in play (or the end), each player's points
round by round and total, and who leads or won."""

from __future__ import annotations

from pnp.core.shown import plural
from scorekeeper.layout import Block, Column, Row, Table
from scorekeeper.view import number

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


def status_lines(game_id: int, name: str, status: dict) -> list[Block]:
    """Lines for game number `game_id` called `name`, from `status` (rules.status's
    dict): the round in play of how many (or the end), which total wins, a row per
    player with their points in each round ("–": nothing recorded) and their total (the
    leaders' rows bold; a scorekeeper.layout.Table, stacked "Ana — Total 10", then
    "R1 5 · R2 4 · R3 1"), then who leads or won."""
    played, wins = status["turn"], f"{status['wins']} total wins"
    if status["over"]:
        head = f"{name} — game {game_id}: over after {plural(played, 'round')} ({wins})"
    else:
        of = f" of {status['rounds']}" if status["rounds"] else ""
        head = f"{name} — game {game_id}, round {played}{of} ({wins})"
    columns = _columns(played)
    rows = tuple(
        Row(
            (p["name"], *(_cell(p["points"], rounds) for _, rounds in columns), number(p["total"])),
            bold=p["name"] in status["leaders"],
        )
        for p in status["players"]
    )
    headings = (
        Column("Player", right=False),
        *(Column(heading) for heading, _ in columns),
        Column("Total"),
    )
    lines: list[Block] = [head, Table(headings, rows, beside=len(headings) - 1)]
    leaders = ", ".join(status["leaders"])
    if status["result"]:
        won = "Winner" if len(status["leaders"]) == 1 else "Shared win"
        lines.append(f"{won}: {leaders}.")
    elif len(status["leaders"]) == 1:
        lines.append(f"Leading: {leaders} ({status['lead_reason']}).")
    else:
        lines.append(f"Sharing the lead: {leaders}.")
    return lines
