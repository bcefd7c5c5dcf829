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


def test_nesting_is_measured_by_values_and_a_file_past_the_limit_is_refused():
    """Arrays and inline tables count a level each, an empty one too (it is a value), and
    the walk that measures them shares the strings as before."""
    inner = "[]"
    for _ in range(31):
        inner = f"[{inner}]"
    parsed = parse_toml(Path("deep.toml"), f"a = {inner}\nb = ['x', {{ c = 'x' }}]\n")
    assert not isinstance(parsed, Problem), parsed
    data, _ = parsed
    assert data["b"][0] is data["b"][1]["c"]
    too_deep = parse_toml(Path("deep.toml"), f"a = [{inner}]\n")
    assert isinstance(too_deep, Problem)
    assert "nested more than 32 levels deep" in too_deep.message
