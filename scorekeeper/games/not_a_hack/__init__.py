"""Not a Hack at the table: its rules (rounds, action cards, bans, the final hack-off),
verbs, status view, card look-ups, and `scorekeeper check` for a table after the
hack-off. Rules: shared/rules/not-a-hack.txt."""

from __future__ import annotations

from scorekeeper.game import Game, Rules
from scorekeeper.games.not_a_hack import check, rules, verbs, view


def _card_ids() -> set[str]:
    from scorekeeper.games.not_a_hack import cards
    return cards.ids()


GAME = Game(
    id=rules.GAME,
    name=rules.NAME,
    rules=Rules.of(rules),
    view=view.status_lines,
    verbs=(verbs.hack, verbs.negative, verbs.banned, verbs.new_account, verbs.positive,
           verbs.steal, verbs.hack_off),
    check=check.settle,
    cards=_card_ids,
)
