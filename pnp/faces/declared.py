"""What a data-only game declares in its game.toml beside the settings every game has:
its face layout (`faces`), its card tables (`[[tables]]`, each with its fields), its
player aids (`aids`) and how it is scored (`[scoring]`, read by the score keeper's
points sheet; checked here so the file validates).

    faces = "faces.toml"
    [scoring]
    wins = "highest"            # or "lowest": who wins on the total
    rounds = 5                  # optional, 1..99
    [[tables]]
    name = "card"               # the cards are [[card]] tables ...
    file = "cards.toml"         # ... in this file of the game folder
    kind_field = "kind"         # the field that says each card's kind ...
    kinds = ["action", "item"]  # ... one of these (or `kind = "x"`: all one kind)
    back = "card"               # the back they print with (default: the table's name)
    [tables.fields]             # the fields beside `id` and `count` (copies, default 1)
    name = { type = "str", max = 24 }
    points = { type = "int", min = 0, max = 9, required = false }

Field types are pnp.data.schema's: str, int, bool, id, colour, list (of text), art (an
image, pnp.data.art); `min`/`max` bound a number or a length. Every problem is one line
at the file:line of the key at fault. Source: issue 25 item 2; README, "A new game".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp.core.errors import Problem
from pnp.core.shown import described, listed, quoted
from pnp.data.art import ART_FIELD
from pnp.data.schema import Field, int_range, length_range
from pnp.data.tables import TableSpec
from pnp.data.toml_source import TableLines, TomlFile

NAME = re.compile(r"^[a-z][a-z0-9_-]{0,47}$")
FIELD_NAME = re.compile(r"^[a-z][a-z0-9_]{0,47}$")
WINS = ("highest", "lowest")
MAX_ROUNDS = 99
MAX_COPIES = 99
TYPES = {
    "str": "text",
    "int": "a whole number",
    "bool": "true or false",
    "id": "a kebab-case id",
    "colour": 'a colour like "#0072B2"',
    "list": "an array of text",
    "art": ART_FIELD.expected,
}
TABLE_KEYS = ("name", "file", "kind", "kind_field", "kinds", "back", "fields")
FIELD_KEYS = ("type", "min", "max", "required")
ID_FIELD = Field("id", "id", 'a kebab-case id such as "lucky-coin"')
COUNT_FIELD = Field(
    "count",
    "int",
    f"copies printed, 1..{MAX_COPIES} (default 1)",
    required=False,
    check=int_range(1, MAX_COPIES),
)


def _plain_file(value: str) -> str | None:
    """What is wrong with a file name of the game folder (no folders, not hidden)."""
    if Path(value).name != value or value.startswith(".") or not value.strip():
        return f"expected a file name in the game folder such as 'cards.toml', got {quoted(value)}"
    return None


#: The keys game.toml takes in a data-only game (checked for their kind by
#: pnp.data.game_file, their contents here).
GAME_KEYS = (
    Field("faces", "str", 'the face layout file, such as "faces.toml"', check=_plain_file),
    Field("tables", "tables", "an array of [[tables]] tables, one per card table"),
    Field("aids", "str", 'the player aids file, such as "aids.toml"', False, _plain_file),
    Field("scoring", "table", 'a [scoring] table: wins = "highest" or "lowest"', False),
)


@dataclass(frozen=True)
class Table:
    """One declared card table: its spec (pnp.data.tables), the field that says a card's
    kind (None: every card is `kinds[0]`), its kinds and the back its cards print with."""

    spec: TableSpec
    kind_field: str | None
    kinds: tuple[str, ...]
    back: str

    @property
    def fields(self) -> dict[str, str]:
        """Field name -> type, the implicit `id` and `count` included."""
        return {f.name: f.kind for f in self.spec.fields}


@dataclass(frozen=True)
class Scoring:
    """How the game is scored: `wins` "highest" or "lowest" total; `rounds` (None: any)."""

    wins: str = "highest"
    rounds: int | None = None


@dataclass
class _Problems:
    tf: TomlFile
    found: list[Problem]

    def add(self, where: TableLines, key: str | None, message: str, prefix: str = "") -> None:
        field = prefix + key if key else prefix.rstrip(".") or None
        self.found.append(Problem(self.tf.path, message, line=where.of(key), field=field))


def read_tables_declared(tf: TomlFile) -> tuple[list[Table], list[Problem]]:
    """The [[tables]] of a data-only game.toml, checked: names, files, kinds (unique across
    tables) and fields. A wrong `tables` value itself is pnp.data.game_file's to report."""
    raw = tf.data.get("tables")
    if not isinstance(raw, list) or not all(isinstance(t, dict) for t in raw):
        return [], []
    p = _Problems(tf, [])
    tables: list[Table] = []
    kinds: dict[str, str] = {}
    for i, item in enumerate(raw):
        where = tf.lines.array_item("tables", i)
        table = _table(p, item, where, _fields_lines(tf, i, where), f"tables[{i}].")
        if table is None:
            continue
        for kind in table.kinds:
            if kind in kinds:
                p.add(
                    where,
                    "kinds" if "kinds" in item else "kind",
                    f"the kind {quoted(kind)} is also table {quoted(kinds[kind])}'s; kinds are unique",
                    f"tables[{i}].",
                )
            kinds.setdefault(kind, table.spec.table)
        if any(t.spec.table == table.spec.table for t in tables):
            p.add(
                where, "name", f"a second table called {quoted(table.spec.table)}", f"tables[{i}]."
            )
        tables.append(table)
    if not raw:
        p.add(tf.lines.top, "tables", "declare at least one [[tables]] card table")
    return tables, p.found


