"""Hack Back at the table: its rules (the opening, two-action turns, the end-of-turn
checks), verbs, status view, card look-ups, and `scorekeeper check` for the end of a
turn. Rules: shared/rules/hack-back.txt.

Importing this package imports nothing: its `GAME` (definition.py) is loaded when first
asked for, so a module of the package (the pure rules, the cover table) can be imported
alone, without the verbs and click."""

from __future__ import annotations


def __getattr__(name: str):
    """`GAME`, loaded from definition.py on first use (PEP 562)."""
    if name == "GAME":
        from scorekeeper.games.hack_back.definition import GAME

        return GAME
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
