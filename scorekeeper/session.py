"""A game as the table sees it: the store's log folded through the game's rules.

Every command loads the game, checks the new event against the rules on the live state
and only then appends it, inside one transaction: a refused command writes nothing.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from scorekeeper.errors import InputError, ScoreError, quoted
from scorekeeper.game import Game, Rules
from scorekeeper.games import RULES, find_game, load_game, playable
from scorekeeper.shapes import event_problem
from scorekeeper.store import GameRow, LogRow, OutOfPlace, Store, effective_events


class Step(NamedTuple):
    """One event in force: its log row, and the automatic notes the rules added."""

    row: LogRow
    notes: tuple[str, ...]


class Table(NamedTuple):
    """A loaded game: its row in the store, its Game (rules, view, verbs), the current
    state, the steps in force, the rows that `redo` would bring back, and the whole log
    (actions, undos and redos, in order)."""

    game: GameRow
    spec: Game
    state: Any
    steps: tuple[Step, ...]
    undone: tuple[LogRow, ...]
    log: tuple[LogRow, ...] = ()


#: What a rules function may raise on an event it cannot read (a damaged one): beside
#: the rules' own refusals, the errors of reading a field that is missing or of the
#: wrong type.
_UNREADABLE = (ScoreError, LookupError, TypeError, ValueError, AttributeError, ArithmeticError)


def load(store: Store, game_id: int | None) -> Table:
    """The game `game_id` (the newest when None), replayed, read in one transaction.
    InputError if there is no such game; StoreError (`Store.damaged`) if its row or its
    log is damaged: a game the score keeper has no rules for (`new` stores only known
    ones), an undo or redo where none could be (store.effective_events), an event not
    of the shape its game declares (Rules.events), or one the rules refuse on replay."""
    with store.transaction(write=False):
        game = store.game(game_id)
        spec = _spec(store, game)
        rows = store.log(game.id)
    _check_players(store, game, spec.rules)
    try:
        done, undone = effective_events(rows)
    except OutOfPlace as exc:
        raise store.damaged(_where(game, rows, exc.row), exc.why) from None
    state, steps = _replay(store, game, spec.rules, rows, done)
    return Table(game, spec, state, steps, tuple(undone), tuple(rows))


def games(store: Store) -> list[GameRow]:
    """Every game in the store, oldest first; StoreError (`Store.damaged`) for a damaged
    row, a game the score keeper has no rules for included (`_known`)."""
    with store.transaction(write=False):
        rows = store.games()
    for row in rows:
        _known(store, row)
    return rows


def _spec(store: Store, game: GameRow) -> Game:
    """The Game of a stored table; StoreError as `_known`."""
    _known(store, game)
    return load_game(game.game)


def _known(store: Store, game: GameRow) -> None:
    """StoreError (`damaged`) naming the stored game id, quoted, if the score keeper has
    no rules for it: `new` stores only games it knows, so the row is damaged."""
    if game.game not in RULES:
        known = ", ".join(playable()) or "none"
        raise store.damaged(f"game {game.id}", f"its game {quoted(game.game, 40)} is not one "
                            f"the score keeper keeps: {known}")


def _check_players(store: Store, game: GameRow, rules: Rules) -> None:
    """StoreError (`damaged`) if the rules refuse the stored players (their number); the
    store has checked the names."""
    try:
        rules.initial(game.players)
    except ScoreError as exc:
        raise store.damaged(f"game {game.id}", f"its players: {clip(str(exc))}") from None


def _replay(store: Store, game: GameRow, rules: Rules, rows: list[LogRow],
            done: list[LogRow]) -> tuple[Any, tuple[Step, ...]]:
    """Fold the events in force through the rules: (state, steps). StoreError
    (`damaged`, naming the event by its place in the log) for an event that is not of
    its game's shape or that the rules cannot apply. Pure but for the error."""
    state, steps, shapes, row = rules.initial(game.players), [], rules.events, None
    try:
        for row in done:
            if shapes is not None and (problem := event_problem(row.event, shapes)):
                raise _Damaged(problem)
            after = rules.apply(state, row.event)
            steps.append(Step(row, tuple(rules.notes(state, after))))
            state = after
    except _Damaged as exc:
        raise store.damaged(_where(game, rows, row), str(exc)) from None
    except _UNREADABLE as exc:
        why = f"the rules refuse it: {exc}" if isinstance(exc, ScoreError) else \
            f"the rules cannot read it: {type(exc).__name__} {exc}"
        raise store.damaged(_where(game, rows, row), clip(why)) from None
    return state, tuple(steps)


class _Damaged(Exception):
    """An event that is not of its game's shape (the message says how)."""


def _where(game: GameRow, rows: list[LogRow], row: LogRow) -> str:
    """"game 3, event 7": `row` is the 7th row of game 3's log (as `export` lists it)."""
    return f"game {game.id}, event {rows.index(row) + 1}"


def clip(text: str, limit: int = 160) -> str:
    """`text` cut to `limit` characters (with "…"), on one line."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def record(store: Store, game_id: int | None, event: dict) -> tuple[Table, Table]:
    """Check `event` against the rules and append it; returns (before, after). Raises
    RuleError/InputError with nothing written."""
    with store.transaction():
        before = load(store, game_id)
        rules = before.spec.rules
        state = rules.apply(before.state, event)
        row = store.append(before.game.id, "action", event)
        step = Step(row, tuple(rules.notes(before.state, state)))
        # a new action clears what could be redone (store.effective_events)
        return before, before._replace(state=state, steps=before.steps + (step,), undone=(),
                                       log=before.log + (row,))


def undo(store: Store, game_id: int | None) -> tuple[LogRow, Table]:
    """Take back the last event in force (across turns); InputError if there is none.
    Returns the event taken back and the table after."""
    return _move(store, game_id, "undo")


def redo(store: Store, game_id: int | None) -> tuple[LogRow, Table]:
    """Bring back the last undone event; InputError if there is none."""
    return _move(store, game_id, "redo")


def _move(store: Store, game_id: int | None, kind: str) -> tuple[LogRow, Table]:
    with store.transaction():
        table = load(store, game_id)
        rows = [s.row for s in table.steps] if kind == "undo" else list(table.undone)
        if not rows:
            raise InputError(f"nothing to {kind}")
        store.append(table.game.id, kind)
        return rows[-1], load(store, table.game.id)


def new_game(store: Store, game: str, players: list[str]) -> Table:
    """Start `game` (an id or alias) with `players` in seating order; it becomes the
    current one. InputError for an unknown game; the rules' RuleError for a player
    count they refuse, with nothing written."""
    spec = find_game(game)
    with store.transaction():
        spec.rules.initial(players)
        game_id = store.new_game(spec.id, players)
        return load(store, game_id)
