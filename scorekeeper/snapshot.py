"""A game's state as JSON text and back, so a command can start from the state saved by
the last write instead of replaying the whole log (scorekeeper.session.current).

States are immutable trees of NamedTuples, enums, tuples, dicts and JSON scalars. Each
NamedTuple and enum is written with its class name, and read back only as one of the
classes its game declares (`Rules.state_types`, the rules module's `STATE_TYPES`):
nothing in the file can name code to run. A snapshot is a cache: text that does not
read back exactly (`Unreadable`) is ignored and the log replayed instead.
"""

from __future__ import annotations

import json
from enum import Enum
from typing import Any, Iterable


class Unreadable(ValueError):
    """A snapshot that is not one `dumps` could have written for these types."""


def _plain(value: Any) -> Any:
    """`value` as JSON-ready data: {"n": CLASS, "v": [fields]} for a NamedTuple,
    {"e": CLASS, "v": value} for an enum member, {"t": [...]} for a tuple, {"d":
    [[key, value], ...]} for a dict, {"l": [...]} for a list; scalars as they are."""
    if value is None or isinstance(value, (bool, int, str, float)):
        return value
    if isinstance(value, Enum):
        return {"e": type(value).__name__, "v": value.value}
    if isinstance(value, tuple):
        items = [_plain(v) for v in value]
        return (
            {"n": type(value).__name__, "v": items} if hasattr(value, "_fields") else {"t": items}
        )
    if isinstance(value, list):
        return {"l": [_plain(v) for v in value]}
    if isinstance(value, dict):
        return {"d": [[_plain(k), _plain(v)] for k, v in value.items()]}
    raise TypeError(f"a state holds a {type(value).__name__}, which a snapshot cannot keep")


def dumps(state: Any) -> str:
    """The snapshot text of `state`; TypeError for a value of a kind it cannot keep."""
    return json.dumps(_plain(state), ensure_ascii=False, separators=(",", ":"))


def loads(text: str, types: Iterable[type]) -> Any:
    """The state `dumps` wrote as `text`, its NamedTuples and enums rebuilt only from
    `types`, the first of which is the state's own class. Unreadable for anything else
    (not JSON, an unknown class, a wrong field count, an unknown enum value, a value
    that is not a state)."""
    types = tuple(types)
    known = {t.__name__: t for t in types}
    try:
        state = _rebuilt(json.loads(text), known)
    except (ValueError, TypeError, KeyError, RecursionError) as exc:
        raise Unreadable(str(exc)) from None
    if types and type(state) is not types[0]:
        raise Unreadable(f"not a {types[0].__name__}")
    return state


def _rebuilt(value: Any, known: dict[str, type]) -> Any:
    if not isinstance(value, dict):
        if isinstance(value, list):
            raise Unreadable("a bare list")
        return value
    if "n" in value:
        cls = known[value["n"]]
        fields = [_rebuilt(v, known) for v in value["v"]]
        if not hasattr(cls, "_fields") or len(fields) != len(cls._fields):
            raise Unreadable(f"{value['n']} does not have {len(fields)} fields")
        return cls(*fields)
    if "e" in value:
        cls = known[value["e"]]
        if not issubclass(cls, Enum):
            raise Unreadable(f"{value['e']} is not an enum")
        return cls(value["v"])
    if "t" in value:
        return tuple(_rebuilt(v, known) for v in value["t"])
    if "l" in value:
        return [_rebuilt(v, known) for v in value["l"]]
    if "d" in value:
        return {_rebuilt(k, known): _rebuilt(v, known) for k, v in value["d"]}
    raise Unreadable("an object of no known kind")
