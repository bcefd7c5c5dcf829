"""Rules modules, one per game, found by id: pure functions over immutable state."""

from __future__ import annotations

from importlib import import_module

from scorekeeper.errors import InputError

GAMES = {"hack-attack": "scorekeeper.rules.hack_attack",
         "hack-back": "scorekeeper.rules.hack_back",
         "not-a-hack": "scorekeeper.rules.not_a_hack"}
ALIASES = {"hack-attack-defense": "hack-attack", "had": "hack-attack"}


def find_rules(name: str):
    """The rules module for game `name` (id or alias, any case); InputError lists the ids."""
    key = ALIASES.get(name.strip().lower(), name.strip().lower())
    if key not in GAMES:
        raise InputError(f"unknown game {name!r}; known games: {', '.join(GAMES)}")
    return import_module(GAMES[key])
