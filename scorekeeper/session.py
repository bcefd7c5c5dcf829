"""A game as the table sees it: the store's log folded through the game's rules.

Every command loads the game, checks the new event against the rules on the live state
and only then appends it, inside one transaction: a refused command writes nothing.
Each write saves the state it leaves (scorekeeper.snapshot, in the store's snapshots
table; read and written through scorekeeper.saved_states), so `status`, the verbs,
`undo` and `redo` start from it (`current`) and only `history`, `export` and a game
without a saved state replay the whole log (`load`).
"""

from __future__ import annotations

import gc
import json
from typing import Any, cast

from pnp.core.records import NamedTuple
from scorekeeper import cache
from scorekeeper.errors import InputError, ScoreError, quoted
from scorekeeper.game import Game, Rules, choose_variants
from scorekeeper.games import load_game, playable
from scorekeeper.saved_states import _NONE, _heads, _save, _saved_state
from scorekeeper.shapes import checker
from scorekeeper.store import LogRow, OutOfPlace, Store, TableRow, effective_events


class Step:
    """One event in force: its log row, and the automatic notes the rules added
    (`rules.notes` of the states before and after it). On replay the notes are worked
    out when first asked for (only `history` and a new event's report read them), and
    a failure to work them out is the same StoreError the replay would have raised."""

    __slots__ = ("_after", "_before", "_notes", "_replay", "row")

    def __init__(
        self,
        row: LogRow,
        notes: tuple[str, ...] | None = None,
        replay: _Replay | None = None,
        before: Any = None,
        after: Any = None,
    ):
        self.row, self._notes = row, notes
        self._replay, self._before, self._after = replay, before, after

    @property
    def notes(self) -> tuple[str, ...]:
        if self._notes is None:
            self._notes = cast(_Replay, self._replay).notes(self.row, self._before, self._after)
            self._replay = self._before = self._after = None
        return self._notes

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Step):
            return NotImplemented
        return self.row == other.row and self.notes == other.notes

    __hash__ = None  # type: ignore[assignment]  # unhashable: equal Steps compare notes

    def __repr__(self) -> str:
        return f"Step(row={self.row!r}, notes={self.notes!r})"


class Table(NamedTuple):
    """A loaded table (one game as played): its row in the store, its Game (the game's
    rules, view and verbs), the current state, the steps in force, the rows that `redo`
    would bring back, and the whole log (actions, undos and redos, in order)."""

    row: TableRow
    game: Game
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
        key = store.log_key(game.id)
        known = _known_table(store, key)
        if known is not None and known[0].row == game and known[0].game is spec:
            return known[0]
        rows = store.log(game.id)
    _check_players(store, game, spec)
    try:
        done, undone = effective_events(rows)
    except OutOfPlace as exc:
        raise store.damaged(_where(game, rows, exc.row), exc.why) from None
    states, steps = _replay(store, game, spec, rows, done)
    table = Table(game, spec, states[-1], steps, tuple(undone), tuple(rows))
    _remember(store, key, table, states)
    return table


def states(store: Store, table: Table) -> list:
    """The state before the first step of `table` (as `load` gave it) and after each
    step: the states `load` folded, when it has just done so in this read, else folded
    again through the rules."""
    known = _known_table(store, store.log_key(table.row.id))
    if known is not None and known[0] is table:
        return known[1]
    rules, state = table.game.rules, table.game.start(table.row.players, table.row.variants)
    out = [state]
    for step in table.steps:
        state = rules.apply(state, cast(dict, step.row.event))  # an action's event
        out.append(state)
    return out


def _known_table(store: Store, key: tuple) -> tuple[Table, list] | None:
    return cache.replayed(store, key)


def _remember(store: Store, key: tuple, table: Table, states: list) -> None:
    cache.remember_replay(store, key, table, states)


def games(store: Store) -> list[TableRow]:
    """Every game in the store, oldest first; StoreError (`Store.damaged`) for a damaged
    row, a game the score keeper has no rules for included (`_known`)."""
    with store.transaction(write=False):
        rows = store.games()
    for row in rows:
        _known(store, row)
    return rows


def _spec(store: Store, game: TableRow) -> Game:
    """The Game of a stored table: a points sheet's from the settings stored with it
    (scorekeeper.sheets.sheet_game), else its registered game's; StoreError as
    `_known`."""
    _known(store, game)
    if game.sheet is None:
        return load_game(game.game)
    from scorekeeper.sheets import sheet_game  # only for a points sheet's table

    return sheet_game(game.sheet)


