"""Data that validated but could not be printed or played (issue 23, items 3–5): text
printed outside the faces (the game's name in the rulebook footer and the tracker) is
checked like face text; a deck whose Tech cards cannot be Protected, or a kit with no
cards, is refused; a card model without `kind` still validates and builds."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from pnp.cli import main as pnp_main
from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.printed import MAX_PRINTED

DATA = SHIPPED_DATA_DIR


def pnp(*args):
    return CliRunner().invoke(pnp_main, list(args))


def copy_game(tmp_path, game: str) -> Path:
    shutil.copytree(DATA / game, tmp_path / game)
    return tmp_path / game


def set_name(folder: Path, name: str) -> int:
    """Put `name` (TOML basic-string escapes allowed) as the game's name; its line."""
    lines = (folder / "game.toml").read_text(encoding="utf-8").splitlines()
    i = next(i for i, line in enumerate(lines) if line.startswith("name = "))
    lines[i] = f'name = "{name}"'
    (folder / "game.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return i + 1


@pytest.mark.parametrize("game", ["hack-attack", "hack-back", "not-a-hack"])
@pytest.mark.parametrize(
    "name,why",
    [
        (
            "Hack \\u0007\\u001b[31m Attack",
            "holds U+0007, U+001B: a line printed on the "
            "rulebook and booklet footer (a4) takes letters",
        ),
        ("Hack \\u202e Attack", "holds U+202E RIGHT-TO-LEFT OVERRIDE: a line printed on"),
        ("Hack Attack 🎉", "the font has no glyph for '🎉' (U+1F389)"),
        (
            "H" * 10_000,
            f"is 10000 characters long; text printed on the rulebook and booklet "
            f"footer (a4) is at most {MAX_PRINTED}",
        ),
    ],
)
def test_a_game_name_that_cannot_be_printed_is_refused_at_its_line(tmp_path, game, name, why):
    line = set_name(copy_game(tmp_path, game), name)
    result = pnp("validate", "--game", game, "--data", str(tmp_path))
    assert result.exit_code == 1
    errors = [e for e in result.output.splitlines() if "the game's name" in e]
    assert len(errors) == 1, result.output
    assert f"game.toml:{line}: field 'name': the game's name " in errors[0]
    assert why in errors[0]
    assert (
        pnp(
            "build", "--game", game, "--data", str(tmp_path), "--out", str(tmp_path / "out")
        ).exit_code
        == 1
    )
    assert not (tmp_path / "out" / game / "rules.pdf").exists()


def test_a_name_too_wide_for_the_tracker_title_is_refused_and_one_that_fits_builds(tmp_path):
    folder = copy_game(tmp_path, "hack-back")
    set_name(folder, "W" * 32)  # fits the rulebook footer, not the tracker title
    result = pnp("validate", "--game", "hack-back", "--data", str(tmp_path))
    assert result.exit_code == 1
    assert "does not fit on the VC tracker's title" in result.output
    set_name(folder, "Hack Back: Extended Edition")
    result = pnp(
        "build", "--game", "hack-back", "--data", str(tmp_path), "--out", str(tmp_path / "out")
    )
    assert result.exit_code == 0, result.output
    reader = PdfReader(str(tmp_path / "out" / "hack-back" / "rules.pdf"))
    assert "Hack Back: Extended Edition · 1" in reader.pages[0].extract_text()


def _drop(folder: Path, file: str, table: str, holding: str) -> None:
    text = (folder / file).read_text(encoding="utf-8")
    head, *blocks = text.split(f"[[{table}]]")
    kept = [b for b in blocks if holding not in b]
    (folder / file).write_text(head + "".join(f"[[{table}]]{b}" for b in kept), encoding="utf-8")


def test_a_hack_attack_deck_without_social_engineering_defense_is_refused(tmp_path):
    folder = copy_game(tmp_path, "hack-attack")
    _drop(folder, "defense.toml", "defense", 'category = "social-engineering"')
    result = pnp("validate", "--game", "hack-attack", "--data", str(tmp_path))
    assert result.exit_code == 1
    tech = [e for e in result.output.splitlines() if "to be Protected" in e]
    assert len(tech) == 11
    assert all(
        "tech.toml:" in e
        and "field 'defenses': needs " in e
        and "social-engineering (the kit prints 0)" in e
        for e in tech
    )


def test_an_attack_the_table_cannot_meet_at_the_most_players_is_refused(tmp_path):
    folder = copy_game(tmp_path, "hack-attack")
    _drop(folder, "defense.toml", "defense", 'category = "backups"')
    defense = (folder / "defense.toml").read_text(encoding="utf-8")
    (folder / "defense.toml").write_text(
        defense.replace(
            'id = "reality-check"\nname = "Reality Check"\ncount = 4',
            'id = "reality-check"\nname = "Reality Check"\ncount = 1',
        ),
        "utf-8",
    )
    attacks = (folder / "attack.toml").read_text(encoding="utf-8").splitlines()
    first = next(i for i, line in enumerate(attacks) if line.startswith("icons = "))
    attacks[first] = 'icons = ["backups", "backups", "passwords"]'
    (folder / "attack.toml").write_text("\n".join(attacks) + "\n", encoding="utf-8")
    result = pnp("validate", "--game", "hack-attack", "--data", str(tmp_path))
    assert result.exit_code == 1
    line = next(e for e in result.output.splitlines() if "attack.toml" in e)
    assert line.endswith(
        f"attack.toml:{first + 1}: card 'ransomware-infection', field 'icons': "
        "can be met on 2 of its 3 icons, but at 6 players the table must cover "
        "3: too few backups Defense cards (rules, “More players, more matches”)"
    )


def test_a_kit_that_prints_no_cards_is_refused(tmp_path, monkeypatch):
    from tests.fourth_game import register
    from tests.fourth_game.kit import DATA_DIR

    register(monkeypatch)
    shutil.copytree(DATA_DIR, tmp_path / "data")
    coins = tmp_path / "data" / "coin-flip" / "coins.toml"
    coins.write_text("# no coins yet\n", encoding="utf-8")
    result = pnp("validate", "--game", "coin-flip", "--data", str(tmp_path / "data"))
    assert result.exit_code == 1
    assert "the kit prints no cards: add at least one card to its card tables" in result.output
    assert "Traceback" not in result.output


def test_a_card_model_without_kind_validates_and_builds(tmp_path, monkeypatch):
    from tests.fourth_game import kit as coin_kit
    from tests.fourth_game import register

    register(monkeypatch)
    monkeypatch.delattr(coin_kit.CoinCard, "kind")
    data = str(coin_kit.DATA_DIR)
    checked = pnp("validate", "--game", "coin-flip", "--data", data)
    assert (checked.exit_code, checked.output) == (
        0,
        "coin-flip: OK — 3 distinct cards, 12 copies\n",
    )
    built = pnp("build", "--game", "coin-flip", "--data", data, "--out", str(tmp_path))
    assert built.exit_code == 0 and built.output.startswith("coin-flip: 12 cards — 12 Coin\n")


@settings(
    max_examples=20,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    name=st.text(
        alphabet=st.sampled_from(
            list("Hack Attack: Édition ")
            + ["\u0007", "\u001b", "\u202e", "\u200b", "🎉", "保", "W"]
        ),
        min_size=1,
        max_size=70,
    ),
    game=st.sampled_from(["hack-attack", "hack-back", "not-a-hack"]),
)
def test_generated_game_names_validate_only_when_every_output_can_print_them(tmp_path, name, game):
    from pnp.printed import line_problem
    from pnp.render.rule_page import footer_lines

    folder = tmp_path / game
    if not folder.exists():
        copy_game(tmp_path, game)
    escaped = name.replace("\\", "\\\\").replace('"', '\\"')
    escaped = "".join(f"\\u{ord(c):04x}" if ord(c) < 32 else c for c in escaped)
    line = set_name(folder, escaped)
    result = pnp("validate", "--game", game, "--data", str(tmp_path))
    assert "Traceback" not in result.output
    printable = name.strip() and not any(line_problem(f) for f in footer_lines(name))
    if not printable:
        assert result.exit_code == 1 and f"game.toml:{line}: field 'name'" in result.output
    elif result.exit_code == 1:  # fits the footer, not the tracker's title
        assert "the VC tracker's title" in result.output and game == "hack-back"


@pytest.mark.parametrize(
    "name, shown",
    [
        ("Hack\\nAttack", "U+000A"),
        ("Hack\\u0085Attack", "U+0085"),
        ("Hack\\tAttack", "U+0009"),
        ("Hack\\u2028Attack", "U+2028 LINE SEPARATOR"),
        ("Hack\\u200bAttack", "U+200B ZERO WIDTH"),
        ("Hack\\u00adAttack", "U+00AD SOFT HYPHEN"),
    ],
)
def test_a_game_name_with_a_break_tab_or_invisible_character_is_refused(tmp_path, name, shown):
    line = set_name(copy_game(tmp_path, "hack-attack"), name)
    result = pnp("validate", "--game", "hack-attack", "--data", str(tmp_path))
    assert result.exit_code == 1
    assert f"game.toml:{line}: field 'name': the game's name holds {shown}" in result.output
