"""Hack Attack: Defense at the table: its rules, verbs, status view, card look-ups, and
`scorekeeper check` for a finished table. Rules: shared/rules/hack-attack-defense.txt."""

from __future__ import annotations

from scorekeeper.game import Game, Rules
from scorekeeper.games.hack_attack import rules, verbs, view


def _card_ids() -> set[str]:
    from scorekeeper.games.hack_attack import cards
    return cards.ids()


GAME = Game(
    id=rules.GAME,
    name=rules.NAME,
    rules=Rules.of(rules),
    view=view.status_lines,
    verbs=(verbs.protect, verbs.user_error, verbs.attack, verbs.end_turn, verbs.defend),
    check=verbs.settle,
    variants=rules.VARIANTS,
    cards=_card_ids,
)
