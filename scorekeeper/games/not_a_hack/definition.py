"""`GAME`, the score keeper's definition of this game (scorekeeper.game.Game): its rules,
verbs, status view, variants, card look-ups and `check`. Importing it imports the
verbs and so click; the package's __init__ reaches it only when GAME is asked for."""

from __future__ import annotations

from scorekeeper.game import Game, Rules
from scorekeeper.games.not_a_hack import board, check, moves, rules, state, verbs, view


def _card_ids() -> set[str]:
    from scorekeeper.games.not_a_hack import cards

    return cards.ids()


def _kit():
    from scorekeeper.games.not_a_hack import cards

    return cards.kit()


GAME = Game(
    id=state.GAME,
    name=state.NAME,
    rules=Rules.of(rules, moves),
    view=view.status_lines,
    board=board.board,
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
    check=check.settle,
    cards=_card_ids,
    kit=_kit,
    first=True,
    first_rule="rules, “Turn 1: Choose one person to draw from the black hack pile”; "
    "then the draw passes clockwise",
)
