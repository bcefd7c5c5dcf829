"""One element of a face layout read and checked (`element`): its type's keys
(pnp.faces.keys), the keys every element takes (COMMON_KEYS), its conditions, its ink-
saver values and its picture; and the keys of one face checked together (`check_keys`:
unique, every `inside` an earlier element's, one ground). Every problem is one line at
the file:line of the key at fault. Source: issue 25 item 1; README, "Faces as data".
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from pnp.core.errors import Problem
from pnp.core.shown import described, quoted
from pnp.data.art import parse_art
from pnp.data.models import Origin, Source
from pnp.data.toml_source import TableLines, TomlFile
from pnp.faces.keys import ONE_OF, OPTIONAL_ONE_OF, REQUIRED, TYPES
from pnp.faces.values import Context, checked_box, colour, conditions, element_key, flag
from pnp.layout.card_frame import TITLE_FLOOR_PT

COMMON_KEYS = ("type", "key", "inside", "when", "unless", "saver", "saver_only")
#: The keys of a face's art-area entry: where the card's picture goes (its icon-table
#: picture, pnp.data.icons), the colour it is painted in, conditions and ink-saver values.
ART_AREA_KEYS = ("art_area", "art_colour", "when", "unless", "saver")
ART_AREA_OWN = {"art_area": checked_box, "art_colour": colour}
#: The keys a face's entry takes besides an element type's own: an element's common
#: keys, a group's `use`, `extends` (pnp.faces.inherit) and the art area's.
ENTRY_KEYS = (*COMMON_KEYS, "extends", "use", "art_area", "art_colour")


@dataclass(frozen=True)
class ElementSpec:
    """One element as read and checked: its `type`, `key`, the values of its own keys
    (`values`, mm on the design card; text sizes pt), the values used instead with the
    ink saver (`saver`; None: the same), whether it is left out with the ink saver
    (`no_saver`) or printed only with it (`saver_only`), its conditions (`when`: all
    hold; `unless`: none holds; each (field, value or keys.MISSING)), its container
    (`inside`) and `origin`: where it is in the layout file, for messages."""

    type: str
    key: str
    values: Mapping[str, Any]
    origin: Origin
    inside: str | None = None
    when: tuple = ()
    unless: tuple = ()
    saver: Mapping[str, Any] | None = None
    no_saver: bool = False
    saver_only: bool = False

    @property
    def conditional(self) -> bool:
        """True when some card or some build leaves the element out."""
        return bool(self.when or self.unless or self.no_saver or self.saver_only)


@dataclass
class Reader:
    tf: TomlFile
    labels: frozenset[str]
    problems: list[Problem]
    design: tuple[float, float] = (63.5, 88.9)
    seen: set = field(default_factory=set)

    def bad(self, where: TableLines, key: str | None, message: str, subject: str | None) -> None:
        """One problem at `key`'s line (the table's without a key); a group's element is
        checked for every face that uses it, and a problem found again is not repeated
        (the first face it was found on is named)."""
        line = where.of(key)
        if (line, key, message) not in self.seen:
            self.seen.add((line, key, message))
            self.problems.append(
                Problem(self.tf.path, message, line=line, subject=subject, field=key)
            )

    def context(self, fields: Mapping[str, str] | None) -> Context:
        return Context(*self.design, fields, self.labels, Path(self.tf.path).parent)


def element(
    r: Reader, raw: Any, where: TableLines, subject: str, ctx: Context
) -> ElementSpec | None:
    """One element checked against its type's keys; None (with its problems) if wrong."""
    if not isinstance(raw, dict):
        r.bad(where, None, f"expected a table, got {described(raw)}", subject)
        return None
    typ = raw.get("type")
    if typ is None and _unknown_keys(r, raw, where, subject):
        return None
    if typ not in TYPES:
        message = "missing" if typ is None else f"unknown element type {described(typ)}"
        r.bad(where, "type", f"{message}; known: {', '.join(TYPES)}", subject)
        return None
    before = len(r.problems)
    key = _key(raw, typ, where)
    subject = f"{subject}, element {quoted(key)}"
    own = TYPES[typ]
    allowed = [*own, *COMMON_KEYS[1:]]
    for k in raw:
        if k not in own and k not in COMMON_KEYS:
            close = difflib.get_close_matches(k, allowed, n=1, cutoff=0.75)
            hint = f" (did you mean {close[0]}?)" if close else ""
            article = "an" if typ[:1] in "aeiou" else "a"
            r.bad(
                where,
                k,
                f"unknown key for {article} {typ} element{hint}; allowed keys: {', '.join(allowed)}",
                subject,
            )
    values = _values(r, raw, own, where, subject, ctx)
    for k in REQUIRED[typ]:
        if k not in raw:
            r.bad(
                where,
                None,
                f"missing {k}; a {typ} element needs {', '.join(REQUIRED[typ])}",
                subject,
            )
    named = [k for k in ONE_OF.get(typ, ()) if k in raw]
    if len(named) > 1 or (not named and typ in ONE_OF and typ not in OPTIONAL_ONE_OF):
        r.bad(
            where,
            named[1] if len(named) > 1 else None,
            f"a {typ} element names one of {', '.join(ONE_OF[typ])}",
            subject,
        )
    _sizes(r, values, where, subject)
    extra: dict[str, Any] = {}
    for k in ("when", "unless"):
        if k in raw:
            extra[k], wrong = conditions(raw[k], ctx)
            if wrong:
                r.bad(where, k, wrong, subject)
    if "inside" in raw:
        extra["inside"], wrong = element_key(raw["inside"], ctx)
        if wrong:
            r.bad(where, "inside", wrong, subject)
    if "saver_only" in raw:
        extra["saver_only"], wrong = flag(raw["saver_only"], ctx)
        if wrong:
            r.bad(where, "saver_only", wrong, subject)
    saver = raw.get("saver")
    if saver is False:
        extra["no_saver"] = True
    elif isinstance(saver, dict):
        for k in saver:
            if k not in own:
                r.bad(
                    where,
                    "saver",
                    f"unknown key {quoted(k)} in saver; a {typ} element's keys: {', '.join(own)}",
                    subject,
                )
        extra["saver"] = _values(r, saver, own, where, subject, ctx, "saver")
    elif saver is not None:
        r.bad(
            where,
            "saver",
            f"expected a table of the values printed with --ink-saver, or false, got {described(saver)}",
            subject,
        )
    origin = Source(r.tf.path, where.line, tuple(where.keys.items()), subject).at(
        "box" if "box" in raw else "at" if "at" in raw else "type"
    )
    if typ == "art":
        _art(r, values, origin, where, subject, ctx)
    if len(r.problems) > before:
        return None
    return ElementSpec(typ, key, values, origin, **extra)


