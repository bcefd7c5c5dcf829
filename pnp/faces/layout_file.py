"""Read a face layout (`faces.toml`) into a checked `Layout`: every problem, each one line
with file:line (the line of the key at fault), never raising for bad data.

    design = "poker"            # the trim the mm are measured on (default: game.toml's)
    safe = 3                    # the safe area, mm inside the trim (at least 3)
    grow_type = true            # text sizes grow on a card larger than the design card
    [[group.NAME]]              # elements several faces share, drawn where a face
    ...                         #   says `use = "NAME"`
    [[front.KIND]]              # the front of every card of one kind, in drawing order
    type = "text"
    ...
    [[front.KIND]]              # an entry without a type: the face's art area, where
    art_area = [3, 30, 57.5, 27]  # the card's picture goes, and its colour
    art_colour = "#8C8C8C"
    [[back.BACK]]               # a back's design
    [[front.OTHER]]             # a face's first entry alone: it takes front 'KIND' whole
    extends = "KIND"            #   (an entry naming one of its keys changes that element);
                                #   an element's `extends` takes another element's keys
                                #   (pnp.faces.inherit)

The keys of each element type are in pnp.faces.keys; those every element takes are
`type`, `key` (its name in messages; default: its field or label, else type-line),
`inside` (an earlier element it sits in), `when` / `unless` (conditions on the card's
fields), `saver` (values used instead with --ink-saver, or false: left out) and
`saver_only` (printed only with --ink-saver). Source: issue 25 item 1; the art area
and `grow_type`: issue 28 items 2 and 4.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Mapping

from pnp.core.errors import LayoutError, Problem
from pnp.core.shown import described, listed, quoted
from pnp.core.sizes import card_mm
from pnp.data.toml_source import TableLines, TomlFile, read_toml
from pnp.faces.elements import ElementSpec, Reader, art_area_entry, check_keys, element
from pnp.faces.inherit import inherited
from pnp.faces.values import conditions, flag, number
from pnp.layout.card_frame import SAFE_MM
from pnp.layout.face_check import MOST_FAULTS

TOP_KEYS = ("design", "safe", "grow_type", "group", "front", "back")
#: The tables of faces, in the order they are read (a group before the faces using it).
SECTIONS = ("group", "front", "back")
USE_KEYS = ("use", "when", "unless")
#: The fields a back's elements may bind: game.toml's [back] table.
BACK_FIELDS = {"title": "str", "subtitle": "str", "colour": "colour"}


@dataclass(frozen=True)
class Layout:
    """A checked layout: its file, the design card (mm), the safe area (mm inside the
    trim), the elements of every front (by kind of card) and back (by back id), and
    whether its text sizes grow on a larger card (`grow_type`, pnp.faces.scale)."""

    file: Path
    design_mm: tuple[float, float]
    safe_mm: float
    fronts: Mapping[str, tuple[ElementSpec, ...]]
    backs: Mapping[str, tuple[ElementSpec, ...]]
    grow_type: bool = False


def read_layout(
    path: Path,
    kinds: Mapping[str, Mapping[str, str]],
    backs: tuple[str, ...],
    labels: frozenset[str],
    design: str,
) -> tuple[Layout | None, list[Problem]]:
    """Read and check the layout file at `path` for a game whose kinds of card have the
    fields `kinds` (kind -> field name -> pnp.data.schema Field kind), whose backs are
    `backs`, whose [labels] keys are `labels` and whose own trim is `design` (the
    default design card). Returns (the Layout, []) or (None, every problem)."""
    tf = read_toml(path)
    if isinstance(tf, Problem):
        return None, [tf]
    r = Reader(tf, labels, [])
    top = tf.lines.top
    for key in tf.data:
        if key not in TOP_KEYS:
            r.bad(top, key, f"unknown key; a layout holds {', '.join(TOP_KEYS)}", None)
    size = tf.data.get("design", design)
    try:
        if not isinstance(size, str):
            raise LayoutError(f"expected a card size in quotes, got {described(size)}")
        r.design = card_mm(size)
    except LayoutError as exc:
        r.bad(top, "design", str(exc), None)
    safe = tf.data.get("safe", SAFE_MM)
    most = min(r.design) / 4
    if not number(safe) or not SAFE_MM <= safe <= most:
        r.bad(
            top,
            "safe",
            f"the safe area is {SAFE_MM:g}..{most:g} mm inside the trim, got {described(safe)}",
            None,
        )
        safe = SAFE_MM
    grow, wrong = flag(tf.data.get("grow_type", False), r.context(None))
    if wrong:
        r.bad(top, "grow_type", wrong, None)
    written = {s: _lists(r, s) for s in SECTIONS}
    faces = inherited(r, written)
    groups, fronts, back_lists = faces["group"], faces["front"], faces["back"]
    used: set[str] = set()
    built_fronts = {
        kind: _face(r, "front", kind, entries, groups, used, kinds.get(kind))
        for kind, entries in fronts.items()
    }
    built_backs = {
        b: _face(r, "back", b, entries, groups, used, BACK_FIELDS)
        for b, entries in back_lists.items()
    }
    for name, entries in groups.items():
        if name not in used:  # checked once, its field names unchecked
            _face(r, "group", name, entries, {}, set(), None)
    _coverage(r, "front", written["front"], tuple(kinds), "kind of card")
    _coverage(r, "back", written["back"], backs, "back")
    if r.problems:
        return None, r.problems
    return Layout(Path(path), r.design, float(safe), built_fronts, built_backs, bool(grow)), []


def resolved_faces(tf: TomlFile) -> dict[str, dict[str, list[tuple[Any, TableLines]]]]:
    """Every face of the layout file `tf` as the tables it draws, its `extends` resolved
    (pnp.faces.inherit): section -> face name -> (table, its lines). For `pnp diff`,
    which compares what prints; the problems are `read_layout`'s to name."""
    r = Reader(tf, frozenset(), [])
    return inherited(r, {s: _lists(r, s) for s in SECTIONS})


