"""The points sheet every data-only game is kept on (a game folder with a game.toml and
no Python: scorekeeper.sheets): players in seating order, rounds, points per player per
round, the running totals; the highest or the lowest total wins, as the game's
game.toml says, and equal totals share the win. Its rules, verbs and status view.

Importing this package imports nothing: its `GAME` (definition.py) is loaded when first
asked for (scorekeeper.sheets loads it by name, only for a table of a points sheet or
one of its verbs)."""

from __future__ import annotations


def __getattr__(name: str):
    """`GAME`, loaded from definition.py on first use (PEP 562)."""
    if name == "GAME":
        from scorekeeper.games.points_sheet.definition import GAME

        return GAME
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
