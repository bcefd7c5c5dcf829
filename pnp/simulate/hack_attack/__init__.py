"""The Hack Attack: Defense simulator, as the contract of `pnp.simulate.result` asks: the game
model is `game` (its docstring gives the rules it follows and every reading where they
are silent), the ways of playing are `players`; this module names the strategies and
plays one game (`simulate`)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from pnp.data.hack_attack import AttackCard, HackAttackData, TechCard, load_hack_attack
from pnp.simulate.hack_attack.game import (
    DEAL_DEFENSE,
    DEAL_TECH,
    DEFENSE_ROW,
    ENDINGS,
    GAME,
    HAND_LIMIT,
    NAMES,
    PLAYERS,
    TECH_LIMIT,
    TECH_ROW,
    TURN_CAP,
    TURN_WORD,
    WILD,
    Action,
    DefenseLike,
    Game,
    Player,
    Seat,
    View,
    category,
    deck_of,
    payment,
)
from pnp.simulate.hack_attack.players import (
    Protector,
    RandomPlayer,
)
from pnp.simulate.result import Figure, Result, per_seat, played
from scorekeeper.games.hack_attack.cards import Deck

__all__ = [
    "DEAL_DEFENSE",
    "DEAL_TECH",
    "DEFAULT_STRATEGY",
    "DEFENSE_ROW",
    "ENDINGS",
    "GAME",
    "HAND_LIMIT",
    "NAMES",
    "PLAYERS",
    "STRATEGIES",
    "TECH_LIMIT",
    "TECH_ROW",
    "TURN_CAP",
    "TURN_WORD",
    "WILD",
    "Action",
    "DefenseLike",
    "Game",
    "Player",
    "Protector",
    "RandomPlayer",
    "Seat",
    "View",
    "category",
    "deck_of",
    "figures",
    "load",
    "payment",
    "simulate",
]

STRATEGIES = {"random": RandomPlayer, "protector": Protector}
DEFAULT_STRATEGY = "protector"


def simulate(data: HackAttackData, n_players: int, seed: int,
             strategy: str | Sequence[str] = "protector", cap: int = TURN_CAP,
             deck: Deck | None = None) -> Result:
    """Play one seeded game of `n_players` (2–6) with `strategy` (a STRATEGIES name, or
    one per seat). The same arguments give the same Result. ValueError for a strategy
    list of the wrong length; KeyError for an unknown strategy."""
    names = per_seat(strategy, n_players)
    return played(Game(data, [STRATEGIES[s]() for s in names], seed, deck), names, cap)


def load(folder: Path) -> HackAttackData:
    """The card data in `folder` (pnp.data.hack_attack.load_hack_attack)."""
    return load_hack_attack(folder)


def figures(data: HackAttackData) -> list[Figure]:
    """The per-card figures (issue 13): how often each Tech, once a player holds it, is
    Protected; how often each Attack defeats the table (rules, the Attack section)."""
    tech = {c.id: f"{c.name} ({c.points} pt{'s' if c.points != 1 else ''})"
            for c in sorted((c for c in data.cards if isinstance(c, TechCard)),
                            key=lambda c: (-c.points, c.name))}
    attacks = {c.id: c.name for c in data.cards if isinstance(c, AttackCard)}
    return [Figure("Tech Protected, once held", "rate", "protected", tech,
                   "Protected (% of copies held)", "Tech card", "held"),
            Figure("Attacks that defeat the table", "rate", "defeats", attacks,
                   "Table defeated (% of times drawn)", "Attack card", "attacks")]
