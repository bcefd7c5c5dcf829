"""Hack Back card look-ups for the table: every card (any card can be a Hero) by id or
name, with its printed VC and its Play and Activate effects, from the game's card data
(card_data/hack-back)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from scorekeeper.cards import card_data, pick
from scorekeeper.games.hack_back import rules


@dataclass(frozen=True)
class HeroSpec:
    """A Hack Back card as the table needs it: id, name, printed VC, and its Play and
    Activate effects as JSON-ready dicts ({"kind": K, "amount": N})."""

    id: str
    name: str
    vc: int
    play: tuple[dict, ...]
    activate: tuple[dict, ...]


@lru_cache(maxsize=None)
def cards() -> dict[str, HeroSpec]:
    """Hack Back cards by id, loaded once; InputError if the card data has problems."""
    from pnp.data.hack_back import load_hack_back
    data = card_data(rules.GAME, load_hack_back)
    return {c.id: HeroSpec(c.id, c.name, c.vc, tuple(e.to_json() for e in c.play),
                           tuple(e.to_json() for e in c.activate))
            for c in data.cards.values()}


def hero_card(typed: str) -> HeroSpec:
    """A Hack Back card by id or name (any case, or a unique start); InputError with
    close matches if there is none."""
    specs = cards()
    return specs[pick(typed, {k: v.name for k, v in specs.items()}, "Hack Back card")]


def printed_vc_range() -> tuple[int, int]:
    """The lowest and highest VC printed on a card."""
    printed = [c.vc for c in cards().values()]
    return min(printed), max(printed)
