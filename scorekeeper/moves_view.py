"""`scorekeeper moves`: what can happen now, as the rules say (scorekeeper.legal),
grouped by who may do it, each move with the verb to type, the rulebook's name for it,
and what each of its values may be; `--json` for scripts (the page's moves.json too)."""

from __future__ import annotations

from typing import Sequence

import click

from pnp.core.terminal import echo_json
from scorekeeper.context import JSON, pass_ctx
from scorekeeper.layout import echo_lines, fitted, output_width
from scorekeeper.legal import Move, Param, by_who


@click.command("moves")
@JSON
@pass_ctx
def moves(ctx, as_json) -> None:
    """What can happen now: each move the rules make legal in the chosen game, who may
    make it, and what each of its values may be (the verb to type, then the rulebook's
    name for the move)."""
    from scorekeeper import session

    table = session.current(ctx.reader, ctx.game_id)
    legal = table.game.legal(table.state)
    if as_json:
        echo_json(moves_json(table.row, table.game.rules.status(table.state), legal))
        return
    width = output_width()
    echo_lines(moves_lines(table.game.name, table.row.id, table.row.players, legal, width), width)


#: The most choices listed for one value; `moves --json` lists them all.
LISTED = 8
#: Where a move's name and its values start, after its verb.
COLUMN = 15


def moves_lines(
    name: str, game_id: int, seated: Sequence[str], moves: Sequence[Move], width: int | None = None
) -> list[str]:
    """The lines of `scorekeeper moves` for game number `game_id` of `name`, laid out
    for `width` printed columns (None: one line each): each move's verb, then its name
    in the rulebook's words, then a line per value it takes, in plain words."""
    if not moves:
        return [
            f"{name} — game {game_id} is over: no move is legal (undo takes back the last one)."
        ]
    lines = [f"{name} — game {game_id}: legal now"]
    for who, grouped in by_who(moves, seated):
        lines.append(f"{who}:")
        for move in grouped:
            lines += fitted(f"  {move.name:<{COLUMN - 2}}{move.label}", width, COLUMN)
            said = [line for p in move.params for line in param_lines(p)]
            if move.more:
                chosen = " and ".join(p.label for p in move.params if p.name in move.more)
                said.append(f"then: what else it takes depends on the {chosen.lower()}")
            lines += [out for line in said for out in fitted(" " * COLUMN + line, width)]
    return lines


def param_lines(param: Param) -> list[str]:
    """A param's line: "Tech card: laptop, smart-tv, …"; an "each" param's, its label
    then one line per entry."""
    if param.kind == "each":
        return [f"{param.label}:", *("  " + line for p in param.each for line in param_lines(p))]
    optional = "" if param.required else " (optional)"
    return [f"{param.label}: {values_text(param)}{optional}"]


def values_text(param: Param) -> str:
    """What a param takes, in words: "Dora or Eve", "1..20", "on or off", "up to 2 of
    backups, …", "as typed": the values typed (card ids, names), a number with what it
    stands for ("2 (#2 Script Kiddie (9 VC, Ben))")."""
    if param.kind == "number":
        return f"{_number(param.low)}..{_number(param.high)}"
    if param.kind == "flag":
        return "on or off"
    if param.kind == "text":
        return "as typed" + (f" ({param.hint})" if param.hint else "")
    if not param.choices:
        return "no legal choice"
    shown = [f"{c.value} ({c.label})" if c.value.isdigit() else c.value for c in param.choices]
    listed = ", ".join(shown[:LISTED])
    if len(shown) > LISTED:
        listed += f", … ({len(shown)} in all: moves --json lists them)"
    elif len(shown) > 1:
        listed = ", ".join(shown[:-1]) + " or " + shown[-1]
    return f"up to {param.many} of {listed}" if param.many > 1 else listed


def _number(n: int | None) -> str:
    from scorekeeper.view import number

    return "any" if n is None else number(n)


def moves_json(row, status: dict, moves: Sequence[Move]) -> dict:
    """`scorekeeper moves --json` (and the page's moves.json): the game's number and id,
    whether it is over, the player to act, the players, and each move legal now
    (Move.to_json)."""
    return {
        "id": row.id,
        "game": row.game,
        "over": status["over"],
        "current": status["current"],
        "players": list(row.players),
        "moves": [m.to_json() for m in moves],
    }
