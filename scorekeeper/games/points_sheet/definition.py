"""`GAME`, the points sheet's template (scorekeeper.game.Game): its rules, verbs and
status view. Each data-only game's tables are played with a copy of it that carries the
game's id, printed name and settings (scorekeeper.sheets.sheet_game)."""

from __future__ import annotations

from scorekeeper.game import Game, Rules
from scorekeeper.games.points_sheet import check, moves, rules, verbs, view

GAME = Game(
    id="points-sheet",
    name="Points sheet",
    rules=Rules.of(rules, moves),
    view=view.status_lines,
    verbs=(verbs.points, verbs.end_round, verbs.end_game),
    check=check.settle,  # given the game's Sheet by scorekeeper.sheets.sheet_game
    first_rule="a points sheet has no turns: the players sit in the order named",
)
