"""Coin Flip's simulator: the fourth game played many times by `pnp simulate`, every move
applied by its score keeper rules (tests.fourth_game.table), as the shipped games'
simulators do (pnp.simulate.result's contract). A model reading: the kit's coins are
shuffled into a face-down pile and three lie face up; on a turn a player takes one of
the three (or the top of the pile when fewer are left) or, once ahead, calls stop; an
empty pile stops play."""

from __future__ import annotations

import random

from pnp.simulate.result import CAPPED, Figure, Reading, Result, Setup
from tests.fourth_game import table
from tests.fourth_game.kit import load_coin_flip

GAME = table.GAME_ID
PLAYERS = table.PLAYERS
TURN_CAP = 200
TURN_WORD = "coins taken"
ENDINGS = {"stopped": "a player called stop", "pile out": "the pile ran out",
           CAPPED: "turn cap (draw)"}
DECK_FORMATS = ()
READINGS = (Reading("Three coins lie face up and a player takes one of them.",
                    "Which coin may a player take?"),)


def load(folder):
    """The Coin Flip card data (tests.fourth_game.kit)."""
    return load_coin_flip(folder)


class RandomPlayer:
    """Takes any face-up coin; calls stop at random once ahead."""

    about = "takes any coin, sometimes calls stop when ahead"

    def choose(self, rng: random.Random, row: list[int], ahead: bool) -> int | None:
        if ahead and rng.random() < 0.2:
            return None
        return rng.randrange(len(row))


class GreedyPlayer(RandomPlayer):
    """Takes the most valuable face-up coin; calls stop as soon as it leads by 3."""

    about = "takes the best coin, stops when 3 ahead"

    def choose(self, rng, row, ahead):
        if ahead:
            return None
        return max(range(len(row)), key=lambda i: row[i])


STRATEGIES = {"random": RandomPlayer, "greedy": GreedyPlayer}
DEFAULT_STRATEGY = "greedy"


def simulate(data, n_players: int, seed: int, strategy, cap: int = TURN_CAP,
             setup: Setup = Setup()) -> Result:
    """One whole game of `n_players` seated in order, seat k playing `strategy[k]`."""
    rng = random.Random(seed)
    names = tuple(f"P{k + 1}" for k in range(n_players))
    seats = [STRATEGIES[s]() for s in strategy]
    pile = [c.points for c in data.cards for _ in range(c.count)]
    rng.shuffle(pile)
    state, events, ending = table.initial(names), [], None
    taken = {str(p): 0 for p in (1, 2, 3)}
    for _ in range(cap):
        row = pile[:3]
        if not row:
            ending = "pile out"
            break
        me = names[state.current]
        totals = state.totals()
        lead = totals[me] - max(t for n, t in totals.items() if n != me)
        pick = seats[state.current].choose(rng, row, lead >= 3)
        if pick is None:
            ending = "stopped"
            break
        points = pile.pop(pick)
        event = {"type": "coin", "player": me, "points": points}
        state = table.apply(state, event)
        events.append(event)
        taken[str(points)] += 1
    if ending is None:
        return Result(seed, names, (), "turn cap", CAPPED, False,
                      tuple(state.totals().values()), cap, True, tuple(events),
                      {"taken": taken}, tuple(strategy))
    events.append({"type": "stop"})
    state = table.apply(state, events[-1])
    outcome = table.outcome(state)
    return Result(seed, names, outcome.winners, outcome.reason, ending,
                  len(outcome.winners) > 1, tuple(state.totals().values()),
                  len(events) - 1, False, tuple(events), {"taken": taken}, tuple(strategy))


def figures(data) -> list[Figure]:
    """How often each coin value was taken, per game."""
    return [Figure("Coins taken by value", "per game", "taken",
                   {"1": "1 point", "2": "2 points", "3": "3 points"},
                   "Coins taken a game", "Coin")]
