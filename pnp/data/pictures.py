"""The rulebook's pictures a game declares in game.toml (issue 44, item 5): which cards
its card-anatomy figure shows and what it calls their parts, and what lies where on the
table after setup. pnp.layout.figures draws both from the cards' own faces.

    [rulebook]
    anatomy_after = "The cards"   # the ## section the figure ends (default: "The cards")

    [[rulebook.anatomy]]          # one card each; none declared: one of every kind
    card = "smart-tv"             # its id
    title = "A Tech card"         # optional caption (default: its kind)
    parts = { name = "Name", "icons*" = "Defenses that protect it" }
                                  # optional: face element key (or glob) = what it is;
                                  # none: the face's own parts, named by their keys

    [rulebook.setup]              # optional: no table, no setup picture
    players = 3                   # the table drawn, 2..4 (default 3)
    after = "Setup"               # the ## section the picture ends (default "Setup")

    [[rulebook.setup.middle]]     # what lies in the middle of the table, in order
    label = "Tech deck"
    cards = 1                     # cards drawn, 0..12 (0: an empty place, a discard pile)
    face = "down"                 # "down" (a back: `backs`) or "up" (fronts: `kind`)
    spread = "stack"              # "stack", "row" or "fan" (default: stack face down,
                                  # row face up)

    [[rulebook.setup.each]]       # what lies in front of each player
    label = "Hand: 4 Defense"
    cards = 4
    spread = "fan"
    backs = ["back"]              # back ids, one per player in turn (default: the first)

This module checks the tables' shape; what they name (cards, backs, kinds, element
keys, the rulebook's sections, a player count the game takes) is checked against the
kit by pnp.layout.figures, which `pnp validate` and `pnp build` both run.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pnp.core.errors import Problem
from pnp.core.records import NamedTuple
from pnp.core.shown import described, prints_nothing, quoted
from pnp.data.schema import Field, check_table, int_range, length_range
from pnp.data.toml_source import TableLines, TomlFile

RULEBOOK_FIELD = Field(
    "rulebook",
    "table",
    "a [rulebook] table of the rulebook's pictures (anatomy, anatomy_after, setup)",
    required=False,
)
MAX_ANATOMY, MAX_PARTS, MAX_SPOTS = 8, 10, 8
LABEL = length_range(1, 60)
PART_LABEL = length_range(1, 48)


def _one_of(*allowed: str):
    def check(value: str) -> str | None:
        listed = ", ".join(quoted(a) for a in allowed)
        return None if value in allowed else f"expected one of {listed}, got {quoted(value)}"

    return check


RULEBOOK_FIELDS = [
    Field(
        "anatomy",
        "tables",
        f"an array of [[rulebook.anatomy]] tables, at most {MAX_ANATOMY}",
        required=False,
        check=length_range(0, MAX_ANATOMY, "cards"),
    ),
    Field("anatomy_after", "str", "the ## heading of a rulebook section", required=False),
    Field("setup", "table", "a [rulebook.setup] table", required=False),
]
ANATOMY_FIELDS = [
    Field("card", "id", "the id of the card the figure shows"),
    Field("title", "str", "its caption, 1..60 characters", required=False, check=LABEL),
    Field(
        "parts",
        "table",
        'a table of part = "what it is": a key of the face\'s elements, or a glob such '
        'as "icons*", and its name (1..48 characters)',
        required=False,
    ),
]
SETUP_FIELDS = [
    Field("players", "int", "the players at the table drawn, 2..4", False, int_range(2, 4)),
    Field("after", "str", "the ## heading of a rulebook section", required=False),
    Field("title", "str", "its caption, 1..60 characters", required=False, check=LABEL),
    Field("middle", "tables", "an array of [[rulebook.setup.middle]] tables", required=False),
    Field("each", "tables", "an array of [[rulebook.setup.each]] tables"),
]
SPOT_FIELDS = [
    Field("label", "str", "what lies there, 1..60 characters", check=LABEL),
    Field("cards", "int", "the cards drawn, 0..12 (0: an empty place)", False, int_range(0, 12)),
    Field("face", "str", '"up" or "down"', required=False, check=_one_of("up", "down")),
    Field("spread", "str", '"stack", "row" or "fan"', False, _one_of("stack", "row", "fan")),
    Field("backs", "list", "an array of back ids, one per player in turn", required=False),
    Field("kind", "str", "the kind of card shown face up", required=False),
]


def _line_in(line: int, keys: tuple[tuple[str, int], ...], key: str) -> int:
    """The line of `key` among a [rulebook] table's `keys`, or of its header `line`."""
    return dict(keys).get(key, line)


