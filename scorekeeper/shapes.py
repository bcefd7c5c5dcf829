"""The shapes of stored events: which fields each event type of a game holds and of what
JSON type. A game's rules module declares them (`EVENTS`), and the session checks every
event it reads from the log against them, so a damaged row is named where it is read
instead of failing deep in the rules.

A shape is one of:
  str, int, bool      text, a whole number (not true/false), true/false
  None                null
  (shape, ...)        any one of these shapes
  frozenset({...})    one of these values
  [shape]             a JSON array of that shape
  Values(shape)       a JSON object with text keys, every value of that shape
  {"key": shape}      a JSON object with these keys (more are allowed); a key
                      wrapped in Optional(shape) may be missing
"""

from __future__ import annotations

from typing import Any


class Optional:
    """A record field that may be missing: its `shape`. (Plain classes, not NamedTuples:
    this module loads with every command.)"""

    __slots__ = ("shape",)

    def __init__(self, shape: Any):
        self.shape = shape


class Values:
    """A JSON object with text keys and values of `shape` (e.g. votes by voter)."""

    __slots__ = ("shape",)

    def __init__(self, shape: Any):
        self.shape = shape


_WORDS = {str: "text", int: "a whole number", bool: "true or false", type(None): "null",
          float: "a number with a fraction", list: "an array", dict: "an object"}


def what(value: Any) -> str:
    """The JSON type of `value` in words ("text", "an array", ...)."""
    return _WORDS.get(type(value), type(value).__name__)


def problem(value: Any, shape: Any, where: str = "the event") -> str | None:
    """What is wrong with `value` as `shape` ("field 'points' is text, not a whole
    number"), or None if it fits. `where` names the value in the words."""
    if shape is None or shape in (str, int, bool):
        expected = type(None) if shape is None else shape
        return None if type(value) is expected else \
            f"{where} is {what(value)}, not {_WORDS[expected]}"
    if isinstance(shape, tuple):
        found = [problem(value, s, where) for s in shape]
        return None if None in found else found[0]
    if isinstance(shape, frozenset):
        ok = isinstance(value, str | int) and value in shape
        return None if ok else f"{where} is not one of {', '.join(sorted(map(str, shape)))}"
    if isinstance(shape, list):
        if type(value) is not list:
            return f"{where} is {what(value)}, not an array"
        return next((p for i, v in enumerate(value)
                     if (p := problem(v, shape[0], f"{where}[{i}]"))), None)
    if type(value) is not dict:
        return f"{where} is {what(value)}, not an object"
    if isinstance(shape, Values):
        return next((p for k, v in value.items()
                     if (p := problem(v, shape.shape, f"{where}[{str(k)[:40]!r}]"))), None)
    return _record(value, shape, where)


def _record(value: dict, shape: dict, where: str) -> str | None:
    for key, field in shape.items():
        optional = isinstance(field, Optional)
        name = f"field {key!r}" if where == "the event" else f"{where}.{key}"
        if key not in value:
            if optional:
                continue
            return f"{name} is missing"
        found = problem(value[key], field.shape if optional else field, name)
        if found:
            return found
    return None


def fits(value: Any, shape: Any) -> bool:
    """True if `value` is of `shape` (what `problem` checks, without the words: this
    runs on every event of every command)."""
    if shape is str or shape is int or shape is bool:
        return type(value) is shape
    if shape is None:
        return value is None
    kind = type(shape)
    if kind is dict:
        return _fits_record(value, shape)
    if kind is tuple:
        return any(fits(value, s) for s in shape)
    if kind is list:
        return type(value) is list and all(fits(v, shape[0]) for v in value)
    if kind is frozenset:
        return type(value) in (str, int) and value in shape
    return type(value) is dict and all(fits(v, shape.shape) for v in value.values())


def _fits_record(value: Any, shape: dict) -> bool:
    if type(value) is not dict:
        return False
    for key, field in shape.items():
        if type(field) is Optional:
            if key not in value:
                continue
            field = field.shape
        elif key not in value:
            return False
        if not fits(value[key], field):
            return False
    return True


def event_problem(event: dict, shapes: dict[str, dict]) -> str | None:
    """What is wrong with a stored `event` for a game whose event types are `shapes`
    (type -> record shape), or None. The event is known to be an object with a text
    "type" (the store checks that)."""
    return checker(shapes)(event)


#: id(shapes) -> (shapes, its checker): the shapes are kept, so their id is never reused.
_CHECKERS: dict[int, tuple[dict, Any]] = {}


def checker(shapes: dict[str, dict]):
    """`event_problem` for one game's `shapes`, as a function of the event alone: each
    event type's shape compiled once, on its first event, into one Python expression
    (`compiled`), so the check of every event of a long log costs one call. The words
    of a problem come from `_record`, as before."""
    known = _CHECKERS.get(id(shapes))
    if known is not None and known[0] is shapes:
        return known[1]
    compiled: dict[str, Any] = {}

    def check(event: dict) -> str | None:
        kind = event["type"]
        test = compiled.get(kind)
        if test is None:
            shape = shapes.get(kind)
            if shape is None:
                return f"unknown event type {kind[:40]!r}"
            test = compiled[kind] = compiled_fits(shape)
        if test(event):
            return None
        return _record(event, shapes[kind], "the event")

    _CHECKERS[id(shapes)] = (shapes, check)
    return check


def compiled_fits(shape: Any):
    """A function of one value that returns what `fits(value, shape)` does, written out
    as one expression for this shape (no walk over the shape per value)."""
    names: dict[str, Any] = {"_Optional": Optional}
    counter = iter(range(10 ** 6))

    def const(value: Any) -> str:
        name = f"_c{next(counter)}"
        names[name] = value
        return name

    def expr(shape: Any, v: str) -> str:
        if shape is str or shape is int or shape is bool:
            return f"type({v}) is {const(shape)}"
        if shape is None:
            return f"{v} is None"
        kind = type(shape)
        if kind is dict:
            parts = [f"type({v}) is dict"]
            for key, field in shape.items():
                k = const(key)
                if type(field) is Optional:
                    parts.append(f"({k} not in {v} or {expr(field.shape, f'{v}[{k}]')})")
                else:
                    parts.append(f"{k} in {v} and {expr(field, f'{v}[{k}]')}")
            return "(" + " and ".join(parts) + ")"
        if kind is tuple:
            return "(" + " or ".join(expr(s, v) for s in shape) + ")" if shape else "False"
        item = f"_x{next(counter)}"
        if kind is list:
            return f"(type({v}) is list and all({expr(shape[0], item)} for {item} in {v}))"
        if kind is frozenset:
            return f"(type({v}) in {const((str, int))} and {v} in {const(shape)})"
        return (f"(type({v}) is dict and all({expr(shape.shape, item)} "
                f"for {item} in {v}.values()))")

    source = f"def _fits(value):\n    return bool({expr(shape, 'value')})\n"
    exec(compile(source, "<scorekeeper.shapes>", "exec"), names)  # noqa: S102 (our own text)
    return names["_fits"]
