"""A readable change log between two versions of one game's card data (`pnp diff`):
cards (and decks, aids, every other table) added, removed and changed field by field,
and the settings of game.toml that changed.

Nothing here names a game. The entries compared are the game's tables as its kit
declares them (`Kit.tables`, read by pnp.data.tables with their schema, so a value is
compared as the game reads it); a kit that declares none is compared by its loaded card
models (`Kit.printed_cards`). Values are compared generically: numbers and short text
as "old → new", long text as "changed" with a short word diff when few words changed,
tables key by key ("players.max 6 → 5"), arrays of tables item by item (by the key all
their items share, such as a deck list's `card`, else by position) and arrays of plain
values as they were and are (or what was added and removed, for long ones). A card's
picture is compared by its contents too.
"""

from __future__ import annotations

import dataclasses
import hashlib
import stat
from collections import Counter
from dataclasses import dataclass
from difflib import SequenceMatcher
from pathlib import Path
from typing import Any

from pnp.core.errors import DataError, PnpError, Problem, errors_only
from pnp.core.shown import PATH_LIMIT, described, plural, quoted
from pnp.data.art import ArtSpec, parse_art
from pnp.data.csv_tables import sheet_files
from pnp.data.models import Source
from pnp.data.tables import read_tables
from pnp.data.toml_source import read_toml
from pnp.layout.kit import Kit, card_kind

SHORT = 32  # characters of a text shown whole as "old → new"; longer text "changed"
SHORT_LIST = 60  # characters of two arrays shown whole, both together
WORDS = 3  # changed runs of words a word diff shows at most, each of at most...
RUN = 6  # ...this many words on either side


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
class GameDiff:
    """What changed in `game` from the game folder `old` to `new`: every entry that
    differs (the new version's order, then the removed ones in the old one's) and the
    changes of game.toml's settings."""

    game: str
    old: Path
    new: Path
    entries: tuple[EntryChange, ...]
    settings: tuple[str, ...]

    def count(self, status: str) -> int:
        """How many entries were `status` ("added", "removed", "changed")."""
        return sum(e.status == status for e in self.entries)


@dataclass(frozen=True)
class _Entry:
    label: str
    kind: str
    values: dict
    where: str


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
    before, after = _entries(kit, old), _entries(kit, new)
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
    settings = changes(_settings(old), _settings(new))
    return GameDiff(kit.id, old, new, tuple(found), tuple(settings))


def _entries(kit: Kit, folder: Path) -> dict[tuple[str, str], _Entry]:
    """Every entry of the game's data in `folder`, keyed by (table or kind, id)."""
    specs = tuple(kit.tables(folder))
    if not specs:
        return _models(kit, folder)
    game = read_toml(folder / "game.toml")  # its [tables] may name CSV files
    sheets = sheet_files(game, specs)[0] if not isinstance(game, Problem) else {}
    tables = read_tables(folder, specs, sheets)
    errors, _ = errors_only(list(tables.problems))
    if errors:
        raise DataError(errors)
    found = {}
    for e in tables.entries:
        spec, name = e.spec, e.id or f"[{e.spec.table}]"
        label = name if spec.subject == "card" or not e.id else f"{spec.subject} {name}"
        values = {k: plain(v) for k, v in e.values.items() if k != "id"}
        kind = spec.kind if spec.subject == "card" else ""
        found[(spec.table, name)] = _Entry(label, kind, values, _where(e.source))
    return found


def _models(kit: Kit, folder: Path) -> dict[tuple[str, str], _Entry]:
    """Every printed card of the data in `folder`, by its model's fields."""
    data = kit.load(folder)
    found = {}
    for card in kit.printed_cards(data):
        values = plain(card)
        values.pop("id", None)
        source = getattr(card, "source", None)
        where = _where(source) if isinstance(source, Source) else ""
        found[(card_kind(card), card.id)] = _Entry(card.id, card_kind(card), values, where)
    return found


