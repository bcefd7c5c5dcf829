"""Hack Attack: Defense card look-ups for the table: Tech and Attack cards and Defense
categories by id, name or points, from the game's card data (card_data/hack-attack)."""

from __future__ import annotations

from functools import lru_cache

from pnp.core.records import NamedTuple
from scorekeeper.cards import card_view, pick
from scorekeeper.errors import InputError, quoted
from scorekeeper.games.hack_attack import rules, state
from scorekeeper.languages import names_in
from scorekeeper.numbers import is_whole, whole

WILD_WORDS = ("reality-check", "reality check", "wild", "rc")


class Deck(NamedTuple):
    """What the score keeper needs of the Hack Attack: Defense cards: Tech id -> (name,
    points, copies), Attack id -> (name, icons, copies), category id -> name, the
    number of User Error cards, each declared category code -> category id, and the
    Defense cards the kit prints of each category and of the wild Reality Check (by its
    id, attack.WILD): the most of each a table can reveal against an Attack."""

    tech: dict[str, tuple[str, int, int]]
    attacks: dict[str, tuple[str, tuple[str, ...], int]]
    categories: dict[str, str]
    user_errors: int
    codes: dict[str, str] = {}
    defense: dict[str, int] = {}
    also: dict[str, str] = {}  # names in the kit's other languages -> id (scorekeeper.languages)

    def tech_at(self, points: int) -> int:
        """How many Tech cards the deck prints with `points`."""
        return sum(copies for _, p, copies in self.tech.values() if p == points)

    @property
    def points_range(self) -> tuple[int, int]:
        """Lowest and highest points printed on a Tech card."""
        points = [p for _, p, _ in self.tech.values()]
        return min(points), max(points)


def _view(data) -> dict:
    """What the table needs of the Hack Attack: Defense data, JSON-ready."""
    return {
        "tech": {c.id: [c.name, c.points, c.count] for c in data.cards if c.kind == "Tech"},
        "attacks": {
            c.id: [c.name, list(c.icons), c.count] for c in data.cards if c.kind == "Attack"
        },
        "categories": {k: v.name for k, v in data.categories.items()},
        "codes": {v.code: k for k, v in data.categories.items() if v.code},
        "user_errors": sum(c.count for c in data.cards if c.kind == "User Error"),
        "defense": {
            **{
                k: sum(c.count for c in data.cards if c.kind == "Defense" and c.category == k)
                for k in data.categories
            },
            rules.WILD: sum(c.count for c in data.cards if c.kind == "Reality Check"),
        },
        "also": names_in(data.info.folder),
    }


def _load(folder):
    """The card data, through the manifest's loader (the score keeper imports no print
    code: pnp.core.games.load_data)."""
    from pnp.core.games import load_data

    return load_data(state.GAME, folder)


@lru_cache(maxsize=None)
def deck() -> Deck:
    """The Hack Attack: Defense deck as the table needs it, loaded once
    (scorekeeper.cards.card_view); InputError if the card data has problems (run
    `pnp validate` for the list)."""
    return _deck(card_view(state.GAME, _load, _view))


def deck_of(data) -> Deck:
    """The Deck of the card data `data` (pnp's HackAttackData), as `deck` makes it of
    today's: the simulator records its events with the same copies as the verbs."""
    return _deck(_view(data))


def _deck(view: dict) -> Deck:
    return Deck(
        {k: (n, p, c) for k, (n, p, c) in view["tech"].items()},
        {k: (n, tuple(icons), c) for k, (n, icons, c) in view["attacks"].items()},
        dict(view["categories"]),
        view["user_errors"],
        dict(view.get("codes", {})),
        dict(view.get("defense", {})),
        dict(view.get("also", {})),
    )


def tech(deck: Deck, typed: str) -> tuple[int, str | None, str | None, int | None]:
    """(points, card id, name, copies) for a Tech given by id/name, or (points, None,
    None, None) for one given by its points. InputError for points outside the deck's
    range or an unknown card."""
    if is_whole(typed):
        low, high = deck.points_range
        return whole(typed, low, high, "Tech points", " (the deck's range)"), None, None, None
    card = pick(typed, {k: v[0] for k, v in deck.tech.items()}, "Tech card", also=deck.also)
    name, points, copies = deck.tech[card]
    return points, card, name, copies


def category(deck: Deck, typed: str, wild_ok: bool) -> str:
    """A category id from an id, name, declared code, initials or unique start
    (scorekeeper.cards.pick); the wild card's id (a Reality
    Check: rules, “A wild Defense card”) when `wild_ok`. InputError if unknown."""
    key = typed.strip().casefold()
    named = {name.casefold(): id for name, id in (deck.also or {}).items()}
    if wild_ok and (key in WILD_WORDS or named.get(key) == rules.WILD):
        return rules.WILD  # "Realitätscheck": the Reality Check's name in another language
    return pick(typed, deck.categories, "Defense category", deck.codes, deck.also)


def attack(deck: Deck, typed: str) -> tuple[tuple[str, ...], str | None, str | None]:
    """(icons, attack id, name) for an Attack given by id/name, or (icons, None, None)
    for one given by its three icons separated by commas ("passwords,social-eng,se").
    InputError for an unknown card or not three icons (rules: every Attack card shows
    three Defense icons)."""
    if "," in typed:
        icons = tuple(category(deck, part, wild_ok=False) for part in typed.split(","))
        if len(icons) != 3:
            raise InputError(f"an Attack has 3 icons, got {len(icons)}: {quoted(typed)}")
        return icons, None, None
    card = pick(typed, {k: v[0] for k, v in deck.attacks.items()}, "Attack card", also=deck.also)
    return deck.attacks[card][1], card, deck.attacks[card][0]


def attack_copies(deck: Deck, card: str | None) -> int | None:
    """Copies of Attack `card` in the deck (None for an Attack given by its icons)."""
    return deck.attacks[card][2] if card else None


def ids() -> set[str]:
    """Ids of every Tech and Attack card the kit prints (the cards events name)."""
    d = deck()
    return {*d.tech, *d.attacks}
