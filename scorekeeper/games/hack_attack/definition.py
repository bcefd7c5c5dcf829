"""`GAME`, the score keeper's definition of this game (scorekeeper.game.Game): its rules
(with their legal moves, moves.py), verbs, status view, variants, card look-ups and
`check`. Importing it imports the verbs and so click; the package's __init__ reaches it
only when GAME is asked for."""

from __future__ import annotations

from scorekeeper.game import Deferred, Game, Rules
from scorekeeper.games.hack_attack import rules, state, verbs, view

#: The modules named below load when one of their functions is first called
#: (scorekeeper.game.Deferred): a status loads no legal moves, check or card data.
_HERE = "scorekeeper.games.hack_attack"

GAME = Game(
    id=state.GAME,
    name=state.NAME,
    rules=Rules.of(rules, f"{_HERE}.moves"),
    view=view.status_lines,
    board=Deferred(f"{_HERE}.board", "board"),
    verbs=(verbs.protect, verbs.user_error, verbs.attack, verbs.end_turn, verbs.defend),
    check=verbs.settle,
    variants=state.VARIANTS,
    cards=Deferred(f"{_HERE}.cards", "ids"),
    kit=Deferred(f"{_HERE}.cards", "deck"),
    first=True,
    first_rule="rules, “Pick a first player: whoever most recently ran into a scam goes "
    "first. Play continues clockwise.”",
)
