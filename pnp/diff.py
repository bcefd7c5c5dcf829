"""A readable change log between two versions of one game's card data (`pnp diff`):
cards (and decks, aids, every other table) added, removed and changed field by field,
the settings of game.toml that changed, and whatever else of the game folder prints:
the card pictures of its icon table (icons.toml: each card's picture on the card's
line, compared by its contents; the backs' pictures and the credits on a line of their
own) and its face layout, element by element (pnp.diff_faces).

Nothing here names a game. The entries compared are the game's tables as its kit
declares them (`Kit.tables`, read by pnp.data.tables with their schema, so a value is
compared as the game reads it); a kit that declares none is compared by its loaded card
models (`Kit.printed_cards`). Values are compared generically (pnp.diff_values); every
picture a value names (a card's `art`, a data-only game's art fields, game.toml's
`art_*`, an icon, a layout's art file) is compared by its contents too.
"""

from __future__ import annotations

import stat
from dataclasses import dataclass
from pathlib import Path

from pnp.core.errors import DataError, PnpError, Problem, errors_only
from pnp.core.shown import PATH_LIMIT, plural, quoted
from pnp.data.art import parse_art
from pnp.data.csv_tables import sheet_files
from pnp.data.icons import GameIcons, read_game_icons
from pnp.data.models import Source
from pnp.data.tables import read_tables
from pnp.data.toml_source import TomlFile, read_toml
from pnp.diff_faces import layout_changes
from pnp.diff_values import Picture, changes, picture, plain
from pnp.layout.kit import Kit, card_kind


@dataclass(frozen=True)
class EntryChange:
    """One card (or deck, or other table) that differs: how it is named (`label`: its
    id, "deck red-team", "[shared]"), its `kind` ("Tech"; "" for a table that is no
    card), "added", "removed" or "changed", the field changes, and where it is
    (file:line in the new version; in the old one for a removed entry)."""

    label: str
    kind: str
    status: str
    changes: tuple[str, ...] = ()
    where: str = ""

    def line(self) -> str:
        """The entry as one line: "smart-tv: description changed; points 2 → 3"."""
        if self.status == "changed":
            return f"{self.label}: {'; '.join(self.changes)}"
        about = ", ".join(x for x in (self.kind, self.where) if x)
        return f"{self.label}: {self.status}" + (f" ({about})" if about else "")


@dataclass(frozen=True)
class FileChanges:
    """What changed in one more file of the game folder: its `name` ("icons.toml",
    "faces.toml"), one phrase each, and whether each is a line of its own (`lines`: a
    layout's elements) or all of them one line, as game.toml's settings are."""

    name: str
    changes: tuple[str, ...]
    lines: bool = False

    def shown(self) -> list[str]:
        """The file's lines of `pnp diff`: "faces.toml: front 'x', element 'y': …"."""
        if self.lines:
            return [f"{self.name}: {c}" for c in self.changes]
        return [f"{self.name}: {'; '.join(self.changes)}"] if self.changes else []


@dataclass(frozen=True)
class GameDiff:
    """What changed in `game` from the game folder `old` to `new`: every entry that
    differs (the new version's order, then the removed ones in the old one's), the
    changes of game.toml's settings and those of its other files that print (`files`:
    the icon table's, the face layout's; a file without changes is left out)."""

    game: str
    old: Path
    new: Path
    entries: tuple[EntryChange, ...]
    settings: tuple[str, ...]
    files: tuple[FileChanges, ...] = ()

    def count(self, status: str) -> int:
        """How many entries were `status` ("added", "removed", "changed")."""
        return sum(e.status == status for e in self.entries)

    @property
    def empty(self) -> bool:
        """True when nothing changed."""
        return not (self.entries or self.settings or self.files)


@dataclass(frozen=True)
class _Entry:
    label: str
    kind: str
    values: dict
    where: str


@dataclass(frozen=True)
class _Version:
    """One version of the game: its folder, its game.toml and its icon table."""

    folder: Path
    game: TomlFile | None
    icons: GameIcons | None
    problems: list[Problem]

    @classmethod
    def read(cls, folder: Path) -> "_Version":
        """The version in the game folder `folder`, with the problems of its game.toml
        and of the icon table it names (None for what cannot be read)."""
        game = read_toml(folder / "game.toml")
        if isinstance(game, Problem):
            return cls(folder, None, None, [game])
        icons, problems = read_game_icons(game)
        return cls(folder, game, icons, errors_only(problems)[0])

    def file(self, key: str) -> str | None:
        """The file game.toml's `key` names ("icons", "faces"), or None."""
        value = self.game.data.get(key) if self.game else None
        return value if isinstance(value, str) else None

    def card_pictures(self) -> dict[str, Picture]:
        """Each card id's picture in the icon table, by its icon's name."""
        if self.icons is None:
            return {}
        return {c: picture(spec, self.icons.names[c]) for c, spec in self.icons.art.items()}

    def icon_table(self) -> dict:
        """The icon table but its cards (on the cards' lines): the collection, each
        back's picture and the authors."""
        icons = self.icons
        if icons is None:
            return {}
        return {
            "collection": {
                "name": icons.name,
                "url": icons.url,
                "licence": icons.licence,
                "licence_url": icons.licence_url,
            },
            "backs": {b: picture(s, icons.back_names[b]) for b, s in icons.back_art.items()},
            "authors": dict(icons.authors),
        }


