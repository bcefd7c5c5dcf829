"""One card-table reader for every game: the same checks in the same words (unknown
tables, duplicate ids), every game's problems under --all, and the data files' header
comments stating the limits the schema enforces."""

from __future__ import annotations

import re
import shutil

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.data.schema import Field
from pnp.games.hack_attack import cards as hack_attack
from pnp.games.hack_back import loader as hack_back
from pnp.games.not_a_hack import cards as not_a_hack

CARD_FILES = {
    "hack-attack": ("tech.toml", "tech"),
    "hack-back": ("cards.toml", "card"),
    "not-a-hack": ("black.toml", "hack"),
}


@pytest.fixture
def data(tmp_path):
    shutil.copytree(SHIPPED_DATA_DIR, tmp_path / "card_data")
    return tmp_path / "card_data"


def _validate(*args):
    return CliRunner().invoke(main, ["validate", *args])


def _first_table_line(path, table: str) -> int:
    return path.read_text(encoding="utf-8").split("\n").index(f"[[{table}]]") + 1


@pytest.mark.parametrize("game", list(CARD_FILES))
def test_an_unknown_table_is_refused_in_the_same_words_by_every_game(data, game):
    filename, table = CARD_FILES[game]
    path = data / game / filename
    path.write_text(path.read_text(encoding="utf-8") + '\n[[cardz]]\nid = "x"\n', encoding="utf-8")
    line = _first_table_line(path, "cardz")
    result = _validate("--game", game, "--data", str(data))
    assert result.exit_code == 1
    assert re.search(
        rf"{filename}:{line}: field 'cardz': unknown table \[\[cardz\]\]; this "
        rf"file holds \[\[{table}\]\]",
        result.output,
    ), result.output


@pytest.mark.parametrize("game", list(CARD_FILES))
def test_a_duplicate_id_is_refused_in_the_same_words_by_every_game(data, game):
    filename, table = CARD_FILES[game]
    path = data / game / filename
    text = path.read_text(encoding="utf-8")
    start = text.index(f"\n[[{table}]]\n") + 1
    first = text[start : text.index(f"\n[[{table}]]\n", start)]
    card_id = re.search(r'id = "([^"]+)"', first).group(1)
    path.write_text(text + "\n" + first, encoding="utf-8")
    lines = path.read_text(encoding="utf-8").split("\n")
    header, again = [i + 1 for i, line in enumerate(lines) if line == f'id = "{card_id}"']
    result = _validate("--game", game, "--data", str(data))
    assert result.exit_code == 1
    assert (
        f"{filename}:{again}: card '{card_id}', field 'id': duplicate id; first defined "
        f"at {path}:{_first_table_line(path, table)}"
    ) in result.output, result.output


def test_all_reports_every_games_problems(data):
    (data / "hack-back" / "cards.toml").write_text("[[card]\n", encoding="utf-8")
    (data / "not-a-hack" / "white.toml").write_text("[[steal]\n", encoding="utf-8")
    result = _validate("--all", "--data", str(data))
    assert result.exit_code == 1
    assert "hack-attack: OK" in result.output
    assert "cards.toml:1:" in result.output and "white.toml:1:" in result.output
    assert "Error: hack-back: 1 problem found." in result.output
    assert "Error: not-a-hack: 1 problem found." in result.output
    built = CliRunner().invoke(
        main, ["build", "--all", "--data", str(data), "--out", str(data.parent / "out")]
    )
    assert built.exit_code == 1 and "hack-attack: 155 cards" in built.output
    assert "cards.toml:1:" in built.output and "white.toml:1:" in built.output


def _field_entries(header: list[str]) -> dict[str, str]:
    """name -> its description (continuation lines joined) from '#   name   text' lines."""
    entries: dict[str, str] = {}
    current = None
    for line in header:
        m = re.match(r"#\s{2,}([\w, ]+?)\s{2,}(.*)", line)
        if m:
            for name in m.group(1).split(", "):
                entries[name] = entries.get(name, "") + " " + m.group(2)
            current = m.group(1).split(", ")
        elif current and re.match(r"#\s{6,}\S", line):
            for name in current:
                entries[name] += " " + line.strip("# ")
        else:
            current = None
    return entries


def _limited(fields) -> list[tuple[Field, tuple[int, int]]]:
    return [(f, f.check.limits) for f in fields if getattr(f.check, "limits", None)]


