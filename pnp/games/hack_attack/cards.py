"""Hack Attack: Defense card data: the card models and the tables their files hold.

Source: shared/rules/hack-attack-defense.txt ("Tech", "Defense", "Reality Check",
"User Error", the Attack section and Setup). Files read from the game folder:
game.toml, tech.toml, defense.toml, attack.toml, user_error.toml. The tables are data
(`TABLES`, `LABEL_FIELDS`); pnp.data.tables reads and checks them, and
pnp.games.hack_attack.loader builds the models from them and adds the cross-references.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from pnp.data.aid import AID_SPEC, AidCard
from pnp.data.art import ART_FIELD, ArtSpec
from pnp.data.models import Category, GameInfo, Source
from pnp.data.schema import Field, int_range, length_range
from pnp.data.tables import TableSpec


@dataclass(frozen=True)
class TechCard:
    """A device or account: `points` scored when Protected, the Defense categories
    it `defenses` (a category may repeat) and the Attack ids it is `vulnerable_to`."""

    id: str
    name: str
    count: int
    points: int
    defenses: tuple[str, ...]
    vulnerable_to: tuple[str, ...]
    description: str
    source: Source
    art: ArtSpec | None = None  # the card's picture (pnp.data.art), if any
    kind = "Tech"


@dataclass(frozen=True)
class DefenseCard:
    """A real security practice in one `category`, with one line of `how_to`."""

    id: str
    name: str
    count: int
    category: str
    how_to: str
    source: Source
    art: ArtSpec | None = None  # the card's picture (pnp.data.art), if any
    kind = "Defense"


@dataclass(frozen=True)
class RealityCheckCard:
    """The wild Defense card: counts as any one category."""

    id: str
    name: str
    count: int
    text: str
    source: Source
    art: ArtSpec | None = None  # the card's picture (pnp.data.art), if any
    kind = "Reality Check"


@dataclass(frozen=True)
class AttackCard:
    """A real attack with exactly three Defense `icons` (category ids, may repeat)."""

    id: str
    name: str
    count: int
    icons: tuple[str, str, str]
    text: str
    source: Source
    art: ArtSpec | None = None  # the card's picture (pnp.data.art), if any
    kind = "Attack"


@dataclass(frozen=True)
class UserErrorCard:
    """An everyday mistake, prevented by a Defense card of its `category`."""

    id: str
    name: str
    count: int
    category: str
    text: str
    source: Source
    art: ArtSpec | None = None  # the card's picture (pnp.data.art), if any
    kind = "User Error"


Card = TechCard | DefenseCard | RealityCheckCard | AttackCard | UserErrorCard
KINDS = ("Tech", "Defense", "Reality Check", "Attack", "User Error")


@dataclass(frozen=True)
class HackAttackData:
    """The whole validated database: game settings, categories and every card, in
    file order. `categories` maps category id to Category."""

    info: GameInfo
    categories: dict[str, Category]
    cards: tuple[Card, ...]
    aids: tuple[AidCard, ...] = ()

    @cached_property
    def attacks(self) -> dict[str, AttackCard]:
        """Attack id -> its card, for the lists on Tech cards."""
        return {c.id: c for c in self.cards if isinstance(c, AttackCard)}

    def count_by_kind(self) -> dict[str, int]:
        """Printed copies per card kind, in the order of KINDS."""
        totals = {k: 0 for k in KINDS}
        for card in self.cards:
            totals[card.kind] += card.count
        return totals


def _common(extra: list[Field]) -> tuple[Field, ...]:
    return (
        Field("id", "id", 'a kebab-case id such as "wi-fi-router"'),
        Field("name", "str", "the printed name, 1..28 characters", check=length_range(1, 28)),
        Field("count", "int", "copies printed, 1..20", check=int_range(1, 20)),
        *extra,
        ART_FIELD,
    )


def _label(key: str, what: str, most: int) -> Field:
    return Field(key, "str", f"{what}, 1..{most} characters", check=length_range(1, most))


#: The fixed words printed on the faces ([labels] in game.toml).
LABEL_FIELDS = (
    _label("tech", "the kind label of a Tech card", 16),
    _label("protect_with", "the heading over a Tech card's Defense icons", 24),
    _label("vulnerable_to", "the heading over a Tech card's Attacks", 24),
    _label("defense", "the kind label of a Defense card", 20),
    _label("how_to", "the heading over a Defense card's how-to", 24),
    _label("wild", "the kind label of a Reality Check card", 20),
    _label("any_category", "what a Reality Check counts as", 20),
    _label("attack", "the kind label of an Attack card", 20),
    _label("defend_with", "the heading over an Attack card's icons", 24),
    _label("user_error", "the kind label of a User Error card", 20),
    _label("penalty", "the User Error penalty line", 32),
    _label("prevent_with", "the heading over a User Error card's category", 24),
)
CATEGORY_LIST = "a list of category ids"
TABLES = (
    TableSpec(
        "tech",
        "tech.toml",
        _common(
            [
                Field("points", "int", "points when Protected, 1..9", check=int_range(1, 9)),
                Field(
                    "defenses",
                    "list",
                    f"{CATEGORY_LIST}, 1..5 entries",
                    check=length_range(1, 5, "entries"),
                ),
                Field(
                    "vulnerable_to",
                    "list",
                    "a list of attack ids, 1..4 entries",
                    check=length_range(1, 4, "entries"),
                ),
                Field(
                    "description", "str", "one line, 1..90 characters", check=length_range(1, 90)
                ),
            ]
        ),
        kind="Tech",
    ),
    TableSpec(
        "defense",
        "defense.toml",
        _common(
            [
                Field("category", "id", "a category id"),
                Field(
                    "how_to",
                    "str",
                    "one line of how-to, 1..130 characters",
                    check=length_range(1, 130),
                ),
            ]
        ),
        kind="Defense",
    ),
    TableSpec(
        "reality_check",
        "defense.toml",
        _common(
            [
                Field(
                    "text",
                    "str",
                    "the card's rule text, 1..130 characters",
                    check=length_range(1, 130),
                )
            ]
        ),
        kind="Reality Check",
    ),
    TableSpec(
        "attack",
        "attack.toml",
        _common(
            [
                Field("icons", "list", "exactly 3 category ids", check=length_range(3, 3, "icons")),
                Field(
                    "text",
                    "str",
                    "what the attack does, 1..140 characters",
                    check=length_range(1, 140),
                ),
            ]
        ),
        kind="Attack",
    ),
    TableSpec(
        "user_error",
        "user_error.toml",
        _common(
            [
                Field("category", "id", "a category id"),
                Field(
                    "text", "str", "what went wrong, 1..130 characters", check=length_range(1, 130)
                ),
            ]
        ),
        kind="User Error",
    ),
    AID_SPEC,
)