def game_folder_in(kit: Kit, given: Path) -> Path:
    """The game folder `given` names: itself when it holds a game.toml, else its
    `<game id>/` folder (a data folder like card_data/). PnpError, one line, when it is
    neither or cannot be looked at."""
    shown = quoted(given, PATH_LIMIT)
    try:
        if not stat.S_ISDIR(given.stat().st_mode):
            raise PnpError(f"{shown} is a file, not a folder")
        if (given / "game.toml").exists():
            return given
        inner = given / kit.id
        if inner.is_dir():
            return inner
    except FileNotFoundError:
        raise PnpError(f"{shown}: no such folder") from None
    except OSError as exc:
        raise PnpError(f"cannot open {shown}: {exc.strerror or exc}") from None
    raise PnpError(f"{shown} holds neither a game.toml nor a {kit.id}/ folder")


def diff_game(kit: Kit, old_dir: Path, new_dir: Path) -> GameDiff:
    """Compare the game `kit` in two folders (each a game folder or a data folder; see
    `game_folder_in`). Raises PnpError for a folder that is not there, DataError listing
    every problem of data that cannot be read."""
    old, new = game_folder_in(kit, Path(old_dir)), game_folder_in(kit, Path(new_dir))
    older, newer = _Version.read(old), _Version.read(new)
    before, after = _entries(kit, older), _entries(kit, newer)
    found: list[EntryChange] = []
    for key, entry in after.items():
        was = before.get(key)
        if was is None:
            found.append(EntryChange(entry.label, entry.kind, "added", where=entry.where))
            continue
        changed = changes(was.values, entry.values)
        if changed:
            found.append(EntryChange(entry.label, entry.kind, "changed", tuple(changed)))
    found += [
        EntryChange(e.label, e.kind, "removed", where=e.where)
        for key, e in before.items()
        if key not in after
    ]
    settings = changes(_settings(older), _settings(newer))
    files = [
        FileChanges(
            newer.file("icons") or older.file("icons") or "icons.toml",
            tuple(changes(older.icon_table(), newer.icon_table())),
        ),
        FileChanges(
            newer.file("faces") or older.file("faces") or "faces.toml",
            tuple(layout_changes(old, older.file("faces"), new, newer.file("faces"))),
            lines=True,
        ),
    ]
    return GameDiff(
        kit.id, old, new, tuple(found), tuple(settings), tuple(f for f in files if f.changes)
    )


def _entries(kit: Kit, version: _Version) -> dict[tuple[str, str], _Entry]:
    """Every entry of the game's data in `version`, keyed by (table or kind, id); a
    card's picture from the icon table as its `icon`."""
    folder, icons = version.folder, version.card_pictures()
    specs = tuple(kit.tables(folder))
    if not specs:
        found = _models(kit, folder, icons)
        if version.problems:  # the icon table's, which the kit's loader left unread
            raise DataError(version.problems)
        return found
    # game.toml's [tables] may name CSV files
    sheets = sheet_files(version.game, specs)[0] if version.game else {}
    tables = read_tables(folder, specs, sheets)
    errors = version.problems + errors_only(list(tables.problems))[0]
    found = {}
    for e in tables.entries:
        spec, name = e.spec, e.id or f"[{e.spec.table}]"
        label = name if spec.subject == "card" or not e.id else f"{spec.subject} {name}"
        values = {k: plain(v) for k, v in e.values.items() if k != "id"}
        for f in spec.fields:  # a data-only game's art fields but `art` (read already)
            if f.kind == "art" and f.name != "art" and f.name in values:
                art, problems = parse_art(e.values[f.name], e.source.at(f.name), folder)
                errors += problems
                values[f.name] = plain(art)
        if spec.subject == "card" and e.id in icons:
            values["icon"] = icons[e.id]
        kind = spec.kind if spec.subject == "card" else ""
        found[(spec.table, name)] = _Entry(label, kind, values, _where(e.source))
    if errors:
        raise DataError(errors)
    return found


def _models(kit: Kit, folder: Path, icons: dict[str, Picture]) -> dict[tuple[str, str], _Entry]:
    """Every printed card of the data in `folder`, by its model's fields and its icon."""
    data = kit.load(folder)  # DataError with every problem, game.toml's too
    found = {}
    for card in kit.printed_cards(data):
        values = plain(card)
        values.pop("id", None)
        if card.id in icons:
            values["icon"] = icons[card.id]
        source = getattr(card, "source", None)
        where = _where(source) if isinstance(source, Source) else ""
        found[(card_kind(card), card.id)] = _Entry(card.id, card_kind(card), values, where)
    return found


def _where(source: Source) -> str:
    return f"{Path(source.file).name}:{source.line}"


def _settings(version: _Version) -> dict:
    """game.toml's settings as written, each picture (an `art` or `art_<id>` key) with
    its contents."""
    game = version.game
    assert game is not None  # else its problem was raised with the entries'
    return _with_pictures(game.data, Source(game.path, 1), version.folder)


def _with_pictures(table: dict, source: Source, folder: Path) -> dict:
    out = {}
    for key, value in table.items():
        if isinstance(value, dict):
            value = _with_pictures(value, source, folder)
        elif key == "art" or key.startswith("art_"):
            spec, _problems = parse_art(value, source.at(key), folder)
            value = plain(spec) if spec is not None else value
        out[key] = value
    return out


def summary(diff: GameDiff) -> str:
    """The last line of `pnp diff`: how many entries were changed, added and removed,
    how many of game.toml's settings changed, and how many changes each other file
    with changes has."""
    counts = [f"{diff.count(s):,} {s}" for s in ("changed", "added", "removed")]
    files = [("game.toml", len(diff.settings))]
    files += [(f.name, len(f.changes)) for f in diff.files]
    return "; ".join([", ".join(counts), *(f"{n}: {plural(c, 'change')}" for n, c in files)])