def _fields_lines(tf: TomlFile, i: int, where: TableLines) -> TableLines:
    """Where the fields of the i-th [[tables]] are: its `[tables.fields]` sub-table (the
    one after its header and before the next), else its `fields` key's line."""
    items = tf.lines.arrays.get("tables", [])
    end = items[i + 1].line if i + 1 < len(items) else float("inf")
    for sub in tf.lines.every.get("tables.fields", []):
        if where.line < sub.line < end:
            return sub
    return TableLines(where.of("fields"))


def _table(
    p: _Problems, item: dict, where: TableLines, fields_where: TableLines, prefix: str
) -> Table | None:
    """One [[tables]] entry checked, or None when it cannot be used."""
    before = len(p.found)
    for key in item:
        if key not in TABLE_KEYS:
            p.add(where, key, f"unknown key; allowed keys: {', '.join(TABLE_KEYS)}", prefix)
    name = item.get("name")
    if not isinstance(name, str) or not NAME.match(name):
        p.add(
            where,
            "name",
            f"expected a table name of lowercase letters, digits, - and _ (the cards are [[name]] tables), got {described(name)}",
            prefix,
        )
    file = item.get("file")
    wrong = (
        _plain_file(file)
        if isinstance(file, str)
        else f"expected a file name such as 'cards.toml', got {described(file)}"
    )
    if wrong:
        p.add(where, "file", wrong, prefix)
    fields = _declared_fields(p, item.get("fields", {}), fields_where, prefix + "fields.")
    kind_field, kinds = _kinds(p, item, where, prefix, name, fields)
    back = item.get("back", name)
    if "back" in item and (not isinstance(back, str) or not NAME.match(back)):
        p.add(
            where,
            "back",
            f"expected a back id of lowercase letters, digits, - and _, got {described(back)}",
            prefix,
        )
    if len(p.found) > before:
        return None
    assert isinstance(name, str) and isinstance(file, str) and isinstance(back, str)  # checked
    spec = TableSpec(name, file, (ID_FIELD, COUNT_FIELD, *fields.values()), kind=name)
    return Table(spec, kind_field, kinds, back)


def _kinds(
    p: _Problems, item: dict, where: TableLines, prefix: str, name: Any, fields: dict[str, Field]
) -> tuple[str | None, tuple[str, ...]]:
    """The table's kind field and kinds: `kind_field` with its `kinds`, or one `kind`
    (default: the table's name); the kind field's check becomes "one of the kinds"."""
    if "kind_field" in item and "kind" in item:
        p.add(
            where,
            "kind",
            "name kind_field (each card says its kind) or kind (every card is one kind), not both",
            prefix,
        )
        return None, ()
    if "kind_field" not in item:
        if "kinds" in item:
            p.add(
                where,
                "kinds",
                "kinds go with kind_field, the field that says each card's kind",
                prefix,
            )
        kind = item.get("kind", name)
        if not isinstance(kind, str) or not NAME.match(kind):
            p.add(
                where,
                "kind",
                f"expected a kind of lowercase letters, digits, - and _, got {described(kind)}",
                prefix,
            )
            return None, ()
        return None, (kind,)
    field_name, kinds = item["kind_field"], item.get("kinds")
    if not isinstance(field_name, str) or field_name not in fields:
        p.add(
            where,
            "kind_field",
            f"expected one of the table's fields ({listed(fields) or 'none declared'}), got {described(field_name)}",
            prefix,
        )
        return None, ()
    if fields[field_name].kind not in ("id", "str"):
        p.add(
            where,
            "kind_field",
            f"the kind field {quoted(field_name)} must be of type id or str",
            prefix,
        )
        return None, ()
    if (
        not isinstance(kinds, list)
        or not kinds
        or not all(isinstance(k, str) and NAME.match(k) for k in kinds)
    ):
        p.add(
            where,
            "kinds",
            f'expected the kinds a card may be, such as ["action", "item"], got {described(kinds)}',
            prefix,
        )
        return None, ()
    if len(set(kinds)) != len(kinds):
        p.add(where, "kinds", "a kind is named twice", prefix)
    chosen = tuple(kinds)
    old = fields[field_name]
    fields[field_name] = Field(
        old.name,
        old.kind,
        f"one of {', '.join(chosen)}",
        old.required,
        lambda v: None if v in chosen else f"expected one of {', '.join(chosen)}, got {quoted(v)}",
    )
    return field_name, chosen


