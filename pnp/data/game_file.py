"""Read `game.toml`: name, player range, card size, categories and back design."""

from __future__ import annotations

from pathlib import Path

from pnp.data.models import BackDesign, Category, GameInfo
from pnp.data.schema import Field, check_table, int_range
from pnp.data.toml_source import TableLines, TomlFile
from pnp.errors import Problem
from pnp.units import CARD_SIZES_MM

GAME_FIELDS = [
    Field("id", "id", "a kebab-case game id"),
    Field("name", "str", "the game's printed name"),
    Field("players", "table", "a table { min = N, max = M }"),
    Field("card_size", "str", f"one of {', '.join(CARD_SIZES_MM)}",
          check=lambda v: None if v in CARD_SIZES_MM
          else f"unknown card size {v!r}; known: {', '.join(CARD_SIZES_MM)}"),
    Field("category", "tables", "an array of [[category]] tables"),
    Field("back", "table", "a [back] table"),
]
#: The icons the renderer draws (pnp.render.icons implements exactly these).
ICONS = ("backups", "device-security", "home-network", "passwords", "social-engineering",
         "social-media", "wild", "attack", "user-error")

CATEGORY_FIELDS = [
    Field("id", "id", "a kebab-case category id"),
    Field("name", "str", "the category's printed name"),
    Field("colour", "colour", "a colour like \"#0072B2\""),
    Field("icon", "id", f"one of {', '.join(ICONS)}",
          check=lambda v: None if v in ICONS else f"expected one of {', '.join(ICONS)}, got {v!r}"),
]
BACK_FIELDS = [
    Field("title", "str", "the back's title"),
    Field("subtitle", "str", "the back's subtitle", required=False),
    Field("colour", "colour", "a colour like \"#1F3A5F\""),
]
PLAYER_FIELDS = [
    Field("min", "int", "the fewest players, 1..12", check=int_range(1, 12)),
    Field("max", "int", "the most players, 1..12", check=int_range(1, 12)),
]


def read_game_file(tf: TomlFile, categories_required: bool = True
                   ) -> tuple[GameInfo | None, list[Category], set[str], list[Problem]]:
    """Turn a parsed `game.toml` into GameInfo, the valid categories, the ids of every
    declared category (valid or not, so one bad colour does not make every card that
    names the category wrong too) and every problem found."""
    fields = GAME_FIELDS if categories_required else [
        Field(f.name, f.kind, f.expected, False, f.check) if f.name == "category" else f
        for f in GAME_FIELDS]
    top, problems = check_table(tf.data, fields, tf.lines.top, tf.path)
    players = back = {}
    if isinstance(tf.data.get("players"), dict):
        players, p = check_table(tf.data["players"], PLAYER_FIELDS,
                                 TableLines(tf.lines.top.of("players")), tf.path)
        problems += [_prefixed(x, "players.") for x in p]
    if isinstance(tf.data.get("back"), dict):
        back, p = check_table(tf.data["back"], BACK_FIELDS,
                              tf.lines.tables.get("back", tf.lines.top), tf.path)
        problems += [_prefixed(x, "back.") for x in p]
    categories, declared = [], set()
    raw_categories = tf.data.get("category", [])
    for i, raw in enumerate(raw_categories if isinstance(raw_categories, list) else []):
        values, p = check_table(raw, CATEGORY_FIELDS, tf.lines.array_item("category", i),
                                tf.path, card_id=raw.get("id") if isinstance(raw, dict) else None)
        problems += p
        if "id" in values:
            if values["id"] in declared:
                problems.append(Problem(tf.path, "duplicate category id",
                                        line=tf.lines.array_item("category", i).of("id"),
                                        card_id=values["id"], field="id"))
            declared.add(values["id"])
        if not p:
            categories.append(Category(**values))
    if "id" in top and top["id"] != Path(tf.path).parent.name:
        problems.append(Problem(tf.path, f"game id {top['id']!r} does not match its folder "
                                f"{Path(tf.path).parent.name!r}", line=tf.lines.top.of("id"),
                                field="id"))
    if players and players.get("min", 0) > players.get("max", 99):
        problems.append(Problem(tf.path, "players.min is greater than players.max",
                                line=tf.lines.top.of("players"), field="players"))
    if problems:
        return None, categories, declared, problems
    info = GameInfo(
        id=top["id"], name=top["name"], players_min=players["min"],
        players_max=players["max"], card_size=top["card_size"],
        back=BackDesign(back["title"], back.get("subtitle", ""), back["colour"]),
        folder=Path(tf.path).parent)
    return info, categories, declared, problems


def _prefixed(p: Problem, prefix: str) -> Problem:
    return Problem(p.file, p.message, p.line, p.column, p.card_id,
                   prefix + p.field if p.field else prefix.rstrip("."))
