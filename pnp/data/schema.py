"""A small declarative schema for card tables: each field's type, range and meaning.

`check_table` reports every problem of a table at once (missing, mistyped,
out-of-range and unknown keys), each with file, line, card id and field.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Protocol, cast

from pnp.core.errors import Problem
from pnp.core.records import NamedTuple
from pnp.core.shown import described, prints_nothing
from pnp.data.toml_source import TableLines

ID_PATTERN = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
MAX_ID = 48  # characters in any id (card, category, deck, game)


class Field(NamedTuple):
    """One key of a card table.

    `kind` is "str", "int", "bool" (true or false), "id", "colour", "list" (of strings),
    "table", "tables" (an array of tables) or "art" (a path or a table, read by
    pnp.data.art); `expected` says in words
    what a valid value is (it ends up in the error message); `check`, when set,
    returns an error message for a value of the right kind that is still wrong.
    """

    name: str
    kind: str
    expected: str
    required: bool = True
    check: Callable[[Any], str | None] | None = None


def _kind_ok(kind: str, value: Any) -> bool:
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "bool":
        return isinstance(value, bool)
    if kind == "str":
        return isinstance(value, str) and not prints_nothing(value)
    if kind == "id":
        return isinstance(value, str) and bool(ID_PATTERN.match(value))
    if kind == "colour":
        return isinstance(value, str) and bool(re.fullmatch(r"#[0-9A-Fa-f]{6}", value))
    if kind == "table":
        return isinstance(value, dict)
    if kind == "art":  # a path or an art table; pnp.data.art reads it
        return isinstance(value, (str, dict))
    if kind == "tables":
        return isinstance(value, list) and all(isinstance(v, dict) for v in value)
    if kind == "list":
        return isinstance(value, list) and all(isinstance(v, str) for v in value)
    raise ValueError(f"unknown field kind {kind!r}")


def _first_bad_item(kind: str, items: list) -> int | None:
    """The index of the first item of a "tables" or "list" value that is not a table or
    not text, or None."""
    want = dict if kind == "tables" else str
    return next((i for i, v in enumerate(items) if not isinstance(v, want)), None)


class RangeCheck(Protocol):
    """A Field's check of a range, with its `limits` (low, high)."""

    limits: tuple[int, int]

    def __call__(self, value: Any, /) -> str | None: ...


def int_range(low: int, high: int) -> RangeCheck:
    """A check that an int lies in low..high inclusive; the check's `limits` are (low,
    high), so the data files' header comments can be checked against them."""

    def check(value: int) -> str | None:
        return None if low <= value <= high else f"expected {low}..{high}, got {value}"

    ranged = cast(RangeCheck, check)  # a RangeCheck once its limits are set
    ranged.limits = (low, high)
    return ranged


def length_range(low: int, high: int, unit: str = "characters") -> RangeCheck:
    """A check that a string or list has low..high items/characters; `limits` as
    int_range's."""

    def check(value: Any) -> str | None:
        n = len(value)
        if low <= n <= high:
            return None
        wanted = f"exactly {low}" if low == high else f"{low}..{high}"
        return f"expected {wanted} {unit}, got {n}"

    ranged = cast(RangeCheck, check)  # a RangeCheck once its limits are set
    ranged.limits = (low, high)
    return ranged


def check_table(
    raw: Any,
    fields: list[Field] | tuple[Field, ...],
    where: TableLines,
    file,
    subject: str | None = None,
) -> tuple[dict, list[Problem]]:
    """Check one table against `fields`; return the valid values and every problem found.

    `where` gives the line numbers; `file` the path and `subject` (e.g. "card 'x'") name
    it in messages. A field with a problem is left out of the returned dict.
    """
    if not isinstance(raw, dict):
        return {}, [Problem(file, "expected a table", line=where.line, subject=subject)]
    values: dict = {}
    problems: list[Problem] = []
    known = {f.name for f in fields}
    for key in raw:
        if key not in known:
            problems.append(
                Problem(
                    file,
                    f"unknown key; allowed keys: {', '.join(sorted(known))}",
                    line=where.of(key),
                    subject=subject,
                    field=key,
                )
            )
    for f in fields:
        if f.name not in raw:
            if f.required:
                problems.append(
                    Problem(
                        file,
                        f"missing; expected {f.expected}",
                        line=where.line,
                        subject=subject,
                        field=f.name,
                    )
                )
            continue
        value = raw[f.name]
        message, field = None, f.name
        if (
            f.kind in ("tables", "list")
            and isinstance(value, list)
            and (i := _first_bad_item(f.kind, value)) is not None
        ):
            field = f"{f.name}[{i}]"
            message = (
                f"expected {'a table' if f.kind == 'tables' else 'text'} in "
                f"{f.expected}, got {described(value[i])}"
            )
        elif not _kind_ok(f.kind, value):
            message = f"expected {f.expected}, got {described(value)}"
        elif f.kind == "id" and len(value) > MAX_ID:
            message = f"an id is at most {MAX_ID} characters, got {len(value):,}"
        elif f.check is not None:
            message = f.check(value)
        if message:
            problems.append(
                Problem(file, message, line=where.of(f.name), subject=subject, field=field)
            )
        else:
            values[f.name] = value
    return values, problems
