"""`GAME`, the score keeper's definition of this game (scorekeeper.game.Game): its rules,
verbs, status view, variants, card look-ups and `check`. Importing it imports the
verbs and so click; the package's __init__ reaches it only when GAME is asked for."""

from __future__ import annotations

from scorekeeper.game import Deferred, Game, Rules
from scorekeeper.games.hack_back import rules, verbs, view

#: The modules named below load when one of their functions is first called
#: (scorekeeper.game.Deferred): a status loads no legal moves, check or card data.
_HERE = "scorekeeper.games.hack_back"

GAME = Game(
    id=rules.GAME,
    name=rules.NAME,
    rules=Rules.of(rules, f"{_HERE}.moves"),
    view=view.status_lines,
    board=Deferred(f"{_HERE}.board", "board"),
    verbs=(verbs.hero, verbs.no_hero, verbs.draw, verbs.play, verbs.activate),
    check=Deferred(f"{_HERE}.check", "settle"),
    cards=Deferred(f"{_HERE}.cards", "ids"),
    kit=Deferred(f"{_HERE}.cards", "cards"),
    first=False,
    first_rule=rules.RULE_TURN,
)