def _lists(r: Reader, section: str) -> dict[str, list[tuple[Any, TableLines]]]:
    """The `[[SECTION.NAME]]` arrays of the file: name -> (each table, its lines)."""
    raw = r.tf.data.get(section, {})
    top = r.tf.lines.top
    if not isinstance(raw, dict):
        r.bad(top, section, f"expected [[{section}.NAME]] tables, got {described(raw)}", None)
        return {}
    out = {}
    for name, entries in raw.items():
        header = f"{section}.{name}"
        if not isinstance(entries, list):
            where = r.tf.lines.tables.get(header, top)
            r.bad(
                where,
                None,
                f"expected [[{header}]] tables (double brackets), one per element",
                None,
            )
            continue
        out[name] = [(e, r.tf.lines.array_item(header, i)) for i, e in enumerate(entries)]
    return out


def _coverage(r: Reader, section: str, found: Mapping, wanted: tuple[str, ...], what: str) -> None:
    """Every kind (or back) has its face, and every face is of a known kind (or back)."""
    for name, entries in found.items():
        if name not in wanted:
            where = entries[0][1] if entries else r.tf.lines.top
            r.bad(
                where,
                None,
                f"no {what} is called {quoted(name)}; known: {listed(wanted) or 'none'}",
                f"{section} {quoted(name)}",
            )
    for name in wanted:
        if name not in found:
            r.bad(
                r.tf.lines.top,
                None,
                f"no [[{section}.{name}]] elements: every {what} needs its {section}",
                None,
            )


def _face(
    r: Reader,
    section: str,
    name: str,
    entries: list[tuple[Any, TableLines]],
    groups: Mapping[str, list[tuple[Any, TableLines]]],
    used: set[str],
    fields: Mapping[str, str] | None,
) -> tuple[ElementSpec, ...]:
    """The checked elements of one face, its `use` entries expanded in place."""
    ctx = r.context(fields)
    subject = f"{section} {quoted(name)}"
    out: list[ElementSpec] = []
    before = len(r.problems)
    for raw, where in entries:
        if isinstance(raw, dict) and "use" in raw:
            out += _use(r, raw, where, subject, groups, used, ctx, section == "group")
            continue
        spec = _entry(r, raw, where, subject, ctx)
        if spec is not None:
            out.append(spec)
    check_keys(r, out, subject)
    _listed_at_most(r.problems, before)
    return tuple(out)


def _listed_at_most(problems: list[Problem], start: int) -> None:
    """Keep MOST_FAULTS of the problems one face added from `start` on, and one line for
    the rest, as a face's drawn checks do (pnp.layout.face_check): 3,000 elements with
    one fault each are 21 lines, not 3,001."""
    mine = len(problems) - start
    if mine <= MOST_FAULTS:
        return
    rest = mine - MOST_FAULTS
    summary = problems[start + MOST_FAULTS]._replace(
        message=f"... and {rest} more problems on this face, not listed; mend these first",
        field=None,
    )
    problems[start + MOST_FAULTS :] = [summary]


def _entry(r: Reader, raw: Any, where: TableLines, subject: str, ctx) -> ElementSpec | None:
    """An element, or the face's art-area entry (a table with `art_area`)."""
    if isinstance(raw, dict) and "art_area" in raw:
        return art_area_entry(r, raw, where, subject, ctx)
    return element(r, raw, where, subject, ctx)


def _use(r, raw, where, subject, groups, used, ctx, in_group: bool) -> list[ElementSpec]:
    """The elements of the group a `use` entry names, under its conditions too."""
    for key in raw:
        if key not in USE_KEYS:
            r.bad(
                where, key, f"unknown key beside use; allowed keys: {', '.join(USE_KEYS)}", subject
            )
    name = raw["use"]
    if in_group:
        r.bad(where, "use", "a group cannot use another group", subject)
        return []
    if not isinstance(name, str) or name not in groups:
        r.bad(
            where,
            "use",
            f"no group called {described(name)}; groups: {listed(groups) or 'none'}",
            subject,
        )
        return []
    used.add(name)
    extra = {}
    for key in ("when", "unless"):
        if key in raw:
            extra[key], wrong = conditions(raw[key], ctx)
            if wrong:
                r.bad(where, key, wrong, subject)
                return []
    group_subject = f"group {quoted(name)} (in {subject})"
    out = []
    for item, lines in groups[name]:
        spec = _entry(r, item, lines, group_subject, ctx)
        if spec is not None:
            out.append(
                replace(
                    spec,
                    when=spec.when + extra.get("when", ()),
                    unless=spec.unless + extra.get("unless", ()),
                )
            )
    return out
