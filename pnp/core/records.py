"""`NamedTuple`, the one way both tools declare a record: `class Move(NamedTuple): ...`.

To the type checker it is typing.NamedTuple itself. At run time it makes the same
class (collections.namedtuple's, with the class body's defaults, methods, properties and
docstring) without reading the annotations: typing.NamedTuple turns each field's
annotation into a typing.ForwardRef as the class is made, which compiles its text (in
these modules every annotation is text: `from __future__ import annotations`), so a
command that loads the score keeper's twenty records paid about 13 million
instructions (5 % of `scorekeeper status`) for annotations nothing reads at run time.
The class keeps them, as text, in `__annotations__` (typing.get_type_hints reads them as
it reads any class's). The functional form (`NamedTuple("Move", [...])`) is not offered:
write the class.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import NamedTuple as NamedTuple
else:
    import collections

    #: What a class body may not define: namedtuple's own (typing.NamedTuple's list).
    _PROHIBITED = frozenset(
        {
            "__new__",
            "__init__",
            "__slots__",
            "__getnewargs__",
            "_fields",
            "_field_defaults",
            "_make",
            "_replace",
            "_asdict",
            "_source",
        }
    )
    #: What the class body holds that namedtuple sets itself.
    _SPECIAL = frozenset({"__module__", "__name__", "__annotations__"})

    class _Record(type):
        """The metaclass of `NamedTuple` alone: a class statement naming it as its base
        gets the namedtuple class its body describes, as typing.NamedTuple's does."""

        def __new__(mcls, typename, bases, ns):
            if bases != (NamedTuple,):
                raise TypeError("a NamedTuple record inherits from NamedTuple alone")
            fields = ns.get("__annotations__", {})
            defaults: list[str] = []
            for name in fields:
                if name in ns:
                    defaults.append(name)
                elif defaults:
                    raise TypeError(
                        f"Non-default namedtuple field {name} cannot follow default "
                        f"field{'s' if len(defaults) > 1 else ''} {', '.join(defaults)}"
                    )
            record = collections.namedtuple(
                typename, list(fields), defaults=[ns[n] for n in defaults], module=ns["__module__"]
            )
            record.__annotations__ = record.__new__.__annotations__ = dict(fields)
            for key, value in ns.items():
                if key in _PROHIBITED:
                    raise AttributeError(f"Cannot overwrite NamedTuple attribute {key}")
                if key not in _SPECIAL and key not in fields:
                    setattr(record, key, value)
            return record

        def __call__(cls, *args, **kwargs):
            raise TypeError("NamedTuple is a base class: declare the record as a class")

    NamedTuple = type.__new__(_Record, "NamedTuple", (), {"__module__": __name__})