def _unknown_keys(r: Reader, raw: dict, where: TableLines, subject: str) -> bool:
    """Each key of an entry without a type that no entry takes, named as unknown with the
    keys an entry takes; True when the entry holds nothing else (then a missing type is
    no news)."""
    every = {k for keys in TYPES.values() for k in keys}
    unknown = [k for k in raw if k not in every and k not in ENTRY_KEYS]
    for k in unknown:
        close = difflib.get_close_matches(k, [*ENTRY_KEYS, *sorted(every)], n=1, cutoff=0.75)
        hint = f" (did you mean {close[0]}?)" if close else ""
        r.bad(
            where,
            k,
            f"unknown key{hint}; known keys: {', '.join(ENTRY_KEYS)}, and with a type its own",
            subject,
        )
    return bool(unknown) and len(unknown) == len(raw)


def art_area_entry(
    r: Reader, raw: dict, where: TableLines, subject: str, ctx: Context
) -> ElementSpec | None:
    """A face's entry `{ art_area = [left, top, width, height], art_colour = "#RRGGBB" }`
    (mm on the design card, scaled like every box): the face keeps that area for the
    card's picture, clear of its text (Face.art_area, issue 28 item 2). Kept as an
    ElementSpec of type "art_area" (values `box`, `colour`) that builds no element;
    `saver` may give another art_area or art_colour for --ink-saver. None (with its
    problems) if wrong."""
    before = len(r.problems)
    subject = f"{subject}, art area"
    for k in raw:
        if k not in ART_AREA_KEYS:
            r.bad(
                where,
                k,
                f"unknown key beside art_area; allowed keys: {', '.join(ART_AREA_KEYS)}",
                subject,
            )

    def checked(table: dict, under: str | None) -> dict[str, Any]:
        out = {}
        for k, check in ART_AREA_OWN.items():
            if k in table:
                value, wrong = check(table[k], ctx)
                if wrong:
                    r.bad(where, under or k, f"{k} in saver: {wrong}" if under else wrong, subject)
                else:
                    out["box" if k == "art_area" else "colour"] = value
        return out

    values = checked(raw, None)
    extra: dict[str, Any] = {}
    for k in ("when", "unless"):
        if k in raw:
            extra[k], wrong = conditions(raw[k], ctx)
            if wrong:
                r.bad(where, k, wrong, subject)
    saver = raw.get("saver")
    if isinstance(saver, dict):
        for k in saver:
            if k not in ART_AREA_OWN:
                r.bad(
                    where,
                    "saver",
                    f"unknown key {quoted(k)} in saver; an art area's keys: art_area, art_colour",
                    subject,
                )
        extra["saver"] = checked(saver, "saver")
    elif saver is not None:
        r.bad(
            where,
            "saver",
            f"expected a table of the art_area or art_colour printed with --ink-saver, got {described(saver)}",
            subject,
        )
    if len(r.problems) > before:
        return None
    origin = Source(r.tf.path, where.line, tuple(where.keys.items()), subject).at("art_area")
    return ElementSpec("art_area", "art_area", values, origin, **extra)


