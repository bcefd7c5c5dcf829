"""Replaying a simulated game through the scorekeeper (issue 13: "one source of truth,
checked"), shared by the simulator tests of every game."""

from __future__ import annotations

from pnp.simulate.result import Result
from scorekeeper import session
from scorekeeper.store import Store


def replay(store: Store, game: str, result: Result):
    """The scorekeeper's own rebuild of a simulated game of `game` from its log: a table
    in the store with the Result's players in its order (first player first), each event
    appended as the scorekeeper's `record` would, then `session.load` (each event's shape
    checked, the game's `rules.apply` over the log). Returns the rebuilt state."""
    with store.transaction():
        game_id = store.new_game(game, list(result.players))
        for event in result.events:
            store.append(game_id, "action", event)
    return session.load(store, game_id).state
