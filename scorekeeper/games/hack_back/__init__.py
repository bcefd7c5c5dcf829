"""Hack Back at the table: its rules (the opening, two-action turns, the end-of-turn
checks), verbs, status view, card look-ups, and `scorekeeper check` for the end of a
turn. Rules: shared/rules/hack-back.txt."""

from __future__ import annotations

from scorekeeper.game import Game, Rules
from scorekeeper.games.hack_back import check, rules, verbs, view


def _card_ids() -> set[str]:
    from scorekeeper.games.hack_back import cards
    return cards.ids()


GAME = Game(
    id=rules.GAME,
    name=rules.NAME,
    rules=Rules.of(rules),
    view=view.status_lines,
    verbs=(verbs.hero, verbs.no_hero, verbs.draw, verbs.play, verbs.activate),
    check=check.settle,
    cards=_card_ids,
)
