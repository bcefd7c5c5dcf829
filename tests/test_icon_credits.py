"""The icon table's texts that the rulebook's credits print (issue 42, item 6):
icons.toml's [collection] and [authors] printed without the control, bidi and glyph
checks every other printed text has. Each such character is now an error at its line,
from validate and build alike, and nothing is written."""

from __future__ import annotations

import re

import pytest

from tests.test_art import run


def icons_with(game, replace) -> str:
    path = game / "icons.toml"
    text = replace(path.read_text(encoding="utf-8"))
    path.write_text(text, encoding="utf-8")
    return text


def line_of(text: str, pattern: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if re.match(pattern, line))


@pytest.mark.parametrize(
    "char, said",
    [
        ("\u202e", "the invisible control character '\\u202E' (U+202E)"),  # RIGHT-TO-LEFT OVERRIDE
        ("\u0007", "the invisible control character '\\u0007' (U+0007)"),
        ("\U0001f480", "U+1F480"),  # an emoji the rulebook's font has no glyph for
    ],
)
@pytest.mark.parametrize("verb", ["validate", "build"])
def test_a_credit_text_is_checked_as_printed_text(data_copy, tmp_path, char, said, verb):
    escaped = f"\\U{ord(char):08X}"  # as TOML writes any character in a string
    text = icons_with(
        data_copy,
        lambda t: t.replace('licence = "CC BY 3.0"', f'licence = "CC BY 3.0{escaped}"', 1),
    )
    text = icons_with(
        data_copy,
        lambda t: re.sub(r'^(\S+) = "Lorc"', lambda m: f'{m[1]} = "Lo{escaped}rc"', t, 1, re.M),
    )
    licence = line_of(text, r"licence = ")
    author = line_of(text, rf'\S+ = "Lo{re.escape(escaped)}rc"')
    extra = ["--out", str(tmp_path / "out")] if verb == "build" else []
    result = run(verb, "--game", "hack-attack", "--data", str(data_copy.parent), *extra)
    assert result.exit_code == 1, result.output
    errors = result.output.splitlines()
    assert errors[0].startswith(
        f"Error: hack-attack/icons.toml:{licence}: field 'collection.licence': "
    ), result.output
    assert re.match(
        rf"Error: hack-attack/icons.toml:{author}: field 'authors\.[\w-]+': ", errors[1]
    )
    for error in errors[:2]:
        assert said in error and error.endswith("(printed in the rulebook's credits)"), error
    assert not (tmp_path / "out" / "hack-attack" / "rules.pdf").exists()
