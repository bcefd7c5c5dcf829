"""Read `game.toml`: name, player range, card size, categories, back design and the
fixed words each game prints on its faces (its [labels] table)."""

from __future__ import annotations

import re
from pathlib import Path

from pnp.core.errors import LayoutError, Problem
from pnp.core.game_words import CREDIT_PLACES, credit_problem, language_problem
from pnp.core.kit_words import KIT_WORDS, word_problem
from pnp.core.shown import described, quoted
from pnp.core.sizes import CARD_SIZES_MM, card_mm, card_size_name
from pnp.data.art import ART_FIELD, parse_art
from pnp.data.game_fonts import FONTS_FIELD, read_game_fonts
from pnp.data.icons import ICONS_FIELD, read_game_icons
from pnp.data.models import BackDesign, Category, GameInfo, Source
from pnp.data.pictures import RULEBOOK_FIELD, read_pictures
from pnp.data.schema import Field, check_table, int_range
from pnp.data.toml_source import TableLines, TomlFile, read_toml
from pnp.glyphs import CATEGORY_ICONS

GAME_FIELDS = [
    Field("id", "id", "a kebab-case game id"),
    Field("name", "str", "the game's printed name"),
    Field("players", "table", "a table { min = N, max = M }"),
    Field(
        "card_size",
        "str",
        f"one of {', '.join(CARD_SIZES_MM)} or a custom WxH in mm",
        check=lambda v: _size_problem(v),
    ),
    Field(
        "card_sizes",
        "list",
        f"the trims its faces are laid out for, from {', '.join(CARD_SIZES_MM)} or a "
        "custom WxH in mm",
        check=lambda v: _sizes_problem(v),
    ),
    Field("back", "table", "a [back] table"),
    Field("labels", "table", "a [labels] table of the words printed on the faces"),
    Field(
        "tables",
        "table",
        'a [tables] table naming CSV files of card tables (tech = "tech.csv")',
        required=False,
    ),
    Field(
        "languages",
        "list",
        'the languages its texts are printed in, the source first (["en", "de"]; '
        'README, "Kits in more than one language")',
        required=False,
        check=lambda v: language_problem(v),
    ),
    Field(
        "words",
        "table",
        "a [words] table replacing the words the tool prints around the game's texts "
        '(pnp.core.kit_words; README, "Kits in more than one language")',
        required=False,
    ),
    Field(
        "credits",
        "table",
        "a [credits] table of the words of the rulebook's credits: title, pictures, and",
        required=False,
    ),
    FONTS_FIELD,
    ICONS_FIELD,
    RULEBOOK_FIELD,
]
CREDIT_FIELDS = [
    Field("title", "str", "the credits' heading", required=False),
    Field(
        "pictures",
        "str",
        "the sentence crediting the icons, with " + ", ".join(CREDIT_PLACES),
        required=False,
        check=lambda v: credit_problem(v),
    ),
    Field("and", "str", "the word before the last author", required=False),
]


def _size_problem(size: object) -> str | None:
    """What is wrong with a card size (pnp.core.sizes.card_mm), or None."""
    try:
        card_mm(str(size))
    except LayoutError as exc:
        return str(exc)
    return None


def _among(size: object, sizes: list) -> bool:
    """Whether the card size `size` is one of `sizes`, by its mm; True when either is
    no card size (its own field reports that)."""
    try:
        return card_mm(str(size)) in {card_mm(str(s)) for s in sizes}
    except LayoutError:
        return True


def _sizes_problem(sizes: list) -> str | None:
    """What is wrong with a `card_sizes` array: empty, an unknown size, or one twice
    (by its mm: "poker" and "63.5x88.9mm" are one size)."""
    if not sizes:
        return "name at least one card size"
    for size in sizes:
        if not isinstance(size, str):
            return f"a card size is a name in quotes, got {described(size)}"
        wrong = _size_problem(size)
        if wrong:
            return wrong
    seen: dict[tuple[float, float], str] = {}
    for size in sizes:
        first = seen.setdefault(card_mm(size), size)
        if first != size or sizes.count(size) > 1:
            same = "named twice" if first == size else f"the same size as {quoted(first)}"
            return f"card size {quoted(size)} is {same}"
    return None


#: The icons a category may use (pnp.render.icons draws these and more).
ICONS = CATEGORY_ICONS

