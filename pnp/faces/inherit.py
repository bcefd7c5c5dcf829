"""Layouts that inherit (Squib's `extends`), resolved before any element is checked:
every face of the layout file as the tables it draws, each one complete.

    [[front.treasure]]          # a face's first entry, alone: this face is front
    extends = "action"          #   'action' (or "back.NAME", "group.NAME") ...
    [[front.treasure]]          # ... and an entry whose key names one of its elements
    key = "band"                #   changes only the keys it gives
    colour = "#E69F00"
    [[front.treasure]]          # an element may extend another element: an earlier
    extends = "band"            #   one of its face by key, or "SECTION.NAME.KEY"
    key = "shadow"              # (`front.action.band`), and take every key of it
    box = ["+0.5", "+0.5", "+0", "+0"]  # but those it gives; "+N"/"-N" offsets the
                                #   parent's number (mm; pt for a text size)

The merged table keeps, for each key, the line where its value is written (the parent's
or the child's), so every later message points at the value at fault. An unknown
parent, a malformed reference or a loop is one problem at the `extends` line, and the
entry is left out. Source: issue 43 item 2; README, "Faces as data".
"""

from __future__ import annotations

import difflib
from decimal import Decimal
from typing import Any

from pnp.core.shown import described, listed, quoted
from pnp.data.toml_source import TableLines
from pnp.faces.elements import Reader
from pnp.faces.values import RELATIVE

Entry = tuple[Any, TableLines]
Faces = dict[str, dict[str, list[Entry]]]  # section -> face name -> its entries
SECTIONS = ("front", "back", "group")


def entry_key(raw: dict, line: int) -> str:
    """The key an entry is known by: its `key`, else its field's or label's name (not an
    art element's), "art_area" for an art-area entry, else "TYPE-LINE"."""
    given = raw.get("key")
    if isinstance(given, str):
        return given
    typ = raw.get("type")
    bound = raw.get("field", raw.get("label"))
    if isinstance(bound, str) and typ != "art":
        return bound
    if typ is None and ("art_area" in raw or "art_colour" in raw):
        return "art_area"
    return f"{typ}-{line}"


def face_extends(raw: Any) -> bool:
    """True for a face's first entry that takes a whole face: `extends = "NAME"` (or
    "SECTION.NAME") and no other key."""
    return (
        isinstance(raw, dict)
        and list(raw) == ["extends"]
        and isinstance(raw["extends"], str)
        and raw["extends"].count(".") <= 1
    )


def inherited(r: Reader, faces: Faces) -> Faces:
    """Every face of `faces` with its `extends` resolved: the same sections and names,
    each face's entries merged tables without `extends` (an entry that cannot be
    resolved is left out, its problem added to `r`)."""
    resolver = _Resolver(r, faces)
    return {s: {n: resolver.face(s, n) for n in names} for s, names in faces.items()}


