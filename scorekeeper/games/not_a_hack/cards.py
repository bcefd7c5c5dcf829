"""Not a Hack card look-ups for the table: action cards by id or name, and the points
they print, from the game's card data (card_data/not-a-hack)."""

from __future__ import annotations

from scorekeeper.cards import card_data, pick
from scorekeeper.games.not_a_hack import rules


def _cards():
    from pnp.data.not_a_hack import load_not_a_hack
    return card_data(rules.GAME, load_not_a_hack).cards


def action(typed: str, kind: str) -> tuple[int, str]:
    """(points, name) of an action card of `kind` ("negative" or "positive") by id or
    name; InputError if there is no such card. Negative cards print negative points
    (rules: “they lose the amount of points specified on the card”)."""
    options = {c.id: c for c in _cards() if c.kind == kind}
    card = options[pick(typed, {k: c.name for k, c in options.items()}, f"{kind} action card")]
    return card.points, card.name


def points_range(kind: str) -> tuple[int, int]:
    """The smallest and largest points (unsigned) printed on action cards of `kind`."""
    points = [abs(c.points) for c in _cards() if c.kind == kind]
    return min(points), max(points)
