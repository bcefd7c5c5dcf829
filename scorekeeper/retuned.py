"""Cards a saved game names that today's card data no longer prints (a deck retuned
since the game was saved): warnings, never a reason to refuse the game."""

from __future__ import annotations

from typing import cast

from scorekeeper.errors import ScoreError, quoted
from scorekeeper.session import Table
from scorekeeper.shapes import card_ids


def retuned(table: Table) -> list[str]:
    """One warning per card that an event in force names and today's card data no
    longer prints (a deck retuned since the game was saved): the game is kept and shown
    as it was recorded. [] for a game without the `cards` hook or whose card data cannot
    be read now (the commands that need it say so)."""
    shapes, known = table.game.rules.events, table.game.cards
    if shapes is None or known is None:
        return []
    try:
        printed = known()
    except ScoreError:
        return []
    gone: dict[str, int] = {}
    for n, step in enumerate(table.steps, start=1):
        event = cast(dict, step.row.event)  # a step's row is an action, with its event
        shape = shapes.get(event["type"])
        for card in card_ids(event, shape) if shape else ():
            if card not in printed:
                gone.setdefault(card, n)
    return [
        f"event {n} names the card {quoted(card, 48)}, which today's card data does "
        "not print (a deck retuned since this game was saved?); it is kept as "
        "recorded"
        for card, n in gone.items()
    ]