class _Resolver:
    def __init__(self, r: Reader, faces: Faces):
        self.r, self.faces = r, faces
        self.done: dict[tuple[str, str], list[Entry]] = {}
        self.active: list[tuple[str, str]] = []
        self.looped: set[tuple[str, str]] = set()  # its loop reported: no follow-ups

    def face(self, section: str, name: str) -> list[Entry]:
        node = (section, name)
        if node in self.done:
            return self.done[node]
        self.active.append(node)
        entries = self.faces[section][name]
        subject = f"{section} {quoted(name)}"
        out: list[Entry] = []
        lost = False  # the face it extends could not be had: its changes mean nothing
        parent = None
        if entries and face_extends(entries[0][0]):
            parent = self._face_ref(entries[0], section, subject)
            if parent is None or parent in self.looped:
                lost = True
            else:
                out = list(self.done[parent])
            entries = entries[1:]
        own = len(out)  # the entries before this index came from the parent face
        for raw, where in entries:
            if not isinstance(raw, dict) or "use" in raw:
                out.append((raw, where))
            elif "extends" in raw:
                self._element(raw, where, out, section, name, subject)
            elif own and parent:
                own = self._override(raw, where, out, own, subject, parent)
            elif not lost or "type" in raw:
                out.append((raw, where))
        self.active.pop()
        self.done[node] = out
        return out

    def _loop(self, target: tuple[str, str], where: TableLines, subject: str) -> bool:
        """True (and the problem added) when `target` is being resolved: a loop."""
        if target not in self.active:
            return False
        cycle = self.active[self.active.index(target) :]
        self.looped.update(cycle)
        chain = [cycle[-1], *cycle]  # from the face that names `target`, round to it
        path = " → ".join(f"{s} {quoted(n)}" for s, n in chain)
        self.r.bad(where, "extends", f"extends goes round in a loop: {path}", subject)
        return True

    def _face_ref(self, entry: Entry, section: str, subject: str) -> tuple[str, str] | None:
        """The (section, name) a face's `extends` names, resolved, or None (reported)."""
        ref, where = entry[0]["extends"], entry[1]
        part, _, rest = ref.partition(".")
        target = (part, rest) if rest else (section, ref)
        if target[0] not in SECTIONS:
            self.r.bad(
                where,
                "extends",
                f"no section {quoted(target[0])}: a face extends NAME (a {section} of this file) or front.NAME, back.NAME or group.NAME",
                subject,
            )
            return None
        known = self.faces.get(target[0], {})
        if target[1] not in known:
            close = difflib.get_close_matches(target[1], list(known), n=1, cutoff=0.75)
            hint = f" (did you mean {close[0]}?)" if close else ""
            self.r.bad(
                where,
                "extends",
                f"no {target[0]} called {quoted(target[1])}{hint}; {target[0]}s: {listed(known) or 'none'}",
                subject,
            )
            return None
        if self._loop(target, where, subject):
            return None
        self.face(*target)
        return target

    def _element(self, raw: dict, where: TableLines, out: list[Entry], section, name, subject):
        """An element that extends another: the parent's keys, then its own."""
        ref = raw["extends"]
        named = any(k in raw for k in ("type", "key", "field", "label"))
        about = f"{subject}, element {quoted(entry_key(raw, where.line))}" if named else subject
        parts = ref.split(".") if isinstance(ref, str) else []
        if len(parts) not in (1, 3) or not all(parts):
            self.r.bad(
                where,
                "extends",
                f'expected the key of an earlier element of this face, or SECTION.NAME.KEY such as front.action.title, got {described(ref)}; a whole face is extended by its first entry, extends = "NAME" alone',
                about,
            )
            return
        if len(parts) == 1 or (parts[0], parts[1]) == (section, name):
            pool, where_named = out, f"before this one in {subject}"
        else:
            target = (parts[0], parts[1])
            if parts[0] not in SECTIONS or parts[1] not in self.faces.get(parts[0], {}):
                self.r.bad(
                    where,
                    "extends",
                    f"no {parts[0]} called {quoted(parts[1])} in this file, in {quoted(ref)}; faces: {listed(self._face_names()) or 'none'}",
                    about,
                )
                return
            if target in self.looped or self._loop(target, where, about):
                return  # a loop already reported, or now
            pool, where_named = self.face(*target), f"in {target[0]} {quoted(target[1])}"
            if target in self.looped:  # its loop is reported: nothing more to say
                return
        elements = self._flat(pool)
        parent = next((e for e in elements if entry_key(e[0], e[1].line) == parts[-1]), None)
        if parent is None:
            keys = list(dict.fromkeys(entry_key(e[0], e[1].line) for e in elements))
            hint = ""
            if len(parts) == 1 and parts[0] in self.faces.get(section, {}):
                hint = f'; to extend {section} {quoted(parts[0])}, write extends = "{parts[0]}" alone in the first entry of this face'
            self.r.bad(
                where,
                "extends",
                f"no element {where_named} is called {quoted(parts[-1])}; its elements: {listed(keys) or 'none'}{hint}",
                about,
            )
            return
        merged = self._merge(parent, raw, where, about)
        if merged is not None:
            out.append(merged)

    def _override(
        self,
        raw: dict,
        where: TableLines,
        out: list[Entry],
        own: int,
        subject: str,
        parent: tuple[str, str],
    ) -> int:
        """An entry of a face that extends another: the inherited elements of its key
        (a used group's too: its `use` becomes a copy of its elements) take its values;
        an entry of a new key is a new element (it needs a type). Returns how many of
        `out`'s entries are now inherited."""
        key = entry_key(raw, where.line)

        def matching() -> list[int]:
            return [i for i in range(own) if entry_key(out[i][0], out[i][1].line) == key]

        matches = matching()
        group = next((i for i in range(own) if not matches and self._uses(out[i], key)), None)
        if group is not None:
            copies = self._used(out[group])
            out[group : group + 1] = copies
            own += len(copies) - 1
            matches = matching()
        if not matches and "type" not in raw:
            keys = [entry_key(e[0], e[1].line) for e in self._flat(out[:own])]
            self.r.bad(
                where,
                "key" if "key" in raw else None,
                f"no element called {quoted(key)} in {parent[0]} {quoted(parent[1])}, the face this one extends, to change; its elements: {listed(dict.fromkeys(keys)) or 'none'} (a new element needs a type)",
                subject,
            )
            return own
        for i in matches:
            merged = self._merge(out[i], raw, where, f"{subject}, element {quoted(key)}")
            if merged is None:
                return own
            out[i] = merged
        if not matches:
            out.append((raw, where))
        return own

    def _uses(self, entry: Entry, key: str) -> bool:
        """True when `entry` uses a group that has an element of `key`."""
        raw = entry[0]
        return (
            isinstance(raw, dict)
            and "use" in raw
            and any(entry_key(e[0], e[1].line) == key for e in self._flat([entry]))
        )

    def _used(self, entry: Entry) -> list[Entry]:
        """A `use` entry as copies of its group's elements, its conditions added to theirs."""
        raw, where = entry
        out = []
        for item, lines in self._flat([entry]):
            copy, keys = dict(item), dict(lines.keys)
            for k in ("when", "unless"):
                if k in raw:
                    copy[k] = _as_list(item.get(k)) + _as_list(raw[k])
                    keys.setdefault(k, where.of(k))
            out.append((copy, TableLines(lines.line, keys)))
        return out

    def _flat(self, entries: list[Entry]) -> list[Entry]:
        """The entries with each `use` replaced by its group's elements, to look up."""
        flat: list[Entry] = []
        for raw, where in entries:
            if isinstance(raw, dict) and "use" in raw:
                group = raw["use"]
                if isinstance(group, str) and group in self.faces.get("group", {}):
                    if ("group", group) not in self.active:
                        flat += self.face("group", group)
            elif isinstance(raw, dict):
                flat.append((raw, where))
        return flat

    def _face_names(self) -> list[str]:
        return [f"{s}.{n}" for s in SECTIONS for n in self.faces.get(s, {})]

    def _merge(self, parent: Entry, raw: dict, where: TableLines, about: str) -> Entry | None:
        """The parent's table with `raw`'s keys over it (relative numbers offset the
        parent's), each key at the line of the table that gives it; None if wrong."""
        merged, lines = dict(parent[0]), dict(parent[1].keys)
        lines.pop("extends", None)
        for key, value in raw.items():
            if key == "extends":
                continue
            got, wrong = relative(value, parent[0].get(key))
            if wrong:
                self.r.bad(where, key, wrong, about)
                return None
            merged[key], lines[key] = got, where.of(key)
        merged.pop("extends", None)
        return merged, TableLines(where.line, lines)


