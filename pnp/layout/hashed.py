"""A value used as a dict key again and again, its hash worked out once, and one object
for equal values: a face's look (pnp.layout.face.Face.look) is a deep tuple of every
element's fields, looked up by the face checks (pnp.layout.look_alike) and again by the
painter (pnp.render.painter); a tuple works its hash out anew each time it is asked,
and two equal tuples are compared field by field each time one finds the other.
Source: issue 41."""

from __future__ import annotations

from typing import Any

#: How many of the latest distinct values `interned` keeps: a deck's designs, not every
#: card of a deck of distinct cards.
KEPT = 256


class Hashed:
    """`value` (hashable) as a key: equal to another Hashed of an equal value, its hash
    the value's, computed once."""

    __slots__ = ("value", "_hash")

    def __init__(self, value: Any):
        self.value = value
        self._hash = hash(value)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Hashed):
            return NotImplemented
        return self._hash == other._hash and self.value == other.value

    def __repr__(self) -> str:
        return f"Hashed({self.value!r})"


_KEPT: dict[Hashed, Hashed] = {}


def interned(value: Any) -> Hashed:
    """The Hashed of `value`: the very object made for an equal value before, while that
    is among the KEPT latest, so that every dict holding it finds it by identity, with
    no comparison of the values."""
    key = Hashed(value)
    kept = _KEPT.get(key)
    if kept is not None:
        return kept
    if len(_KEPT) >= KEPT:
        del _KEPT[next(iter(_KEPT))]  # the oldest
    _KEPT[key] = key
    return key
