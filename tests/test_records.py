"""pnp.core.records.NamedTuple makes the class typing.NamedTuple makes, without turning
each annotation into a typing.ForwardRef, and it is the one both tools' records use."""

from __future__ import annotations

import ast
import pickle
import typing

import pytest

from pnp.core.records import NamedTuple
from tests.test_imports import modules


class Seat(NamedTuple):
    """A player at the table."""

    name: str
    points: int = 0
    hand: tuple[str, ...] = ()

    @property
    def leads(self) -> bool:
        return self.points > 9

    def scored(self, n: int) -> Seat:
        return self._replace(points=self.points + n)


class TypedSeat(typing.NamedTuple):
    """A player at the table."""

    name: str
    points: int = 0
    hand: tuple[str, ...] = ()

    @property
    def leads(self) -> bool:
        return self.points > 9

    def scored(self, n: int) -> TypedSeat:
        return self._replace(points=self.points + n)


def test_a_record_is_the_class_typing_makes():
    for cls in (Seat, TypedSeat):
        ana = cls("Ana", hand=("x",))
        assert ana == ("Ana", 0, ("x",)) and isinstance(ana, tuple)
        assert cls._fields == ("name", "points", "hand")
        assert cls._field_defaults == {"points": 0, "hand": ()}
        assert ana.scored(10).leads and not ana.leads
        assert ana._asdict() == {"name": "Ana", "points": 0, "hand": ("x",)}
        assert cls.__doc__ == "A player at the table."
        assert cls.__module__ == __name__ and cls.__bases__ == (tuple,)
        assert type(cls) is type
        assert pickle.loads(pickle.dumps(ana)) == ana
    assert repr(Seat("Ana")) == "Seat(name='Ana', points=0, hand=())"
    assert repr(TypedSeat("Ana")) == "TypedSeat(name='Ana', points=0, hand=())"
    assert Seat.__qualname__ == "Seat"
    with pytest.raises(AttributeError):
        Seat("Ana").name = "Ben"  # type: ignore[misc]
    with pytest.raises(TypeError):
        Seat()  # type: ignore[call-arg]


def test_its_annotations_stay_text_and_resolve_as_any_class_does():
    assert Seat.__annotations__ == {"name": "str", "points": "int", "hand": "tuple[str, ...]"}
    assert typing.get_type_hints(Seat) == typing.get_type_hints(TypedSeat)


def test_a_record_is_refused_what_typing_refuses():
    with pytest.raises(TypeError, match="Non-default namedtuple field b cannot follow"):

        class Wrong(NamedTuple):
            a: int = 0
            b: int  # type: ignore[misc]

    with pytest.raises(AttributeError, match="Cannot overwrite NamedTuple attribute _replace"):

        class Clash(NamedTuple):
            a: int

            def _replace(self):  # type: ignore[override]
                return self

    with pytest.raises(TypeError, match="inherits from NamedTuple alone"):

        class Mixed(NamedTuple, dict):  # type: ignore[misc]
            a: int

    with pytest.raises(TypeError, match="declare the record as a class"):
        NamedTuple("Seat", [("name", str)])  # type: ignore[call-arg]


def test_both_tools_declare_their_records_with_it():
    """No module of pnp or scorekeeper takes NamedTuple from typing."""
    wrong = []
    for name, path in modules().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "typing":
                if any(a.name == "NamedTuple" for a in node.names) and name != "pnp.core.records":
                    wrong.append(name)
            elif isinstance(node, ast.Attribute) and node.attr == "NamedTuple":
                wrong.append(name)
    assert wrong == []