def _key(raw: dict, typ: str, where: TableLines) -> str:
    """The element's `key`, else its field's or label's name, else "TYPE-LINE"."""
    given = raw.get("key")
    if isinstance(given, str):
        return given
    bound = raw.get("field", raw.get("label"))
    return bound if isinstance(bound, str) and typ != "art" else f"{typ}-{where.line}"


def _values(r, raw, own, where, subject, ctx, under: str | None = None) -> dict[str, Any]:
    """The checked values of the keys of `raw` that `own` knows (a problem for each bad one)."""
    values = {}
    if "key" in raw and under is None:
        _, wrong = element_key(raw["key"], ctx)
        if wrong:
            r.bad(where, "key", wrong, subject)
    for k, check in own.items():
        if k in raw:
            value, wrong = check(raw[k], ctx)
            if wrong:
                r.bad(where, under or k, f"{k} in saver: {wrong}" if under else wrong, subject)
            else:
                values[k] = value
    return values


def _sizes(r: Reader, values: dict, where: TableLines, subject: str) -> None:
    """A text's size range: `size` (the largest) at least `min_size`; a title's floor 11 pt."""
    floor = TITLE_FLOOR_PT if values.get("title") else None
    low = values.get("min_size")
    if floor is not None and low is not None and low < floor:
        r.bad(where, "min_size", f"a title is never under {floor:g} pt, got {low:g}", subject)
    high = values.get("size")
    if high is not None and low is not None and high < low:
        r.bad(where, "size", f"size {high:g} pt is under min_size {low:g} pt", subject)
    if floor is not None and high is not None and low is None and high < floor:
        r.bad(where, "size", f"a title is never under {floor:g} pt, got {high:g}", subject)


def _art(
    r: Reader, values: dict, origin: Origin, where: TableLines, subject: str, ctx: Context
) -> None:
    """An art element's picture: a literal `file` read now (pnp.data.art, its window the
    element's box), or a card field of art (the card's own `art` field excepted: it is
    placed by its own window, README "Card art")."""
    if values.get("field") == "art":
        r.bad(
            where,
            "field",
            'the card\'s own art field is placed by its own window (README, "Card art"); bind an art field of another name',
            subject,
        )
        return
    if "file" not in values:
        return
    table: dict[str, Any] = {"file": values["file"], "fit": values.get("fit", "cover")}
    if "box" in values:
        table["window"] = list(values["box"])
    if "focus" in values:
        table["focus"] = list(values["focus"])
    spec, problems = parse_art(
        table,
        Source(r.tf.path, where.line, tuple(where.keys.items()), subject).at("file"),
        ctx.folder,
    )
    for p in problems:
        r.bad(where, "file", p.message, subject)
    values["art"] = spec


def check_keys(r: Reader, specs: list[ElementSpec], subject: str) -> None:
    """Keys unique in a face (alternatives, each under a condition, may share one), every
    `inside` an earlier element's key, and one ground."""
    seen: dict[str, ElementSpec] = {}
    grounds = [s for s in specs if s.type == "ground"]
    areas = [s for s in specs if s.type == "art_area"]
    if len(areas) > 1 and not all(a.conditional for a in areas):
        r.bad(
            TableLines(areas[1].origin.source.line, dict(areas[1].origin.source.field_lines)),
            "art_area",
            f"{subject} keeps {len(areas)} art areas; a face keeps one (or alternatives under conditions)",
            areas[1].origin.source.subject,
        )
        specs = [s for s in specs if s.type != "art_area"]
    for spec in specs:
        lines = TableLines(spec.origin.source.line, dict(spec.origin.source.field_lines))
        first = seen.get(spec.key)
        if first is not None and not (first.conditional and spec.conditional):
            r.bad(
                lines,
                "key",
                f"the key {quoted(spec.key)} is used twice in {subject} (first at line {first.origin.source.line}); give one a key of its own",
                spec.origin.source.subject,
            )
        if spec.inside is not None and spec.inside not in seen:
            r.bad(
                lines,
                "inside",
                f"no element before this one in {subject} is called {quoted(spec.inside)}",
                spec.origin.source.subject,
            )
        seen.setdefault(spec.key, spec)
    if len(grounds) > 1 and not all(g.conditional for g in grounds):
        lines = TableLines(grounds[1].origin.source.line)
        r.bad(
            lines,
            "type",
            f"{subject} has {len(grounds)} grounds; a face has one (or alternatives under conditions)",
            grounds[1].origin.source.subject,
        )
