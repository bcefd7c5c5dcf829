"""Hack Back card look-ups for the table: every card (any card can be a Hero) by id or
name, with its printed VC and its Play and Activate effects, from the game's card data
(card_data/hack-back)."""

from __future__ import annotations

from functools import lru_cache

from pnp.core.records import NamedTuple
from scorekeeper.cards import card_view, pick
from scorekeeper.games.hack_back import rules


class HeroSpec(NamedTuple):
    """A Hack Back card as the table needs it: id, name, printed VC, and its Play and
    Activate effects as JSON-ready dicts ({"kind": K, "amount": N})."""

    id: str
    name: str
    vc: int
    play: tuple[dict, ...]
    activate: tuple[dict, ...]


def _view(data) -> dict:
    """What the table needs of the Hack Back cards, JSON-ready: id -> [name, VC, Play
    effects, Activate effects]."""
    return {
        c.id: [c.name, c.vc, [e.to_json() for e in c.play], [e.to_json() for e in c.activate]]
        for c in data.cards.values()
    }


def _load(folder):
    """The card data, through the manifest's loader (the score keeper imports no print
    code: pnp.core.games.load_data)."""
    from pnp.core.games import load_data

    return load_data(rules.GAME, folder)


@lru_cache(maxsize=None)
def cards() -> dict[str, HeroSpec]:
    """Hack Back cards by id, loaded once (scorekeeper.cards.card_view); InputError if
    the card data has problems."""
    return {
        k: HeroSpec(k, name, vc, tuple(play), tuple(activate))
        for k, (name, vc, play, activate) in card_view(rules.GAME, _load, _view).items()
    }


def hero_card(typed: str, specs: dict[str, HeroSpec] | None = None) -> HeroSpec:
    """A Hack Back card of `specs` (default: today's card data, `cards`) by id or name
    (any case, or a unique start); InputError with close matches if there is none."""
    specs = cards() if specs is None else specs
    from scorekeeper.games.hack_back.state import GAME
    from scorekeeper.languages import other_names

    names = {k: v.name for k, v in specs.items()}
    return specs[pick(typed, names, "Hack Back card", also=other_names(GAME))]


def printed_vc_range(specs: dict[str, HeroSpec] | None = None) -> tuple[int, int]:
    """The lowest and highest VC printed on a card of `specs` (default: `cards`)."""
    printed = [c.vc for c in (cards() if specs is None else specs).values()]
    return min(printed), max(printed)


def ids() -> set[str]:
    """Ids of every card the kit prints."""
    return set(cards())
