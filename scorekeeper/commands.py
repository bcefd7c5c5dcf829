"""Commands every game shares: new, games, status, moves, history, undo, redo, export,
result, stats (scorekeeper.stats_command), check and help. Game-neutral: each asks the game's
`Game` (scorekeeper.game) for its rules, view and hooks. The CLI (scorekeeper.cli) adds
them to its group with every game's verbs."""

from __future__ import annotations

from typing import cast

import click

from pnp.core.terminal import echo, echo_json
from scorekeeper import session
from scorekeeper.check_command import check, registered_or_hint
from scorekeeper.context import JSON, pass_ctx, variant_option
from scorekeeper.errors import InputError, RegistryError
from scorekeeper.game import variant_lines
from scorekeeper.games import (
    SHEET_OWNER,
    SHEET_VERBS,
    load_game,
    note_problem,
    offered,
    playable,
    problems,
)
from scorekeeper.help_page import verb_lines
from scorekeeper.layout import echo_lines, fitted, output_width
from scorekeeper.moves_view import moves
from scorekeeper.report import echo_automatic, history_entries, history_line, show_status
from scorekeeper.sheet_help import complete_game_ids, data_help_lines
from scorekeeper.stats_command import stats
from scorekeeper.store import NoDatabase
from scorekeeper.view import column_width, local_time, outcome_lines, padded
from scorekeeper.web.command import serve


@click.command()
@click.argument("game", shell_complete=complete_game_ids)
@click.argument("players", nargs=-1, required=True)
@variant_option()
@click.option(
    "--first",
    metavar="NAME",
    help="Who goes first, where the rules let the table pick (Hack Attack: Defense, Not "
    "a Hack): the players are seated from NAME on, clockwise.",
)
@click.option(
    "--colour",
    "colours",
    multiple=True,
    metavar="NAME=COLOUR",
    help="A player's colour (orange, sky, green, yellow, blue, red, purple, grey, brown, "
    "teal, pink, navy); by default each keeps their colour from their last game.",
)
@click.option(
    "--data",
    "data_dir",
    metavar="DIR",
    help="Keep a points sheet for the data-only game GAME, found as DIR/GAME/game.toml "
    "(DIR: the data folder holding one folder per game, as pnp's --data).",
)
@pass_ctx
def new(ctx, game, players, variants, first, colours, data_dir) -> None:
    """Start GAME (a game id or alias; a wrong one is answered with the list) with
    PLAYERS in seating order (first named plays first, or --first), by the standard
    rules or with the official variants chosen (--variant). With --data DIR, GAME is a
    data-only game's folder in DIR, kept on a points sheet: rounds, points per player,
    and the highest or lowest total wins, as its game.toml says."""
    from scorekeeper.start import start_table

    if data_dir is None:
        spec = registered_or_hint(game)
        if spec.id not in {g.id for g in playing()}:
            left_out = [p for p in problems() if p.startswith(f"game {spec.id} ")]
            raise InputError(left_out[0] if left_out else f"{spec.name} cannot be played now")
    table = start_table(lambda: ctx.creator, game, players, variants, first, colours, data_dir)
    echo_started(table)


def echo_started(table: session.Table) -> None:
    """Print a table just started: "Game 3: Hack Back with Ana, Ben.", then its status."""
    from scorekeeper.start import started_line

    echo_lines([started_line(table)])
    show_status(table)


@click.command()
@click.option(
    "--rotate",
    is_flag=True,
    help="Seat them from the next player on (where the rules let the table pick who goes first).",
)
@pass_ctx
def rematch(ctx, rotate) -> None:
    """Start the chosen game again (the newest, or --game N): the same game, players,
    variants and colours, in the same seats, or --rotate."""
    from scorekeeper.start import rematch as again

    echo_started(again(ctx.store, ctx.game_id, rotate))


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


@click.command("help")
@click.argument("game", required=False, shell_complete=complete_game_ids)
@click.option(
    "--data",
    "data_dir",
    metavar="DIR",
    help="GAME is the data-only game DIR/GAME/game.toml: its points sheet's page; "
    "without GAME, the data-only games DIR holds.",
)
@click.pass_context
def help_command(click_ctx, game, data_dir) -> None:
    """One GAME's verbs (a game id or alias), each with a one-line example to copy;
    without GAME, every command, grouped by game (as --help). With --data DIR, a
    data-only game's points sheet: how to start it, its verbs, its scoring."""
    shared = [cast(str, c.name) for c in SHARED]  # every command is named
    width = click_ctx.make_formatter().width
    if data_dir is not None:
        lines = data_help_lines(data_dir, game, width, shared)
    elif game is None:
        echo(click_ctx.parent.get_help())
        return
    else:
        lines = verb_lines(registered_or_hint(game), width, shared)
    for line in lines:
        echo(line)


#: The commands every game shares, in the order `--help` lists them.
SHARED: tuple[click.Command, ...] = (
    new,
    rematch,
    games,
    status,
    moves,
    history,
    undo,
    redo,
    export,
    result,
    stats,
    check,
    help_command,
    serve,
)


def taken() -> dict[str, str]:
    """verb name -> who declares it, for the verbs no registered game may declare: the
    shared commands' and the points sheet's (scorekeeper.games.SHEET_VERBS, names
    only)."""
    return {
        **{cast(str, c.name): "the shared commands" for c in SHARED},
        **dict.fromkeys(SHEET_VERBS, SHEET_OWNER),
    }


def verb_games() -> dict[str, str]:
    """verb name -> the id of the game whose verb it is, for every game whose verbs the
    CLI offers (scorekeeper.games.offered: read from the manifests, a game declaring a
    verb the shared commands, the points sheet or an earlier game already declare left
    out with one line); imports the rules of no game whose manifest declares its verbs."""
    return {verb: game_id for game_id, verbs in offered(taken()).items() for verb in verbs}


def playing() -> list:
    """The games whose verbs the CLI offers (`verb_games`, and a game that declares no
    verb), each loaded: a game that does not load is left out with one line
    (scorekeeper.games.problems) and the others keep working."""
    kept = []
    for game_id in offered(taken()):
        try:
            kept.append(load_game(game_id))
        except RegistryError as exc:
            note_problem(str(exc))
    return kept
