"""Play the games from their card data, many times, to show a designer how the decks
behave (issue 13). One module per game; each plays whole games with seeded randomness
and writes every game's events in the scorekeeper's event format, so the scorekeeper's
rules — called, never rewritten — decide legality, the end of the game and the score.
The contract each module keeps is in `pnp.simulate.result`; the runner, the report and
the charts (`pnp.simulate.run`, `.report`, `.charts`) only query it.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

#: The most games a run plays at each player count, and the highest turn cap: the
#: command line's bounds and `pnp.simulate.balance`'s checks, held once.
MOST_GAMES = 1_000_000
MOST_TURN_CAP = 100_000


def simulated() -> dict[str, str]:
    """game id -> the module that simulates it, for every game of the manifest
    (pnp.core.games) that names a simulator, in its order."""
    import pnp.core.games

    return {g.id: g.simulator for g in pnp.core.games.registry() if g.simulator}


def simulator(game_id: str) -> ModuleType:
    """The simulator module of the game `game_id` (an id of pnp.core.games). KeyError if the
    game has none."""
    return import_module(simulated()[game_id])
