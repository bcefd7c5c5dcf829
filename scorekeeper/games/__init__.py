"""The score keeper's games, found by id: one registry line per game.

Game ids and their aliases are held once, in pnp's registry (`pnp.games`, which imports
nothing heavy); `RULES` maps each id the score keeper can keep to the package that
defines its `GAME` (a `scorekeeper.game.Game`). Both registries are read at call time,
so a test may add a game to each.
"""

from __future__ import annotations

from importlib import import_module

from scorekeeper.errors import InputError, RegistryError, quoted
from scorekeeper.game import Game

#: game id -> the package (or module) whose `GAME` is that game.
RULES = {
    "hack-attack": "scorekeeper.games.hack_attack",
    "hack-back": "scorekeeper.games.hack_back",
    "not-a-hack": "scorekeeper.games.not_a_hack",
}


def find_game(name: str) -> Game:
    """The game called `name` (an id or an alias of pnp's registry, any case).
    InputError listing the known ids for an unknown name, or saying the score keeper
    has no rules for a game pnp knows."""
    import pnp.games
    from pnp.errors import UnknownGame
    try:
        game_id = pnp.games.resolve(name)
    except UnknownGame as exc:
        raise InputError(str(exc)) from None
    return load_game(game_id)


def load_game(game_id: str) -> Game:
    """The game with exactly this id (as stored with a table). InputError if the score
    keeper has no rules for it; RegistryError if its package defines another game."""
    if game_id not in RULES:
        shown = game_id if len(game_id) <= 40 and game_id.isprintable() else quoted(game_id)
        raise InputError(f"the score keeper has no rules for {shown} yet; it keeps "
                         f"score for {', '.join(playable()) or 'no game'}")
    game = import_module(RULES[game_id]).GAME
    if game.id != game_id:
        raise RegistryError(f"RULES maps {game_id} to {RULES[game_id]}, whose GAME is "
                            f"{game.id}")
    return game


def playable() -> list[str]:
    """Ids of the games both registries know, in pnp's order: what `new` can start."""
    import pnp.games
    return [g for g in pnp.games.game_ids() if g in RULES]


def all_games() -> list[Game]:
    """Every game the score keeper has rules for (RULES, in order), loaded; a stored
    table of each can be replayed. RegistryError as `load_game`. Reads RULES only, so
    commands that need no game name (status) start without importing pnp."""
    return [load_game(g) for g in RULES]
