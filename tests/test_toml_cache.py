"""A data file's TOML parsed once per content (issue 41 item 4, pnp.data.toml_cache): a
text read again gives the very values and line index the parser gave, its tables still
shared as the index shares them; a file with a date, a damaged entry or another text
is parsed anew. Every test keeps its cache in its own tmp_path (HACKPACK_CACHE_DIR)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.core.toml_text import parse_toml
from pnp.data import toml_cache
from pnp.data.toml_source import read_toml

SHIPPED = sorted(SHIPPED_DATA_DIR.glob("*/*.toml"))


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_text_read_again_is_what_the_parser_made_of_it(path, own_cache):
    text = path.read_text(encoding="utf-8")
    parsed = parse_toml(path, text)
    assert not isinstance(parsed, Exception) and isinstance(parsed, tuple)
    assert toml_cache.kept(text) is None
    first = read_toml(path)  # parsed, then kept
    again = read_toml(path)
    assert (again.data, again.lines) == parsed == (first.data, first.lines)
    index = again.lines
    for name, tables in index.every.items():  # one object, as the parser shares it
        assert index.tables[name] is tables[-1]


def test_equal_strings_read_again_are_one_object(own_cache):
    text = 'a = ["backups", "backups"]\n[[card]]\nkind = "backups"\n'
    toml_cache.keep(text, *parse_toml(Path("x.toml"), text))
    kept = toml_cache.kept(text)
    assert kept is not None
    data = kept[0]
    assert data["a"][0] is data["a"][1] is data["card"][0]["kind"]


def test_a_date_another_text_or_a_damaged_entry_is_parsed_anew(own_cache):
    dated = "when = 2024-05-01\n"
    toml_cache.keep(dated, *parse_toml(Path("x.toml"), dated))
    assert toml_cache.kept(dated) is None
    text = "a = 1\n"
    toml_cache.keep(text, *parse_toml(Path("x.toml"), text))
    assert toml_cache.kept(text) is not None
    assert toml_cache.kept("a = 2\n") is None
    (entry,) = own_cache.glob("toml/*/*")
    entry.write_bytes(entry.read_bytes()[:-3])
    assert toml_cache.kept(text) is None