def relative(value: Any, parent: Any) -> tuple[Any, str | None]:
    """`value` with each "+N" / "-N" that stands where `parent` has a number replaced by
    that number plus N (added in decimal, so "+0.1" on 3.2 is 3.3 as written); arrays
    item by item, tables key by key. Other text is kept as it is (a text "+1" over a
    text stays text)."""
    if isinstance(value, str) and RELATIVE.match(value) and _number(parent):
        total = Decimal(repr(parent)) + Decimal(value)
        whole = isinstance(parent, int) and "." not in value
        return (int(total) if whole else float(total)), None
    if isinstance(value, list) and any(_relative_in(v) for v in value):
        if not isinstance(parent, list) or len(parent) != len(value):
            return None, (
                f"{_first_relative(value)} is relative to the same item of the parent's value, "
                f"which is {described(parent) if parent is not None else 'not there'}"
            )
        items = [relative(v, p) for v, p in zip(value, parent)]
        wrong = next((w for _, w in items if w), None)
        return (None, wrong) if wrong else ([v for v, _ in items], None)
    if isinstance(value, dict) and isinstance(parent, dict):
        out = {}
        for key, item in value.items():
            out[key], wrong = relative(item, parent.get(key))
            if wrong:
                return None, f"{key}: {wrong}"
        return out, None
    return value, None


def _as_list(value: Any) -> list:
    """A condition value (one condition or a list of them) as a list."""
    return [] if value is None else value if isinstance(value, list) else [value]


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _relative_in(value: Any) -> bool:
    if isinstance(value, list):
        return any(_relative_in(v) for v in value)
    return isinstance(value, str) and bool(RELATIVE.match(value))


def _first_relative(value: Any) -> str:
    """The first relative value in `value` (an array holding one), quoted."""
    if isinstance(value, list):
        return next(_first_relative(v) for v in value if _relative_in(v))
    return quoted(value)
