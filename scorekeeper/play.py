"""Recording a move at the table: the one library call the command line's verbs and the
web page both make (`record_move`), and what it returns (`Played`): the event recorded,
what the game said of it, what the rules did by themselves, and the result if the move
ended the game. Neither front end reads the other's output: each shows a `Played`.

A refusal by the rules of a move that is not legal now (another player's turn, a verb
of another phase) says what is legal instead (scorekeeper.legal.summary)."""

from __future__ import annotations

from typing import Any

from pnp.core.records import NamedTuple
from scorekeeper import session
from scorekeeper.errors import InputError, RuleError, ScoreError
from scorekeeper.game import Automatic, Game
from scorekeeper.legal import Made, summary
from scorekeeper.names import resolve
from scorekeeper.outcome import Outcome
from scorekeeper.store import Store, TableRow

#: `record_move`'s `game` for a verb of the points sheet: any data-only game's table.
ANY_SHEET = "sheet:"


class Played(NamedTuple):
    """A move recorded: the table's `row` and `game`, the states `before` and `after`,
    the `event`, what the game `said` before the event's own `line` (its describe), the
    rules' automatic `notes` (as the command line prints them) and `steps` (as a page
    shows them: scorekeeper.game.Automatic), and the `outcome` once the move ended
    the game (None while it goes on)."""

    row: TableRow
    game: Game
    before: Any
    after: Any
    event: dict
    said: tuple[str, ...]
    line: str
    notes: tuple[str, ...]
    steps: tuple[Automatic, ...]
    outcome: Outcome | None


def record_move(
    store: Store, game_id: int | None, name: str, values: dict, game: str | None = None
) -> Played:
    """Record move `name` made with `values` (scorekeeper.legal's typed values) on game
    `game_id` (the newest when None), in one write transaction: the game's `make` reads
    the values into an event, its rules check it, the store appends it. `game`: the game
    id the move is for (a verb's), ANY_SHEET for a points sheet's; InputError if the
    table is another game's. Refused with nothing written: InputError for values the
    game cannot read, RuleError naming the rule (and, when the move is not legal now,
    what is)."""
    with store.transaction():
        table = session.current(store, game_id)
        _check_game(table.row, game)
        spec = table.game
        made: Made | None = None
        try:
            made = spec.made(table.state, name, values)
            before, after = session.record(store, table.row.id, made.event)
        except RuleError as exc:
            raise _with_legal(spec, table, name, values, made, exc) from None
    rules = spec.rules
    notes = tuple(rules.notes(before.state, after.state))
    return Played(
        row=table.row,
        game=spec,
        before=before.state,
        after=after.state,
        event=made.event,
        said=made.said,
        line=rules.describe(made.event),
        notes=notes,
        steps=tuple(rules.steps(before.state, after.state, notes)),
        outcome=rules.outcome(after.state),
    )


def _check_game(row: TableRow, game: str | None) -> None:
    """InputError if the table `row` is not one of `game` (see `record_move`)."""
    if game is None:
        return
    if game == ANY_SHEET:
        if row.sheet is None:
            raise InputError(
                f"game {row.id} is {row.game}, not a points sheet "
                "(a data-only game's, started with new --data)"
            )
        return
    if row.game != game:
        raise InputError(f"game {row.id} is {row.game}, not {game}")


def _with_legal(
    spec: Game, table: session.Current, name: str, values: dict, made: Made | None, exc: RuleError
) -> RuleError:
    """`exc`, saying what is legal now when move `name` by its player is not (no move of
    that name is, or its player is not among who may make it)."""
    try:
        moves = spec.legal(table.state)
    except ScoreError:
        return exc  # the card data cannot be read: the refusal is what there is to say
    if not moves:
        return exc  # the game is over: the refusal says so
    mover = _mover(spec, table, values, made)
    offered = [m for m in moves if m.name == name]
    if offered and (mover is None or not offered[0].who or mover in offered[0].who):
        return exc
    return RuleError(exc.rule, exc.message, summary(moves, table.row.players))


def _mover(spec: Game, table: session.Current, values: dict, made: Made | None) -> str | None:
    """Who made the move: from its event when it was read, else the player it names."""
    players = table.row.players
    if made is not None:
        return spec.player_of(table.state, made.event)
    typed = values.get("player") or values.get("drawer")
    try:
        return resolve(str(typed), players) if typed else None
    except InputError:
        return None