class AnatomyCard(NamedTuple):
    """One card of the anatomy figure: its id, its `parts` ((element key or glob, what
    it is), in order; None: the face's own parts), its caption (None: its kind) and the
    line of game.toml that declares it."""

    card: str
    parts: tuple[tuple[str, str], ...] | None
    title: str | None
    line: int
    keys: tuple[tuple[str, int], ...] = ()

    def line_of(self, key: str) -> int:
        """The line of `key` in its table, or of the table's header."""
        return _line_in(self.line, self.keys, key)


class Spot(NamedTuple):
    """A place on the table: its label, the cards drawn there, face up or down, how
    they are spread, the backs a face-down spot shows (one per player in turn; empty:
    the kit's first back), the kind a face-up one shows (None: any) and its line."""

    label: str
    cards: int
    face: str
    spread: str
    backs: tuple[str, ...]
    kind: str | None
    line: int
    keys: tuple[tuple[str, int], ...] = ()

    def line_of(self, key: str) -> int:
        """The line of `key` in its table, or of the table's header."""
        return _line_in(self.line, self.keys, key)


class TableSetup(NamedTuple):
    """The setup picture: players at the table, the section it ends, its caption, what
    lies in the middle and in front of each player, and its line."""

    players: int
    after: str
    title: str | None
    middle: tuple[Spot, ...]
    each: tuple[Spot, ...]
    line: int
    keys: tuple[tuple[str, int], ...] = ()

    def line_of(self, key: str) -> int:
        """The line of `key` in its table, or of the table's header."""
        return _line_in(self.line, self.keys, key)


class RulebookPictures(NamedTuple):
    """game.toml's [rulebook] table: the anatomy cards (None: one of every kind), the
    section the figure ends (None: "The cards" where the rulebook has it), the setup
    picture (None: none), the file and the table's line."""

    file: Path
    anatomy: tuple[AnatomyCard, ...] | None = None
    anatomy_after: str | None = None
    setup: TableSetup | None = None
    line: int = 1
    keys: tuple[tuple[str, int], ...] = ()

    def line_of(self, key: str) -> int:
        """The line of `key` in its table, or of the table's header."""
        return _line_in(self.line, self.keys, key)


def read_pictures(tf: TomlFile) -> tuple[RulebookPictures, list[Problem]]:
    """The [rulebook] table of the game.toml `tf` (its defaults when there is none) and
    every problem of its shape, each at its line as `rulebook.KEY`."""
    raw = tf.data.get("rulebook")
    where = tf.lines.tables.get("rulebook", TableLines(tf.lines.top.of("rulebook")))
    if not isinstance(raw, dict):
        return RulebookPictures(tf.path, line=where.line), []
    values, problems = _checked(tf, raw, RULEBOOK_FIELDS, where, "rulebook.")
    anatomy = None
    if "anatomy" in values:
        cards = [_anatomy(tf, item, i, problems) for i, item in enumerate(values["anatomy"])]
        anatomy = tuple(c for c in cards if c is not None)
    setup = _setup(tf, values["setup"], where, problems) if "setup" in values else None
    keys = tuple(where.keys.items())
    found = RulebookPictures(tf.path, anatomy, values.get("anatomy_after"), setup, where.line, keys)
    return found, problems


def _checked(tf: TomlFile, raw: Any, fields: list[Field], where: TableLines, prefix: str):
    values, problems = check_table(raw, fields, where, tf.path)
    return values, [_named(p, prefix) for p in problems]


