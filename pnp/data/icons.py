"""A game's card pictures from an icon collection: the table game.toml's `icons` key
names (issue 28 item 1).

    # game.toml
    icons = "icons.toml"

    # icons.toml
    [collection]                 # where the pictures come from, credited in the rulebook
    name = "game-icons.net"
    url = "https://game-icons.net"
    licence = "CC BY 3.0"
    licence_url = "https://creativecommons.org/licenses/by/3.0/"

    [cards]                      # card id = icon name: the picture is icons/<name>.svg
    smart-tv = "tv"

    [backs]                      # optional: back id = icon name ("aid": the aids' back)
    aid = "card-play"

    [authors]                    # icon name = its author, as the licence asks
    tv = "Delapouite"

Every picture is an SVG file in the game's `icons/` folder (checked as any SVG art is,
pnp.data.svg) and prints in the art area of its card's face (`ArtSpec.area`), in the
colour the face gives it; a back's picture, in its back's art area. A card's own `art`
key wins over its icon, as game.toml's [back] art does over a back's. Which ids are cards
and backs is the game's business: pnp.validate checks that every id of [cards] is a card,
every id of [backs] a back, and that every icon has an author. `pnp icons` copies the SVGs and authors from an unpacked
collection, so installing Hack Pack never needs one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from pnp.core.errors import ImageRefused, Problem
from pnp.core.game_words import CREDIT_WORDS
from pnp.core.pictures import picture_wanted, pictures_wanted
from pnp.core.shown import described, quoted
from pnp.data import svg_alongside
from pnp.data.art import ArtSpec, resolve_art_path
from pnp.data.models import Source
from pnp.data.rulebook import Block
from pnp.data.schema import Field, check_table
from pnp.data.svg import probe_svg
from pnp.data.toml_source import TableLines, TomlFile, read_toml

ICONS_FIELD = Field(
    "icons",
    "str",
    'the card-pictures table in the game folder, such as "icons.toml"',
    required=False,
)
ICON_FOLDER = "icons"
_NAME = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
COLLECTION_FIELDS = [
    Field("name", "str", 'the collection\'s name, such as "game-icons.net"'),
    Field("url", "str", "the collection's web address"),
    Field("licence", "str", 'the pictures\' licence, such as "CC BY 3.0"'),
    Field("licence_url", "str", "the licence's web address"),
]


@dataclass(frozen=True)
class GameIcons:
    """The checked icon table of a game: where it is (`path`), the collection's `name`,
    `url`, `licence` and `licence_url`, each card id's picture (`art`: an ArtSpec placed
    in its face's art area, fit "contain"), each card id's icon name (`names`, with the
    Source of [cards] for messages), the same of the backs it pictures (`back_art`,
    `back_names`, `backs_source`: the optional [backs] table) and each icon's author
    (`authors`), and where the [collection] and [authors] tables are, for messages about
    the credits they print (`collection_source`, `authors_source`). `unread`: the card
    ids whose pictures were named but not read (pnp.core.pictures.only_pictures_of)."""

    path: Path
    name: str
    url: str
    licence: str
    licence_url: str
    art: dict[str, ArtSpec] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)
    authors: dict[str, str] = field(default_factory=dict)
    cards_source: Source | None = None
    back_art: dict[str, ArtSpec] = field(default_factory=dict)
    back_names: dict[str, str] = field(default_factory=dict)
    backs_source: Source | None = None
    collection_source: Source | None = None
    authors_source: Source | None = None
    unread: frozenset[str] = frozenset()

    def for_card(self, card_id: str) -> ArtSpec | None:
        """The picture card `card_id` prints, or None when the table names none."""
        return self.art.get(card_id)

    def for_back(self, back_id: str) -> ArtSpec | None:
        """The picture the back `back_id` prints, or None when [backs] names none."""
        return self.back_art.get(back_id)

    def credit(self, words: dict[str, str] = CREDIT_WORDS) -> str:
        """One sentence crediting every author of an icon the game prints, as CC BY asks:
        "Card pictures: Delapouite and Lorc, game-icons.net (https://game-icons.net),
        CC BY 3.0 (https://creativecommons.org/licenses/by/3.0/)." (`words`: game.toml's
        [credits], pnp.core.game_words.CREDIT_WORDS, in the kit's language)."""
        printed = (*self.names.values(), *self.back_names.values())
        used = sorted({self.authors[n] for n in printed if n in self.authors})
        last = f" {words['and']} "
        who = used[0] if len(used) == 1 else ", ".join(used[:-1]) + last + used[-1]
        return words["pictures"].format(
            authors=who,
            collection=self.name,
            url=self.url,
            licence=self.licence,
            licence_url=self.licence_url,
        )


def credit_blocks(info: Any) -> list[Block]:
    """The rulebook's closing "Credits" section crediting the icons of `info`'s game
    (a pnp.data.models.GameInfo; `GameIcons.credit`), as CC BY asks of every printed
    copy; none when the game has no icon table."""
    icons = getattr(info, "icons", None)
    if icons is None or not icons.names:
        return []
    words = {**CREDIT_WORDS, **getattr(info, "credits", {})}
    return [Block("h2", words["title"], 0), Block("para", icons.credit(words), 0)]


def read_game_icons(tf: TomlFile) -> tuple[GameIcons | None, list[Problem]]:
    """The icon table the game.toml `tf` names with `icons` (None when it names none,
    inside pnp.core.pictures.without_pictures, or on any problem), and every problem: at game.toml's
    `icons` line when the table cannot be read, else at the table's own lines (an
    unknown key, a bad icon name, an icon whose SVG is missing or refused by
    pnp.data.svg, an icon without an author)."""
    value = tf.data.get("icons")
    if not isinstance(value, str) or not pictures_wanted():
        return None, []
    folder = Path(tf.path).parent
    try:
        path = resolve_art_path(value, folder)
    except ImageRefused as exc:
        why = str(exc).replace("image", "icon table")
        line = tf.lines.top.of("icons")
        return None, [Problem(tf.path, f"icons {quoted(value)}: {why}", line=line, field="icons")]
    read = read_toml(path)
    if isinstance(read, Problem):
        return None, [read]
    return _read_table(read, folder)


def _read_table(tf: TomlFile, folder: Path) -> tuple[GameIcons | None, list[Problem]]:
    fields = [
        Field("collection", "table", "a [collection] table: name, url, licence, licence_url"),
        Field("cards", "table", 'a [cards] table of card id = icon name, such as smart-tv = "tv"'),
        Field("authors", "table", 'an [authors] table of icon name = author, tv = "Delapouite"'),
        Field(
            "backs",
            "table",
            'a [backs] table of back id = icon name, aid = "card-play"',
            required=False,
        ),
    ]
    _, problems = check_table(tf.data, fields, tf.lines.top, tf.path)
    if problems:
        return None, problems
    where = {k: tf.lines.tables.get(k, TableLines(tf.lines.top.of(k))) for k in tf.data}
    collection, p = check_table(
        tf.data["collection"], COLLECTION_FIELDS, where["collection"], tf.path
    )
    problems += p
    probed: dict[str, ArtSpec | None] = {}
    unread: set[str] = set()
    art, names, source = _pictures(tf, "cards", where, folder, probed, problems, unread)
    back_art, back_names, backs_source = _pictures(
        tf, "backs", where, folder, probed, problems, unread
    )
    authors_where = where["authors"]
    authors = {k: v for k, v in tf.data["authors"].items() if isinstance(v, str) and v.strip()}
    author_source = Source(
        tf.path, authors_where.line, tuple(authors_where.keys.items()), None, "authors."
    )
    for key, value in tf.data["authors"].items():
        if key not in authors:
            problems.append(
                author_source.at(key).problem(f"an author is a name, got {described(value)}")
            )
    unnamed = set()
    for at, name in [
        *((source.at(k), n) for k, n in names.items()),
        *((backs_source.at(k), n) for k, n in back_names.items()),
    ]:
        if name not in authors and name not in unnamed:
            unnamed.add(name)
            problems.append(
                at.problem(
                    f"icon {quoted(name)} has no author in [authors]; its licence asks that "
                    "every picture's author be credited"
                )
            )
    if problems:
        return None, problems
    return GameIcons(
        path=tf.path,
        art=art,
        names=names,
        authors=authors,
        cards_source=source,
        back_art=back_art,
        back_names=back_names,
        backs_source=backs_source,
        collection_source=Source(
            tf.path,
            where["collection"].line,
            tuple(where["collection"].keys.items()),
            None,
            "collection.",
        ),
        authors_source=author_source,
        unread=frozenset(unread),
        **collection,
    ), []


def _pictures(
    tf: TomlFile,
    table: str,
    where: dict[str, TableLines],
    folder: Path,
    probed: dict[str, ArtSpec | None],
    problems: list[Problem],
    unread: set[str],
) -> tuple[dict[str, ArtSpec], dict[str, str], Source]:
    """The pictures of the table `table` ("cards" or "backs", absent: none) of id = icon
    name: each id's ArtSpec (area art, at the id's line) and icon name, and the table's
    Source; each bad name or missing or refused SVG appended to `problems`. `probed`
    keeps each icon's checked picture, so an icon named twice is read once."""
    lines = where.get(table, TableLines(tf.lines.top.line))
    source = Source(tf.path, lines.line, tuple(lines.keys.items()), None, f"{table}.")
    art: dict[str, ArtSpec] = {}
    names: dict[str, str] = {}
    base = folder.resolve()  # once for all the table's pictures
    if svg_alongside.active():  # the pictures the cache lacks, converted on two cores
        svg_alongside.prefetch(_files(tf.data.get(table, {}), table, folder, base, probed))
    for key, name in tf.data.get(table, {}).items():
        at = source.at(key)
        if not isinstance(name, str) or not _NAME.fullmatch(name):
            problems.append(
                at.problem(f'an icon name is kebab-case, such as "tv", got {described(name)}')
            )
            continue
        names[key] = name
        if table == "cards" and not picture_wanted(key):
            unread.add(key)  # not drawn by this verb: named, not read (pnp.core.pictures)
            continue
        if name not in probed:
            file = f"{ICON_FOLDER}/{name}.svg"
            try:
                image = probe_svg(resolve_art_path(file, folder, base))
            except ImageRefused as exc:
                problems.append(at.problem(f"icon {quoted(name)}: {quoted(file)}: {exc}"))
                probed[name] = None
                continue
            probed[name] = ArtSpec(file, image, fit="contain", area=True)
        spec = probed[name]
        if spec is not None:  # one checked picture per icon, each id's at its own line
            art[key] = replace(spec, origin=at)
    return art, names, source


def _files(
    rows: dict, table: str, folder: Path, base: Path, probed: dict[str, ArtSpec | None]
) -> list[Path]:
    """The SVG files of the icons `rows` name (id = icon name) that `_pictures` will
    probe, each once, in order (a name it cannot resolve is left for it to report)."""
    files: dict[str, Path] = {}
    for key, name in rows.items():
        if not isinstance(name, str) or not _NAME.fullmatch(name) or name in probed:
            continue
        if name in files or (table == "cards" and not picture_wanted(key)):
            continue
        try:
            files[name] = resolve_art_path(f"{ICON_FOLDER}/{name}.svg", folder, base)
        except ImageRefused:
            continue
    return list(files.values())
