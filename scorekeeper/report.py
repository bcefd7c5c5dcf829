"""Recording a move at the table and reporting it, the same way for every game: what
happened, what the rules did by themselves, then the result or the status table. Used
by every game's verbs (`play_move`) and by the shared commands."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import click

from pnp.core.terminal import echo
from scorekeeper import session
from scorekeeper.game import variant_lines
from scorekeeper.layout import echo_lines, fitted, output_width
from scorekeeper.view import head_line

if TYPE_CHECKING:
    from scorekeeper.play import Played


def play_move(ctx, game: str, name: str, values: dict) -> None:
    """A verb's whole work: record move `name` of `game` (a game id, or
    scorekeeper.play.ANY_SHEET) with the typed `values` on the chosen game (ctx.game_id,
    else the newest) through scorekeeper.play.record_move (refused with nothing
    written), then print what happened (`echo_played`)."""
    from scorekeeper.play import record_move

    echo_played(record_move(ctx.store, ctx.game_id, name, values, game))


def echo_played(played: Played) -> None:
    """Print a recorded move: what the game said, what happened and the automatic
    notes; then, if the game just ended, the outcome (the head line, then the
    explanation lines the notes did not already print), else the status table. All of
    it is laid out for the output's width (scorekeeper.layout.output_width)."""
    width = output_width()
    echo_lines([*played.said, played.line + "."], width)
    for note in played.notes:
        echo_automatic(note, width)
    if played.outcome is None:
        show_status(session.Current(played.row, played.game, played.after), width)
        return
    explained = [line for line in played.outcome.explanation if line not in played.notes]
    echo_lines([head_line(played.outcome), *explained], width)


def echo_automatic(note: str, width: int | None, indent: str = "") -> None:
    """Print what the rules did by themselves: "automatic: NOTE" in yellow after
    `indent`, laid out for `width` printed columns (None: on one line)."""
    for line in fitted(f"{indent}automatic: {note}", width):
        echo(click.style(line, fg="yellow"))


def show_status(table: session.Current | session.Table, width: int | None = None) -> None:
    """Print the table in its game's view, the official variants chosen (if any) under
    its first line, laid out for `width` printed columns (None: the output's,
    scorekeeper.layout.output_width; a narrow one stacks the table)."""
    spec = table.game
    lines = spec.view(table.row.id, spec.name, spec.rules.status(table.state))
    lines[1:1] = variant_lines(spec.variants, table.row.variants, rule=False)
    echo_lines(lines, width)


def history_entries(table: session.Table) -> list[dict]:
    """Each event in force, as {"n", "turn", "current", "phase", "event", "text",
    "automatic", "at"}: its number, the turn and the player to act (the common status
    keys) and the phase before it, the event and its line, and the automatic notes."""
    rules, out = table.game.rules, []
    state = table.game.start(table.row.players, table.row.variants)
    for number, step in enumerate(table.steps, start=1):
        before = rules.status(state)
        event = cast(dict, step.row.event)  # a step's row is an action, with its event
        out.append(
            {
                "n": number,
                "turn": before["turn"],
                "current": before["current"],
                "phase": before["phase"],
                "event": event,
                "text": rules.describe(event),
                "automatic": list(step.notes),
                "at": step.row.created,
            }
        )
        state = rules.apply(state, event)
    return out


def history_line(entry: dict) -> str:
    """An entry of `history_entries` as `history` prints it, without its number: "turn 2
    (Ben): Ben Protected Laptop (3 points)", or "opening: ..." before the first turn."""
    when = f"turn {entry['turn']} ({entry['current']})" if entry["current"] else entry["phase"]
    return f"{when}: {entry['text']}"
