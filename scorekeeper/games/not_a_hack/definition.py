"""`GAME`, the score keeper's definition of this game (scorekeeper.game.Game): its rules,
verbs, status view, variants, card look-ups and `check`. Importing it imports the
verbs and so click; the package's __init__ reaches it only when GAME is asked for."""

from __future__ import annotations

from scorekeeper.game import Deferred, Game, Rules
from scorekeeper.games.not_a_hack import rules, state, verbs, view

#: The modules named below load when one of their functions is first called
#: (scorekeeper.game.Deferred): a status loads no legal moves, check or card data.
_HERE = "scorekeeper.games.not_a_hack"

GAME = Game(
    id=state.GAME,
    name=state.NAME,
    rules=Rules.of(rules, f"{_HERE}.moves"),
    view=view.status_lines,
    board=Deferred(f"{_HERE}.board", "board"),
    verbs=(
        verbs.hack,
        verbs.negative,
        verbs.banned,
        verbs.new_account,
        verbs.positive,
        verbs.steal,
        verbs.hack_off,
        verbs.used_up,
    ),
    check=Deferred(f"{_HERE}.check", "settle"),
    cards=Deferred(f"{_HERE}.cards", "ids"),
    kit=Deferred(f"{_HERE}.cards", "kit"),
    first=True,
    first_rule="rules, “Turn 1: Choose one person to draw from the black hack pile”; "
    "then the draw passes clockwise",
)
