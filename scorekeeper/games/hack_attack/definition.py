"""`GAME`, the score keeper's definition of this game (scorekeeper.game.Game): its rules
(with their legal moves, moves.py), verbs, status view, variants, card look-ups and
`check`. Importing it imports the verbs and so click; the package's __init__ reaches it
only when GAME is asked for."""

from __future__ import annotations

from scorekeeper.game import Game, Rules
from scorekeeper.games.hack_attack import board, moves, rules, state, verbs, view


def _card_ids() -> set[str]:
    from scorekeeper.games.hack_attack import cards

    return cards.ids()


def _deck():
    from scorekeeper.games.hack_attack import cards

    return cards.deck()


GAME = Game(
    id=state.GAME,
    name=state.NAME,
    rules=Rules.of(rules, moves),
    view=view.status_lines,
    board=board.board,
    verbs=(verbs.protect, verbs.user_error, verbs.attack, verbs.end_turn, verbs.defend),
    check=verbs.settle,
    variants=state.VARIANTS,
    cards=_card_ids,
    kit=_deck,
    first=True,
    first_rule="rules, “Pick a first player: whoever most recently ran into a scam goes "
    "first. Play continues clockwise.”",
)
