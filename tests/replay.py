"""Replaying a simulated game through the scorekeeper (issue 13: "one source of truth,
checked"), shared by the simulator tests of every game."""

from __future__ import annotations

from pnp.simulate.result import Result, Setup, make_players, per_seat
from scorekeeper import session
from scorekeeper.store import Store

#: A search player's budget in the tests that play every strategy: enough to run every
#: part of the search, and quick (pnp.simulate.search has its own tests of strength).
#: Two play-outs, not one: a one-play-out search only ever tries the rule of thumb's
#: first answer, so two banned searchers who drew their tie-breaks apart split every
#: repeated hack-off vote of a four-player Not a Hack game until the turn cap.
CHEAP = Setup(iterations=2)


def plan(module, strategy, n: int):
    """The strategies of `n` seats of the simulator `module` for a test that plays each
    strategy: `strategy` as given, but a search strategy named alone plays the first seat
    only, the game's default the others, so such a test stays quick."""
    if isinstance(strategy, str) and getattr(module.STRATEGIES[strategy], "searches", False):
        return (strategy,) + (module.DEFAULT_STRATEGY,) * (n - 1)
    return strategy


def seated(module, strategy, n: int, setup: Setup = CHEAP) -> list:
    """Players for `n` seats of the simulator `module` (`plan`), a search player at the
    `setup`'s budget."""
    return make_players(module.STRATEGIES, per_seat(plan(module, strategy, n), n), setup)


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
