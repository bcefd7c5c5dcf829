"""Play the games from their card data, many times, to show a designer how the decks
behave (issue 13). One module per game; each plays whole games with seeded randomness
and writes every game's events in the scorekeeper's event format, so the scorekeeper's
rules — called, never rewritten — decide legality, the end of the game and the score.
The contract each module keeps is in `pnp.simulate.result`; the runner, the report and
the charts (`pnp.simulate.run`, `.report`, `.charts`) only query it.
"""

from __future__ import annotations

from importlib import import_module
from pathlib import Path
from types import ModuleType

#: The most games a run plays at each player count, and the highest turn cap: the
#: command line's bounds and `pnp.simulate.balance`'s checks, held once.
MOST_GAMES = 1_000_000
#: games a run plays at each player count unless asked otherwise: the count BALANCE.md's
#: targets are measured at, which puts a 1 % rate (turn-cap draws) within about ±0.5
#: points and a seat spread within ±2.5-4 (95 % intervals; README, "Simulating games")
DEFAULT_GAMES = 2000
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


def not_simulated(name: str, data_dir: Path | None) -> str:
    """Why `name`, which the registry does not know, cannot be simulated: for a
    data-only game of `data_dir` (pnp.faces.kit), what a simulated game has that it
    lacks; else that no game is called so. One line naming the simulated games."""
    from pnp.core.shown import PATH_LIMIT, quoted
    from pnp.faces.kit import data_kit

    games = ", ".join(simulated())
    if data_dir is None or data_kit(name, data_dir) is None:
        toml = quoted(Path(data_dir or ".") / name / "game.toml", PATH_LIMIT)
        where = "" if data_dir is None else f" (nor a data-only game: no {toml})"
        return f"unknown game {quoted(name, 40)}{where}; simulated games: {games}"
    return (
        f"{name} is a data-only game ({quoted(Path(data_dir) / name / 'game.toml', PATH_LIMIT)}):"
        " it builds, and the score keeper keeps it on a points sheet, but a simulation plays"
        " a model of the rules: a simulator module (pnp.simulate.result's contract) and the"
        " score keeper's rules, which a game's package registers in its manifest entry"
        f' (README, "Layout of the repository"); simulated games: {games}'
    )