CATEGORY_FIELDS = [
    Field("id", "id", "a kebab-case category id"),
    Field("name", "str", "the category's printed name"),
    Field("colour", "colour", 'a colour like "#0072B2"'),
    Field(
        "icon",
        "id",
        f"one of {', '.join(ICONS)}",
        check=lambda v: (
            None if v in ICONS else f"expected one of {', '.join(ICONS)}, got {quoted(v)}"
        ),
    ),
    Field(
        "code",
        "str",
        "the short code typed at the table, 2..4 lowercase letters a..z",
        required=False,
        check=lambda v: (
            None
            if re.fullmatch("[a-z]{2,4}", v)
            else f"expected 2..4 lowercase letters a..z, got {quoted(v, 40)}"
        ),
    ),
]
CATEGORIES = Field("category", "tables", "an array of [[category]] tables")
BACK_FIELDS = [
    Field("title", "str", "the back's title"),
    Field("colour", "colour", 'a colour like "#1F3A5F"'),
]
SUBTITLE = Field("subtitle", "str", "the back's subtitle", required=False)
PLAYER_FIELDS = [
    Field("min", "int", "the fewest players, 1..20", check=int_range(1, 20)),
    Field("max", "int", "the most players, 1..20", check=int_range(1, 20)),
]


def read_game_file(
    tf: TomlFile,
    categories: bool = True,
    label_fields: tuple[Field, ...] = (),
    subtitle: bool = False,
    back_ids: tuple[str, ...] = (),
    extra: tuple[Field, ...] = (),
) -> tuple[GameInfo | None, list[Category], set[str], list[Problem]]:
    """Turn a parsed `game.toml` into GameInfo, the valid categories, the ids of every
    declared category (valid or not, so one bad colour does not make every card that
    names the category wrong too) and every problem found. The [back] table may name
    `art` for every back and, for each of `back_ids` (a game with several backs),
    `art_<back id>` for that back (pnp.data.art). A game that prints them
    declares `categories` ([[category]] tables, required), the keys its [labels] table
    must hold (none: the table is not allowed) and a back `subtitle` (optional); keys a
    game does not print are unknown keys, never silently ignored. `extra` are more
    top-level keys a kind of game takes (a data-only game's `faces`, `tables`,
    `scoring`), checked for their kind here and read by that game's own reader; one of
    the same name as a key every game takes stands in its place (a data-only game's
    [[tables]] declare its card tables, where another game's [tables] names CSV files)."""
    own = {f.name for f in extra}
    fields = [f for f in GAME_FIELDS if (f.name != "labels" or label_fields) and f.name not in own]
    fields += [CATEGORIES] if categories else []
    fields += extra
    top, problems = check_table(tf.data, fields, tf.lines.top, tf.path)
    players, p = _sub_table(tf, "players", PLAYER_FIELDS, TableLines(tf.lines.top.of("players")))
    problems += p
    back_where = tf.lines.tables.get("back", tf.lines.top)
    art_fields = [ART_FIELD, *(ART_FIELD._replace(name=f"art_{b}") for b in back_ids)]
    back, p = _sub_table(
        tf, "back", BACK_FIELDS + ([SUBTITLE] if subtitle else []) + art_fields, back_where
    )
    problems += p
    back_source = _source(tf, back_where, None, "back.")
    for f in art_fields:
        if f.name in back:
            back[f.name], p = parse_art(back[f.name], back_source.at(f.name), Path(tf.path).parent)
            problems += p
    labels, p = _sub_table(
        tf, "labels", list(label_fields), tf.lines.tables.get("labels", tf.lines.top)
    )
    problems += p
    found, declared = _categories(tf, problems) if categories else ([], set())
    fonts, p = read_game_fonts(tf)
    problems += p
    icons, p = read_game_icons(tf)
    problems += p
    credits, p = _sub_table(
        tf, "credits", CREDIT_FIELDS, tf.lines.tables.get("credits", tf.lines.top)
    )
    problems += p
    pictures, p = read_pictures(tf)
    problems += p
    words, p = read_words(tf)
    problems += p
    if "id" in top and top["id"] != Path(tf.path).parent.name:
        problems.append(
            Problem(
                tf.path,
                f"game id {quoted(top['id'])} does not match its folder "
                f"{quoted(Path(tf.path).parent.name)}",
                line=tf.lines.top.of("id"),
                field="id",
            )
        )
    if (
        top.get("card_size")
        and isinstance(top.get("card_sizes"), list)
        and not _among(top["card_size"], top["card_sizes"])
    ):
        problems.append(
            Problem(
                tf.path,
                f"card_size {quoted(top['card_size'])} is not one of "
                f"card_sizes ({', '.join(map(str, top['card_sizes']))})",
                line=tf.lines.top.of("card_size"),
                field="card_size",
            )
        )
    if players and players.get("min", 0) > players.get("max", 99):
        problems.append(
            Problem(
                tf.path,
                "players.min is greater than players.max",
                line=tf.lines.top.of("players"),
                field="players",
            )
        )
    if problems:
        return None, found, declared, problems
    labels_where = tf.lines.tables.get("labels", tf.lines.top)
    info = GameInfo(
        id=top["id"],
        name=top["name"],
        players_min=players["min"],
        players_max=players["max"],
        card_size=card_size_name(top["card_size"]),
        card_sizes=tuple(card_size_name(s) for s in top["card_sizes"]),
        back=BackDesign(
            back["title"],
            back.get("subtitle", ""),
            back["colour"],
            back_source,
            back.get("art"),
            tuple((b, back[f"art_{b}"]) for b in back_ids if f"art_{b}" in back),
        ),
        folder=Path(tf.path).parent,
        labels=labels,
        labels_source=_source(tf, labels_where, None, "labels."),
        name_line=tf.lines.top.of("name"),
        fonts=fonts,
        icons=icons,
        pictures=pictures,
        credits=credits,
        words={**KIT_WORDS, **words},
        words_source=_source(tf, tf.lines.tables.get("words", tf.lines.top), None, "words."),
    )
    return info, found, declared, problems


