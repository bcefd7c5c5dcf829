"""Plain data compared for `pnp diff` (pnp.diff): a value as plain data (`plain`: a
picture as its keys and its contents, a card model as its fields, tuples as lists) and
what differs between two of them, one phrase each (`changes`): numbers and short text
as "old → new", long text as "changed" with a short word diff when few words changed,
tables key by key ("players.max 6 → 5"), arrays of tables item by item (by the key all
their items share, such as a deck list's `card`, else by position), arrays of plain
values as they were and are (or what was added and removed, for long ones), and a
picture by its contents ("icon 'tv' changed (24×24 → 32×32 px)") or by the file it is
("icon 'tv' → 'radio'").
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections import Counter
from dataclasses import dataclass
from difflib import SequenceMatcher
from pathlib import Path
from typing import Any

from pnp.core.shown import described, quoted
from pnp.data.art import ArtSpec

SHORT = 32  # characters of a text shown whole as "old → new"; longer text "changed"
SHORT_LIST = 60  # characters of two arrays shown whole, both together
WORDS = 3  # changed runs of words a word diff shows at most, each of at most...
RUN = 6  # ...this many words on either side


@dataclass(frozen=True)
class Picture:
    """An image file's contents, for comparing: its size in pixels (points for SVG), a
    digest, and the `name` it is known by where the file is named by it alone (an icon's
    name, a layout's art file; "" where the file is a key beside it, as in a card's art
    table)."""

    width_px: float
    height_px: float
    digest: str
    name: str = ""


def digest_of(path: Path) -> str:
    """The SHA-256 of a file's bytes ("" when it cannot be read: then it differs from
    every readable version)."""
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return ""


def picture(spec: ArtSpec, name: str = "") -> Picture:
    """The contents of the picture `spec` names, known by `name`."""
    image = spec.image
    return Picture(image.width_px, image.height_px, digest_of(image.path), name)


def plain(value: Any) -> Any:
    """`value` as plain data to compare: a picture (ArtSpec) as its keys as written plus
    its `picture` (contents), another dataclass (a card model) as its compared fields
    but where it was read, tuples as lists."""
    if isinstance(value, ArtSpec):
        return {
            "file": value.file,
            "window": plain(value.window_mm),
            "fit": value.fit,
            "focus": plain(value.focus),
            "bleed": value.bleed_mm,
            "alone": value.alone,
            "colour": value.colour,
            "picture": picture(value),
        }
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            f.name: plain(getattr(value, f.name))
            for f in dataclasses.fields(value)
            if f.compare and f.name not in ("source", "origin")
        }
    names = getattr(type(value), "_fields", None)  # a named tuple (an aid's phases and
    if isinstance(value, tuple) and names is not None:  # steps): by field, as a dataclass
        return {n: plain(getattr(value, n)) for n in names if n not in ("source", "origin")}
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
        if old.name != new.name:  # another file
            return [f"{path} {quoted(old.name)} → {quoted(new.name)}"]
        sizes = [f"{p.width_px}×{p.height_px}" for p in (old, new)]
        named = f" {quoted(new.name)}" if new.name else ""
        return [
            f"{path}{named} changed"
            + (f" ({sizes[0]} → {sizes[1]} px)" if sizes[0] != sizes[1] else "")
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
        if value.name:
            return quoted(value.name)
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
