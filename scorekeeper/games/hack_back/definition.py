"""`GAME`, the score keeper's definition of this game (scorekeeper.game.Game): its rules,
verbs, status view, variants, card look-ups and `check`. Importing it imports the
verbs and so click; the package's __init__ reaches it only when GAME is asked for."""

from __future__ import annotations

from scorekeeper.game import Game, Rules
from scorekeeper.games.hack_back import board, check, moves, rules, verbs, view


def _card_ids() -> set[str]:
    from scorekeeper.games.hack_back import cards

    return cards.ids()


def _cards():
    from scorekeeper.games.hack_back import cards

    return cards.cards()


GAME = Game(
    id=rules.GAME,
    name=rules.NAME,
    rules=Rules.of(rules, moves),
    view=view.status_lines,
    board=board.board,
    verbs=(verbs.hero, verbs.no_hero, verbs.draw, verbs.play, verbs.activate),
    check=check.settle,
    cards=_card_ids,
    kit=_cards,
    first=False,
    first_rule=rules.RULE_TURN,
)
