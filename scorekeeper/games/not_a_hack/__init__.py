"""Not a Hack at the table: its rules (rounds, action cards, bans, the final hack-off),
verbs, status view, card look-ups, and `scorekeeper check` for a table after the
hack-off. Rules: shared/rules/not-a-hack.txt.

Importing this package imports nothing: its `GAME` (definition.py) is loaded when first
asked for, so a module of the package (the pure rules, the cover table) can be imported
alone, without the verbs and click."""

from __future__ import annotations


def __getattr__(name: str):
    """`GAME`, loaded from definition.py on first use (PEP 562)."""
    if name == "GAME":
        from scorekeeper.games.not_a_hack.definition import GAME

        return GAME
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
