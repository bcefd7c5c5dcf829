"""`pnp validate` on the real data and on broken copies: every problem, with file:line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main
from tests.datafiles import edit_data


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def line_of(path: Path, needle: str) -> int:
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if needle in line:
            return number
    raise AssertionError(needle)


def test_real_data_is_valid():
    result = run("validate", "--game", "hack-attack")
    assert result.exit_code == 0, result.output
    assert result.output == "hack-attack: OK — 94 distinct cards, 155 copies\n"


def test_toml_syntax_error_names_file_line_and_column(data_copy):
    tech = data_copy / "tech.toml"
    edit(tech, "points = 1", "points = = 1")
    result = run("validate", "--game", "hack-attack", "--data", str(data_copy.parent))
    assert result.exit_code == 1
    line = line_of(tech, "points = = 1")
    assert re.search(rf"tech\.toml:{line}:\d+: TOML syntax error", result.output), result.output
    assert "Traceback" not in result.output


def test_every_problem_is_listed_at_once(data_copy):
    tech, defense = data_copy / "tech.toml", data_copy / "defense.toml"
    edit(tech, "points = 1", 'points = "one"')
    edit(tech, 'defenses = ["device-security"]', 'defenses = ["firewalls"]')
    edit(
        tech,
        'vulnerable_to = ["iot-botnet", "malicious-app"]',
        'vulnerable_to = ["iot-botnet", "zero-day"]',
    )
    edit(defense, 'id = "automatic-cloud-backup"', 'id = "backup-3-2-1"')
    edit(defense, 'how_to = "Switch on automatic', 'color = "red"\nhow_to = "Switch on automatic')
    result = run("validate", "--game", "hack-attack", "--data", str(data_copy.parent))
    assert result.exit_code == 1
    out = result.output
    smart_tv = line_of(tech, 'points = "one"')
    assert (
        f"tech.toml:{smart_tv}: card 'smart-tv', field 'points': "
        "expected points when Protected, 1..9, got 'one'"
    ) in out
    assert (
        f"tech.toml:{line_of(tech, 'firewalls')}: card 'smart-tv', field 'defenses': "
        "unknown category 'firewalls'"
    ) in out
    assert (
        f"tech.toml:{line_of(tech, 'zero-day')}: card 'smart-tv', field 'vulnerable_to': "
        "unknown Attack 'zero-day'"
    ) in out
    dup = [
        n
        for n, line in enumerate(defense.read_text().splitlines(), 1)
        if 'id = "backup-3-2-1"' in line
    ][1]
    assert (
        f"defense.toml:{dup}: card 'backup-3-2-1', field 'id': duplicate id; first defined at"
        in out
    )
    assert (
        f"defense.toml:{line_of(defense, 'color =')}: card 'backup-3-2-1', field 'color': unknown key; "
        "allowed keys: art, category, count, how_to, id, name"
    ) in out
    assert "5 problems found." in out


@pytest.mark.parametrize(
    "filename, old, new, message",
    [
        (
            "attack.toml",
            'icons = ["backups", "social-engineering", "device-security"]\n',
            "",
            "card 'ransomware-infection', field 'icons': missing; expected exactly 3 category ids",
        ),
        (
            "tech.toml",
            'name = "Smart TV"',
            'name = "WWWWWWWWWWWWWWWWWWWW TV"',
            "card 'smart-tv', field 'name': text does not fit its box: the word "
            "'WWWWWWWWWWWWWWWWWWWW' is wider than the 43.5 mm text box even at 11.0 pt",
        ),
        (
            "tech.toml",
            'name = "Smart TV"',
            'name = "Smart TV 電視"',
            "card 'smart-tv', field 'name': the font has no glyph for '視' (U+8996), '電' (U+96FB)",
        ),
        (
            "game.toml",
            "players = { min = 2, max = 6 }",
            "players = 5",
            "game.toml:{line}: field 'players': expected a table { min = N, max = M }, got 5",
        ),
        (
            "game.toml",
            'colour = "#0072B2"',
            'colour = "blue"',
            "game.toml:{line}: category 'backups', field 'colour': expected a colour like "
            "\"#0072B2\", got 'blue'",
        ),
    ],
)
def test_one_bad_field_is_reported_with_card_and_field(data_copy, filename, old, new, message):
    edit(data_copy / filename, old, new)
    result = run("validate", "--game", "hack-attack", "--data", str(data_copy.parent))
    assert result.exit_code == 1
    line = line_of(data_copy / filename, new) if new else None
    assert message.replace("{line}", str(line)) in result.output
    assert "1 problem found." in result.output


def test_text_longer_than_the_field_allows(data_copy):
    defense = data_copy / "defense.toml"
    long = " ".join(["Encrypt"] * 18)
    edit(defense, 'how_to = "Keep 3 copies', f'how_to = "{long} Keep 3 copies')
    result = run("validate", "--game", "hack-attack", "--data", str(data_copy.parent))
    assert result.exit_code == 1
    line = line_of(defense, long)
    assert result.output.splitlines()[0].endswith(
        f"defense.toml:{line}: card 'backup-3-2-1', field 'how_to': expected 1..130 characters, got 231"
    )


def test_text_that_cannot_fit_a_smaller_card_is_measured(data_copy):
    # the shipped game is not laid out for mini; a copy that claims it is gets measured
    edit_data(data_copy / "game.toml", 'card_sizes = ["poker"', 'card_sizes = ["mini", "poker"')
    result = run(
        "validate", "--game", "hack-attack", "--card-size", "mini", "--data", str(data_copy.parent)
    )
    assert result.exit_code == 1
    assert re.search(
        r"tech\.toml:\d+: card 'smart-tv', field '\w+': text does not fit its box: "
        r"\d+ lines need \d+\.\d mm at the \d+\.0 pt floor; the box is \d+\.\d mm tall",
        result.output,
    ), result.output[:500]


def test_too_few_tech_cards_for_six_players(data_copy):
    tech = data_copy / "tech.toml"
    text = tech.read_text()
    tech.write_text(text[: text.index("[[tech]]", 2000)])
    result = run("validate", "--game", "hack-attack", "--data", str(data_copy.parent))
    assert result.exit_code == 1
    assert re.search(
        r"Tech cards in all; setup at 6 players needs at least 27 \(rules: “deal 4 Tech",
        result.output,
    )


def test_missing_game_folder_and_unknown_game(tmp_path):
    result = run("validate", "--game", "hack-attack", "--data", str(tmp_path))
    assert result.exit_code == 1
    assert "no card data for hack-attack" in result.output
    result = run("validate", "--game", "chess")
    assert result.exit_code == 1
    assert "unknown game 'chess'; known games: hack-attack" in result.output


def test_no_game_named_is_a_usage_error():
    result = run("validate")
    assert result.exit_code == 2
    assert "name a game with --game GAME, or use --all" in result.output


@pytest.mark.parametrize("command", ["build", "validate"])
def test_every_command_has_help(command):
    result = run(command, "--help")
    assert result.exit_code == 0
    assert len(result.output.splitlines()[2].strip()) > 10


@pytest.mark.parametrize(
    "addition, message",
    [
        (" 漢字", "rulebook.md:5: the font has no glyph for '字' (U+5B57), '漢' (U+6F22)"),
        (" **unclosed", "rulebook.md:5: a * opens or closes nothing: write **bold** or *italic*"),
    ],
)
def test_rulebook_problems_are_named_by_line(data_copy, addition, message):
    rulebook = data_copy / "rulebook.md"
    text = rulebook.read_text(encoding="utf-8").splitlines()
    text[4] = text[4] + addition
    rulebook.write_text("\n".join(text) + "\n", encoding="utf-8")
    result = run("validate", "--game", "hack-attack", "--data", str(data_copy.parent))
    assert result.exit_code == 1
    assert message in result.output


def _validate(data_copy):
    return run("validate", "--game", "hack-attack", "--data", str(data_copy.parent))


def test_one_unreadable_file_is_one_problem_not_a_cascade(data_copy):
    (data_copy / "attack.toml").write_text("[[attack]\n", encoding="utf-8")
    result = _validate(data_copy)
    assert result.exit_code == 1
    assert "attack.toml:1:" in result.output
    assert "1 problem found." in result.output


def test_a_bad_category_is_reported_once(data_copy):
    game = data_copy / "game.toml"
    edit(game, 'id = "device-security"', 'id = "backups"')
    edit(game, 'icon = "home-network"', 'icon = "rocket"')
    result = _validate(data_copy)
    assert result.exit_code == 1
    out = result.output
    second = [
        n for n, line in enumerate(game.read_text().splitlines(), 1) if line == 'id = "backups"'
    ][1]
    assert f"game.toml:{second}: category 'backups', field 'id': duplicate category id" in out
    assert (
        "category 'home-network', field 'icon': expected one of backups, device-security, "
        "home-network, passwords, social-engineering, social-media, wild, attack, user-error, "
        "got 'rocket'"
    ) in out
    # the cards that name device-security still get a message each, the rest none
    assert "unknown category 'home-network'" not in out


def test_byte_order_mark_is_accepted(data_copy):
    tech = data_copy / "tech.toml"
    tech.write_bytes(b"\xef\xbb\xbf" + tech.read_bytes())
    assert _validate(data_copy).exit_code == 0


def test_non_utf8_bytes_are_named_by_line(data_copy):
    tech = data_copy / "tech.toml"
    lines = tech.read_bytes().split(b"\n")
    i = lines.index(b'name = "Smart TV"')
    lines[i] = lines[i].replace(b"Smart", b"Sm\xe9rt")
    tech.write_bytes(b"\n".join(lines))
    result = _validate(data_copy)
    assert result.exit_code == 1
    assert f"tech.toml:{i + 1}:11: not UTF-8 text: byte 0xE9 cannot be decoded" in result.output


@pytest.mark.parametrize(
    "text, message",
    [
        (
            "colour = 1\n",
            "tech.toml:1: field 'colour': unknown key 'colour' outside any table; "
            "this file holds [[tech]] tables",
        ),
        ("[[gadget]]\nid = 'x'\n", "field 'gadget': unknown table [[gadget]]"),
    ],
)
def test_stray_keys_and_tables_are_named(data_copy, text, message):
    tech = data_copy / "tech.toml"
    tech.write_text(text + tech.read_text(encoding="utf-8"), encoding="utf-8")
    result = _validate(data_copy)
    assert result.exit_code == 1
    assert message in result.output


def test_single_bracket_table_is_explained(data_copy):
    defense = data_copy / "defense.toml"
    edit(defense, "\n[[reality_check]]\n", "\n[reality_check]\n")
    result = _validate(data_copy)
    assert result.exit_code == 1
    line = defense.read_text(encoding="utf-8").split("\n").index("[reality_check]") + 1
    assert (
        f"defense.toml:{line}: field 'reality_check': "
        "expected [[reality_check]] tables (double brackets), got [reality_check]"
    ) in result.output


def test_game_id_must_match_its_folder(data_copy):
    edit(data_copy / "game.toml", 'id = "hack-attack"', 'id = "hack-back"')
    result = _validate(data_copy)
    assert result.exit_code == 1
    line = line_of(data_copy / "game.toml", 'id = "hack-back"')
    assert (
        f"game.toml:{line}: field 'id': game id 'hack-back' does not match its folder "
        "'hack-attack'" in result.output
    )
