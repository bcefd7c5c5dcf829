"""A value used as a dict key again and again, its hash worked out once: a face's look
(pnp.layout.face.Face.look) is a deep tuple of every element's fields, looked up by the
face checks (pnp.layout.look_alike) and again by the painter (pnp.render.painter), and a
tuple works its hash out anew each time it is asked. Source: issue 41."""

from __future__ import annotations

from typing import Any


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