def read_words(tf: TomlFile) -> tuple[dict[str, str], list[Problem]]:
    """game.toml's [words] (pnp.core.kit_words): each key a word the tool prints or a
    card kind's, each value text with the default's {names}; problems at their lines."""
    table = tf.data.get("words")
    if not isinstance(table, dict):
        return {}, []
    where = tf.lines.tables.get("words", tf.lines.top)
    words, problems = {}, []
    for key, value in table.items():
        why = word_problem(key, value)
        if why is None:
            words[key] = value
            continue
        line = where.of(key)
        problems.append(Problem(tf.path, why, line=line, field=f"words.{key}"))
    return words, problems


def _source(tf: TomlFile, where: TableLines, subject: str | None, prefix: str = "") -> Source:
    return Source(tf.path, where.line, tuple(where.keys.items()), subject, prefix)


def _sub_table(
    tf: TomlFile, name: str, fields: list[Field], where: TableLines
) -> tuple[dict, list[Problem]]:
    """Check the table `name` of game.toml (when it is a table) against `fields`; problems
    name its keys as `name.key`."""
    if not isinstance(tf.data.get(name), dict):
        return {}, []
    values, problems = check_table(tf.data[name], fields, where, tf.path)
    return values, [_prefixed(x, f"{name}.") for x in problems]


def _categories(tf: TomlFile, problems: list[Problem]) -> tuple[list[Category], set[str]]:
    categories: list[Category] = []
    declared: set[str] = set()
    first: dict[str, int] = {}  # category id -> the line defining it first
    codes: dict[str, str] = {}  # code -> the category id that has it
    raw_categories = tf.data.get("category", [])
    for i, raw in enumerate(raw_categories if isinstance(raw_categories, list) else []):
        where = tf.lines.array_item("category", i)
        cid = raw.get("id") if isinstance(raw, dict) and isinstance(raw.get("id"), str) else None
        subject = f"category {quoted(cid)}" if cid else "category"
        values, p = check_table(raw, CATEGORY_FIELDS, where, tf.path, subject=subject)
        problems += p
        if "id" in values:
            if values["id"] in declared:
                problems.append(
                    Problem(
                        tf.path,
                        f"duplicate category id; first defined at {tf.path}:{first[values['id']]}",
                        line=where.of("id"),
                        subject=subject,
                        field="id",
                    )
                )
            declared.add(values["id"])
            first.setdefault(values["id"], where.line)
        code = values.get("code")
        if code is not None and code in codes:
            problems.append(
                Problem(
                    tf.path,
                    f"the code {quoted(code)} is also category "
                    f"{quoted(codes[code])}'s; codes must differ",
                    line=where.of("code"),
                    subject=subject,
                    field="code",
                )
            )
        elif code is not None:
            codes[code] = values.get("id", "?")
        if not p:
            categories.append(Category(**values, source=_source(tf, where, subject)))
    return categories, declared


def _prefixed(p: Problem, prefix: str) -> Problem:
    return Problem(
        p.file,
        p.message,
        p.line,
        p.column,
        p.card_id,
        prefix + p.field if p.field else prefix.rstrip("."),
        p.subject,
    )


def read_game_id(path: Path) -> str | None:
    """The `id` a game.toml at `path` declares, or None when the file cannot be read as
    TOML or declares no id as text (its loader then says why)."""
    tf = read_toml(Path(path))
    if isinstance(tf, Problem):
        return None
    found = tf.data.get("id")
    return found if isinstance(found, str) else None
