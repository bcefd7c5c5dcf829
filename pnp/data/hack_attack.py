"""Hack Attack: Defense card data: models and the loader that checks them.

Source: shared/rules/hack-attack-defense.txt ("Tech", "Defense", "Reality Check",
"User Error", the Attack section and Setup). Files read from the game folder:
game.toml, tech.toml, defense.toml, attack.toml, user_error.toml.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
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

    @cached_property
    def attack_names(self) -> dict[str, str]:
        """Attack id -> printed name, for the lists on Tech cards."""
        return {c.id: c.name for c in self.cards if isinstance(c, AttackCard)}

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


@dataclass(frozen=True)
class _Entry:
    """One card table as read: the fields that passed the schema, where it sits, and
    whether the whole table passed (only then does it become a card)."""

    cls: type
    values: dict
    source: Source
    complete: bool

    @property
    def id(self) -> str | None:
        return self.values.get("id")

    def get(self, field: str, default=()):
        return self.values.get(field, default)


def load_hack_attack(folder: Path) -> HackAttackData:
    """Load and check every file in `folder`.

    Raises DataError listing every problem (syntax, schema, unknown references,
    duplicate ids, copy counts the rules' setup cannot be dealt from). References
    are checked on every valid field, even of a card that has other problems.
    """
    problems: list[Problem] = []
    tf = read_toml(folder / "game.toml")
    if isinstance(tf, Problem):
        raise DataError([tf])
    info, categories, declared, p = read_game_file(tf)
    problems += p
    entries: list[_Entry] = []
    unreadable: set[str] = set()
    for filename in dict.fromkeys(v[0] for v in TABLES.values()):
        parsed = read_toml(folder / filename)
        if isinstance(parsed, Problem):
            problems.append(parsed)
            unreadable.add(filename)
            continue
        problems += _unknown_tables(parsed)
        for table in (t for t, v in TABLES.items() if v[0] == filename):
            entries += _read_entries(parsed, table, problems)
    # A file that could not be read says nothing about the ids it defines or the copies
    # it holds: check against it only when it was read, so one error stays one error.
    attack_ids = None if "attack.toml" in unreadable else {
        e.id for e in entries if e.cls is AttackCard and e.id}
    problems += _check_references(entries, declared or None, attack_ids)
    if info is not None:
        problems += _check_counts(entries, info, unreadable)
    if problems:
        raise DataError(problems)
    cards = tuple(e.cls(**e.values, source=e.source) for e in entries)
    return HackAttackData(info, {c.id: c for c in categories}, cards)


def _unknown_tables(tf) -> list[Problem]:
    allowed = [t for t, v in TABLES.items() if v[0] == tf.path.name]
    problems = []
    for key in sorted(set(tf.data) - set(allowed)):
        if key in tf.lines.top.keys:
            what, line = f"unknown key {key!r} outside any table", tf.lines.top.keys[key]
        else:
            what, line = f"unknown table [[{key}]]", tf.lines.array_item(key, 0).line
        problems.append(Problem(tf.path, f"{what}; this file holds [[{']], [['.join(allowed)}]] "
                                "tables", line=line, field=key))
    return problems


def _read_entries(tf, table: str, problems: list[Problem]) -> list[_Entry]:
    _filename, cls, fields = TABLES[table]
    raw_items = tf.data.get(table, [])
    if not isinstance(raw_items, list):
        where = tf.lines.tables.get(table, tf.lines.top)
        problems.append(Problem(tf.path, f"expected [[{table}]] tables (double brackets), "
                                f"got [{table}]" if isinstance(raw_items, dict) else
                                f"expected [[{table}]] tables", line=where.of(table), field=table))
        return []
    entries = []
    for i, raw in enumerate(raw_items):
        where = tf.lines.array_item(table, i)
        card_id = raw.get("id") if isinstance(raw, dict) and isinstance(raw.get("id"), str) else None
        values, p = check_table(raw, fields, where, tf.path, card_id=card_id)
        problems += p
        for name in TUPLE_FIELDS:
            if name in values:
                values[name] = tuple(values[name])
        entries.append(_Entry(cls, values, Source(tf.path, where.line, tuple(where.keys.items())),
                              complete=not p))
    return entries


def _check_references(entries: list[_Entry], category_ids: set[str] | None,
                      attack_ids: set[str] | None) -> list[Problem]:
    """Unknown categories or Attacks referenced, and ids used twice. None for a set of ids
    means its file could not be read: references to it are not checked."""
    problems = []
    seen: dict[str, Source] = {}

    def bad(entry: _Entry, field: str, message: str) -> None:
        problems.append(Problem(entry.source.file, message, line=entry.source.line_of(field),
                                card_id=entry.id, field=field))

    for e in entries:
        if e.id in seen:
            first = seen[e.id]
            bad(e, "id", f"duplicate id; first defined at {first.file}:{first.line}")
        if e.id:
            seen.setdefault(e.id, e.source)
        for field in ("defenses", "icons", "category") if category_ids is not None else ():
            values = e.get(field)
            for cat in dict.fromkeys((values,) if isinstance(values, str) else values):
                if cat not in category_ids:
                    bad(e, field, f"unknown category {cat!r}; known: "
                        + ", ".join(sorted(category_ids)))
        attacks = e.get("vulnerable_to")
        for attack in dict.fromkeys(attacks) if attack_ids is not None else ():
            if attack not in attack_ids:
                bad(e, "vulnerable_to", f"unknown Attack {attack!r}; known: "
                    + (", ".join(sorted(attack_ids)) or "none defined"))
        if len(set(attacks)) != len(attacks):
            bad(e, "vulnerable_to", "an Attack is listed twice")
    return problems


def _check_counts(entries: list[_Entry], info: GameInfo, unreadable: set[str]) -> list[Problem]:
    """Setup must be dealable at the most players (rules, "Setup"): 4 Tech each plus a
    row of 3; 4 Defense each plus a row of 5; at least one Attack and one User Error.
    Kinds whose file could not be read are not counted."""
    n = info.players_max
    need = {"Tech": 4 * n + 3, "Defense": 4 * n + 5, "Attack": 1, "User Error": 1}
    have = {k: 0 for k in need}
    for e in entries:
        kind = "Defense" if e.cls.kind == "Reality Check" else e.cls.kind
        have[kind] += e.values.get("count", 0)
    return [
        Problem(info.folder / (TABLES[kind.lower().replace(" ", "_")][0]),
                f"{have[kind]} {kind} cards in all; setup at {n} players needs at least {need[kind]}"
                " (rules, Setup)", field="count")
        for kind in need if have[kind] < need[kind]
        and TABLES[kind.lower().replace(" ", "_")][0] not in unreadable
    ]