def _known(store: Store, game: TableRow) -> None:
    """StoreError (`damaged`) naming the stored game id, quoted, if the score keeper has
    no rules for it: `new` stores only games it knows (and points sheets, with their
    settings: the store has read them), so the row is damaged."""
    if game.sheet is None and game.game not in playable():
        known = ", ".join(playable()) or "none"
        raise store.damaged(
            f"game {game.id}",
            f"its game {quoted(game.game, 40)} is not one the score keeper keeps: {known}",
        )


def _check_players(store: Store, game: TableRow, spec: Game) -> None:
    """StoreError (`damaged`) if the stored variants are not ones the game declares
    with values in their ranges, or if the rules refuse the stored players (their
    number); the store has checked the names."""
    typed = [k if v is True else f"{k}={v}" for k, v in game.variants.items()]
    try:
        if choose_variants(spec.variants, typed, spec.name) != game.variants:
            raise InputError("a variant is not in its normal form")
    except ScoreError as exc:
        raise store.damaged(f"game {game.id}", f"its variants: {clip(str(exc))}") from None
    try:
        spec.start(game.players, game.variants)
    except ScoreError as exc:
        raise store.damaged(f"game {game.id}", f"its players: {clip(str(exc))}") from None


def _replay(
    store: Store, game: TableRow, spec: Game, rows: list[LogRow], done: list[LogRow]
) -> tuple[list, tuple[Step, ...]]:
    """Fold the events in force through the rules: (the state before the first step and
    after each one, steps). StoreError (`damaged`, naming the event by its place in the
    log) for an event that is not of its game's shape or that the rules cannot apply
    (its notes included, when they are worked out: `Step.notes`). Pure but for the
    error."""
    rules = spec.rules
    state, steps, shapes, row = spec.start(game.players, game.variants), [], rules.events, None
    states = [state]
    check = checker(shapes) if shapes is not None else None
    replay, apply = _Replay(store, game, rules, rows), rules.apply
    collecting = gc.isenabled()
    gc.disable()  # the fold makes many small records and frees none of them:
    try:  # the collector's passes over them would be wasted work
        for row in done:
            if check is not None and (problem := check(row.event)):
                raise _Damaged(problem)
            after = apply(state, cast(dict, row.event))  # an action's event
            steps.append(Step(row, None, replay, state, after))
            states.append(after)
            state = after
    except _Damaged as exc:
        raise store.damaged(_where(game, rows, cast(LogRow, row)), str(exc)) from None
    except _UNREADABLE as exc:  # (raised in the loop, so `row` is set)
        raise replay.refused(cast(LogRow, row), exc) from None
    finally:
        if collecting:
            gc.enable()
    return states, tuple(steps)


class _Replay:
    """What a replayed step needs to work out its notes later, and to name a failure
    as the replay does."""

    __slots__ = ("game", "rows", "rules", "store")

    def __init__(self, store: Store, game: TableRow, rules: Rules, rows: list[LogRow]):
        self.store, self.game, self.rules, self.rows = store, game, rules, rows

    def notes(self, row: LogRow, before: Any, after: Any) -> tuple[str, ...]:
        try:
            return tuple(self.rules.notes(before, after))
        except _UNREADABLE as exc:
            raise self.refused(row, exc) from None

    def refused(self, row: LogRow, exc: Exception):
        """The StoreError for an event the rules refuse or cannot read."""
        why = (
            f"the rules refuse it: {exc}"
            if isinstance(exc, ScoreError)
            else f"the rules cannot read it: {type(exc).__name__} {exc}"
        )
        return self.store.damaged(_where(self.game, self.rows, row), clip(why))


class _Damaged(Exception):
    """An event that is not of its game's shape (the message says how)."""


def _where(game: TableRow, rows: list[LogRow], row: LogRow) -> str:
    """ "game 3, event 7": `row` is the 7th row of game 3's log (as `export` lists it)."""
    return f"game {game.id}, event {rows.index(row) + 1}"


