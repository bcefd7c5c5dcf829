"""pnp.core.toml_text.parse_toml: the values tomllib reads, equal strings kept once."""

from __future__ import annotations

import tomllib
from pathlib import Path

from pnp.core.errors import Problem
from pnp.core.toml_text import parse_toml

TEXT = """
[[card]]
id = "a"
kind = "Defense"
tags = ["Defense", "shield"]
art = { file = "icons/shield.svg", colour = "Defense" }

[[card]]
id = "b"
kind = "Defense"
tags = ["shield"]
"""


def test_equal_strings_are_one_object_and_every_value_is_as_tomllib_reads_it():
    parsed = parse_toml(Path("cards.toml"), TEXT)
    assert not isinstance(parsed, Problem), parsed
    data, lines = parsed
    assert data == tomllib.loads(TEXT)
    a, b = data["card"]
    assert a["kind"] is b["kind"] is a["tags"][0] is a["art"]["colour"]
    assert a["tags"][1] is b["tags"][0]
    assert lines.array_item("card", 1).of("kind") == 10