def _where(source: Source) -> str:
    return f"{Path(source.file).name}:{source.line}"


def _settings(folder: Path) -> dict:
    """game.toml's settings as written, each picture (an `art` or `art_<id>` key) with
    its contents; DataError when the file cannot be read."""
    parsed = read_toml(folder / "game.toml")
    if isinstance(parsed, Problem):
        raise DataError([parsed])
    return _with_pictures(parsed.data, Source(parsed.path, 1), folder)


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


@dataclass(frozen=True)
class Picture:
    """An image file's contents, for comparing: its size in pixels (points for SVG)
    and a digest."""

    width_px: float
    height_px: float
    digest: str


def plain(value: Any) -> Any:
    """`value` as plain data to compare: a picture (ArtSpec) as its keys as written plus
    its `picture` (contents), another dataclass (a card model) as its compared fields
    but where it was read, tuples as lists."""
    if isinstance(value, ArtSpec):
        try:
            digest = hashlib.sha256(Path(value.image.path).read_bytes()).hexdigest()
        except OSError:
            digest = ""
        return {
            "file": value.file,
            "window": plain(value.window_mm),
            "fit": value.fit,
            "focus": plain(value.focus),
            "bleed": value.bleed_mm,
            "alone": value.alone,
            "colour": value.colour,
            "picture": Picture(value.image.width_px, value.image.height_px, digest),
        }
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            f.name: plain(getattr(value, f.name))
            for f in dataclasses.fields(value)
            if f.compare and f.name not in ("source", "origin")
        }
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


def changes(old: Any, new: Any, path: str = "") -> list[str]:
    """What differs from `old` to `new` (plain data) at `path` (a key path such as
    "players.max" or "cards[tailgater].count"; "" at the top), one phrase each:
    "points 2 → 3", "description changed", "art added ('art/x.png')"."""
    if old == new:
        return []
    if isinstance(old, dict) and isinstance(new, dict):
        return _table_changes(old, new, path)
    if isinstance(old, list) and isinstance(new, list):
        if all(isinstance(v, dict) for v in old + new):
            return _tables_changes(old, new, path)
        if not any(isinstance(v, (dict, list)) for v in old + new):
            return [_list_change(old, new, path)]
    if isinstance(old, Picture) and isinstance(new, Picture):
        sizes = [f"{p.width_px}×{p.height_px}" for p in (old, new)]
        return [
            f"{path} changed" + (f" ({sizes[0]} → {sizes[1]} px)" if sizes[0] != sizes[1] else "")
        ]
    if isinstance(old, str) and isinstance(new, str) and max(len(old), len(new)) > SHORT:
        return [_text_change(old, new, path)]
    return [f"{path} {shown(old)} → {shown(new)}"]


def _table_changes(old: dict, new: dict, path: str) -> list[str]:
    out = []
    for key in [*old, *(k for k in new if k not in old)]:
        at = f"{path}.{key}" if path else key
        if key not in new:
            out.append(f"{at} removed")
        elif key not in old:
            out.append(f"{at} added" + _about(new[key]))
        else:
            out += changes(old[key], new[key], at)
    return out


def _tables_changes(old: list[dict], new: list[dict], path: str) -> list[str]:
    """Arrays of tables: matched by the key every item has, with a text value unique in
    each array ("id", else the items' first key, like a deck list's "card"), else by
    position."""
    key = _common_key(old, new)
    if key is None:
        out = [c for i, (a, b) in enumerate(zip(old, new)) for c in changes(a, b, f"{path}[{i}]")]
        out += [f"{path}[{i}] added" + _about(new[i]) for i in range(len(old), len(new))]
        out += [f"{path}[{i}] removed" for i in range(len(new), len(old))]
        return out
    before, after = {t[key]: t for t in old}, {t[key]: t for t in new}
    out = []
    for name, item in after.items():
        at = f"{path}[{name}]"
        if name not in before:
            out.append(f"{at} added" + _about({k: v for k, v in item.items() if k != key}))
        else:
            out += changes(before[name], item, at)
    out += [f"{path}[{name}] removed" for name in before if name not in after]
    return out


