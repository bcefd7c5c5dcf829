"""Card look-ups for the table: Tech and Attack cards by id, from the game's card data
(pnp.data, which never imports reportlab). Loaded only when a command names a card."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import lru_cache

from scorekeeper.errors import InputError

WILD_WORDS = ("reality-check", "reality check", "wild", "rc")


@dataclass(frozen=True)
class Deck:
    """What the score keeper needs of the Hack Attack: Defense cards: Tech id -> (name,
    points, copies), Attack id -> (name, icons, copies), category id -> name, and the
    number of User Error cards."""

    tech: dict[str, tuple[str, int, int]]
    attacks: dict[str, tuple[str, tuple[str, ...], int]]
    categories: dict[str, str]
    user_errors: int

    def tech_at(self, points: int) -> int:
        """How many Tech cards the deck prints with `points`."""
        return sum(copies for _, p, copies in self.tech.values() if p == points)

    @property
    def points_range(self) -> tuple[int, int]:
        """Lowest and highest points printed on a Tech card."""
        points = [p for _, p, _ in self.tech.values()]
        return min(points), max(points)


@lru_cache(maxsize=None)
def card_data(game: str):
    """The validated card data of `game` from the repository's card_data folder, loaded
    once per process (pnp.data only: no reportlab). InputError if it has problems."""
    from importlib import import_module
    from pnp.errors import DataError
    from pnp.paths import DEFAULT_DATA_DIR
    module = import_module(f"pnp.data.{game.replace('-', '_')}")
    loader = getattr(module, f"load_{game.replace('-', '_')}")
    try:
        return loader(DEFAULT_DATA_DIR / game)
    except DataError as exc:
        raise InputError(f"the card data has {len(exc.problems)} problem(s), first: "
                         f"{exc.problems[0]}; run 'pnp validate --game {game}'") from None


@lru_cache(maxsize=None)
def hack_attack_deck() -> Deck:
    """The Hack Attack: Defense deck as the table needs it; InputError if the card data
    has problems (run `pnp validate` for the list)."""
    from pnp.data.hack_attack import AttackCard, TechCard, UserErrorCard
    data = card_data("hack-attack")
    return Deck(
        {c.id: (c.name, c.points, c.count) for c in data.cards if isinstance(c, TechCard)},
        {c.id: (c.name, c.icons, c.count) for c in data.cards if isinstance(c, AttackCard)},
        {k: v.name for k, v in data.categories.items()},
        sum(c.count for c in data.cards if isinstance(c, UserErrorCard)))


def _pick(typed: str, options: dict[str, str], what: str) -> str:
    """The key of `options` (key -> printed name) meant by `typed`: an id or name, any
    case, its initials ("se" for Social Engineering), the unique start of one, or else
    the only id holding those letters in order from its first ("pw" for passwords).
    InputError with close matches otherwise."""
    key = typed.strip().casefold()
    if not key:
        raise InputError(f"empty {what}: type an id or a name")
    for k, name in options.items():
        initials = "".join(word[0] for word in name.replace("-", " ").split()).casefold()
        if key in (k.casefold(), name.casefold()) or (len(key) > 1 and key == initials):
            return k
    starts = sorted({k for k, name in options.items()
                     if k.casefold().startswith(key) or name.casefold().startswith(key)})
    if len(starts) == 1:
        return starts[0]
    if not starts and len(key) > 1:  # "pw" for passwords: its letters in order, same start
        starts = sorted(k for k in options if k[0] == key[0] and _in_order(key, k.casefold()))
        if len(starts) == 1:
            return starts[0]
    if starts:
        raise InputError(f"{typed!r} could be the {what} {', '.join(starts)}; type more")
    close = difflib.get_close_matches(key, list(options), n=3, cutoff=0.5)
    hint = f"; did you mean {', '.join(close)}?" if close else ""
    raise InputError(f"no {what} called {typed!r}{hint}")


def _in_order(letters: str, word: str) -> bool:
    rest = iter(word)
    return all(ch in rest for ch in letters)


def tech(deck: Deck, typed: str) -> tuple[int, str | None, str | None, int | None]:
    """(points, card id, name, copies) for a Tech given by id/name or by its points."""
    low, high = deck.points_range
    if re.fullmatch(r"-?[0-9]+", typed.strip()):
        points = int(typed)
        if not low <= points <= high:
            raise InputError(f"Tech points must be {low}..{high} (the deck's range), got {points}")
        return points, None, None, None
    card = _pick(typed, {k: v[0] for k, v in deck.tech.items()}, "Tech card")
    name, points, copies = deck.tech[card]
    return points, card, name, copies


def category(deck: Deck, typed: str, wild_ok: bool) -> str:
    """A category id from an id, name or unique start; "reality-check" when `wild_ok`."""
    if wild_ok and typed.strip().casefold() in WILD_WORDS:
        return "reality-check"
    return _pick(typed, deck.categories, "Defense category")


def attack(deck: Deck, typed: str) -> tuple[tuple[str, ...], str | None, str | None]:
    """(icons, attack id, name) for an Attack given by id/name, or by its three icons
    separated by commas ("passwords,social-eng,social-eng")."""
    if "," in typed:
        icons = tuple(category(deck, part, wild_ok=False) for part in typed.split(","))
        if len(icons) != 3:
            raise InputError(f"an Attack has 3 icons, got {len(icons)}: {typed!r}")
        return icons, None, None
    card = _pick(typed, {k: v[0] for k, v in deck.attacks.items()}, "Attack card")
    return deck.attacks[card][1], card, deck.attacks[card][0]


def attack_copies(deck: Deck, card: str | None) -> int | None:
    """Copies of Attack `card` in the deck (None for an Attack given by its icons)."""
    return deck.attacks[card][2] if card else None


@dataclass(frozen=True)
class HeroSpec:
    """A Hack Back card as the table needs it: name, printed VC, and its Play and
    Activate effects as JSON-ready dicts."""

    id: str
    name: str
    vc: int
    play: tuple[dict, ...]
    activate: tuple[dict, ...]


@lru_cache(maxsize=None)
def hack_back_cards() -> dict[str, HeroSpec]:
    """Hack Back cards by id, from the card data; InputError if it has problems."""
    data = card_data("hack-back")
    return {c.id: HeroSpec(c.id, c.name, c.vc, tuple(e.to_json() for e in c.play),
                           tuple(e.to_json() for e in c.activate))
            for c in data.cards.values()}


def hero_card(typed: str) -> HeroSpec:
    """A Hack Back card by id or name (any case, or a unique start)."""
    cards = hack_back_cards()
    return cards[_pick(typed, {k: v.name for k, v in cards.items()}, "Hack Back card")]


def nah_action(typed: str, kind: str) -> tuple[int, str]:
    """(points, name) of a Not a Hack action card of `kind` ("negative" or "positive") by
    id or name, from the card data; InputError if there is no such card."""
    options = {c.id: c for c in card_data("not-a-hack").cards if c.kind == kind}
    card = options[_pick(typed, {k: c.name for k, c in options.items()},
                         f"{kind} action card")]
    return card.points, card.name


def nah_points_range(kind: str) -> tuple[int, int]:
    """The smallest and largest points printed on Not a Hack action cards of `kind`."""
    points = [abs(c.points) for c in card_data("not-a-hack").cards if c.kind == kind]
    return min(points), max(points)
