"""Coin Flip's simulator: the fourth game played many times by `pnp simulate`, as the
contract of pnp.simulate.result asks and the shipped games' simulators do. The game in
play is `Match` (a pnp.simulate.model.Model, so the shared search player looks ahead in
it), every move applied by Coin Flip's score keeper rules (tests.fourth_game.table),
which refuse any illegal one; the ways of playing are `RandomPlayer`, `GreedyPlayer` and
`Search`.

The rules (card_data/coin-flip/rulebook.md): players take one coin card a turn in
seating order; stop ends the game, the highest total wins. Where they are silent the
model reads them as READINGS say, each with the rulebook Clarification it follows: the
coins are shuffled face down and three lie face up; a player takes one of those and
the top of the pile is turned up in its place; stop is called between two turns (the
model asks the player whose turn begins); play stops once every coin is taken. A game
that reaches the turn cap (coins taken) ends unscored: a draw, `capped`.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple, Protocol

from pnp.simulate.model import Model, fresh_facts
from pnp.simulate.result import (
    CAPPED,
    Figure,
    Reading,
    Result,
    Setup,
    make_players,
    per_seat,
    played,
)
from pnp.simulate.search import SearchSpec, strategy
from tests.fourth_game import table
from tests.fourth_game.kit import CoinData, load_coin_flip

GAME = table.GAME_ID
PLAYERS = table.PLAYERS
NAMES = ("Ana", "Ben", "Cleo", "Dev")  # as many as the rules seat (table.PLAYERS)
TURN_CAP = 200  # coins taken
TURN_WORD = "coins taken"
FACE_UP = 3  # coins lying face up (READINGS)
#: Points of lead a search player's play-out counts as most of a clear lead (Model.lead).
LEAD_POINTS = 3
ENDINGS = {
    "stopped": "a player called stop",
    "pile out": "every coin taken",
    CAPPED: "turn cap (draw)",
}
DECK_FORMATS = ()
VALUES = tuple(str(p) for p in range(table.COIN_POINTS[0], table.COIN_POINTS[1] + 1))

#: Where the rules are silent, what the model does, with the rulebook's clarification
#: (card_data/coin-flip/rulebook.md, "Clarifications") that says so.
READINGS = (
    Reading(
        "The coins are shuffled face down and three lie face up; a player takes one of "
        "them and the top of the pile is turned up in its place.",
        "Which coin card may I take?",
    ),
    Reading(
        "Stop is called between two turns; the model asks the player whose turn "
        "begins, who calls it instead of taking a coin.",
        "Can I call stop when it is not my turn?",
    ),
    Reading(
        "Once every coin is taken play stops and the game is scored.",
        "What if every coin card has been taken?",
    ),
)


class View(NamedTuple):
    """What one player sees when deciding: `name` (theirs), every player's total so far
    (`totals`, in seating order), the face-up coins (`row`, points), the coins left face
    down (`pile`) and the player's own random source (`rng`, never the deal's)."""

    name: str
    totals: dict
    row: tuple
    pile: int
    rng: random.Random

    def lead(self) -> int:
        """How far this player's total is ahead of the best other's (negative: behind)."""
        return self.totals[self.name] - max(t for n, t in self.totals.items() if n != self.name)


class Player(Protocol):
    """A way of playing: `stop`, at the start of the player's turn, whether to call stop;
    `take`, which face-up coin (its points, one of `options`) to take."""

    def stop(self, view: View) -> bool: ...
    def take(self, view: View, options: list[int]) -> int: ...


class RandomPlayer:
    """Takes any face-up coin; calls stop at random (one turn in five) when ahead."""

    about = "takes any coin, sometimes calls stop when ahead"

    def stop(self, view):
        return view.lead() > 0 and view.rng.random() < 0.2

    def take(self, view, options):
        return view.rng.choice(options)


class GreedyPlayer:
    """Takes the most valuable face-up coin; calls stop as soon as it leads by
    LEAD_POINTS or more."""

    about = "takes the best coin, calls stop when 3 ahead"

    def stop(self, view):
        return view.lead() >= LEAD_POINTS

    def take(self, view, options):
        return max(options)


SEARCH = SearchSpec(
    GreedyPlayer, {"stop": lambda view: [False, True], "take": lambda view, options: list(options)}
)
Search = strategy(
    SEARCH,
    "searches each stop and each coin by playing the game out (the "
    "greedy rule of thumb at every seat)",
    """Information-set Monte Carlo tree
    search (pnp.simulate.search): whether to call stop and which coin to take are chosen
    by playing the game out many times from what the player can see, every seat playing
    the greedy rule of thumb in those play-outs.""",
)

STRATEGIES = {"random": RandomPlayer, "greedy": GreedyPlayer, "search": Search}
DEFAULT_STRATEGY = "greedy"


class Seat:
    """One player at the table: their name and the coins they took (points, in order)."""

    __slots__ = ("coins", "name")

    def __init__(self, name: str, coins: Sequence[int] = ()):
        self.name, self.coins = name, list(coins)


class Match(Model):
    """One game in play (mutable while it runs; `play` returns its Result): `coins` the
    pile's coins by points (None: every copy the kit prints). RuleError
    (`table.initial`) for a player count outside PLAYERS."""

    def __init__(
        self,
        data: CoinData,
        players: Sequence[Player],
        seed: int,
        coins: Sequence[int] | None = None,
        cap: int = TURN_CAP,
    ):
        names = NAMES[: len(players)]
        self.start(seed, players, names, cap)
        self.state = table.initial(names)
        self.seats = [Seat(n) for n in names]
        self.pile = sorted(
            coins if coins is not None else [c.points for c in data.cards for _ in range(c.count)]
        )
        self.rng.shuffle(self.pile)
        self.row = [self.pile.pop() for _ in range(min(FACE_UP, len(self.pile)))]
        self.events: list[dict] = []
        self.ending: str | None = None
        self.facts = {"taken": Counter(dict.fromkeys(VALUES, 0))}

    def record(self, event: dict) -> None:
        """Apply `event` to the score keeper's state (its RuleError if illegal), and log it."""
        self.state = table.apply(self.state, event)
        self.events.append(event)

    def view(self, k: int) -> View:
        return View(
            self.names[k], self.state.totals(), tuple(self.row), len(self.pile), self.seat_rngs[k]
        )

    # --- the model's steps (pnp.simulate.model) ----------------------------------------

    def over(self) -> bool:
        return self.state.over

    def clock(self) -> int:
        return sum(len(s.coins) for s in self.seats)

    def step(self) -> None:
        """One turn: the player whose turn begins may call stop; else they take a face-up
        coin and the top of the pile is turned up in its place. The last coin taken
        stops play."""
        k = self.state.current
        if not self.row:  # a pile of no coins at all
            self.finish("pile out")
            return
        if self.decide(k, "stop", self.view(k)):
            self.finish("stopped")
            return
        points = self.decide(k, "take", self.view(k), sorted(set(self.row)))
        self.row.remove(points)
        if self.pile:
            self.row.append(self.pile.pop())
        self.record({"type": "coin", "player": self.names[k], "points": points})
        self.seats[k].coins.append(points)
        self.facts["taken"][str(points)] += 1
        if not self.row:
            self.finish("pile out")

    def finish(self, ending: str) -> None:
        self.record({"type": "stop"})
        self.ending = ending

    def winners(self) -> tuple[str, ...] | None:
        outcome = table.outcome(self.state)
        return outcome.winners if outcome else None

    def lead(self, k: int) -> float:
        """Seat `k`'s total over the best other's, in units of LEAD_POINTS, squashed to
        -1..1."""
        totals = list(self.state.totals().values())
        mine = totals.pop(k)
        return math.tanh((mine - max(totals)) / LEAD_POINTS)

    def clone(self) -> Match:
        other = object.__new__(Match)
        self.copy_base(other)
        other.state, other.ending = self.state, self.ending
        other.seats = [Seat(s.name, s.coins) for s in self.seats]
        other.pile, other.row = list(self.pile), list(self.row)
        other.events, other.facts = [], fresh_facts(self.facts)
        return other

    def determinize(self, k: int, rng: random.Random) -> None:
        """Every player sees the face-up coins and every coin taken; nobody sees the
        order of the pile, so it is shuffled anew."""
        self.pile.sort()
        rng.shuffle(self.pile)

    def result(self) -> Result:
        """The Result: the score keeper's outcome once play stopped, else a draw (capped)."""
        totals = tuple(self.state.totals().values())
        facts = {k: dict(sorted(v.items())) for k, v in self.facts.items()}
        outcome = table.outcome(self.state)
        if outcome is None:
            return Result(
                self.seed,
                self.names,
                (),
                "turn cap: a draw",
                CAPPED,
                False,
                totals,
                self.clock(),
                True,
                tuple(self.events),
                facts,
            )
        return Result(
            self.seed,
            self.names,
            outcome.winners,
            outcome.reason,
            self.ending,
            len(outcome.winners) > 1,
            totals,
            self.clock(),
            False,
            tuple(self.events),
            facts,
        )


def simulate(
    data: CoinData,
    n_players: int,
    seed: int,
    strategy: str | Sequence[str] = DEFAULT_STRATEGY,
    cap: int = TURN_CAP,
    setup: Setup = Setup(),
) -> Result:
    """Play one seeded game of `n_players` with `strategy` (a STRATEGIES name, or one per
    seat) and a search player's iterations (`setup`). The same arguments give the same
    Result. ValueError for a strategy list of the wrong length; KeyError for an unknown
    strategy; RuleError outside PLAYERS."""
    names = per_seat(strategy, n_players)
    game = Match(data, make_players(STRATEGIES, names, setup), seed, None, cap)
    return played(game, names, cap)


def load(folder: Path) -> CoinData:
    """The card data in `folder` (tests.fourth_game.kit.load_coin_flip; DataError)."""
    return load_coin_flip(folder)


def figures(data: CoinData) -> list[Figure]:
    """How many coins of each value a game takes."""
    return [
        Figure(
            "Coins taken by value",
            "per game",
            "taken",
            {v: f"{v} point{'s' if v != '1' else ''}" for v in VALUES},
            "Coins taken a game",
            "Coin",
        )
    ]