def _common_key(old: list[dict], new: list[dict]) -> str | None:
    """The key that names the items of two arrays of tables: "id", else the first key
    of the first item, when every item has it as text, unique within each array."""
    items = old + new
    for key in dict.fromkeys(["id", *list(items[0])[:1]]):
        if all(isinstance(t.get(key), str) for t in items) and all(
            len({t[key] for t in array}) == len(array) for array in (old, new)
        ):
            return key
    return None


def _list_change(old: list, new: list, path: str) -> str:
    before, after = _array(old), _array(new)
    if len(before) + len(after) <= SHORT_LIST:
        return f"{path} {before} → {after}"
    added, removed = Counter(new) - Counter(old), Counter(old) - Counter(new)
    if not added and not removed:
        return f"{path} reordered"
    parts = [f"added {_items(added.elements())}"] if added else []
    parts += [f"removed {_items(removed.elements())}"] if removed else []
    return f"{path} changed: {'; '.join(parts)}"


def _text_change(old: str, new: str, path: str) -> str:
    """A long text's change: "changed", with the words that changed when they are few."""
    a, b = old.split(), new.split()
    if a == b:
        return f"{path} changed (spacing only)"
    runs = [
        op for op in SequenceMatcher(None, a, b, autojunk=False).get_opcodes() if op[0] != "equal"
    ]
    if len(runs) > WORDS or any(max(i2 - i1, j2 - j1) > RUN for _, i1, i2, j1, j2 in runs):
        return f"{path} changed"
    parts = []
    for tag, i1, i2, j1, j2 in runs:
        was, now = quoted(" ".join(a[i1:i2]), SHORT), quoted(" ".join(b[j1:j2]), SHORT)
        parts.append(
            f"{was} → {now}" if tag == "replace" else f"−{was}" if tag == "delete" else f"+{now}"
        )
    return f"{path} changed ({', '.join(parts)})"


def shown(value: Any) -> str:
    """A value for a change line: a number or flag as written, text quoted, an array
    whole when short, a table or long array by its size, a picture as its size."""
    if value is None:
        return "none"
    if isinstance(value, list) and not any(isinstance(v, (dict, list)) for v in value):
        text = _array(value)
        return text if len(text) <= SHORT_LIST else described(value)
    if isinstance(value, Picture):
        return f"a {value.width_px}×{value.height_px} px picture"
    return described(value, SHORT)


def _about(value: Any) -> str:
    """What an added value is, in brackets: " ('art/x.png')" (a table naming a file: a
    picture), " (count 2)", or "" when that would be long."""
    if isinstance(value, dict) and isinstance(value.get("file"), str):  # a picture
        return f" ({shown(value['file'])})"
    if isinstance(value, dict):
        text = ", ".join(f"{k} {shown(v)}" for k, v in value.items() if not isinstance(v, dict))
        return f" ({text})" if text and len(text) <= SHORT_LIST else ""
    return f" ({shown(value)})"


def _array(values: list) -> str:
    return f"[{_items(values)}]"


def _items(values) -> str:
    """Plain values listed: ids and words bare, other text quoted."""
    return ", ".join(
        v if isinstance(v, str) and v.replace("-", "").replace("_", "").isalnum() else shown(v)
        for v in values
    )


def summary(diff: GameDiff) -> str:
    """The last line of `pnp diff`: how many entries were changed, added and removed,
    and how many of game.toml's settings changed."""
    counts = [f"{diff.count(s):,} {s}" for s in ("changed", "added", "removed")]
    return f"{', '.join(counts)}; game.toml: {plural(len(diff.settings), 'change')}"
