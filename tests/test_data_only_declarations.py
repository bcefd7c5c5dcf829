"""Every bad value a data-only game declares (game.toml's faces, [[tables]] with their
fields, [scoring]; the cards against those declarations) is one line with file:line and
exit status 1 (README, "A new game")."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main

FIXTURE = Path(__file__).parent / "faces_as_data" / "pocket-heist"

CASES = [
    (
        "game.toml",
        'wins = "highest"',
        'wins = "most"',
        "pocket-heist/game.toml:23: field 'scoring.wins': expected \"highest\" or \"lowest\" (the total that wins), got 'most'",
    ),
    (
        "game.toml",
        "rounds = 3",
        "rounds = 0",
        "pocket-heist/game.toml:24: field 'scoring.rounds': expected a number of rounds 1..99, got 0",
    ),
    (
        "game.toml",
        "rounds = 3",
        "rounds = 3\nturns = 2",
        "pocket-heist/game.toml:25: field 'scoring.turns': unknown key; allowed keys: wins, rounds",
    ),
    (
        "game.toml",
        'faces = "faces.toml"\n',
        "",
        "pocket-heist/game.toml:1: field 'faces': missing; expected the face layout file, such as \"faces.toml\"",
    ),
    (
        "game.toml",
        'faces = "faces.toml"',
        'faces = "../faces.toml"',
        "pocket-heist/game.toml:10: field 'faces': expected a file name in the game folder such as 'cards.toml', got '../faces.toml'",
    ),
    (
        "game.toml",
        'faces = "faces.toml"',
        'faces = "missing.toml"',
        "pocket-heist/game.toml:10: field 'faces': no layout file 'missing.toml' in the game folder (README, \"Faces as data\")",
    ),
    (
        "game.toml",
        'kind_field = "kind"',
        'kind_field = "sort"',
        "pocket-heist/game.toml:29: field 'tables[0].kind_field': expected one of the table's fields (kind, name, text, points, rare, suit), got 'sort'",
    ),
    (
        "game.toml",
        'kinds = ["loot", "tool"]',
        'kinds = ["loot", "tool", "trap"]',
        "pocket-heist/faces.toml:1: no [[front.trap]] elements: every kind of card needs its front",
    ),
    (
        "game.toml",
        'name = "card"',
        'name = "Card"',
        "pocket-heist/game.toml:27: field 'tables[0].name': expected a table name of lowercase letters, digits, - and _ (the cards are [[name]] tables), got 'Card'",
    ),
    (
        "game.toml",
        'file = "guards.toml"',
        'file = "guards.toml"\ncolour = "red"',
        "pocket-heist/game.toml:43: field 'tables[1].colour': unknown key; allowed keys: name, file, kind, kind_field, kinds, back, fields",
    ),
    (
        "game.toml",
        'points = { type = "int", min = 0, max = 9, required = false }',
        'points = { type = "float" }',
        "pocket-heist/game.toml:36: field 'tables[0].fields.points': unknown field type 'float'; known: str, int, bool, id, colour, list, art",
    ),
    (
        "game.toml",
        'points = { type = "int", min = 0, max = 9, required = false }',
        'points = { type = "int", min = 9, max = 0 }',
        "pocket-heist/game.toml:36: field 'tables[0].fields.points': min 9 is greater than max 0",
    ),
    (
        "game.toml",
        'points = { type = "int", min = 0, max = 9, required = false }',
        'points = { type = "int", least = 0 }',
        "pocket-heist/game.toml:36: field 'tables[0].fields.points': unknown key 'least'; a field takes type, min, max, required",
    ),
    (
        "game.toml",
        'rare = { type = "bool", required = false }',
        'rare = { type = "bool", min = 1 }',
        "pocket-heist/game.toml:37: field 'tables[0].fields.rare': min and max bound an int, or the length of a str or list, not a bool",
    ),
    (
        "game.toml",
        'alarm = { type = "int", min = 1, max = 3 }',
        'alarm = { type = "int", min = 1, max = 3 }\ncount = "int"',
        "pocket-heist/game.toml:47: field 'tables[1].fields.count': 'count' is there already (every card has an id and a count)",
    ),
    (
        "game.toml",
        'file = "guards.toml"',
        'file = "guards.toml"\nkind = "loot"',
        "pocket-heist/game.toml:43: field 'tables[1].kind': the kind 'loot' is also table 'card''s; kinds are unique",
    ),
    (
        "cards.toml",
        'kind = "tool"',
        'kind = "trap"',
        "pocket-heist/cards.toml:29: card 'lock-pick', field 'kind': expected one of loot, tool, got 'trap'",
    ),
    (
        "cards.toml",
        "points = 2",
        "points = 12",
        "pocket-heist/cards.toml:33: card 'lock-pick', field 'points': expected 0..9, got 12",
    ),
    (
        "cards.toml",
        "rare = true",
        'rare = "yes"',
        "pocket-heist/cards.toml:18: card 'cursed-ruby', field 'rare': expected true or false, got 'yes'",
    ),
    (
        "cards.toml",
        'suit = "#E69F00"',
        'suit = "orange"',
        "pocket-heist/cards.toml:10: card 'gold-watch', field 'suit': expected a colour like \"#0072B2\", got 'orange'",
    ),
    (
        "guards.toml",
        "count = 2",
        "count = 200",
        "pocket-heist/guards.toml:10: card 'dog-patrol', field 'count': expected 1..99, got 200",
    ),
]


@pytest.mark.parametrize("file, old, new, message", CASES, ids=[c[2][:40] for c in CASES])
def test_a_bad_declaration_is_one_line(tmp_path, file, old, new, message):
    shutil.copytree(FIXTURE, tmp_path / "pocket-heist")
    path = tmp_path / "pocket-heist" / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    result = CliRunner().invoke(
        main, ["validate", "--game", "pocket-heist", "--data", str(tmp_path)]
    )
    assert result.exit_code == 1
    assert result.output.replace(f"{tmp_path}/", "").splitlines() == [
        f"Error: {message}",
        "Error: pocket-heist: 1 problem found.",
    ]