def _declared_fields(p: _Problems, raw: Any, where: TableLines, prefix: str) -> dict[str, Field]:
    """The declared fields: name -> Field (pnp.data.schema), each `TYPE` or a table."""
    if not isinstance(raw, dict):
        p.add(where, None, f"expected a table of field declarations, got {described(raw)}", prefix)
        return {}
    out = {}
    for name, value in raw.items():
        if not FIELD_NAME.match(name) or name in ("id", "count"):
            why = (
                "is there already (every card has an id and a count)"
                if name in ("id", "count")
                else "is not a field name: lowercase letters, digits and _"
            )
            p.add(where, name, f"{quoted(name)} {why}", prefix)
            continue
        field, wrong = _field(name, value)
        if wrong:
            p.add(where, name, wrong, prefix)
        elif field is not None:
            out[name] = field
    return out


def _field(name: str, value: Any) -> tuple[Field | None, str | None]:
    """One field declaration: "TYPE" or { type, min, max, required }."""
    spec = {"type": value} if isinstance(value, str) else value
    if not isinstance(spec, dict):
        return (
            None,
            f"expected a type ({', '.join(TYPES)}) or a table {{ type, min, max, required }}, got {described(value)}",
        )
    unknown = [k for k in spec if k not in FIELD_KEYS]
    if unknown:
        return None, f"unknown key {quoted(unknown[0])}; a field takes {', '.join(FIELD_KEYS)}"
    kind = spec.get("type")
    if kind not in TYPES:
        return None, f"unknown field type {described(kind)}; known: {', '.join(TYPES)}"
    if name == "art" and kind != "art":
        return None, 'the art field is the card\'s picture (README, "Card art"): its type is art'
    required = spec.get("required", True)
    if not isinstance(required, bool):
        return None, f"required is true or false, got {described(required)}"
    bounds = [spec.get(k) for k in ("min", "max")]
    if any(b is not None for b in bounds):
        if kind not in ("int", "str", "list"):
            return None, f"min and max bound an int, or the length of a str or list, not a {kind}"
        if any(b is not None and (isinstance(b, bool) or not isinstance(b, int)) for b in bounds):
            return None, f"min and max are whole numbers, got {described(bounds)}"
    low, high = bounds
    if kind in ("str", "list"):
        low = 1 if low is None else low
        high = 10_000 if high is None else high
    if low is not None and high is not None and low > high:
        return None, f"min {low} is greater than max {high}"
    if low is None and high is None:
        return Field(name, kind, TYPES[kind], required), None
    if kind == "int":
        low = -(10**9) if low is None else low
        high = 10**9 if high is None else high
        return Field(
            name, kind, f"a whole number {low}..{high}", required, int_range(low, high)
        ), None
    unit = "characters" if kind == "str" else "items"
    assert low is not None and high is not None  # a str's or list's default bounds
    return Field(
        name,
        kind,
        f"{TYPES[kind]} of {low}..{high} {unit}",
        required,
        length_range(low, high, unit),
    ), None


def read_scoring(tf: TomlFile) -> tuple[Scoring, list[Problem]]:
    """The [scoring] table: `wins` "highest" or "lowest" (required), `rounds` 1..99."""
    raw = tf.data.get("scoring")
    if not isinstance(raw, dict):
        return Scoring(), []
    p = _Problems(tf, [])
    where = tf.lines.tables.get("scoring", tf.lines.top)
    for key in raw:
        if key not in ("wins", "rounds"):
            p.add(where, key, "unknown key; allowed keys: wins, rounds", "scoring.")
    wins = raw.get("wins")
    if wins not in WINS:
        p.add(
            where,
            "wins",
            f'expected "highest" or "lowest" (the total that wins), got {described(wins) if wins is not None else "nothing"}',
            "scoring.",
        )
    rounds = raw.get("rounds")
    if rounds is not None and (
        isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS
    ):
        p.add(
            where,
            "rounds",
            f"expected a number of rounds 1..{MAX_ROUNDS}, got {described(rounds)}",
            "scoring.",
        )
    if p.found or not isinstance(wins, str):
        return Scoring(), p.found
    return Scoring(wins, rounds), []