def _named(p: Problem, prefix: str) -> Problem:
    field = prefix + p.field if p.field else prefix.rstrip(".")
    return Problem(p.file, p.message, p.line, p.column, p.card_id, field, p.subject)


def _anatomy(tf: TomlFile, raw: dict, i: int, problems: list[Problem]) -> AnatomyCard | None:
    where = tf.lines.array_item("rulebook.anatomy", i)
    prefix = f"rulebook.anatomy[{i}]."
    values, found = _checked(tf, raw, ANATOMY_FIELDS, where, prefix)
    problems += found
    parts = tuple(values["parts"].items()) if "parts" in values else None
    why = _parts_problem(parts) if parts is not None else None
    if why:
        found.append(Problem(tf.path, why, line=where.of("parts"), field=f"{prefix}parts"))
        problems.append(found[-1])
    if found:
        return None
    return AnatomyCard(
        values["card"], parts, values.get("title"), where.line, tuple(where.keys.items())
    )


def _parts_problem(parts: tuple) -> str | None:
    """What is wrong with an anatomy card's `parts` ((key, name) pairs), or None."""
    if not 1 <= len(parts) <= MAX_PARTS:
        return f"name 1..{MAX_PARTS} parts, got {len(parts)}"
    for key, label in parts:
        if not key.strip():
            return "a part's key is empty"
        if not isinstance(label, str) or prints_nothing(label):
            return f"part {quoted(key)}: expected its name in quotes, got {described(label)}"
        said = PART_LABEL(label)
        if said:
            return f"part {quoted(key)}: {said}"
    return None


def _setup(
    tf: TomlFile, raw: dict, table: TableLines, problems: list[Problem]
) -> TableSetup | None:
    where = tf.lines.tables.get("rulebook.setup", TableLines(table.of("setup")))
    values, found = _checked(tf, raw, SETUP_FIELDS, where, "rulebook.setup.")
    problems += found
    zones = {}
    for zone in ("middle", "each"):
        items = values.get(zone, [])
        if len(items) > MAX_SPOTS:
            problems.append(
                Problem(
                    tf.path,
                    f"at most {MAX_SPOTS} places, got {len(items)}",
                    line=where.of(zone),
                    field=f"rulebook.setup.{zone}",
                )
            )
        zones[zone] = tuple(
            spot
            for i, item in enumerate(items[:MAX_SPOTS])
            if (spot := _spot(tf, item, zone, i, problems)) is not None
        )
    if found or len(zones["each"]) + len(zones["middle"]) == 0:
        if not found:
            problems.append(
                Problem(
                    tf.path,
                    "the setup picture shows nothing: add a [[rulebook.setup.each]] table",
                    line=where.line,
                    field="rulebook.setup",
                )
            )
        return None
    return TableSetup(
        values.get("players", 3),
        values.get("after", "Setup"),
        values.get("title"),
        zones["middle"],
        zones["each"],
        where.line,
        tuple(where.keys.items()),
    )


def _spot(tf: TomlFile, raw: dict, zone: str, i: int, problems: list[Problem]) -> Spot | None:
    where = tf.lines.array_item(f"rulebook.setup.{zone}", i)
    prefix = f"rulebook.setup.{zone}[{i}]."
    values, found = _checked(tf, raw, SPOT_FIELDS, where, prefix)
    face = values.get("face", "down")
    for key, wrong in (("kind", "down"), ("backs", "up")):
        if key in values and face == wrong:
            shown = "face-up" if key == "kind" else "face-down"
            found.append(
                Problem(
                    tf.path,
                    f"{key} names what {shown} cards show, and these lie face {face}",
                    line=where.of(key),
                    field=prefix + key,
                )
            )
    problems += found
    if found:
        return None
    spread = values.get("spread", "stack" if face == "down" else "row")
    backs = tuple(values.get("backs", ()))
    return Spot(
        values["label"],
        values.get("cards", 1),
        face,
        spread,
        backs,
        values.get("kind"),
        where.line,
        tuple(where.keys.items()),
    )
