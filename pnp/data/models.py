"""Typed, immutable models shared by every game's card data. Lengths in mm."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp.core.errors import Problem
from pnp.core.records import NamedTuple

if TYPE_CHECKING:
    from pnp.data.game_fonts import GameFonts


class Source(NamedTuple):
    """Where a table was defined: the TOML file, the line of its header (1-based), the
    line of each of its keys, the `subject` messages name it by ("card 'smart-tv'",
    "deck 'red-team'") and the `prefix` of its keys' names in messages ("back." for the
    [back] table of game.toml). A row of a CSV file (pnp.data.csv_tables) is a table
    whose `line` is its row (the header is row 1) and whose `field_columns` give each
    key's column (1 = column A)."""

    file: Path
    line: int
    field_lines: tuple[tuple[str, int], ...] = ()
    subject: str | None = None
    prefix: str = ""
    field_columns: tuple[tuple[str, int], ...] = ()

    def line_of(self, field: str) -> int:
        """The line of `field` in the table, or the table's header line."""
        return dict(self.field_lines).get(field, self.line)

    def column_of(self, field: str) -> int | None:
        """The spreadsheet column of `field` in a CSV row (1 = column A), else None."""
        return dict(self.field_columns).get(field)

    def at(self, field: str) -> "Origin":
        """The origin of the value of `field` (a key, or a path like "play[0]")."""
        return Origin(self, field)


class Origin(NamedTuple):
    """Where a printed value comes from: the table's Source and the field (a key or a
    path such as "play[1]" or "category:backups"; the part before "[" or ":" is the key
    whose line is reported)."""

    source: Source
    field: str

    @property
    def key(self) -> str:
        """The table key the field path starts with."""
        return self.field.split(":")[0].split("[")[0].split(".")[0]

    def problem(self, message: str, level: str = "error") -> Problem:
        """A Problem about this value, named by file:line, subject and field; `level` as
        Problem's ("error", "warning", "note")."""
        return Problem(
            self.source.file,
            message,
            line=self.source.line_of(self.key),
            column=self.source.column_of(self.key),
            field=self.source.prefix + self.field,
            subject=self.source.subject,
            level=level,
        )


def origin_at(source: Source | None, field: str) -> Origin:
    """`source.at(field)` for a table of loaded card data, which always has its Source
    (None is the default of a value built by hand, which has no origins)."""
    assert source is not None, f"{field}: the table has no Source"
    return source.at(field)


@dataclass(frozen=True)
class Category:
    """A Defense category: id, printed name, colour ("#RRGGBB"), icon name, the short
    code typed at the table (None: its id, name or initials only) and where it was
    defined."""

    id: str
    name: str
    colour: str
    icon: str
    code: str | None = None
    source: Source | None = field(default=None, compare=False)


@dataclass(frozen=True)
class BackDesign:
    """The card back's settings in game.toml: title, subtitle, colour ("#RRGGBB"), where
    the [back] table is, the `art` of every back (pnp.data.art.ArtSpec, or None) and,
    for a game with several backs, each back's own art (`arts`: (back id, ArtSpec)
    pairs from the `art_<back id>` keys)."""

    title: str
    subtitle: str
    colour: str
    source: Source | None = field(default=None, compare=False)
    art: Any = None
    arts: tuple[tuple[str, Any], ...] = ()

    def art_for(self, back_id: str) -> Any:
        """The art of the back `back_id`: its own, else the game's, else None."""
        return dict(self.arts).get(back_id, self.art)


@dataclass(frozen=True)
class GameInfo:
    """A game's settings from `game.toml`: id, name, player range, card size name (the
    default trim) and `card_sizes` (every trim its faces are laid out for), back design,
    the fixed words printed on its faces (`labels`, from the [labels] table, and where
    they are), its folder, the line of game.toml that names it and its own `fonts`
    (pnp.data.game_fonts; None: it prints in the package's fonts), its card
    pictures' table (`icons`, pnp.data.icons; None: it has none) and its rulebook's
    pictures (`pictures`, game.toml's [rulebook], pnp.data.pictures)."""

    id: str
    name: str
    players_min: int
    players_max: int
    card_size: str
    back: BackDesign
    folder: Path
    labels: dict[str, str] = field(default_factory=dict, compare=False)
    labels_source: Source | None = field(default=None, compare=False)
    card_sizes: tuple[str, ...] = ()
    name_line: int | None = field(default=None, compare=False)  # of `name` in game.toml
    fonts: GameFonts | None = field(default=None, compare=False)  # [fonts]; None: the kit's own
    icons: Any = field(default=None, compare=False)  # pnp.data.icons.GameIcons; None: no table
    pictures: Any = field(default=None, compare=False)  # pnp.data.pictures; None: defaults
    credits: dict[str, str] = field(default_factory=dict, compare=False)  # [credits]
    words: dict[str, str] = field(default_factory=dict, compare=False)  # KIT_WORDS and [words]
    words_source: Source | None = field(default=None, compare=False)  # game.toml's [words]

    def icon_for(self, card_id: str) -> Any:
        """The icon-table picture of card `card_id` (pnp.data.art.ArtSpec), or None."""
        return self.icons.for_card(card_id) if self.icons is not None else None

    def label(self, key: str) -> tuple[str, Origin]:
        """The printed word `key` of the [labels] table and its origin (for messages)."""
        return self.labels[key], origin_at(self.labels_source, key)
