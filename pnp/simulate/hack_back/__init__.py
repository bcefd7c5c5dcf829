"""The Hack Back simulator, as the contract of `pnp.simulate.result` asks: the game
model is `game` (its docstring gives the rules it follows and every reading where they
are silent), the ways of playing are `players`; this module names the strategies and
plays one game (`simulate`)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from pnp.data.hack_back import HackBackData, load_hack_back
from pnp.simulate.hack_back.game import (
    ENDINGS,
    FACTS,
    GAME,
    INDIVIDUAL,
    NAMES,
    PLAYERS,
    RATES,
    SHARED,
    SHARED_ID,
    TURN_CAP,
    TURN_WORD,
    Action,
    Game,
    Player,
    Seat,
    View,
    choose_format,
    distinct,
    ending,
    lowest_vc,
    take,
)
from pnp.simulate.hack_back.players import (
    Racer,
    RandomPlayer,
    forecast,
)
from pnp.simulate.result import Figure, Result, per_seat, played

__all__ = [
    "DEFAULT_STRATEGY",
    "ENDINGS",
    "FACTS",
    "GAME",
    "INDIVIDUAL",
    "NAMES",
    "PLAYERS",
    "RATES",
    "SHARED",
    "SHARED_ID",
    "STRATEGIES",
    "TURN_CAP",
    "TURN_WORD",
    "Action",
    "Game",
    "Player",
    "Racer",
    "RandomPlayer",
    "Seat",
    "View",
    "choose_format",
    "distinct",
    "ending",
    "figures",
    "forecast",
    "load",
    "lowest_vc",
    "simulate",
    "take",
]

STRATEGIES = {"random": RandomPlayer, "racer": Racer}
DEFAULT_STRATEGY = "racer"


def simulate(data: HackBackData, n_players: int, seed: int,
             strategy: str | Sequence[str] = DEFAULT_STRATEGY, cap: int = TURN_CAP,
             deck_format: str | None = None) -> Result:
    """Play one seeded game of `n_players` (PLAYERS) with `strategy` (a STRATEGIES name,
    or one per seat) and `deck_format` ("individual", "shared", or None: individual when
    the data has a deck for every player). The same arguments give the same Result.
    ValueError for a strategy list of the wrong length or a table the decks cannot
    deal; KeyError for an unknown strategy; RuleError outside rules.PLAYERS."""
    names = per_seat(strategy, n_players)
    return played(Game(data, [STRATEGIES[s]() for s in names], seed, deck_format), names, cap)


def load(folder: Path) -> HackBackData:
    """The card data in `folder` (pnp.data.hack_back.load_hack_back; DataError)."""
    return load_hack_back(folder)


def figures(data: HackBackData) -> list[Figure]:
    """The per-card and per-deck figures (issue 13): each Hero's win rate when revealed
    in the opening (every opening reveal, tie replacements included; a win is a sole
    win); each deck's win rate (per seat dealt it); how often each Hero, once in play,
    is discarded at 40 VC or more (rules, "Eliminate Heroes")."""
    heroes = {cid: card.name for cid, card in data.cards.items()}
    decks = {d.id: d.name for d in data.decks} | {SHARED_ID: data.shared.name}
    return [Figure("Hero win rate when revealed in the opening", "rate", "opening_won",
                   heroes, "Wins (% of games revealed)", "Hero revealed in the opening",
                   "opening"),
            Figure("Win rate by deck", "rate", "deck_won", decks,
                   "Wins (% of seats dealt the deck)", "Deck", "deck"),
            Figure("Heroes discarded at 40 VC or more", "rate", "discarded", heroes,
                   "Discarded (% of times in play)", "Hero card", "in_play")]
