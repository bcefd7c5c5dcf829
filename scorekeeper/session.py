"""A game as the table sees it: the store's log folded through the game's rules.

Every command loads the game, checks the new event against the rules on the live state
and only then appends it, inside one transaction: a refused command writes nothing.
"""

from __future__ import annotations

import gc
from typing import Any, NamedTuple

from scorekeeper.errors import InputError, ScoreError, quoted
from scorekeeper.game import Game, Rules, choose_variants
from scorekeeper.games import RULES, find_game, load_game, playable
from scorekeeper.shapes import checker
from scorekeeper.store import GameRow, LogRow, OutOfPlace, Store, effective_events


class Step:
    """One event in force: its log row, and the automatic notes the rules added
    (`rules.notes` of the states before and after it). On replay the notes are worked
    out when first asked for (only `history` and a new event's report read them), and
    a failure to work them out is the same StoreError the replay would have raised."""

    __slots__ = ("_after", "_before", "_notes", "_replay", "row")

    def __init__(self, row: LogRow, notes: tuple[str, ...] | None = None,
                 replay: _Replay | None = None, before: Any = None, after: Any = None):
        self.row, self._notes = row, notes
        self._replay, self._before, self._after = replay, before, after

    @property
    def notes(self) -> tuple[str, ...]:
        if self._notes is None:
            self._notes = self._replay.notes(self.row, self._before, self._after)
            self._replay = self._before = self._after = None
        return self._notes

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Step):
            return NotImplemented
        return self.row == other.row and self.notes == other.notes

    __hash__ = None

    def __repr__(self) -> str:
        return f"Step(row={self.row!r}, notes={self.notes!r})"


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
        key = store.log_key(game.id)
        known = _known_table(store, key)
        if known is not None and known[0].game == game and known[0].spec is spec:
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


#: Where a Store keeps the last table it replayed: (log key, table, the state before
#: the first step and after each one). A command that loads its game more than once
#: (a verb, then `record`; `undo`) replays it once. The key (`Store.log_key`) changes
#: whenever the file could have changed: any write by another connection, any write by
#: this one, or rows rolled back.
_MEMO = "_scorekeeper_replayed"


def _known_table(store: Store, key: tuple) -> tuple[Table, list] | None:
    known = getattr(store, _MEMO, None)
    if known is None or known[0] != key:
        return None
    return known[1], known[2]


def _remember(store: Store, key: tuple, table: Table, states: list) -> None:
    try:
        setattr(store, _MEMO, (key, table, states))
    except AttributeError:            # a store that keeps no attributes: nothing kept
        pass


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


def _check_players(store: Store, game: GameRow, spec: Game) -> None:
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


def _replay(store: Store, game: GameRow, spec: Game, rows: list[LogRow],
            done: list[LogRow]) -> tuple[list, tuple[Step, ...]]:
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
    gc.disable()           # the fold makes many small records and frees none of them:
    try:                   # the collector's passes over them would be wasted work
        for row in done:
            if check is not None and (problem := check(row.event)):
                raise _Damaged(problem)
            after = apply(state, row.event)
            steps.append(Step(row, None, replay, state, after))
            states.append(after)
            state = after
    except _Damaged as exc:
        raise store.damaged(_where(game, rows, row), str(exc)) from None
    except _UNREADABLE as exc:
        raise replay.refused(row, exc) from None
    finally:
        if collecting:
            gc.enable()
    return states, tuple(steps)


class _Replay:
    """What a replayed step needs to work out its notes later, and to name a failure
    as the replay does."""

    __slots__ = ("game", "rows", "rules", "store")

    def __init__(self, store: Store, game: GameRow, rules: Rules, rows: list[LogRow]):
        self.store, self.game, self.rules, self.rows = store, game, rules, rows

    def notes(self, row: LogRow, before: Any, after: Any) -> tuple[str, ...]:
        try:
            return tuple(self.rules.notes(before, after))
        except _UNREADABLE as exc:
            raise self.refused(row, exc) from None

    def refused(self, row: LogRow, exc: Exception):
        """The StoreError for an event the rules refuse or cannot read."""
        why = f"the rules refuse it: {exc}" if isinstance(exc, ScoreError) else \
            f"the rules cannot read it: {type(exc).__name__} {exc}"
        return self.store.damaged(_where(self.game, self.rows, row), clip(why))


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
        known = _known_table(store, store.log_key(before.game.id))
        rules = before.spec.rules
        state = rules.apply(before.state, event)
        row = store.append(before.game.id, "action", event)
        step = Step(row, tuple(rules.notes(before.state, state)))
        # a new action clears what could be redone (store.effective_events)
        after = before._replace(state=state, steps=before.steps + (step,), undone=(),
                                log=before.log + (row,))
        shapes = rules.events
        if known is not None and known[0] is before and \
                (shapes is None or checker(shapes)(row.event) is None):
            # what loading it again would give (an event of the wrong shape would not
            # load: it is left to `load` to say so)
            _remember(store, store.log_key(before.game.id), after, known[1] + [state])
        return before, after


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
        known = _known_table(store, store.log_key(table.game.id))
        rows = [s.row for s in table.steps] if kind == "undo" else list(table.undone)
        if not rows:
            raise InputError(f"nothing to {kind}")
        mark = store.append(table.game.id, kind)
        if kind == "undo" and known is not None and known[0] is table:
            # what loading it again would give: the last step taken back
            # (store.effective_events), the state before it
            states = known[1][:-1]
            after = table._replace(state=states[-1], steps=table.steps[:-1],
                                   undone=table.undone + (rows[-1],), log=table.log + (mark,))
            _remember(store, store.log_key(table.game.id), after, states)
            return rows[-1], after
        return rows[-1], load(store, table.game.id)


def new_game(store: Store, game: str, players: list[str], variants: dict | None = None
             ) -> Table:
    """Start `game` (an id or alias) with `players` in seating order and the chosen
    `variants` (game.choose_variants); it becomes the current one. InputError for an
    unknown game; the rules' RuleError for a player count they refuse, with nothing
    written."""
    spec = find_game(game)
    with store.transaction():
        spec.start(players, variants)
        game_id = store.new_game(spec.id, players, variants)
        return load(store, game_id)
