"""Recording an event at the table and reporting it, the same way for every game: what
happened, what the rules did by themselves, then the result or the status table.
Used by every game's verbs and by the shared commands."""

from __future__ import annotations

from typing import cast

import click

from pnp.core.terminal import echo
from scorekeeper import session
from scorekeeper.errors import InputError
from scorekeeper.game import variant_lines
from scorekeeper.layout import echo_lines, fitted, output_width
from scorekeeper.view import head_line


def game_table(ctx, game_id: str) -> session.Current:
    """The chosen game (ctx.game_id, else the newest), loaded for a verb of game
    `game_id`. InputError if it is another game, or if there is no game yet."""
    table = session.current(ctx.store, ctx.game_id)
    if table.row.game != game_id:
        raise InputError(f"game {table.row.id} is {table.row.game}, not {game_id}")
    return table


def record_and_report(ctx, table: session.Current, event: dict, preface=()) -> None:
    """Record `event` on `table` (refused with nothing written if the rules forbid it),
    then print `preface`, what happened and the automatic notes; then, if the game just
    ended, the outcome (the head line, then the explanation lines the notes did not
    already print), else the status table. All of it is laid out for the output's width
    (scorekeeper.layout.output_width)."""
    rules = table.game.rules
    before, after = session.record(ctx.store, table.row.id, event)
    width = output_width()
    echo_lines([*preface, rules.describe(event) + "."], width)
    notes = rules.notes(before.state, after.state)
    for note in notes:
        echo_automatic(note, width)
    outcome = rules.outcome(after.state)
    if outcome is None:
        show_status(after, width)
        return
    explained = [line for line in outcome.explanation if line not in notes]
    echo_lines([head_line(outcome), *explained], width)


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
