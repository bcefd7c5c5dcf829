"""The points sheet's verbs: `points`, `end-round` and `end-game`. Each checks what was
typed, builds the event, and lets scorekeeper.report record it (the rules refuse
anything they forbid, with nothing written) and report it."""

from __future__ import annotations

import click

from scorekeeper import session
from scorekeeper.context import PlayerValues, complete_player, example, pass_ctx
from scorekeeper.errors import InputError, UsageError, quoted
from scorekeeper.games.points_sheet.rules import POINTS
from scorekeeper.names import resolve
from scorekeeper.numbers import whole
from scorekeeper.report import record_and_report
from scorekeeper.sheets import is_sheet


def sheet_table(ctx) -> session.Current:
    """The chosen game (ctx.game_id, else the newest), for a verb of the points sheet.
    InputError if it is a registered game's table, or if there is no game yet."""
    table = session.current(ctx.store, ctx.game_id)
    if not is_sheet(table.row.game):
        raise InputError(
            f"game {table.row.id} is {table.row.game}, not a points sheet "
            "(a data-only game's, started with new --data)"
        )
    return table


def read_scores(entries: tuple[str, ...], players: tuple[str, ...]) -> dict[str, int]:
    """ "Ana 3 Ben -2" typed as words -> {"Ana": 3, "Ben": -2}: each seated player
    (names.resolve) followed by their points, POINTS' range. UsageError for a player
    without points or text where the points belong; InputError for an unknown player,
    one named twice, or points out of range."""
    if len(entries) % 2:
        raise UsageError(
            "each PLAYER is followed by their POINTS, as in points Ana 3 Ben 5; the "
            f"last word, {quoted(entries[-1])}, has none"
        )
    scores: dict[str, int] = {}
    for typed, points in zip(entries[::2], entries[1::2]):
        name = resolve(typed, players)
        if name in scores:
            raise InputError(
                f"{name} is named twice; give each player's points once (a player's "
                "points in a round add up from one command to the next)"
            )
        scores[name] = whole(points, *POINTS, f"{name}'s points")
    return scores


@example("Ana 3 Ben 5")
@click.command()
@click.argument(
    "entries",
    nargs=-1,
    required=True,
    metavar="PLAYER POINTS [PLAYER POINTS]...",
    shell_complete=complete_player,
    cls=PlayerValues,
)
@pass_ctx
def points(ctx, entries) -> None:
    """PLAYER scores POINTS in the round in play (a whole number; negative for points
    lost); name several players at once: points Ana 3 Ben 5. A player's points in a
    round add up."""
    table = sheet_table(ctx)
    scores = read_scores(entries, table.row.players)
    record_and_report(ctx, table, {"type": "points", "scores": scores})


@example()
@click.command("end-round")
@pass_ctx
def end_round(ctx) -> None:
    """End the round in play, once points are recorded in it; after the game's last
    round (its game.toml's [scoring] rounds) the game ends and is scored."""
    record_and_report(ctx, sheet_table(ctx), {"type": "end-round"})


@example()
@click.command("end-game")
@pass_ctx
def end_game(ctx) -> None:
    """End the game and score it, in a game whose game.toml sets no number of rounds
    (the round in play counts if points are recorded in it)."""
    record_and_report(ctx, sheet_table(ctx), {"type": "end-game"})
