"""The shared commands that read the table or move along its log: games, status,
history, undo, redo, export and result. Each asks the game's `Game`
(scorekeeper.game) for its rules and view; importing this module imports no other
shared command, no game and nothing of `check`, `stats` or `serve`, so `status` pays
only for reading the store, the saved state and its own game's view."""

from __future__ import annotations

import click

from pnp.core.terminal import echo, echo_json
from scorekeeper import session
from scorekeeper.context import JSON, pass_ctx
from scorekeeper.game import variant_lines
from scorekeeper.games import playable
from scorekeeper.layout import echo_lines, fitted, output_width
from scorekeeper.report import echo_automatic, history_entries, history_line, show_status
from scorekeeper.store import NoDatabase
from scorekeeper.view import column_width, local_time, outcome_lines, padded


@click.command()
@JSON
@pass_ctx
def games(ctx, as_json) -> None:
    """List the games, the newest (the current one) last, each with when it started (your
    local time; --json gives the stored UTC time with its offset)."""
    try:
        rows = session.games(ctx.reader)
    except NoDatabase:
        rows = []
    if as_json:
        echo_json(
            [
                {
                    "id": g.id,
                    "game": g.game,
                    "players": list(g.players),
                    "created": g.created,
                    "variants": g.variants,
                    "current": i == len(rows) - 1,
                }
                for i, g in enumerate(rows)
            ]
        )
        return
    if not rows:
        echo(
            "No games yet: start one with 'scorekeeper new GAME NAME NAME...' "
            f"(GAME: {', '.join(playable())})."
        )
    width = column_width([", ".join(g.players) for g in rows], 0)
    ids = column_width([g.game for g in rows], 12)  # a points sheet's "sheet:..." is longer
    for i, g in enumerate(rows):
        mark = " (current)" if i == len(rows) - 1 else ""
        chosen = ", ".join(k if v is True else f"{k}={v}" for k, v in g.variants.items())
        variants = f"  (variants: {chosen})" if chosen else ""
        echo(
            f"{g.id:>4}  {padded(g.game, ids)} {padded(', '.join(g.players), width)}  "
            f"{local_time(g.created)}{variants}{mark}"
        )


@click.command()
@JSON
@pass_ctx
def status(ctx, as_json) -> None:
    """Who leads, each player's numbers, whose turn, and what is left before the end."""
    table = session.current(ctx.reader, ctx.game_id)
    if as_json:
        echo_json(
            {
                "id": table.row.id,
                **table.game.rules.status(table.state),
                "variants": table.row.variants,
                "colours": ctx.reader.colours_of(table.row.id, table.row.players),
            }
        )
    else:
        show_status(table)


def warn_retuned(table: session.Table) -> None:
    """A `Warning:` line on stderr for each card the game names that today's card data
    no longer prints (scorekeeper.retuned)."""
    from scorekeeper.retuned import retuned

    for line in retuned(table):
        echo(f"Warning: game {table.row.id}, {line}.", err=True)


@click.command()
@JSON
@pass_ctx
def history(ctx, as_json) -> None:
    """Every event in force, in order, with what the rules did by themselves."""
    table = session.load(ctx.reader, ctx.game_id)
    warn_retuned(table)
    entries = history_entries(table)
    if as_json:
        echo_json(entries)
        return
    if not entries:
        echo("Nothing recorded yet.")
    width = output_width()
    for e in entries:
        for line in fitted(f"{e['n']:>3}. {history_line(e)}", width, hang=HISTORY_HANG):
            echo(line)
        for note in e["automatic"]:
            echo_automatic(note, width, indent=" " * HISTORY_HANG)


#: Where a wrapped `history` entry's next lines start: under the text after "  1. ".
HISTORY_HANG = 5


def _move(ctx, kind: str) -> None:
    row, table = getattr(session, kind)(ctx.store, ctx.game_id)
    echo_lines([f"{kind.capitalize()}ne: {table.game.rules.describe(row.event)}."])
    show_status(table)


@click.command()
@pass_ctx
def undo(ctx) -> None:
    """Take back the last event (it can be redone until something new is recorded)."""
    _move(ctx, "undo")


@click.command()
@pass_ctx
def redo(ctx) -> None:
    """Bring back the last undone event."""
    _move(ctx, "redo")


@click.command()
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    hidden=True,
    help="Accepted for symmetry: export always prints JSON.",
)
@pass_ctx
def export(ctx, as_json) -> None:
    """The whole game as JSON: players and their colours, the full log (undo and redo
    included), the events in force, the status and the result."""
    table = session.load(ctx.reader, ctx.game_id)
    warn_retuned(table)
    rules = table.game.rules
    outcome = rules.outcome(table.state)
    echo_json(
        {
            "id": table.row.id,
            "game": table.row.game,
            "players": list(table.row.players),
            "created": table.row.created,
            "variants": table.row.variants,
            "colours": ctx.reader.colours_of(table.row.id, table.row.players),
            "log": [
                {"id": r.id, "kind": r.kind, "event": r.event, "at": r.created} for r in table.log
            ],
            "events": [s.row.event for s in table.steps],
            "status": rules.status(table.state),
            "result": outcome.to_json() if outcome else None,
        }
    )


@click.command()
@click.option("--explain", is_flag=True, help="Show every check and tie-breaker with numbers.")
@JSON
@pass_ctx
def result(ctx, explain, as_json) -> None:
    """The winner(s) once the game is over, and why; before that, who leads now."""
    table = session.current(ctx.reader, ctx.game_id)
    rules = table.game.rules
    outcome = rules.outcome(table.state)
    final = outcome is not None
    if outcome is None:
        outcome = rules.standing(table.state)
    if as_json:
        echo_json(
            {
                "id": table.row.id,
                "final": final,
                **outcome.to_json(),
                "variants": table.row.variants,
            }
        )
        return
    lines = outcome_lines(outcome, explain, final)
    if explain:
        lines[1:1] = variant_lines(table.game.variants, table.row.variants)
    if not final:
        lines.insert(0, "The game is not over yet; standing now:")
    echo_lines(lines)
