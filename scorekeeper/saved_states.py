"""The states each write saves (scorekeeper.snapshot, in the store's snapshots table),
as the session reads and writes them: which saved state stands for the action on top of
a game's log, read back only while the log is as it was when it was saved, and saving
the state an action leaves. `_NONE` says there is none to start from, for the session
to replay the log instead (scorekeeper.session.load).
"""

from __future__ import annotations

from typing import Any

from scorekeeper import snapshot
from scorekeeper.game import Game
from scorekeeper.store import LogRow, OutOfPlace, Store, TableRow, effective_events

_NONE = object()  # no saved state to start from


def _heads(store: Store, game: TableRow) -> tuple[list[LogRow], list[LogRow], list[LogRow]] | None:
    """(every log row without its event, the actions in force, those undone), or None
    if the rows do not stand where they are (for `load` to name)."""
    rows = store.log_heads(game.id)
    try:
        return (rows, *effective_events(rows))
    except OutOfPlace:
        return None


def _saved_state(store: Store, game: TableRow, spec: Game, heads=None, top: Any = _NONE) -> Any:
    """The saved state after the action on top of the log (or after `top`, None for
    no action in force), or _NONE if the game keeps none, there is none, it does not
    read back, or the log is not as it was when it was saved (for `load` to name what
    is wrong). `heads`: `_heads`, if read.

    A saved state stands for the rows up to its action: a row changed or removed by
    hand empties the game's saved states (the store's triggers) and a row put in
    before it changes the number of rows it was saved with. So only the rows after
    its action are checked here (Store.sound_after), and no event is parsed. A log
    that ends with an action (as it does after every verb) has that action on top,
    whatever comes before it: then, `heads` and `top` not given, only its last row
    is read (Store.last_head), not the whole log."""
    types = spec.rules.state_types
    if not types:
        return _NONE
    if heads is None and top is _NONE:
        last = store.last_head(game.id)
        if last is None or last[0].kind == "action":
            on_top, place = last or (None, 0)
            return _read(store, game, spec, on_top, place)
    heads = heads or _heads(store, game)
    if heads is None:
        return _NONE
    rows, done, _ = heads
    if top is _NONE:
        top = done[-1] if done else None
    place = 1 + next(i for i, r in enumerate(rows) if r.id == top.id) if top is not None else 0
    return _read(store, game, spec, top, place)


def _read(store: Store, game: TableRow, spec: Game, top: LogRow | None, place: int) -> Any:
    """The saved state after action `top`, the `place`-th row of the log (None and 0:
    no action in force, the rules' initial state), or _NONE as `_saved_state` says."""
    if not store.sound_after(game.id, top.id if top is not None else 0):
        return _NONE
    if top is None:
        return spec.start(game.players, game.variants)
    saved = store.snapshot(game.id, top.id)
    if saved is None or saved[0] != place:
        return _NONE
    try:
        return snapshot.loads(saved[1], spec.rules.state_types)
    except snapshot.Unreadable:
        return _NONE


def _save(store: Store, spec: Game, game: TableRow, top: LogRow | None, state: Any) -> None:
    """Save `state` as the one after action `top` (nothing for no action, or a game
    that keeps no saved states)."""
    if top is not None and spec.rules.state_types:
        store.save_snapshot(game.id, top.id, snapshot.dumps(state))
