"""A long, legal game of any registered game that has a simulator, for the builders of
bench/bench_status.py, which have a script of their own only for the shipped games: a
game its simulator plays (the manifest's `simulator`, the contract of
pnp.simulate.result: `Result.events` are the score keeper's events, in order, each one
the rules accept), recorded as it was played."""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module


def script_of(game: str) -> tuple[list[str], Callable, Callable]:
    """(players, script, fallback) as bench_status.GAMES gives them, for `game` (a new
    plug-in, or the fourth game a test run registers). The game is the longest of those
    its simulator plays to their end in two events or more with seeds 1..20 (the first
    of equal length), at its fewest players with its default strategy. The script
    records every event but the last, then the last and its undo, pair after pair,
    while two rows are left; one row left over takes back the event before. Neither
    names a write to time (None): the game's verbs are its own."""
    from pnp.core.games import entry
    from pnp.core.paths import SHIPPED_DATA_DIR

    simulator = entry(game).simulator
    if simulator is None:
        raise KeyError(f"{game}: the bench has no script for it, and it has no simulator")
    module = import_module(simulator)
    data = module.load(SHIPPED_DATA_DIR / game)
    played = [
        module.simulate(data, module.PLAYERS[0], seed, module.DEFAULT_STRATEGY, module.TURN_CAP)
        for seed in range(1, 21)
    ]
    result = max(
        (r for r in played if not r.capped and len(r.events) >= 2), key=lambda r: len(r.events)
    )
    *before, last = result.events

    def script(b) -> None:
        for event in before:
            b.do(event)
        while b.room() >= 2:
            b.do(last)
            b.undo()
        if b.room():
            b.undo()
        return None

    return list(result.players), script, lambda state: None
