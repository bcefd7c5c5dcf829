"""The shapes of stored events: which fields each event type of a game holds and of what
JSON type. A game's rules module declares them (`EVENTS`), and the session checks every
event it reads from the log against them, so a damaged row is named where it is read
instead of failing deep in the rules.

A shape is one of:
  str, int, bool      text, a whole number (not true/false), true/false
  Range(lo, hi)       a whole number from lo to hi (the range its command allows)
  Text(limit)         text of 1..limit characters holding no control, bidi or
                      invisible format character (what a command would record)
  None                null
  (shape, ...)        any one of these shapes
  frozenset({...})    one of these values
  [shape]             a JSON array of that shape
  Values(shape)       a JSON object with text keys, every value of that shape
  {"key": shape}      a JSON object with these keys (more are allowed); a key
                      wrapped in Optional(shape) may be missing
"""

from __future__ import annotations

import re
from functools import lru_cache
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


class Range:
    """A whole number (not true/false) from `lo` to `hi`, both included: the range the
    command that records the field allows, so a stored value outside it is refused
    when the log is read, as the command would have refused it."""

    __slots__ = ("lo", "hi")

    def __init__(self, lo: int, hi: int):
        self.lo, self.hi = lo, hi


#: Characters no recorded text holds: C0 and C1 controls, line and paragraph
#: separators, bidi controls and the invisible format characters (scorekeeper.names).
BAD_CHARACTERS = (
    "[\x00-\x1f\x7f-\x9f\u00ad\u061c\u180e\u200b\u200e\u200f"
    "\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb\ud800-\udfff]"
)


@lru_cache(maxsize=None)
def bad_text() -> re.Pattern[str]:
    """BAD_CHARACTERS compiled, on first use: compiling its ranges costs about 1 ms,
    which a command that checks no text (`status`) does not pay."""
    return re.compile(BAD_CHARACTERS)


class Text:
    """Text of 1..`limit` characters with none of BAD_CHARACTERS: a card id or name as a
    command records it from the card data (which `pnp validate` holds to the same)."""

    __slots__ = ("limit",)

    def __init__(self, limit: int):
        self.limit = limit


#: What a command records from the card data: a card id, another id of the data (a
#: Defense category), a printed name, a count of copies or of cards in the kit (pnp
#: validate holds the data inside these). Fields of shape CARD_ID (this very object)
#: name cards: `card_ids` finds them.
CARD_ID, DATA_ID, CARD_NAME = Text(48), Text(48), Text(140)
COPIES, KIT_COUNT = Range(1, 99), Range(0, 9999)


def maybe(shape: Any) -> Optional:
    """A record field that may be missing or null, else of `shape`."""
    return Optional((shape, None))


def _text_ok(value: Any, limit: int) -> bool:
    return type(value) is str and 0 < len(value) <= limit and not bad_text().search(value)


_WORDS = {
    str: "text",
    int: "a whole number",
    bool: "true or false",
    type(None): "null",
    float: "a number with a fraction",
    list: "an array",
    dict: "an object",
}


def what(value: Any) -> str:
    """The JSON type of `value` in words ("text", "an array", ...)."""
    return _WORDS.get(type(value), type(value).__name__)


def problem(value: Any, shape: Any, where: str = "the event") -> str | None:
    """What is wrong with `value` as `shape` ("field 'points' is text, not a whole
    number"), or None if it fits. `where` names the value in the words."""
    if shape is None or shape in (str, int, bool):
        expected = type(None) if shape is None else shape
        return (
            None if type(value) is expected else f"{where} is {what(value)}, not {_WORDS[expected]}"
        )
    if isinstance(shape, Range):
        if type(value) is not int:
            return f"{where} is {what(value)}, not a whole number"
        return (
            None
            if shape.lo <= value <= shape.hi
            else f"{where} is {_clip(value)}, outside {shape.lo}..{shape.hi}"
        )
    if isinstance(shape, Text):
        if type(value) is not str:
            return f"{where} is {what(value)}, not text"
        if not value or len(value) > shape.limit:
            return f"{where} is {len(value)} characters long, not 1..{shape.limit}"
        bad = bad_text().search(value)
        return (
            None
            if bad is None
            else f"{where} holds U+{ord(bad.group()):04X}, a character no card text holds"
        )
    if isinstance(shape, tuple):
        found = [problem(value, s, where) for s in shape]
        if None in found:
            return None
        # records told apart by a field of fixed values (an effect's "kind"): the words
        # of the one whose kind it is
        for s, why in zip(shape, found):
            keys = [k for k, f in s.items() if type(f) is frozenset] if type(s) is dict else []
            if keys and type(value) is dict and all(value.get(k) in s[k] for k in keys):
                return why
        return found[0]
    if isinstance(shape, frozenset):
        ok = isinstance(value, str | int) and value in shape
        return None if ok else f"{where} is not one of {', '.join(sorted(map(str, shape)))}"
    if isinstance(shape, list):
        if type(value) is not list:
            return f"{where} is {what(value)}, not an array"
        return next(
            (p for i, v in enumerate(value) if (p := problem(v, shape[0], f"{where}[{i}]"))), None
        )
    if type(value) is not dict:
        return f"{where} is {what(value)}, not an object"
    if isinstance(shape, Values):
        return next(
            (
                p
                for k, v in value.items()
                if (p := problem(v, shape.shape, f"{where}[{str(k)[:40]!r}]"))
            ),
            None,
        )
    return _record(value, shape, where)


def _clip(value: int) -> str:
    text = str(value)
    return text if len(text) <= 24 else f"{text[:10]}…({len(text)} digits)"


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
    if kind is Range:
        return type(value) is int and shape.lo <= value <= shape.hi
    if kind is Text:
        return _text_ok(value, shape.limit)
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


def card_ids(value: Any, shape: Any) -> list[str]:
    """The card ids in `value` (an event that fits `shape`): every text at a place whose
    shape is CARD_ID, in order."""
    if shape is CARD_ID:
        return [value] if type(value) is str else []
    kind = type(shape)
    if kind is Optional or kind is Values:
        return (
            card_ids(value, shape.shape)
            if kind is Optional
            else [i for v in value.values() for i in card_ids(v, shape.shape)]
        )
    if kind is tuple:
        return next((card_ids(value, s) for s in shape if fits(value, s)), [])
    if kind is list and type(value) is list:
        return [i for v in value for i in card_ids(v, shape[0])]
    if kind is dict and type(value) is dict:
        return [
            i for key, field in shape.items() if key in value for i in card_ids(value[key], field)
        ]
    return []


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
    names: dict[str, Any] = {"_Optional": Optional, "_text_ok": _text_ok}
    counter = iter(range(10**6))

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
        if kind is Range:
            return f"(type({v}) is int and {shape.lo!r} <= {v} <= {shape.hi!r})"
        if kind is Text:
            return f"_text_ok({v}, {shape.limit!r})"
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
        return f"(type({v}) is dict and all({expr(shape.shape, item)} for {item} in {v}.values()))"

    source = f"def _fits(value):\n    return bool({expr(shape, 'value')})\n"
    exec(compile(source, "<scorekeeper.shapes>", "exec"), names)  # noqa: S102 (our own text)
    return names["_fits"]