def clip(text: str, limit: int = 160) -> str:
    """`text` cut to `limit` characters (with "…"), on one line."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


class Current(NamedTuple):
    """A game as it stands, for a command that needs no history: its row in the store,
    its Game and its state."""

    row: TableRow
    game: Game
    state: Any


def current(store: Store, game_id: int | None) -> Current:
    """The game `game_id` (the newest when None) as it stands, in one read transaction:
    its state is the one the last write saved for the action on top of the log
    (scorekeeper.snapshot; a new game's is the rules' initial state), so the log is not
    replayed; where there is none, or it does not read back, the game is replayed by
    `load`, with `load`'s errors."""
    with store.transaction(write=False):
        game = store.game(game_id)
        key = store.log_key(game.id)
        known = cache.current(store, key)
        if known is not None and known.game == game:
            return known  # this command read it already: nothing changed
        spec = _spec(store, game)
        _check_players(store, game, spec)
        state = _saved_state(store, game, spec)
    if state is _NONE:
        table = load(store, game.id)
        now = Current(table.row, table.game, table.state)
    else:
        now = Current(game, spec, state)
    cache.remember_current(store, key, now)
    return now


def record(store: Store, game_id: int | None, event: dict) -> tuple[Current, Current]:
    """Check `event` against the rules and append it, saving the state it leaves;
    returns (before, after). Raises RuleError/InputError with nothing written. The
    rules see the event as it will be read back (JSON), so the saved state is the one
    a replay gives."""
    with store.transaction():
        before = current(store, game_id)
        rules = before.game.rules
        event = json.loads(json.dumps(event, ensure_ascii=False))
        shapes = rules.events
        problem = checker(shapes)(event) if shapes is not None else None
        if problem is not None:  # what a replay would refuse is never written
            raise InputError(f"cannot record this: {clip(problem)}")
        state = rules.apply(before.state, event)
        row = store.append(before.row.id, "action", event)
        cache.write_views(store)
        _save(store, before.game, before.row, row, state)
        return before, before._replace(state=state)


def undo(store: Store, game_id: int | None) -> tuple[LogRow, Current | Table]:
    """Take back the last event in force (across turns); InputError if there is none.
    Returns the event taken back and the table after."""
    return _move(store, game_id, "undo")


def redo(store: Store, game_id: int | None) -> tuple[LogRow, Current | Table]:
    """Bring back the last undone event; InputError if there is none."""
    return _move(store, game_id, "redo")


def _move(store: Store, game_id: int | None, kind: str) -> tuple[LogRow, Current | Table]:
    with store.transaction():
        quick = _quick_move(store, game_id, kind)
        if quick is not None:
            return quick
        table = load(store, game_id)
        known = _known_table(store, store.log_key(table.row.id))
        rows = [s.row for s in table.steps] if kind == "undo" else list(table.undone)
        if not rows:
            raise InputError(f"nothing to {kind}")
        mark = store.append(table.row.id, kind)
        cache.write_views(store)
        if kind == "undo" and known is not None and known[0] is table:
            # what loading it again would give: the last step taken back
            # (store.effective_events), the state before it
            states = known[1][:-1]
            after = table._replace(
                state=states[-1],
                steps=table.steps[:-1],
                undone=table.undone + (rows[-1],),
                log=table.log + (mark,),
            )
            _remember(store, store.log_key(table.row.id), after, states)
            _save(
                store,
                table.game,
                table.row,
                after.steps[-1].row if after.steps else None,
                after.state,
            )
            return rows[-1], after
        after = load(store, table.row.id)
        _save(
            store, after.game, after.row, after.steps[-1].row if after.steps else None, after.state
        )
        return rows[-1], after


def _quick_move(store: Store, game_id: int | None, kind: str) -> tuple[LogRow, Current] | None:
    """An undo or redo from saved states: the action it moves and the game after it,
    with the undo or redo appended; None (nothing written) where a state is not saved,
    for the replay to do it."""
    game = store.game(game_id)
    spec = _spec(store, game)
    _check_players(store, game, spec)
    heads = _heads(store, game) if spec.rules.state_types else None
    if heads is None:
        return None
    _, done, undone = heads
    moved = (done if kind == "undo" else undone)[-1:]
    if not moved:
        return None  # "nothing to undo": the replay says so
    top = (done[-2] if len(done) > 1 else None) if kind == "undo" else moved[0]
    state = _saved_state(store, game, spec, heads, top)
    if state is _NONE:
        return None
    if kind == "undo" and _saved_state(store, game, spec, heads, moved[0]) is _NONE:
        return None  # the action taken back has no saved state: changed by hand, maybe
    row = store.log_row(game.id, moved[0].id)
    store.append(game.id, kind)
    cache.write_views(store)
    return row, Current(game, spec, state)
