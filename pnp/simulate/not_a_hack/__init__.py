"""The Not a Hack simulator, as the contract of `pnp.simulate.result` asks: the game
model is `game` (its docstring gives the rules it follows and every reading where they
are silent), the ways of playing are `players`; this module names the strategies and
plays one game (`simulate`)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from pnp.data.not_a_hack import NotAHackData, load_not_a_hack
from pnp.shown import plural
from pnp.simulate.not_a_hack.game import (
    BUILD,
    DEAL,
    ENDINGS,
    GAME,
    NAMES,
    PER_GAME,
    PLAYERS,
    TURN_CAP,
    TURN_WORD,
    USED_UP,
    Game,
    Kit,
    Player,
    Public,
    Seat,
    Steal,
    View,
    kit_of,
    size,
    take,
)
from pnp.simulate.not_a_hack.players import (
    CounterPlayer,
    PartyPlayer,
    RandomPlayer,
)
from pnp.simulate.result import Figure, Result, per_seat, played

__all__ = [
    "BUILD",
    "DEAL",
    "DEFAULT_STRATEGY",
    "ENDINGS",
    "GAME",
    "NAMES",
    "PER_GAME",
    "PLAYERS",
    "STRATEGIES",
    "TURN_CAP",
    "TURN_WORD",
    "USED_UP",
    "CounterPlayer",
    "Game",
    "Kit",
    "PartyPlayer",
    "Player",
    "Public",
    "RandomPlayer",
    "Seat",
    "Steal",
    "View",
    "figures",
    "kit_of",
    "load",
    "simulate",
    "size",
    "take",
]

STRATEGIES = {"random": RandomPlayer, "party": PartyPlayer, "always-counter": CounterPlayer}
DEFAULT_STRATEGY = "party"


def simulate(data: NotAHackData, n_players: int, seed: int,
             strategy: str | Sequence[str] = DEFAULT_STRATEGY, cap: int = TURN_CAP,
             kit: Kit | None = None) -> Result:
    """Play one seeded game of `n_players` (3–5) with `strategy` (a STRATEGIES name, or
    one per seat), stopped after `cap` black cards. The same arguments give the same
    Result. ValueError for a strategy list of the wrong length; KeyError for an unknown
    strategy; RuleError for a player count outside PLAYERS."""
    names = per_seat(strategy, n_players)
    return played(Game(data, [STRATEGIES[s]() for s in names], seed, kit), names, cap)


def load(folder: Path) -> NotAHackData:
    """The card data in `folder` (pnp.data.not_a_hack.load_not_a_hack)."""
    return load_not_a_hack(folder)


def _short(text: str, most: int = 34) -> str:
    """A hack card's text as a chart label: at most `most` characters, blanks as "_"."""
    text = " ".join(text.replace("____", "_").split())
    return text if len(text) <= most else text[:most - 1].rstrip() + "…"


def figures(data: NotAHackData) -> list[Figure]:
    """The figures (issue 13): bans, steals and hack-offs per game (rules, “Banned”,
    Steal, “Winning”); and per hack card, how often its winning hack is later stolen."""
    hacks = {c.id: f"{_short(c.text)} (needs {plural(c.components + c.modifiers, 'card')})"
             for c in data.cards if c.kind == "hack"}
    return [Figure("Bans, steals and hack-offs per game", "per game", "per_game",
                   dict(PER_GAME), "Per game (mean)", "Event"),
            Figure("Winning hacks stolen, by hack card", "rate", "stolen", hacks,
                   "Stolen at least once (% of hacks won)", "Hack card", "won")]
