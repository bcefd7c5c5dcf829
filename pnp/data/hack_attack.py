"""Hack Attack: Defense card data: models and the loader that checks them.

Source: shared/rules/hack-attack-defense.txt ("Tech", "Defense", "Reality Check",
"User Error", the Attack section and Setup). Files read from the game folder:
game.toml, tech.toml, defense.toml, attack.toml, user_error.toml.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnp.data.game_file import read_game_file
from pnp.data.models import Category, GameInfo, Source
from pnp.data.schema import Field, check_table, int_range, length_range
from pnp.data.toml_source import read_toml
from pnp.errors import DataError, Problem


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
    kind = "Defense"


@dataclass(frozen=True)
class RealityCheckCard:
    """The wild Defense card: counts as any one category."""

    id: str
    name: str
    count: int
    text: str
    source: Source
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

    def count_by_kind(self) -> dict[str, int]:
        """Printed copies per card kind, in the order of KINDS."""
        totals = {k: 0 for k in KINDS}
        for card in self.cards:
            totals[card.kind] += card.count
        return totals


def _common(extra: list[Field]) -> list[Field]:
    return [
        Field("id", "id", "a kebab-case id such as \"wi-fi-router\""),
        Field("name", "str", "the printed name, 1..28 characters", check=length_range(1, 28)),
        Field("count", "int", "copies printed, 1..20", check=int_range(1, 20)),
        *extra,
    ]


CATEGORY_LIST = "a list of category ids"
TABLES: dict[str, tuple[str, type, list[Field]]] = {
    "tech": ("tech.toml", TechCard, _common([
        Field("points", "int", "points when Protected, 1..9", check=int_range(1, 9)),
        Field("defenses", "list", f"{CATEGORY_LIST}, 1..5 entries", check=length_range(1, 5, "entries")),
        Field("vulnerable_to", "list", "a list of attack ids, 1..4 entries",
              check=length_range(1, 4, "entries")),
        Field("description", "str", "one line, up to 90 characters", check=length_range(1, 90)),
    ])),
    "defense": ("defense.toml", DefenseCard, _common([
        Field("category", "id", "a category id"),
        Field("how_to", "str", "one line of how-to, up to 130 characters", check=length_range(1, 130)),
    ])),
    "reality_check": ("defense.toml", RealityCheckCard, _common([
        Field("text", "str", "the card's rule text, up to 130 characters", check=length_range(1, 130)),
    ])),
    "attack": ("attack.toml", AttackCard, _common([
        Field("icons", "list", "exactly 3 category ids", check=length_range(3, 3, "icons")),
        Field("text", "str", "what the attack does, up to 140 characters", check=length_range(1, 140)),
    ])),
    "user_error": ("user_error.toml", UserErrorCard, _common([
        Field("category", "id", "a category id"),
        Field("text", "str", "what went wrong, up to 130 characters", check=length_range(1, 130)),
    ])),
}
TUPLE_FIELDS = ("defenses", "vulnerable_to", "icons")


def load_hack_attack(folder: Path) -> HackAttackData:
    """Load and check every file in `folder`.

    Raises DataError listing every problem (syntax, schema, unknown references,
    duplicate ids, copy counts the rules' setup cannot be dealt from).
    """
    problems: list[Problem] = []
    tf = read_toml(folder / "game.toml")
    if isinstance(tf, Problem):
        raise DataError([tf])
    info, categories, p = read_game_file(tf)
    problems += p
    cards: list[Card] = []
    files = {}
    for table, (filename, _cls, _fields) in TABLES.items():
        if filename not in files:
            files[filename] = read_toml(folder / filename)
        parsed = files[filename]
        if isinstance(parsed, Problem):
            if parsed not in problems:
                problems.append(parsed)
            continue
        cards += _read_cards(parsed, table, problems)
    problems += _check_references(cards, {c.id for c in categories})
    if info is not None:
        problems += _check_counts(cards, info)
    if problems:
        raise DataError(problems)
    return HackAttackData(info, {c.id: c for c in categories}, tuple(cards))


def _read_cards(tf, table: str, problems: list[Problem]) -> list[Card]:
    _filename, cls, fields = TABLES[table]
    raw_items = tf.data.get(table, [])
    if not isinstance(raw_items, list):
        problems.append(Problem(tf.path, f"expected [[{table}]] tables", field=table))
        return []
    unknown = set(tf.data) - {t for t, v in TABLES.items() if v[0] == tf.path.name}
    for key in sorted(unknown):
        problems.append(Problem(tf.path, f"unknown table [[{key}]]; this file may hold: "
                                + ", ".join(t for t, v in TABLES.items() if v[0] == tf.path.name),
                                line=tf.lines.top.of(key) if key in tf.lines.top.keys
                                else (tf.lines.array_item(key, 0).line), field=key))
    cards = []
    for i, raw in enumerate(raw_items):
        where = tf.lines.array_item(table, i)
        card_id = raw.get("id") if isinstance(raw, dict) and isinstance(raw.get("id"), str) else None
        values, p = check_table(raw, fields, where, tf.path, card_id=card_id)
        problems += p
        if p:
            continue
        for name in TUPLE_FIELDS:
            if name in values:
                values[name] = tuple(values[name])
        cards.append(cls(**values, source=Source(tf.path, where.line, tuple(where.keys.items()))))
    return cards


def _check_references(cards: list[Card], category_ids: set[str]) -> list[Problem]:
    """Unknown categories or Attacks referenced, and ids used twice."""
    problems = []
    attack_ids = {c.id for c in cards if isinstance(c, AttackCard)}
    seen: dict[str, Source] = {}

    def bad(card: Card, field: str, message: str) -> None:
        problems.append(Problem(card.source.file, message, line=card.source.line_of(field),
                                card_id=card.id, field=field))

    for card in cards:
        if card.id in seen:
            first = seen[card.id]
            bad(card, "id", f"duplicate id; first defined at {first.file}:{first.line}")
        seen.setdefault(card.id, card.source)
        for field in ("defenses", "icons", "category"):
            values = getattr(card, field, None)
            for cat in (values,) if isinstance(values, str) else (values or ()):
                if cat not in category_ids:
                    bad(card, field, f"unknown category {cat!r}; known: "
                        + ", ".join(sorted(category_ids)))
        for attack in getattr(card, "vulnerable_to", ()):
            if attack not in attack_ids:
                bad(card, "vulnerable_to", f"unknown Attack {attack!r}; known: "
                    + (", ".join(sorted(attack_ids)) or "none defined"))
        if len(set(getattr(card, "vulnerable_to", ()))) != len(getattr(card, "vulnerable_to", ())):
            bad(card, "vulnerable_to", "an Attack is listed twice")
    return problems


def _check_counts(cards: list[Card], info: GameInfo) -> list[Problem]:
    """Setup must be dealable at the most players (rules, "Setup"): 4 Tech each plus a
    row of 3; 4 Defense each plus a row of 5; at least one Attack and one User Error."""
    n = info.players_max
    need = {"Tech": 4 * n + 3, "Defense": 4 * n + 5, "Attack": 1, "User Error": 1}
    have = {k: 0 for k in need}
    for card in cards:
        key = "Defense" if card.kind == "Reality Check" else card.kind
        have[key] += card.count
    return [
        Problem(info.folder / (TABLES[kind.lower().replace(" ", "_")][0]),
                f"{have[kind]} {kind} cards in all; setup at {n} players needs at least {need[kind]}"
                " (rules, Setup)", field="count")
        for kind in need if have[kind] < need[kind]
    ]
