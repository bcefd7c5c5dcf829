"""The points sheet's verbs: `points`, `end-round` and `end-game`. Each passes what was
typed to scorekeeper.report.play_move, which records the move through the library (the
sheet's `make` reads it, its rules refuse anything they forbid, with nothing written)
and reports it."""

from __future__ import annotations

import click

from scorekeeper.context import complete_legal, example, pass_ctx
from scorekeeper.play import ANY_SHEET
from scorekeeper.report import play_move


def _play(ctx, name: str, **values) -> None:
    play_move(ctx, ANY_SHEET, name, values)


@example("Ana 3 Ben 5")
@click.command()
@click.argument(
    "entries",
    nargs=-1,
    required=True,
    metavar="PLAYER POINTS [PLAYER POINTS]...",
    shell_complete=complete_legal,
)
@pass_ctx
def points(ctx, entries) -> None:
    """PLAYER scores POINTS in the round in play (a whole number; negative for points
    lost); name several players at once: points Ana 3 Ben 5. A player's points in a
    round add up."""
    _play(ctx, "points", entries=list(entries))


@example()
@click.command("end-round")
@pass_ctx
def end_round(ctx) -> None:
    """End the round in play, once points are recorded in it; after the game's last
    round (its game.toml's [scoring] rounds) the game ends and is scored."""
    _play(ctx, "end-round")


@example()
@click.command("end-game")
@pass_ctx
def end_game(ctx) -> None:
    """End the game and score it, in a game whose game.toml sets no number of rounds
    (the round in play counts if points are recorded in it)."""
    _play(ctx, "end-game")
