"""Commands every game shares: new, games, status, history, undo, redo, export, result."""

from __future__ import annotations

import click

from scorekeeper import session
from scorekeeper.cli import echo_json, main, pass_ctx
from scorekeeper.errors import InputError
from scorekeeper.names import check_new_names
from scorekeeper.store import NoDatabase
from scorekeeper.view import (hack_back_status_lines, not_a_hack_status_lines, outcome_lines,
                              status_lines)

JSON = click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")


def game_table(ctx, rules):
    """The chosen game, loaded for a command of `rules`' game; InputError for another game."""
    table = session.load(ctx.store, ctx.game_id)
    if table.game.game != rules.GAME:
        raise InputError(f"game {table.game.id} is {table.game.game}, not {rules.GAME}")
    return table


def record_and_report(ctx, table, event: dict, preface=(), explain: bool = True) -> None:
    """Record `event` (refused with nothing written if the rules forbid it), then print
    `preface`, what happened, what the rules did by themselves, the result if the game
    just ended, else the table."""
    rules = table.rules
    before, after = session.record(ctx.store, table.game.id, event)
    for line in preface:
        click.echo(line)
    click.echo(rules.describe(event) + ".")
    for note in rules.notes(before.state, after.state):
        click.echo(click.style(f"automatic: {note}", fg="yellow"))
    outcome = rules.outcome(after.state)
    if outcome and rules.GAME == "hack-attack":
        for line in outcome_lines(outcome, explain=explain):
            click.echo(line)
    else:   # the other games' status shows the result, and the notes explain it
        show_status(after)


def show_status(table) -> None:
    """Print the table in the view of its game."""
    view = {"hack-back": hack_back_status_lines,
            "not-a-hack": not_a_hack_status_lines}.get(table.rules.GAME, status_lines)
    for line in view(table.game.id, table.rules.NAME, table.rules.status(table.state)):
        click.echo(line)


@main.command()
@click.argument("game")
@click.argument("players", nargs=-1, required=True)
@pass_ctx
def new(ctx, game, players) -> None:
    """Start GAME with PLAYERS in seating order (first named plays first)."""
    from scorekeeper.rules import find_rules
    names = check_new_names(players)
    find_rules(game).initial(names)          # refused before any file is created
    table = session.new_game(ctx.creator, game, names)
    click.echo(f"Game {table.game.id}: {table.rules.NAME} with {', '.join(table.game.players)}.")
    show_status(table)


@main.command()
@JSON
@pass_ctx
def games(ctx, as_json) -> None:
    """List the games; the newest is the current one."""
    try:
        rows = ctx.reader.games()
    except NoDatabase:
        rows = []
    if as_json:
        echo_json([{"id": g.id, "game": g.game, "players": list(g.players),
                    "created": g.created, "current": i == len(rows) - 1}
                   for i, g in enumerate(rows)])
        return
    if not rows:
        click.echo("No games yet: start one with 'scorekeeper new hack-attack NAME NAME...'.")
    for i, g in enumerate(rows):
        mark = " (current)" if i == len(rows) - 1 else ""
        click.echo(f"{g.id:>4}  {g.game:<12} {', '.join(g.players)}  {g.created}{mark}")


@main.command()
@JSON
@pass_ctx
def status(ctx, as_json) -> None:
    """Who leads, each player's numbers, whose turn, what is left of the final round."""
    table = session.load(ctx.reader, ctx.game_id)
    if as_json:
        echo_json({"id": table.game.id, **table.rules.status(table.state)})
    else:
        show_status(table)


def history_entries(table) -> list[dict]:
    """Each event in force with its turn, whose turn it was, and the automatic notes."""
    rules, state, out = table.rules, table.rules.initial(table.game.players), []
    for number, step in enumerate(table.steps, start=1):
        before = rules.status(state)
        out.append({"n": number, "turn": before.get("turn", before.get("round")),
                    "current": before.get("current") or before.get("drawer"),
                    "event": step.row.event, "text": rules.describe(step.row.event),
                    "automatic": list(step.notes), "at": step.row.created})
        state = rules.apply(state, step.row.event)
    return out


@main.command()
@JSON
@pass_ctx
def history(ctx, as_json) -> None:
    """Every event in force, in order, with what the rules did by themselves."""
    entries = history_entries(session.load(ctx.reader, ctx.game_id))
    if as_json:
        echo_json(entries)
        return
    if not entries:
        click.echo("Nothing recorded yet.")
    for e in entries:
        when = f"turn {e['turn']} ({e['current']})" if e["current"] else "opening"
        click.echo(f"{e['n']:>3}. {when}: {e['text']}")
        for note in e["automatic"]:
            click.echo(click.style(f"     automatic: {note}", fg="yellow"))


def _move(ctx, kind: str) -> None:
    row, table = getattr(session, kind)(ctx.store, ctx.game_id)
    click.echo(f"{kind.capitalize()}ne: {table.rules.describe(row.event)}.")
    show_status(table)


@main.command()
@pass_ctx
def undo(ctx) -> None:
    """Take back the last event (it can be redone until something new is recorded)."""
    _move(ctx, "undo")


@main.command()
@pass_ctx
def redo(ctx) -> None:
    """Bring back the last undone event."""
    _move(ctx, "redo")


@main.command()
@pass_ctx
def export(ctx) -> None:
    """The whole game as JSON: players, the full log (undo and redo included), the
    events in force, the status and the result."""
    table = session.load(ctx.reader, ctx.game_id)
    outcome = table.rules.outcome(table.state)
    echo_json({"id": table.game.id, "game": table.game.game, "players": list(table.game.players),
               "created": table.game.created,
               "log": [{"id": r.id, "kind": r.kind, "event": r.event, "at": r.created}
                       for r in ctx.reader.log(table.game.id)],
               "events": [s.row.event for s in table.steps],
               "status": table.rules.status(table.state),
               "result": outcome.to_json() if outcome else None})


@main.command()
@click.option("--explain", is_flag=True, help="Show every check and tie-breaker with numbers.")
@JSON
@pass_ctx
def result(ctx, explain, as_json) -> None:
    """The winner(s) once the game is over, and why; before that, who leads now."""
    table = session.load(ctx.reader, ctx.game_id)
    outcome = table.rules.outcome(table.state)
    final = outcome is not None
    if not final:
        outcome = table.rules.standing(table.state)
    if as_json:
        echo_json({"id": table.game.id, "final": final, **outcome.to_json()})
        return
    if not final:
        click.echo("The game is not over yet; standing now:")
    for line in outcome_lines(outcome, explain, final):
        click.echo(line)

