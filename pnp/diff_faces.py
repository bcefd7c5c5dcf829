"""A game's face layout (the file its game.toml names with `faces`, README "Faces as
data") compared for `pnp diff`: its settings (`design`, `safe`, `grow_type`) and every
face element by element, as it prints: each face with its `extends` resolved (a change
to a parent shows on every face that inherits it; pnp.faces.inherit), each art
element's picture by its contents.

One phrase per changed element, "front 'treasure', element 'band': colour '#E69F00' →
'#D55E00'"; an element or a face added (with where it is) or removed (where it was); a
face whose elements are drawn in another order. Elements are matched within their face
by name (their `key`, else their field's or label's, else their type; the art area;
a group's `use`), a name's second element as "#2". Source: issue 43 item 5.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp.core.errors import DataError, Problem
from pnp.core.shown import listed, quoted
from pnp.data.art import parse_art
from pnp.data.models import Source
from pnp.data.toml_source import TableLines, TomlFile, read_toml
from pnp.diff_values import changes, picture
from pnp.faces.layout_file import resolved_faces

LAYOUT_SETTINGS = ("design", "safe", "grow_type")


@dataclass(frozen=True)
class _Element:
    name: str  # in the face: "band", "band #2", "art area", "use words"
    label: str  # in a line: "element 'band'", "art area", "use of group 'words'"
    type: str
    values: dict
    line: int


@dataclass(frozen=True)
class _Layout:
    file: str
    settings: dict
    faces: dict[str, tuple[int, list[_Element]]]  # "front 'x'" -> (its line, elements)


def layout_changes(old: Path, old_file: str | None, new: Path, new_file: str | None) -> list[str]:
    """What changed in the layout from the game folder `old` (its layout file
    `old_file`, None: it has none) to `new`, one line each (without the file's name)."""
    before, after = _read(old, old_file), _read(new, new_file)
    out = []
    settings = changes(before.settings, after.settings)
    if settings:
        out.append("; ".join(settings))
    for face, (line, elements) in after.faces.items():
        if face not in before.faces:
            out.append(f"{face}: added ({after.file}:{line})")
        else:
            out += _face_changes(face, before.faces[face][1], elements, before.file, after.file)
    out += [
        f"{face}: removed ({before.file}:{line})"
        for face, (line, _) in before.faces.items()
        if face not in after.faces
    ]
    return out


def _read(folder: Path, name: str | None) -> _Layout:
    """The layout file `name` of the game folder `folder`, its faces resolved; an empty
    layout for None; DataError when it cannot be read."""
    if name is None:
        return _Layout("", {}, {})
    tf = read_toml(folder / name)
    if isinstance(tf, Problem):
        raise DataError([tf])
    settings = {k: tf.data[k] for k in LAYOUT_SETTINGS if k in tf.data}
    faces = {}
    for section, named in resolved_faces(tf).items():
        for face, entries in named.items():
            line = tf.lines.array_item(f"{section}.{face}", 0).line
            faces[f"{section} {quoted(face)}"] = (line, _elements(tf, entries))
    return _Layout(name, settings, faces)


def _elements(tf: TomlFile, entries: list[tuple[Any, TableLines]]) -> list[_Element]:
    """A face's entries as elements named within the face, each as it prints."""
    out: list[_Element] = []
    seen: dict[str, int] = {}
    for raw, where in entries:
        if not isinstance(raw, dict):
            continue
        name, label, typ = _names(raw)
        seen[name] = seen.get(name, 0) + 1
        if seen[name] > 1:
            name, label = f"{name} #{seen[name]}", f"{label} #{seen[name]}"
        values = {k: v for k, v in raw.items() if k not in ("key", "use")}
        if typ == "art" and isinstance(values.get("file"), str):
            values["file"] = _picture(tf, where, values["file"])
        out.append(_Element(name, label, typ, values, where.line))
    return out


def _names(raw: dict) -> tuple[str, str, str]:
    """(name, label, type) of one entry of a face."""
    if "use" in raw:
        group = str(raw["use"])
        return f"use {group}", f"use of group {quoted(group)}", "group"
    typ = raw.get("type")
    if typ is None and ("art_area" in raw or "art_colour" in raw):
        return "art area", "art area", "art area"
    bound = raw.get("field", raw.get("label"))
    given = raw.get("key")
    name = (
        given
        if isinstance(given, str)
        else bound
        if isinstance(bound, str) and typ != "art"
        else str(typ)
    )
    return name, f"element {quoted(name)}", str(typ)


def _picture(tf: TomlFile, where: TableLines, file: str) -> Any:
    """An art element's `file` as its picture's contents (the name kept when it cannot
    be read: pnp validate names why)."""
    source = Source(tf.path, where.line, tuple(where.keys.items()))
    spec, problems = parse_art({"file": file}, source.at("file"), Path(tf.path).parent)
    return picture(spec, file) if spec is not None and not problems else file


def _face_changes(
    face: str, old: list[_Element], new: list[_Element], old_file: str, new_file: str
) -> list[str]:
    before, after = {e.name: e for e in old}, {e.name: e for e in new}
    out = []
    for name, e in after.items():
        was = before.get(name)
        if was is None:
            out.append(f"{face}, {e.label}: added ({e.type}, {new_file}:{e.line})")
            continue
        found = changes(was.values, e.values)
        if found:
            out.append(f"{face}, {e.label}: {'; '.join(found)}")
    out += [
        f"{face}, {e.label}: removed ({e.type}, {old_file}:{e.line})"
        for name, e in before.items()
        if name not in after
    ]
    kept_old = [n for n in before if n in after]
    kept_new = [n for n in after if n in before]
    if kept_old != kept_new:
        out.append(f"{face}: drawing order {listed(kept_old)} → {listed(kept_new)}")
    return out