@pytest.mark.parametrize(
    "module, game",
    [(hack_attack, "hack-attack"), (hack_back, "hack-back"), (not_a_hack, "not-a-hack")],
)
def test_header_comments_state_the_limits_the_schema_enforces(module, game):
    files = {spec.file: [] for spec in module.TABLES}
    for spec in module.TABLES:
        files[spec.file] += _limited(spec.fields)
    files["game.toml"] = _limited(module.LABEL_FIELDS)
    for filename, fields in files.items():
        lines = (SHIPPED_DATA_DIR / game / filename).read_text(encoding="utf-8").split("\n")
        header = lines[: next(i for i, line in enumerate(lines) if line.startswith("["))]
        entries = _field_entries(header)
        for field, (low, high) in fields:
            assert field.name in entries, (filename, field.name)
            assert f"{low}..{high}" in entries[field.name], (filename, field.name, low, high)


@pytest.mark.parametrize("game", ["hack-back", "not-a-hack"])
def test_keys_a_game_does_not_print_are_refused_not_ignored(data, game):
    path = data / game / "game.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(
        text.replace("[back]\n", '[back]\nsubtitle = "never printed"\n', 1)
        + '\n[[category]]\nid = "x"\n',
        encoding="utf-8",
    )
    result = _validate("--game", game, "--data", str(data))
    assert result.exit_code == 1
    allowed = {
        "hack-back": "art, colour, title",
        "not-a-hack": "art, art_black, art_white, colour, title",
    }
    assert f"field 'back.subtitle': unknown key; allowed keys: {allowed[game]}" in result.output
    assert "field 'category': unknown key; allowed keys:" in result.output


def test_a_stray_table_is_named_at_its_own_line(data):
    path = data / "hack-attack" / "game.toml"
    path.write_text(path.read_text(encoding="utf-8") + "\n[labelz]\ntech = 'x'\n", encoding="utf-8")
    line = path.read_text(encoding="utf-8").split("\n").index("[labelz]") + 1
    result = _validate("--game", "hack-attack", "--data", str(data))
    assert f"game.toml:{line}: field 'labelz': unknown key; allowed keys:" in result.output


def test_a_card_listed_twice_in_one_deck_is_refused(data):
    path = data / "hack-back" / "decks.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(
        text.replace(
            '  { card = "phishing-lure", count = 2 },',
            '  { card = "phishing-lure", count = 1 },\n  { card = "phishing-lure", count = 1 },',
            1,
        ),
        encoding="utf-8",
    )
    result = _validate("--game", "hack-back", "--data", str(data))
    assert (
        "deck 'red-team', field 'cards[2]': 'phishing-lure' is listed twice; give it one "
        "entry with its count" in result.output
    )


@pytest.mark.parametrize(
    "args, status, message",
    [
        (
            ["build", "-g", "hack-attack", "--bleed", "nan"],
            2,
            "Error: Invalid value for '--bleed': 'nan' is not a number (write it like 0.5 or 3)",
        ),
        (
            ["build", "-g", "hack-attack", "--margin", "inf"],
            2,
            "Error: Invalid value for '--margin': 'inf' is not a number",
        ),
        (
            ["build", "-g", "hack-attack", "--bleed", "1_0"],
            2,
            "Error: Invalid value for '--bleed': '1_0' is not a number",
        ),
        (
            ["build", "-g", "hack-attack", "--gutter", "1e1"],
            2,
            "Error: Invalid value for '--gutter': '1e1' is not a number",
        ),
        (
            ["build", "-g", "hack-attack", "--bleed", "11"],
            1,
            "Error: --bleed must be 0..10 mm, got 11",
        ),
        (
            ["build", "-g", "hack-attack", "--back-offset", "0", "-11"],
            1,
            "Error: --back-offset must be -10..10 mm, got -11",
        ),
        (
            ["build", "-g", "hack-back", "--players", "13"],
            1,
            "Error: the individual format gives each player a deck: the data has 5, so at most 5 players, not 13; the shared format deals to up to 14",
        ),
        (
            ["build", "-g", "hack-attack", "--gutter", "two"],
            2,
            "Error: Invalid value for '--gutter': 'two' is not a number",
        ),
        (
            ["build", "-g", "hack-attack", "--players", "2.5"],
            2,
            "Error: Invalid value for '--players': '2.5' is not a whole number",
        ),
        (["validate", "-g", "hack-attack", "--all"], 2, "use --game GAME or --all, not both"),
    ],
)
def test_bad_options_are_named_before_any_data_is_read(tmp_path, args, status, message):
    result = CliRunner().invoke(
        main, [*args, "--out", str(tmp_path)] if args[0] == "build" else args
    )
    assert result.exit_code == status
    assert message in result.output
    assert "found." not in result.output
