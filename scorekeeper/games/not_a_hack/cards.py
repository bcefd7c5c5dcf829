"""Not a Hack card look-ups for the table: action cards by id or name, the points they
print, and how many of each kind the kit prints (which the rules hold every count to),
from the game's card data (card_data/not-a-hack). Negative cards print negative points
(rules: “they lose the amount of points specified on the card”)."""

from __future__ import annotations

from functools import lru_cache

from pnp.core.records import NamedTuple
from scorekeeper.cards import card_view, pick
from scorekeeper.games.not_a_hack import state


class Card(NamedTuple):
    """A Not a Hack card as the table needs it: id, name, kind, printed points (0 for
    cards without), copies printed."""

    id: str
    name: str
    kind: str
    points: int
    count: int  # type: ignore[assignment]  # copies, as the cards name it; shadows tuple.count


def _view(data) -> list:
    """What the table needs of the Not a Hack cards, JSON-ready (Card's fields)."""
    return [[c.id, c.name, c.kind, c.points, c.count] for c in data.cards]


def _load(folder):
    """The card data, through the manifest's loader (the score keeper imports no print
    code: pnp.core.games.load_data)."""
    from pnp.core.games import load_data

    return load_data(state.GAME, folder)


@lru_cache(maxsize=None)
def _cards() -> tuple[Card, ...]:
    """Every Not a Hack card (scorekeeper.cards.card_view); InputError if the card data
    has problems."""
    return tuple(Card(*c) for c in card_view(state.GAME, _load, _view))


class Kit(NamedTuple):
    """Every Not a Hack card (`cards`), with the look-ups the table needs: what the
    rules' moves offer and hold every count to."""

    cards: tuple[Card, ...]

    def of(self, kind: str) -> list[Card]:
        """The cards of `kind` ("negative", "new_account", ...), in the data's order."""
        return [c for c in self.cards if c.kind == kind]

    def points_range(self, kind: str) -> tuple[int, int]:
        """The smallest and largest points (unsigned) printed on action cards of `kind`."""
        points = [abs(c.points) for c in self.of(kind)]
        return min(points), max(points)

    def action_card(self, typed: str, kind: str) -> dict:
        """An action card of `kind` by id or name as an event's fields: {"points",
        "name", "card", "copies", "deck_at_points"} (its copies, and the cards of that
        kind printing its points); InputError if there is no such card."""
        options = {c.id: c for c in self.of(kind)}
        from scorekeeper.games.not_a_hack.state import GAME
        from scorekeeper.languages import other_names

        names = {k: c.name for k, c in options.items()}
        card = options[pick(typed, names, f"{kind} action card", also=other_names(GAME))]
        return {
            "points": card.points,
            "name": card.name,
            "card": card.id,
            "copies": card.count,
            "deck_at_points": self.at_points(kind, card.points),
        }

    def at_points(self, kind: str, points: int) -> int:
        """How many action cards of `kind` the kit prints with `points` (signed, as
        printed)."""
        return sum(c.count for c in self.of(kind) if c.points == points)

    def printed(self, kind: str) -> int:
        """How many cards of `kind` the kit prints ("new_account", "component", ...)."""
        return sum(c.count for c in self.of(kind))

    def white_points(self) -> int:
        """The white cards a winning hack can be built of: components and modifiers
        printed."""
        return self.printed("component") + self.printed("modifier")


def kit() -> Kit:
    """Today's Not a Hack cards as a Kit (read once: `_cards`); InputError if the card
    data has problems."""
    return Kit(_cards())


def points_range(kind: str) -> tuple[int, int]:
    """Kit.points_range of today's cards."""
    return kit().points_range(kind)


def action_card(typed: str, kind: str) -> dict:
    """Kit.action_card of today's cards."""
    return kit().action_card(typed, kind)


def at_points(kind: str, points: int) -> int:
    """Kit.at_points of today's cards."""
    return kit().at_points(kind, points)


def printed(kind: str) -> int:
    """Kit.printed of today's cards."""
    return kit().printed(kind)


def white_points() -> int:
    """Kit.white_points of today's cards."""
    return kit().white_points()


def ids() -> set[str]:
    """Ids of every card the kit prints."""
    return {c.id for c in _cards()}
