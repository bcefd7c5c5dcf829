"""A game as the table sees it: the store's log folded through the game's rules.

Every command loads the game, checks the new event against the rules on the live state
and only then appends it, inside one transaction: a refused command writes nothing.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from scorekeeper.errors import InputError
from scorekeeper.game import Game, Rules
from scorekeeper.games import find_game, load_game
from scorekeeper.store import GameRow, LogRow, Store, effective_events


class Step(NamedTuple):
    """One event in force: its log row, and the automatic notes the rules added."""

    row: LogRow
    notes: tuple[str, ...]


class Table(NamedTuple):
    """A loaded game: its row in the store, its Game (rules, view, verbs), the current
    state, the steps in force and the rows that `redo` would bring back."""

    game: GameRow
    spec: Game
    state: Any
    steps: tuple[Step, ...]
    undone: tuple[LogRow, ...]


def replay(rules: Rules, players, events):
    """Fold `events` through `rules` from a new table of `players`; returns the final
    state and, per event, the automatic notes. Pure: the live state is exactly this."""
    state = rules.initial(players)
    notes = []
    for event in events:
        after = rules.apply(state, event)
        notes.append(tuple(rules.notes(state, after)))
        state = after
    return state, notes


def load(store: Store, game_id: int | None) -> Table:
    """The game `game_id` (the newest when None), replayed. InputError if there is no
    such game or the score keeper has no rules for its game (see scorekeeper.games)."""
    game = store.game(game_id)
    spec = load_game(game.game)
    done, undone = effective_events(store.log(game.id))
    state, notes = replay(spec.rules, game.players, [r.event for r in done])
    return Table(game, spec, state, tuple(Step(r, n) for r, n in zip(done, notes)),
                 tuple(undone))


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
        return before, before._replace(state=state, steps=before.steps + (step,), undone=())


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
